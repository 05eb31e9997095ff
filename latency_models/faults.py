"""Fault models: each adds latency to the stages it targets, never removes any.

Every fault is keyed on the request's *arrival* time (the moment the user stops speaking): a
request that arrives while a fault is active carries that fault's extra latency through the
stages it targets. Keying on arrival (not on when the stage starts) makes faults independent
of each other, so adding a fault can never make any request faster, in the SimPy engine and in
the fast path alike. The one exception by design is :class:`Pause`: a stop-the-world pause
freezes every request in flight in its stages, whatever their arrival (see :func:`pause_end`).

Each fault draws its randomness up front from its own Generator (``prepare``) so that adding
one fault never shifts another's random draws.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from latency_models.stages import STAGES


@dataclass(frozen=True)
class Fault:
    """A fault active during ``[start_ms, start_ms + duration_ms)`` on ``stages``.

    With ``every_ms`` the window repeats: active during ``[start + k*every, start + k*every +
    duration)`` for as long as ``until_ms`` (default: forever).
    """

    kind: ClassVar[str] = ""
    default_stages: ClassVar[tuple[str, ...]] = ()
    #: ``prepare(rng, a)`` then ``prepare(rng, b)`` give ``prepare(rng, a + b)`` and
    #: ``extra_ms`` is per request: a run drawn chunk by chunk (``twin.chunked``) is the same
    #: run (a fault kind from outside the package says so itself)
    chunkable: ClassVar[bool] = False
    start_ms: float = 0.0
    duration_ms: float = float("inf")
    every_ms: float | None = None
    until_ms: float = float("inf")
    stages: tuple[str, ...] = ()

    def targets(self) -> tuple[str, ...]:
        return self.stages or self.default_stages

    def active(self, t_ms: np.ndarray) -> np.ndarray:
        """Boolean mask: is the fault active at each time?"""
        t = np.asarray(t_ms, dtype=float)
        rel = t - self.start_ms
        if self.every_ms:
            inside = (rel >= 0) & (np.mod(rel, self.every_ms) < self.duration_ms)
        else:
            inside = (rel >= 0) & (rel < self.duration_ms)
        return inside & (t < self.until_ms)

    def prepare(self, rng: np.random.Generator, n: int) -> np.ndarray | None:
        """Per-request random draws (indexed by arrival order), made once up front."""
        return None

    def extra_ms(
        self,
        arrival_ms: np.ndarray,
        prev_arrival_ms: np.ndarray,
        base: dict[str, np.ndarray],
        draws: np.ndarray | None,
    ) -> dict[str, np.ndarray]:
        """Extra latency per targeted stage (>= 0) for requests arriving at ``arrival_ms``.

        ``prev_arrival_ms`` is the arrival of the request just before each one (-inf for the
        first); ``base`` the requests' base latencies per stage; ``draws`` this fault's
        prepared draws for the same requests. Works on arrays of any length, so the SimPy
        engine can call it for one request as it arrives.
        """
        raise NotImplementedError


@dataclass(frozen=True)
class RttSpike(Fault):
    """RTT spike / 5G handover: the network stage's RTT jumps from ``base_ms`` to ``spike_ms``."""

    kind: ClassVar[str] = "rtt_spike"
    chunkable: ClassVar[bool] = True
    default_stages: ClassVar[tuple[str, ...]] = ("network",)
    base_ms: float = 12.0
    spike_ms: float = 60.0

    def extra_ms(self, arrival_ms, prev_arrival_ms, base, draws):  # type: ignore[no-untyped-def]
        extra = np.where(self.active(arrival_ms), max(self.spike_ms - self.base_ms, 0.0), 0.0)
        return {s: extra for s in self.targets()}


