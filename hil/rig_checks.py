"""Rig definitions that cannot work, refused when the rig file loads (one line, exit 2).

- a device whose status message is a message the host itself sends (its own command, or
  another device's): the host never dispatches its own frame ids, so every command would time
  out;
- a safe-state value that is not a finite number inside the DBC range of its signal (cantools
  would refuse to encode it when the safe state matters most);
- a mapping (command signal -> status signal) naming a status signal the DBC does not have.

Called from :func:`hil.rig.load_rig` after the devices are parsed.
"""

from __future__ import annotations

import math
from typing import Any

from cantools.database.can import Database

from twin.errors import InputError


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def check_devices(devices: dict[str, Any], db: Database, file: str,
                  safe_values: Any) -> None:
    """Raise :class:`InputError` for the first device definition that cannot work.

    ``devices`` maps name -> DeviceConfig; ``safe_values(device, db)`` gives the values the
    safe state would command (documented defaults merged with the rig's ``safe_state``).
    """
    sent = {db.get_message_by_name(d.command).frame_id: (name, d.command)
            for name, d in devices.items()}
    for name, d in devices.items():
        at = f"devices.{name}"
        status = db.get_message_by_name(d.status)
        if status.frame_id in sent:
            owner, msg = sent[status.frame_id]
            raise InputError(file, f"{at}.status",
                             f"a status message the device sends, not {d.status!r}: the host "
                             f"sends {msg!r} (id {status.frame_id:#x}) as {owner}'s command "
                             f"and never reads its own frames")
        status_names = {s.name for s in status.signals}
        for cmd_sig, status_sig in d.mapping.items():
            if status_sig not in status_names:
                raise InputError(file, f"{at}.mapping.{cmd_sig}",
                                 f"a signal of {d.status} ({', '.join(sorted(status_names))}),"
                                 f" got {status_sig!r}")
        command = db.get_message_by_name(d.command)
        signals = {s.name: s for s in command.signals}
        for sig_name, value in safe_values(d, db).items():
            sig = signals[sig_name]
            key = f"{at}.safe_state.{sig_name}"
            if not _number(value) or not math.isfinite(value):
                raise InputError(file, key, f"a finite number, got {value!r}")
            low, high = sig.minimum, sig.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                raise InputError(file, key,
                                 f"a value in the DBC range [{low:g}, {high:g}] of "
                                 f"{d.command}.{sig_name}, got {value!r}")
