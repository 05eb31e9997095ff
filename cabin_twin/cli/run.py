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
    from twin.report_model import Report
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
    p.add_argument("--chunk-requests", type=positive_int, metavar="N",
                   help="run in chunks of N requests: memory bounded by the chunk, not the "
                        "run (up to 10^9 requests; a modelled open-loop scenario); "
                        "requests.csv then holds a sample")
    p.add_argument("--csv-every", type=positive_int, metavar="K",
                   help="with --chunk-requests: requests.csv keeps every K-th request and the "
                        "last (default: about 100,000 rows)")
    p.add_argument("--no-requests-csv", action="store_true",
                   help="write no requests.csv")
    p.add_argument("--replay", type=Path, metavar="TRACE", help="a recorded CAN trace (BLF/ASC) "
                   "sent on the rig's bus alongside the run, on the scenario clock (with --rig)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from hil.links.signals import deferred_signals  # light: signal handlers only

    with ExitStack() as guard:
        # an interrupt is recorded from here to the last file written: a real run then ends
        # its requests at once (hil.run_real) and still makes the report and its files; one
        # while the scenario loads is kept for the report of a run that did not start
        deferred = guard.enter_context(deferred_signals())
        # heavy imports (scipy, matplotlib) here, not at import: twin --help stays fast
        from twin.progress import activity
        from twin.report import format_table
        from twin.report_text import failure_message
        from twin.runner import run_scenario
        from twin.scenario import load_scenario

        scenario = load_scenario(args.scenario)
        check_run_size(args)
        _check_chunking(args)
        if scenario.link_faults:  # a device the rig lacks is refused in every run
            from hil.backends import DEFAULT_RIG
            from hil.links.faults import check_link_faults

            check_link_faults(scenario.link_faults, args.rig, scenario.source, DEFAULT_RIG)
        out = args.out or Path("out") / scenario.name
        assistant = scenario.config.assistant
        dut = assistant is not None and (assistant.backend is not None
                                         or assistant.route is not None)
        real = bool(args.rig or dut or "real" in scenario.modes.values())
        if real and args.chunk_requests:
            raise InputError("--chunk-requests", "chunk", "a modelled run (real stages, a rig "
                             "or a DUT run in lockstep, whole)")
        if args.replay is not None:
            if not args.rig:
                raise InputError(str(args.replay), "--replay", "a run with --rig (the trace "
                                 "is sent on the rig's bus)")
            from hil.links.replay import read_trace

            read_trace(args.replay)  # a bad trace is bad input before anything runs
        if not real:  # a modelled run: the ordinary handlers (Ctrl-C stops it at once)
            guard.close()
            if deferred.caught is not None:
                raise deferred.caught
        started = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
        anchor_ns = time.time_ns()  # the traces' time zero: the run's start
        t0 = time.perf_counter()
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(str(out), "--out", f"a writable folder ({exc.strerror})") from None
        n = args.requests or scenario.requests
        with activity("twin run", f"{n} requests of {scenario.name}, "
                                  f"{'real stages in lockstep' if real else 'modelled'}"):
            if real:
                from hil.run_real import run_real  # the hardware floor

                result = run_real(scenario, args.rig, args.seed, args.requests, out,
                                  args.model, args.threads, interrupts=deferred,
                                  replay=args.replay)
            else:
                result = run_scenario(scenario, seed=args.seed, requests=args.requests,
                                      engine=args.engine, chunk=args.chunk_requests,
                                      sample_every=args.csv_every)
        run_info = {"started": started, "wall_s": round(time.perf_counter() - t0, 3),
                    "hostname": socket.gethostname() or "localhost"}  # junit only: not seeded
        written, report = _write(result, out, run_info, anchor_ns, not args.no_requests_csv)
    # the handlers are back: a signal from here on ends the process, its files complete; one
    # recorded up to here (while the files were written) marks the run and writes them again
    if real and deferred.caught is not None and getattr(result, "interrupted_by", None) is None:
        from hil.run_real import mark_interrupted

        with deferred_signals():  # a second interrupt waits for these files
            mark_interrupted(result, deferred.caught)
            (out / "report.html").unlink(missing_ok=True)  # made before: not this verdict
            written, report = _write(result, out, run_info, anchor_ns,
                                     not args.no_requests_csv)
    print(format_table(report))
    print(f"wrote {out}/{written}", file=sys.stderr)
    interrupted = getattr(result, "interrupted_by", None)
    if interrupted is not None:
        print(f"twin: interrupted by {result.report.get('interrupted_by')}: the partial results "
              f"are in {out}/ (report.json, requests.csv, junit.xml)", file=sys.stderr)
        raise interrupted  # exit 130 (SIGINT) or 143 (SIGTERM), after the files are written
    if not result.passed:
        bad = report.failing()
        print(f"run: FAIL: {len(bad)} of {len(report.expectations)} expectations failed: "
              + "; ".join(f"{e.name} ({failure_message(e)})" for e in bad[:3])
              + (f" and {len(bad) - 3} more" if len(bad) > 3 else ""))
        return 1
    return 0


def _check_chunking(args: argparse.Namespace) -> None:
    """``--requests`` beyond what one run holds in memory needs ``--chunk-requests``."""
    from twin.chunked import MAX_CHUNKED_REQUESTS
    from twin.config.scenario import MAX_REQUESTS

    if args.chunk_requests is None:
        if args.csv_every is not None:
            raise InputError("--csv-every", "csv_every", "--chunk-requests with it (a whole "
                             "run writes every request)")
        if args.requests is not None and args.requests > MAX_REQUESTS:
            raise InputError("--requests", "requests", f"at most {MAX_REQUESTS:,} in one pass "
                             f"(or --chunk-requests N for up to {MAX_CHUNKED_REQUESTS:,}), got "
                             f"{args.requests:,}")
    elif args.requests is not None and args.requests > MAX_CHUNKED_REQUESTS:
        raise InputError("--requests", "requests", f"at most {MAX_CHUNKED_REQUESTS:,} in a "
                         f"chunked run, got {args.requests:,}")


def _write(result: Any, out: Path, run_info: dict[str, Any], anchor_ns: int,
           requests_csv: bool = True) -> tuple[str, Report]:
    """report.json, requests.csv, junit.xml, ctrf.json, otel.json (and report.html when not
    interrupted), every one written from the one parse of the report; the names written and
    that parse."""
    from twin.ctrf import cases_from_report, write_ctrf
    from twin.progress import activity
    from twin.report import parse_report, write_junit, write_report, write_requests_csv
    from twin.report_html import write_html
    from twin.report_model import Block

    result.report.pop("otel", None)  # a second write (interrupted while writing) exports anew
    report = parse_report(result.report, str(out / "report.json"))
    otel = _export_traces(report, result, out, anchor_ns)
    report.otel = Block.model_validate(otel)
    result.report["otel"] = otel
    write_report(report, out)
    if requests_csv:
        write_requests_csv(result.timings, out, report, result.extra_columns,
                           index=result.request_index)
    else:
        (out / "requests.csv").unlink(missing_ok=True)  # not a stale one from before
    write_junit(report, out, run_info)
    write_ctrf(out / "ctrf.json", "cabin-twin run", cases_from_report(report, run_info["wall_s"]),
               run_info["started"], run_info["wall_s"], {"hostname": run_info["hostname"]})
    written = ("report.json, requests.csv, junit.xml, ctrf.json" if requests_csv
               else "report.json, junit.xml, ctrf.json")
    if otel.get("file"):
        written += ", otel.json"
    if getattr(result, "interrupted_by", None) is None:
        with activity("twin run", "writing report.html"):
            write_html(report, result.request_arrays(), result.timeline, out)
        written += ", report.html"
    return written, report


def _export_traces(report: Report, result: RunResult, out: Path,
                   anchor_ns: int) -> dict[str, Any]:
    """``otel.json`` (and a collector, if configured); a failure here costs the traces only,
    never the report."""
    from twin.otel_export import export

    try:
        return export(report, result.timings, result.extra_columns, out, anchor_ns,
                      getattr(result, "request_index", None))
    except Exception as exc:  # the verdict must still be written
        print(f"twin: warning: {out}/otel.json not written: {exc}", file=sys.stderr)
        return {"file": None, "error": str(exc)[:200]}
