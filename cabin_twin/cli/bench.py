"""``twin bench [NAME ...]``: run benchmarks, print one JSON object per line.

Benchmarks live in ``benchmarks/bench_*.py``; each file defines ``BENCHMARKS``, a dict from a
benchmark name to a callable ``fn(quick: bool) -> list[dict]``. Each dict has at least ``name``,
``value`` and ``unit``, and ``baseline`` and ``ratio`` where a comparison is made side by side.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from twin.errors import InputError
from twin.paths import BENCHMARKS_DIR

BenchFn = Callable[[bool], list[dict[str, Any]]]


def discover(folder: Path = BENCHMARKS_DIR) -> dict[str, BenchFn]:
    """Every benchmark in ``folder/bench_*.py``, by name."""
    found: dict[str, BenchFn] = {}
    for path in sorted(folder.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(f"cabin_bench_{path.stem}", path)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found.update(getattr(module, "BENCHMARKS", {}))
    return found


EXIT_CODES = ("0 every benchmark ran, 2 an unknown benchmark name")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("bench", help="run benchmarks (one JSON line each)")
    p.add_argument("names", nargs="*", metavar="NAME", help="benchmarks to run (default: all)")
    p.add_argument("--quick", action="store_true", help="smaller sizes, for smoke tests")
    p.add_argument("--list", action="store_true", help="list benchmark names and exit")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    benches = discover()
    if args.list:
        for name in sorted(benches):
            print(name)
        return 0
    names = args.names or sorted(benches)
    unknown = [n for n in names if n not in benches]
    if unknown:
        raise InputError("benchmarks/", unknown[0], f"one of {', '.join(sorted(benches))}")
    from twin.progress import activity

    with activity("twin bench") as act:
        for k, name in enumerate(names, 1):
            act.step(f"{name} ({k} of {len(names)}{', quick' if args.quick else ''})")
            for record in benches[name](args.quick):
                # the machine may be shared: every figure carries the load it was made under
                record.setdefault("load_avg_1m", round(os.getloadavg()[0], 2))
                print(json.dumps(record, sort_keys=True), flush=True)
    sys.stdout.flush()
    return 0
