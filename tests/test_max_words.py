"""One reading of a setting's ends for both resolvers: the head's slots and the grammar-
constrained resolver's :func:`hil.llm.values.extract_value` (variants written for the test)."""

from __future__ import annotations

import pytest

from hil.llm.slots import read_slots
from hil.llm.values import extract_value, max_said, min_said
from twin.assistant.intents import INTENTS

FAN, TEMP, WINDOW = (INTENTS[n] for n in ("climate_set_fan", "climate_set_temperature",
                                          "window_set_position"))


@pytest.mark.parametrize("text", [
    "fan on full", "风量开满", "max the fan", "fan to maximum please", "风量调到最大",
    "crank the fan all the way up", "fan full blast",
])
def test_a_settings_top_is_the_top_in_both_readers(text: str) -> None:
    assert max_said(text.lower())
    assert extract_value(FAN, text) == FAN.high == 7


@pytest.mark.parametrize(("text", "value"), [
    ("the car is full of bags, fan up a bit", 3),  # the schema default: no top said
    ("we're packed full, set the fan to 2", 2),
    ("the car's full of boxes, fan to four", 4),
    ("车里坐满了人 风量调到三", 3),
    ("后备箱塞满了 风量开到二", 2),
    ("手机充满电了 风量调到四", 4),
    ("我对风量不太满意 调到五", 5),
    ("drive carefully, fan to 2", 2),  # "full" inside a word
])
def test_full_said_of_the_car_or_a_state_is_no_top(text: str, value: int) -> None:
    assert not max_said(text.lower())
    assert extract_value(FAN, text) == value


def test_a_settings_bottom() -> None:
    assert min_said("temperature to the lowest") and extract_value(TEMP, "最低温度") == 16
    assert extract_value(TEMP, "set it to the minimum") == TEMP.low
    assert not min_said("minimal fuss, 20 degrees")
    assert extract_value(TEMP, "minimal fuss, 20") == 20


@pytest.mark.parametrize(("text", "position"), [
    ("roll the window all the way up", 0),  # a window up is shut, never the range's top
    ("wind my window all the way up please", 0),
    ("roll the window all the way down", 100),
    ("put the back window all the way down", 100),
    ("车窗全部打开", 100),
])
def test_a_windows_up_and_down_ends(text: str, position: int) -> None:
    assert extract_value(WINDOW, text) == position
    # the head's slots say a shut window as closing it and an open one as opening it (the
    # labels' convention and the rules' reading)
    expected = ("window_close", None) if position == 0 else ("window_open", None)
    assert read_slots("window", text, "window_open") == expected


def test_a_level_all_the_way_up_is_still_its_top() -> None:
    assert extract_value(TEMP, "turn the heat all the way up") == 30
    assert read_slots("climate_temperature", "turn the heat all the way up",
                      "climate_set_temperature") == ("climate_set_temperature", 30)