@dataclass(frozen=True)
class PacketLoss(Fault):
    """Loss with retransmission: each lost attempt costs one retransmission timeout."""

    kind: ClassVar[str] = "packet_loss"
    chunkable: ClassVar[bool] = True
    default_stages: ClassVar[tuple[str, ...]] = ("network",)
    loss: float = 0.02
    rto_ms: float = 200.0

    def prepare(self, rng: np.random.Generator, n: int) -> np.ndarray | None:
        # failed attempts before the first success: geometric(1 - loss) - 1
        return rng.geometric(1.0 - self.loss, n) - 1.0 if self.loss > 0 else np.zeros(n)

    def extra_ms(self, arrival_ms, prev_arrival_ms, base, draws):  # type: ignore[no-untyped-def]
        extra = np.where(self.active(arrival_ms), draws * self.rto_ms, 0.0)
        return {s: extra for s in self.targets()}


@dataclass(frozen=True)
class ColdLoad(Fault):
    """Cold model load: the model is evicted at the window start (and every ``every_ms``); the
    first request to arrive after an eviction pays ``cold_ms`` to load it again."""

    kind: ClassVar[str] = "cold_load"
    chunkable: ClassVar[bool] = True
    default_stages: ClassVar[tuple[str, ...]] = ("model_load",)
    cold_ms: float = 800.0

    def _evictions_before(self, t: np.ndarray) -> np.ndarray:
        """How many evictions happened at or before each time (none at or after ``until_ms``:
        the window is ``[start, until)`` as in :meth:`Fault.active`)."""
        rel = np.minimum(t, np.nextafter(self.until_ms, -np.inf)) - self.start_ms
        if self.every_ms:
            last = np.floor(np.minimum(rel, self.duration_ms - 1e-9) / self.every_ms)
            count = np.where(rel >= 0, last + 1, 0.0)
        else:
            count = np.where(rel >= 0, 1.0, 0.0)
        return count

    def extra_ms(self, arrival_ms, prev_arrival_ms, base, draws):  # type: ignore[no-untyped-def]
        t = np.asarray(arrival_ms, dtype=float)
        # cold when an eviction happened after the previous arrival and by this one
        prev = np.asarray(prev_arrival_ms, dtype=float)
        before_prev = np.where(np.isfinite(prev), self._evictions_before(prev), 0.0)
        cold = self._evictions_before(t) > before_prev
        extra = np.where(cold, self.cold_ms, 0.0)
        return {s: extra for s in self.targets()}


@dataclass(frozen=True)
class Fragmentation(Fault):
    """Memory-fragmentation drift: latency grows by ``growth_per_s`` (fraction of the base
    latency per second since the last restart) until a restart every ``restart_every_ms``."""

    kind: ClassVar[str] = "fragmentation"
    chunkable: ClassVar[bool] = True
    default_stages: ClassVar[tuple[str, ...]] = ("inference",)
    growth_per_s: float = 0.01
    restart_every_ms: float = float("inf")

    def extra_ms(self, arrival_ms, prev_arrival_ms, base, draws):  # type: ignore[no-untyped-def]
        t = np.asarray(arrival_ms, dtype=float)
        since = np.maximum(t - self.start_ms, 0.0)
        if np.isfinite(self.restart_every_ms):
            since = np.mod(since, self.restart_every_ms)
        factor = np.where(self.active(t), self.growth_per_s * since / 1000.0, 0.0)
        return {s: base[s] * factor for s in self.targets()}


@dataclass(frozen=True)
class Pause(Fault):
    """Stop-the-world pause (GC, thermal throttle): every request in flight in the targeted
    stages stops for the pause. Applied through :func:`pause_end`, not as an extra."""

    kind: ClassVar[str] = "pause"
    chunkable: ClassVar[bool] = True
    default_stages: ClassVar[tuple[str, ...]] = STAGES

    def extra_ms(self, arrival_ms, prev_arrival_ms, base, draws):  # type: ignore[no-untyped-def]
        return {}

    def intervals(self, horizon_ms: float) -> np.ndarray:
        """The pause windows up to ``horizon_ms`` as an (n, 2) array of [start, end)."""
        end = min(horizon_ms, self.until_ms)
        if self.every_ms:
            starts = np.arange(self.start_ms, end, self.every_ms)
        else:
            starts = np.array([self.start_ms]) if self.start_ms < end else np.array([])
        return np.column_stack([starts, starts + self.duration_ms])


