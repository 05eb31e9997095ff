"""``twin rig check RIG``: open every link, ping every device, report round trips.

Prints a table and one JSON object; ``--out DIR`` also writes ``rig_check.json`` and the
traces. A device without a ping (e.g. a vehicle DBC without the cabin Diag messages) is
``SKIPPED`` with the reason, never passed. Exit 0 only when every pingable device answered every
ping, at least one device was verified and every device confirmed its safe state; 1 otherwise;
2 on a rig file that is bad or cannot work (see :mod:`hil.rig_checks`).
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
                            "p99_ms": None, "ok": False, "verdict": "SKIPPED",
                            "skipped": "no ping: the DBC has no Diag_Request/Diag_Response "
                                       "or the device has no node id"}
            continue
        rtts = [actuator.ping(timeout_s) for _ in range(pings)]
        got = np.array([r for r in rtts if r is not None])
        report[name] = {
            **entry, "pings": pings, "answered": int(got.size),
            "p50_ms": round(float(np.percentile(got, 50)), 3) if got.size else None,
            "p99_ms": round(float(np.percentile(got, 99)), 3) if got.size else None,
            "ok": bool(got.size == pings),
            "verdict": "PASS" if got.size == pings else "FAIL",
        }
    return report


def rig_verdict(devices: dict[str, dict[str, Any]], safe_state: dict[str, Any]
                ) -> tuple[bool, list[str]]:
    """Passed, and why not: a device failed its pings, nothing was verified, or a safe state
    was not confirmed."""
    from devices.actuator import CONFIRMED

    why = [f"{n}: {d['answered']}/{d['pings']} pings answered"
           for n, d in devices.items() if d["verdict"] == "FAIL"]
    if not any(d["verdict"] == "PASS" for d in devices.values()):
        why.append("nothing verified: no device could be pinged")
    why += [f"{n}: safe state {s['outcome']}: {s['reason']}"
            for n, s in safe_state.items() if s["outcome"] not in CONFIRMED]
    return not why, why


def check_rig(args: argparse.Namespace) -> int:
    from devices.actuator import CONFIRMED
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
    safe = {r.device: {"outcome": r.outcome.value, "reason": r.reason}
            for r in session.safe_state_results}
    safe.update({n: {"outcome": "not_sent", "reason": "safe state never commanded"}
                 for n in session.actuators if n not in safe})
    passed, why = rig_verdict(devices, safe)
    print(f"rig {rig.name}: {'PASS' if passed else 'FAIL'}")
    for line in why:
        print(f"  FAIL {line}")
    print(f"{'device':<10} {'link':<7} {'mode':<10} {'answered':>9} {'p50 ms':>9} {'p99 ms':>9}"
          f"  {'verdict':<8} safe state")
    for name, d in devices.items():
        p50 = "-" if d["p50_ms"] is None else f"{d['p50_ms']:.3f}"
        p99 = "-" if d["p99_ms"] is None else f"{d['p99_ms']:.3f}"
        answered = f"{d['answered']}/{d['pings']}"
        note = f" ({d['skipped']})" if d.get("skipped") else ""
        print(f"{name:<10} {d['link']:<7} {d['mode']:<10} {answered:>9} {p50:>9} {p99:>9}"
              f"  {d['verdict']:<8} {safe.get(name, {}).get('outcome', '-')}{note}")
    result = {"rig": rig.name, "passed": passed, "failures": why, "devices": devices,
              "safe_state": {n: "ok" if s["outcome"] in CONFIRMED else s["outcome"]
                             for n, s in safe.items()},
              "safe_state_detail": safe}
    print(json.dumps(result, sort_keys=True))
    if args.out is not None:
        (args.out / "rig_check.json").write_text(json.dumps(result, indent=2, sort_keys=True))
    return 0 if passed else 1
