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
from twin import kernels_stream
from twin.plan import Plan
from twin.timings import Timings

MAX_WINDOWS = 2000


@dataclass(frozen=True)
class AlertRule:
    l1_p95_ms: float = 100.0
    l3_util_pct: float = 95.0
    l4_jitter_ms: float = 20.0


def window_edges(t0: float, t1: float, window_ms: float) -> tuple[float, np.ndarray]:
    """The window length (widened to at most MAX_WINDOWS windows) and the windows' edges for
    arrivals from ``t0`` to ``t1``."""
    window_ms = max(window_ms, (t1 - t0) / MAX_WINDOWS)
    edges = np.arange(t0, t1 + window_ms, window_ms)
    if edges.size < 2:
        edges = np.array([t0, t0 + window_ms])
    return window_ms, edges


def jitter_of(net: np.ndarray, before: float | None = None) -> np.ndarray:
    """|difference| of consecutive network latencies; ``before`` is the one preceding
    ``net[0]`` (None for the first request of a run: its jitter is 0)."""
    out = np.empty_like(net)
    if net.size:
        np.abs(np.diff(net), out=out[1:])
        out[0] = 0.0 if before is None else abs(net[0] - before)
    return out


def summarise(window_ms: float, edges: np.ndarray, occupied: np.ndarray, counts: np.ndarray,
              stats: np.ndarray, busy: np.ndarray, capacity: int,
              rule: AlertRule | None = None) -> dict[str, Any]:
    """The monitor's result from each occupied window's figures (``stats`` rows as
    :func:`twin.kernels_stream.window_stats` writes them, ``counts`` their requests) and the
    inference slots' busy time per window."""
    rule = rule or AlertRule()
    util = 100.0 * busy / (capacity * np.diff(edges))
    n_stages = len(STAGES)
    windows = []
    alerts = []
    # Python floats once (tolist), then the same round() per value as before
    cols = zip(edges[occupied].tolist(), counts.tolist(), stats.tolist(),
               util[occupied].tolist(), strict=True)
    for t_ms, count, row_j, util_j in cols:
        row = {
            "t_ms": round(t_ms, 3),
            "requests": count,
            "l1_p95_ms": round(row_j[0], 3),
            "l1_over_budget": round(row_j[1], 4),
            "l2_p95_ms": {s: round(v, 3) for s, v in zip(STAGES, row_j[2:2 + n_stages],
                                                         strict=True)},
            "l3_util_pct": round(util_j, 2),
            "l4_rtt_ms": round(row_j[2 + n_stages], 3),
            "l4_jitter_ms": round(row_j[3 + n_stages], 3),
            "l4_loss": round(row_j[4 + n_stages], 4),
        }
        windows.append(row)
        if (row["l1_p95_ms"] > rule.l1_p95_ms and row["l3_util_pct"] > rule.l3_util_pct
                and row["l4_jitter_ms"] > rule.l4_jitter_ms):
            alerts.append({"t_ms": row["t_ms"], "duration_ms": window_ms,
                           "kind": "alert", "name": "combined_L1_L3_L4"})
    return {"window_ms": window_ms, "windows": windows, "alerts": alerts}


#: figures per window as :func:`twin.kernels_stream.window_stats` writes them
WINDOW_FIGURES = len(STAGES) + 5


def loss_faults(faults: list[Any]) -> list[int]:
    """Indices of the faults whose hit means the request's packets were lost (L4 loss)."""
    return [j for j, f in enumerate(faults) if isinstance(f, PacketLoss)]


def compute(plan: Plan, timings: Timings, window_ms: float = 1000.0,
            rule: AlertRule | None = None) -> dict[str, Any]:
    """Per-window L1-L4 series and the windows where the combined alert fired."""
    arrival = timings.arrival
    if arrival.size == 0:
        return {"window_ms": window_ms, "windows": [], "alerts": []}
    window_ms, edges = window_edges(float(arrival.min()), float(arrival.max()), window_ms)
    # requests are indexed in arrival order (both engines), so windows are contiguous slices:
    # window j (j < last) holds the arrivals in [edges[j], edges[j + 1]), the first window
    # also those before edges[0] and the last all from its start on
    bounds = np.empty(edges.size, dtype=np.int64)
    bounds[0] = 0
    bounds[1:-1] = np.searchsorted(arrival, edges[1:-1], side="left")
    bounds[-1] = arrival.size
    e2e = np.ascontiguousarray(timings.e2e_ms, dtype=np.float64)
    stage = timings.stage_ms
    jitter = jitter_of(np.ascontiguousarray(stage[:, NETWORK]))
    hit = loss_faults(plan.faults)
    lost = (timings.fault_hit[:, hit].any(axis=1).astype(float) if hit
            else np.zeros(arrival.size))
    capacity = plan.capacities[INFERENCE] or 1
    slot_start, slot_end = timings.start[:, INFERENCE], timings.end[:, INFERENCE]
    if plan.bypass is not None:  # the rule path needs no inference slot
        on_slot = ~plan.bypass[:, INFERENCE]
        slot_start, slot_end = slot_start[on_slot], slot_end[on_slot]
    busy = np.zeros(edges.size - 1)
    kernels_stream.busy_add(np.ascontiguousarray(slot_start, dtype=np.float64),
                            np.ascontiguousarray(slot_end, dtype=np.float64), edges, busy)
    counts = np.diff(bounds)
    occupied = np.flatnonzero(counts > 0)
    stats = np.empty((occupied.size, WINDOW_FIGURES))
    kernels_stream.window_stats(e2e, np.asarray(stage, dtype=np.float64), jitter, lost,
                                bounds[:-1][occupied], counts[occupied], E2E_BUDGET_MS, stats)
    return summarise(window_ms, edges, occupied, counts[occupied], stats, busy, capacity, rule)
