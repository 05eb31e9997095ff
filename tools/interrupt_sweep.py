#!/usr/bin/env python3
"""SIGTERM a real rig run at evenly spread moments and tabulate what each run left behind.

The wall-clock companion of ``tests/test_interrupt_moments.py`` (which hits 24 named points
deterministically): ``--references`` runs of SCENARIO on RIG measure its length T (process
start to exit; the shortest, so no moment falls after a fast run's end), then ``--tries`` runs
are each sent SIGTERM at ``i * T / (tries + 1)`` seconds after they start. For each: the exit
status, whether report.json exists and says ``interrupted``, and the requests completed of
those planned. A run that ended before its moment (the machine got faster) is tried again at
the same fraction of its shorter length, up to three times. A run is counted good when it
left report.json with ``interrupted: true``, or (signal after its last write) a complete
report and exit -15.

    python tools/interrupt_sweep.py --tries 20 > sweep.json   # 1,500 requests at 100/s

Progress on stderr, one JSON line per try and a summary on stdout. Timing here is the
machine's: where a signal lands depends on the load, which is why the test does not use it.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCENARIO = """
name = "sweep"
seed = 5
requests = {requests}
[workload]
kind = "poisson"
rate_per_s = {rate}
[stages]
profile = "ideal"
[[expectations]]
metric = "e2e.p95_ms"
max = 1e6
reason = "a sweep of interrupts, not of latency on a loaded machine"
[actuation]
unserved = ["navigate_home"]
reason = "ci-virtual has no navigation ECU"
"""


def _run(scenario: Path, rig: str, out: Path, after_s: float | None,
         timeout_s: float) -> tuple[int, float]:
    """One run; SIGTERM ``after_s`` seconds after its start (None: never). (status, seconds)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "cabin_twin", "run", str(scenario),
                             "--rig", rig, "--out", str(out), "--quiet"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    if after_s is not None:
        try:
            proc.wait(timeout=after_s)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGTERM)
    status = proc.wait(timeout=timeout_s)
    return status, time.monotonic() - t0


def _outcome(out: Path, status: int) -> dict[str, object]:
    path = out / "report.json"
    if not path.is_file():
        return {"status": status, "report": False, "good": False}
    report = json.loads(path.read_text())
    interrupted = bool(report.get("interrupted"))
    entry: dict[str, object] = {
        "status": status, "report": True, "interrupted": interrupted,
        "completed": report.get("requests_completed", report.get("requests")),
        "planned": report.get("requests_planned", report.get("requests"))}
    entry["good"] = (interrupted and status == 143) or (not interrupted and status in (0, 1, -15))
    return entry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rig", default="ci-virtual")
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument("--rate", type=float, default=100.0, help="requests per second")
    parser.add_argument("--tries", type=int, default=20)
    parser.add_argument("--references", type=int, default=3,
                        help="reference runs; T is the shortest")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per run")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="sweep-") as tmp:
        scenario = Path(tmp) / "sweep.toml"
        scenario.write_text(SCENARIO.format(requests=args.requests, rate=args.rate))
        lengths = []
        for k in range(max(1, args.references)):
            status, took = _run(scenario, args.rig, Path(tmp) / f"ref{k}", None, args.timeout)
            lengths.append(took)
            print(f"reference run {k + 1}: exit {status}, {took:.1f} s", file=sys.stderr)
        length = min(lengths)
        good = interrupted = 0
        for i in range(1, args.tries + 1):
            for attempt in range(1, 4):  # a run that ended before its moment: again, at
                at = i * length / (args.tries + 1)  # the same fraction of a shorter T
                out = Path(tmp) / f"t{i}-{attempt}"
                status, took = _run(scenario, args.rig, out, at, args.timeout)
                if status == 143 or took > at or attempt == 3:
                    break
                length = min(length, took)
            entry = {"try": i, "attempts": attempt, "sigterm_at_s": round(at, 2),
                     "took_s": round(took, 2), **_outcome(out, status)}
            good += bool(entry["good"])
            interrupted += status == 143
            print(json.dumps(entry))
            print(f"try {i}/{args.tries}: SIGTERM at {at:.1f} s -> exit {status}, "
                  f"{'good' if entry['good'] else 'BAD'}", file=sys.stderr)
        print(json.dumps({"reference_s": [round(t, 2) for t in lengths], "tries": args.tries,
                          "good": good, "interrupted": interrupted}))
    return 0 if good == args.tries else 1


if __name__ == "__main__":
    sys.exit(main())
