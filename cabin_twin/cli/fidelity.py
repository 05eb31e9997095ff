"""``twin fidelity SCENARIO [--rig RIG] [--requests N] [--seed N] [--calibration FILE]
[--repeat] [--out DIR]``.

Does the modelled twin predict the real run? Calibrates the real stages from a real run on
another seed (or takes ``--calibration FILE``), runs the scenario real in lockstep, runs it
fully modelled from the calibration on the same arrivals and seed, and prints p50/p95/p99
predicted against measured per real stage and end to end, with a KS test. Writes
``fidelity.json``, ``report.html`` (QQ plots, overlaid CDFs), ``calibration.toml``. Exit 0
within the scenario's ``[fidelity]`` tolerances, 1 outside, 2 on bad input.
``--repeat`` runs the measured run twice and reports the real-vs-real error (the noise floor).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cabin_twin.cli.checks import check_run_size, positive_int, seed_int
from twin.errors import InputError

if TYPE_CHECKING:  # the twin's modules import scipy: at run time only, so --help stays fast
    from hil.calls import CallRecord
    from hil.fidelity import Runner
    from twin.runner import RunResult
    from twin.scenario import Scenario

EXIT_CODES = ("0 within the scenario's [fidelity] tolerances, 1 outside (the rows outside are "
              "named), 2 bad input")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("fidelity", help="real run vs its modelled twin, side by side")
    p.add_argument("scenario", nargs="?", help="scenario name in scenarios/ or a TOML path")
    p.add_argument("--rig", help="rig name in rigs/ or a TOML path (render real)")
    p.add_argument("--seed", type=seed_int, help="override the scenario's seed")
    p.add_argument("--requests", type=positive_int,
                   help="requests per run (default: the scenario's)")
    p.add_argument("--calibration", type=Path,
                   help="a calibration file to predict from (default: calibrate from a real "
                        "run on seed + [fidelity] calibration_seed_offset)")
    p.add_argument("--repeat", action="store_true",
                   help="run the measured run twice: report the real-vs-real noise floor")
    p.add_argument("--model", help="GGUF for real model stages (default: SmolLM2-135M)")
    p.add_argument("--threads", type=positive_int, default=2, help="llama.cpp threads (default 2)")
    p.add_argument("--out", type=Path, help="output folder (default: out/fidelity-<scenario>)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from twin.scenario import load_scenario

    scenario = load_scenario(args.scenario)
    check_run_size(args)
    if args.threads < 1:
        raise InputError("--threads", "threads", f"a positive integer, got {args.threads}")
    if args.calibration is not None and not args.calibration.is_file():
        raise InputError(str(args.calibration), "--calibration", "an existing calibration file")
    from hil.fidelity import run_fidelity
    from hil.fidelity_report import format_table, write
    from hil.run_real import real_stages

    if not real_stages(scenario, args.rig):
        raise InputError(scenario.source, "stages", "at least one real stage (mode = \"real\" "
                         "or --rig): fidelity compares a real run with its twin")
    out = args.out or Path("out") / f"fidelity-{scenario.name}"
    out.mkdir(parents=True, exist_ok=True)

    from twin.progress import activity

    uses_model = bool(real_stages(scenario, args.rig) & {"model_load", "inference"})
    with activity("twin fidelity") as act:
        result = run_fidelity(
            scenario, real_runner(args.rig, out, args.model, args.threads), out,
            seed=args.seed, requests=args.requests, calibration=args.calibration,
            lookups=real_lookups(args.model, args.rig) if uses_model else None,
            repeat=args.repeat, progress=act.step)
        act.step("writing fidelity.json and report.html")
        write(result, out)
    print(format_table(result.record))
    print(f"wrote {out}/fidelity.json, report.html", file=sys.stderr)
    if not result.passed:
        print(f"fidelity: FAIL: {fidelity_reason(result.record)}")
        return 1
    return 0


def fidelity_reason(record: dict[str, Any]) -> str:
    """Which rows are outside their tolerance (fidelity.json's ``comparison``)."""
    rows = record.get("comparison", {}).get("rows", {})
    bad = [f"{name} {q} {r['rel_error'] * 100:+.1f} % (limit {r['limit'] * 100:g} %)"
           for name, row in rows.items() for q, r in row.items()
           if isinstance(r, dict) and r.get("passed") is False and "rel_error" in r]
    bad += [f"{name} KS p={row['ks']['pvalue']:.3g}" for name, row in rows.items()
            if row.get("passed") is False and "ks" in row
            and not any(isinstance(r, dict) and r.get("passed") is False
                        for r in row.values())]
    if not any(r.get("passed") is not None for r in rows.values()):
        return "no row could be compared (no samples)"
    return "outside the [fidelity] tolerances: " + ", ".join(bad or ["see the table"])


def real_lookups(model: str | None = None, rig: str | None = None
                 ) -> Callable[[], dict[str, Any]]:
    """What a calibration learns from the real backends besides timings: token counts of every
    labelled query (the model's tokenizer, loaded vocabulary-only), the pinned warm
    situations, the resolver's session-cache size, and the device each intent commands."""

    def lookups() -> dict[str, Any]:
        from types import SimpleNamespace

        import llama_cpp

        from hil.backends import DEFAULT_RIG
        from hil.calls import pinned_keys, token_table
        from hil.llm.model_files import checked_model_path
        from hil.render import intent_routes
        from twin.assistant.queries import load_queries
        from twin.assistant.resolver import MAX_PROMPT_TOKENS

        vocab = llama_cpp.Llama(model_path=str(checked_model_path(model)), vocab_only=True,
                                verbose=False)

        def tokenize(text: str) -> list[int]:
            return vocab.tokenize(text.encode("utf-8"), add_bos=False, special=False)

        shim = SimpleNamespace(engine=SimpleNamespace(tokenize=tokenize),
                               max_prompt_tokens=MAX_PROMPT_TOKENS)
        return {"tokens": token_table(shim, load_queries()), "pinned": pinned_keys(),
                "session_capacity": 50,
                "route": intent_routes(rig or DEFAULT_RIG)}

    return lookups


def real_runner(rig: str | None, out: Path, model: str | None = None, n_threads: int = 2,
                ) -> Runner:
    """The real backends (llama.cpp, a rig) as a fidelity runner; each run writes its traces
    into its own folder under ``out``."""
    from hil.run_real import run_real
    from twin.report import write_report, write_requests_csv

    runs = [0]

    def run(scenario: Scenario, seed: int, n: int) -> tuple[RunResult, list[CallRecord]]:
        runs[0] += 1
        folder = out / f"real-{runs[0]}-seed{seed}"
        folder.mkdir(parents=True, exist_ok=True)  # a run without a rig writes no traces
        result = run_real(scenario, rig, seed, n, folder, model, n_threads)
        write_report(result.report, folder)
        # its requests, so a real capture run can be fitted again (calibrate --runs)
        write_requests_csv(result.timings, folder, result.report, result.extra_columns)
        rows = [{"stage": c.stage, "request": c.index, "class": c.cls, "ms": round(c.ms, 4),
                 **c.features} for c in result.calls]
        (folder / "calls.json").write_text(json.dumps(rows) + "\n", encoding="utf-8")
        return result, list(result.calls)

    return run
