"""Safety limits pinned as literals, independently of the code that enforces them.

Each limit below is written out by hand from its source: the seed article (cabin temperature
16-30 °C, seat heating 0-3, window 0-100 %), or ``devices/cabin.dbc``'s signal ranges. Nothing
here reads :data:`twin.assistant.intents.INTENTS` to decide what is allowed: widening a range in
the code, or in the DBC, fails these tests (``make mutate`` checks that they do).
"""

from __future__ import annotations

import json
from pathlib import Path

import cantools
import numpy as np
import pytest

from latency_models.faults import Pause, RttSpike
from twin.assistant.commands import make_command, validate_output

#: (intent, lowest allowed, highest allowed): the seed's limits, typed in by hand
VALUE_LIMITS = [
    ("climate_set_temperature", 16, 30),
    ("climate_temperature_up", 1, 5),
    ("climate_temperature_down", 1, 5),
    ("climate_set_fan", 0, 7),
    ("climate_fan_up", 1, 3),
    ("climate_fan_down", 1, 3),
    ("seat_heat_driver", 0, 3),
    ("seat_heat_passenger", 0, 3),
    ("window_set_position", 0, 100),
    ("media_volume_set", 0, 30),
    ("media_volume_up", 1, 10),
    ("media_volume_down", 1, 10),
]

#: intents that take no value at all
NO_VALUE = ["climate_ac_on", "climate_ac_off", "climate_defrost", "window_open", "window_close",
            "media_play", "media_pause", "media_next", "media_previous", "media_mute",
            "navigate_home", "unknown"]

CABIN_DBC = Path(__file__).resolve().parents[1] / "devices" / "cabin.dbc"

#: (message, signal, minimum, maximum) as written in devices/cabin.dbc
DBC_RANGES = [
    ("HVAC_Cmd", "TargetTemp", 16, 30), ("HVAC_Status", "TargetTemp", 16, 30),
    ("HVAC_Cmd", "Fan", 0, 7), ("HVAC_Status", "Fan", 0, 7),
    ("Seat_Cmd", "DriverLevel", 0, 3), ("Seat_Status", "DriverLevel", 0, 3),
    ("Seat_Cmd", "PassengerLevel", 0, 3), ("Seat_Status", "PassengerLevel", 0, 3),
    ("Window_Cmd", "Position", 0, 100), ("Window_Status", "Position", 0, 100),
    ("Media_Cmd", "Volume", 0, 30), ("Media_Status", "Volume", 0, 30),
]


def _valve(intent: str, value: object) -> bool:
    raw = json.dumps({"intent": intent, "value": value, "feedback": "ok"})
    return validate_output(raw).passed


@pytest.mark.parametrize(("intent", "low", "high"), VALUE_LIMITS)
def test_the_valve_passes_exactly_the_pinned_range(intent: str, low: int, high: int) -> None:
    assert _valve(intent, low) and _valve(intent, high)
    assert _valve(intent, (low + high) // 2)
    assert not _valve(intent, low - 1)
    assert not _valve(intent, high + 1)
    assert make_command(intent, high + 1) is None
    assert make_command(intent, low - 1) is None


def test_the_seed_temperature_range_is_16_to_30_degrees() -> None:
    passed = [t for t in range(0, 50) if _valve("climate_set_temperature", t)]
    assert passed == list(range(16, 31))
    assert not _valve("climate_set_temperature", 30.5)
    assert not _valve("climate_set_temperature", float("nan"))
    assert not _valve("climate_set_temperature", True)


@pytest.mark.parametrize("intent", NO_VALUE)
def test_intents_without_a_value_refuse_one(intent: str) -> None:
    assert _valve(intent, None)
    assert not _valve(intent, 1)


def test_unknown_is_the_only_command_that_never_actuates() -> None:
    unknown = make_command("unknown", None)
    assert unknown is not None and not unknown.actuates
    for intent, low, _ in VALUE_LIMITS:
        command = make_command(intent, low)
        assert command is not None and command.actuates
    assert all(make_command(i, None).actuates for i in NO_VALUE if i != "unknown")  # type: ignore[union-attr]


@pytest.mark.parametrize(("message", "signal", "low", "high"), DBC_RANGES)
def test_cabin_dbc_ranges_are_the_pinned_ones(message: str, signal: str, low: int,
                                              high: int) -> None:
    db = cantools.database.load_file(CABIN_DBC)
    sig = db.get_message_by_name(message).get_signal_by_name(signal)
    assert (sig.minimum, sig.maximum) == (low, high)


def test_a_periodic_fault_window_is_exactly_its_duration() -> None:
    # active on [100, 120), [150, 170), ... until 250
    fault = RttSpike(start_ms=100.0, duration_ms=20.0, every_ms=50.0, until_ms=250.0)
    t = np.array([99.999, 100.0, 119.999, 120.0, 149.999, 150.0, 169.999, 170.0, 249.0, 250.0])
    assert fault.active(t).tolist() == [False, True, True, False, False, True, True, False,
                                        False, False]
    once = RttSpike(start_ms=10.0, duration_ms=5.0)
    assert once.active(np.array([9.9, 10.0, 14.99, 15.0])).tolist() == [False, True, True, False]


def test_pause_windows_are_exactly_their_duration() -> None:
    pause = Pause(start_ms=0.0, duration_ms=3.0, every_ms=10.0, until_ms=30.0)
    assert pause.intervals(100.0).tolist() == [[0.0, 3.0], [10.0, 13.0], [20.0, 23.0]]


def test_the_valve_names_each_rejection_and_keeps_the_feedback() -> None:
    from twin.assistant.commands import Command
    from twin.assistant.intents import IntentSchema

    ok = validate_output(json.dumps({"intent": "climate_set_temperature", "value": 22,
                                     "feedback": "  22 °C  "}))
    assert ok.passed and ok.feedback == "22 °C" and ok.command == make_command(
        "climate_set_temperature", 22)
    cases = [
        (None, "malformed_json", "output is NoneType, not text"),
        ("{", "malformed_json", "Expecting property name enclosed in double quotes"),
        ("[1]", "not_an_object", "JSON list"),
        ('{"intent": "x"}', "missing_key", "feedback"),
        ('{"intent": "open_sunroof", "feedback": "ok"}', "unknown_intent", "'open_sunroof'"),
        ('{"intent": "media_volume_set", "value": 31, "feedback": "ok"}', "bad_value",
         "media_volume_set=31"),
        ('{"intent": "media_mute", "feedback": " "}', "empty_feedback", "' '"),
    ]
    for raw, reason, detail in cases:
        out = validate_output(raw)
        assert (out.command, out.feedback, out.reason) == (None, "", reason)
        assert out.detail.startswith(detail), (raw, out.detail)
    long = validate_output(json.dumps({"intent": "x" * 300, "feedback": "ok"}))
    assert len(long.detail) == 120
    with pytest.raises(TypeError, match=r"built only by .*make_command"):
        Command("media_mute", None)
    seats = IntentSchema("seat_mode", "enum", choices=("eco", "max"))
    assert seats.accepts("eco") and not seats.accepts("turbo") and not seats.accepts(1)
