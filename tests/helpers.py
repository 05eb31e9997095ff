"""Small builders shared by tests."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from twin.assistant.nlu import shared_nlu
from twin.assistant.resolver import Turn
from twin.scenario import Scenario, scenario_from_dict


def write_jsonl(folder: Path, rows: list[dict]) -> Path:
    """``rows`` as a labelled query file, ``folder/q.jsonl`` (one JSON object a line, UTF-8)."""
    path = folder / "q.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n",
                    encoding="utf-8")
    return path


def scenario(**overrides: Any) -> Scenario:
    raw: dict[str, Any] = {
        "name": "t",
        "seed": 1,
        "requests": 300,
        "workload": {"kind": "poisson", "rate_per_s": 30},
        "stages": {"profile": "ideal"},
    }
    raw.update(overrides)
    return scenario_from_dict(raw, "<test>")


def can_rig_toml(name: str = "can-only", timeout_ms: float = 30, seed: int = 3,
                 hvac_delay_ms: float = 1.0, channel: str = "auto",
                 devices: tuple[str, ...] = ("hvac", "seat")) -> str:
    """The test rig: the cabin HVAC and seat twins on a private python-can virtual bus
    (``devices`` picks which; ``channel`` "auto" is a private bus per session).

    Used by the ``can_rig_file`` fixture (tests/conftest.py); one copy for every rig test.
    """
    head = f"""
name = "{name}"
[buses.body]
interface = "virtual"
channel = "{channel}"
[simulation]
seed = {seed}
"""
    return head + "".join(_DEVICES[d].format(timeout_ms=timeout_ms, hvac_delay_ms=hvac_delay_ms)
                          for d in devices)


_DEVICES = {"hvac": """[devices.hvac]
bus = "body"
node_id = 1
command = "HVAC_Cmd"
status = "HVAC_Status"
timeout_ms = {timeout_ms}
delay = {{dist = "fixed", value = {hvac_delay_ms}}}
safe_state = {{ send = {{ TargetTemp = 22, Fan = 0, AC = 0 }}, why = "nothing left running" }}
[devices.hvac.intents]
climate_set_temperature = {{ signal = "TargetTemp" }}
climate_set_fan = {{ signal = "Fan" }}
climate_ac_on = {{ set = {{ AC = 1 }} }}
climate_ac_off = {{ set = {{ AC = 0 }} }}
""", "seat": """[devices.seat]
bus = "body"
node_id = 2
command = "Seat_Cmd"
status = "Seat_Status"
timeout_ms = {timeout_ms}
delay = {{dist = "uniform", low = 0.5, high = 2.0}}
safe_state = {{ send = {{ DriverLevel = 0, PassengerLevel = 0 }}, why = "burn risk" }}
[devices.seat.intents]
seat_heat_driver = {{ signal = "DriverLevel" }}
seat_heat_passenger = {{ signal = "PassengerLevel" }}
"""}


WALL_CLOCK_METRICS = frozenset({"e2e.p95_ms", "e2e.p99_ms", "perception.instant",
                                "first_feedback.within_budget", "degraded.overrun_max_ms"})
"""Expectations the machine's speed decides in a real run (real buses and calls on the wall
clock): a loaded machine may miss them, which is `twin bench`'s business (BENCHMARKS.md)."""


def assert_verdict_apart_from_wall_clock(report: dict, status: int) -> None:
    """Every expectation holds except, possibly, the wall-clock ones; the status agrees."""
    failed = {e["metric"] for e in report["expectations"] if not e["passed"]}
    assert failed <= WALL_CLOCK_METRICS, [e for e in report["expectations"] if not e["passed"]]
    assert status == (0 if not failed else 1), (status, failed)


FAULTS = [
    {"kind": "rtt_spike", "start_ms": 500, "duration_ms": 400, "every_ms": 3000},
    {"kind": "packet_loss", "loss": 0.05, "rto_ms": 150},
    {"kind": "cold_load", "start_ms": 0, "every_ms": 4000, "cold_ms": 300},
    {"kind": "fragmentation", "growth_per_s": 0.05, "restart_every_ms": 5000},
    {"kind": "pause", "start_ms": 700, "duration_ms": 40, "every_ms": 2500},
]
"""One of each modelled fault kind that shapes latency, overlapping: the engine tests' schedule."""


