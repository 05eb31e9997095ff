"""``twin trace check DIR``: what a run's traces still hold (after SIGKILL, a crash, ...).

Exit 0 when every trace is present, readable and was closed properly; 1 when one is missing,
truncated or unclosed (the table says how many frames are recoverable); 2 when DIR is not a
folder.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from twin.errors import InputError

EXIT_CODES = {"check": "0 every trace present, readable and closed, 1 one missing, truncated or "
                       "not closed (named), or no traces at all (a run without a rig), "
                       "2 DIR is not a folder"}


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("trace", help="trace files of a run (trace check DIR)")
    sub = p.add_subparsers(dest="trace_command", required=True, metavar="VERB")
    check = sub.add_parser("check", help="frames recoverable from a run's CAN and serial traces")
    check.add_argument("dir", type=Path, metavar="DIR", help="a run's output folder")
    check.set_defaults(func=check_dir)


def check_dir(args: argparse.Namespace) -> int:
    from hil.trace_check import check_traces

    if not args.dir.is_dir():
        raise InputError(str(args.dir), "DIR", "an existing run output folder")
    report = check_traces(args.dir)
    if not report["present"]:
        print(f"no traces in {args.dir}: it holds no can.blf, can.asc or serial.log (a run "
              f"writes them only with --rig)")
        print(json.dumps(report, sort_keys=True))
        print(f"trace check: FAIL: no traces in {args.dir}", file=sys.stderr)
        return 1
    print(f"traces in {args.dir}: {'complete' if report['complete'] else 'INCOMPLETE'}")
    for name, t in report["traces"].items():
        if not t.get("present"):
            print(f"  {name:<10} missing")
            continue
        state = "closed" if t["closed"] else "not closed" if t["closed"] is False else "-"
        count = t.get("frames", t.get("lines"))
        unit = "frames" if "frames" in t else "lines"
        last = f", last at {t['last']:.6f}" if t.get("last") is not None else ""
        error = f", read stopped: {t['error']}" if t.get("error") else ""
        print(f"  {name:<10} {t['bytes']:>9} bytes  {count:>7} {unit}  {state}{last}{error}")
    if report["last_frame_spread_ms"] is not None:
        print(f"  last frames of the CAN traces differ by {report['last_frame_spread_ms']} ms")
    print(json.dumps(report, sort_keys=True))
    if not report["complete"]:
        bad = [f"{name} {'missing' if not t.get('present') else 'incomplete'}"
               for name, t in report["traces"].items()
               if not t.get("present") or not t.get("closed", True) or t.get("error")]
        print(f"trace check: FAIL: {', '.join(bad) or 'a trace is incomplete'}",
              file=sys.stderr)
        return 1
    return 0
