"""``twin rig check RIG``: open every link, ping every device, report round trips.

Prints a table and one JSON object; ``--out DIR`` also writes ``rig_check.json`` and the
traces. Exit 0 when every device answered every ping, 1 otherwise, 2 on a bad rig file.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:  # the hardware floor is imported by the handler (twin --help stays light)
    from hil.rig import RigSession


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("rig", help="rig self-test (rig check RIG)")
    sub = p.add_subparsers(dest="rig_command", required=True, metavar="VERB")
    check = sub.add_parser("check", help="open links, ping every device, report round trips")
    check.add_argument("rig", metavar="RIG", help="a rig file or a name in rigs/")
    check.add_argument("--pings", type=int, default=20, help="pings per device (default 20)")
    check.add_argument("--timeout-ms", type=float, default=200.0, help="per ping")
    check.add_argument("--out", type=Path, default=None, help="write rig_check.json + traces")
    check.set_defaults(func=check_rig)


def ping_devices(session: RigSession, pings: int, timeout_s: float) -> dict[str, dict[str, Any]]:
    """Per device: pings answered, p50/p99 round trip in ms."""
    report: dict[str, dict[str, Any]] = {}
    for name, actuator in session.actuators.items():
        dev = session.rig.devices[name]
        entry: dict[str, Any] = {"link": dev.link, "mode": dev.mode, "class": dev.cls}
        if not actuator.supports_ping:  # e.g. a vehicle DBC without the cabin Diag messages
            report[name] = {**entry, "pings": 0, "answered": 0, "p50_ms": None,
                            "p99_ms": None, "ok": True, "skipped": "no ping in this DBC"}
            continue
        rtts = [actuator.ping(timeout_s) for _ in range(pings)]
        got = np.array([r for r in rtts if r is not None])
        report[name] = {
            **entry, "pings": pings, "answered": int(got.size),
            "p50_ms": round(float(np.percentile(got, 50)), 3) if got.size else None,
            "p99_ms": round(float(np.percentile(got, 99)), 3) if got.size else None,
            "ok": bool(got.size == pings),
        }
    return report


def check_rig(args: argparse.Namespace) -> int:
    from hil.links.signals import exit_on_signals
    from hil.rig import LinkError, RigSession, load_rig

    rig = load_rig(args.rig)
    try:
        with exit_on_signals(), RigSession(rig, args.out) as session:
            devices = ping_devices(session, max(1, args.pings), args.timeout_ms / 1e3)
    except LinkError as exc:
        print(f"rig {rig.name}: FAIL: {exc}")
        print(json.dumps({"rig": rig.name, "passed": False, "error": str(exc)}))
        return 1
    passed = all(d["ok"] for d in devices.values())
    print(f"rig {rig.name}: {'PASS' if passed else 'FAIL'}")
    print(f"{'device':<10} {'link':<7} {'mode':<10} {'answered':>9} {'p50 ms':>9} {'p99 ms':>9}")
    for name, d in devices.items():
        p50 = "-" if d["p50_ms"] is None else f"{d['p50_ms']:.3f}"
        p99 = "-" if d["p99_ms"] is None else f"{d['p99_ms']:.3f}"
        answered = f"{d['answered']}/{d['pings']}"
        print(f"{name:<10} {d['link']:<7} {d['mode']:<10} {answered:>9} {p50:>9} {p99:>9}")
    result = {"rig": rig.name, "passed": passed, "devices": devices,
              "safe_state": {r.device: r.outcome for r in session.safe_state_results}}
    print(json.dumps(result, sort_keys=True))
    if args.out is not None:
        (args.out / "rig_check.json").write_text(json.dumps(result, indent=2, sort_keys=True))
    return 0 if passed else 1
