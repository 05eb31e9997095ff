"""Compiled kernels (numba) of the chunked fast path and of monitoring: the FCFS recursion
with its slots carried from one chunk to the next, and the passes that fill the report's
histograms and the monitor's windows request by request, in request order.

Order is the point: every sum here is taken over requests in index order, so a run cut into
chunks of any size adds the same numbers in the same order as one pass over the whole run,
and the results are the same bits (``tests/test_chunked.py``).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import leading_zeros

from latency_models.faults import PauseSchedule
from twin import kernels
from twin.kernels import (
    _JIT,
    CURSOR,
    _cursor_end,
    _cursor_seek,
    _cursor_start,
    _kth_largest,
    _replace_root,
    _select,
)

# A request's record (one row of ``rec``): column 0 its arrival, then per stage k the columns
# 1 + 3k .. 3 + 3k: when it reached the stage, started, and left it (its work ended then: no
# stage deadlines on this path).


def concat_pauses(arrays: list[tuple[np.ndarray, ...]]) -> tuple[np.ndarray, ...]:
    """Every stage's ``pause_arrays`` end to end, with offsets: ``(ps, pe, ws, p_off, cum,
    c_off)``, stage ``k``'s pauses at ``p_off[k]:p_off[k + 1]`` (cum at ``c_off``)."""
    p_off = np.zeros(len(arrays) + 1, dtype=np.int64)
    c_off = np.zeros(len(arrays) + 1, dtype=np.int64)
    for k, a in enumerate(arrays):
        p_off[k + 1] = p_off[k] + a[0].size
        c_off[k + 1] = c_off[k] + a[2].size
    ps, pe, cum, ws = (np.ascontiguousarray(np.concatenate([a[j] for a in arrays]),
                                            dtype=np.float64) for j in range(4))
    return ps, pe, ws, p_off, cum, c_off


@njit(**_JIT)
def walk_free(rec: np.ndarray, work: np.ndarray, rows: np.ndarray, k0: int, k1: int,
              ps: np.ndarray, pe: np.ndarray, ws: np.ndarray, p_off: np.ndarray,
              cum: np.ndarray, c_off: np.ndarray) -> None:
    """Requests ``rows`` (having reached stage ``k0``) through stages ``k0 .. k1 - 1``, none
    of which has shared slots: each starts when reached and ends when its work is done,
    pauses stretching it (``pause_end_into``'s arithmetic; the pauses as
    :func:`concat_pauses` lays them out); one pass per request."""
    n_stages = work.shape[1]
    cur = np.empty((n_stages, CURSOR))
    for k in range(n_stages):
        _cursor_start(cur[k])
    for r in range(rows.size):
        i = rows[r]
        t = rec[i, 1 + 3 * k0]
        for k in range(k0, k1):
            c = 1 + 3 * k
            rec[i, c] = t
            rec[i, c + 1] = t
            w = work[i, k]
            lo, hi = p_off[k], p_off[k + 1]
            if hi > lo:
                end = _cursor_end(t, w, cur[k, 0], cur[k, 1], cur[k, 2], cur[k, 3], cur[k, 4],
                                  cur[k, 5], cur[k, 6], cur[k, 7])
                if end != end:
                    end = _cursor_seek(ps[lo:hi], pe[lo:hi], cum[c_off[k]:c_off[k + 1]],
                                       ws[lo:hi], cur[k], t, w)
            else:
                end = t + w
            rec[i, c + 2] = end
            t = end
        if k1 < n_stages:
            rec[i, 1 + 3 * k1] = t


@njit(**_JIT)
def walk_shared(rec: np.ndarray, work: np.ndarray, order: np.ndarray, k: int,
                heap: np.ndarray, ps: np.ndarray, pe: np.ndarray, cum: np.ndarray,
                ws: np.ndarray) -> None:
    """Requests ``order`` (in order of reaching stage ``k``, ties by index) through the
    stage's FCFS slots, whose next-free times ``heap`` carry over from the previous call
    (:func:`twin.kernels.fcfs_sorted`'s recursion, written into the records)."""
    n_stages = work.shape[1]
    c = 1 + 3 * k
    slots = heap.size
    paused = ps.size > 0
    cur = np.empty(CURSOR)
    _cursor_start(cur)
    for r in range(order.size):
        i = order[r]
        t = rec[i, c]
        free = heap[0]
        start = t if t >= free else free
        w = work[i, k]
        if paused:
            end = _cursor_end(start, w, cur[0], cur[1], cur[2], cur[3], cur[4], cur[5],
                              cur[6], cur[7])
            if end != end:
                end = _cursor_seek(ps, pe, cum, ws, cur, start, w)
        else:
            end = start + w
        _replace_root(heap, slots, end)
        rec[i, c + 1] = start
        rec[i, c + 2] = end
        if k + 1 < n_stages:
            rec[i, c + 3] = end


