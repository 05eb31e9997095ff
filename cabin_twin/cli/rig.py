"""``twin rig``: ``check RIG`` (open every link, ping every device, send every bound command
and require its confirmation, report), ``show RIG`` (the effective bindings, ranges and status
checks as a table) and ``init --dbc FILE`` (scaffold a rig file from a vehicle DBC).

``check`` prints the verdict and a table (``--json``: one JSON object instead); ``--out DIR``
also writes ``rig_check.json`` and the traces. Each device gets a verdict: PASS (its pings
answered, or a bound command confirmed), SENT (a fire-and-forget device without a ping: its
commands went out, nothing can confirm them), SKIPPED (nothing was checked, e.g. no ping and
``--pings-only``; never a pass) or FAIL. Exit 0 only when every pingable device answered every
ping, every bound command was confirmed (``sent`` for a fire-and-forget device), no device was
left unchecked and every device confirmed its safe state (``sent`` for a fire-and-forget
device); 1 otherwise; 2 on a rig file that is bad or cannot work (see :mod:`hil.rig_file`
and :mod:`hil.rig_checks`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cabin_twin.cli.checks import positive_float, positive_int

if TYPE_CHECKING:  # the hardware floor is imported by the handler (twin --help stays light)
    from hil.rig import RigSession

MAX_DBC_BYTES = 64 << 20  # the biggest opendbc file is ~1 MB
EXIT_CODES = {
    "check": "0 every device verified (pings answered or commands confirmed) and its safe state "
             "confirmed, 1 a device failed or was not verified (each is named), 2 a bad rig file",
    "show": "0 printed, 2 a bad rig file",
    "init": "0 written, 2 a DBC that cannot be read or loaded, or an --out that cannot be "
            "written",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("rig", help="rig files: check, show, init")
    sub = p.add_subparsers(dest="rig_command", required=True, metavar="VERB")
    check = sub.add_parser("check", help="open links, ping devices, confirm every bound "
                                         "command, report round trips")
    check.add_argument("rig", metavar="RIG", help="a rig file or a name in rigs/")
    check.add_argument("--pings", type=positive_int, default=20,
                       help="pings per device (default 20)")
    check.add_argument("--timeout-ms", type=positive_float, default=200.0, help="per ping")
    check.add_argument("--pings-only", action="store_true",
                       help="do not send the bound commands (e.g. a bench with people near it)")
    check.add_argument("--out", type=Path, default=None, help="write rig_check.json + traces")
    check.add_argument("--json", action="store_true",
                       help="print the result as one JSON object instead of the table")
    check.set_defaults(func=check_rig)
    show = sub.add_parser("show", help="print the effective bindings, ranges, status checks")
    show.add_argument("rig", metavar="RIG", help="a rig file or a name in rigs/")
    show.set_defaults(func=show_rig)
    init = sub.add_parser("init", help="scaffold a rig file from a DBC (bindings to confirm)")
    init.add_argument("--dbc", type=Path, required=True, help="the vehicle DBC")
    init.add_argument("--out", type=Path, default=None,
                      help="rig file to write (default: print to stdout)")
    init.add_argument("--name", default=None, help="rig name (default: the DBC's stem)")
    init.set_defaults(func=init_rig)


def ping_devices(session: RigSession, pings: int, timeout_s: float) -> dict[str, dict[str, Any]]:
    """Per device: pings answered, p50/p99 round trip in ms."""
    import numpy as np

    report: dict[str, dict[str, Any]] = {}
    for name, actuator in session.actuators.items():
        dev = session.rig.devices[name]
        entry: dict[str, Any] = {"link": dev.link, "bus": dev.bus, "mode": dev.mode}
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


def rig_verdict(devices: dict[str, dict[str, Any]], safe_state: dict[str, Any],
                commands: dict[str, dict[str, Any]] | None = None,
                fire_and_forget: set[str] | frozenset[str] = frozenset(),
                pings_only: bool = True) -> tuple[bool, list[str]]:
    """Passed, and why not: a device failed its pings, a bound command was not confirmed,
    nothing was verified (no ping answered, no command confirmed), or a safe state was not
    confirmed (a fire-and-forget device's can only be ``sent``)."""
    from devices.actuator import CONFIRMED

    commands = commands or {}
    why = [f"{n}: {d['answered']}/{d['pings']} pings answered"
           for n, d in devices.items() if d["verdict"] == "FAIL"]
    why += [f"{n}: {failure}" for n, c in commands.items() for failure in c["failures"]]
    confirmed = sum(c["confirmed"] for c in commands.values())
    if not any(d["verdict"] == "PASS" for d in devices.values()) and not confirmed:
        why.append("nothing verified: no device could be pinged"
                   + ("" if pings_only else " and no command was confirmed"))
    why += [f"{n}: safe state {s['outcome']}: {s['reason']}"
            for n, s in safe_state.items()
            if s["outcome"] not in CONFIRMED
            and not (n in fire_and_forget and s["outcome"] == "sent")]
    if not any(w.startswith("nothing verified") for w in why):
        why += [f"{n}: not checked ({d.get('skipped', 'no ping')}; "
                f"{'--pings-only sent no command' if pings_only else 'no command sent'})"
                for n, d in devices.items()
                if device_verdict(d, commands.get(n), None, n in fire_and_forget) == "SKIPPED"]
    return not why, why


def device_verdict(ping: dict[str, Any], commands: dict[str, Any] | None,
                   safe_state: str | None, fire_and_forget: bool) -> str:
    """One device's verdict: FAIL (a ping unanswered, a command or its safe state not
    confirmed), PASS (pings answered or a command confirmed), SENT (a fire-and-forget device
    without a ping: its commands went out, nothing can confirm them) or SKIPPED (nothing was
    checked: never a pass)."""
    c = commands or {"confirmed": 0, "sent": 0, "failures": []}
    if ping["verdict"] == "FAIL" or c["failures"]:
        return "FAIL"
    if safe_state not in (None, "ok") and not (fire_and_forget and safe_state == "sent"):
        return "FAIL"
    if ping["verdict"] == "PASS" or c["confirmed"] > 0:
        return "PASS"
    return "SENT" if c["sent"] > 0 else "SKIPPED"


def check_rig(args: argparse.Namespace) -> int:
    from devices.actuator import CONFIRMED
    from hil.links.signals import exit_on_signals
    from hil.rig import LinkError, RigSession, load_rig
    from hil.rig_exercise import exercise
    from twin.progress import activity

    rig = load_rig(args.rig)
    commands: dict[str, dict[str, Any]] = {}
    try:
        with activity("twin rig check", f"opening the links of {len(rig.devices)} devices"
                      ) as act, exit_on_signals(), RigSession(rig, args.out) as session:
            act.step(f"pinging each device {args.pings} times")
            devices = ping_devices(session, args.pings, args.timeout_ms / 1e3)
            if not args.pings_only:
                act.step("commanding every binding and confirming it")
                commands = exercise(session)
    except LinkError as exc:
        failed = {"rig": rig.name, "passed": False, "error": str(exc)}
        print(json.dumps(failed) if args.json else f"rig {rig.name}: FAIL: {exc}")
        return 1
    safe = {r.device: {"outcome": r.outcome.value, "reason": r.reason}
            for r in session.safe_state_results}
    safe.update({n: {"outcome": "not_sent", "reason": "safe state never commanded"}
                 for n in session.actuators if n not in safe})
    short = {n: "ok" if s["outcome"] in CONFIRMED else s["outcome"] for n, s in safe.items()}
    fire_and_forget = {n for n in devices if rig.devices[n].spec.fire_and_forget}
    for name, d in devices.items():
        c = commands.get(name)
        d["commands"] = c
        d["safe_state"] = short.get(name)
        d["device_verdict"] = device_verdict(d, c, d["safe_state"], name in fire_and_forget)
    passed, why = rig_verdict(devices, safe, commands, fire_and_forget, args.pings_only)
    confirmed = sum(c["confirmed"] for c in commands.values())
    result = {"rig": rig.name, "passed": passed, "failures": why, "devices": devices,
              "safe_state": short, "safe_state_detail": safe, "confirmed_commands": confirmed}
    if args.out is not None:
        (args.out / "rig_check.json").write_text(json.dumps(result, indent=2, sort_keys=True))
    if args.json:
        print(json.dumps(result, sort_keys=True))
        if not passed:  # the reason line, where a reader of the JSON's exit status looks
            print(f"rig {rig.name}: FAIL: {'; '.join(why) or 'see the JSON'}", file=sys.stderr)
    else:
        print(format_check(rig.name, result))
        if args.out is not None:
            print(f"wrote {args.out}/rig_check.json", file=sys.stderr)
    return 0 if passed else 1


def format_check(rig_name: str, result: dict[str, Any]) -> str:
    """The verdict line (with what it rests on), the failures and a row per device."""
    devices = result["devices"]
    counts: dict[str, int] = {}
    for d in devices.values():
        counts[d["device_verdict"]] = counts.get(d["device_verdict"], 0) + 1
    basis = ", ".join(f"{counts[v]} {label}" for v, label in (
        ("PASS", "verified"), ("SENT", "fire-and-forget (sent, not verifiable)"),
        ("SKIPPED", "not checked"), ("FAIL", "failed")) if counts.get(v))
    lines = [f"rig {rig_name}: {'PASS' if result['passed'] else 'FAIL'} "
             f"({len(devices)} devices: {basis}; {result['confirmed_commands']} commands "
             f"confirmed)"]
    lines += [f"  FAIL {line}" for line in result["failures"]]
    lines.append(f"{'device':<10} {'bus':<8} {'mode':<10} {'pings':>9} {'p50 ms':>9} "
                 f"{'p99 ms':>9} {'commands':>14} {'safe state':>11}  verdict")
    for name, d in devices.items():
        p50 = "-" if d["p50_ms"] is None else f"{d['p50_ms']:.3f}"
        p99 = "-" if d["p99_ms"] is None else f"{d['p99_ms']:.3f}"
        pings = "SKIPPED" if d["verdict"] == "SKIPPED" else f"{d['answered']}/{d['pings']}"
        c = d["commands"]
        conf = "-" if c is None else (f"{c['confirmed']}/{c['commands']}"
                                      + (f" +{c['sent']} sent" if c["sent"] else ""))
        note = f"  ({d['skipped']})" if d.get("skipped") else ""
        lines.append(f"{name:<10} {d['bus']:<8} {d['mode']:<10} {pings:>9} {p50:>9} {p99:>9}"
                     f" {conf:>14} {d['safe_state'] or '-':>11}  {d['device_verdict']}{note}")
        lines += [f"  {name}: {failure}" for failure in (c or {}).get("failures", [])]
    return "\n".join(lines)


def show_rig(args: argparse.Namespace) -> int:
    from hil.rig_exercise import format_table, table
    from hil.rig_file import load_rig

    rig = load_rig(args.rig)
    print(f"rig {rig.name}: {rig.path}")
    for bus in rig.buses.values():
        where = bus.port if bus.kind == "serial" else f"{bus.interface} {bus.channel}"
        print(f"  bus {bus.name}: {where}, dbc {bus.dbc.name}"
              f"{'' if bus.strict else ' (strict = false)'}")
    print(format_table(table(rig), ["device", "bus", "intent", "frame", "range", "confirmed by"]))
    return 0


def init_rig(args: argparse.Namespace) -> int:
    from hil.rig_init import scaffold
    from twin.errors import InputError

    if not args.dbc.is_file():
        raise InputError(str(args.dbc), "--dbc", "an existing DBC file")
    if args.dbc.stat().st_size > MAX_DBC_BYTES:
        raise InputError(str(args.dbc), "--dbc", f"a DBC of at most {MAX_DBC_BYTES >> 20} MiB")
    out = args.out.resolve() if args.out is not None else None
    if out is not None and not out.parent.is_dir():
        raise InputError(str(args.out), "--out", f"a file in an existing folder ({out.parent} "
                         f"does not exist)")
    if out is not None and out.is_dir():
        raise InputError(str(args.out), "--out", "a file path, not a folder")
    text, notes = scaffold(args.dbc.resolve(), out, args.name)
    if out is None:
        print(text, end="")
    else:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InputError(str(args.out), "--out", f"a writable file ({exc.strerror})"
                             ) from None
        print(f"wrote {out}")
    for note in notes:
        print(note, file=sys.stderr)
    return 0
