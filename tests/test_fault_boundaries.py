"""Literal boundaries: a fault window is half-open ``[start, start + duration)``, a bound
range is closed ``[low, high]`` with no slack beyond rounding."""

from __future__ import annotations

import numpy as np
import pytest

from devices.binding import Binding, DeviceSpec, Refused
from latency_models.faults import LinkWindow, RttSpike


def test_a_fault_window_ends_before_its_end() -> None:
    f = RttSpike(start_ms=100.0, duration_ms=50.0)
    assert f.active(np.array([99.999, 100.0, 149.999, 150.0, 150.001])).tolist() == [
        False, True, True, False, False]


def test_a_repeating_window_ends_before_each_end_and_before_until() -> None:
    f = RttSpike(start_ms=0.0, duration_ms=50.0, every_ms=100.0, until_ms=250.0)
    t = np.array([0.0, 49.999, 50.0, 100.0, 149.999, 150.0, 200.0, 249.999, 250.0])
    assert f.active(t).tolist() == [True, True, False, True, True, False, True, True, False]


def test_until_cuts_a_window_before_until_itself() -> None:
    # a one-off window cut short by until: the cut is half-open as well
    f = RttSpike(start_ms=0.0, duration_ms=100.0, until_ms=50.0)
    assert f.active(np.array([0.0, 49.999, 50.0, 50.001, 99.0])).tolist() == [
        True, True, False, False, False]


def test_the_spike_adds_its_extra_only_inside_the_window() -> None:
    f = RttSpike(start_ms=100.0, duration_ms=50.0, base_ms=12.0, spike_ms=60.0)
    extra = f.extra_ms(np.array([149.999, 150.0]), np.array([-np.inf, 149.999]), {}, None)
    assert extra["network"].tolist() == [48.0, 0.0]


def test_a_link_window_is_half_open_too() -> None:
    w = LinkWindow(kind="can_drop", start_ms=1000.0, duration_ms=500.0)
    assert w.active(np.array([999.9, 1000.0, 1499.9, 1500.0])).tolist() == [
        False, True, True, False]
    assert w.extra_ms(np.array([1200.0]), np.array([0.0]), {}, None) == {}


SPEC = DeviceSpec("hvac", "HVAC_Cmd", "HVAC_Status",
                  intents={"climate_set_temperature": Binding("climate_set_temperature",
                                                              "TargetTemp")},
                  ranges={"TargetTemp": (16.0, 30.0)})


@pytest.mark.parametrize("value", [16.0, 30.0, 30.0 + 1e-10, 16.0 - 1e-10])
def test_a_value_on_the_range_edge_is_accepted(value: float) -> None:
    SPEC.check_range({"TargetTemp": value})


@pytest.mark.parametrize("value", [30.001, 30.5, 31.0, 15.999, 15.5, 15.0, float("nan")])
def test_a_value_just_past_the_range_is_refused(value: float) -> None:
    with pytest.raises(Refused, match=r"TargetTemp=.* outside its range \[16, 30\]"):
        SPEC.check_range({"TargetTemp": value})


def test_an_intent_value_past_the_range_is_not_encoded() -> None:
    assert SPEC.encode("climate_set_temperature", 30, {})["TargetTemp"] == 30.0
    with pytest.raises(Refused):
        SPEC.encode("climate_set_temperature", 31, {})
