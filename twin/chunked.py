"""A run of N requests in fixed-size chunks: memory bounded by the chunk, not by N.

Each chunk draws its requests from the run's own named streams (:mod:`twin.rng`), one after
the other, so the draws are those of the whole run (every distribution and fault kind that
can be chunked says so: ``chunkable``), walks them through the six stages with the fast
path's arithmetic, and adds them to the report's histograms and the monitor's windows
(:mod:`twin.chunked_stats`) in request order. What a whole-run pass knows and a chunk does
not is carried over:

- a shared stage's slots (when each is next free) go from chunk to chunk;
- a request reaching a shared stage at or after the next chunk's first arrival waits there
  for the next chunk (a later request may reach the stage before it), so the slots serve
  requests in exactly the order of the whole run (their arrival at the stage, ties by index);
- requests finish out of order, and are added to the statistics in index order.

The arrivals are walked once before the run (their last one sets the pause schedule's horizon
and the monitor's windows, as in the whole run); a ``voice_burst`` workload's arrivals are a
sort over all users, so they are drawn whole (8 bytes a request). Every request's numbers
are the fast path's; the report is the whole run's but for two figures taken from histograms
(:mod:`twin.chunked_stats`); ``requests.csv`` keeps a sample (every k-th request, the last).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from latency_models.faults import Pause, PauseSchedule
from latency_models.stages import INFERENCE, STAGES
from twin import kernels, kernels_stream, monitoring
from twin.chunked_stats import LatencyAccumulator, WindowAccumulator
from twin.errors import InputError
from twin.plan import MAX_HORIZON_MS, MIN_WORK_MS, Plan
from twin.rng import stage_stream, stream
from twin.scenario import Scenario, Workload
from twin.timings import Timings
from twin.workloads import is_open_loop, open_loop_arrivals

DEFAULT_CHUNK = 1 << 16
MIN_CHUNK = 1
MAX_CHUNK = 1 << 24
#: requests in one chunked run (about five minutes of the fast path on one core)
MAX_CHUNKED_REQUESTS = 1_000_000_000
#: rows of requests.csv a chunked run keeps by default (every k-th request, k = N / this)
SAMPLE_ROWS = 100_000
#: rows a chunk keeps free in front of its own for the requests carried over to it
CARRY_ROOM = 4096
N_STAGES = len(STAGES)
_ARRIVAL = 0


def _col(k: int, what: int) -> int:
    """Column of a request's record: 0 arrival, then per stage when it arrived, started, left."""
    return 1 + 3 * k + what


SA, ST, LV = 0, 1, 2  # reached, started, left (= its work ended: no deadlines here)
RECORD = 1 + 3 * N_STAGES


def chunk_problem(scenario: Scenario) -> str | None:
    """Why ``scenario`` cannot run in chunks (None: it can)."""
    from twin import assisted, calibrated, capture_model

    cfg = scenario.config
    if not is_open_loop(scenario.workload):
        return "an open-loop workload (a closed loop's arrivals wait for answers)"
    if cfg.network is not None or cfg.model is not None:
        return "no [network] or [model] section (their models need every arrival at once)"
    if assisted.assistant_config(scenario) is not None:
        return "no [assistant] (its decisions need the whole run)"
    if scenario.monitoring.degrade_on_alert:
        return "no degrade_on_alert control (it runs on the SimPy engine)"
    if any(m == "real" for m in scenario.modes.values()) or scenario.link_faults:
        return "modelled stages only (real stages and rig faults run in lockstep)"
    for s in STAGES:
        if not scenario.stages[s].dist.chunkable:
            return f"stage distributions drawn request by request (stages.{s} is not)"
    for f in scenario.faults:
        if not f.chunkable:
            return f"fault kinds drawn request by request ({f.kind} is not)"
    if calibrated.load_conditioned(scenario) or capture_model.load(scenario) is not None:
        return "no conditioned (calibrated) stage models"
    return None


