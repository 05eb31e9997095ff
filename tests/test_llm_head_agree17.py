"""The seventeenth session's head and a second opinion, a character n-gram model
(:mod:`hil.llm.ngrams`): an order naming one topic outright, its words read completely, acts
when the head puts at least 0.5 on the cabin's intents together (under the 0.8 gate alone) only
when the n-grams' likeliest intent is of the named topic; a line the head puts at least 0.8 in
domain but on another topic is decided again with the n-grams' topic. Variants written for the
tests, not the development lines; near misses that must not change beside them."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import focus
from hil.llm.head import AGREED_IN_DOMAIN, IN_DOMAIN, HeadDecision, focused_decision
from hil.llm.ngrams import DIM, GramHead, char_grams
from tests.helpers import HEAD_CLASSES as CLASSES


def _probs(**given: float) -> np.ndarray:
    rest = (1.0 - sum(given.values())) / (len(CLASSES) - len(given))
    return np.array([given.get(c, rest) for c in CLASSES])


def _answer(text: str, lang: str, second: str | None, **given: float) -> HeadDecision:
    """The decision when the n-gram model puts 0.9 on ``second`` (None: no second opinion)."""
    grams = None if second is None else _probs(**{second: 0.9})
    return focused_decision(CLASSES, _probs(**given), focus(text), lang, None, None, grams)


def test_the_gates_are_pinned() -> None:
    assert IN_DOMAIN == 0.8
    assert AGREED_IN_DOMAIN == 0.5


# the head leans in domain (0.65 on the cabin) but puts it on another topic
LEANS = {"media_play": 0.5, "unknown": 0.35}

ORDERS = [
    ("oi mate kill the aircon we're grand", "en", "climate_ac_off", "climate_ac_off", None),
    ("put the passenger seat heater on for nan, she's freezing", "en", "seat_heat_passenger",
     "seat_heat_passenger", 2),
    ("把除霜给俺整开，前面啥也看不着", "zh-CN", "climate_defrost", "climate_defrost", None),
    ("兄弟 把风量调到三档 谢了", "zh-CN", "climate_fan_up", "climate_set_fan", 3),
]


@pytest.mark.parametrize(("text", "lang", "second", "intent", "value"), ORDERS)
def test_an_order_acts_when_the_second_opinion_agrees(text: str, lang: str, second: str,
                                                      intent: str, value: int | None) -> None:
    d = _answer(text, lang, second, **LEANS)
    assert (d.intent, d.value, d.why) == (intent, value, ""), d


@pytest.mark.parametrize(("text", "lang", "second", "intent", "value"), ORDERS)
def test_without_agreement_the_same_order_is_not_acted_on(
        text: str, lang: str, second: str, intent: str, value: int | None) -> None:
    del second, intent, value
    for other in (None, "unknown", "media_play"):  # none, out of domain, another topic
        assert _answer(text, lang, other, **LEANS).intent == "unknown"


@pytest.mark.parametrize(("text", "lang", "second", "given"), [
    # the head doubts the cabin more than the agreed gate allows
    ("oi mate kill the aircon we're grand", "en", "climate_ac_off",
     {"unknown": 0.55, "window_open": 0.4}),
    # a question, a statement that orders nothing, two topics, somewhere else, a refusal
    ("why is the aircon off", "en", "climate_ac_off", LEANS),
    ("coach never turns the aircon on when he drives himself", "en", "climate_ac_on", LEANS),
    ("空调别开了 我不热", "zh-CN", "climate_ac_on", LEANS),
    ("kill the aircon and open the window", "en", "climate_ac_off", LEANS),
    ("kill the aircon in the office", "en", "climate_ac_off", LEANS),
    ("don't kill the aircon", "en", "climate_ac_off", LEANS),
])
def test_near_misses_are_not_acted_on(text: str, lang: str, second: str,
                                      given: dict[str, float]) -> None:
    assert _answer(text, lang, second, **given).intent == "unknown"


def test_char_grams_are_unit_length_and_read_chinese_characters() -> None:
    v = char_grams("turn the AC off")
    assert v.shape == (DIM,) and abs(float(np.linalg.norm(v)) - 1.0) < 1e-9
    assert np.array_equal(v, char_grams("TURN the ac off"))  # normalised first
    assert not np.array_equal(char_grams("空"), char_grams("窗"))  # a character is a word
    assert np.count_nonzero(char_grams("a")) == 3  # " a", "a ", " a ": no ASCII letter alone


def test_the_gram_head_learns_a_topic_from_examples() -> None:
    examples = [("turn the ac off", "climate_ac_off"), ("switch the aircon off", "climate_ac_off"),
                ("ac off please", "climate_ac_off"), ("mute the radio", "media_mute"),
                ("mute the music", "media_mute"), ("silence the radio", "media_mute"),
                ("what's the weather", "unknown"), ("set a timer", "unknown")]
    head = GramHead(examples, ["climate_ac_off", "media_mute", "unknown"])
    assert head.likeliest("kill the ac, it's off now") == "climate_ac_off"
    assert head.likeliest("mute that radio") == "media_mute"


# the head sure the line is the cabin's (0.95) but on a topic the words do not name
SURE_ELSEWHERE = {"media_play": 0.9, "unknown": 0.05}


@pytest.mark.parametrize(("text", "lang", "second", "intent", "value"), [
    ("the heated seat gizmo, whatever it's called, put it on for me", "en", "seat_heat_driver",
     "seat_heat_driver", 2),
    ("我想听上一首 刚才那首好听", "zh-CN", "media_previous", "media_previous", None),
])
def test_a_line_the_head_puts_in_domain_takes_the_topic_of_the_second_opinion(
        text: str, lang: str, second: str, intent: str, value: int | None) -> None:
    assert _answer(text, lang, None, **SURE_ELSEWHERE).intent == "unknown"  # the head alone
    d = _answer(text, lang, second, **SURE_ELSEWHERE)
    assert (d.intent, d.value, d.why) == (intent, value, ""), d


@pytest.mark.parametrize(("text", "lang", "second", "given"), [
    # the head not sure enough of the cabin (0.7 < 0.8), no order named outright
    ("the heated seat gizmo, whatever it's called, put it on for me", "en", "seat_heat_driver",
     {"media_play": 0.65, "unknown": 0.3}),
    # the n-grams on a topic the words do not name, or on unknown
    ("the heated seat gizmo, whatever it's called, put it on for me", "en", "window_open",
     SURE_ELSEWHERE),
    ("the heated seat gizmo, whatever it's called, put it on for me", "en", "unknown",
     SURE_ELSEWHERE),
    # somewhere else, a question, a refusal: the words decide before any model
    ("put the heated seat on at my mum's house", "en", "seat_heat_driver", SURE_ELSEWHERE),
    ("how do i put the heated seat on", "en", "seat_heat_driver", SURE_ELSEWHERE),
    ("don't put the heated seat on", "en", "seat_heat_driver", SURE_ELSEWHERE),
])
def test_the_second_opinion_near_misses(text: str, lang: str, second: str,
                                        given: dict[str, float]) -> None:
    assert _answer(text, lang, second, **given).intent == "unknown"
