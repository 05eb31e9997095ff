"""Fault windows and their extra latency to the millisecond, literal expected values worked out
by hand (written to kill the mutants ``make mutate`` found alive in ``latency_models/faults``)."""

from __future__ import annotations

import numpy as np

from latency_models.faults import (
    ColdLoad,
    Fragmentation,
    PacketLoss,
    Pause,
    PauseSchedule,
    RttSpike,
    ScalarPauses,
)

NET = {"network": np.full(4, 10.0)}


def test_rtt_spike_adds_the_difference_and_never_removes_latency() -> None:
    t = np.array([99.0, 100.0, 149.0, 150.0])
    spike = RttSpike(start_ms=100.0, duration_ms=50.0, base_ms=12.0, spike_ms=60.0)
    assert spike.extra_ms(t, t - 1, NET, None)["network"].tolist() == [0.0, 48.0, 48.0, 0.0]
    lower = RttSpike(start_ms=100.0, duration_ms=50.0, base_ms=12.0, spike_ms=10.0)
    assert lower.extra_ms(t, t - 1, NET, None)["network"].tolist() == [0.0, 0.0, 0.0, 0.0]


def test_packet_loss_costs_one_rto_per_failed_attempt_inside_its_window_only() -> None:
    t = np.array([5.0, 10.0, 20.0, 30.0])
    loss = PacketLoss(start_ms=10.0, duration_ms=15.0, loss=0.5, rto_ms=200.0)
    draws = np.array([3.0, 1.0, 2.0, 4.0])
    assert loss.extra_ms(t, t - 1, NET, draws)["network"].tolist() == [0.0, 200.0, 400.0, 0.0]
    assert PacketLoss(loss=0.0).prepare(np.random.default_rng(1), 3).tolist() == [0.0] * 3


def test_cold_load_hits_the_first_arrival_after_each_eviction_only() -> None:
    # evictions at 100, 1100, 2100, ... (every 1000 ms from 100)
    cold = ColdLoad(start_ms=100.0, every_ms=1000.0, cold_ms=800.0)
    t = np.array([50.0, 150.0, 200.0, 1050.0, 1100.0, 2500.0])
    prev = np.array([-np.inf, 50.0, 150.0, 200.0, 1050.0, 1100.0])
    extra = cold.extra_ms(t, prev, {}, None)["model_load"]
    assert extra.tolist() == [0.0, 800.0, 0.0, 0.0, 800.0, 800.0]
    once = ColdLoad(start_ms=100.0, cold_ms=500.0)
    assert once.extra_ms(t, prev, {}, None)["model_load"].tolist() == [
        0.0, 500.0, 0.0, 0.0, 0.0, 0.0]
    first = ColdLoad(start_ms=0.0, cold_ms=500.0)  # the very first request loads the model
    assert first.extra_ms(np.array([3.0]), np.array([-np.inf]), {}, None)[
        "model_load"].tolist() == [500.0]
    # evictions only inside [start, start + duration): at 100 and 1100, not at 2100
    bounded = ColdLoad(start_ms=100.0, every_ms=1000.0, duration_ms=1500.0, cold_ms=800.0)
    assert bounded.extra_ms(t, prev, {}, None)["model_load"].tolist() == [
        0.0, 800.0, 0.0, 0.0, 800.0, 0.0]
    stopped = ColdLoad(start_ms=100.0, every_ms=1000.0, until_ms=1100.0, cold_ms=800.0)
    assert stopped.extra_ms(t, prev, {}, None)["model_load"].tolist() == [
        0.0, 800.0, 0.0, 0.0, 0.0, 0.0]


def test_fragmentation_grows_from_its_start_and_resets_at_restart() -> None:
    base = {"inference": np.full(3, 100.0)}
    t = np.array([500.0, 3000.0, 3500.0])
    drift = Fragmentation(start_ms=1000.0, growth_per_s=0.01)
    assert drift.extra_ms(t, t - 1, base, None)["inference"].tolist() == [0.0, 2.0, 2.5]
    restart = Fragmentation(start_ms=1000.0, growth_per_s=0.01, restart_every_ms=1500.0)
    assert np.allclose(restart.extra_ms(t, t - 1, base, None)["inference"], [0.0, 0.5, 1.0])


