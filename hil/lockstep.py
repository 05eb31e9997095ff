# Over 400 lines: the pacing loop, its learnt wake lead and the held (ecu_silent) windows all
# read and move the one clock's state; split apart they would hand it back and forth.
"""Lockstep: the twin's simulated clock (ms) kept in step with the wall clock.

:class:`LockstepEnvironment` is a SimPy environment whose :meth:`~LockstepEnvironment.step`
waits until the wall clock reaches the next event's simulated time, as
``simpy.rt.RealtimeEnvironment`` does, so any SimPy model runs in lockstep (``run(until=...)``
included); lateness is measured per event. Real work runs in worker threads
(:meth:`~LockstepEnvironment.call`) and resumes its process at the wall-clock moment its result
existed; a call past its timeout raises :class:`RealCallTimeout` in that process only. While a
run goes, the pacing thread is at ``SCHED_FIFO`` where granted (``hil.realtime``) and the GIL
switch interval is lowered; while nothing is in flight the clock may leap to the next arrival
(``warp_idle``). SimPy is only ever touched from the pacing thread.
"""

from __future__ import annotations

import contextlib
import queue
import sys
import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import simpy
from simpy.core import EmptySchedule, Infinity

from hil.realtime import enter_realtime, leave_realtime

#: no real call may take longer than this: the bench never hangs
DEFAULT_CALL_TIMEOUT_S = 30.0
#: at normal priority, sleep until this long before an event is due, then yield until it is (a
#: sleep overshoots by the timer slack plus the wake-up).
SPIN_MS = 0.3
#: a SCHED_FIFO pacing thread has no timer slack, but its wake-up still takes time: 45-60 us at
#: p50 on a KVM guest whose idle vCPU halts (a C ``clock_nanosleep`` shows the same;
#: BENCHMARKS.md, issue 27). It wakes that long early (the lead, tracked as the p95
#: of its recent oversleeps) and busy-waits the rest, never more than this per event, so it
#: takes a core from the rig's threads for at most this long.
WAKE_LEAD_MAX_MS = 0.15
#: the lead a run starts with, and how fast it follows the oversleeps (ms per wake)
WAKE_LEAD_START_MS = 0.05
WAKE_LEAD_STEP_MS = 0.004
#: the quantile of the oversleep the lead tracks: the other wakes are late by the excess
WAKE_LEAD_QUANTILE = 0.95
#: the interpreter's GIL switch interval while a lockstep run is going (a worker running Python
#: would otherwise keep the woken pacing thread waiting up to the default 5 ms)
SWITCH_INTERVAL_S = 0.0005
#: an event this close to its due time is due (a clock's rounding never makes a wait spin)
_DUE_EPS_MS = 1e-6


class Clock(Protocol):
    """Where the lockstep reads the wall clock and sleeps (seconds); a test injects a fake one,
    advanced by its sleeps and by the real calls it runs."""

    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class WallClock:
    """The machine's monotonic clock (``time.perf_counter``) and ``time.sleep``."""

    now = staticmethod(time.perf_counter)
    sleep = staticmethod(time.sleep)


class _Workers:
    """Daemon threads that run real calls, started when a run starts (one set per run).

    ``Thread.start()`` blocks until the new thread first runs, which on a loaded machine means
    waiting for a CPU at normal priority while the pacing thread waits; workers started ahead
    of need take a call from a queue instead. A new thread is started only when every worker is
    busy (a hung call keeps its own). Daemon threads, so a hung call never keeps the
    interpreter from exiting; :meth:`close` ends every worker once its current call returns.
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._idle = 0
        self._threads = 0
        self._lock = threading.Lock()

    def start(self, ready: int) -> None:
        for _ in range(ready):
            self._start()

    def _start(self) -> None:
        with self._lock:
            self._idle += 1
            self._threads += 1
        threading.Thread(target=self._loop, name="real-call", daemon=True).start()

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            with self._lock:
                self._idle -= 1
            try:
                job()
            finally:
                with self._lock:
                    self._idle += 1

    def submit(self, job: Callable[[], None]) -> None:
        with self._lock:
            busy = self._idle == 0
        if busy:
            self._start()
        self._jobs.put(job)

    def close(self) -> None:
        """One stop per thread: idle workers end now, busy ones after their call."""
        with self._lock:
            n = self._threads
        for _ in range(n):
            self._jobs.put(None)


class RealCallTimeout(RuntimeError):
    """A real stage's worker did not finish within its timeout."""


