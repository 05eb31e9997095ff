"""``twin run [SCENARIO] [--rig RIG] [--seed N] [--requests N] [--out DIR]``."""

from __future__ import annotations

import argparse
import socket
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cabin_twin.cli.checks import check_run_size, positive_int, seed_int
from twin.errors import InputError

if TYPE_CHECKING:
    from twin.runner import RunResult

EXIT_CODES = ("0 every expectation held, 1 one failed (the verdict names it), 2 bad input, 130/143 "
              "interrupted (partial results are written)")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("run", help="run a scenario (default: the embedded default)")
    p.add_argument("scenario", nargs="?", help="scenario name in scenarios/ or a TOML path")
    p.add_argument("--rig", help="rig name in rigs/ or a TOML path (real or simulated devices)")
    p.add_argument("--seed", type=seed_int, help="override the scenario's seed")
    p.add_argument("--requests", type=positive_int, help="override the scenario's request count")
    p.add_argument("--out", type=Path, help="output folder (default: out/<scenario>)")
    p.add_argument("--engine", choices=("auto", "des", "fast"), help="force an engine")
    p.add_argument("--model", help="GGUF for real model stages (default: SmolLM2-135M)")
    p.add_argument("--threads", type=positive_int, default=2, help="llama.cpp threads (default 2)")
    p.add_argument("--replay", type=Path, metavar="TRACE", help="a recorded CAN trace (BLF/ASC) "
                   "sent on the rig's bus alongside the run, on the scenario clock (with --rig)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # heavy imports (scipy, matplotlib) here, not at import: twin --help stays fast
    from twin.progress import activity
    from twin.report import format_table
    from twin.runner import run_scenario
    from twin.scenario import load_scenario

    scenario = load_scenario(args.scenario)
    check_run_size(args)
    if scenario.link_faults:  # a device the rig lacks is refused in every run, before it runs
        from hil.backends import DEFAULT_RIG
        from hil.links.faults import check_link_faults

        check_link_faults(scenario.link_faults, args.rig, scenario.source, DEFAULT_RIG)
    out = args.out or Path("out") / scenario.name
    assistant = scenario.config.assistant
    dut = assistant is not None and (assistant.backend is not None or assistant.route is not None)
    real = bool(args.rig or dut or "real" in scenario.modes.values())
    if args.replay is not None:
        if not args.rig:
            raise InputError(str(args.replay), "--replay", "a run with --rig (the trace is "
                             "sent on the rig's bus)")
        from hil.links.replay import read_trace

        read_trace(args.replay)  # a bad trace is bad input before anything runs
    started = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
    anchor_ns = time.time_ns()  # the traces' time zero: the run's start
    t0 = time.perf_counter()
    with ExitStack() as guard:
        deferred = None
        if real:
            from hil.run_real import deferred_signals, run_real  # the hardware floor

            # an interrupt is recorded from here to the last file written: the requests end
            # at once (hil.run_real), the report and its files are still made
            deferred = guard.enter_context(deferred_signals())
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(str(out), "--out", f"a writable folder ({exc.strerror})") from None
        n = args.requests or scenario.requests
        with activity("twin run", f"{n} requests of {scenario.name}, "
                                  f"{'real stages in lockstep' if real else 'modelled'}"):
            if real:
                result = run_real(scenario, args.rig, args.seed, args.requests, out,
                                  args.model, args.threads, interrupts=deferred,
                                  replay=args.replay)
            else:
                result = run_scenario(scenario, seed=args.seed, requests=args.requests,
                                      engine=args.engine)
        run_info = {"started": started, "wall_s": round(time.perf_counter() - t0, 3),
                    "hostname": socket.gethostname() or "localhost"}  # junit only: not seeded
        written = _write(result, out, run_info, anchor_ns)
        if deferred is not None and deferred.caught is not None and getattr(
                result, "interrupted_by", None) is None:  # while the files were written
            from hil.run_real import mark_interrupted

            mark_interrupted(result, deferred.caught)
            written = _write(result, out, run_info, anchor_ns)
    print(format_table(result.report))
    print(f"wrote {out}/{written}", file=sys.stderr)
    interrupted = getattr(result, "interrupted_by", None)
    if interrupted is not None:
        print(f"twin: interrupted by {result.report.get('interrupted_by')}: the partial results "
              f"are in {out}/ (report.json, requests.csv, junit.xml)", file=sys.stderr)
        raise interrupted  # exit 130 (SIGINT) or 143 (SIGTERM), after the files are written
    return 0 if result.passed else 1


def _write(result: Any, out: Path, run_info: dict[str, Any], anchor_ns: int) -> str:
    """report.json, requests.csv, junit.xml, otel.json (and report.html when not
    interrupted); the names written."""
    from twin.ctrf import cases_from_report, write_ctrf
    from twin.progress import activity
    from twin.report import write_junit, write_report, write_requests_csv
    from twin.report_html import write_html

    result.report["otel"] = _export_traces(result, out, anchor_ns)
    write_report(result.report, out)
    write_requests_csv(result.timings, out, [f.kind for f in result.scenario.faults],
                       result.extra_columns)
    write_junit(result.report, out, run_info)
    write_ctrf(out / "ctrf.json", "cabin-twin run", cases_from_report(result.report),
               run_info["started"], run_info["wall_s"], {"hostname": run_info["hostname"]})
    written = "report.json, requests.csv, junit.xml, ctrf.json"
    if result.report["otel"].get("file"):
        written += ", otel.json"
    if getattr(result, "interrupted_by", None) is None:
        with activity("twin run", "writing report.html"):
            write_html(result.report, result.request_arrays(), result.timeline, out)
        written += ", report.html"
    return written


def _export_traces(result: RunResult, out: Path, anchor_ns: int) -> dict[str, Any]:
    """``otel.json`` (and a collector, if configured); a failure here costs the traces only,
    never the report."""
    from twin.otel_export import export

    try:
        return export(result.report, result.timings, result.extra_columns,
                      [f.kind for f in result.scenario.faults], out, anchor_ns)
    except Exception as exc:  # the verdict must still be written
        print(f"twin: warning: {out}/otel.json not written: {exc}", file=sys.stderr)
        return {"file": None, "error": str(exc)[:200]}
