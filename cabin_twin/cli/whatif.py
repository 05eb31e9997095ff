"""``twin whatif SCENARIO --vary key=v1,v2,... [--replications N] [--out DIR]``."""

from __future__ import annotations

import argparse
import math
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
    p.add_argument("--ci-half-width", type=float, default=None, metavar="MS",
                   help="also say how many replications give a 95%% CI of +/- MS on e2e.p95_ms")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from twin.errors import InputError
    from twin.report_html import write_html
    from twin.runner import run_scenario
    from twin.scenario import read_scenario, scenario_from_dict
    from twin.sweep import (
        format_table,
        grid_points,
        random_points,
        replications_needed,
        run_sweep,
        sweep_options,
        write_csv,
    )
    from twin.whatif import twin_point, validate_points
    from twin.whatif_keys import check_key, point_scenario, valid_keys

    document, source = read_scenario(args.scenario)
    scenario = scenario_from_dict(document, source)
    opts = sweep_options(args)
    raw = dict(document)
    if args.requests is not None:
        raw["requests"] = args.requests
    if args.ci_half_width is not None and not args.ci_half_width > 0:
        raise InputError("--ci-half-width", str(args.ci_half_width), "a positive number (ms)")
    keys = valid_keys(raw, source)
    for v in opts.varies:
        check_key(v.key, keys, source)
    seed = scenario.seed if args.seed is None else args.seed  # --seed 0 is a seed
    points = (random_points(opts.varies, opts.random_n, seed)
              if opts.random_n else grid_points(opts.varies))
    validate_points([point_scenario(raw, p, source) for p in points], source)
    rows = run_sweep(raw, opts.varies, opts.replications, opts.executor, twin_point,
                     random_n=opts.random_n, base_seed=args.seed, crn=opts.crn, source=source,
                     apply=point_scenario)
    out = args.out or Path("out") / f"whatif-{scenario.name}"
    out.mkdir(parents=True, exist_ok=True)
    write_csv(rows, out / "whatif.csv")
    keys = [v.key for v in opts.varies]
    print(format_table(rows, keys, [m for m in METRICS if m in rows[0]]))
    if args.ci_half_width is not None:
        needed = [replications_needed(r.get("e2e.p95_ms.sd", math.nan), opts.replications,
                                      args.ci_half_width) for r in rows]
        known = [n for n in needed if n is not None]
        print(f"replications for a 95% CI of +/- {args.ci_half_width:g} ms on e2e.p95_ms: "
              + (f"{max(known)} (worst point; observed spread)" if known
                 else "unknown (needs at least 2 replications)"))
    base = run_scenario(scenario, seed=args.seed, requests=args.requests)  # the unvaried point
    write_html(base.report, base.request_arrays(), base.timeline, out, whatif_rows=rows)
    print(f"wrote {out}/whatif.csv, report.html", file=sys.stderr)
    return 0