@dataclass
class LockstepStats:
    """Pacing lateness per event and simulated-minus-measured error per real call (ms)."""

    lateness_ms: list[float] = field(default_factory=list)
    calls: list[dict[str, Any]] = field(default_factory=list)
    warps: int = 0
    warped_ms: float = 0.0
    #: the pacing thread's scheduling while it ran (``SCHED_FIFO 10``, or why not)
    realtime: str = "not started"
    #: real calls abandoned after the call timeout, per stage
    call_timeouts: dict[str, int] = field(default_factory=dict)
    #: wall time the last run() spent setting up before the clock was anchored (ms)
    setup_ms: float = 0.0
    #: how early a SCHED_FIFO pacing thread wakes before an event (ms; 0: it does not), and
    #: the wall time it busy-waited for events in all (what waking early costs a core)
    wake_lead_ms: float = 0.0
    spun_ms: float = 0.0

    def summary(self) -> dict[str, Any]:
        late = np.asarray(self.lateness_ms)
        err = np.asarray([c["sim_minus_measured_ms"] for c in self.calls])
        by_stage: dict[str, Any] = {}
        for stage in sorted({c["stage"] for c in self.calls}):
            e = np.asarray([c["sim_minus_measured_ms"] for c in self.calls if c["stage"] == stage])
            m = np.asarray([c["measured_ms"] for c in self.calls if c["stage"] == stage])
            by_stage[stage] = {
                "calls": int(e.size),
                "measured_p50_ms": round(float(np.median(m)), 3),
                "error_mean_ms": round(float(e.mean()), 3),
                "error_p99_abs_ms": round(float(np.percentile(np.abs(e), 99)), 3),
            }
        return {
            "events": int(late.size),
            "lateness_p50_ms": round(float(np.median(late)), 4) if late.size else None,
            "lateness_p99_ms": round(float(np.percentile(late, 99)), 4) if late.size else None,
            "lateness_max_ms": round(float(late.max()), 4) if late.size else None,
            "real_calls": int(err.size),
            "sim_minus_measured_mean_ms": round(float(err.mean()), 4) if err.size else None,
            "sim_minus_measured_p99_abs_ms": (
                round(float(np.percentile(np.abs(err), 99)), 4) if err.size else None),
            "stages": by_stage,
            "idle_warps": self.warps,
            "idle_warped_ms": round(self.warped_ms, 3),
            "realtime": self.realtime,
            "wake_lead_ms": round(self.wake_lead_ms, 4),
            "spun_ms": round(self.spun_ms, 3),
            "call_timeouts": sum(self.call_timeouts.values()),
            "call_timeouts_by_stage": dict(self.call_timeouts),
        }


