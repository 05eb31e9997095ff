"""The host's cycle-time watch: the age of each device's last status frame, and an outage
recorded when a status message stays away past its cycle timeout.

A car's ECUs send their status cyclically (the database's ``GenMsgCycleTime``); an ECU that
falls silent is noticed by the receiver's timeout monitoring, not only when a command times
out. :class:`StatusWatch` checks every watched status message every few ms: a message whose
last valid frame (decoded, E2E-checked) is older than its timeout opens a :class:`StatusLost`
(once per outage; it closes when frames come back). The timeout is
:func:`cycle_timeout_s`: 1.5 cycle times, and at least one cycle plus ``MIN_SLACK_S`` (a host
thread on a shared machine stalls for tens of ms; a 10 ms cycle would otherwise fail runs
that lost nothing). An outage counts only once the host's reader has polled the bus after the
deadline, so frames queued behind a stalled reader are not taken for a silent ECU.

An outage is therefore opened at the timeout plus however late the host ran its threads: the
watch measures that too (:meth:`StatusWatch.host_lag`: the longest gap between two of its
checks and the stalest the reader's poll was at a check), so a loaded machine's late
detection is told apart from a slow rule.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

TIMEOUT_CYCLES = 1.5
"""A status message is lost once it is this many cycle times old..."""
MIN_SLACK_S = 0.05
"""...and at least this much past one cycle time."""


def cycle_timeout_s(cycle_s: float) -> float:
    """How old a cyclic status may get before it counts as lost (s)."""
    return max(TIMEOUT_CYCLES * cycle_s, cycle_s + MIN_SLACK_S)


@dataclass
class Watched:
    """One status message the host expects every ``cycle_s``.

    ``seen()`` is the ``time.monotonic()`` of its last valid frame (None before the first);
    ``beat()`` the monotonic time the host's reader last polled the bus."""

    device: str
    message: str
    cycle_s: float
    seen: Callable[[], float | None]
    beat: Callable[[], float]
    max_age_s: float = 0.0

    @property
    def timeout_s(self) -> float:
        return cycle_timeout_s(self.cycle_s)


@dataclass
class StatusLost:
    """An outage: ``at_ms`` on the scenario clock when it was detected, the status's age then
    (wall ms since its last frame), and when frames came back (None: not before the end)."""

    device: str
    message: str
    at_ms: float
    age_ms: float
    cycle_ms: float
    timeout_ms: float
    resumed_ms: float | None = None
    wall_s: float = 0.0
    """The watch's clock (``time.monotonic()``) at detection."""
    after_silence_ms: float | None = None
    """Wall ms from the moment the device was silenced (an ``ecu_silent`` onset) to the
    detection, when the rig silenced it."""

    def as_dict(self) -> dict[str, Any]:
        def r(v: float | None) -> float | None:
            return None if v is None else round(v, 3)
        return {"device": self.device, "message": self.message, "at_ms": r(self.at_ms),
                "age_ms": r(self.age_ms), "cycle_ms": self.cycle_ms,
                "timeout_ms": r(self.timeout_ms), "resumed_ms": r(self.resumed_ms),
                "after_silence_ms": r(self.after_silence_ms)}


@dataclass
class StatusWatch:
    """Watches ``watched`` on a thread from :meth:`start` to :meth:`stop`; ``now_ms()`` is the
    scenario clock outages are stamped with. ``clock`` is injectable for tests."""

    watched: list[Watched]
    now_ms: Callable[[], float]
    clock: Callable[[], float] = time.monotonic
    lost: list[StatusLost] = field(default_factory=list)
    _open: dict[int, StatusLost] = field(default_factory=dict)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None
    _start: float = 0.0
    _last_check: float | None = None
    check_gap_s: float = 0.0
    """The longest time between two consecutive checks (``every_s`` on an idle host)."""
    reader_lag_s: float = 0.0
    """The stalest the host's reader had caught up with its bus (``beat()``) at a check."""

    @property
    def every_s(self) -> float:
        """How often it checks: a twentieth of the shortest cycle, at most 5 ms."""
        return min([0.005, *(w.cycle_s / 20 for w in self.watched)])

    def start(self) -> StatusWatch:
        self._start = self.clock()
        if self.watched:
            self._thread = threading.Thread(target=self._run, name="status-watch", daemon=True)
            self._thread.start()
        return self

    def stop(self, timeout_s: float = 1.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)

    def _run(self) -> None:
        while not self._stop.wait(self.every_s):
            self.check()

    def check(self) -> None:
        """One pass over every watched message (the thread's work; callable from tests)."""
        now = self.clock()
        if self._last_check is not None:
            self.check_gap_s = max(self.check_gap_s, now - self._last_check)
        self._last_check = now
        for k, w in enumerate(self.watched):
            self.reader_lag_s = max(self.reader_lag_s, now - w.beat())
            last = w.seen()
            last = self._start if last is None else max(last, self._start)
            age = now - last
            w.max_age_s = max(w.max_age_s, age)
            outage = self._open.get(k)
            if age <= w.timeout_s:
                if outage is not None:
                    outage.resumed_ms = self.now_ms()
                    del self._open[k]
                continue
            if outage is None and w.beat() > last + w.timeout_s:
                outage = StatusLost(w.device, w.message, self.now_ms(), age * 1e3,
                                    w.cycle_s * 1e3, w.timeout_s * 1e3, wall_s=now)
                self._open[k] = outage
                self.lost.append(outage)

    def host_lag(self) -> dict[str, float]:
        """How late the host ran the watch (ms): the longest gap between its checks and the
        stalest reader poll it saw. An outage is opened at most about their sum past its
        timeout; on an idle host a few ms."""
        return {"check_gap_ms": round(self.check_gap_s * 1e3, 3),
                "reader_lag_ms": round(self.reader_lag_s * 1e3, 3)}

    def ages(self) -> dict[str, dict[str, Any]]:
        """Per device: each watched message's cycle, timeout and the oldest its status got."""
        out: dict[str, dict[str, Any]] = {}
        for w in self.watched:
            out.setdefault(w.device, {})[w.message] = {
                "cycle_ms": w.cycle_s * 1e3, "timeout_ms": round(w.timeout_s * 1e3, 3),
                "max_age_ms": round(w.max_age_s * 1e3, 3)}
        return out
