"""Rig definitions that cannot work, refused when the rig file loads (one line, exit 2).

The typed loader (:mod:`hil.rig_file`) already refuses, per device: a status message equal to
the device's own command, a safe-state or bound value outside its signal's range, and a
confirmation on a signal the status message does not have. What only shows across devices is
checked here:

- a device whose status message is one the host itself sends on that bus as another device's
  command: the host never dispatches its own frame ids, so every command would time out.

Called from :func:`hil.rig_file.load_rig` before the devices are parsed one by one.
"""

from __future__ import annotations

from typing import Any

from twin.errors import InputError


def check_devices(devices: dict[str, Any], buses: dict[str, Any], file: str) -> None:
    """Raise :class:`InputError` for the first device definition that cannot work.

    ``devices`` maps name -> the rig file's device table (``bus``, ``command``, ``status``),
    ``buses`` name -> :class:`hil.rig_file.BusConfig`. Runs before the devices are parsed one
    by one: names the DBC lacks are left to that (it says which key).
    """
    sent: dict[tuple[str, int], tuple[str, str]] = {}
    for name, d in devices.items():
        msg = _message(buses, d.bus, d.command)
        if msg is not None:
            sent[(d.bus, msg.frame_id)] = (name, d.command)
    for name, d in devices.items():
        status = _message(buses, d.bus, d.status) if d.status else None
        owner = sent.get((d.bus, status.frame_id)) if status is not None else None
        if owner is None or owner[0] == name:  # its own command: refused by the loader
            continue
        raise InputError(file, f"devices.{name}.status",
                         f"a status message the device sends, not {d.status!r}: the host "
                         f"sends {owner[1]!r} (id {status.frame_id:#x}) as {owner[0]}'s "
                         f"command and never reads its own frames")


def _message(buses: dict[str, Any], bus: str, name: str) -> Any:
    if bus not in buses:
        return None
    try:
        return buses[bus].db.get_message_by_name(name)
    except KeyError:
        return None