class ArrivalStream:
    """The arrivals of an open-loop workload, ``take(m)`` at a time: the values
    :func:`twin.workloads.open_loop_arrivals` gives at the same positions."""

    def __init__(self, w: Workload, n: int, rng: np.random.Generator) -> None:
        self.w, self.n, self.rng, self.i, self.carry = w, n, rng, 0, 0.0
        self.ahead: np.ndarray | None = None
        self.whole = open_loop_arrivals(w, n, rng) if w.kind == "voice_burst" else None
        if w.kind == "script":
            self.times = np.asarray(w.arrivals_ms, dtype=float)
            self.span = float(self.times[-1]) + 1.0

    def peek(self) -> float:
        """The next arrival, without taking it."""
        if self.ahead is None:
            self.ahead = self._take(1)
        return float(self.ahead[0])

    def take(self, m: int) -> np.ndarray:
        if self.ahead is None:
            return self._take(m)
        first, self.ahead = self.ahead, None
        if m == 1:
            return first
        out = np.empty(m)
        out[0] = first[0]
        out[1:] = self._take(m - 1)
        return out

    def _take(self, m: int) -> np.ndarray:
        i0, self.i = self.i, self.i + m
        if self.whole is not None:
            return self.whole[i0:i0 + m]
        if self.w.kind == "poisson":  # a running sum, as np.cumsum over the whole run
            steps = np.empty(m + 1)
            steps[0] = self.carry
            steps[1:] = self.rng.exponential(1000.0 / self.w.rate_per_s, m)
            out = np.cumsum(steps)[1:]
            self.carry = float(out[-1])
            return out
        idx = np.arange(i0, i0 + m)
        reps, pos = np.divmod(idx, self.times.size)
        return self.times[pos] + self.span * reps


def _span(w: Workload, n: int, seed: int, chunk: int,
          drawn: ArrivalStream) -> tuple[float, float, float]:
    """Earliest, latest and last arrival (a pass over the arrivals; nothing is kept)."""
    if drawn.whole is not None:
        whole = drawn.whole
        return float(whole.min()), float(whole.max()), float(whole[-1])
    arrivals = ArrivalStream(w, n, stream(seed, "workload"))
    lo, hi, last = np.inf, -np.inf, np.nan
    left = n
    while left > 0:
        a = arrivals.take(min(chunk, left))
        lo, hi, last = min(lo, float(a.min())), max(hi, float(a.max())), float(a[-1])
        left -= a.size
    return lo, hi, last


def timings_of(records: np.ndarray, hit: np.ndarray) -> Timings:
    """The :class:`Timings` of records (rows as the walk writes them): views, no copies
    (without stage deadlines a request leaves a stage when its work ends: ``end`` is
    ``leave``, as in the fast path)."""
    leave = records[:, _col(0, LV)::3]
    return Timings(records[:, _ARRIVAL], records[:, _col(0, SA)::3],
                   records[:, _col(0, ST)::3], leave, leave, hit, "fast")


