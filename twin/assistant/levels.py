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
microseconds (quantiles recomputed only after new samples). Pure: no SimPy, no I/O, no
clock of its own.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import pairwise


@dataclass(frozen=True)
class LevelRule:
    """Alarm thresholds (the seed's table 4.4)."""

    l1_ms: float = 100.0
    l2_llm_ms: float = 80.0
    l3_util_pct: float = 95.0
    l4_rtt_ms: float = 50.0
    l4_jitter_ms: float = 15.0


@dataclass(frozen=True)
class Levels:
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
        return tuple(n for n in ("l1", "l2", "l3", "l4") if getattr(self, n))


QUIET = Levels()


def _quantile(values: list[float], q: float) -> float:
    """Nearest-rank quantile (plain Python: a window of tens of samples, microseconds)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-int(q * len(ordered)) // 100) - 1))]


class LevelMonitor:
    """Rolling L1-L4 readings from what requests measured: per level the last ``window``
    samples no older than ``window_ms`` (so an alarm clears once its cause stops being
    measured: a router that kept requests off a bad network probes it again)."""

    def __init__(self, rule: LevelRule = LevelRule(), window: int = 32,
                 window_ms: float = 5000.0, busy_window_ms: float = 1000.0) -> None:
        self.rule = rule
        self.window_ms = window_ms
        self.busy_window_ms = busy_window_ms
        self._samples: dict[str, deque[tuple[float, float]]] = {
            k: deque(maxlen=window) for k in ("answer", "llm", "rtt")}
        self._busy: deque[tuple[float, float]] = deque()
        self._stats: tuple[float, float, float, float, int] | None = None
        self._expires = float("inf")

    def _add(self, kind: str, t_ms: float, value: float) -> None:
        self._samples[kind].append((float(t_ms), float(value)))
        self._stats = None

    def observe_answer(self, t_ms: float, ms: float) -> None:
        """L1: a routed request's answer latency, finished at ``t_ms``."""
        self._add("answer", t_ms, ms)

    def observe_llm(self, t_ms: float, ms: float) -> None:
        """L2: a call of the local model."""
        self._add("llm", t_ms, ms)

    def observe_network(self, t_ms: float, rtt_ms: float) -> None:
        """L4: a networked request's round trip (request and answer legs)."""
        self._add("rtt", t_ms, rtt_ms)

    def observe_busy(self, start_ms: float, end_ms: float) -> None:
        """L3: the local model was busy from ``start_ms`` to ``end_ms``."""
        self._busy.append((float(start_ms), float(end_ms)))

    def _util(self, now_ms: float) -> float:
        lo = now_ms - self.busy_window_ms
        while self._busy and self._busy[0][1] <= lo:
            self._busy.popleft()
        busy = sum(min(e, now_ms) - max(s, lo) for s, e in self._busy if e > lo and s < now_ms)
        return 100.0 * max(busy, 0.0) / self.busy_window_ms

    def _compute(self, now_ms: float) -> tuple[float, float, float, float, int]:
        lo = now_ms - self.window_ms
        expires = float("inf")
        for samples in self._samples.values():
            while samples and samples[0][0] < lo:
                samples.popleft()
            if samples:
                expires = min(expires, samples[0][0] + self.window_ms)
        self._expires = expires
        rtt = [v for _, v in self._samples["rtt"]]
        jitter = (sum(abs(b - a) for a, b in pairwise(rtt)) / (len(rtt) - 1)
                  if len(rtt) > 1 else 0.0)
        return (_quantile([v for _, v in self._samples["answer"]], 95),
                _quantile([v for _, v in self._samples["llm"]], 95),
                _quantile(rtt, 50), jitter, len(rtt))

    def levels(self, now_ms: float) -> Levels:
        """The reading at ``now_ms`` (the clock the samples were stamped with)."""
        if self._stats is None or now_ms >= self._expires:
            self._stats = self._compute(now_ms)
        l1, l2, rtt, jitter, n_rtt = self._stats
        util = self._util(now_ms)
        r = self.rule
        return Levels(l1, l2, util, rtt, jitter, l1=l1 > r.l1_ms, l2=l2 > r.l2_llm_ms,
                      l3=util > r.l3_util_pct,
                      l4=n_rtt > 1 and rtt > r.l4_rtt_ms and jitter > r.l4_jitter_ms)
