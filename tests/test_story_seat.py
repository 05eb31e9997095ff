"""The seat a story names is the seat served (twin.assistant.story_seat): a reason naming the
person whose comfort is meant beside an order naming a seat heater with no owner serves that
person's seat, in the rules and in the fallback's seat reading alike; a person the words do not
place in front is asked about, never given the driver's seat; the speaker's own complaint, a past
story, someone outside the car and a question change nothing. Variants written for this test."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import focus
from hil.llm.head import focused_decision
from hil.llm.slots import read_slots
from tests.helpers import HEAD_CLASSES, rule_actions
from twin.assistant.nlu import shared_nlu
from twin.assistant.story_seat import story_seat

PASSENGER = [
    ("en", "the passenger's freezing, so can you put the seat heater on", 2),
    ("en", "my wife is shivering, switch the seat warmer on please", 2),
    ("en", "put the seat heater on high, my girlfriend is absolutely freezing", 3),
    ("en", "could you turn on the heated seat because my husband is cold", 2),
    ("en", "the lady next to me is really cold, seat heating on low", 1),
    ("en", "my partner is too hot, turn the seat heater off", 0),
    ("zh-CN", "我媳妇冻坏了，座椅加热开一下", 2),
    ("zh-CN", "我对象有点冷，把座椅加热开到三档", 3),
    ("zh-CN", "座椅加热开最高，我老婆冷得直哆嗦", 3),
    ("zh-CN", "我老公太热了，座椅加热关了吧", 0),
]


@pytest.mark.parametrize(("lang", "text", "level"), PASSENGER)
def test_the_named_companion_gets_the_passenger_seat(lang: str, text: str, level: int) -> None:
    assert rule_actions(lang, text) == [("seat_heat_passenger", level)]
    assert read_slots("seat_heat", text, "seat_heat_driver") == ("seat_heat_passenger", level)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "my wife and I are both frozen, put the seat heater on"),
    ("en", "we're freezing, switch the seat warmers on"),
    ("zh-CN", "我跟媳妇冷死了，座椅加热打开"),
])
def test_the_speaker_and_the_companion_get_both_front_seats(lang: str, text: str) -> None:
    assert rule_actions(lang, text) == [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]
    # the fallback never gives one seat for two people: it asks
    assert read_slots("seat_heat", text, "seat_heat_driver") is None


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "my daughter is freezing so put the seat heater on"),
    ("en", "my mum is cold, turn on the seat warmer"),
    ("zh-CN", "我儿子冷死了，座椅加热开一下"),
    ("zh-CN", "我妈说她好冷，把座椅加热打开"),
])
def test_a_person_not_placed_in_front_is_asked_about(lang: str, text: str) -> None:
    result = shared_nlu(lang).parse(text, ())
    assert result.command is None and result.reason == "seat_unsaid" and result.confidence < 0.5
    assert read_slots("seat_heat", text, "seat_heat_driver") is None


@pytest.mark.parametrize(("lang", "text", "want"), [
    # the speaker's own complaint: the driver's seat, as before
    ("en", "I'm freezing, could you switch the seat heater on", [("seat_heat_driver", 2)]),
    ("zh-CN", "我冻坏了，座椅加热开一下", [("seat_heat_driver", 2)]),
    # a past story is no reason for now: read as said
    ("en", "my wife was freezing yesterday, put the seat heater on", [("seat_heat_driver", 2)]),
    # a seat that has an owner already: the owner's, whatever the story
    ("en", "my wife is freezing, put my seat heater on", [("seat_heat_driver", 2)]),
    ("zh-CN", "我老婆冷死了，把主驾座椅加热打开", [("seat_heat_driver", 2)]),
])
def test_near_misses_are_read_as_said(lang: str, text: str, want: list[tuple]) -> None:
    assert rule_actions(lang, text) == want


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "my wife was freezing yesterday, put the seat heater on"),
    ("en", "my wife is freezing at home, put the seat heater on"),
    ("en", "is the seat heater on? my wife is freezing"),
    ("en", "I'm freezing, could you switch the seat heater on"),
    ("zh-CN", "昨天我老婆冷死了，把座椅加热打开"),
    ("zh-CN", "我老婆在家冷死了，座椅加热开一下"),
    ("zh-CN", "座椅加热开着吗？我老婆冷"),
    ("zh-CN", "我冷死了，把座椅加热打开"),
])
def test_no_story_is_read_in_a_near_miss(lang: str, text: str) -> None:
    assert story_seat(text, lang) is None
    assert ("seat_heat_passenger", 2) not in rule_actions(lang, text)


@pytest.mark.parametrize(("lang", "text", "want"), [
    # the reason said first is left out of the head's text: the seat is still read with it
    ("zh-CN", "我儿子冷死了，座椅加热开一下", "unknown"),
    ("zh-CN", "我对象有点冷，把座椅加热开到三档", "seat_heat_passenger"),
    ("en", "my daughter is freezing so put the seat heater on", "unknown"),
    ("en", "my wife is shivering, switch the seat warmer on please", "seat_heat_passenger"),
])
def test_the_fallback_head_reads_the_story_too(lang: str, text: str, want: str) -> None:
    probs = np.full(len(HEAD_CLASSES), 0.05 / (len(HEAD_CLASSES) - 1))
    probs[HEAD_CLASSES.index("seat_heat_driver")] = 0.95  # the head sure of the driver's seat
    answer = focused_decision(HEAD_CLASSES, probs, focus(text), lang)
    assert answer.intent == want
