"""The fifteenth session's head: an order naming one topic outright, its words read completely,
acts when the head puts at least 0.8 on the cabin's intents together, even on another topic
(out of file the head often misplaces an order said in an unusual register); Scots spellings
of a way ("doon", "aff") read as English. Variants written for the tests, not the development
lines; each with near misses that must not change."""

from __future__ import annotations

import pytest

from hil.llm.direction import normalised
from hil.llm.head import IN_DOMAIN
from tests.helpers import head_answer as _answer


def test_the_cabin_must_outweigh_unknown() -> None:
    assert IN_DOMAIN == 0.8


# the head's probability on another topic of the cabin, little on unknown and on the one named
ELSEWHERE = {"window_open": 0.8, "unknown": 0.1}


@pytest.mark.parametrize(("text", "lang", "intent", "value"), [
    ("could you set the fan to level three while we sit in this queue", "en",
     "climate_set_fan", 3),
    ("turn the volume to twenty for the grandkids in the back", "en", "media_volume_set", 20),
    ("put my seat heater on level two for the cold stretch ahead", "en", "seat_heat_driver", 2),
    ("兄弟 把风量调到三档 谢了", "zh-CN", "climate_set_fan", 3),
    ("老铁 温度给我调到二十二度", "zh-CN", "climate_set_temperature", 22),
])
def test_an_order_named_outright_acts_on_its_words(text: str, lang: str, intent: str,
                                                  value: int) -> None:
    d = _answer(text, lang, **ELSEWHERE)
    assert (d.intent, d.value, d.why) == (intent, value, ""), d


@pytest.mark.parametrize(("text", "lang", "given"), [
    # the head doubts the cabin: as before, never acted on
    ("could you set the fan to level three while we sit in this queue", "en",
     {"unknown": 0.3, "window_open": 0.6}),
    ("兄弟 把风量调到三档 谢了", "zh-CN", {"unknown": 0.55, "window_open": 0.4}),
    # a question of its own, a statement that orders nothing, two topics named
    ("why is the fan on level three", "en", ELSEWHERE),
    ("the fan was on level three all day yesterday", "en", ELSEWHERE),
    ("风量是三档吗", "zh-CN", ELSEWHERE),
    ("set the fan to three and the temperature to twenty", "en", ELSEWHERE),
    # somewhere else, or a refusal
    ("set the fan to level three in the bedroom", "en", ELSEWHERE),
    ("don't set the fan to level three", "en", ELSEWHERE),
])
def test_near_misses_are_not_acted_on(text: str, lang: str, given: dict[str, float]) -> None:
    d = _answer(text, lang, **given)
    assert d.intent == "unknown", d


@pytest.mark.parametrize(("text", "intent"), [
    ("gonnae turn the radio doon a wee bit", "media_volume_down"),
    ("knock that fan doon a notch", "climate_fan_down"),
])
def test_scots_spellings_of_a_way_are_read(text: str, intent: str) -> None:
    d = _answer(text, "en", **{intent: 0.6, "unknown": 0.2})
    assert d.intent == intent, d


def test_scots_spellings_are_read_as_words_only() -> None:
    assert normalised("Turn it DOON") == "turn it down"
    assert normalised("switch the heater aff") == "switch the heater off"
    assert "doonhill" in normalised("the doonhill stretch")  # not a word of its own
    assert "cannae" in normalised("i cannae hear it")  # the negation stays as said
