"""Compiled kernels (numba, ``cache=True``: machine code is cached on disk next to this
module, or under ``NUMBA_CACHE_DIR``) for the fast path, monitoring and histograms.

Every kernel repeats the arithmetic of the Python/numpy code it replaces operation for
operation, so results are bit-identical (the engine-equivalence tests check against SimPy).
The first call in a fresh checkout compiles (a few seconds, once); :func:`warm_up` triggers
that on purpose so benchmarks can report it apart from throughput.
"""

from __future__ import annotations

import math
import time

import numpy as np
from numba import njit

from latency_models.faults import PauseSchedule

_JIT = {"cache": True, "nogil": True}


def pause_arrays(p: PauseSchedule) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(starts, ends, cum, work_starts)`` of a schedule, as :class:`PauseSchedule` builds
    them (cumulative sums in the same order, so the same bits)."""
    starts = np.ascontiguousarray(p.starts, dtype=np.float64)
    ends = np.ascontiguousarray(p.ends, dtype=np.float64)
    if not p:
        empty = np.zeros(0)
        return empty, empty, np.zeros(1), empty
    cum = np.concatenate([[0.0], np.cumsum(ends - starts)])
    return starts, ends, cum, np.ascontiguousarray(p._work_at_starts, dtype=np.float64)


@njit(inline="always", **_JIT)
def _bisect_right(x: np.ndarray, v: float) -> int:
    lo, hi = 0, x.size
    while lo < hi:
        mid = (lo + hi) // 2
        if v < x[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


@njit(inline="always", **_JIT)
def _bisect_left(x: np.ndarray, v: float) -> int:
    lo, hi = 0, x.size
    while lo < hi:
        mid = (lo + hi) // 2
        if x[mid] < v:
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit(inline="always", **_JIT)
def _pause_end(ps: np.ndarray, pe: np.ndarray, cum: np.ndarray, ws: np.ndarray,
               start: float, work: float) -> float:
    """``PauseSchedule.end`` for one request (the arithmetic of ``ScalarPauses.end``)."""
    if ps.size == 0:
        return start + work
    k = _bisect_right(ps, start)
    inside = k > 0 and start < pe[k - 1]
    paused_before = cum[k - 1] + (start - ps[k - 1]) if inside else cum[k]
    target = start - paused_before + work
    m = _bisect_left(ws, target)
    return max(target + cum[m], start)


@njit(**_JIT)
def pause_end(ps: np.ndarray, pe: np.ndarray, cum: np.ndarray, ws: np.ndarray,
              start: np.ndarray, work: np.ndarray) -> np.ndarray:
    """``PauseSchedule.end`` over arrays."""
    out = np.empty(start.size)
    for i in range(start.size):
        out[i] = _pause_end(ps, pe, cum, ws, start[i], work[i])
    return out


@njit(**_JIT)
def fcfs_sorted(a: np.ndarray, w: np.ndarray, capacity: int, ps: np.ndarray, pe: np.ndarray,
                cum: np.ndarray, ws: np.ndarray) -> np.ndarray:
    """Service starts of a ``capacity``-slot FCFS resource for arrivals ``a`` in order (ties
    by position): the c-server Kiefer-Wolfowitz recursion. A min-heap holds when each slot
    is next free; request i starts at max(a[i], earliest free) and that slot is then busy
    until its (pause-stretched) end."""
    n = a.size
    c = min(capacity, max(n, 1))
    heap = np.full(c, -np.inf)
    s = np.empty(n)
    for i in range(n):
        free = heap[0]
        start = a[i] if a[i] >= free else free
        s[i] = start
        end = _pause_end(ps, pe, cum, ws, start, w[i])
        # replace the root with `end`, sift down
        j = 0
        while True:
            child = 2 * j + 1
            if child >= c:
                break
            if child + 1 < c and heap[child + 1] < heap[child]:
                child += 1
            if heap[child] < end:
                heap[j] = heap[child]
                j = child
            else:
                break
        heap[j] = end
    return s


@njit(**_JIT)
def window_quantiles(values: np.ndarray, starts: np.ndarray, counts: np.ndarray,
                     q: float) -> np.ndarray:
    """Nearest-rank quantile ``q`` of ``values[starts[j]:starts[j]+counts[j]]`` per window."""
    out = np.empty(starts.size)
    for j in range(starts.size):
        c = counts[j]
        rank = max(math.ceil(q * c) - 1, 0)
        chunk = values[starts[j]:starts[j] + c].copy()
        out[j] = np.partition(chunk, rank)[rank]
    return out


@njit(**_JIT)
def hdr_counts(values_ms: np.ndarray, lowest_us: int, highest_us: int, sub_bucket_mask: int,
               unit_magnitude: int, sub_bucket_half_count_magnitude: int,
               sub_bucket_half_count: int, counts: np.ndarray) -> tuple[int, int, int]:
    """Add ``values_ms`` (as µs, rounded half-even and clamped) into HdrHistogram ``counts``
    with the library's own index arithmetic; returns (recorded, min µs, max µs)."""
    lo, hi = highest_us, lowest_us
    for i in range(values_ms.size):
        us = np.rint(values_ms[i] * 1000.0)
        us = min(max(us, float(lowest_us)), float(highest_us))
        v = np.int64(us)
        masked = v | sub_bucket_mask
        exponent = math.frexp(float(masked))[1]  # bit length of a positive int
        bucket = exponent - unit_magnitude - (sub_bucket_half_count_magnitude + 1)
        sub_bucket = v >> (bucket + unit_magnitude)
        base = (bucket + 1) << sub_bucket_half_count_magnitude
        counts[base + sub_bucket - sub_bucket_half_count] += 1
        lo = min(lo, v)
        hi = max(hi, v)
    return values_ms.size, lo, hi


def warm_up() -> float:
    """Compile (or load from the on-disk cache) every kernel; returns the seconds it took."""
    t0 = time.perf_counter()
    x = np.array([0.0, 1.0, 2.0])
    ps, pe, cum, ws = pause_arrays(PauseSchedule(np.array([0.5]), np.array([1.0])))
    pause_end(ps, pe, cum, ws, x, x)
    fcfs_sorted(x, x, 1, ps, pe, cum, ws)
    window_quantiles(x, np.array([0], dtype=np.int64), np.array([3], dtype=np.int64), 0.5)
    hdr_counts(x, 1, 10, 2047, 0, 10, 1024, np.zeros(4096, dtype=np.uint64))
    return time.perf_counter() - t0
