"""Which python-can interfaces open on this machine: ``python -m hil.can_probe [IFACE ...]``.

Runs in a child of ``twin doctor`` (a vendor library may hang or crash while it looks for
hardware), printing one JSON line per interface as it goes: ``{"interface", "opens",
"channel", "reason"}``. Each interface is opened on its usual first channel and shut down;
interfaces that need a device path (a serial adapter, a USB id, a server) are not guessed at.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

#: the first channel a bench usually names, per interface
CHANNELS: dict[str, Any] = {
    "virtual": "doctor-probe", "udp_multicast": "239.74.163.2", "pcan": "PCAN_USBBUS1",
    "vector": 0, "kvaser": 0, "ixxat": 0, "neovi": 1, "nican": "CAN0", "nixnet": "CAN1",
    "etas": "ETAS://ETH/ES910:abcd/CAN:1", "systec": 0, "canalystii": 0, "iscan": 0,
    "neousys": 0, "usb2can": None, "cantact": 0,
}
#: interfaces whose channel is a device or host only the bench knows
NEEDS_A_DEVICE = {"serial": "a serial port", "slcan": "a serial port (slcan adapter)",
                  "robotell": "a serial port", "seeedstudio": "a serial port",
                  "gs_usb": "a USB bus and address", "socketcand": "a socketcand host"}


def _socketcan_channel() -> str | None:
    net = Path("/sys/class/net")
    if not net.is_dir():
        return None
    links = sorted(p.name for p in net.iterdir() if (p / "type").is_file()
                   and (p / "type").read_text().strip() == "280")
    return links[0] if links else None


def probe(interface: str) -> dict[str, Any]:
    import can

    out: dict[str, Any] = {"interface": interface, "opens": False, "channel": None,
                           "reason": ""}
    if interface in NEEDS_A_DEVICE:
        out["reason"] = f"not probed: needs {NEEDS_A_DEVICE[interface]} named in the rig"
        return out
    channel = _socketcan_channel() if interface == "socketcan" else CHANNELS.get(interface, 0)
    if interface == "socketcan" and channel is None:
        out["reason"] = "no can/vcan network interface is up (ip link add ... type vcan)"
        return out
    out["channel"] = channel
    try:
        bus = can.Bus(interface=interface, channel=channel)
    except Exception as exc:  # each vendor backend raises its own types
        text = " ".join(str(exc).split())[:160] or "no message"
        out["reason"] = f"{type(exc).__name__}: {text}"
        return out
    try:
        bus.shutdown()
    finally:
        out["opens"] = True
    return out


def main(argv: list[str]) -> int:
    import can

    for interface in argv or sorted(can.VALID_INTERFACES):
        print(json.dumps(probe(interface)), flush=True)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    raise SystemExit(main(sys.argv[1:]))
