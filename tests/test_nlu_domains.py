"""A Home Assistant sentence that names a device by its domain ("turn on the fan") is the
cabin's one device of that domain; a polite word after a command is courtesy. Elsewhere (a
room, home) it is still nothing the car does."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions

ON = [
    ("en", "switch on the fan", [("climate_set_fan", 3)]),
    ("en", "turn the fans off", [("climate_set_fan", 0)]),
    ("en", "fan on please", [("climate_set_fan", 3)]),
    ("en", "window up thanks", [("window_close", None)]),
    ("en", "aircon off please", [("climate_ac_off", None)]),
]


@pytest.mark.parametrize(("lang", "text", "want"), ON)
def test_the_cabin_device_of_a_domain(lang: str, text: str, want: list) -> None:
    assert rule_actions(lang, text) == want


ELSEWHERE = [
    ("en", "turn on the fan in the bedroom"),
    ("en", "switch the fan on at home"),
    ("en", "fan on in the kitchen please"),
    ("en", "turn on the ceiling fan"),
    ("en", "turn on the lights please"),
    ("en", "turn the fan on in my daughter's room"),
]


@pytest.mark.parametrize(("lang", "text"), ELSEWHERE)
def test_another_place_s_fan_is_not_the_cabin_s(lang: str, text: str) -> None:
    assert rule_actions(lang, text) == []