def test_pause_windows_and_the_work_clock() -> None:
    assert Pause(start_ms=10.0, duration_ms=2.0).intervals(10.0).shape == (0, 2)
    assert Pause(start_ms=10.0, duration_ms=2.0).intervals(10.001).tolist() == [[10.0, 12.0]]
    empty = PauseSchedule.merge([])
    assert not empty and empty.end(5.0, 3.0).tolist() == 8.0
    assert ScalarPauses(empty).end(5.0, 3.0) == 8.0
    touching = PauseSchedule.merge([np.array([[0.0, 3.0]]), np.array([[3.0, 5.0]])])
    assert touching.starts.tolist() == [0.0] and touching.ends.tolist() == [5.0]
    apart = PauseSchedule.merge([np.array([[10.0, 12.0]]), np.array([[0.0, 3.0]])])
    assert apart.starts.tolist() == [0.0, 10.0] and apart.ends.tolist() == [3.0, 12.0]
    assert bool(PauseSchedule.merge([np.array([[0.0, 3.0]])]))
    scalar = ScalarPauses(apart)
    # (start, work) -> end: before, inside, at a pause's end, across two pauses
    for start, work, end in [(-5.0, 2.0, -3.0), (1.0, 2.0, 5.0), (3.0, 2.0, 5.0),
                             (2.0, 9.0, 14.0), (12.0, 1.0, 13.0)]:
        assert apart.end(start, work).tolist() == end, (start, work)
        assert scalar.end(start, work) == end, (start, work)


def test_cold_load_eviction_edges() -> None:
    cold = ColdLoad(start_ms=100.0, every_ms=1000.0, cold_ms=800.0)
    t = np.array([100.0, 1100.5])
    prev = np.array([99.0, 1100.0 - 0.25])
    assert cold.extra_ms(t, prev, {}, None)["model_load"].tolist() == [800.0, 800.0]
    once = ColdLoad(start_ms=100.0, cold_ms=500.0)
    assert once.extra_ms(np.array([100.0, 100.5]), np.array([99.0, 99.5]), {}, None)[
        "model_load"].tolist() == [500.0, 500.0]
    # evictions at 0 and 999.5 only (the window is [0, 1000))
    edge = ColdLoad(start_ms=0.0, every_ms=999.5, duration_ms=1000.0, cold_ms=1.0)
    assert edge.extra_ms(np.array([999.7, 1999.5]), np.array([999.0, 1500.0]), {}, None)[
        "model_load"].tolist() == [1.0, 0.0]
    # evictions at 0 and 500 only: none at 1000, the window's end
    end = ColdLoad(start_ms=0.0, every_ms=500.0, duration_ms=1000.0, cold_ms=1.0)
    assert end.extra_ms(np.array([1000.0]), np.array([600.0]), {}, None)[
        "model_load"].tolist() == [0.0]


def test_nested_and_many_pauses_merge_by_start() -> None:
    nested = PauseSchedule.merge([np.array([[0.0, 10.0], [2.0, 3.0], [12.0, 13.0]])])
    assert nested.starts.tolist() == [0.0, 12.0] and nested.ends.tolist() == [10.0, 13.0]
    three = PauseSchedule.merge([np.array([[0.0, 3.0], [5.0, 6.0], [8.0, 9.0]])])
    assert three.ends.tolist() == [3.0, 6.0, 9.0]
    inside = PauseSchedule.merge([np.array([[0.0, 3.0], [5.0, 10.0], [6.0, 7.0]])])
    assert inside.starts.tolist() == [0.0, 5.0] and inside.ends.tolist() == [3.0, 10.0]
    two = PauseSchedule.merge([np.array([[0.0, 3.0]]), np.array([[10.0, 12.0]])])
    assert two.end(11.0, 1.0).tolist() == 13.0  # inside the second pause: resumes at 12
    assert ScalarPauses(two).end(11.0, 1.0) == 13.0
