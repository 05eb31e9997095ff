"""Bus faults on the real links, targetable from a scenario's ``[[faults]]`` table.

One fault is a dict::

    {kind = "can_drop", device = "hvac", start_ms = 0, duration_ms = 500, probability = 0.5}

``start_ms``/``duration_ms`` count from the start of the rig session (duration omitted: until
the end); ``probability`` (default 1) applies per frame; ``delay_ms`` is for ``can_delay``;
``device = "*"`` targets every device. Kinds:

- ``can_drop``: the command frame never reaches the bus.
- ``can_delay``: the command frame goes out ``delay_ms`` late.
- ``can_duplicate``: the command frame goes out twice.
- ``can_corrupt``: the command's checksum byte is flipped (the ECU answers BadChecksum).
- ``can_bad_dlc``: the command goes out one byte short (the ECU answers BadLength).
- ``can_error_frames``: an error frame destroys the command; the controller retransmits it
  ``delay_ms`` (default 0.5) later. The error frame is in the trace.
- ``bus_off``: the controller is bus-off: sends fail at once (an error frame marks the start).
- ``device_silent``: the device's status frames are ignored by the host (CAN and serial).
- ``serial_disconnect``: at ``start_ms`` the serial rig goes away (the emulator exits, the
  host sees EIO); every later serial command reports ``serial link down``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import can
import numpy as np

from twin.config.base import parse
from twin.config.faults import LINK_FAULT_KINDS, LinkFault, is_link_fault
from twin.errors import InputError

FAULT_KINDS = LINK_FAULT_KINDS  # the link kinds of the one registry (twin.config.faults)


@dataclass(frozen=True)
class Fault:
    kind: str
    device: str = "*"
    start_ms: float = 0.0
    duration_ms: float = float("inf")
    probability: float = 1.0
    delay_ms: float = 0.0

    def active(self, device: str, now_ms: float) -> bool:
        return (self.device in ("*", device)) and (
            self.start_ms <= now_ms < self.start_ms + self.duration_ms
        )


def faults_from_spec(specs: Any, file: str = "scenario", devices: set[str] | None = None,
                     where: str = "faults") -> list[Fault]:
    """The link faults among a scenario's faults (typed :class:`LinkFault` models, or
    ``[[faults]]`` tables validated here), checked against the rig's ``devices``.

    Entries whose kind is not a link kind (per the registry) are skipped: the twin validates
    and applies those. A bad link fault raises :class:`InputError` naming it.
    """
    if not isinstance(specs, list):
        raise InputError(file, where, "an array of tables ([[faults]])")
    faults = []
    for i, spec in enumerate(specs):
        at = f"{where}[{i}]"
        if not isinstance(spec, LinkFault):
            if isinstance(spec, dict) and not is_link_fault(spec.get("kind")):
                continue  # not a link fault: the twin applies (and validates) it
            spec = parse(LinkFault, spec, file, at)
        if devices is not None and spec.device != "*" and spec.device not in devices:
            names = ", ".join(sorted(devices))
            raise InputError(file, f"{at}.device",
                             f"'*' or a rig device ({names}), got {spec.device!r}")
        delay = spec.delay_ms
        faults.append(Fault(
            spec.kind, spec.device, float(spec.start_ms),
            float("inf") if spec.duration_ms is None else float(spec.duration_ms),
            float(spec.probability),
            (0.5 if spec.kind == "can_error_frames" else 0.0) if delay is None else float(delay),
        ))
    return faults


class FaultPlan:
    """Applies faults to frames at the host's CAN port and serial link (seeded)."""

    def __init__(self, faults: list[Fault], seed: int = 0,
                 device_of_frame: dict[int, str] | None = None) -> None:
        self.faults = list(faults)
        self.rng = np.random.default_rng(seed)
        self.device_of_frame = dict(device_of_frame or {})
        self.t0 = time.perf_counter()
        self.injected: dict[str, int] = {}
        self._bus_off_marked = False
        self._disconnected = False

    def now_ms(self) -> float:
        return (time.perf_counter() - self.t0) * 1e3

    def _hits(self, kind: str, device: str) -> Fault | None:
        now = self.now_ms()
        for fault in self.faults:
            if fault.kind == kind and fault.active(device, now) and (
                fault.probability >= 1.0 or self.rng.random() < fault.probability
            ):
                self.injected[kind] = self.injected.get(kind, 0) + 1
                return fault
        return None

    def tx_hook(self, msg: can.Message) -> list[tuple[float, can.Message]]:
        """For :attr:`devices.can_port.CanPort.tx_hook`."""
        device = self.device_of_frame.get(msg.arbitration_id, "?")
        if self._hits("bus_off", device):
            first = not self._bus_off_marked
            self._bus_off_marked = True
            raise BusOff(_error_frame() if first else None)
        if self._hits("can_drop", device):
            return []
        if fault := self._hits("can_error_frames", device):
            return [(0.0, _error_frame()), (fault.delay_ms / 1e3, msg)]
        data = bytearray(msg.data)
        if self._hits("can_corrupt", device) and len(data) == 8:
            data[7] ^= 0xFF
        if self._hits("can_bad_dlc", device) and data:
            data = data[:-1]
        frame = can.Message(arbitration_id=msg.arbitration_id, data=bytes(data),
                            is_extended_id=msg.is_extended_id)
        out = [(0.0, frame)]
        if fault := self._hits("can_delay", device):
            out = [(fault.delay_ms / 1e3, frame)]
        if self._hits("can_duplicate", device):
            out.append(out[0])
        return out

    def accept_rx(self, device: str) -> bool:
        """False while ``device`` is silenced."""
        return self._hits("device_silent", device) is None

    def serial_disconnect_due(self) -> bool:
        """True once, when a ``serial_disconnect`` fault starts."""
        if self._disconnected:
            return False
        if any(f.kind == "serial_disconnect" and f.start_ms <= self.now_ms() for f in self.faults):
            self._disconnected = True
            self.injected["serial_disconnect"] = 1
            return True
        return False


class BusOff(can.CanOperationError):
    """Bus-off; ``error_frame`` (first refusal only) is what the trace shows at its start."""

    def __init__(self, error_frame: can.Message | None) -> None:
        super().__init__("bus-off: transmit refused (fault)")
        self.error_frame = error_frame


def _error_frame() -> can.Message:
    return can.Message(is_error_frame=True, arbitration_id=0, data=b"", is_extended_id=False)
