"""English classes of the twenty-second session's misses: a follow-up said against the last
setting ("warmer than that"), a follow-up hidden by a tag or an urging "go on", a device named
loosely by what it does ("the wind machine"), and a seat heater's top said any way."""

from __future__ import annotations

import pytest

from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import decide
from twin.assistant.resolver import Turn


def _said(text: str, history: list[Turn] | None = None) -> tuple[str, list[tuple[str, object]]]:
    turns = history or []
    d = decide(text, turns, "en", shared_nlu("en").parse(text, turns), None)
    return d.path, [(c.intent, c.value) for c in d.commands if c.intent != "unknown"]


_SET_22 = [Turn("set the temperature to 22", "climate_set_temperature", 22)]
_DOWN_2 = [Turn("temperature down two degrees", "climate_temperature_down", 2)]
_FAN_3 = [Turn("fan to three", "climate_set_fan", 3)]
_HER_SEAT = [Turn("heat the passenger seat", "seat_heat_passenger", 2)]
_LOUDER = [Turn("turn the music up", "media_volume_up", 2)]


@pytest.mark.parametrize(("text", "history", "want"), [
    ("a little warmer than that", _SET_22, [("climate_temperature_up", 1)]),
    ("cooler than that please", _SET_22, [("climate_temperature_down", 1)]),
    ("a touch more than that, pal", _LOUDER, [("media_volume_up", 2)]),
    ("one more degree", _DOWN_2, [("climate_temperature_down", 1)]),  # the last way, not up
    ("another degree than that, hinny", _SET_22, [("climate_temperature_up", 1)]),
])
def test_a_follow_up_said_against_the_last_setting(text: str, history: list[Turn],
                                                   want: list[tuple[str, object]]) -> None:
    assert _said(text, history) == ("rule", want)


@pytest.mark.parametrize(("text", "history", "want"), [
    ("make that six pal", _FAN_3, [("climate_set_fan", 6)]),
    ("nah sorry, make that two mate", _FAN_3, [("climate_set_fan", 2)]),
    ("and mine too bro", _HER_SEAT, [("seat_heat_driver", 2)]),
    ("go on then, do mine as well", _HER_SEAT, [("seat_heat_driver", 2)]),
])
def test_a_follow_up_with_a_tag_or_an_urging_is_read_on_the_history(
        text: str, history: list[Turn], want: list[tuple[str, object]]) -> None:
    assert _said(text, history) == ("rule", want)


def test_a_tagged_number_without_history_is_no_setting() -> None:
    assert _said("make that six pal")[1] == []


@pytest.mark.parametrize(("text", "want"), [
    ("switch on the heated bum thing", [("seat_heat_driver", 2)]),
    ("turn the toasty seat gadget on", [("seat_heat_driver", 2)]),
    ("set the breeze machine to three", [("climate_set_fan", 3)]),
    ("turn the wind thing off", [("climate_set_fan", 0)]),
])
def test_a_device_said_by_what_it_does(text: str, want: list[tuple[str, object]]) -> None:
    assert _said(text) == ("rule", want)


@pytest.mark.parametrize("text", [
    "turn on the seat cooling thing",  # a ventilated seat: no heater in this cabin
    "start the seat massage thing",
    "switch on the cool seat gadget",
])
def test_a_seat_that_cools_or_massages_is_no_heater(text: str) -> None:
    assert _said(text)[1] == []


@pytest.mark.parametrize(("text", "want"), [
    ("whack my seat heater up full", [("seat_heat_driver", 3)]),
    ("put the seat warmer right up to the top setting", [("seat_heat_driver", 3)]),
    ("turn the heated seat all the way up", [("seat_heat_driver", 3)]),
    ("crank the passenger seat heater as hot as it goes", [("seat_heat_passenger", 3)]),
])
def test_a_seat_heaters_top_said_any_way(text: str, want: list[tuple[str, object]]) -> None:
    assert _said(text) == ("rule", want)


@pytest.mark.parametrize(("text", "want"), [
    ("the stereo is so loud my ears are ringing", [("media_volume_down", 2)]),
    ("the vents are blowing so hard my eyes are watering", [("climate_fan_down", 1)]),
])
def test_a_complaint_said_with_its_consequence(text: str,
                                               want: list[tuple[str, object]]) -> None:
    assert _said(text) == ("rule", want)


@pytest.mark.parametrize("text", [
    "the party was so loud I couldn't sleep",  # somewhere else, before
    "my laptop fan is so loud when I play games",  # another device
])
def test_a_consequence_elsewhere_is_no_complaint(text: str) -> None:
    assert _said(text)[1] == []


@pytest.mark.parametrize("text", [
    "with all the roadworks we've no idea how to get home",
    "I've no clue how to get back home with this diversion",
    "we have no idea which way home is",
    "after that wrong turn I don't know the way home",
])
def test_not_knowing_the_way_home_with_its_circumstance(text: str) -> None:
    assert _said(text) == ("rule", [("navigate_home", None)])


@pytest.mark.parametrize("text", [
    "I've no idea how to get home when the car is in the garage",  # another time
    "with the trains on strike tomorrow I don't know the way home",
    "I've no clue how to get home after work",  # from somewhere else
    "my son has no idea how to get home from school",  # someone else
])
def test_the_way_home_for_later_or_elsewhere_is_not_asked(text: str) -> None:
    assert _said(text)[1] == []