@njit(**_JIT)
def sorted_spread(values: np.ndarray) -> np.ndarray:
    """``np.sort(values)`` for values spread over their range (arrivals): a bucket pass and
    an insertion sort per bucket, O(n) for such data. Any sort of the same values gives the
    same array (equal values are equal bits), so this is np.sort's answer."""
    n = values.size
    out = np.empty(n)
    if n == 0:
        return out
    lo, hi = values.min(), values.max()
    if not hi > lo or n < 64:
        return np.sort(values)
    n_buckets = n // 4 + 1
    scale = n_buckets / (hi - lo)
    if not (scale < np.inf and (hi - lo) < np.inf):  # a span too small or too large
        return np.sort(values)
    counts = np.zeros(n_buckets + 1, dtype=np.int64)
    which = np.empty(n, dtype=np.int64)
    for i in range(n):
        b = min(int((values[i] - lo) * scale), n_buckets - 1)
        which[i] = b
        counts[b + 1] += 1
    for b in range(n_buckets):
        counts[b + 1] += counts[b]
    fill = counts[:-1].copy()
    for i in range(n):
        b = which[i]
        out[fill[b]] = values[i]
        fill[b] += 1
    for b in range(n_buckets):
        first, last = counts[b], counts[b + 1]
        if last - first > 32:
            out[first:last] = np.sort(out[first:last])
            continue
        for i in range(first + 1, last):
            v = out[i]
            j = i - 1
            while j >= first and out[j] > v:
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = v
    return out


@njit(inline="always", **_JIT)
def _hdr_index(value_ms: float, geo: np.ndarray) -> tuple[int, int]:
    """(counts index, value in µs) of ``value_ms`` as :func:`twin.kernels.hdr_counts`
    records it: rounded half-even to µs, clamped to the trackable range (``geo``: the
    histogram's lowest and highest value, sub_bucket_mask, unit_magnitude,
    sub_bucket_half_count_magnitude, sub_bucket_half_count)."""
    us = np.rint(value_ms * 1000.0)
    us = min(max(us, float(geo[0])), float(geo[1]))
    v = np.int64(us)
    # the bit length of v | sub_bucket_mask (a positive int), from its leading zeros
    exponent = 64 - np.int64(leading_zeros(np.uint64(v | geo[2])))
    bucket = exponent - geo[3] - (geo[4] + 1)
    sub_bucket = v >> (bucket + geo[3])
    base = (bucket + 1) << geo[4]
    return base + sub_bucket - geo[5], v


@njit(**_JIT)
def commit_rows(arrival: np.ndarray, reached: np.ndarray, started: np.ndarray,
                left: np.ndarray, geo: np.ndarray, counts: np.ndarray, extremes: np.ndarray,
                queue_counts: np.ndarray, queue_zero: np.ndarray, queue_extremes: np.ndarray,
                tail: np.ndarray, classes: np.ndarray, instant_ms: float,
                acceptable_ms: float, budget_ms: float, stage_out: np.ndarray,
                e2e_out: np.ndarray) -> None:
    """One pass over requests in index order (``arrival``, and per request and stage when it
    ``reached``, ``started`` and ``left`` the stage) filling the report's accumulators:
    ``counts[k]`` the HdrHistogram counts of the time in stage ``k`` (``counts[6]``: e2e)
    with their ``extremes`` (min, max µs); the positive queueing times per stage (zeros
    counted apart); ``tail[b, k]`` the time in stage ``k`` summed over the requests whose
    e2e falls in histogram bucket ``b`` (the e2e p95 tail's shares, at the histogram's
    resolution); ``classes``: requests within 100 ms, within 300 ms, within the e2e budget.
    Time in stage = left - reached, e2e = left the last stage - arrival, queueing = started
    - reached, at least 0 (as :class:`twin.timings.Timings` computes them); each request's
    time per stage and e2e are also written to ``stage_out`` and ``e2e_out`` unless they are
    empty (a whole run has them already)."""
    n_stages = reached.shape[1]
    write = e2e_out.size > 0
    last = n_stages - 1
    bucket = np.empty(arrival.size, dtype=np.int64)  # each request's e2e bucket
    for i in range(arrival.size):
        x = left[i, last] - arrival[i]
        if write:
            e2e_out[i] = x
        b, v = _hdr_index(x, geo)
        bucket[i] = b
        counts[n_stages, b] += 1
        extremes[n_stages, 0] = min(extremes[n_stages, 0], v)
        extremes[n_stages, 1] = max(extremes[n_stages, 1], v)
        if x <= instant_ms:
            classes[0] += 1
        elif x <= acceptable_ms:
            classes[1] += 1
        if x <= budget_ms:
            classes[2] += 1
    # stage by stage (a column at a time: a whole run's timings are column-major); each
    # tail cell still adds its requests in index order
    for k in range(n_stages):
        for i in range(arrival.size):
            y = left[i, k] - reached[i, k]
            if write:
                stage_out[i, k] = y
            tail[bucket[i], k] += y
            j, u = _hdr_index(y, geo)
            counts[k, j] += 1
            extremes[k, 0] = min(extremes[k, 0], u)
            extremes[k, 1] = max(extremes[k, 1], u)
            q = max(started[i, k] - reached[i, k], 0.0)
            if q > 0.0:
                j, u = _hdr_index(q, geo)
                queue_counts[k, j] += 1
                queue_extremes[k, 0] = min(queue_extremes[k, 0], u)
                queue_extremes[k, 1] = max(queue_extremes[k, 1], u)
            else:
                queue_zero[k] += 1


