"""The passenger's seat complained of by its owner's name ("her seat's freezing", "她那座位冰凉的"),
a complaint passed on ("my husband says his seat is cold", "老婆说她座位有点凉"), the passenger's
side said last ("… on high on the passenger side"); a temperature step said with 再 and
degrees ("再高三度"); tired of a song ("这首听烦了"); a reason after a command (刚才…, 来电话了).
Variants written here, not hold-out lines."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions

SAID = [
    ("en", "his seat is freezing", [("seat_heat_passenger", 2)]),
    ("en", "my husband says his seat's ice cold", [("seat_heat_passenger", 2)]),
    ("en", "she says her seat is like a fridge", [("seat_heat_passenger", 2)]),
    ("en", "turn the seat heater on low on the passenger side", [("seat_heat_passenger", 1)]),
    ("zh-CN", "老公说他座位有点凉", [("seat_heat_passenger", 2)]),
    ("zh-CN", "副驾的椅子好冰", [("seat_heat_passenger", 2)]),
    ("zh-CN", "温度再高一度", [("climate_temperature_up", 1)]),
    ("zh-CN", "再降两度", [("climate_temperature_down", 2)]),
    ("zh-CN", "这首歌听烦了", [("media_next", None)]),
    ("zh-CN", "暂停一下，来电话了", [("media_pause", None)]),
    ("zh-CN", "切回上一首，刚刚那首没听清", [("media_previous", None)]),
    ("en", "it's arctic in here", [("climate_temperature_up", 1)]),
]


@pytest.mark.parametrize(("lang", "text", "want"), SAID)
def test_the_request_under_the_complaint(lang: str, text: str, want: list) -> None:
    assert rule_actions(lang, text) == want


NOTHING = [
    ("en", "my wife says her phone is dead"),
    ("en", "she says her coffee is cold"),
    ("en", "her seat is too hot"),  # never a heater turned on for a hot seat
    ("en", "my wife says it's cold outside"),
    ("zh-CN", "老婆说她手机没电了"),
    ("zh-CN", "她那座位太烫了"),
    ("zh-CN", "来电话了"),
    ("zh-CN", "刚才那首歌叫什么"),
    ("en", "put the heated seat on high on the passenger side of my other car"),
]


@pytest.mark.parametrize(("lang", "text"), NOTHING)
def test_no_heater_and_no_music_from_the_words_alone(lang: str, text: str) -> None:
    acts = rule_actions(lang, text)
    assert not any(i.startswith("seat_heat") and v for i, v in acts), acts
    assert not any(i in ("media_play", "climate_temperature_up") for i, _ in acts), acts
