"""The seventeenth session's head and a second opinion, a character n-gram model
(:mod:`hil.llm.ngrams`): a line the head puts at least 0.8 in domain but does not act on (its
mass on a topic the words do not name) is decided again with the n-grams' topic; under 0.8 the
n-grams change nothing. Variants written for the tests, not the development lines; near misses
that must not change beside them."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.head import IN_DOMAIN, HeadDecision
from hil.llm.ngrams import DIM, GramHead, char_grams
from tests.helpers import with_grams


def _answer(text: str, lang: str, second: str | None, **given: float) -> HeadDecision:
    """The decision when the n-gram model puts 0.9 on ``second`` (None: no second opinion)."""
    return with_grams(text, lang, second, **given)  # type: ignore[no-any-return]


def test_the_gate_is_pinned() -> None:
    assert IN_DOMAIN == 0.8


# an order named outright the head puts under the gate (0.65 on the cabin), elsewhere
UNDER = {"media_play": 0.5, "unknown": 0.35}


@pytest.mark.parametrize(("text", "lang", "second"), [
    ("oi mate kill the aircon we're grand", "en", "climate_ac_off"),
    ("put the passenger seat heater on for nan, she's freezing", "en", "seat_heat_passenger"),
    ("把除霜给俺整开，前面啥也看不着", "zh-CN", "climate_defrost"),
])
def test_under_the_gate_the_n_grams_agreeing_do_not_act(text: str, lang: str,
                                                        second: str) -> None:
    # measured and dropped: at 0.5 with the n-grams agreeing, holdout5's aggregate showed an
    # out-of-domain actuation (BENCHMARKS.md, the seventeenth session)
    assert _answer(text, lang, second, **UNDER).intent == "unknown"


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
    for text, intent in (("kill the ac, it's off now", "climate_ac_off"),
                         ("mute that radio", "media_mute")):
        probs = head.proba(text)
        assert head.head.classes[int(np.argmax(probs))] == intent
        assert abs(float(probs.sum()) - 1.0) < 1e-9


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
