"""Degrade on alert: the seed's combined L1/L3/L4 condition switching the assistant to rules.

A monitor process in the SimPy run closes each window, measures over the requests of that
window the L1 p95 (end-to-end), the L3 inference-slot utilisation and the L4 network jitter,
and when all three cross their limits (L1 > 100 ms, L3 > 95 %, L4 jitter > 20 ms) puts the
assistant into degrade mode for ``hold_ms``. In degrade mode a request the rules are unsure of
is answered from the rule template at once instead of queueing for the LLM. The control acts on
the live simulation (feedback, not a replay), so it needs the SimPy engine.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from latency_models.stages import INFERENCE, NETWORK, STAGES
from twin.config.scenario import MonitoringSection
from twin.errors import InputError
from twin.monitoring import AlertRule

N = len(STAGES)
LOOKBACK_MS = 10_000.0  # a request older than this is not in any open window
MAX_CONTROL_WINDOWS = 1_000_000  # the monitor stops the run with an error beyond this


class RunBoundError(InputError):
    """The run outgrew its bound (raised inside the simulation; exit 2 with one line)."""


@dataclass
class DegradeOnAlert:
    """The controller's settings and what it did."""

    window_ms: float = 1000.0
    hold_ms: float = 1000.0
    rule: AlertRule = field(default_factory=AlertRule)
    active_until: float = -np.inf
    alerts: list[dict[str, Any]] = field(default_factory=list)
    switched: set[int] = field(default_factory=set)
    source: str = "scenario"

    def active(self, now: float) -> bool:
        return now < self.active_until

    def measure(self, rows: list[list[float]], arrivals: list[float], n_arrived: int,
                bypass: list[list[bool]], capacity: int, lo_t: float,
                hi_t: float) -> dict[str, float]:
        """L1 p95, L3 utilisation and L4 jitter over the window ``[lo_t, hi_t)``."""
        first = bisect_left(arrivals, lo_t - LOOKBACK_MS, 0, n_arrived)
        last = bisect_left(arrivals, hi_t, 0, n_arrived)
        e2e, net, busy = [], [], 0.0
        for i in range(first, last):
            row = rows[i]
            done = row[3 * N + N - 1]
            if lo_t <= done < hi_t:
                e2e.append(done - arrivals[i])
            net_end = row[3 * N + NETWORK]
            if lo_t <= net_end < hi_t:
                net.append((net_end, net_end - row[NETWORK]))
            start, end = row[N + INFERENCE], row[2 * N + INFERENCE]
            on_slot = not bypass[i][INFERENCE] and i not in self.switched
            if on_slot and start == start and start < hi_t:  # started (not NaN) in time
                end = hi_t if end != end else end
                busy += max(0.0, min(end, hi_t) - max(start, lo_t))
        net.sort()
        jitter = (float(np.mean(np.abs(np.diff([d for _, d in net])))) if len(net) > 1 else 0.0)
        return {
            "l1_p95_ms": float(np.percentile(e2e, 95)) if e2e else 0.0,
            "l3_util_pct": 100.0 * busy / (capacity * (hi_t - lo_t)),
            "l4_jitter_ms": jitter,
        }

    def monitor(self, env: Any, run: Any, capacity: int) -> Generator[Any, Any, None]:
        """The SimPy process: close a window, measure, maybe switch to degrade mode."""
        windows = 0
        while run.in_flight or env.peek() < np.inf:
            windows += 1
            if windows > MAX_CONTROL_WINDOWS:
                raise RunBoundError(
                    self.source, "monitoring.window_ms",
                    f"a run of at most {MAX_CONTROL_WINDOWS} monitoring windows (still running "
                    f"at {env.now:.3g} ms of simulated time): a longer window_ms")
            yield env.timeout(self.window_ms)
            s = self.measure(run.rows, run.arrival, run.n_arrived, run.bypass, capacity,
                             env.now - self.window_ms, env.now)
            r = self.rule
            if (s["l1_p95_ms"] > r.l1_p95_ms and s["l3_util_pct"] > r.l3_util_pct
                    and s["l4_jitter_ms"] > r.l4_jitter_ms):
                self.active_until = env.now + self.hold_ms
                self.alerts.append({"t_ms": round(env.now, 3), "kind": "alert",
                                    "name": "degrade_on_alert", "duration_ms": self.hold_ms,
                                    **{k: round(v, 3) for k, v in s.items()}})


def controller_from_scenario(monitoring: MonitoringSection,
                             source: str = "scenario") -> DegradeOnAlert | None:
    """The controller of ``[monitoring] degrade_on_alert = true`` (+ window_ms, hold_ms,
    l1_p95_ms, l3_util_pct, l4_jitter_ms), or None. The scenario model has checked the keys
    and that an ``[assistant]`` is there for it to switch."""
    if not monitoring.degrade_on_alert:
        return None
    window = float(monitoring.window_ms)
    rule = AlertRule(float(monitoring.l1_p95_ms), float(monitoring.l3_util_pct),
                     float(monitoring.l4_jitter_ms))
    hold = window if monitoring.hold_ms is None else float(monitoring.hold_ms)
    return DegradeOnAlert(window, hold, rule, source=source)
