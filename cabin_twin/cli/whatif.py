"""``twin whatif SCENARIO --vary key=v1,v2,... [--replications N] [--out DIR]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from twin.sweep import add_sweep_arguments

METRICS = ("e2e.p50_ms", "e2e.p95_ms", "e2e.p99_ms", "e2e.within_budget")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("whatif", help="sweep scenario parameters (grid or random)")
    p.add_argument("scenario", help="scenario name in scenarios/ or a TOML path")
    add_sweep_arguments(p)
    p.add_argument("--requests", type=int, help="requests per replication (default: scenario's)")
    p.add_argument("--seed", type=int, help="base seed (default: the scenario's)")
    p.add_argument("--out", type=Path, help="output folder (default: out/whatif-<scenario>)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from twin.report_html import write_html
    from twin.runner import run_scenario
    from twin.scenario import read_scenario, scenario_from_dict
    from twin.sweep import (
        apply_point,
        format_table,
        grid_points,
        random_points,
        run_sweep,
        sweep_options,
        write_csv,
    )
    from twin.whatif import twin_point, validate_points

    document, source = read_scenario(args.scenario)
    scenario = scenario_from_dict(document, source)
    opts = sweep_options(args)
    raw = dict(document)
    if args.requests is not None:
        raw["requests"] = args.requests
    seed = scenario.seed if args.seed is None else args.seed  # --seed 0 is a seed
    points = (random_points(opts.varies, opts.random_n, seed)
              if opts.random_n else grid_points(opts.varies))
    validate_points([apply_point(raw, p, source, True) for p in points], source)
    rows = run_sweep(raw, opts.varies, opts.replications, opts.executor, twin_point,
                     random_n=opts.random_n, base_seed=args.seed, crn=opts.crn, source=source,
                     create_keys=True)
    out = args.out or Path("out") / f"whatif-{scenario.name}"
    out.mkdir(parents=True, exist_ok=True)
    write_csv(rows, out / "whatif.csv")
    keys = [v.key for v in opts.varies]
    print(format_table(rows, keys, [m for m in METRICS if m in rows[0]]))
    base = run_scenario(scenario, seed=args.seed, requests=args.requests)  # the unvaried point
    write_html(base.report, base.request_arrays(), base.timeline, out, whatif_rows=rows)
    print(f"wrote {out}/whatif.csv, report.html", file=sys.stderr)
    return 0