@dataclass(frozen=True)
class LinkWindow(Fault):
    """A fault on a rig's real links (``can_drop``, ``device_silent``, ...), on the scenario's
    clock: the commands of requests arriving in its window are faulted by the hardware floor.
    It adds no modelled latency; it is here so every fault shares one clock, one report entry
    and one timeline. Which requests it hit is known only after the real run."""

    kind: str = ""  # type: ignore[misc]  (one class, many link kinds)
    device: str = "*"

    def extra_ms(self, arrival_ms, prev_arrival_ms, base, draws):  # type: ignore[no-untyped-def]
        return {}


@dataclass(frozen=True)
class PauseSchedule:
    """Merged stop-the-world windows for one stage, with the work-clock needed to place a
    stage's end: work done by time x is ``x - paused(x)``."""

    starts: np.ndarray = field(default_factory=lambda: np.zeros(0))
    ends: np.ndarray = field(default_factory=lambda: np.zeros(0))

    @classmethod
    def merge(cls, intervals: list[np.ndarray]) -> PauseSchedule:
        if not intervals:
            return cls()
        iv = np.concatenate([i.reshape(-1, 2) for i in intervals])
        if iv.size == 0:
            return cls()
        iv = iv[np.argsort(iv[:, 0], kind="stable")]
        reach = np.maximum.accumulate(iv[:, 1])  # furthest end so far
        new_group = np.concatenate([[True], iv[1:, 0] > reach[:-1]])
        group_end_idx = np.concatenate([np.flatnonzero(new_group)[1:] - 1, [len(iv) - 1]])
        return cls(iv[new_group, 0].astype(float), reach[group_end_idx].astype(float))

    def __bool__(self) -> bool:
        return self.starts.size > 0

    @property
    def _work_at_starts(self) -> np.ndarray:
        durations = self.ends - self.starts
        return self.starts - np.concatenate([[0.0], np.cumsum(durations)[:-1]])

    def end(self, start_ms: np.ndarray | float, work_ms: np.ndarray | float) -> np.ndarray:
        """When a stage that starts at ``start_ms`` and needs ``work_ms`` of unpaused time ends."""
        start = np.asarray(start_ms, dtype=float)
        work = np.asarray(work_ms, dtype=float)
        if not self:
            return start + work
        durations = self.ends - self.starts
        cum = np.concatenate([[0.0], np.cumsum(durations)])
        # work clock at start: start minus pause time before it (partial pause included)
        k = np.searchsorted(self.starts, start, side="right")  # pauses starting at or before
        paused_before = cum[k]
        inside = (k > 0) & (start < self.ends[np.maximum(k - 1, 0)])
        paused_before = np.where(inside, cum[k - 1] + (start - self.starts[k - 1]), paused_before)
        target = start - paused_before + work
        # invert: add the durations of every pause whose work-clock start is before the target
        m = np.searchsorted(self._work_at_starts, target, side="left")
        return np.maximum(target + cum[m], start)


class ScalarPauses:
    """Pure-Python scalar form of :meth:`PauseSchedule.end` (the SimPy engine calls it per
    request; numpy's per-call overhead would dominate there). Same arithmetic, same results."""

    def __init__(self, schedule: PauseSchedule) -> None:
        self.empty = not schedule
        self.starts = schedule.starts.tolist()
        self.ends = schedule.ends.tolist()
        durations = (schedule.ends - schedule.starts).tolist()
        self.cum = [0.0]
        for d in durations:
            self.cum.append(self.cum[-1] + d)
        self.work_starts = (schedule._work_at_starts.tolist() if not self.empty else [])

    def end(self, start: float, work: float) -> float:
        if self.empty:
            return start + work
        k = bisect_right(self.starts, start)
        if k > 0 and start < self.ends[k - 1]:
            paused_before = self.cum[k - 1] + (start - self.starts[k - 1])
        else:
            paused_before = self.cum[k]
        target = start - paused_before + work
        m = bisect_left(self.work_starts, target)
        return max(target + self.cum[m], start)
