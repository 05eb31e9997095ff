"""The numpy fast path reproduces the SimPy engine exactly on the same draws."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import FAULTS, scenario
from twin.engine_des import run_des
from twin.engine_fast import fcfs_starts, run_fast
from twin.plan import make_plan
from twin.runner import choose_engine


@pytest.mark.parametrize("rate", [5, 40, 120])
@pytest.mark.parametrize("resources", [{}, {"inference": 2}, {"inference": 1, "network": 3}])
def test_fast_path_matches_simpy_exactly(rate, resources):
    sc = scenario(workload={"kind": "poisson", "rate_per_s": rate}, resources=resources,
                  faults=FAULTS, requests=1500)
    plan = make_plan(sc, 4, sc.requests)
    des, fast = run_des(plan), run_fast(plan)
    for name in ("stage_arrival", "start", "end", "leave"):
        assert np.array_equal(getattr(des, name), getattr(fast, name)), name
    assert np.array_equal(des.fault_hit, fast.fault_hit)
    if resources and rate == 120:
        assert des.queue_ms.max() > 0  # the comparison exercised real queueing


def test_fast_path_matches_with_stage_deadlines():
    sc = scenario(resources={"inference": 1}, workload={"kind": "poisson", "rate_per_s": 60})
    plan = make_plan(sc, 2, 800)
    deadline = np.full((plan.n, 6), np.inf)
    deadline[::3, 4] = 20.0  # every third request degrades at 20 ms in inference
    plan.deadline_ms = deadline
    des, fast = run_des(plan), run_fast(plan)
    assert np.array_equal(des.leave, fast.leave)
    left_early = fast.leave[:, 4] < fast.end[:, 4]
    assert left_early.any()
    assert np.all(fast.leave[:, 4] - fast.stage_arrival[:, 4] <= deadline[:, 4] + 1e-9)


def test_fcfs_single_server_is_lindley():
    rng = np.random.default_rng(0)
    a = np.cumsum(rng.exponential(10.0, 2000))
    w = rng.exponential(9.0, 2000)
    from latency_models.faults import PauseSchedule

    s = fcfs_starts(a, w, 1, PauseSchedule())
    expected = np.empty_like(a)
    free = 0.0
    for i in range(a.size):  # Lindley's recursion, by hand
        expected[i] = max(a[i], free)
        free = expected[i] + w[i]
    assert np.allclose(s, expected)


def test_closed_loop_runs_on_simpy_and_auto_picks_it():
    sc = scenario(workload={"kind": "voice_burst", "users": 20, "period_s": 2,
                            "closed_loop": True}, resources={"inference": 2})
    assert choose_engine(sc, None, real=False) == "des"
    t = run_des(make_plan(sc, 1, 200))
    # each user waits for its answer before speaking again: at most 20 in the system
    order = np.argsort(t.arrival)
    in_flight = [(t.arrival[order[: i + 1]] <= t.arrival[order[i]]).sum()
                 - (t.leave[order[: i + 1], -1] <= t.arrival[order[i]]).sum()
                 for i in range(t.n)]
    assert max(in_flight) <= 20


def test_open_loop_auto_picks_fast_unless_real():
    sc = scenario()
    assert choose_engine(sc, None, real=False) == "fast"
    assert choose_engine(sc, None, real=True) == "des"
    assert choose_engine(sc, "des", real=False) == "des"
