"""A complaint read by its words when the head spreads the cabin's mass over topics the words do
not name (:func:`hil.llm.head._cabin_reads`, the twenty-fifth session). Variants written here,
not development lines: the head puts 0.4 on ``unknown`` and 0.3 on an unrelated topic (the
window), as it does out of file; the complaint told of this cabin now acts the way its words
want, and never another way; its twins (another time or place, an event, someone's habit, a
question, a refusal) never act."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import focus
from hil.llm.head import CABIN, HeadDecision, focused_decision
from hil.llm.signs import at_an_event
from tests.helpers import HEAD_CLASSES as CLASSES


def _answer(text: str, lang: str, **given: float) -> HeadDecision:
    rest = (1.0 - sum(given.values())) / (len(CLASSES) - len(given))
    probs = np.array([given.get(c, rest) for c in CLASSES])
    return focused_decision(CLASSES, probs, focus(text), lang)


def test_the_cabin_share_is_pinned() -> None:
    assert CABIN == 0.5


@pytest.mark.parametrize(("text", "lang", "intent", "value"), [
    ("my fingers are frozen stiff in here", "en", "climate_temperature_up", 1),
    ("this car is roasting, i'm sweating buckets", "en", "climate_temperature_down", 1),
    ("the music in here is way too loud, my ears hurt", "en", "media_volume_down", 2),
    ("车里冷得手都伸不出来", "zh-CN", "climate_temperature_up", 1),
])
def test_a_complaint_of_this_cabin_acts_its_way(text: str, lang: str, intent: str,
                                                value: int) -> None:
    d = _answer(text, lang, unknown=0.4, window_open=0.3)
    assert (d.intent, d.value) == (intent, value)


@pytest.mark.parametrize(("text", "lang", "intent"), [
    ("车里出风口的风贼弱，吹了跟没吹一样", "zh-CN", "climate_fan_up"),
    ("车里出风口的风大得跟吹风机一样", "zh-CN", "climate_fan_down"),
    ("the air coming out the vents in here is feeble", "en", "climate_fan_up"),
])
def test_the_air_told_weak_or_strong_acts_the_other_way(text: str, lang: str,
                                                        intent: str) -> None:
    # the head leans the wrong way inside the topic: the words decide
    wrong = "climate_fan_down" if intent == "climate_fan_up" else "climate_fan_up"
    d = _answer(text, lang, unknown=0.4, window_open=0.3, **{wrong: 0.1})
    assert d.intent == intent


@pytest.mark.parametrize(("text", "lang"), [
    ("my fingers were frozen stiff at the rink yesterday", "en"),
    ("my mother-in-law always cranks the heating right up", "en"),
    ("我不冷 我就是有点困", "zh-CN"),
    ("is it roasting in here or is it just me?", "en"),
    ("我老公看电影的时候在座位上扭来扭去", "zh-CN"),
    ("她听音乐会的时候一直说座位太凉", "zh-CN"),
])
def test_its_twin_never_acts(text: str, lang: str) -> None:
    assert _answer(text, lang, unknown=0.4, window_open=0.3).intent == "unknown"


@pytest.mark.parametrize(("text", "event"), [
    ("我媳妇看电影的时候", True),
    ("while we watched the play", True),
    ("at the cinema last week", True),
    ("车里冷得手都伸不出来", False),
    ("my seat is freezing", False),
])
def test_a_time_told_by_an_event(text: str, event: bool) -> None:
    assert at_an_event(text) is event


def test_the_head_sure_of_unknown_still_refuses() -> None:
    assert _answer("my fingers are frozen stiff in here", "en", unknown=0.6).intent == "unknown"
