"""The twenty-first session's n-gram opinion on a line the head refuses: when the head puts a
line out of domain and the character n-gram model (:mod:`hil.llm.ngrams`) puts at least
:data:`hil.llm.head.GRAMS_SURE` on one cabin intent, the line is decided again on the n-grams'
probabilities, every word gate applying as before (scope, grounding, a question, a refusal,
the slot reading). Words the head never saw ("davai", "settin") push its features to
``unknown``; the n-grams read the words it knows. Variants written for the tests, not
development lines; near misses that must not change beside them."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import focus
from hil.llm.head import GRAMS_NEAR, GRAMS_SURE, HeadDecision, focused_decision
from hil.llm.ngrams import GramHead
from tests.helpers import HEAD_CLASSES, head_probs

OUT = {"unknown": 0.95}  # the head: out of domain


def _answer(text: str, intent: str | None, share: float, lang: str = "en",
            among_cabin: bool = False) -> HeadDecision:
    second = None if intent is None else head_probs(**{intent: share})
    return focused_decision(HEAD_CLASSES, head_probs(**OUT), focus(text), lang, None, None,
                            second, None, among_cabin)


def test_the_bar_is_pinned() -> None:
    assert (GRAMS_SURE, GRAMS_NEAR) == (0.95, 0.6)


@pytest.mark.parametrize(("text", "intent", "expected", "lang"), [
    ("put the volume on twelve yalla", "media_volume_set", ("media_volume_set", 12), "en"),
    ("lower the window halfway innit, wanna smell the sea", "window_set_position",
     ("window_set_position", 50), "en"),
    ("crank the fan to five bruv", "climate_set_fan", ("climate_set_fan", 5), "en"),
    ("风量开到三档哈老铁", "climate_set_fan", ("climate_set_fan", 3), "zh-CN"),
])
def test_a_line_the_head_refuses_acts_when_the_grams_are_sure(
        text: str, intent: str, expected: tuple[str, int], lang: str) -> None:
    assert _answer(text, None, 0.0, lang).why == "out_of_domain"  # without them: refused
    assert _answer(text, intent, 0.9, lang).why == "out_of_domain"  # not sure enough
    d = _answer(text, intent, 0.97, lang)
    assert (d.intent, d.value) == expected


@pytest.mark.parametrize(("text", "intent"), [
    ("put the volume on twelve at my sister's house yalla", "media_volume_set"),  # elsewhere
    ("put the volume on twelve tomorrow morning yalla", "media_volume_set"),  # later
    ("how do i put the volume on twelve", "media_volume_set"),  # a question
    ("don't put the volume on twelve yalla", "media_volume_set"),  # a refusal
    ("the kids want pizza for dinner yalla", "media_volume_set"),  # no word of the topic
])
def test_the_words_still_decide_what_the_grams_name(text: str, intent: str) -> None:
    assert _answer(text, intent, 0.97).intent == "unknown"


def test_sure_of_unknown_changes_nothing() -> None:
    d = _answer("put the volume on twelve yalla", "unknown", 0.97)
    assert d.why == "out_of_domain"


def test_a_line_the_head_acts_on_is_not_decided_again() -> None:
    probs = head_probs(media_volume_set=0.9)
    second = head_probs(media_volume_up=0.99)
    d = focused_decision(HEAD_CLASSES, probs, focus("volume on twelve"), "en", None, None,
                         second)
    assert (d.intent, d.value) == ("media_volume_set", 12)
    assert np.isclose(second.sum(), 1.0)


@pytest.mark.parametrize(("text", "expected"), [
    ("crank the fan to five bruv", ("climate_set_fan", 5)),  # an order
    ("eh the fan's on five in here and i'm freezing", None),  # here and now, no way to read
])
def test_the_lower_bar_needs_cabin_neighbours_and_an_order_or_here_now(
        text: str, expected: tuple[str, int] | None) -> None:
    assert _answer(text, "climate_set_fan", 0.7).why == "out_of_domain"  # neighbours unknown
    d = _answer(text, "climate_set_fan", 0.7, among_cabin=True)
    if expected is not None:
        assert (d.intent, d.value) == expected
    assert _answer(text, "climate_set_fan", 0.5, among_cabin=True).why == "out_of_domain"


@pytest.mark.parametrize("text", [
    "my brother's fan was on five all night bruv",  # someone else's, another time
    "how do i crank the fan to five",  # a question
])
def test_the_lower_bar_refuses_a_question_or_another_time(text: str) -> None:
    assert _answer(text, "climate_set_fan", 0.7, among_cabin=True).intent == "unknown"


EXAMPLES = [
    ("turn the fan up", "climate_fan_up"), ("turn the fan up a bit", "climate_fan_up"),
    ("turn the fan up please", "climate_fan_up"), ("turn the fan up now", "climate_fan_up"),
    ("turn the fan up high", "climate_fan_up"),
    ("turn the ceiling fan on at home", "unknown"), ("what's the weather", "unknown"),
]


def test_among_cabin_reads_the_nearest_labels() -> None:
    grams = GramHead(EXAMPLES, HEAD_CLASSES)
    assert grams.among_cabin("turn the fan up yalla")
    assert not grams.among_cabin("turn the ceiling fan on at home yalla")
