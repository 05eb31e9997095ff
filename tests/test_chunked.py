"""A run made in chunks is the whole run: the same requests' timings bit for bit, the same
histograms and monitor windows whatever the chunk, memory bounded by the chunk."""

from __future__ import annotations

import tracemalloc
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from latency_models import distributions as dist
from latency_models import faults as lf
from tests.helpers import FAULTS, scenario
from twin import monitoring
from twin.chunked import SAMPLE_ROWS, chunk_problem, run_chunked
from twin.errors import InputError
from twin.runner import run_scenario

WORKLOADS = [
    {"kind": "poisson", "rate_per_s": 120},
    {"kind": "voice_burst", "users": 40, "period_s": 1, "closed_loop": False},
    {"kind": "script", "arrivals_ms": [(i // 2) * 9.0 for i in range(1200)]},  # with ties
]
RESOURCES = [{}, {"inference": 1}, {"inference": 1, "network": 3}]
TIMINGS = ("arrival", "stage_arrival", "start", "end", "leave", "fault_hit")


@settings(max_examples=30, deadline=None)
@given(workload=st.sampled_from(WORKLOADS), resources=st.sampled_from(RESOURCES),
       chunk=st.sampled_from([1, 2, 7, 64, 333, 5000]), seed=st.integers(0, 50),
       n=st.integers(1, 1200))
def test_a_chunked_run_is_the_whole_run(workload, resources, chunk, seed, n):
    sc = scenario(workload=workload, resources=resources, faults=FAULTS, requests=n)
    whole = run_scenario(sc, seed=seed, engine="fast")  # the plan drawn whole, the engine
    chunked = run_scenario(sc, seed=seed, chunk=chunk, sample_every=1)
    for name in TIMINGS:
        assert np.array_equal(getattr(chunked.timings, name), getattr(whole.timings, name)), name
    assert chunked.request_index.tolist() == list(range(n))
    assert chunked.monitoring == whole.monitoring
    report = dict(chunked.report)
    assert report.pop("chunked")["chunk_requests"] == chunk
    assert report == whole.report


@settings(max_examples=15, deadline=None)
@given(chunk=st.sampled_from([1, 3, 50, 999]), seed=st.integers(0, 50),
       resources=st.sampled_from(RESOURCES[1:]))
def test_chunks_merge_exactly_whatever_their_size(chunk, seed, resources):
    """The histograms, the figures from them and the monitor's windows do not depend on the
    chunk: a run in chunks of 1, 3, ... gives the report one chunk gives."""
    sc = scenario(workload={"kind": "poisson", "rate_per_s": 90}, resources=resources,
                  faults=FAULTS, requests=1000)
    one = run_scenario(sc, seed=seed, chunk=1000)
    many = run_scenario(sc, seed=seed, chunk=chunk)
    for report in (one.report, many.report):
        del report["chunked"]
    assert many.report == one.report
    assert many.monitoring == one.monitoring


def test_the_tail_shares_are_close_to_a_sort_of_every_request():
    """The e2e p95 tail at the histogram's resolution (the p95's bucket and above) against
    the requests at or above the exact (interpolated) p95."""
    sc = scenario(workload={"kind": "poisson", "rate_per_s": 110}, resources={"inference": 1},
                  faults=FAULTS[:2], requests=4000)
    run = run_scenario(sc, seed=3, chunk=512, sample_every=1)
    t = run.timings
    tail = t.e2e_ms >= np.percentile(t.e2e_ms, 95)
    per_stage = t.stage_ms[tail].sum(axis=0)
    for k, entry in enumerate(run.report["stages"].values()):
        assert entry["share_of_e2e_p95"] == pytest.approx(per_stage[k] / per_stage.sum(),
                                                          abs=0.01)


def test_memory_is_bounded_by_the_chunk_not_the_run():
    sc = scenario(workload={"kind": "poisson", "rate_per_s": 200}, resources={"inference": 2},
                  faults=FAULTS[:2])
    run_chunked(sc, 1, 1000, 1000)  # imports and compiled kernels loaded before measuring
    peaks = []
    for n in (50_000, 400_000):
        tracemalloc.start()
        run = run_chunked(sc, 1, n, 2048, sample_every=10**9)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert run.sample_index.tolist() == [0, n - 1]  # the first and the last
    # 8x the requests: whole timings would be ~8x (60 MB more); chunked, the same chunk
    assert peaks[1] < peaks[0] + 8_000_000, peaks


def test_requests_csv_of_a_chunked_run_is_a_sample_said_in_the_report():
    sc = scenario(requests=3 * SAMPLE_ROWS + 7)
    problem = chunk_problem(sc)
    assert problem is None
    result = run_scenario(sc, seed=1, chunk=50_000)
    block = result.report["chunked"]
    assert block["sampled_every"] == 4
    index = result.request_index
    assert index[0] == 0 and index[-1] == sc.requests - 1
    assert np.all(index[:-1] % 4 == 0) and block["sampled_requests"] == index.size
    assert block["chunks"] == 7 and result.report["requests"] == sc.requests


@pytest.mark.parametrize(("overrides", "said"), [
    ({"workload": {"kind": "voice_burst", "users": 5, "closed_loop": True}}, "open-loop"),
    ({"network": {"protocol": "http2", "rtt": "5g-private"}}, "[network]"),
    ({"assistant": {"enabled": True}}, "[assistant]"),
])
def test_what_cannot_be_chunked_is_refused_with_its_reason(overrides, said):
    sc = scenario(**overrides)
    with pytest.raises(InputError, match="chunked run") as exc:
        run_scenario(sc, chunk=100)
    assert said in str(exc.value)


def test_a_stage_drawn_across_the_run_is_refused():
    from latency_models.stages import StageModel

    sc = scenario()
    sc.stages["inference"] = StageModel(
        "inference", dist.SplicedPareto(dist.ShiftedLognormal(2.0, 0.5), 20.0, 0.05, 2.0), 30.0)
    assert chunk_problem(sc) == ("stage distributions drawn request by request "
                                 "(stages.inference is not)")


CHUNKABLE = [dist.Fixed(3.0), dist.Uniform(1.0, 5.0), dist.TruncNormal(10.0, 3.0),
             dist.TruncNormal(10.0, 3.0, 8.0, 12.0), dist.ShiftedLognormal(2.0, 0.5, 1.0),
             dist.OffsetGamma(2.0, 3.0, 1.0), dist.OffsetGamma(0.5, 3.0),
             dist.Empirical((1.0, 2.0, 3.0)), dist.Scaled(dist.ShiftedLognormal(2.0, 0.5), 2.0)]


@settings(max_examples=25, deadline=None)
@given(sizes=st.lists(st.integers(0, 300), min_size=1, max_size=5), seed=st.integers(0, 99),
       which=st.integers(0, len(CHUNKABLE) - 1))
def test_a_chunkable_distribution_draws_in_chunks_what_it_draws_whole(sizes, seed, which):
    d = CHUNKABLE[which]
    assert d.chunkable
    whole = d.sample(np.random.default_rng(seed), sum(sizes))
    rng = np.random.default_rng(seed)
    parts = np.concatenate([d.sample(rng, k) for k in sizes])
    assert np.array_equal(whole, parts)


@settings(max_examples=25, deadline=None)
@given(sizes=st.lists(st.integers(0, 300), min_size=1, max_size=5), seed=st.integers(0, 99),
       loss=st.sampled_from([0.0, 0.02, 0.5]))
def test_a_chunkable_fault_prepares_in_chunks_what_it_prepares_whole(sizes, seed, loss):
    f = lf.PacketLoss(loss=loss)
    assert f.chunkable
    whole = f.prepare(np.random.default_rng(seed), sum(sizes))
    rng = np.random.default_rng(seed)
    assert np.array_equal(whole, np.concatenate([f.prepare(rng, k) for k in sizes]))


def test_a_distribution_that_draws_across_the_run_is_not_chunkable():
    spliced = dist.SplicedPareto(dist.ShiftedLognormal(2.0, 0.5), 20.0, 0.05, 2.0)
    assert not spliced.chunkable and not dist.Scaled(spliced, 2.0).chunkable
    whole = spliced.sample(np.random.default_rng(1), 40)
    rng = np.random.default_rng(1)
    parts = np.concatenate([spliced.sample(rng, 20), spliced.sample(rng, 20)])
    assert not np.array_equal(whole, parts)  # why: it draws every request's branch first


def test_monitoring_busy_time_is_exact_per_window():
    """The L3 busy time per window adds each interval's overlap with each window (a check
    against the plain definition, in exact arithmetic on integer-valued times)."""
    from twin import kernels_stream

    rng = np.random.default_rng(4)
    start = rng.integers(0, 1000, 300).astype(float)
    end = start + rng.integers(0, 300, 300)
    edges = np.arange(0.0, 1400.0, 100.0)
    busy = np.zeros(edges.size - 1)
    kernels_stream.busy_add(start, end, edges, busy)
    want = [sum(max(0.0, min(e, hi) - max(s, lo)) for s, e in zip(start, end, strict=True))
            for lo, hi in pairwise(edges)]
    assert busy.tolist() == want
    assert monitoring.MAX_WINDOWS == 2000


@settings(max_examples=60, deadline=None)
@given(values=st.one_of(
    st.lists(st.floats(-1e9, 1e9, allow_nan=False), max_size=500),
    st.lists(st.sampled_from([0.0, 1.0, 2.5, -3.0]), max_size=500),
    st.lists(st.floats(0, 1e-300, allow_subnormal=True), max_size=200)))
def test_the_spread_sort_is_a_sort(values):
    from twin import kernels_stream

    v = np.asarray(values, dtype=float)
    assert np.array_equal(kernels_stream.sorted_spread(v), np.sort(v))


@pytest.mark.parametrize("resources", RESOURCES)
def test_a_chunked_run_matches_simpy(resources):
    """The engines' equivalence, for a chunked run keeping every request: the SimPy engine
    on the plan drawn whole gives the same timings and report."""
    sc = scenario(workload={"kind": "poisson", "rate_per_s": 120}, resources=resources,
                  faults=FAULTS, requests=1500)
    des = run_scenario(sc, seed=4, engine="des")
    chunked = run_scenario(sc, seed=4, chunk=256, sample_every=1)
    for name in TIMINGS:
        assert np.array_equal(getattr(des.timings, name), getattr(chunked.timings, name)), name
    report = dict(chunked.report)
    del report["chunked"]
    assert {k: v for k, v in des.report.items() if k != "engine"} == {
        k: v for k, v in report.items() if k != "engine"}


@settings(max_examples=60, deadline=None)
@given(values=st.lists(st.one_of(st.sampled_from([0.0, 1.0, 2.5, 7.0]),
                                 st.floats(0.0, 1e6, allow_nan=False)),
                       min_size=7, max_size=2100),
       cuts=st.lists(st.integers(1, 299), max_size=12), trend=st.sampled_from([-1.0, 0.0, 1.0]))
def test_window_figures_are_nearest_rank_quantiles_and_sums_of_each_window(values, cuts, trend):
    """Each window's p95s (e2e and every stage), network median, over-budget share, mean
    jitter and loss against a sort and a sum of the window (windows trending up or down, so
    the kernel's guesses from the window before are too low, too high, or right)."""
    from twin import kernels_stream

    v = np.asarray(values, dtype=float)
    n = v.size // 7
    rows = v[:7 * n].reshape(n, 7) + trend * np.arange(n)[:, None] * 100.0
    rows = np.abs(rows)
    e2e, stage = np.ascontiguousarray(rows[:, 0]), np.ascontiguousarray(rows[:, 1:])
    jitter, lost = np.abs(np.diff(stage[:, 1], prepend=stage[:1, 1])), (rows[:, 0] > 500) * 1.0
    bounds = sorted({0, *(c for c in cuts if c < n)})
    starts = np.asarray(bounds, dtype=np.int64)
    counts = np.diff([*bounds, n]).astype(np.int64)
    out = np.empty((starts.size, monitoring.WINDOW_FIGURES))
    kernels_stream.window_stats(e2e, stage, jitter, lost, starts, counts, 100.0, out)

    def rank(x: np.ndarray, q: float) -> float:
        return float(np.sort(x)[max(int(np.ceil(q * x.size)) - 1, 0)])

    for j, (s, c) in enumerate(zip(starts, counts, strict=True)):
        w = slice(s, s + c)
        want = [rank(e2e[w], 0.95), float(np.count_nonzero(e2e[w] > 100.0)) / c,
                *(rank(stage[w, k], 0.95) for k in range(6)), rank(stage[w, 1], 0.5)]
        assert out[j, :9].tolist() == want
        assert out[j, 9] == pytest.approx(jitter[w].mean()) and out[j, 10] == lost[w].mean()


@pytest.mark.parametrize("sigma", [0.02, 0.3])
def test_window_figures_of_a_steady_run_equal_a_sort(sigma):
    """Windows of a steady run, where each window's p95s and network median are taken among
    the values near the window before's (the kernel's narrow path; sigma 0.02 keeps nearly
    every median within its band, 0.3 moves some out): the same values a sort gives."""
    from twin import kernels_stream

    rng = np.random.default_rng(5)
    n = 20_000
    rows = rng.lognormal(np.log(50.0), sigma, (n, 7))
    e2e, stage = np.ascontiguousarray(rows[:, 0]), np.asfortranarray(rows[:, 1:])
    starts = np.arange(0, n, 250, dtype=np.int64)
    counts = np.full(starts.size, 250, dtype=np.int64)
    out = np.empty((starts.size, monitoring.WINDOW_FIGURES))
    kernels_stream.window_stats(e2e, stage, np.zeros(n), np.zeros(n), starts, counts, 100.0,
                                out)
    for j, s in enumerate(starts.tolist()):
        w = slice(s, s + 250)
        assert out[j, 0] == np.sort(e2e[w])[237]
        assert out[j, 2:8].tolist() == np.sort(stage[w], axis=0)[237].tolist()
        assert out[j, 8] == np.sort(stage[w, 1])[124]