@dataclass
class Rows:
    """Requests in flight, one row each in index order: ``rec`` their records (arrival, then
    per stage reached, started, left), ``work`` per stage, ``hit`` per fault, ``idx``
    and ``nxt``, the stage each is about to enter (6: done)."""

    idx: np.ndarray
    rec: np.ndarray
    work: np.ndarray
    hit: np.ndarray
    nxt: np.ndarray

    def behind(self, carry: Rows | None, room: int) -> Rows:
        """``carry`` (earlier requests still in flight) and these rows as one block: written
        into the ``room`` rows these arrays keep free at their front when it fits."""
        if carry is None or carry.idx.size == 0:
            return self.view(room)
        c = carry.idx.size
        if c > room:
            return Rows.join(carry, self.view(room))
        lo = room - c
        for mine, theirs in zip(self.arrays(), carry.arrays(), strict=True):
            mine[lo:room] = theirs
        return self.view(lo)

    def arrays(self) -> tuple[np.ndarray, ...]:
        return self.idx, self.rec, self.work, self.hit, self.nxt

    def view(self, lo: int) -> Rows:
        return Rows(*(a[lo:] for a in self.arrays()))

    def tail(self, start: int) -> Rows:
        return Rows(self.idx[start:].copy(), self.rec[start:].copy(), self.work[start:].copy(),
                    self.hit[start:].copy(), self.nxt[start:].copy())

    @staticmethod
    def join(a: Rows | None, b: Rows) -> Rows:
        if a is None or a.idx.size == 0:
            return b
        return Rows(np.concatenate([a.idx, b.idx]), np.concatenate([a.rec, b.rec]),
                    np.concatenate([a.work, b.work]), np.concatenate([a.hit, b.hit]),
                    np.concatenate([a.nxt, b.nxt]))


@dataclass
class ChunkedRun:
    """What a chunked run gives back: the report's statistics and monitor, the fault counts,
    and a sample of requests (their indices and timings)."""

    n: int
    chunk: int
    chunks: int
    stats: dict[str, Any]
    monitoring: dict[str, Any]
    requests_hit: list[int]
    sample_index: np.ndarray
    sample: Timings
    sample_every: int
    carried_max: int  # most requests carried over a chunk boundary
    plan: Plan  # the run's fixed parts (faults, pauses, slots); no per-request draws