@njit(**_JIT)
def busy_add(start: np.ndarray, end: np.ndarray, edges: np.ndarray, busy: np.ndarray) -> None:
    """Add each interval ``[start, end)``'s overlap with every window
    ``[edges[j], edges[j + 1])`` to ``busy[j]``, interval by interval in order."""
    n_win = edges.size - 1
    j = 0
    for i in range(start.size):
        s, e = start[i], end[i]
        if not e > s:
            continue
        # the first window the interval can touch (intervals arrive in no particular order)
        j = kernels._bisect_right_from(edges, s, j) - 1
        w = max(j, 0)
        while w < n_win and edges[w] < e:
            lo = s if s > edges[w] else edges[w]
            hi = e if e < edges[w + 1] else edges[w + 1]
            if hi > lo:
                busy[w] += hi - lo
            w += 1


#: a window's p95 guess is the window before's p95 less this share of it (the p95 moves less
#: than this between neighbouring windows of a steady run; when it does, the full selection)
P95_GUESS_MARGIN = 0.1
#: the median's band around the window before's median (a share of it)
MEDIAN_BAND = 0.1


@njit(**_JIT)
def window_stats(e2e: np.ndarray, stage_ms: np.ndarray, jitter: np.ndarray,
                 lost: np.ndarray, starts: np.ndarray, counts: np.ndarray, budget_ms: float,
                 out: np.ndarray) -> None:
    """Per window (``[starts[j], starts[j] + counts[j])``, each non-empty) the monitor's
    figures into ``out[j]``: e2e p95, share over budget, each stage's p95, the network
    stage's median, mean jitter, share lost. Quantiles are nearest-rank and exact (as
    :func:`twin.kernels.window_quantiles`); sums run in request order."""
    n_stages = stage_ms.shape[1]
    cmax = counts.max() if counts.size else 0
    buf = np.empty(cmax)
    heap = np.empty(cmax)
    kept = np.empty(cmax + 1)  # one column's values above its guess (one spare slot)
    guess = np.full(n_stages + 1, -np.inf)  # below the last window's p95: most values fail
    median = np.nan  # the network median of the window before
    for j in range(starts.size):
        lo, c = starts[j], counts[j]
        hi = lo + c
        m = c - max(math.ceil(0.95 * c) - 1, 0)  # the p95 is the m-th largest
        # a column at a time (contiguous in a column-major run), one branch-free pass
        # keeping the values above the column's guess; when at least m are, the m-th
        # largest is among them (a selection on a few); else the full selection
        for k in range(n_stages + 1):
            col = e2e if k == 0 else stage_ms[:, k - 1]
            g = guess[k]
            taken = 0
            for i in range(lo, hi):
                v = col[i]
                kept[taken] = v
                taken += v > g
            if taken >= m:
                p95 = _select(kept[:taken], taken - m)
            else:
                p95 = _quantile(col, lo, c, 0.95, buf, heap)
            out[j, 0 if k == 0 else 1 + k] = p95
            guess[k] = p95 - P95_GUESS_MARGIN * abs(p95)  # the next window's p95 is near
        over = 0.0
        jit = 0.0
        loss = 0.0
        for i in range(lo, hi):
            if e2e[i] > budget_ms:
                over += 1.0
            jit += jitter[i]
            loss += lost[i]
        out[j, 1] = over / c
        median = _median_near(stage_ms[:, 1], lo, c, median, kept, buf, heap)
        out[j, 2 + n_stages] = median
        out[j, 3 + n_stages] = jit / c
        out[j, 4 + n_stages] = loss / c


