"""``twin whatif SCENARIO --vary key=v1,v2,... [--replications N] [--out DIR]``.

Runs every point of the grid (or ``--random N`` points) ``--replications`` times (a scenario
with real stages runs them for every point, one point at a time), prints the table, writes
``whatif.csv`` and ``report.html``. The sweep answers a question, it is not a gate: it exits
0 even when points miss the budget (they are listed on stderr). With
``--fail-over-budget`` it exits 1 when a point's mean e2e p95 is over ``--budget-ms``.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from cabin_twin.cli.checks import positive_float, positive_int, seed_int
from twin.whatif_args import add_sweep_arguments

METRICS = ("e2e.p50_ms", "e2e.p95_ms", "e2e.p99_ms", "e2e.within_budget")
#: beside the latency, when the points have them: the [model] profile's figures (a
#: quantisation sweep shows what each profile costs in accuracy) and the measured accuracy
ACCURACY_METRICS = ("model.first_token_p95_ms", "model.accuracy", "intent_accuracy.overall")


EXIT_CODES = ("0 the sweep ran (with --fail-over-budget: and every point met the budget), 1 with "
              "--fail-over-budget: a point missed the budget (each is named), 2 bad input")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("whatif", help="sweep scenario parameters (grid or random)")
    p.add_argument("scenario", help="scenario name in scenarios/ or a TOML path")
    add_sweep_arguments(p)
    p.add_argument("--requests", type=positive_int,
                   help="requests per replication (default: scenario's)")
    p.add_argument("--seed", type=seed_int, help="base seed (default: the scenario's)")
    p.add_argument("--out", type=Path, help="output folder (default: out/whatif-<scenario>)")
    p.add_argument("--ci-half-width", type=positive_float, default=None, metavar="MS",
                   help="also say how many replications give a 95%% CI of +/- MS on e2e.p95_ms")
    p.add_argument("--budget-ms", type=positive_float, default=None, metavar="MS",
                   help="the budget points are judged against (default: the scenario's "
                        "first-feedback budget, 100 ms)")
    p.add_argument("--metric", action="append", default=None, metavar="KEY",
                   help="a report metric for the table and the heatmaps, e.g. model.accuracy "
                        "or stages.inference.p95_ms (repeatable; default: the e2e latencies, "
                        "and the model profile's latency and accuracy when it is varied)")
    p.add_argument("--fail-over-budget", action="store_true",
                   help="exit 1 when a point's mean e2e p95 misses the budget (default: the "
                        "sweep reports, exit 0)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from latency_models.stages import E2E_BUDGET_MS
    from twin.executors import flatten_metrics
    from twin.progress import activity, say
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
    keys = valid_keys(raw, source)
    for v in opts.varies:
        check_key(v.key, keys, source)
    seed = scenario.seed if args.seed is None else args.seed  # --seed 0 is a seed
    points = (random_points(opts.varies, opts.random_n, seed)
              if opts.random_n else grid_points(opts.varies))
    validate_points([point_scenario(raw, p, source) for p in points], source)
    point_fn, executor = twin_point, opts.executor
    from hil.run_real import real_stages

    if real_stages(scenario, None):  # real stages: every point runs them, in lockstep
        import tempfile

        from hil.run_real import run_real
        from hil.whatif_real import real_point

        point_fn, executor = real_point, "serial"
        say("twin whatif", "real stages: each point runs them in lockstep, one at a time")
        with activity("twin whatif", "the unvaried point (for report.html), real stages"):
            base = run_real(scenario, None, args.seed, args.requests,
                            Path(tempfile.mkdtemp(prefix="twin-whatif-")))
    else:
        with activity("twin whatif", "the unvaried point (for report.html)"):
            base = run_scenario(scenario, seed=args.seed, requests=args.requests)
    if args.metric:  # refused before the sweep runs, named against the metrics a point has
        check_metrics(args.metric, list(flatten_metrics(base.report)))
    say("twin whatif", f"{len(points)} points x {opts.replications} replications "
                       f"({executor})")
    rows = run_sweep(raw, opts.varies, opts.replications, executor, point_fn,
                     random_n=opts.random_n, base_seed=args.seed, crn=opts.crn, source=source,
                     apply=point_scenario)
    out = args.out or Path("out") / f"whatif-{scenario.name}"
    out.mkdir(parents=True, exist_ok=True)
    write_csv(rows, out / "whatif.csv")
    keys = [v.key for v in opts.varies]
    have = [k for k in rows[0] if f"{k}.ci95_low" in rows[0]]
    metrics = (check_metrics(args.metric, have) if args.metric
               else [m for m in (*METRICS, *ACCURACY_METRICS) if m in have])
    print(format_table(rows, keys, metrics))
    if args.ci_half_width is not None:
        needed = [replications_needed(r.get("e2e.p95_ms.sd", math.nan), opts.replications,
                                      args.ci_half_width) for r in rows]
        known = [n for n in needed if n is not None]
        print(f"replications for a 95% CI of +/- {args.ci_half_width:g} ms on e2e.p95_ms: "
              + (f"{max(known)} (worst point; observed spread)" if known
                 else "unknown (needs at least 2 replications)"))
    with activity("twin whatif", "writing report.html"):
        write_html(base.report, base.request_arrays(), base.timeline, out, whatif_rows=rows,
                   whatif_metrics=metrics if args.metric else None)
    print(f"wrote {out}/whatif.csv, report.html", file=sys.stderr)
    budget = E2E_BUDGET_MS if args.budget_ms is None else args.budget_ms
    over = over_budget(rows, keys, budget)
    for line in over:
        print(f"twin whatif: over budget: {line}", file=sys.stderr)
    if over and args.fail_over_budget:
        print(f"whatif: FAIL: {len(over)} of {len(rows)} points miss the {budget:g} ms budget "
              f"(mean e2e p95)")
        return 1
    return 0


def check_metrics(asked: list[str], have: list[str]) -> list[str]:
    """The ``--metric`` keys, each one of ``have`` (the numeric metrics of a point's report),
    in the order given; :class:`InputError` names the first that is not, with the nearest."""
    import difflib

    from twin.errors import InputError

    for m in asked:
        if m not in have:
            near = difflib.get_close_matches(m, have, 3, 0.5) or have[:3]
            raise InputError("--metric", m, f"a numeric metric of the sweep's reports, such "
                             f"as {', '.join(near)}")
    return list(dict.fromkeys(asked))


def over_budget(rows: list[dict[str, Any]], keys: list[str], budget_ms: float) -> list[str]:
    """The points whose mean e2e p95 is over the budget (or unknown), one line each."""
    lines = []
    for row in rows:
        p95 = row.get("e2e.p95_ms", math.nan)
        if not (isinstance(p95, int | float) and p95 <= budget_ms):
            where = ", ".join(f"{k}={row.get(k)}" for k in keys)
            lines.append(f"{where}: e2e p95 {p95:.1f} ms > {budget_ms:g} ms")
    return lines
