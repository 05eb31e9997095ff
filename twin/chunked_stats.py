"""What a run keeps of its requests for the report: the HdrHistograms and the monitor's
windows, filled in request order (:mod:`twin.kernels_stream`), chunk by chunk in a chunked run
and in one pass over a whole run's timings (:func:`twin.report.latency_statistics`,
:func:`twin.monitoring.compute`), so the two give the same report.

A run's histogram is the sum of its chunks' (bucket by bucket); every stage's and the e2e
p50/p95/p99, a stage's queueing p95 (requests that did not queue count as 0) and the stages'
shares of the e2e p95 tail (the tail is the requests whose e2e lands in the p95's bucket or
above) come from histograms: 3 significant digits, a value known to within 0.1 % of itself.
The perception classes, the share within budget, the fault counts and the monitor's windows
are exact counts and nearest-rank quantiles of each window's own requests.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hdrh.histogram import HdrHistogram

from latency_models.stages import E2E_BUDGET_MS, NETWORK, STAGES
from twin import kernels_stream, monitoring
from twin.metrics import ACCEPTABLE_MS, INSTANT_MS, new_histogram, percentiles_ms

N_STAGES = len(STAGES)
QUEUE_PERCENTILE = 95.0
TAIL_PERCENTILE = 95.0


def _geometry(h: HdrHistogram) -> np.ndarray:
    return np.array([h.lowest_trackable_value, h.highest_trackable_value, h.sub_bucket_mask,
                     h.unit_magnitude, h.sub_bucket_half_count_magnitude,
                     h.sub_bucket_half_count], dtype=np.int64)


def _histogram(counts: np.ndarray, extremes: np.ndarray) -> HdrHistogram:
    """An HdrHistogram holding ``counts`` (as its own recording would have left it)."""
    h = new_histogram()
    total = int(counts.sum())
    if total:
        np.ctypeslib.as_array(h.counts)[:counts.size] = counts
        h.total_count = total
        h.min_value = int(extremes[0])
        h.max_value = int(extremes[1])
    return h


class LatencyAccumulator:
    """The report's latency statistics (:func:`twin.report.latency_statistics`'s keys)."""

    def __init__(self) -> None:
        probe = new_histogram()
        self.geo = _geometry(probe)
        size = probe.counts_len
        big = np.iinfo(np.int64).max
        self.counts = np.zeros((N_STAGES + 1, size), dtype=np.uint64)
        self.extremes = np.tile(np.array([big, 0], dtype=np.int64), (N_STAGES + 1, 1))
        self.queue_counts = np.zeros((N_STAGES, size), dtype=np.uint64)
        self.queue_zero = np.zeros(N_STAGES, dtype=np.int64)
        self.queue_extremes = np.tile(np.array([big, 0], dtype=np.int64), (N_STAGES, 1))
        self.tail = np.zeros((size, N_STAGES))
        self.classes = np.zeros(3, dtype=np.int64)
        self.n = 0

    def add(self, arrival: np.ndarray, reached: np.ndarray, started: np.ndarray,
            left: np.ndarray, keep: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """The next requests in index order; their time per stage (m, 6) and e2e (m,) (with
        ``keep``; else empty arrays)."""
        m = arrival.size if keep else 0
        stage_ms = np.empty((m, N_STAGES))
        e2e = np.empty(m)
        kernels_stream.commit_rows(arrival, reached, started, left, self.geo, self.counts,
                                   self.extremes, self.queue_counts, self.queue_zero,
                                   self.queue_extremes, self.tail, self.classes, INSTANT_MS,
                                   ACCEPTABLE_MS, E2E_BUDGET_MS, stage_ms, e2e)
        self.n += int(arrival.size)
        return stage_ms, e2e

    def _queue_p95(self, k: int) -> float | None:
        if self.n == 0:
            return None
        positive = int(self.queue_counts[k].sum())
        if positive == 0:
            return 0.0
        h = _histogram(self.queue_counts[k], self.queue_extremes[k])
        target = max(int(np.ceil(QUEUE_PERCENTILE / 100.0 * self.n)), 1)
        zeros = int(self.queue_zero[k])
        if target <= zeros:
            return 0.0
        running = np.cumsum(self.queue_counts[k])
        index = int(np.searchsorted(running, target - zeros, side="left"))
        return round(h.get_highest_equivalent_value(h.get_value_from_index(index)) / 1000.0, 3)

    def _tail_shares(self, e2e: HdrHistogram) -> dict[str, float]:
        if self.n == 0:
            return dict.fromkeys(STAGES, 0.0)
        running = np.cumsum(self.counts[N_STAGES])
        target = e2e.get_target_count_at_percentile(TAIL_PERCENTILE)
        first = int(np.searchsorted(running, target, side="left"))
        per_stage = self.tail[first:].sum(axis=0)
        total = float(per_stage.sum()) or 1.0
        return {s: round(float(per_stage[k]) / total, 4) for k, s in enumerate(STAGES)}

    def statistics(self) -> dict[str, Any]:
        e2e_h = _histogram(self.counts[N_STAGES], self.extremes[N_STAGES])
        shares = self._tail_shares(e2e_h)
        stages = {}
        for k, s in enumerate(STAGES):
            stages[s] = {
                "percentiles": percentiles_ms(_histogram(self.counts[k], self.extremes[k])),
                "share_of_e2e_p95": shares[s],
                "queue_p95_ms": self._queue_p95(k),
            }
        n = max(self.n, 1)
        instant, acceptable, within = (int(x) for x in self.classes)
        return {"stages": stages, "e2e": percentiles_ms(e2e_h),
                "within_budget": round(within / n, 4) if self.n else None,
                "perception": {"instant": instant / n, "acceptable": acceptable / n,
                               "sluggish": (self.n - instant - acceptable) / n}}


class WindowAccumulator:
    """The L1-L4 monitor (:func:`twin.monitoring.compute`) over requests arriving in index
    order: a window's figures are computed when its last request has been added, from the
    window's own values (kept until then: memory is one window, not the run)."""

    def __init__(self, t0: float, t1: float, window_ms: float, capacity: int,
                 loss_faults: list[int]) -> None:
        self.window_ms, self.edges = monitoring.window_edges(t0, t1, window_ms)
        self.inner = self.edges[1:-1]
        self.capacity = capacity
        self.loss = loss_faults
        self.busy = np.zeros(self.edges.size - 1)
        self.last_net: float | None = None
        self.open: list[tuple[np.ndarray, ...]] = []  # requests of windows not yet closed
        self.open_window = 0  # the first window not yet closed
        self.rows: list[np.ndarray] = []
        self.occupied: list[np.ndarray] = []
        self.counts: list[np.ndarray] = []

    def add(self, arrival: np.ndarray, stage_ms: np.ndarray, e2e: np.ndarray,
            slot_start: np.ndarray, slot_end: np.ndarray, hit: np.ndarray) -> None:
        """The next requests in index order (arrivals ascending)."""
        if arrival.size == 0:
            return
        kernels_stream.busy_add(slot_start, slot_end, self.edges, self.busy)
        net = np.ascontiguousarray(stage_ms[:, NETWORK])
        jitter = monitoring.jitter_of(net, self.last_net)
        self.last_net = float(net[-1])
        lost = (hit[:, self.loss].any(axis=1).astype(float) if self.loss
                else np.zeros(arrival.size))
        self.open.append((np.ascontiguousarray(arrival), e2e, stage_ms, jitter, lost))
        last = int(np.searchsorted(self.inner, arrival[-1], side="right"))
        if last > self.open_window:  # every window before the last one's is whole
            self._close(last)

    def _close(self, below: int) -> None:
        """Compute the open windows before window ``below``; keep the rest open."""
        arrival, e2e, stage, jitter, lost = (
            parts[0] if len(parts) == 1 else np.concatenate(parts)
            for parts in zip(*self.open, strict=True))
        first = self.open_window
        # window j holds the arrivals in [edges[j], edges[j + 1]) (the first also those
        # before, the last all after): its requests start where inner[j - 1] is reached
        starts = np.full(below - first + 1, arrival.size, dtype=np.int64)
        starts[0] = 0
        inner = self.inner[first:below]  # the last window has no inner edge after it
        starts[1:1 + inner.size] = np.searchsorted(arrival, inner, side="left")
        cut = int(starts[-1])
        self.open = [(arrival[cut:], e2e[cut:], stage[cut:], jitter[cut:], lost[cut:])]
        self.open_window = below
        counts = np.diff(starts)
        occupied = np.flatnonzero(counts > 0)
        if occupied.size == 0:
            return
        out = np.empty((occupied.size, monitoring.WINDOW_FIGURES))
        kernels_stream.window_stats(e2e, stage, jitter, lost, starts[:-1][occupied],
                                    counts[occupied], E2E_BUDGET_MS, out)
        self.rows.append(out)
        self.occupied.append(occupied + first)
        self.counts.append(counts[occupied])

    def result(self) -> dict[str, Any]:
        if self.open:
            self._close(self.edges.size - 1)
        if not self.rows:
            return {"window_ms": self.window_ms, "windows": [], "alerts": []}
        return monitoring.summarise(self.window_ms, self.edges, np.concatenate(self.occupied),
                                    np.concatenate(self.counts), np.concatenate(self.rows),
                                    self.busy, self.capacity)
