"""``twin verify [--rig RIG] [--dut] [--examples N] [--steps N] [--out DIR]``: property-based
fault injection. Runs the twin's fault-schedule machine; with ``--rig``, the same properties on
the rig's devices; with ``--dut``, DUT crash, hang, HTTP 5xx and reset on real DUTs
(:mod:`hil.dut.verify`). Writes ``junit.xml``, ``falsifying.json`` and counterexample files. Exit 0
when every property holds, 1 on a counterexample, 2 on bad input."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from cabin_twin.cli.checks import positive_float, positive_int
from twin.errors import InputError

EXIT_CODES = ("0 every property holds, 1 a counterexample (printed, and in falsifying.json) or a "
              "machine error, 2 bad input")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("verify", help="property-based fault injection (twin, rig)")
    p.add_argument("--rig", help="also run the rig-side properties on this rig (name or path)")
    p.add_argument("--examples", type=positive_int, help="examples per machine (default: twin 50, "
                   "rig 10)")
    p.add_argument("--steps", type=positive_int, default=10, help="steps per example (default 10)")
    p.add_argument("--out", type=Path, default=Path("out/verify"), help="output folder")
    p.add_argument("--shrink-seconds", type=positive_float, default=60.0,
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
    from twin.progress import activity

    plan: list[tuple[Any, str, tuple[str, ...], int]] = []
    if not args.skip_twin:
        plan.append((TwinFaultMachine, "twin", TWIN_PROPERTIES, args.examples or 50))
    if rig_machine is not None:
        plan.append((rig_machine, "rig", RIG_PROPERTIES, args.examples or 10))
    if args.dut:
        from hil.dut.verify import DUT_PROPERTIES, DutFaultMachine

        plan.append((DutFaultMachine, "dut", DUT_PROPERTIES, args.examples or 10))
    results = []
    with activity("twin verify") as act:
        for k, (machine, name, props, examples) in enumerate(plan, 1):
            act.step(f"machine {k} of {len(plan)}: {name} ({examples} examples of "
                     f"{args.steps} steps: {', '.join(props)})")
            results.append(run_machine(machine, name, props, examples, args.steps,
                                       args.shrink_seconds))
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
    print(f"wrote {args.out}/junit.xml, ctrf.json, falsifying.json", file=sys.stderr)
    failed = [r.name for r in results if not r.passed]
    if failed:
        print(f"verify: FAIL: {', '.join(failed)} (a property was falsified or a machine "
              f"errored; see above and {args.out}/falsifying.json)")
        return 1
    return 0
