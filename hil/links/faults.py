"""Bus faults on the real links, targetable from a scenario's ``[[faults]]`` table.

One fault is a dict::

    {kind = "can_drop", device = "hvac", start_ms = 0, duration_ms = 500, probability = 0.5}

``start_ms``/``duration_ms`` are on the scenario's clock, like every other fault: a link fault
hits the frames of the requests that *arrive* inside its window (duration omitted: until the
end). ``probability`` (default 1) applies per frame, drawn from the seed, the request and the
fault, so the same seed faults the same commands in every run. ``delay_ms`` is for
``can_delay``; ``device = "*"`` targets every device. Outside a scenario run (``twin rig
check``, the rig verifier) the window counts from the start of the session. Kinds:

- ``can_drop``: the command frame never reaches the bus.
- ``can_delay``: the command frame goes out ``delay_ms`` late.
- ``can_duplicate``: the command frame goes out twice.
- ``can_corrupt``: the command's checksum byte is flipped (the ECU answers BadChecksum).
- ``can_bad_dlc``: the command goes out one byte short (the ECU answers BadLength).
- ``can_error_frames``: an error frame destroys the command; the controller retransmits it
  ``delay_ms`` (default 0.5) later. The error frame is in the trace.
- ``bus_off``: the controller is bus-off: sends fail at once (an error frame marks the start).
- ``device_silent``: the device's status frames are ignored by the host (CAN and serial).
- ``ecu_silent``: the ECU stops sending (a simulated twin sends nothing, cyclic status and
  replies alike; a real device's frames are hidden from the host, the nearest a bench gets to
  pulling its plug). Judged on the scenario clock as it runs (there is no request to key it
  on: a cyclic frame answers none), so the host's cycle watch (:mod:`devices.status_watch`)
  sees the status stop and fails the run; ``probability`` is 1. The requests it hits are those
  whose command went to the device inside the window.
- ``serial_disconnect``: at ``start_ms`` the serial rig goes away (the emulator exits, the
  host sees EIO); every later serial command reports ``serial link down``.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
                     where: str = "faults", rig: str = "the rig") -> list[Fault]:
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
                             f"'*' or a device of {rig} ({names}), got {spec.device!r}")
        delay = spec.delay_ms
        faults.append(Fault(
            spec.kind, spec.device, float(spec.start_ms),
            float("inf") if spec.duration_ms is None else float(spec.duration_ms),
            float(spec.probability),
            (0.5 if spec.kind == "can_error_frames" else 0.0) if delay is None else float(delay),
        ))
    return faults


def check_link_faults(specs: list[LinkFault], rig: str | None, file: str,
                      default_rig: str) -> None:
    """Refuse a link fault naming a device the run's rig lacks, before anything runs. A run
    without a rig checks against ``default_rig`` (the rig ``--rig`` and a real render use when
    none is named): its link faults then hit nothing, but a typo is still a typo."""
    if not specs:
        return
    from hil.rig_file import load_rig  # cantools: only when there are link faults

    loaded = load_rig(rig or default_rig)
    what = f"rig {loaded.name}" if rig else (
        f"rig {loaded.name}, the rig a run uses without --rig")
    faults_from_spec(specs, file, set(loaded.devices), rig=what)


class FaultPlan:
    """Applies faults to frames at the host's CAN port and serial link (seeded).

    The time a fault is judged at is the arrival of the request whose command is on the wire
    (:meth:`request` sets it for the calling thread; :meth:`carry` hands it to a helper
    thread); without one, the wall clock since the session opened. ``hits[k]`` holds the
    requests the ``k``-th fault hit.
    """

    def __init__(self, faults: list[Fault], seed: int = 0,
                 device_of_frame: dict[int, str] | None = None) -> None:
        self.faults = list(faults)
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.device_of_frame = dict(device_of_frame or {})
        self.t0 = time.perf_counter()
        #: the scenario clock now (ms); a run sets it to its lockstep clock, else the wall
        #: clock since the session opened
        self.clock: Callable[[], float] | None = None
        self.injected: dict[str, int] = {}
        self.hits: dict[int, set[int]] = {}
        self._local = threading.local()
        self._draws: dict[tuple[int, int], int] = {}
        self._by_device: dict[str, tuple[int, float]] = {}
        self._lock = threading.Lock()
        self._bus_off_marked = False
        self._disconnected = False

    @contextmanager
    def request(self, index: int, arrival_ms: float) -> Iterator[None]:
        """Frames sent by this thread inside the block belong to request ``index``, which
        arrived at ``arrival_ms`` on the scenario's clock."""
        before = getattr(self._local, "request", None)
        self._local.request = (index, float(arrival_ms))
        try:
            yield
        finally:
            self._local.request = before

    def carry(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` run in another thread, in the calling thread's request."""
        current = getattr(self._local, "request", None)

        def run(*args: Any, **kwargs: Any) -> Any:
            self._local.request = current
            return fn(*args, **kwargs)
        return run

    def _current(self) -> tuple[int, float] | None:
        return getattr(self._local, "request", None)

    def now_ms(self) -> float:
        """The scenario time faults are judged at: the current request's arrival, else the
        wall clock since the session opened."""
        current = self._current()
        return current[1] if current is not None else self.clock_ms()

    def clock_ms(self) -> float:
        """The scenario clock now, whatever request is on this thread."""
        if self.clock is not None:
            return self.clock()
        return (time.perf_counter() - self.t0) * 1e3

    def note_command(self, device: str) -> None:
        """A command to ``device`` goes out now: its status replies belong to this request
        (and it is hit by an ``ecu_silent`` window it arrived in)."""
        current = self._current()
        if current is not None:
            with self._lock:
                self._by_device[device] = current
        if self.has("ecu_silent"):
            self._hits("ecu_silent", device)

    def has(self, kind: str) -> bool:
        return any(f.kind == kind for f in self.faults)

    def silent_now(self, devices: list[str]) -> set[str]:
        """Which of ``devices`` an ``ecu_silent`` window holds silent on the scenario clock
        now (not keyed on a request: nothing is)."""
        now = self.clock_ms()
        return {d for d in devices for f in self.faults
                if f.kind == "ecu_silent" and f.active(d, now)}

    def _chance(self, k: int, fault: Fault, current: tuple[int, float] | None) -> bool:
        if fault.probability >= 1.0:
            return True
        if current is None:
            with self._lock:
                return bool(self.rng.random() < fault.probability)
        with self._lock:  # the n-th draw of fault k for this request: the same in every run
            n = self._draws.get((k, current[0]), 0)
            self._draws[(k, current[0])] = n + 1
        return _uniform(self.seed, k, current[0], n) < fault.probability

    def _hits(self, kind: str, device: str,
              current: tuple[int, float] | None = None) -> Fault | None:
        current = current if current is not None else self._current()
        now = current[1] if current is not None else self.now_ms()
        for k, fault in enumerate(self.faults):
            if fault.kind == kind and fault.active(device, now) and self._chance(
                    k, fault, current):
                with self._lock:
                    self.injected[kind] = self.injected.get(kind, 0) + 1
                    if current is not None:
                        self.hits.setdefault(k, set()).add(current[0])
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
        """False while ``device`` is silenced (judged at the request that last commanded it)."""
        with self._lock:
            current = self._by_device.get(device)
        return self._hits("device_silent", device, current) is None

    def serial_disconnect_due(self) -> bool:
        """True once, when a ``serial_disconnect`` fault starts."""
        if self._disconnected:
            return False
        now = self.now_ms()
        for k, f in enumerate(self.faults):
            if f.kind == "serial_disconnect" and f.start_ms <= now:
                self._disconnected = True
                self.injected["serial_disconnect"] = 1
                current = self._current()
                if current is not None:
                    self.hits.setdefault(k, set()).add(current[0])
                return True
        return False

    def serial_down_hit(self) -> None:
        """A serial command of the current request met the disconnected link."""
        current = self._current()
        if not self._disconnected or current is None:
            return
        for k, f in enumerate(self.faults):
            if f.kind == "serial_disconnect":
                with self._lock:
                    self.hits.setdefault(k, set()).add(current[0])
                return

    def summary(self) -> list[dict[str, Any]]:
        """Per link fault: its window, device and the requests it hit (for report.json)."""
        return [{"kind": f.kind, "device": f.device, "start_ms": f.start_ms,
                 "duration_ms": f.duration_ms if math.isfinite(f.duration_ms) else None,
                 "probability": f.probability,
                 "requests_hit": sorted(self.hits.get(k, ()))[:1000],
                 "requests_hit_count": len(self.hits.get(k, ()))}
                for k, f in enumerate(self.faults)]


def _uniform(*key: int) -> float:
    """A uniform draw in [0, 1) fixed by ``key`` (seed, fault, request, draw): the same in
    every run and on every machine, and independent of the order frames are sent in."""
    digest = hashlib.blake2b(":".join(map(str, key)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2.0**64


class BusOff(can.CanOperationError):
    """Bus-off; ``error_frame`` (first refusal only) is what the trace shows at its start."""

    def __init__(self, error_frame: can.Message | None) -> None:
        super().__init__("bus-off: transmit refused (fault)")
        self.error_frame = error_frame


def _error_frame() -> can.Message:
    return can.Message(is_error_frame=True, arbitration_id=0, data=b"", is_extended_id=False)
