"""A request taken back at its end ("…, no, never mind", "…，算了") does nothing, confidently
(no fallback guesses); a fan "to 30" is a level out of range, not 30 percent (the rules had set
the fan to level 2). Variants written here."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.nlu import shared_nlu

TAKEN_BACK = [
    ("en", "turn the heat up, no, forget it"),
    ("en", "put some music on, actually never mind"),
    ("en", "open the windows, wait, no"),
    ("en", "skip this song, um, cancel that"),
    ("zh-CN", "把空调关了，算了吧"),
    ("zh-CN", "打开座椅加热，呃，不用了"),
]


@pytest.mark.parametrize(("lang", "text"), TAKEN_BACK)
def test_nothing_acts_and_the_rules_say_so(lang: str, text: str) -> None:
    result = shared_nlu(lang).parse(text)
    assert not result.actuates and result.confidence >= 0.85 and result.reason == "cancelled"


STILL_ASKED = [
    # a correction that says what is wanted is no cancel
    ("en", "close the window, no, open it", [("window_open", None)]),
    ("en", "set the temperature to 20, no, 22", [("climate_set_temperature", 22)]),
    ("zh-CN", "温度调到二十，不对，二十二", [("climate_set_temperature", 22)]),
]


@pytest.mark.parametrize(("lang", "text", "want"), STILL_ASKED)
def test_a_correction_with_a_wish_still_acts(lang: str, text: str, want: list) -> None:
    assert rule_actions(lang, text) == want


@pytest.mark.parametrize("text", ["set the fan to 30", "turn the fan speed to 12",
                                  "set the fan to 3, no, 30"])
def test_a_fan_number_without_percent_is_a_level(text: str) -> None:
    assert rule_actions("en", text) == []


def test_a_fan_percentage_said_as_such_is_converted() -> None:
    assert rule_actions("en", "set the fan to 50 percent") == [("climate_set_fan", 4)]
