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
def _bisect_right_in(x: np.ndarray, v: float, lo: int, hi: int) -> int:
    """Bisect right for ``v`` within ``x[lo:hi]`` (sorted)."""
    while lo < hi:
        mid = (lo + hi) // 2
        if v < x[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


@njit(inline="always", **_JIT)
def _bisect_left_in(x: np.ndarray, v: float, lo: int, hi: int) -> int:
    """Bisect left for ``v`` within ``x[lo:hi]`` (sorted)."""
    while lo < hi:
        mid = (lo + hi) // 2
        if x[mid] < v:
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit(inline="always", **_JIT)
def _bisect_right(x: np.ndarray, v: float) -> int:
    return _bisect_right_in(x, v, 0, x.size)


@njit(inline="always", **_JIT)
def _bisect_left(x: np.ndarray, v: float) -> int:
    return _bisect_left_in(x, v, 0, x.size)


@njit(inline="always", **_JIT)
def _bisect_right_from(x: np.ndarray, v: float, hint: int) -> int:
    """``_bisect_right(x, v)``, galloping out from ``hint`` (the last answer) before
    bisecting: O(1) when consecutive lookups are close, as stage starts are. Same answer."""
    n = x.size
    hint = min(max(hint, 0), n)
    if hint < n and not v < x[hint]:  # x[hint] <= v: the answer is above hint
        lo = hint + 1
        hi = lo
        step = 1
        while hi < n and not v < x[hi]:
            lo = hi + 1
            hi = lo + step
            step *= 2
        hi = min(hi, n)
    else:  # the answer is at most hint
        hi = hint
        lo = hi - 1
        step = 1
        while lo >= 0 and v < x[lo]:
            hi = lo
            lo = hi - 1 - step
            step *= 2
        lo = 0 if lo < 0 else lo + 1
    return _bisect_right_in(x, v, lo, hi)


@njit(inline="always", **_JIT)
def _bisect_left_from(x: np.ndarray, v: float, hint: int) -> int:
    """``_bisect_left(x, v)``, galloping out from ``hint`` first (see _bisect_right_from)."""
    n = x.size
    hint = min(max(hint, 0), n)
    if hint < n and x[hint] < v:  # the answer is above hint
        lo = hint + 1
        hi = lo
        step = 1
        while hi < n and x[hi] < v:
            lo = hi + 1
            hi = lo + step
            step *= 2
        hi = min(hi, n)
    else:  # the answer is at most hint
        hi = hint
        lo = hi - 1
        step = 1
        while lo >= 0 and not x[lo] < v:
            hi = lo
            lo = hi - 1 - step
            step *= 2
        lo = 0 if lo < 0 else lo + 1
    return _bisect_left_in(x, v, lo, hi)


# A pause cursor: the searches' last answers for one schedule, kept as scalars so the common
# case (the request falls between the same pauses as the last one) is a few comparisons with
# no array passed to any function (numba counts references of every array argument).
# cur[0..7]: ps[k-1], ps[k], pe[k-1], cum[k-1], cum[k], ws[m-1], ws[m], cum[m] (+-inf past
# the ends); cur[8], cur[9]: k, m.
CURSOR = 10


@njit(inline="always", **_JIT)
def _cursor_end(start: float, work: float, klo: float, khi: float, pe_prev: float,
                cum_prev: float, cum_k: float, mlo: float, mhi: float, cum_m: float) -> float:
    """:func:`_pause_end`'s arithmetic when the cursor's answers hold for ``start``, else NaN."""
    if not (klo <= start < khi):
        return np.nan
    paused_before = cum_prev + (start - klo) if start < pe_prev else cum_k
    target = start - paused_before + work
    if not (mlo < target <= mhi):
        return np.nan
    return max(target + cum_m, start)


@njit(**_JIT)
def _cursor_seek(ps: np.ndarray, pe: np.ndarray, cum: np.ndarray, ws: np.ndarray,
                 cur: np.ndarray, start: float, work: float) -> float:
    """:func:`_pause_end` (searching from the cursor's last answers), moving the cursor."""
    n = ps.size
    k = _bisect_right_from(ps, start, int(cur[8]))
    inside = k > 0 and start < pe[k - 1]
    paused_before = cum[k - 1] + (start - ps[k - 1]) if inside else cum[k]
    target = start - paused_before + work
    m = _bisect_left_from(ws, target, int(cur[9]))
    cur[0] = ps[k - 1] if k > 0 else -np.inf
    cur[1] = ps[k] if k < n else np.inf
    cur[2] = pe[k - 1] if k > 0 else -np.inf
    cur[3] = cum[k - 1] if k > 0 else 0.0
    cur[4] = cum[k]
    cur[5] = ws[m - 1] if m > 0 else -np.inf
    cur[6] = ws[m] if m < n else np.inf
    cur[7] = cum[m]
    cur[8] = k
    cur[9] = m
    return max(target + cum[m], start)


@njit(inline="always", **_JIT)
def _cursor_start(cur: np.ndarray) -> None:
    """A cursor whose first check fails (so the first request searches)."""
    cur[:8] = np.nan
    cur[8] = 0
    cur[9] = 0


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
def pause_end_into(ps: np.ndarray, pe: np.ndarray, cum: np.ndarray, ws: np.ndarray,
                   start: np.ndarray, work: np.ndarray, out: np.ndarray) -> None:
    """``PauseSchedule.end`` over arrays, written into ``out`` (e.g. a column of a
    column-major array: no temporary)."""
    if ps.size == 0:
        for i in range(start.size):
            out[i] = start[i] + work[i]
        return
    cur = np.empty(CURSOR)
    _cursor_start(cur)
    for i in range(start.size):
        s, w = start[i], work[i]
        e = _cursor_end(s, w, cur[0], cur[1], cur[2], cur[3], cur[4], cur[5], cur[6], cur[7])
        out[i] = e if e == e else _cursor_seek(ps, pe, cum, ws, cur, s, w)


@njit(inline="always", **_JIT)
def _replace_root(heap: np.ndarray, size: int, v: float) -> None:
    """Replace the root of the min-heap ``heap[:size]`` with ``v`` and sift it down."""
    j = 0
    while True:
        child = 2 * j + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] < v:
            heap[j] = heap[child]
            j = child
        else:
            break
    heap[j] = v


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
    paused = ps.size > 0
    cur = np.empty(CURSOR)
    _cursor_start(cur)
    for i in range(n):
        free = heap[0]
        start = a[i] if a[i] >= free else free
        s[i] = start
        if paused:
            end = _cursor_end(start, w[i], cur[0], cur[1], cur[2], cur[3], cur[4], cur[5],
                              cur[6], cur[7])
            if end != end:
                end = _cursor_seek(ps, pe, cum, ws, cur, start, w[i])
        else:
            end = start + w[i]
        _replace_root(heap, c, end)
    return s


