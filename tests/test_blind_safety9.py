"""Wrong actions the blind hold-out ``holdout9`` showed on its first score, pinned at their
cause with variants (not its lines): a question whether something is on ("空调开着没有")
answered by switching it on."""

from __future__ import annotations

import pytest

from hil.llm.grounding import grounded
from tests.helpers import rule_actions
from twin.assistant.scope import out_of_scope


@pytest.mark.parametrize("text", [
    "空调开着没有", "车窗关了没", "座椅加热有没有开", "暖风是不是开着的", "音乐关了没有呀？",
    "副驾座椅加热开着没啊",
])
def test_asking_whether_it_is_on_is_a_question(text: str) -> None:
    assert out_of_scope(text) == "question"


@pytest.mark.parametrize(("intent", "text"), [
    ("climate_ac_on", "空调开着没有"), ("seat_heat_driver", "座椅加热有没有开"),
    ("window_close", "车窗关了没"),
])
def test_the_fallback_never_grounds_a_state_question(intent: str, text: str) -> None:
    assert not grounded(intent, text)


@pytest.mark.parametrize(("text", "want"), [
    ("把空调打开", [("climate_ac_on", None)]),
    ("车窗关上", [("window_close", None)]),
    ("没有风啊，风量调大", [("climate_fan_up", 1)]),
])
def test_an_order_near_those_words_still_acts(text: str, want: list[tuple]) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "turn on the seat heater for the kids"),
    ("en", "heated seat on for the baby"),
    ("en", "put the seat warmer on for my grandma"),
    ("zh-CN", "座椅加热开一下给孩子暖和暖和"),
    ("zh-CN", "把座椅加热打开，给老人暖和一下"),
])
def test_a_seat_heater_for_someone_else_is_never_the_drivers(lang: str, text: str) -> None:
    assert not any(intent == "seat_heat_driver" for intent, _ in rule_actions(lang, text))


@pytest.mark.parametrize(("lang", "text", "want"), [
    ("en", "open the window a crack for the dog", [("window_set_position", 50)]),
    ("zh-CN", "车窗留条缝给狗透透气", [("window_set_position", 50)]),
    ("zh-CN", "空调开一下给宝宝凉快凉快", [("climate_ac_on", None)]),
])
def test_who_a_cabin_command_is_for_is_still_read_away(lang: str, text: str,
                                                        want: list[tuple]) -> None:
    assert rule_actions(lang, text) == want
