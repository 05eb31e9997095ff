"""Rule NLU time per parse, narrow template filter against the plain one, side by side.

``python tools/rule_latency.py FILE [FILE ...] [--passes N]`` builds both rule NLUs (English and
Chinese, ``RuleNLU(narrow=True)`` and ``RuleNLU(narrow=False)``), parses every line of every
labelled file once to warm up, then ``--passes`` times more, the two parsers alternating line by
line (so both see the same machine load), and prints one JSON object per file: thread CPU
time and wall-clock time per parse (p50/p95/p99 in us) of each, their p99 ratio, the load
average before and after, and how many lines got a different answer (intent, value, confidence,
feedback, reason, source, matched template, every split part): that must be 0, and the tool
exits 1 otherwise. Progress goes to stderr. A file that is no labelled query file exits 2.

The files may be any ``twin nlu --eval`` file, e.g. the SLURP devel or MAC-SLU even-id
conversions (``tools/slurp_to_eval.py``, ``tools/macslu_to_eval.py``), which stay outside the
repository.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from twin.assistant.nlu import RuleNLU, RuleResult  # noqa: E402
from twin.assistant.queries import load_queries  # noqa: E402
from twin.errors import InputError  # noqa: E402

MAX_PASSES = 50


def _outcome(result: RuleResult) -> RuleResult:
    return replace(result, ms=0.0, split=tuple(_outcome(p) for p in result.split))


def _q(values_ns: list[int]) -> dict[str, float]:
    p50, p95, p99 = np.percentile(np.asarray(values_ns) / 1000.0, [50, 95, 99])
    return {"p50": round(float(p50), 1), "p95": round(float(p95), 1), "p99": round(float(p99), 1)}


def measure(path: Path, nlus: dict[str, dict[str, RuleNLU]], passes: int) -> dict:
    """Both parsers over one file: a warm-up pass (answers compared), then ``passes`` timed."""
    queries = load_queries(path)
    load_before = os.getloadavg()
    differ = 0
    for q in queries:
        a, b = (nlus[k][q.lang].parse(q.text, q.history) for k in ("narrow", "plain"))
        differ += _outcome(a) != _outcome(b)
    cpu: dict[str, list[int]] = {"narrow": [], "plain": []}
    wall: dict[str, list[int]] = {"narrow": [], "plain": []}
    for k in range(passes):
        print(f"{path.name}: pass {k + 1} of {passes}", file=sys.stderr, flush=True)
        for q in queries:
            for name in ("narrow", "plain") if k % 2 == 0 else ("plain", "narrow"):
                c, w = time.thread_time_ns(), time.perf_counter_ns()
                nlus[name][q.lang].parse(q.text, q.history)
                wall[name].append(time.perf_counter_ns() - w)
                cpu[name].append(time.thread_time_ns() - c)
    out = {
        "file": path.name,
        "lines": len(queries),
        "passes": passes,
        "answers_differ": differ,
        "cpu_us": {name: _q(v) for name, v in cpu.items()},
        "wall_us": {name: _q(v) for name, v in wall.items()},
        "load_average": [round(x, 2) for x in (*load_before, *os.getloadavg())],
    }
    out["cpu_p99_ratio"] = round(out["cpu_us"]["narrow"]["p99"] / out["cpu_us"]["plain"]["p99"], 3)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--passes", type=int, default=3, help=f"timed passes (1-{MAX_PASSES})")
    args = parser.parse_args(argv)
    if not 1 <= args.passes <= MAX_PASSES:
        print(f"--passes: expected 1 to {MAX_PASSES}, got {args.passes}", file=sys.stderr)
        return 2
    print("building the rule NLUs (narrow and plain, en and zh-CN)", file=sys.stderr, flush=True)
    nlus = {name: {lang: RuleNLU(lang, narrow=name == "narrow") for lang in ("en", "zh-CN")}
            for name in ("narrow", "plain")}
    status = 0
    for path in args.files:
        try:
            result = measure(path, nlus, args.passes)
        except InputError as exc:
            print(exc, file=sys.stderr)
            return 2
        print(json.dumps(result, ensure_ascii=False), flush=True)
        status = status or int(result["answers_differ"] > 0)
    return status


if __name__ == "__main__":
    sys.exit(main())
