"""A likeness read for what the cabin is like, not where the line is, and someone said to sit
beside the speaker read as in the passenger seat (:mod:`hil.llm.signs`). Variants written here,
not the development lines. The head is made to lean to the action: the in-domain line acts one
way only; its twin (another place or time outside the likeness, a back seat, a question) never
acts."""

from __future__ import annotations

import pytest

from hil.llm.signs import seated_beside, unliked
from tests.helpers import head_answer as _answer


@pytest.mark.parametrize(("text", "lang", "intent", "value"), [
    ("this car is like the inside of a boiling pot", "en", "climate_temperature_down", 1),
    ("my seat is colder than a bench at the bus stop", "en", "seat_heat_driver", 2),
    ("the seat under me is like a block of ice from the freezer at home", "en",
     "seat_heat_driver", 2),
    ("车里比我们单位锅炉房还热", "zh-CN", "climate_temperature_down", 1),
    ("my aunt beside me says her seat is like a frozen lake", "en", "seat_heat_passenger", 2),
    ("the man next to me says his seat is freezing", "en", "seat_heat_passenger", 2),
])
def test_a_likeness_or_a_neighbour_acts_its_way(text: str, lang: str, intent: str,
                                                value: int) -> None:
    d = _answer(text, lang, **{intent: 0.9})
    assert (d.intent, d.value) == (intent, value)


@pytest.mark.parametrize(("text", "lang", "intent"), [
    ("my office is like the inside of a boiling pot", "en", "climate_temperature_down"),
    ("the car was like an oven yesterday", "en", "climate_temperature_down"),
    ("the seat will be like ice tomorrow morning", "en", "seat_heat_driver"),
    ("it's like a fridge in my kitchen", "en", "climate_temperature_up"),
    ("is this car hotter than a sauna?", "en", "climate_temperature_down"),
    ("我家里比冰窖还冷", "zh-CN", "climate_temperature_up"),
    ("明天车里会跟烤箱一样", "zh-CN", "climate_temperature_down"),
    ("the kid beside me in the back says her seat is cold", "en", "seat_heat_passenger"),
])
def test_its_twin_never_acts(text: str, lang: str, intent: str) -> None:
    assert _answer(text, lang, **{intent: 0.9}).intent == "unknown"


def test_the_likeness_is_left_out_only_for_now() -> None:
    assert unliked("the seat is colder than a tombstone at midnight") == "the seat is  "
    assert unliked("车里比后厨还热") == "车里 热"
    assert unliked("the car was like an oven yesterday") is None
    assert unliked("set the volume at like fifteen") is None  # a filler, no likeness
    assert unliked("i'd like the window open when we get home") is None


def test_someone_beside_me_sits_in_the_passenger_seat() -> None:
    said = seated_beside("my nan beside me says her seat is cold")
    assert said == "my nan in the passenger seat says her seat is cold"
    assert seated_beside("open the glass beside me") == "open the glass beside me"
    back = "the kid next to me in the back says his seat is cold"
    assert seated_beside(back) == back