class _Run:
    def __init__(self, scenario: Scenario, seed: int, n: int, chunk: int,
                 sample_every: int) -> None:
        self.sc, self.seed, self.n, self.chunk = scenario, seed, n, chunk
        self.sample_every = sample_every
        #: every request's timings (sample_every 1): the fast path's Timings, filled in place
        self.full: Timings | None = None
        if sample_every == 1:  # the records end to end; the timings are views of them
            self.records = np.empty((n, RECORD))
            self.hit_all = np.empty((n, len(scenario.faults)), dtype=bool)
            self.full = timings_of(self.records, self.hit_all)
        self.arrivals = ArrivalStream(scenario.workload, n, stream(seed, "workload"))
        t0, t1, last = _span(scenario.workload, n, seed, chunk, self.arrivals)
        horizon = last + 600_000.0  # as twin.plan.make_plan sets it
        if not np.isfinite(horizon) or horizon > MAX_HORIZON_MS:
            raise InputError(scenario.source, "workload",
                             f"arrivals within {MAX_HORIZON_MS:.0e} ms of simulated time (the "
                             f"rate or period puts them at {horizon:.3g} ms)")
        self.pauses = [PauseSchedule.merge([f.intervals(horizon) for f in scenario.faults
                                            if isinstance(f, Pause) and s in f.targets()])
                       for s in STAGES]
        arrays = [kernels.pause_arrays(p) for p in self.pauses]
        self.pause_arrays = arrays
        self.pauses_cat = kernels_stream.concat_pauses(arrays)
        self.caps = [scenario.resources.get(s) for s in STAGES]
        self.heaps = {k: np.full(c, -np.inf) for k, c in enumerate(self.caps) if c is not None}
        self.stage_rngs = [stage_stream(seed, s) for s in STAGES]
        self.fault_rngs = [stream(seed, "fault", j) for j in range(len(scenario.faults))]
        self.lat = LatencyAccumulator()
        self.win = WindowAccumulator(t0, t1, float(scenario.monitoring.window_ms),
                                     self.caps[INFERENCE] or 1,
                                     monitoring.loss_faults(scenario.faults))
        self.hits = np.zeros(len(scenario.faults), dtype=np.int64)
        self.carry: Rows | None = None
        self.committed = 0
        self.prev_arrival = -np.inf
        self.work_total = 0.0
        self.carried_max = 0
        self.samples: list[Rows] = []
        self.plan = Plan(seed=seed, n=0, base_ms=np.empty((0, N_STAGES)),
                         faults=list(scenario.faults), fault_draws=[None] * len(scenario.faults),
                         pauses=self.pauses, capacities=self.caps)

    def draw(self, i0: int, m: int) -> tuple[Rows, float]:
        """The next chunk: its arrivals and draws, work per stage (the plan's arithmetic,
        chunk by chunk), and the first arrival after it (inf after the last chunk)."""
        a = self.arrivals.take(m)
        after = float(self.arrivals.peek()) if i0 + m < self.n else np.inf
        base = np.empty((m, N_STAGES), order="F")
        for k, s in enumerate(STAGES):
            base[:, k] = self.sc.stages[s].sample(self.stage_rngs[k], m)
        np.maximum(base, MIN_WORK_MS, out=base)
        self.work_total += float(base.sum())
        if not np.isfinite(self.work_total) or self.work_total > MAX_HORIZON_MS:
            stage = STAGES[int(np.argmax(base.max(axis=0)))]
            raise InputError(self.sc.source, f"stages.{stage}",
                             f"latencies whose total stays within {MAX_HORIZON_MS:.0e} ms of "
                             f"simulated time (the draws add up to {self.work_total:.3g} ms "
                             f"by request {i0 + m})")
        draws = [f.prepare(self.fault_rngs[j], m) for j, f in enumerate(self.sc.faults)]
        prev = np.empty(m)
        prev[0] = self.prev_arrival
        prev[1:] = a[:-1]
        self.prev_arrival = float(a[-1])
        chunk_plan = Plan(seed=self.seed, n=m, base_ms=base, faults=self.plan.faults,
                          fault_draws=draws, pauses=self.pauses, capacities=self.caps,
                          arrivals_ms=a)
        columns, hit = chunk_plan._work_columns(base, a, prev, lambda d: d)
        r = CARRY_ROOM  # rows left free at the front for requests carried over
        rec = np.empty((r + m, RECORD))
        rec[r:, _ARRIVAL] = a
        rec[r:, _col(0, SA)] = a
        work = np.empty((r + m, N_STAGES))
        for k, col in enumerate(columns):
            work[r:, k] = col
        hits = np.empty((r + m, len(self.sc.faults)), dtype=bool)
        hits[r:] = hit
        idx = np.empty(r + m, dtype=np.int64)
        idx[r:] = np.arange(i0, i0 + m)
        rows = Rows(idx, rec, work, hits, np.zeros(r + m, dtype=np.int8))
        return rows, after

    def walk(self, rows: Rows, bound: float) -> None:
        """Every request of ``rows`` as far as it can go: through every stage, except that
        at a shared stage the requests reaching it at or after ``bound`` (the next chunk's
        first arrival) wait there for the next chunk."""
        rec, work, nxt = rows.rec, rows.work, rows.nxt
        k = 0
        while k < N_STAGES:
            shared = next((j for j in range(k, N_STAGES) if self.caps[j] is not None), N_STAGES)
            if shared > k:
                entering = np.flatnonzero(nxt == k)
                kernels_stream.walk_free(rec, work, entering, k, shared, *self.pauses_cat)
                nxt[entering] = shared
            if shared == N_STAGES:
                break
            at = np.flatnonzero(nxt == shared)
            t = rec[at, _col(shared, SA)]
            order = np.argsort(t, kind="stable")  # rows are in index order: ties by index
            ready = int(np.searchsorted(t[order], bound, side="left"))
            go = at[order[:ready]]
            kernels_stream.walk_shared(rec, work, go, shared, self.heaps[shared],
                                       *self.pause_arrays[shared])
            nxt[go] = shared + 1
            k = shared + 1

    def commit(self, rows: Rows) -> None:
        """Add the finished requests before the first unfinished one to the statistics, in
        index order; carry the rest over to the next chunk."""
        unfinished = np.flatnonzero(rows.nxt < N_STAGES)
        cut = int(unfinished[0]) if unfinished.size else rows.idx.size
        self.carry = rows.tail(cut) if cut < rows.idx.size else None
        self.carried_max = max(self.carried_max, rows.idx.size - cut)
        if cut == 0:
            return
        assert rows.idx[0] == self.committed
        self.committed += cut
        rec = rows.rec[:cut]
        stage_ms, e2e = self.lat.add(rec[:, _ARRIVAL], rec[:, _col(0, SA)::3],
                                     rec[:, _col(0, ST)::3], rec[:, _col(0, LV)::3])
        inference = _col(INFERENCE, 0)
        self.win.add(rec[:cut, _ARRIVAL], stage_ms, e2e,
                     np.ascontiguousarray(rec[:cut, inference + ST]),
                     np.ascontiguousarray(rec[:cut, inference + LV]), rows.hit[:cut])
        self.hits += rows.hit[:cut].sum(axis=0)
        if self.full is not None:  # every request kept: straight into the run's timings
            lo = self.committed - cut
            self.records[lo:self.committed] = rec  # one block: rows are records already
            self.hit_all[lo:self.committed] = rows.hit[:cut]
            return
        idx = rows.idx[:cut]
        keep = np.flatnonzero((idx % self.sample_every == 0) | (idx == self.n - 1))
        if keep.size:
            self.samples.append(Rows(idx[keep], rec[keep], rows.work[keep], rows.hit[keep],
                                     rows.nxt[keep]))

    def sample(self) -> tuple[np.ndarray, Timings]:
        if self.full is not None:
            return np.arange(self.n), self.full
        g = Rows(*(np.concatenate(parts) for parts in zip(*(s.arrays() for s in self.samples),
                                                            strict=True)))
        return g.idx, timings_of(g.rec, g.hit)


