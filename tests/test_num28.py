"""Numbers read right or not acted on: a range end the rules leave unread, a seat's minimum, a
correction said with a full stop (twenty-eighth session, ``tools/number_probe.py`` classes)."""

from __future__ import annotations

import pytest

from hil.llm.clauses import focus
from hil.llm.corrections import corrected
from hil.llm.slots import read_slots
from twin.assistant.nlu import shared_nlu


@pytest.mark.parametrize(("text", "lang"), [
    ("heated seat on for me, max like", "en"),          # set the default 2 on main
    ("heat the passenger seat, the lowest yeah", "en"),  # the same
    ("the music is maxed out and I still can't hear the radio", "en"),  # a step; the top said
    ("the temperature's already at the lowest and I'm still boiling", "en"),  # reached
])
def test_a_range_end_left_unread_is_not_acted_on_by_the_rules(text: str, lang: str) -> None:
    found = shared_nlu(lang).parse(text)
    assert not (found.actuates and found.confidence >= 0.85), found


@pytest.mark.parametrize(("text", "lang", "intent", "value"), [
    ("set the fan to max", "en", "climate_set_fan", 7),
    ("turn the volume up to the max", "en", "media_volume_set", 30),
    ("heat my seat to the highest", "en", "seat_heat_driver", 3),
    ("turn the volume to minimum", "en", "media_volume_set", 0),
    ("风量开到最大", "zh-CN", "climate_set_fan", 7),
    ("温度调到最低", "zh-CN", "climate_set_temperature", 16),
    ("主驾座椅加热开到最低", "zh-CN", "seat_heat_driver", 1),
])
def test_a_range_end_read_still_acts(text: str, lang: str, intent: str, value: int) -> None:
    found = shared_nlu(lang).parse(text)
    assert found.actuates and found.confidence >= 0.85
    assert (found.intent, found.value) == (intent, value)


def test_a_number_without_an_end_word_is_untouched() -> None:
    found = shared_nlu("en").parse("set the temperature to 22")
    assert (found.intent, found.value, found.actuates) == ("climate_set_temperature", 22, True)


@pytest.mark.parametrize(("text", "intent"), [
    ("heated seat on for me, minimum mate", "seat_heat_driver"),
    ("passenger seat heater on minimum", "seat_heat_passenger"),
])
def test_a_seats_minimum_is_its_lowest_heating_level(text: str, intent: str) -> None:
    assert read_slots("seat_heat", text, "seat_heat_driver") == (intent, 1)


def test_a_seats_maximum_is_still_its_top() -> None:
    assert read_slots("seat_heat", "heated seat on for me, max", "seat_heat_driver") == (
        "seat_heat_driver", 3)


@pytest.mark.parametrize(("text", "meant"), [
    ("Window down halfway, no, a quarter.", "Window down a quarter"),
    ("Window down a quarter, no, a third!", "Window down a third"),
    ("set the temp to 20, no, 23.", "set the temp to 23"),
    ("turn the fan up, no, down?", "turn the fan down"),
])
def test_a_correction_said_with_a_full_stop_applies(text: str, meant: str) -> None:
    assert corrected(text) == meant


def test_the_corrected_fraction_is_the_windows() -> None:
    meant = corrected("Window down halfway, no, a quarter.")
    assert read_slots("window", meant, "window_set_position") == ("window_set_position", 25)


def test_an_end_beside_a_part_the_cabin_cannot_do_is_not_judged() -> None:
    found = shared_nlu("zh-CN").parse("风量开到三档，座椅按摩开到最大")
    assert [(p.intent, p.value) for p in found.parts if p.actuates] == [("climate_set_fan", 3)]


@pytest.mark.parametrize("text", [
    "heat my seat, the highest", "heat the passenger seat, the lowest yeah"])
def test_a_clause_saying_only_an_end_is_no_reason(text: str) -> None:
    assert focus(text).text == text
