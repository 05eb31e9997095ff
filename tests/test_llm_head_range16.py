"""The sixteenth session's head: a line naming one topic outright whose words read a number out
of the range says the range whatever the head gives the topic (nothing actuates), where it was
told the cabin cannot do that when the head put it on ``unknown``. Variants written for the
tests, not the development lines; near misses that must not change beside them."""

from __future__ import annotations

import pytest

from tests.helpers import head_answer as _answer

# the head sure the line is out of domain (the story beside the number reads as one)
DOUBTS = {"unknown": 0.9}


@pytest.mark.parametrize(("text", "lang"), [
    ("driver seat heat level six for the long drive north", "en"),
    ("volume to two hundred for the party crowd", "en"),
    ("set the temperature to forty for the lizard in the back", "en"),
    ("could you put the fan on level twelve like a jet engine", "en"),
    ("主驾加热开到五档 老爷子怕冷", "zh-CN"),
    ("温度调到五十度 给面包发酵", "zh-CN"),
])
def test_a_number_out_of_range_said_outright_is_answered_with_the_range(
        text: str, lang: str) -> None:
    d = _answer(text, lang, **DOUBTS)
    assert (d.intent, d.value, d.why) == ("unknown", None, "range"), d


@pytest.mark.parametrize(("text", "lang"), [
    # in range: the head's doubt still refuses (an actuation needs the head)
    ("driver seat heat level two for the long drive north", "en"),
    ("volume to twenty for the party crowd", "en"),
    ("温度调到二十二度 给面包发酵", "zh-CN"),
    # a question of its own, two topics named, somewhere else, a refusal
    ("why can't the fan go to level twelve", "en"),
    ("风量为什么不能开到十二档", "zh-CN"),
    ("set the fan to twelve and the temperature to forty", "en"),
    ("set the temperature to forty in the sauna at home", "en"),
    ("don't set the fan to level twelve", "en"),
])
def test_near_misses_are_not_answered_with_the_range(text: str, lang: str) -> None:
    d = _answer(text, lang, **DOUBTS)
    assert d.intent == "unknown" and d.why != "range", d
