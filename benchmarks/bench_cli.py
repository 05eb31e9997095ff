"""Command-line start-up: ``twin --help`` as a child process, wall clock.

``cli_help_s``: median wall time of ``python -m cabin_twin --help``; the baseline, measured
side by side (alternating run by run, so both see the same machine load), is the interpreter
alone (``python -c pass``, site packages included). The difference is what the CLI itself
costs before a command runs; the target is ``twin --help`` under 0.5 s on an idle machine.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _wall(argv: list[str]) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    t0 = time.perf_counter()
    subprocess.run(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, check=True, timeout=120)
    return time.perf_counter() - t0


def cli_help(quick: bool) -> list[dict[str, Any]]:
    runs = 5 if quick else 21
    help_s, bare_s = [], []
    for _ in range(runs):
        help_s.append(_wall([sys.executable, "-m", "cabin_twin", "--help"]))
        bare_s.append(_wall([sys.executable, "-c", "pass"]))
    h, b = statistics.median(help_s), statistics.median(bare_s)
    ordered = sorted(help_s)
    return [{"name": "cli_help_s", "value": round(h, 3), "unit": "s", "runs": runs,
             "p95": round(ordered[int(0.95 * (runs - 1))], 3), "baseline": round(b, 3),
             "baseline_name": "python -c pass", "cli_own_s": round(h - b, 3),
             "ratio": round(h / b, 2) if b else None}]


BENCHMARKS = {"cli_help": cli_help}
