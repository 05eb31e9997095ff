"""A complaint read by its words when the head spreads the cabin's mass over topics the words do
not name (:func:`hil.llm.head._cabin_reads`). Variants written here, not development lines: the
head puts 0.4 on ``unknown`` and 0.3 on an unrelated topic (the window), as it does out of file;
the complaint told of this cabin now acts the way its words want, and never another way; its
twins (another time or place, someone's habit, a refusal) never act."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import focus
from hil.llm.head import CABIN, HeadDecision, focused_decision
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
])
def test_a_complaint_of_this_cabin_acts_its_way(text: str, lang: str, intent: str,
                                                value: int) -> None:
    d = _answer(text, lang, unknown=0.4, window_open=0.3)
    assert (d.intent, d.value) == (intent, value)


@pytest.mark.parametrize(("text", "lang"), [
    ("my fingers were frozen stiff at the rink yesterday", "en"),
    ("my mother-in-law always cranks the heating right up", "en"),
    ("我不冷 我就是有点困", "zh-CN"),
    ("is it roasting in here or is it just me?", "en"),
])
def test_its_twin_never_acts(text: str, lang: str) -> None:
    assert _answer(text, lang, unknown=0.4, window_open=0.3).intent == "unknown"


def test_a_weak_air_complaint_never_turns_the_fan_down() -> None:
    d = _answer("出风口的风弱得很，脸上一点感觉都没有", "zh-CN", unknown=0.4, window_open=0.3,
                climate_fan_down=0.2)
    assert d.intent != "climate_fan_down"


def test_the_head_sure_of_unknown_still_refuses() -> None:
    assert _answer("my fingers are frozen stiff in here", "en", unknown=0.6).intent == "unknown"
