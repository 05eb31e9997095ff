"""The compiled and vectorised statistics equal their plain references exactly."""

from __future__ import annotations

import math
import platform

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import scenario
from twin import kernels
from twin import plan as plan_module
from twin.metrics import histogram_of
from twin.plan import make_plan
from twin.runner import run_scenario

# few distinct values, so windows are full of ties; constant windows; a wide range
values_st = st.one_of(
    st.lists(st.sampled_from([0.0, 1.0, 2.5, 7.0]), min_size=1, max_size=400),
    st.lists(st.floats(0.0, 1e6, allow_nan=False), min_size=1, max_size=400),
)


@given(values=values_st, cuts=st.lists(st.integers(1, 399), max_size=8),
       q=st.sampled_from([0.01, 0.5, 0.9, 0.95, 0.99, 1.0]))
def test_window_quantiles_equal_nearest_rank_of_a_sort(values, cuts, q):
    v = np.asarray(values)
    bounds = sorted({0, *(c for c in cuts if c < v.size)})
    starts = np.asarray(bounds, dtype=np.int64)
    counts = np.diff([*bounds, v.size]).astype(np.int64)
    got = kernels.window_quantiles(v, starts, counts, q)
    want = [np.sort(v[s:s + c])[max(math.ceil(q * c) - 1, 0)]
            for s, c in zip(starts, counts, strict=True)]
    assert got.tolist() == want


@given(values=st.lists(st.floats(0.0005, 3.5e6), min_size=1, max_size=300))
def test_percentiles_equal_the_librarys_walk(values):
    from twin.metrics import PERCENTILES, percentiles_ms

    h = histogram_of(np.asarray(values))
    reference = h.get_percentile_to_value_dict(list(PERCENTILES))
    assert percentiles_ms(h) == {f"p{int(p)}_ms": round(reference[p] / 1000.0, 3)
                                 for p in PERCENTILES}


def test_parallel_draws_are_the_serial_draws(monkeypatch):
    sc = scenario(faults=[{"kind": "packet_loss", "loss": 0.05},
                          {"kind": "cold_load", "every_ms": 4000, "cold_ms": 300}],
                  workload={"kind": "voice_burst", "users": 20, "closed_loop": False})
    monkeypatch.setattr(plan_module, "PARALLEL_DRAWS_MIN", 10**12)
    serial = make_plan(sc, 5, 3000)
    monkeypatch.setattr(plan_module, "PARALLEL_DRAWS_MIN", 0)
    parallel = make_plan(sc, 5, 3000)
    assert np.array_equal(serial.base_ms, parallel.base_ms)
    assert np.array_equal(serial.arrivals_ms, parallel.arrivals_ms)
    for a, b in zip(serial.fault_draws, parallel.fault_draws, strict=True):
        assert (a is None and b is None) or np.array_equal(a, b)


@pytest.mark.parametrize("engine", ["fast", "des"])
def test_queue_p95_is_the_p95_of_every_stage_queue(engine):
    """The nearest-rank p95 of every request's queueing (0 for those that did not queue), to
    the histogram's precision: the top of the value's HdrHistogram bucket."""
    sc = scenario(resources={"inference": 1}, workload={"kind": "poisson", "rate_per_s": 60})
    run = run_scenario(sc, seed=2, requests=600, engine=engine)
    queue = run.timings.queue_ms
    assert queue[:, 4].max() > 0  # the inference queue is exercised
    h = histogram_of(np.array([1.0]))
    for k, stage in enumerate(run.report["stages"]):
        nearest_rank = np.sort(queue[:, k])[math.ceil(0.95 * queue.shape[0]) - 1]
        want = (round(h.get_highest_equivalent_value(int(np.rint(nearest_rank * 1000)))
                      / 1000.0, 3) if nearest_rank > 0 else 0.0)
        assert run.report["stages"][stage]["queue_p95_ms"] == want
        exact = float(np.percentile(queue[:, k], 95))
        assert want == pytest.approx(exact, rel=5e-3, abs=1e-3)


def test_monitoring_and_statistics_on_two_threads_equal_one(monkeypatch):
    from twin import runner

    sc = scenario(resources={"inference": 2}, faults=[{"kind": "packet_loss", "loss": 0.05}],
                  workload={"kind": "poisson", "rate_per_s": 40})
    monkeypatch.setattr(runner, "PARALLEL_STATS_MIN", 10**12)
    one = run_scenario(sc, seed=4, requests=2000)
    monkeypatch.setattr(runner, "PARALLEL_STATS_MIN", 0)
    two = run_scenario(sc, seed=4, requests=2000)
    assert one.report == two.report
    assert one.monitoring == two.monitoring


@given(pauses=st.lists(st.tuples(st.floats(0, 1000), st.floats(0.01, 50)), max_size=30),
       starts=st.lists(st.floats(0, 1200), min_size=1, max_size=200),
       works=st.lists(st.floats(0, 100), min_size=1, max_size=200))
def test_pause_end_with_galloping_search_equals_the_schedules_own(pauses, starts, works):
    """Starts in any order (the hinted searches must also walk backwards)."""
    from latency_models.faults import PauseSchedule

    iv = [np.array([[s, s + d]]) for s, d in pauses]
    schedule = PauseSchedule.merge(iv) if iv else PauseSchedule()
    n = min(len(starts), len(works))
    start, work = np.asarray(starts[:n]), np.asarray(works[:n])
    out = np.empty(n)
    kernels.pause_end_into(*kernels.pause_arrays(schedule), start, work, out)
    assert out.tolist() == schedule.end(start, work).tolist()


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="a glibc malloc setting")
def test_freed_run_arrays_stay_in_the_heap_for_the_next_run():
    """After keep_freed_memory a 64 MB array comes from malloc's heap, not from a mapping of
    its own (which glibc unmaps when it is freed, so the next run faults it in again), and
    the heap keeps that space once the array is freed (glibc's mallinfo2)."""
    import ctypes

    from twin.runner import keep_freed_memory

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
            "uordblks", "fordblks", "keepcost")]

    mallinfo2 = ctypes.CDLL(None).mallinfo2
    mallinfo2.restype = MallInfo2
    assert keep_freed_memory()
    size = 64 << 20
    mapped_before = mallinfo2().hblkhd
    block = np.ones(size // 8)
    assert mallinfo2().hblkhd - mapped_before < size  # not a mapping of its own
    del block
    assert mallinfo2().arena >= size  # the heap kept the space


def test_numpy_advises_no_huge_pages_after_a_run():
    """A run turns numpy's huge-page advice off (its first touch of advised pages compacts
    memory on this kind of VM, BENCHMARKS.md "Ninth session"); the switch answers its
    previous state."""
    run_scenario(scenario(requests=10), seed=1)
    switch = np._core.multiarray._set_madvise_hugepage
    assert switch(False) is False
