"""The seed's four monitoring levels, computed over simulated time in fixed windows.

- L1 user-perceived: e2e p95 and the share of requests over budget, per window;
- L2 per stage: each stage's p95;
- L3 accelerator: inference slot utilisation (busy slot-time over capacity x window, %);
- L4 network: network-stage median (RTT proxy), jitter (mean absolute difference of consecutive
  network latencies, RFC 3550 style) and the share of requests that retransmitted.
A combined alert fires in a window when L1 p95 > 100 ms and L3 > 95 % and L4 jitter > 20 ms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from latency_models.faults import PacketLoss
from latency_models.stages import E2E_BUDGET_MS, INFERENCE, NETWORK, STAGES
from twin import kernels
from twin.plan import Plan
from twin.timings import Timings

MAX_WINDOWS = 2000


@dataclass(frozen=True)
class AlertRule:
    l1_p95_ms: float = 100.0
    l3_util_pct: float = 95.0
    l4_jitter_ms: float = 20.0


def _busy_per_window(start: np.ndarray, end: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """Total busy time of intervals [start, end) inside each window [edges[i], edges[i+1])."""
    # busy time in [0, t) is sum(min(end, t) - min(start, t)) over intervals; evaluate it once
    # at every edge, and each window's share is the difference between its two edges
    s, e = np.sort(start), np.sort(end)
    ks = np.searchsorted(s, edges, side="left")
    ke = np.searchsorted(e, edges, side="left")
    started = np.concatenate([[0.0], np.cumsum(s)])[ks] + edges * (s.size - ks)
    ended = np.concatenate([[0.0], np.cumsum(e)])[ke] + edges * (e.size - ke)
    return np.diff(ended - started)


def _window_quantile(values: np.ndarray, starts: np.ndarray, counts: np.ndarray,
                     q: float) -> np.ndarray:
    """Nearest-rank quantile ``q`` of ``values`` within each window (the contiguous slices
    ``[starts, starts + counts)``), exact, by a compiled per-window selection."""
    return kernels.window_quantiles(np.ascontiguousarray(values, dtype=np.float64),
                                    starts.astype(np.int64), counts.astype(np.int64), q)


def compute(plan: Plan, timings: Timings, window_ms: float = 1000.0,
            rule: AlertRule | None = None) -> dict[str, Any]:
    """Per-window L1-L4 series and the windows where the combined alert fired."""
    rule = rule or AlertRule()
    arrival = timings.arrival
    if arrival.size == 0:
        return {"window_ms": window_ms, "windows": [], "alerts": []}
    t0, t1 = float(arrival.min()), float(arrival.max())
    window_ms = max(window_ms, (t1 - t0) / MAX_WINDOWS)
    edges = np.arange(t0, t1 + window_ms, window_ms)
    if edges.size < 2:
        edges = np.array([t0, t0 + window_ms])
    # requests are indexed in arrival order (both engines), so windows are contiguous slices:
    # window j (j < last) holds the arrivals in [edges[j], edges[j + 1]), the first window
    # also those before edges[0] and the last all from its start on
    bounds = np.empty(edges.size, dtype=np.int64)
    bounds[0] = 0
    bounds[1:-1] = np.searchsorted(arrival, edges[1:-1], side="left")
    bounds[-1] = arrival.size
    e2e = timings.e2e_ms
    stage = timings.stage_ms
    net = stage[:, NETWORK]
    jitter = np.abs(np.diff(net, prepend=net[:1]))
    loss_faults = [j for j, f in enumerate(plan.faults) if isinstance(f, PacketLoss)]
    lost = timings.fault_hit[:, loss_faults].any(axis=1) if loss_faults else None
    capacity = plan.capacities[INFERENCE] or 1
    slot_start, slot_end = timings.start[:, INFERENCE], timings.end[:, INFERENCE]
    if plan.bypass is not None:  # the rule path needs no inference slot
        on_slot = ~plan.bypass[:, INFERENCE]
        slot_start, slot_end = slot_start[on_slot], slot_end[on_slot]
    busy = _busy_per_window(slot_start, slot_end, edges)
    util = 100.0 * busy / (capacity * np.diff(edges))
    counts = np.diff(bounds)
    occupied = np.flatnonzero(counts > 0)
    starts = bounds[:-1][occupied]
    l1 = _window_quantile(e2e, starts, counts[occupied], 0.95)
    over = np.add.reduceat((e2e > E2E_BUDGET_MS).astype(float), starts) / counts[occupied]
    l2 = np.column_stack([_window_quantile(stage[:, k], starts, counts[occupied], 0.95)
                          for k in range(len(STAGES))])
    rtt = _window_quantile(net, starts, counts[occupied], 0.5)
    jit = np.add.reduceat(jitter, starts) / counts[occupied]
    loss = (np.add.reduceat(lost.astype(float), starts) / counts[occupied]
            if lost is not None else np.zeros(occupied.size))
    windows = []
    alerts = []
    # Python floats once (tolist), then the same round() per value as before
    cols = zip(occupied.tolist(), edges[occupied].tolist(), counts[occupied].tolist(),
               l1.tolist(), over.tolist(), l2.tolist(), util[occupied].tolist(), rtt.tolist(),
               jit.tolist(), loss.tolist(), strict=True)
    for _, t_ms, count, l1_j, over_j, l2_j, util_j, rtt_j, jit_j, loss_j in cols:
        row = {
            "t_ms": round(t_ms, 3),
            "requests": count,
            "l1_p95_ms": round(l1_j, 3),
            "l1_over_budget": round(over_j, 4),
            "l2_p95_ms": {s: round(v, 3) for s, v in zip(STAGES, l2_j, strict=True)},
            "l3_util_pct": round(util_j, 2),
            "l4_rtt_ms": round(rtt_j, 3),
            "l4_jitter_ms": round(jit_j, 3),
            "l4_loss": round(loss_j, 4),
        }
        windows.append(row)
        if (row["l1_p95_ms"] > rule.l1_p95_ms and row["l3_util_pct"] > rule.l3_util_pct
                and row["l4_jitter_ms"] > rule.l4_jitter_ms):
            alerts.append({"t_ms": row["t_ms"], "duration_ms": window_ms,
                           "kind": "alert", "name": "combined_L1_L3_L4"})
    return {"window_ms": window_ms, "windows": windows, "alerts": alerts}
