"""The compiled fast path: the same latencies as the SimPy engine, bit for bit.

Valid for open-loop arrivals (the arrival times do not depend on completions). Stages without
a shared resource are pure arithmetic; a stage with a c-slot FCFS resource is the c-server
Kiefer-Wolfowitz recursion (:func:`twin.kernels.fcfs_sorted`, compiled with numba), run over
the requests in the order they reach the stage (ties by request index).

Ties between requests reaching a *second* shared stage at the same instant are broken by
index here and by SimPy's event queue in the DES engine; they can differ only when two
requests meet there at exactly the same float time, which continuous draws never produce.
"""

from __future__ import annotations

import numpy as np

from latency_models.faults import PauseSchedule
from latency_models.stages import STAGES
from twin import kernels
from twin.plan import Plan
from twin.timings import Timings


def fcfs_starts(arrival: np.ndarray, work: np.ndarray, capacity: int,
                pauses: PauseSchedule) -> np.ndarray:
    """Exact FCFS service start times for a ``capacity``-slot resource (ties by index)."""
    order = np.argsort(arrival, kind="stable")
    a = np.ascontiguousarray(arrival[order], dtype=np.float64)
    w = np.ascontiguousarray(work[order], dtype=np.float64)
    s = kernels.fcfs_sorted(a, w, int(capacity), *kernels.pause_arrays(pauses))
    out = np.empty(a.size)
    out[order] = s
    return out


def stage_end(pauses: PauseSchedule, start: np.ndarray, work: np.ndarray) -> np.ndarray:
    """``pauses.end(start, work)``, compiled."""
    return kernels.pause_end(*kernels.pause_arrays(pauses),
                             np.ascontiguousarray(start, dtype=np.float64),
                             np.ascontiguousarray(work, dtype=np.float64))


def run_fast(plan: Plan) -> Timings:
    """Timings for an open-loop plan. The (n, 6) arrays are column-major (each stage's
    column is one contiguous block), like the SimPy engine's: every per-stage pass reads and
    writes contiguous memory, and the values are the same whatever the layout."""
    if plan.arrivals_ms is None:
        raise ValueError("the fast path needs open-loop arrivals")
    if plan.slot_queued_at:
        raise ValueError("a slot queued for at an earlier stage needs the SimPy engine")
    a = plan.arrivals_ms
    n = a.size
    work, hit = plan.work_columns()
    n_stages = len(STAGES)
    # one block: column 0 the arrival, column k + 1 when stage k was left. A stage is reached
    # when the one before it is left, so stage_arrival is the block without its last column
    # and leave the block without its first (views: no copies, one allocation)
    track = np.empty((n, n_stages + 1), order="F")
    track[:, 0] = a
    stage_arrival, leave = track[:, :-1], track[:, 1:]
    start = np.empty((n, n_stages), order="F")
    # without stage deadlines a request leaves a stage when its work ends: the same columns
    end = leave if plan.deadline_ms is None else np.empty((n, n_stages), order="F")
    for k in range(n_stages):
        t = track[:, k]
        cap = plan.capacities[k]
        wk = np.ascontiguousarray(work[k], dtype=np.float64)
        if cap is None:
            s = t
        elif plan.bypass is None:
            s = fcfs_starts(t, wk, cap, plan.pauses[k])
        else:
            queued = ~plan.bypass[:, k]
            s = t.copy()
            s[queued] = fcfs_starts(t[queued], wk[queued], cap, plan.pauses[k])
        start[:, k] = s
        e = end[:, k]
        kernels.pause_end_into(*kernels.pause_arrays(plan.pauses[k]),
                               np.ascontiguousarray(s, dtype=np.float64), wk, e)
        if plan.deadline_ms is not None:
            np.minimum(e, t + plan.deadline_ms[:, k], out=leave[:, k])
    return Timings(track[:, 0], stage_arrival, start, end, leave, hit, "fast")
