"""Background traffic: a recorded CAN trace (BLF or ASC, read by python-can's ``LogReader``)
replayed onto a rig's bus alongside a run, so the run meets a real car's bus load.

The trace's first frame is the scenario's time zero; each frame goes out when the scenario
clock (the run's lockstep clock) reaches its offset, from its own bus handle, so the host and
the twins receive it as from another node and the host's trace records it. Frames are left
out, and counted, when they would be on an id the rig's devices use (a second sender there
would answer for a device), when they are error or remote frames, or when they are on a trace
channel the rig has no bus for. When the scenario clock leaps over idle time (nothing in
flight: the lockstep skips ahead), the frames of the leapt span are dropped (counted in
``leapt``) instead of sent in one burst. A trace longer than the run is cut at its end.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import can

from twin.errors import InputError

REPLAY_SUFFIXES = (".blf", ".asc")
MAX_REPLAY_FRAMES = 5_000_000
"""Frames read from one trace (about 40 minutes at 2,000 frames/s): a bound on memory."""
LEAP_MS = 20.0
"""A frame this far behind the scenario clock was leapt over (idle time skipped), not late."""


@dataclass(frozen=True)
class Frame:
    t_ms: float
    arbitration_id: int
    is_extended_id: bool
    data: bytes
    is_fd: bool
    bitrate_switch: bool


@dataclass
class Trace:
    """The frames of a trace file per trace channel (0-based, as python-can reads them)."""

    path: Path
    frames: dict[int, list[Frame]]
    span_ms: float
    skipped: dict[str, int] = field(default_factory=dict)


def read_trace(path: str | Path, flag: str = "--replay") -> Trace:
    """Every data frame of a BLF/ASC file, timed from its first frame. One-line
    :class:`InputError` for a file that is missing, of another kind, or unreadable."""
    file = Path(path)
    if not file.is_file():
        raise InputError(str(file), flag, "an existing BLF or ASC trace file")
    if file.suffix.lower() not in REPLAY_SUFFIXES:
        raise InputError(str(file), flag, f"a trace python-can reads ({', '.join(REPLAY_SUFFIXES)}"
                         f"), got {file.suffix or 'no suffix'}")
    frames: dict[int, list[Frame]] = {}
    skipped = {"error_or_remote": 0}
    first: float | None = None
    last = 0.0
    try:
        for n, msg in enumerate(can.LogReader(str(file))):
            if n >= MAX_REPLAY_FRAMES:
                raise InputError(str(file), flag, f"a trace of at most {MAX_REPLAY_FRAMES:,} "
                                 "frames")
            if msg.is_error_frame or msg.is_remote_frame:
                skipped["error_or_remote"] += 1
                continue
            first = msg.timestamp if first is None else first
            last = (msg.timestamp - first) * 1e3
            channel = msg.channel if isinstance(msg.channel, int) else 0
            frames.setdefault(channel, []).append(Frame(
                last, msg.arbitration_id, msg.is_extended_id, bytes(msg.data),
                bool(msg.is_fd), bool(msg.bitrate_switch)))
    except InputError:
        raise
    except Exception as exc:  # python-can raises many kinds on a damaged file
        raise InputError(str(file), flag, f"a readable trace ({type(exc).__name__}: "
                         f"{' '.join(str(exc).split())[:120]})") from None
    if first is None:
        raise InputError(str(file), flag, "a trace with at least one data frame")
    for channel in frames:  # a file's frames may be out of order across channels
        frames[channel].sort(key=lambda f: f.t_ms)
    return Trace(file, frames, last, skipped)


class Replay:
    """Sends one trace channel's frames on ``bus`` at their offsets on ``clock_ms()`` (the
    scenario clock), from :meth:`start` until the trace ends or :meth:`stop`."""

    def __init__(self, frames: list[Frame], bus: can.BusABC, exclude_ids: set[int],
                 name: str = "replay") -> None:
        self.bus = bus
        self.name = name
        self.frames = [f for f in frames if f.arbitration_id not in exclude_ids]
        self.on_rig_ids = len(frames) - len(self.frames)
        self.sent = 0
        self.leapt = 0
        self.errors = 0
        self.late_ms_max = 0.0
        self.clock_ms: Callable[[], float] = lambda: 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, clock_ms: Callable[[], float]) -> Replay:
        self.clock_ms = clock_ms
        self._thread = threading.Thread(target=self._run, name=f"{self.name}", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout_s: float = 1.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)

    def _run(self) -> None:
        frames, i, n = self.frames, 0, len(self.frames)
        while i < n and not self._stop.is_set():
            now = self.clock_ms()
            while i < n and frames[i].t_ms <= now:
                f = frames[i]
                i += 1
                behind = now - f.t_ms
                if behind > LEAP_MS:  # the scenario clock leapt over idle time
                    self.leapt += 1
                    continue
                self.late_ms_max = max(self.late_ms_max, behind)
                try:
                    self.bus.send(can.Message(
                        arbitration_id=f.arbitration_id, is_extended_id=f.is_extended_id,
                        data=f.data, is_fd=f.is_fd, bitrate_switch=f.bitrate_switch),
                        timeout=0.01)
                    self.sent += 1
                except can.CanError:
                    self.errors += 1
            if i < n:  # until the next frame is due (at most 5 ms: the clock may leap)
                self._stop.wait(min(max(frames[i].t_ms - self.clock_ms(), 0.0), 5.0) / 1e3)

    def summary(self) -> dict[str, Any]:
        return {"frames": len(self.frames) + self.on_rig_ids, "sent": self.sent,
                "left_out_on_rig_ids": self.on_rig_ids, "leapt": self.leapt,
                "send_errors": self.errors, "late_ms_max": round(self.late_ms_max, 3),
                "span_ms": round(self.frames[-1].t_ms, 3) if self.frames else 0.0}