def load_tool(name: str) -> ModuleType:
    """``tools/NAME.py`` imported as module ``NAME`` (the tools are scripts, not a package;
    the project root goes on ``sys.path`` for the ones that import the project)."""
    root = Path(__file__).resolve().parents[1]
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    spec = importlib.util.spec_from_file_location(name, root / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def rule_reading(text: str, lang: str = "en") -> tuple[str, object]:
    """The rules' ``(intent, value)`` for ``text`` said alone (the whole line's reading)."""
    found = shared_nlu(lang).parse(text, ())
    return found.intent, found.value


def rule_actions(lang: str, text: str, history: tuple[Turn, ...] = ()) -> list[tuple]:
    """``(intent, value)`` of every command the rules would actuate for ``text``, in order."""
    result = shared_nlu(lang).parse(text, history)
    return [(p.command.intent, p.command.value) for p in result.parts or (result,)
            if p.command is not None and p.command.actuates]


HEAD_CLASSES = sorted(["climate_set_temperature", "climate_temperature_up",
                       "climate_temperature_down", "climate_set_fan", "climate_fan_up",
                       "climate_fan_down", "climate_defrost", "seat_heat_driver",
                       "seat_heat_passenger", "window_open", "window_close", "window_set_position",
                       "media_play", "media_pause", "media_next", "media_previous",
                       "media_volume_set", "media_volume_up", "media_volume_down", "media_mute",
                       "climate_ac_on", "climate_ac_off", "navigate_home", "unknown"])
"""The fallback head's classes, written out (the shipped catalogue's 23 intents and ``unknown``):
tests hand :func:`hil.llm.head.focused_decision` probabilities over them."""


def head_probs(**given: float) -> Any:
    """Probabilities over :data:`HEAD_CLASSES`: ``given`` as said, the rest shared evenly."""
    import numpy as np

    rest = (1.0 - sum(given.values())) / (len(HEAD_CLASSES) - len(given))
    return np.array([given.get(c, rest) for c in HEAD_CLASSES])


def with_grams(text: str, lang: str, second: str | None, **given: float) -> Any:
    """:func:`hil.llm.head.focused_decision` on :func:`head_probs` ``given``, the n-gram model
    putting 0.9 on ``second`` (None: no second opinion)."""
    from hil.llm.clauses import focus
    from hil.llm.head import focused_decision

    grams = None if second is None else head_probs(**{second: 0.9})
    return focused_decision(HEAD_CLASSES, head_probs(**given), focus(text), lang, None, None,
                            grams)


def head_answer(text: str, lang: str, **given: float) -> Any:
    """:func:`hil.llm.head.focused_decision` on :func:`head_probs` ``given``, no second opinion
    (what a test of the head's words asks of a head leaning as ``given`` says)."""
    return with_grams(text, lang, None, **given)


def sure_probs(classes: Sequence[str], intent: str) -> Any:
    """The head's probabilities over ``classes``, nearly all on ``intent`` (0.01 on each other
    class): the words must still decide the rest."""
    import numpy as np

    probs = np.full(len(classes), 0.01)
    probs[list(classes).index(intent)] = 1.0 - 0.01 * (len(classes) - 1)
    return probs


def is_zh(text: str) -> bool:
    """Whether ``text`` has Chinese characters (its language for the head's answer)."""
    return any("\u4e00" <= c <= "\u9fff" for c in text)


def sure_of(intent: str) -> Any:
    """A head sure of ``intent`` whatever it reads, as ``several_decision`` calls it: the words
    must still decide (:func:`hil.llm.head.head_decision` on fixed probabilities)."""
    import numpy as np

    from hil.llm.grounding import TOPICS
    from hil.llm.head import head_decision

    classes = sorted({i for t in TOPICS.values() for i in t} | {"unknown"})

    def decide(text: str, whole: bool = False) -> object:
        del whole
        p = np.full(len(classes), 1e-3)
        p[classes.index(intent)] = 0.95
        return head_decision(classes, p / p.sum(), text, "zh-CN" if is_zh(text) else "en")
    return decide


def several_acted(text: str, head: str = "unknown") -> list[tuple[str, object]]:
    """What the fallback acts on for ``text`` read part by part (the focus applied first), with
    a head sure of ``head`` (:func:`sure_of`)."""
    from hil.llm.clauses import focus
    from hil.llm.head import _act
    from hil.llm.several import several_decision, several_parts

    said = focus(text).text
    parts = several_parts(said)
    assert parts, said
    done = several_decision(sure_of(head), _act, parts, "zh-CN" if is_zh(text) else "en")
    assert done is not None
    return [(d.intent, d.value) for d in done.acted]


def assert_shares_list(vocabulary: ModuleType, name: str, reader: object,
                       patterns: tuple[str, ...]) -> None:
    """``reader`` holds the vocabulary module's list ``name`` itself (the same object, no copy)
    and reads it inside each of its ``patterns`` (a fragment, a compiled pattern, or a table of
    them per language)."""
    def texts(value: object) -> list[str]:
        if isinstance(value, dict):
            return [text for one in value.values() for text in texts(one)]
        return [value.pattern if isinstance(value, re.Pattern) else str(value)]

    fragment = getattr(vocabulary, name)
    assert getattr(reader, name) is fragment
    for pattern in patterns:
        assert any(fragment in text for text in texts(getattr(reader, pattern))), pattern
