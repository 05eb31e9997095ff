"""``twin verify [--rig RIG] [--dut] [--examples N] [--steps N] [--out DIR]``: property-based
fault injection. Runs the twin's fault-schedule machine; with ``--rig``, the same properties on
the rig's devices; with ``--dut``, DUT crash, hang, HTTP 5xx and reset on real DUTs
(:mod:`hil.dut.verify`). Writes ``junit.xml``, ``falsifying.json`` and counterexample files. Exit 0
when every property holds, 1 on a counterexample, 2 on bad input."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from twin.errors import InputError


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("verify", help="property-based fault injection (twin, rig)")
    p.add_argument("--rig", help="also run the rig-side properties on this rig (name or path)")
    p.add_argument("--examples", type=int, help="examples per machine (default: twin 50, "
                   "rig 10)")
    p.add_argument("--steps", type=int, default=10, help="steps per example (default 10)")
    p.add_argument("--out", type=Path, default=Path("out/verify"), help="output folder")
    p.add_argument("--shrink-seconds", type=float, default=60.0,
                   help="time allowed to shrink a counterexample (default 60)")
    p.add_argument("--skip-twin", action="store_true",
                   help="with --rig or --dut: only those machines")
    p.add_argument("--dut", action="store_true",
                   help="also run the DUT-fault machine (crash, hang, HTTP 5xx, reset on a "
                        "JSON-lines and an HTTP echo DUT)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from twin.verify.machine import TwinFaultMachine
    from twin.verify.runner import RIG_PROPERTIES, TWIN_PROPERTIES, run_machine, save

    for flag, value in (("--examples", args.examples), ("--steps", args.steps)):
        if value is not None and value < 1:
            raise InputError(flag, flag.lstrip("-"), f"a positive count, got {value}")
    if args.shrink_seconds <= 0:
        raise InputError("--shrink-seconds", "shrink-seconds", "a positive number of seconds")
    if args.skip_twin and not (args.rig or args.dut):
        raise InputError("argv", "--skip-twin", "--rig RIG or --dut as well (it skips the "
                         "twin to run only the rig's or the DUT's properties)")
    rig_machine = None
    if args.rig:
        # hil binds real links; imported only when a rig is asked for
        from hil.verify_rig import machine_for

        rig_machine = machine_for(args.rig, out_dir=args.out / "traces")
    try:
        (args.out / "traces").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(str(args.out), "--out", f"a writable folder ({exc.strerror})") from None
    results = []
    if not args.skip_twin:
        results.append(run_machine(TwinFaultMachine, "twin", TWIN_PROPERTIES,
                                   args.examples or 50, args.steps, args.shrink_seconds))
    if rig_machine is not None:
        results.append(run_machine(rig_machine, "rig", RIG_PROPERTIES, args.examples or 10,
                                   args.steps, args.shrink_seconds))
    if args.dut:
        from hil.dut.verify import DUT_PROPERTIES, DutFaultMachine

        results.append(run_machine(DutFaultMachine, "dut", DUT_PROPERTIES,
                                   args.examples or 10, args.steps, args.shrink_seconds))
    save(results, args.out)
    for r in results:
        verdict = "PASS" if r.passed else "FAIL"
        print(f"[{verdict}] {r.name}: {r.examples} examples, {', '.join(r.properties)} "
              f"({r.seconds:.1f} s)")
        if r.failure is not None:
            print(f"  {r.failure.prop}: {r.failure.error}")
            print(f"  shrunk to {r.failure.size} steps: {r.failure.steps}")
            for kind, path in r.files.items():
                print(f"  {kind}: {path}")
        if r.error is not None:
            print(f"  error: {r.error}")
    print(f"wrote {args.out}/junit.xml, falsifying.json", file=sys.stderr)
    return 0 if all(r.passed for r in results) else 1