class LockstepEnvironment(simpy.Environment):
    """Simulated ms paced against the wall clock, with threaded real calls.

    The clock is anchored when :meth:`run` starts (after the worker threads are up and the
    pacing thread is real-time, so that set-up is no event's lateness) and again by
    :meth:`sync`; between runs it stands still. ``clock`` is injectable for tests.
    ``wake_lead=False`` makes a SCHED_FIFO pacing thread sleep right up to each due time (the
    pacing before issue 27, kept for the benchmark's side-by-side)."""

    def __init__(self, warp_idle: bool = True,
                 call_timeout_s: float = DEFAULT_CALL_TIMEOUT_S, realtime: bool = True,
                 clock: Clock | None = None, wake_lead: bool = True) -> None:
        super().__init__()
        self._realtime = realtime
        self._clock: Clock = clock if clock is not None else WallClock()
        #: yield-spin before a due time at normal priority on the wall clock only (a fake
        #: clock is advanced by its sleeps; a SCHED_FIFO thread busy-waits its wake lead)
        self._spin_ms = SPIN_MS if clock is None else 0.0
        #: wake early by the tracked lead and busy-wait: SCHED_FIFO on the wall clock only
        self._wake_lead = wake_lead and clock is None
        self._lead_ms = 0.0  # the lead in force (0 while not SCHED_FIFO)
        self._learned_lead_ms = WAKE_LEAD_START_MS  # kept from run to run
        self.stats = LockstepStats()
        self._done: queue.Queue[tuple[simpy.Event, float, Any, BaseException | None]] = (
            queue.Queue())
        self._pending = 0
        #: set by the engine: True while no request is in flight (then the clock may leap)
        self.idle_probe: Callable[[], bool] | None = None
        #: scenario spans [start, end) ms the clock runs through at wall speed, never leaping
        #: into or across them: an ``ecu_silent`` window lasts its length on the wall, so the
        #: host's cycle watch can see it (a leap, at load 10, skipped a 700 ms window whole)
        self.held: list[tuple[float, float]] = []
        self._warp = warp_idle
        self._call_timeout_s = call_timeout_s
        #: running calls: their event -> (wall-clock timeout, stage)
        self._deadlines: dict[simpy.Event, tuple[float, str]] = {}
        self._workers = _Workers()
        self._wall0 = self._clock.now()
        self._sim0 = 0.0

    @property
    def call_timeout_s(self) -> float:
        """How long a real call may run before it is abandoned (s)."""
        return self._call_timeout_s

    def sync(self) -> None:
        """Anchor the simulated now to the wall clock now (as ``simpy.rt``'s ``sync``)."""
        self._wall0 = self._clock.now()
        self._sim0 = self._now

    def wall_ms(self) -> float:
        """The simulated time that corresponds to the wall clock right now."""
        return self._sim0 + (self._clock.now() - self._wall0) * 1000.0

    def call(self, stage: str, fn: Callable[[], Any]) -> Generator[simpy.Event, Any, Any]:
        """Run blocking ``fn`` in a worker thread; resume when it is done. Returns its result
        and records measured wall time against the simulated time that passed.

        A call still running ``call_timeout_s`` after it started raises
        :class:`RealCallTimeout` in the waiting process (which may degrade that request and go
        on); the thread is abandoned and its late result ignored."""
        event = self.event()
        sim_start = self.now
        box: dict[str, float] = {}
        now = self._clock.now

        def work() -> None:
            t0 = now()
            try:
                result, error = fn(), None
            except BaseException as exc:  # handed to the simulation thread
                result, error = None, exc
            box["measured_ms"] = (now() - t0) * 1000.0
            # the simulated moment the result exists: the wall clock now, which includes any
            # wait for a CPU before the work started (sim_start + measured would not)
            self._done.put((event, self.wall_ms(), result, error))

        self._pending += 1
        self._deadlines[event] = (now() + self._call_timeout_s, stage)
        self._workers.submit(work)
        try:
            return (yield event)
        finally:  # recorded whether the call returned, raised or timed out
            measured = box.get("measured_ms", self._call_timeout_s * 1000.0)
            self.stats.calls.append({"stage": stage, "measured_ms": measured,
                                     "sim_ms": self.now - sim_start,
                                     "sim_minus_measured_ms": (self.now - sim_start) - measured})

    def _complete(self, item: tuple[simpy.Event, float, Any, BaseException | None]) -> None:
        event, finished_at, result, error = item
        if self._deadlines.pop(event, None) is None:
            return  # it already timed out: the waiting process has moved on
        self._pending -= 1
        # simulated time advances to the wall-clock moment the result existed; it never runs
        # backwards and never passes an event that is already due (the residual is the
        # reported sim-minus-measured error)
        self._now = min(max(self._now, finished_at), self.peek())
        if error is not None:
            event.fail(error)
        else:
            event.succeed(result)

    def _expire(self) -> bool:
        """Fail every call past its timeout (True when one was)."""
        now = self._clock.now()
        late = [(e, stage) for e, (due, stage) in self._deadlines.items() if due <= now]
        for event, stage in late:
            del self._deadlines[event]
            self._pending -= 1
            self.stats.call_timeouts[stage] = self.stats.call_timeouts.get(stage, 0) + 1
            self._now = min(max(self._now, self.wall_ms()), self.peek())
            event.fail(RealCallTimeout(
                f"a real {stage} call took more than {self._call_timeout_s:g} s"))
        return bool(late)

    def _next_expiry_s(self) -> float:
        """Seconds until the earliest running call times out (inf when none runs)."""
        if not self._deadlines:
            return float("inf")
        return max(min(d for d, _ in self._deadlines.values()) - self._clock.now(), 0.0)

    def _follow(self, overslept_ms: float) -> None:
        """Move the wake lead towards the :data:`WAKE_LEAD_QUANTILE` of the oversleeps (one
        step per wake: a stochastic quantile estimate, O(1), no samples kept)."""
        if overslept_ms > self._lead_ms:
            lead = self._lead_ms + WAKE_LEAD_STEP_MS * WAKE_LEAD_QUANTILE
        else:
            lead = self._lead_ms - WAKE_LEAD_STEP_MS * (1.0 - WAKE_LEAD_QUANTILE)
        self._lead_ms = min(max(lead, 0.0), WAKE_LEAD_MAX_MS)

    def _until(self, target: float) -> tuple[simpy.Event, float, Any, BaseException | None] | bool:
        """Wait until simulated ``target`` is due on the wall clock (True), a real call
        finishes (returned), or one times out first (False)."""
        lead = self._lead_ms
        due = (target - self.wall_ms() - self._spin_ms - lead) / 1000.0
        expiry = self._next_expiry_s()
        coarse = min(due, expiry)
        if coarse > 0:
            slept_at = self._clock.now()
            if self._pending:
                try:
                    return self._done.get(timeout=coarse)
                except queue.Empty:
                    pass
            else:
                self._clock.sleep(coarse)
            if lead:
                self._follow((self._clock.now() - slept_at - coarse) * 1000.0)
        if expiry <= due:
            return False  # a call timed out before the event is due: expire it first
        spin_from = self._clock.now() if lead else 0.0
        while (ahead := target - self.wall_ms()) > _DUE_EPS_MS:
            if self._pending:
                try:
                    return self._done.get_nowait()
                except queue.Empty:
                    pass
            if self._spin_ms:  # normal priority: yield (releases the GIL: workers run)
                self._clock.sleep(0.0)
            elif not lead:  # sleep out a short wake
                self._clock.sleep(ahead / 1000.0)
            # else SCHED_FIFO: busy-wait the lead (at most WAKE_LEAD_MAX_MS; a sleep would
            # wake later than the event, and releasing the GIL could cost a switch interval)
        if lead:
            self.stats.spun_ms += (self._clock.now() - spin_from) * 1000.0
        return True

    def run(self, until: Any = None) -> Any:
        """``simpy.Environment.run`` with the pacing set up around it (worker threads, the
        switch interval, SCHED_FIFO where granted) and the clock anchored after that."""
        t0 = self._clock.now()
        interval = sys.getswitchinterval()
        sys.setswitchinterval(min(interval, SWITCH_INTERVAL_S))
        self._workers = _Workers()  # each run its own: a hung call of an earlier run is not one
        self._workers.start(2)  # before real-time (they would not inherit it anyway)
        self.stats.realtime = enter_realtime() if self._realtime else "off"
        spin = self._spin_ms
        if self.stats.realtime.startswith("SCHED_FIFO"):
            self._spin_ms = 0.0
            self._lead_ms = self._learned_lead_ms if self._wake_lead else 0.0
        self.sync()
        self.stats.setup_ms = (self._wall0 - t0) * 1000.0
        try:
            return super().run(until)
        finally:
            self._spin_ms = spin
            if self._lead_ms:
                self._learned_lead_ms = self.stats.wake_lead_ms = self._lead_ms
            self._lead_ms = 0.0
            self._workers.close()
            if self.stats.realtime.startswith("SCHED_FIFO"):
                leave_realtime()
            sys.setswitchinterval(interval)

    def _leap_end(self, now: float, target: float) -> float:
        """Where an idle leap from ``now`` towards ``target`` may end: not inside a
        :attr:`held` span (no leap) nor past the start of one."""
        for start, end in self.held:
            if start <= now < end:
                return now
            if now < start < target:
                target = start
        return target

    def step(self) -> None:
        """Process the next event once the wall clock reaches its time, handing finished real
        calls to their processes and expiring hung ones meanwhile. Raises
        ``simpy.core.EmptySchedule`` when no event is left and no real call is running."""
        while True:
            target = self.peek()
            if target == Infinity and self._pending == 0:
                raise EmptySchedule
            idle = self.idle_probe
            if self._warp and self._pending == 0 and idle is not None and idle():
                now = self.wall_ms()
                ahead = self._leap_end(now, target) - now
                if ahead > 0:  # nothing in flight: leap to the next event
                    self._sim0 += ahead
                    self.stats.warps += 1
                    self.stats.warped_ms += ahead
            if self._expire():
                continue
            if target == Infinity:  # only real calls left: wait for one, bounded
                with contextlib.suppress(queue.Empty):  # else the next pass expires it
                    self._complete(self._done.get(timeout=self._next_expiry_s()))
                continue
            finished = self._until(target)
            if finished is False:
                continue  # the loop's next pass expires the call
            if finished is not True:
                self._complete(finished)
                continue
            self.stats.lateness_ms.append(max(self.wall_ms() - target, 0.0))
            super().step()
            return