def run_chunked(scenario: Scenario, seed: int, n: int, chunk: int = DEFAULT_CHUNK,
                sample_every: int | None = None,
                on_chunk: Callable[[int], None] | None = None) -> ChunkedRun:
    """Run ``n`` requests of ``scenario`` in chunks of ``chunk`` (see the module's text)."""
    problem = chunk_problem(scenario)
    if problem is not None:
        raise InputError(scenario.source, "chunked run", problem)
    if not MIN_CHUNK <= chunk <= MAX_CHUNK:
        raise InputError("--chunk-requests", str(chunk), f"{MIN_CHUNK}..{MAX_CHUNK}")
    if not 1 <= n <= MAX_CHUNKED_REQUESTS:
        raise InputError("--requests", str(n), f"1..{MAX_CHUNKED_REQUESTS:,} for a chunked run")
    every = sample_every or max(-(-n // SAMPLE_ROWS), 1)
    run = _Run(scenario, seed, n, chunk, every)
    chunks = 0
    with ThreadPoolExecutor(max_workers=1) as drawer:  # draws the next chunk meanwhile
        ahead = drawer.submit(run.draw, 0, min(chunk, n))
        for i0 in range(0, n, chunk):
            m = min(chunk, n - i0)
            rows, bound = ahead.result()
            if i0 + m < n:
                ahead = drawer.submit(run.draw, i0 + m, min(chunk, n - i0 - m))
            rows = rows.behind(run.carry, CARRY_ROOM)
            run.walk(rows, bound)
            run.commit(rows)
            chunks += 1
            if on_chunk is not None:
                on_chunk(run.committed)
    assert run.committed == n and run.carry is None
    index, sample = run.sample()
    if run.full is not None:  # the plan of a whole run: its arrivals (no draws kept)
        run.plan.n, run.plan.arrivals_ms = n, sample.arrival
    return ChunkedRun(n, chunk, chunks, run.lat.statistics(), run.win.result(),
                      [int(h) for h in run.hits], index, sample, every, run.carried_max,
                      run.plan)
