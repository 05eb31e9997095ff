"""The vectorised fast path: the same latencies as the SimPy engine, computed with numpy.

Valid for open-loop arrivals (the arrival times do not depend on completions). Stages without
a shared resource are pure arithmetic. A stage with a c-slot FCFS resource is solved exactly:
first assume nobody waits; where that assumption first breaks (an arrival finds c requests in
service) replay the queue sequentially with a heap until the system is empty again, then go
back to the vectorised solution. Under light load the sequential part is rare.
"""

from __future__ import annotations

import heapq
from bisect import bisect_left

import numpy as np

from latency_models.faults import PauseSchedule, ScalarPauses
from latency_models.stages import STAGES
from twin.plan import Plan
from twin.timings import Timings


def fcfs_starts(arrival: np.ndarray, work: np.ndarray, capacity: int,
                pauses: PauseSchedule) -> np.ndarray:
    """Exact FCFS service start times for a ``capacity``-slot resource (ties by index)."""
    n = arrival.size
    order = np.argsort(arrival, kind="stable")
    a = arrival[order]
    w = work[order]
    e0 = pauses.end(a, w)  # ends if nobody waited
    done_before = _done_before(a, e0)
    conflict = (np.arange(n) - done_before) >= capacity
    s = a.copy()
    conflicts = np.flatnonzero(conflict)
    if conflicts.size:
        _replay_busy_periods(a, w, e0, s, conflicts, capacity, ScalarPauses(pauses))
    out = np.empty(n)
    out[order] = s
    return out


def _done_before(a: np.ndarray, e0: np.ndarray) -> np.ndarray:
    """For each request ``i`` (``a`` sorted), how many requests *ahead of it* (index < i) end
    by ``a[i]`` when nobody waits. A request at or after ``i`` can only end by ``a[i]`` if it
    does zero work and arrives with ``i``; it is not ahead of ``i`` and must not count."""
    by_arrival = np.searchsorted(np.sort(e0), a, side="right")
    instant = (e0 <= a).astype(np.int64)  # zero-work requests (end == arrival)
    if not instant.any():
        return by_arrival
    suffix = np.concatenate([np.cumsum(instant[::-1])[::-1], [0]])  # instant among i..n-1
    group_end = np.searchsorted(a, a, side="right")  # past the last arrival tied with i
    return by_arrival - (suffix[np.arange(a.size)] - suffix[group_end])


def _replay_busy_periods(a: np.ndarray, w: np.ndarray, e: np.ndarray, s: np.ndarray,
                         conflicts: np.ndarray, capacity: int, pauses: ScalarPauses) -> None:
    """Replay the queue with a heap from each conflict until the system is empty again;
    ``s`` (starts) and ``e`` (ends) are updated in place for the replayed requests."""
    n = a.size
    longest = float(np.max(e - a))  # no request is in service longer than this (no-wait)
    a_l, w_l, e_l = a.tolist(), w.tolist(), e.tolist()
    s_l = a_l.copy()
    conflict_list = conflicts.tolist()
    ci = 0
    while ci < len(conflict_list):
        i = conflict_list[ci]
        # exactly `capacity` requests are in service when request i arrives; all arrived
        # within `longest` before it (everything earlier is done, in either solution)
        lo = bisect_left(a_l, a_l[i] - longest, 0, i)
        heap = sorted(x for x in e_l[lo:i] if x > a_l[i])[-capacity:]
        heap = [-np.inf] * (capacity - len(heap)) + heap  # free slots, if any
        heapq.heapify(heap)
        m = i
        while m < n:
            arrival = a_l[m]
            free = heapq.heappop(heap)
            start = arrival if arrival >= free else free
            end = pauses.end(start, w_l[m])
            s_l[m] = start
            e_l[m] = end
            heapq.heappush(heap, end)
            m += 1
            if m < n and max(heap) <= a_l[m]:
                break  # empty again: the no-wait solution holds until the next conflict
        ci = bisect_left(conflict_list, m, ci)
        longest = max(longest, max(heap) - a_l[m - 1])
    s[:] = s_l
    e[:] = e_l


def run_fast(plan: Plan) -> Timings:
    """Timings for an open-loop plan, computed vectorised."""
    if plan.arrivals_ms is None:
        raise ValueError("the fast path needs open-loop arrivals")
    a = plan.arrivals_ms
    n = a.size
    prev = np.concatenate([[-np.inf], a[:-1]])
    work, hit = plan.work(np.arange(n), a, prev)
    shape = (n, len(STAGES))
    stage_arrival, start, end, leave = (np.empty(shape) for _ in range(4))
    t = a.copy()
    for k in range(len(STAGES)):
        stage_arrival[:, k] = t
        cap = plan.capacities[k]
        if cap is None:
            s = t
        elif plan.bypass is None:
            s = fcfs_starts(t, work[:, k], cap, plan.pauses[k])
        else:
            queued = ~plan.bypass[:, k]
            s = t.copy()
            s[queued] = fcfs_starts(t[queued], work[queued, k], cap, plan.pauses[k])
        e = plan.pauses[k].end(s, work[:, k])
        start[:, k] = s
        end[:, k] = e
        t = e if plan.deadline_ms is None else np.minimum(e, t + plan.deadline_ms[:, k])
        leave[:, k] = t
    return Timings(a.copy(), stage_arrival, start, end, leave, hit, "fast")
