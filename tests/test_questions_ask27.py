"""The fallback's questions (:mod:`hil.llm.questions`): no question names back a way the user
gave, and a line told of another place or vehicle is refused rather than asked about."""

from __future__ import annotations

import pytest

from hil.llm.direction import normalised
from hil.llm.questions import away, confirm, warranted, way_given, which_way


@pytest.mark.parametrize(("text", "topic", "lang"), [
    ("four more levels of fan if you would", "climate_fan", "en"),
    ("风量再加两档", "climate_fan", "zh-CN"),
])
def test_a_way_given_is_never_asked_back(text: str, topic: str, lang: str) -> None:
    words = normalised(text)
    assert way_given(topic, words)
    assert which_way(topic, lang, words) == confirm(topic, lang)


@pytest.mark.parametrize(("text", "topic", "lang"), [
    ("fan please", "climate_fan", "en"),
    ("风量调一下", "climate_fan", "zh-CN"),
])
def test_no_way_given_asks_which_way(text: str, topic: str, lang: str) -> None:
    words = normalised(text)
    assert not way_given(topic, words)
    assert which_way(topic, lang, words) != confirm(topic, lang)
    assert which_way(topic, lang) == which_way(topic, lang, words)


@pytest.mark.parametrize("text", [
    "棋牌室楼下的茶馆里空调开得太冷了",
    "超市冷柜里的冰棍都化了",
    "在植物园温室里热得直冒汗",
    "坐了一晚上卧铺火车腿都冻麻了",
    "my cousin in oslo says it's minus twenty there",
    "it was freezing on the train this morning",
])
def test_told_of_another_place_asks_nothing(text: str) -> None:
    lowered = normalised(text)
    assert away(lowered)
    assert not warranted(lowered, False, lambda c: False)


@pytest.mark.parametrize("text", [
    "车里太冷了", "后备箱里有点冷", "我坐在副驾上好冷", "I'm freezing on the back seat",
])
def test_this_cabin_is_no_other_place(text: str) -> None:
    assert not away(normalised(text))


def test_an_order_beside_the_other_place_is_still_asked() -> None:
    lowered = normalised("刚从饭店里出来热死了，空调开大点")
    assert away(lowered)
    assert warranted(lowered, False, lambda c: "空调" in c)
