"""``twin capacity SCENARIO [--percentile 95] [--budget-ms 100] [--load-key KEY]``.

Binary-searches the highest load that keeps the chosen end-to-end percentile within budget
(common random numbers: every load runs with the same seed), then repeats the search
``--replications`` times on other seeds for the knee's 95 % interval, and runs every
replication at five loads across the knees found for the percentile curve's band; writes
``capacity.json`` (``replicated``), a knee plot ``capacity.png`` with the band and a
self-contained ``report.html``. Exit 0 only when the search converged on a knee; 1 when even
the lowest load misses, or the search stopped before it bracketed the knee (the reason is
printed and in ``capacity.json``); 2 when the scenario cannot have a knee: with no shared
resource (no ``[resources]`` slots and no calibrated stage) latency does not grow with load.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from cabin_twin.cli.checks import finite_float, positive_float, positive_int, seed_int
from twin.errors import InputError

if TYPE_CHECKING:  # the twin's modules import scipy: at run time only, so --help stays fast
    from twin.scenario import Scenario

LOAD_KEYS = {"poisson": "workload.rate_per_s", "voice_burst": "workload.users"}


EXIT_CODES = ("0 a knee was found, 1 no knee (the reason is printed), 2 bad input or a scenario "
              "whose latency cannot grow with load")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("capacity", help="find the highest load within the budget")
    p.add_argument("scenario", help="scenario name in scenarios/ or a TOML path")
    p.add_argument("--percentile", type=finite_float, default=95.0,
                   help="50, 95 or 99 (default 95)")
    p.add_argument("--budget-ms", type=positive_float, default=100.0,
                   help="budget (default 100 ms)")
    p.add_argument("--load-key", help="the load parameter: any key whatif --vary accepts "
                   "(default: workload.users or workload.rate_per_s; a bare name means "
                   "workload.NAME)")
    p.add_argument("--low", type=positive_float, help="a load known to meet the budget "
                   "(default: 1)")
    p.add_argument("--tolerance", type=positive_float, default=1.0,
                   help="load resolution (default 1)")
    p.add_argument("--max-evals", type=positive_int, default=30,
                   help="evaluation cap (default 30)")
    p.add_argument("--requests", type=positive_int, help="requests per evaluation")
    p.add_argument("--replications", type=positive_int, default=5, metavar="N",
                   help="replications of the search (each on its own seed, common random "
                        "numbers within it) for the knee's interval, then at 5 loads across "
                        "the knees for the curve's band (default 5; 1: the search alone)")
    p.add_argument("--seed", type=seed_int, help="seed (default: the scenario's)")
    p.add_argument("--out", type=Path, help="output folder (default: out/capacity-<scenario>)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from twin.capacity import find_capacity, make_evaluate, percentile_metric, write_capacity
    from twin.progress import activity
    from twin.report_html import write_capacity_html
    from twin.scenario import read_scenario, scenario_from_dict
    from twin.whatif import twin_point
    from twin.whatif_keys import check_key, point_scenario, valid_keys

    document, source = read_scenario(args.scenario)
    scenario = scenario_from_dict(document, source)
    kind = scenario.workload.kind
    load_key = args.load_key or LOAD_KEYS.get(kind)
    if load_key is not None and "." not in load_key:
        load_key = f"workload.{load_key}"  # the name --help offers (rate_per_s, users)
    if load_key is None:
        raise InputError(source, "workload.kind", "poisson or voice_burst (a load to vary)")
    _refuse_without_shared_resource(scenario, source, load_key)
    try:
        check_key(load_key, valid_keys(document, source), source)
    except InputError as exc:
        raise InputError("--load-key", exc.key, exc.expected) from None
    if args.low is None and not load_key.startswith("workload."):
        raise InputError("--low", "low", f"a load known to meet the budget (needed with "
                         f"--load-key {load_key}: 1 is no default for it)")
    low = 1.0 if args.low is None else args.low
    integer = load_key.endswith("users")
    probe: float | int = round(low) if integer else low
    raw = point_scenario(document, {load_key: probe}, source)  # the key may be implicit
    scenario_from_dict(raw, source)  # a load key the scenario cannot take fails here, named
    if args.requests is not None:
        raw["requests"] = args.requests
    seed = scenario.seed if args.seed is None else args.seed  # --seed 0 is a seed
    metric = percentile_metric(args.percentile)
    evaluate = make_evaluate(raw, load_key, twin_point, seed, metric=metric, integer=integer,
                             source=source, apply=point_scenario, probe=low)
    load_name = load_key.split(".")[-1]
    with activity("twin capacity", f"searching the knee of {metric} <= "
                                   f"{args.budget_ms:g} ms") as act:
        done = [0]

        def evaluate_shown(load: float) -> float:
            done[0] += 1
            act.step(f"evaluation {done[0]} (at most {args.max_evals}): {load_name} = "
                     f"{load:g}")
            return evaluate(load)

        result = find_capacity(evaluate_shown, args.budget_ms, low=low,
                               tolerance=args.tolerance, max_evals=args.max_evals,
                               integer=integer, percentile=args.percentile,
                               load_name=load_name)
        if result.knee is not None and args.replications > 1:
            from twin.capacity import replicate_knee
            from twin.sweep import replication_seeds

            seeds = replication_seeds(seed, 1, args.replications, crn=True)[0]
            result.replicated = replicate_knee(evaluate, result, seeds, integer, low,
                                               args.max_evals, on_point=act.step)
    out = args.out or Path("out") / f"capacity-{scenario.name}"
    json_path, png_path = write_capacity(result, out)
    html_path = write_capacity_html(result.to_dict(), png_path, out, scenario.name)
    print(json.dumps(result.to_dict()))
    print(f"wrote {json_path}, {png_path}, {html_path}", file=sys.stderr)
    if result.knee is None or not result.converged:
        print(f"capacity: FAIL: no knee: {result.reason}", file=sys.stderr)
        return 1
    knee = (result.replicated or {}).get("knee")
    if knee is not None and knee["ci95_low"] == knee["ci95_low"]:  # not NaN
        print(f"capacity: knee {result.knee:g} {load_name} (seed {seed}); over "
              f"{result.replicated['replications']} replications {knee['mean']:.4g}, 95 % CI "
              f"{knee['ci95_low']:.4g}-{knee['ci95_high']:.4g} (range {knee['min']:g}-"
              f"{knee['max']:g})", file=sys.stderr)
    for line in (knee or {}).get("not_converged", []):
        print(f"capacity: warning: {line}", file=sys.stderr)
    return 0


def _refuse_without_shared_resource(scenario: Scenario, source: str, load_key: str) -> None:
    """A load that only changes arrivals cannot move a percentile when no stage is shared:
    the search would double the load until its cap and report a meaningless knee."""
    from latency_models.stages import STAGES

    if not load_key.startswith("workload."):
        return  # the user varies something else (a stage, a resource): it may well matter
    stages = scenario.config.stages
    calibrated = [s for s in STAGES if (t := stages.of(s)) is not None and t.calibrated]
    if scenario.resources or calibrated:
        return
    raise InputError(source, "resources", "at least one stage with parallel slots (e.g. "
                     "[resources] inference = 2): with none, latency does not grow with load, "
                     "so there is no capacity knee to find")