@njit(inline="always", **_JIT)
def _select(x: np.ndarray, k: int) -> float:
    """The ``k``-th smallest of ``x`` (0-based), reordering ``x`` in place: quickselect with
    a median-of-three pivot and Hoare partitioning (equal keys split evenly, so constant
    data is not a worst case). Exact: the same value any full sort would put at ``k``."""
    lo, hi = 0, x.size - 1
    while hi > lo:
        mid = (lo + hi) // 2
        if x[mid] < x[lo]:
            x[mid], x[lo] = x[lo], x[mid]
        if x[hi] < x[lo]:
            x[hi], x[lo] = x[lo], x[hi]
        if x[hi] < x[mid]:
            x[hi], x[mid] = x[mid], x[hi]
        pivot = x[mid]
        i, j = lo, hi
        while i <= j:
            while x[i] < pivot:
                i += 1
            while pivot < x[j]:
                j -= 1
            if i <= j:
                x[i], x[j] = x[j], x[i]
                i += 1
                j -= 1
        if k <= j:
            hi = j
        elif k >= i:
            lo = i
        else:
            return x[k]
    return x[k]


@njit(inline="always", **_JIT)
def _kth_largest(x: np.ndarray, lo: int, hi: int, m: int, heap: np.ndarray) -> float:
    """The ``m``-th largest of ``x[lo:hi]`` (``m`` small): a min-heap of the ``m`` largest
    seen so far, whose root is the answer at the end. Most values fail the first comparison
    with the root, so this is one cheap, well-predicted pass. Exact with ties (a multiset)."""
    for i in range(m):  # heapify the first m values (sift up)
        v = x[lo + i]
        j = i
        while j > 0:
            parent = (j - 1) // 2
            if heap[parent] <= v:
                break
            heap[j] = heap[parent]
            j = parent
        heap[j] = v
    for i in range(lo + m, hi):
        v = x[i]
        if v <= heap[0]:
            continue
        _replace_root(heap, m, v)
    return heap[0]


@njit(**_JIT)
def window_quantiles(values: np.ndarray, starts: np.ndarray, counts: np.ndarray,
                     q: float) -> np.ndarray:
    """Nearest-rank quantile ``q`` of ``values[starts[j]:starts[j]+counts[j]]`` per window:
    a top-m heap when the rank is near the top (p95: the 26th largest of 500), else an
    in-place quickselect on a copy. Both return the value a full sort puts at that rank."""
    out = np.empty(starts.size)
    cmax = counts.max() if counts.size else 0
    buf = np.empty(cmax)
    heap = np.empty(cmax)
    for j in range(starts.size):
        c = counts[j]
        rank = max(math.ceil(q * c) - 1, 0)
        m = c - rank  # the answer is the m-th largest
        if m <= 64 or 8 * m <= c:
            out[j] = _kth_largest(values, starts[j], starts[j] + c, m, heap)
        else:
            chunk = buf[:c]
            chunk[:] = values[starts[j]:starts[j] + c]
            out[j] = _select(chunk, rank)
    return out


@njit(**_JIT)
def hdr_counts(values_ms: np.ndarray, lowest_us: int, highest_us: int, sub_bucket_mask: int,
               unit_magnitude: int, sub_bucket_half_count_magnitude: int,
               sub_bucket_half_count: int, counts: np.ndarray) -> tuple[int, int, int]:
    """Add ``values_ms`` (as µs, rounded half-even and clamped) into HdrHistogram ``counts``
    with the library's own index arithmetic; returns (recorded, min µs, max µs)."""
    lo, hi = highest_us, lowest_us
    as_float = np.empty(1)
    bits = as_float.view(np.int64)
    for i in range(values_ms.size):
        us = np.rint(values_ms[i] * 1000.0)
        us = min(max(us, float(lowest_us)), float(highest_us))
        v = np.int64(us)
        masked = v | sub_bucket_mask
        # bit length of a positive int below 2**53: its float's exponent field minus 1022
        # (what math.frexp returns, read straight from the bits)
        as_float[0] = float(masked)
        exponent = (bits[0] >> 52) - 1022
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
    pause_end_into(ps, pe, cum, ws, x, x, np.empty(3))
    fcfs_sorted(x, x, 1, ps, pe, cum, ws)
    window_quantiles(x, np.array([0], dtype=np.int64), np.array([3], dtype=np.int64), 0.5)
    hdr_counts(x, 1, 10, 2047, 0, 10, 1024, np.zeros(4096, dtype=np.uint64))
    return time.perf_counter() - t0
