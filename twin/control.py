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

from latency_models.stages import STAGES
from twin.errors import InputError
from twin.monitoring import AlertRule

N = len(STAGES)
INF = STAGES.index("inference")
NET = STAGES.index("network")
LOOKBACK_MS = 10_000.0  # a request older than this is not in any open window


@dataclass
class DegradeOnAlert:
    """The controller's settings and what it did."""

    window_ms: float = 1000.0
    hold_ms: float = 1000.0
    rule: AlertRule = field(default_factory=AlertRule)
    active_until: float = -np.inf
    alerts: list[dict[str, Any]] = field(default_factory=list)
    switched: set[int] = field(default_factory=set)

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
            net_end = row[3 * N + NET]
            if lo_t <= net_end < hi_t:
                net.append((net_end, net_end - row[NET]))
            start, end = row[N + INF], row[2 * N + INF]
            on_slot = not bypass[i][INF] and i not in self.switched
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
        while run.in_flight or env.peek() < np.inf:
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


def controller_from_scenario(raw: dict[str, Any], source: str,
                             has_assistant: bool) -> DegradeOnAlert | None:
    """``[monitoring] degrade_on_alert = true`` (+ window_ms, hold_ms, l1_p95_ms,
    l3_util_pct, l4_jitter_ms) or None."""
    table = raw.get("monitoring", {})
    if not isinstance(table, dict):
        raise InputError(source, "monitoring", "a table")
    known = {"window_ms", "degrade_on_alert", "hold_ms", "l1_p95_ms", "l3_util_pct",
             "l4_jitter_ms"}
    for key, value in table.items():
        if key not in known:
            raise InputError(source, f"monitoring.{key}", f"one of {', '.join(sorted(known))}")
        if key == "degrade_on_alert":
            if not isinstance(value, bool):
                raise InputError(source, "monitoring.degrade_on_alert", "true or false")
        elif isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            raise InputError(source, f"monitoring.{key}", "a positive number")
    if not table.get("degrade_on_alert", False):
        return None
    if not has_assistant:
        raise InputError(source, "monitoring.degrade_on_alert",
                         "an [assistant] table (degrade mode switches the assistant to rules)")
    window = float(table.get("window_ms", 1000.0))
    defaults = AlertRule()
    rule = AlertRule(float(table.get("l1_p95_ms", defaults.l1_p95_ms)),
                     float(table.get("l3_util_pct", defaults.l3_util_pct)),
                     float(table.get("l4_jitter_ms", defaults.l4_jitter_ms)))
    return DegradeOnAlert(window, float(table.get("hold_ms", window)), rule)
