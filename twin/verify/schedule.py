"""Fault schedules as plain, TOML-able dicts, and how one becomes a scenario.

A schedule is what a property test generates and what a counterexample is saved as::

    {"seed": 5, "arrivals_ms": [0.0, 40.0], "inference_slots": 1,
     "llm": {"accuracy": 0.8, "malformed_rate": 0.1, "inference_scale": 1.0},
     "mix": {"lang": "mixed", "kinds": {"direct": 1.0, "indirect": 2.0}},
     "policy": {"threshold": 0.85, "ack_deadline_ms": 45.0, "degrade_deadline_ms": 80.0,
                "degrade": true},
     "faults": [{"kind": "rtt_spike", "start_ms": 10.0, "duration_ms": 50.0, ...},
                {"kind": "can_drop", "device": "hvac", ...}]}

:func:`to_scenario` turns it into a scenario table that ``twin run`` loads: a scripted
workload at exactly those arrivals, the stage models below, the modelled LLM with those rates,
and every fault (link faults such as ``can_drop`` are kept for the rig and skipped by the twin).
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import tomli_w

from twin.config.faults import is_link_fault
from twin.paths import QUERIES_DIR

#: pre-assistant stages are bounded (uniform) so that, without a fault, first feedback is
#: always inside the 100 ms budget (<= 50 ms + rule time): a violation then needs a cause.
BOUNDED_STAGES: dict[str, dict[str, Any]] = {
    "capture": {"dist": "uniform", "low": 4.5, "high": 15.0},
    "network": {"dist": "uniform", "low": 6.0, "high": 20.0},
    "scheduling": {"dist": "uniform", "low": 1.5, "high": 5.0},
    "model_load": {"dist": "uniform", "low": 3.0, "high": 10.0},
    "render": {"dist": "uniform", "low": 6.0, "high": 20.0},
}
#: rule NLU time (ms), bounded like the stages above
RULE_MS: dict[str, Any] = {"dist": "uniform", "low": 0.1, "high": 2.0}
BASE_QUERY_FILE = QUERIES_DIR / "cabin_commands.jsonl"
MIX_DIR = Path(tempfile.gettempdir()) / "cabin-twin-verify-mixes"


def mix_file(mix: dict[str, Any], directory: Path = MIX_DIR) -> Path:
    """The query file for a mix: the shipped queries of the mix's kinds, each weight times the
    kind's factor. Content-addressed, so the same mix is the same file."""
    return _mix_file(json.dumps(mix["kinds"], sort_keys=True), directory)


@functools.lru_cache(maxsize=256)
def _mix_file(kinds_json: str, directory: Path) -> Path:
    kinds: dict[str, float] = json.loads(kinds_json)
    lines = []
    for line in BASE_QUERY_FILE.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        obj = json.loads(line)
        if kinds.get(obj["kind"], 0.0) > 0:
            obj["weight"] = float(obj.get("weight", 1.0)) * kinds[obj["kind"]]
            lines.append(json.dumps(obj, ensure_ascii=False, sort_keys=True))
    text = "\n".join(lines) + "\n"
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"mix-{digest}.jsonl"
    if not path.exists():
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    return path


def twin_faults(schedule: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in schedule.get("faults", []) if not is_link_fault(f["kind"])]


def link_faults(schedule: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in schedule.get("faults", []) if is_link_fault(f["kind"])]


def to_scenario(schedule: dict[str, Any], name: str = "verify",
                queries: Path | None = None) -> dict[str, Any]:
    """The scenario table for a schedule (``queries`` overrides the materialised mix file)."""
    llm = schedule["llm"]
    stages: dict[str, Any] = {"profile": "ideal", **copy.deepcopy(BOUNDED_STAGES)}
    stages["inference"] = {"profile": "unoptimised", "scale": float(llm["inference_scale"])}
    return {
        "name": name,
        "description": "fault schedule from twin verify (property-based fault injection)",
        "seed": int(schedule["seed"]),
        "requests": len(schedule["arrivals_ms"]),
        "workload": {"kind": "script", "arrivals_ms": [float(a) for a in
                                                        schedule["arrivals_ms"]]},
        "stages": stages,
        "resources": {"inference": int(schedule["inference_slots"])},
        "assistant": {
            "lang": schedule["mix"]["lang"],
            "queries": str(queries or mix_file(schedule["mix"])),
            "accuracy": float(llm["accuracy"]),
            "malformed_rate": float(llm["malformed_rate"]),
            "rule_ms": dict(RULE_MS),
        },
        "policy": dict(schedule["policy"]),
        "faults": [dict(f) for f in schedule.get("faults", [])],
    }


def write_counterexample(schedule: dict[str, Any], out_dir: Path, name: str,
                         note: str = "") -> Path:
    """Save a schedule as a scenario TOML (and its query mix next to it) that ``twin run``
    replays: ``twin run OUT/NAME.toml``. Returns the TOML path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    mix = out_dir / f"{name}.queries.jsonl"
    shutil.copyfile(mix_file(schedule["mix"]), mix)
    table = to_scenario(schedule, name, queries=mix.resolve())
    if note:
        table["description"] = note[:300]
    path = out_dir / f"{name}.toml"
    header = ("# Counterexample found by twin verify; replay: twin run " + path.name + "\n"
              "# schedule: " + json.dumps(schedule, sort_keys=True) + "\n")
    path.write_text(header + tomli_w.dumps(table), encoding="utf-8")
    return path


def from_rig_schedule(rig_schedule: dict[str, Any]) -> dict[str, Any]:
    """A rig machine's record (commands with their session times, link faults) as a schedule:
    one request per command at the same time, the same link faults, the shipped query mix and
    the default policy. ``twin run --rig`` applies the link faults at the same times."""
    from twin.assistant.queries import KINDS

    times = [float(c["at_ms"]) for c in rig_schedule.get("commands", [])] or [0.0]
    return {
        "seed": int(rig_schedule.get("seed", 0)),
        "arrivals_ms": sorted(times),
        "inference_slots": 1,
        "llm": {"accuracy": 0.85, "malformed_rate": 0.05, "inference_scale": 1.0},
        "mix": {"lang": "mixed", "kinds": dict.fromkeys(KINDS, 1.0)},
        "policy": {"threshold": 0.85, "ack_deadline_ms": 45.0, "degrade_deadline_ms": 80.0,
                   "degrade": True},
        "faults": [dict(f) for f in rig_schedule.get("faults", [])],
    }
