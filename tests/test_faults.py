"""Fault models: each adds latency only where and when it is active."""

from __future__ import annotations

import numpy as np
import pytest

from latency_models.faults import (
    ColdLoad,
    Fragmentation,
    PacketLoss,
    Pause,
    PauseSchedule,
    RttSpike,
    ScalarPauses,
)
from twin.errors import InputError
from twin.scenario import scenario_from_dict

T = np.array([0.0, 500.0, 999.0, 1000.0, 1500.0, 1999.0, 2000.0, 6000.0, 6100.0])
BASE = {s: np.full(T.size, 10.0) for s in ("network", "model_load", "inference")}
PREV = np.concatenate([[-np.inf], T[:-1]])


def test_rtt_spike_adds_the_difference_inside_the_window_only():
    f = RttSpike(start_ms=1000, duration_ms=1000, base_ms=12, spike_ms=60)
    extra = f.extra_ms(T, PREV, BASE, None)["network"]
    assert extra.tolist() == [0, 0, 0, 48, 48, 48, 0, 0, 0]


def test_periodic_window_repeats():
    f = RttSpike(start_ms=1000, duration_ms=200, every_ms=5000)
    assert f.active(np.array([1100.0, 1300.0, 6100.0, 6300.0])).tolist() == [
        True, False, True, False]


def test_packet_loss_costs_one_rto_per_lost_attempt():
    f = PacketLoss(loss=0.3, rto_ms=200.0)
    rng = np.random.default_rng(0)
    draws = f.prepare(rng, 100_000)
    t = np.zeros(draws.size)
    extra = f.extra_ms(t, t, {"network": np.ones(t.size)}, draws)["network"]
    assert set(np.unique(extra) % 200.0) == {0.0}
    # geometric failures before success: mean p / (1 - p)
    assert extra.mean() / 200.0 == pytest.approx(0.3 / 0.7, rel=0.03)


def test_cold_load_hits_the_first_arrival_after_each_eviction():
    f = ColdLoad(start_ms=0, every_ms=2000, cold_ms=800)
    extra = f.extra_ms(T, PREV, BASE, None)["model_load"]
    # evictions at 0, 2000, 4000, 6000: first arrivals after them are 0, 2000, 6000
    assert extra.tolist() == [800, 0, 0, 0, 0, 0, 800, 800, 0]


def test_fragmentation_grows_until_restart():
    f = Fragmentation(start_ms=0, growth_per_s=0.1, restart_every_ms=2000)
    extra = f.extra_ms(T, PREV, BASE, None)["inference"]
    # 10 ms base, +10 %/s since the last restart at 0, 2000, 4000, 6000
    assert extra == pytest.approx([0, 0.5, 0.999, 1.0, 1.5, 1.999, 0, 0, 0.1])


def test_pause_freezes_work_in_flight():
    sched = PauseSchedule.merge([Pause(start_ms=10, duration_ms=10).intervals(1e6),
                                 Pause(start_ms=30, duration_ms=5).intervals(1e6)])
    starts = np.array([0, 0, 5, 12, 25, 0, 20])
    works = np.array([5, 10, 10, 3, 10, 30, 0])
    ends = sched.end(starts, works)
    assert ends.tolist() == [5, 10, 25, 23, 40, 45, 20]
    scalar = ScalarPauses(sched)
    assert [scalar.end(float(s), float(w)) for s, w in zip(starts, works, strict=True)] == \
        ends.tolist()


def test_overlapping_pauses_merge():
    sched = PauseSchedule.merge([np.array([[10.0, 20.0], [15.0, 30.0], [40.0, 41.0]])])
    assert sched.starts.tolist() == [10.0, 40.0]
    assert sched.ends.tolist() == [30.0, 41.0]


@pytest.mark.parametrize(
    ("spec", "key"),
    [
        ({"kind": "meteor"}, "faults[0].kind"),
        ({"kind": "rtt_spike", "spike": 3}, "faults[0].spike"),
        ({"kind": "rtt_spike", "start_ms": "soon"}, "faults[0].start_ms"),
        ({"kind": "packet_loss", "loss": 1.5}, "faults[0].loss"),
        ({"kind": "pause", "stages": ["gpu"]}, "faults[0].stages[0]"),
        ({"kind": "pause", "duration_ms": 0}, "faults[0].duration_ms"),
        ({"kind": "pause", "start_ms": -1}, "faults[0].start_ms"),
        ({"kind": "rtt_spike", "every_ms": 0}, "faults[0].every_ms"),
    ],
)
def test_bad_fault_specs_name_the_key(spec, key):
    with pytest.raises(InputError) as err:
        scenario_from_dict({"name": "f", "faults": [spec]}, "f.toml")
    assert err.value.key == key, str(err.value)


def test_a_fault_table_builds_its_behaviour_with_the_behaviours_defaults():
    faults = scenario_from_dict({"name": "f", "faults": [
        {"kind": "rtt_spike", "start_ms": 10}, {"kind": "packet_loss", "loss": 0.1},
        {"kind": "pause", "stages": ["inference"], "duration_ms": 5}]}, "f.toml").faults
    assert faults == [RttSpike(start_ms=10.0), PacketLoss(loss=0.1),
                      Pause(duration_ms=5.0, stages=("inference",))]
    assert (faults[0].base_ms, faults[0].spike_ms) == (12.0, 60.0)  # pinned: README
