"""One list for each idea of who sits where (twin.assistant.seat_words): every reader of a
spouse or partner's seat uses the one list (the same object, inside its compiled pattern), so a
word one reader knows every reader knows. Variants written for this test."""

from __future__ import annotations

import re

import pytest

import hil.llm.both_seats
import hil.llm.clauses
import twin.assistant.colloquial
import twin.assistant.ellipsis
import twin.assistant.multi
import twin.assistant.phrasing
import twin.assistant.story_seat
from tests.helpers import assert_shares_list, rule_actions
from twin.assistant import seat_words

_E, _Z = "EN_COMPANIONS", "ZH_COMPANIONS"
_READERS = [  # (the list, the module that reads it, the patterns it is read in)
    (_E, hil.llm.both_seats, ("_BOTH",)), (_Z, hil.llm.both_seats, ("_BOTH",)),
    (_E, hil.llm.clauses, ("_SEAT_FRAGMENT",)),
    (_E, twin.assistant.ellipsis, ("_EN_FRAGMENT", "_EN_OTHERS")),
    (_Z, twin.assistant.ellipsis, ("_ZH_FRAGMENT", "_ZH_SEATED")),
    (_E, twin.assistant.phrasing, ("_EN_OTHER", "_EN_THEIRS")),
    (_Z, twin.assistant.phrasing, ("_ZH_THEIRS",)),
    (_E, twin.assistant.story_seat, ("_EN_STORY",)),
    (_Z, twin.assistant.story_seat, ("_ZH_STORY",)),
    (_E, twin.assistant.colloquial, ("_PERSON",)), (_Z, twin.assistant.colloquial, ()),
    (_E, twin.assistant.multi, ("STATEMENT",)),
    (_Z, twin.assistant.multi, ("_ZH_WHOSE", "_SEATLIKE")),
    ("ZH_BOTH_FRONT", hil.llm.both_seats, ("_BOTH",)),
    ("ZH_BOTH_FRONT", twin.assistant.phrasing, ("_ZH_BOTH",)),
    ("ZH_DRIVER_SEAT", twin.assistant.ellipsis, ("_ZH_FRAGMENT", "_DRIVER_SAID")),
    ("ZH_DRIVER_SEAT", twin.assistant.phrasing, ("_ZH_DRIVER", "_ZH_OTHER_DRIVER", "_ZH_SAME_FOR")),
    ("EN_SEAT_HEATERS", twin.assistant.ellipsis, ("_EN_NOUN",)),
    ("EN_SEAT_HEATERS", twin.assistant.story_seat, ("_EN_DEVICE",)),
]


@pytest.mark.parametrize(("name", "module", "patterns"), _READERS,
                         ids=lambda v: getattr(v, "__name__", v if isinstance(v, str) else None))
def test_every_reader_shares_the_one_list(name: str, module: object,
                                          patterns: tuple[str, ...]) -> None:
    assert_shares_list(seat_words, name, module, patterns)


def test_colloquial_readings_use_the_companion_list() -> None:
    used = [p for p, *_ in twin.assistant.colloquial._EN + twin.assistant.colloquial._EN_LAST
            if seat_words.EN_COMPANIONS in p.pattern]
    used_zh = [p for p, *_ in twin.assistant.colloquial._ZH
               if seat_words.ZH_COMPANIONS in p.pattern]
    assert len(used) >= 5 and len(used_zh) >= 2


# a companion word one reader knew and the others did not: read the same way by every reader
@pytest.mark.parametrize(("lang", "text", "actions"), [
    ("en", "warm my seat and my boyfriend's too, both on high",
     [("seat_heat_driver", 3), ("seat_heat_passenger", 3)]),
    ("en", "my fiancee says her seat is freezing", [("seat_heat_passenger", 2)]),
    ("en", "seat heater on two, and my girlfriend's one too",
     [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]),
    ("zh-CN", "我对象的座椅加热开到二档", [("seat_heat_passenger", 2)]),
    ("zh-CN", "我太太说她座位好凉", [("seat_heat_passenger", 2)]),
    ("zh-CN", "我跟我对象的座椅加热都打开", [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]),
])
def test_a_companion_word_is_known_everywhere(lang: str, text: str,
                                              actions: list[tuple[str, int]]) -> None:
    assert rule_actions(lang, text) == actions


# near misses: a person not said to sit in front, and "date" outside a story, stay unplaced
@pytest.mark.parametrize(("lang", "text"), [
    ("en", "my friend's seat heater on high"),
    ("en", "warm my seat and my son's too, both on high"),
    ("en", "my mum says her seat is freezing"),
    ("en", "turn the date's seat heater on"),
    ("zh-CN", "我朋友的座椅加热开到二档"),
    ("zh-CN", "我跟我妈的座椅加热都打开"),
])
def test_someone_else_is_not_a_companion(lang: str, text: str) -> None:
    assert rule_actions(lang, text) == []


# "、" between the two seats was read by the fallback only; now by the rules too
@pytest.mark.parametrize(("text", "actions"), [
    ("主驾、副驾座椅加热都打开", [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]),
    ("主驾与副驾座椅加热开到三档", [("seat_heat_driver", 3), ("seat_heat_passenger", 3)]),
    ("主副驾的座椅加热都关掉", [("seat_heat_driver", 0), ("seat_heat_passenger", 0)]),
    # near misses: each seat said with its own way, one seat alone
    ("主驾座椅加热打开，副驾的关掉", [("seat_heat_driver", 2), ("seat_heat_passenger", 0)]),
    ("副驾座椅加热打开", [("seat_heat_passenger", 2)]),
])
def test_both_front_seats_said_together(text: str, actions: list[tuple[str, int]]) -> None:
    assert rule_actions("zh-CN", text) == actions
    assert bool(hil.llm.both_seats.both_seats(text)) == (len(actions) == 2 and "，" not in text)


# "the same for the driver" said by any of the driver seat's names (驾驶座, 司机 were missing)
@pytest.mark.parametrize(("said", "whose"), [
    ("司机的也开", "driver"), ("驾驶座也要", "driver"), ("主驾的也开", "driver"),
    ("驾驶位也开一下", "driver"), ("她的也要", "passenger"),
    ("司机开快点", None),  # near miss: no "the same"
])
def test_the_same_for_the_driver(said: str, whose: str | None) -> None:
    assert twin.assistant.phrasing.same_for(said) == whose


@pytest.mark.parametrize(("said", "named"), [
    ("seat heater", True), ("seat warmers", True), ("heated seat", True), ("heated seats", True),
    ("seat heat", True), ("seat", False), ("heated", False), ("seat belt", False),
])
def test_what_names_the_seat_heater(said: str, named: bool) -> None:
    assert (re.fullmatch(seat_words.EN_SEAT_HEATERS, said) is not None) is named


@pytest.mark.parametrize(("text", "actions"), [
    ("我太太在副驾上，座椅加热开一档", [("seat_heat_passenger", 1)]),
    ("我对象坐副驾，把我的座椅加热打开", [("seat_heat_driver", 2)]),  # "我的": the speaker's
])
def test_who_sits_in_front_said_first(text: str, actions: list[tuple[str, int]]) -> None:
    assert rule_actions("zh-CN", text) == actions
