"""``twin doctor [--out DIR] [--model GGUF] [--json] [--no-decode]``: can this machine run it?

A line per check (Python and packages, CPU features and llama.cpp's build with the AMX guard,
the model file with size and sha256, a short real decode in a child process, python-can
interfaces, pty, the output folder). Writes ``DIR/doctor.json`` (default ``out/``); ``--json``
prints that JSON instead of the table. Exit 0 when the machine can run the bench, 1 when not.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

EXIT_CODES = ("0 this machine can run the bench, 1 a check failed (named in the table), "
              "2 bad input")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("doctor", help="check this machine can run the bench (exit 0/1)")
    p.add_argument("--out", type=Path, default=Path("out"),
                   help="output folder to check and write doctor.json into (default out/)")
    p.add_argument("--model", default=None, help="a .gguf to check (default: shipped SmolLM2)")
    p.add_argument("--json", action="store_true", help="print JSON instead of the table")
    p.add_argument("--no-decode", dest="decode", action="store_false",
                   help="skip the real decode (reported as SKIP)")
    p.add_argument("--decode-timeout", type=float, default=300.0, metavar="S",
                   help="bound on the decode child process (default 300 s)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from hil.doctor import fit, run_checks  # the hardware floor, imported when used

    checks = run_checks(args.out, args.model, args.decode, args.decode_timeout)
    ok = fit(checks)
    doc = {"fit": ok, "checks": [c.as_dict() for c in checks]}
    written = None
    if any(c.name == "output folder" and c.status == "PASS" for c in checks):
        written = args.out / "doctor.json"
        written.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    failed = ", ".join(c.name for c in checks if c.status == "FAIL")
    if args.json:
        print(json.dumps(doc))
        if not ok:
            print(f"doctor: FAIL: {failed}", file=sys.stderr)
        return 0 if ok else 1
    width = max(len(c.name) for c in checks)
    for c in checks:
        print(f"{c.status:<5} {c.name:<{width}}  {c.detail}")
    verdict = ("this machine can run the bench" if ok
               else f"FAIL: this machine cannot run the bench ({failed})")
    print(f"doctor: {verdict}" + (f" (wrote {written})" if written else ""))
    return 0 if ok else 1
