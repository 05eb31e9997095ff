"""``twin compare BASE_DIR NEW_DIR [--stage S] [--percentile 95] [--threshold-ms X]``.

The regression gate: reads each run's ``requests.csv``, compares the chosen percentile of every
stage (and e2e) with a block-bootstrap confidence interval of the difference and a one-sided
rank test (:mod:`twin.compare`), prints a table, writes ``compare.json``,
``compare-junit.xml`` and ``compare-ctrf.json`` (default: into NEW_DIR). A stage regresses only
when the interval lies above zero and the difference is larger than ``--threshold-ms``.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

from cabin_twin.cli.checks import (
    non_negative_float,
    percentile_float,
    positive_int,
    seed_int,
)
from twin.errors import InputError

STAGE_COLUMNS = ("capture", "network", "scheduling", "model_load", "inference", "render", "e2e")
EXIT_CODES = ("0 no stage regressed, 1 a stage regressed: its interval lies above zero and its "
              "difference is larger than --threshold-ms (each is named), 2 bad input")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "compare", help="regression gate: per-stage percentiles of two runs, with intervals",
        description=__doc__.split("\n\n", 1)[1])
    p.add_argument("base", type=Path, metavar="BASE_DIR", help="the reference run's output")
    p.add_argument("new", type=Path, metavar="NEW_DIR", help="the run to judge")
    p.add_argument("--stage", action="append", choices=STAGE_COLUMNS, metavar="S",
                   help=f"a stage to compare (repeatable; default: all of "
                        f"{', '.join(STAGE_COLUMNS)})")
    p.add_argument("--percentile", type=percentile_float, default=95.0,
                   help="the percentile (default 95)")
    p.add_argument("--threshold-ms", type=non_negative_float, default=1.0,
                   metavar="X",
                   help="smallest difference that counts as a regression (default 1 ms)")
    p.add_argument("--resamples", type=positive_int, default=2000,
                   help="bootstrap resamples (default 2000)")
    p.add_argument("--seed", type=seed_int, default=0, help="bootstrap seed (default 0)")
    p.add_argument("--out", type=Path, help="folder for compare.json and compare-junit.xml "
                   "(default: NEW_DIR)")
    p.set_defaults(func=run)


def read_stage_columns(folder: Path) -> dict[str, Any]:
    """Per stage, the run's times in request order (``requests.csv``, size-bounded)."""
    import numpy as np

    from twin.files import read_text

    if not folder.is_dir():
        raise InputError(str(folder), "DIR", "a run's output folder (with requests.csv)")
    path = folder / "requests.csv"
    text = read_text(path, key="requests.csv", expected="a readable requests.csv")
    reader = csv.DictReader(io.StringIO(text))
    header = reader.fieldnames or []
    missing = [f"{s}_ms" for s in STAGE_COLUMNS if f"{s}_ms" not in header]
    if missing:
        raise InputError(str(path), missing[0], "a requests.csv written by twin run")
    columns: dict[str, list[float]] = {s: [] for s in STAGE_COLUMNS}
    for number, row in enumerate(reader, 2):
        for s in STAGE_COLUMNS:
            try:
                columns[s].append(float(row[f"{s}_ms"]))
            except (TypeError, ValueError):
                raise InputError(f"{path}:{number}", f"{s}_ms", "a number of milliseconds"
                                 ) from None
    if not columns["e2e"]:
        raise InputError(str(path), "rows", "at least one request")
    return {s: np.asarray(v) for s, v in columns.items()}


def _ms(value: float) -> str:
    return "-" if not math.isfinite(value) else f"{value:.2f}"


def format_table(rows: list[Any]) -> str:
    head = (f"{'stage':<11}{'base p':>9}{'new p':>9}{'delta':>9}  {'interval':<19}"
            f"{'rank p':>8}  verdict")
    lines = [head]
    for r in rows:
        interval = f"[{_ms(r.ci_low_ms)}, {_ms(r.ci_high_ms)}]"
        rank = "-" if not math.isfinite(r.rank_p) else f"{r.rank_p:.3g}"
        lines.append(f"{r.stage:<11}{_ms(r.base_ms):>9}{_ms(r.new_ms):>9}{_ms(r.delta_ms):>9}"
                     f"  {interval:<19}{rank:>8}  {r.verdict} (n {r.base_n}/{r.new_n})")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from twin.compare import compare_runs
    from twin.ctrf import write_ctrf
    from twin.junit import Case, write_suite
    from twin.progress import activity

    percentile, threshold, seed = args.percentile, args.threshold_ms, args.seed
    resamples = args.resamples
    if resamples < 100:
        raise InputError("--resamples", "resamples", f"at least 100, got {resamples}")
    stages = list(dict.fromkeys(args.stage or STAGE_COLUMNS))
    started = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
    t0 = time.perf_counter()
    base, new = read_stage_columns(args.base), read_stage_columns(args.new)
    with activity("twin compare", f"bootstrap of {len(stages)} stages, {resamples} resamples"):
        rows = compare_runs(base, new, stages, percentile, threshold, seed, resamples)
    seconds = time.perf_counter() - t0
    out = args.out or args.new
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(str(out), "--out", f"a writable folder ({exc.strerror})") from None
    regressions = [r for r in rows if r.regression]
    record = {"base": str(args.base), "new": str(args.new), "percentile": percentile,
              "threshold_ms": threshold, "resamples": resamples, "seed": seed,
              "confidence": rows[0].confidence if rows else None,
              "passed": not regressions, "stages": [r.to_dict() for r in rows]}
    (out / "compare.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    cases = [Case(name=f"{r.stage} p{percentile:g}", classname="compare",
                  seconds=r.seconds,
                  failure=(f"{r.stage} p{percentile:g} {r.base_ms:.2f} -> {r.new_ms:.2f} ms "
                           f"(+{r.delta_ms:.2f} ms, interval [{r.ci_low_ms:.2f}, "
                           f"{r.ci_high_ms:.2f}], threshold {threshold:g} ms)"
                           if r.regression else None),
                  skipped=r.verdict if r.base_n < 2 or r.new_n < 2 else None,
                  detail=json.dumps(r.to_dict()))
             for r in rows]
    props = {"base": str(args.base), "new": str(args.new), "percentile": f"{percentile:g}",
             "threshold_ms": f"{threshold:g}", "seed": str(seed)}
    write_suite(out / "compare-junit.xml", "cabin-twin.compare", cases, seconds, started, props)
    write_ctrf(out / "compare-ctrf.json", "cabin-twin compare", cases, started, seconds)
    print(format_table(rows))
    print(f"wrote {out}/compare.json, compare-junit.xml, compare-ctrf.json", file=sys.stderr)
    if regressions:
        names = ", ".join(f"{r.stage} +{r.delta_ms:.2f} ms" for r in regressions)
        print(f"compare: FAIL: {len(regressions)} stage(s) regressed at p{percentile:g} beyond "
              f"{threshold:g} ms: {names}")
        return 1
    print(f"compare: PASS: no stage regressed at p{percentile:g} beyond {threshold:g} ms")
    return 0