@njit(inline="always", **_JIT)
def _median_near(values: np.ndarray, lo: int, c: int, near: float, band: np.ndarray,
                 buf: np.ndarray, heap: np.ndarray) -> float:
    """Nearest-rank median of ``values[lo:lo + c]``: one branch-free pass counts the values
    below ``near`` less MEDIAN_BAND of it and keeps those within the band around ``near``;
    when the median's rank falls in the band it is selected among those few, else (no
    ``near``, or the median moved out of the band) by the full selection. Exact either way."""
    rank = max(math.ceil(0.5 * c) - 1, 0)
    if near == near:  # not NaN
        a = near - MEDIAN_BAND * abs(near)
        b = near + MEDIAN_BAND * abs(near)
        below = 0
        taken = 0
        for i in range(lo, lo + c):
            v = values[i]
            below += v < a
            band[taken] = v
            taken += (v >= a) & (v <= b)
        r = rank - below
        if 0 <= r < taken:
            return _select(band[:taken], r)
    return _quantile(values, lo, c, 0.5, buf, heap)


@njit(inline="always", **_JIT)
def _quantile(values: np.ndarray, lo: int, c: int, q: float, buf: np.ndarray,
              heap: np.ndarray) -> float:
    """Nearest-rank ``q`` of ``values[lo:lo + c]`` as :func:`twin.kernels.window_quantiles`
    takes it (the same two methods, so the same value)."""
    rank = max(math.ceil(q * c) - 1, 0)
    m = c - rank
    if m <= 64 or 8 * m <= c:
        return _kth_largest(values, lo, lo + c, m, heap)
    chunk = buf[:c]
    for i in range(c):
        chunk[i] = values[lo + i]
    return _select(chunk, rank)


def warm_up() -> float:
    """:func:`twin.kernels.warm_up` and these kernels; the seconds it took."""
    import time

    from latency_models import compiled_draws

    t0 = time.perf_counter()
    kernels.warm_up()
    compiled_draws.warm_up()
    x = np.array([0.0, 1.0, 2.0])
    ps, pe, cum, ws = kernels.pause_arrays(PauseSchedule(np.array([0.5]), np.array([1.0])))
    geo = np.array([1, 3_600_000_000, 2047, 0, 10, 1024], dtype=np.int64)
    rows = np.ones((3, 6))
    busy_add(x, x + 1.0, x, np.zeros(2))
    rec = np.zeros((3, 19))
    work = np.ones((3, 6))
    order = np.arange(3)
    walk_free(rec, work, order, 0, 6, *concat_pauses([(ps, pe, cum, ws)] * 6))
    walk_shared(rec, work, order, 4, np.full(2, -np.inf), ps, pe, cum, ws)
    sorted_spread(np.arange(100.0)[::-1].copy())
    for a in ((rec[:, 0], rec[:, 1::3], rec[:, 2::3], rec[:, 3::3]),
              (x, work, work, work), (x, np.asfortranarray(work), np.asfortranarray(work),
                                      np.asfortranarray(work))):
        commit_rows(*a, geo, np.zeros((7, 50_000), dtype=np.uint64),
                    np.zeros((7, 2), dtype=np.int64), np.zeros((6, 50_000), dtype=np.uint64),
                    np.zeros(6, dtype=np.int64), np.zeros((6, 2), dtype=np.int64),
                    np.zeros((50_000, 6)), np.zeros(3, dtype=np.int64), 100.0, 300.0, 100.0,
                    np.empty((3, 6)), np.empty(3))
        commit_rows(*a, geo, np.zeros((7, 50_000), dtype=np.uint64),
                    np.zeros((7, 2), dtype=np.int64), np.zeros((6, 50_000), dtype=np.uint64),
                    np.zeros(6, dtype=np.int64), np.zeros((6, 2), dtype=np.int64),
                    np.zeros((50_000, 6)), np.zeros(3, dtype=np.int64), 100.0, 300.0, 100.0,
                    np.empty((0, 6)), np.empty(0))
    window_stats(x, rows, x, x, np.array([0], dtype=np.int64), np.array([3], dtype=np.int64),
                 100.0, np.empty((1, 11)))
    return time.perf_counter() - t0
