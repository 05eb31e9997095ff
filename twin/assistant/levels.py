"""The seed's L1-L4 monitor, live, as the router reads it before each decision.

The seed's four monitoring levels with its alarm thresholds (section 4.4):

- L1 user-perceived: the answer latency of routed requests, p95 > 100 ms;
- L2 service chain: the local model's (``terminal``) call time, p95 > 80 ms;
- L3 accelerator: the local model's busy share of the last ``busy_window_ms`` (the share of
  time a call of it was running), > 95 %;
- L4 network: the round trip of networked requests (median) > 50 ms and its jitter (mean
  absolute difference of consecutive round trips, RFC 3550 style) > 15 ms.

:class:`LevelMonitor` is fed, in the order requests finish, with what each routed request
measured (a real run: wall-clock call times and the impairment proxy's holds; the twin: the
modelled draws), keeps recent samples per level, and answers :meth:`levels` in
microseconds (sorted windows kept by bisection). Pure: no SimPy, no I/O, no
clock of its own.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections import deque
from dataclasses import dataclass
from typing import NamedTuple, cast


@dataclass(frozen=True)
class LevelRule:
    """Alarm thresholds (the seed's table 4.4)."""

    l1_ms: float = 100.0
    l2_llm_ms: float = 80.0
    l3_util_pct: float = 95.0
    l4_rtt_ms: float = 50.0
    l4_jitter_ms: float = 15.0


class Levels(NamedTuple):
    """One reading of the monitor; a level with no samples yet is never in alarm."""

    l1_p95_ms: float = 0.0
    l2_p95_ms: float = 0.0
    l3_util_pct: float = 0.0
    l4_rtt_ms: float = 0.0
    l4_jitter_ms: float = 0.0
    l1: bool = False
    l2: bool = False
    l3: bool = False
    l4: bool = False

    @property
    def alarms(self) -> tuple[str, ...]:
        return tuple(n for n, on in (("l1", self.l1), ("l2", self.l2), ("l3", self.l3),
                                     ("l4", self.l4)) if on)


QUIET = Levels()
#: builds a reading from its fields without the named tuple's Python-level ``__new__``
_new_reading = tuple.__new__


class _Window:
    """The last ``size`` (time, value) samples: a sorted copy kept by bisection (quantiles
    by index) and the running sum of absolute differences of consecutive values (jitter).
    ``value`` is its quantile ``q``, read off whenever a sample comes or goes."""

    __slots__ = ("_diffs", "_q", "_samples", "_size", "_sorted", "jit", "value")

    def __init__(self, size: int, q: int = 50) -> None:
        self._size = size
        self._q = q
        self._samples: deque[tuple[float, float]] = deque()
        self._sorted: list[float] = []
        self._diffs = 0.0
        self.value = 0.0
        #: :meth:`jitter`, kept up to date like ``value`` (a reading only reads it)
        self.jit = 0.0

    def add(self, t: float, v: float) -> None:
        if self._samples:
            self._diffs += abs(v - self._samples[-1][1])
        self._samples.append((t, v))
        insort(self._sorted, v)
        if len(self._samples) > self._size:
            self._drop()
        else:
            self.value = self.quantile(self._q)
            self.jit = self.jitter()

    def _drop(self) -> None:
        _, v = self._samples.popleft()
        del self._sorted[bisect_left(self._sorted, v)]
        if self._samples:
            self._diffs -= abs(self._samples[0][1] - v)
        self.value = self.quantile(self._q)
        self.jit = self.jitter()

    def forget_before(self, t: float) -> float:
        """Drop samples older than ``t``; the time the oldest left will be (inf: none)."""
        while self._samples and self._samples[0][0] < t:
            self._drop()
        return self._samples[0][0] if self._samples else float("inf")

    def __len__(self) -> int:
        return len(self._samples)

    def quantile(self, q: int) -> float:
        """Nearest-rank quantile ``q`` (percent); 0.0 with no samples."""
        n = len(self._sorted)
        return self._sorted[min(n - 1, max(0, -(-q * n // 100) - 1))] if n else 0.0

    def jitter(self) -> float:
        """Mean absolute difference of consecutive samples (RFC 3550 style)."""
        n = len(self._samples)
        return max(self._diffs, 0.0) / (n - 1) if n > 1 else 0.0


class LevelMonitor:
    """Rolling L1-L4 readings from what requests measured: per level the last ``window``
    samples no older than ``window_ms`` (so an alarm clears once its cause stops being
    measured: a router that kept requests off a bad network probes it again)."""

    __slots__ = ("_answer", "_busy", "_busy_sum", "_first_start", "_flat", "_last_end",
                 "_limits", "_llm", "_oldest", "_rtt", "busy_window_ms", "rule", "window_ms")

    def __init__(self, rule: LevelRule = LevelRule(), window: int = 32,
                 window_ms: float = 5000.0, busy_window_ms: float = 1000.0) -> None:
        self.rule = rule
        #: the rule's thresholds, read by every reading (a reading touches few objects)
        self._limits = (rule.l1_ms, rule.l2_llm_ms, rule.l3_util_pct, rule.l4_rtt_ms,
                        rule.l4_jitter_ms)
        self.window_ms = window_ms
        self.busy_window_ms = busy_window_ms
        self._answer, self._llm = _Window(window, 95), _Window(window, 95)
        self._rtt = _Window(window, 50)
        self._busy: deque[tuple[float, float]] = deque()
        self._busy_sum = 0.0
        self._oldest = float("inf")
        self._first_start = self._last_end = self._flat = 0.0
        self._spans_changed()

    def _spans_changed(self) -> None:
        """Keep what a reading needs when no window edge cuts a busy span (the usual case):
        the first span's start, the last one's end and the busy share they give."""
        spans = self._busy
        if spans:
            self._first_start, self._last_end = spans[0][0], spans[-1][1]
        else:
            self._first_start, self._last_end = float("inf"), float("-inf")
        self._flat = 100.0 * max(self._busy_sum, 0.0) / self.busy_window_ms

    def _stamp(self, t_ms: float) -> None:
        self._oldest = min(self._oldest, t_ms)

    def observe_answer(self, t_ms: float, ms: float) -> None:
        """L1: a routed request's answer latency, finished at ``t_ms``."""
        self._answer.add(t_ms, ms)
        self._stamp(t_ms)

    def observe_llm(self, t_ms: float, ms: float) -> None:
        """L2: a call of the local model."""
        self._llm.add(t_ms, ms)
        self._stamp(t_ms)

    def observe_network(self, t_ms: float, rtt_ms: float) -> None:
        """L4: a networked request's round trip (request and answer legs)."""
        self._rtt.add(t_ms, rtt_ms)
        self._stamp(t_ms)

    def observe_busy(self, start_ms: float, end_ms: float) -> None:
        """L3: the local model was busy from ``start_ms`` to ``end_ms``."""
        self._busy.append((start_ms, end_ms))
        self._busy_sum += end_ms - start_ms
        self._spans_changed()

    def _util(self, now_ms: float) -> float:
        """Busy share of ``[now - busy_window_ms, now)``: the spans' running sum, less the
        parts of the first spans before the window and of the last ones after ``now``."""
        lo = now_ms - self.busy_window_ms
        spans = self._busy
        if spans and spans[0][1] <= lo:
            while spans and spans[0][1] <= lo:
                s, e = spans.popleft()
                self._busy_sum -= e - s
            self._spans_changed()
        busy = self._busy_sum
        # the loops are entered only when an edge cuts a span (no iterator otherwise)
        if spans and spans[0][0] < lo:
            for s, e in spans:
                if s >= lo:
                    break
                busy -= min(e, lo) - s
        if spans and spans[-1][1] > now_ms:
            for s, e in reversed(spans):
                if e <= now_ms:
                    break
                busy -= e - max(s, now_ms)
        return 100.0 * max(busy, 0.0) / self.busy_window_ms

    def levels(self, now_ms: float) -> Levels:
        """The reading at ``now_ms`` (the clock the samples were stamped with)."""
        lo = now_ms - self.window_ms
        if self._oldest < lo:
            self._oldest = min(w.forget_before(lo) for w in (self._answer, self._llm, self._rtt))
        net = self._rtt
        l1, l2, rtt, jitter = self._answer.value, self._llm.value, net.value, net.jit
        if now_ms - self.busy_window_ms < self._first_start and self._last_end <= now_ms:
            util = self._flat  # no edge cuts a span: what _util would give (0 with none)
        else:
            util = self._util(now_ms)
        l1_ms, l2_ms, l3_pct, l4_rtt, l4_jitter = self._limits
        return cast(Levels, _new_reading(Levels, (
            l1, l2, util, rtt, jitter, l1 > l1_ms, l2 > l2_ms, util > l3_pct,
            rtt > l4_rtt and jitter > l4_jitter and len(net._samples) > 1)))
