"""One list for each idea of words about the saying (twin.assistant.speech_words): every reader of
a hesitation ("um", "erm", "嗯") uses the one list, the same object inside its compiled pattern.
Variants written for this test."""

from __future__ import annotations

import re

import pytest

import hil.llm.clauses
import hil.llm.corrections
import hil.llm.several
import twin.assistant.colloquial
import twin.assistant.ellipsis
import twin.assistant.multi
import twin.assistant.nlu
import twin.assistant.phrasing
import twin.assistant.shapes
from tests.helpers import rule_actions
from twin.assistant import speech_words

_HESITATION_READERS = [
    (hil.llm.clauses, ("_COMMAND", "_FILLER")),
    (hil.llm.corrections, ("_VERB_START",)),
    (twin.assistant.ellipsis, ("_EN_VALUE",)),
    (twin.assistant.phrasing, ("_FILLER",)),
    (twin.assistant.shapes, ("_FILLER",)),
]


@pytest.mark.parametrize(("module", "patterns"), _HESITATION_READERS,
                         ids=lambda v: getattr(v, "__name__", None))
def test_every_reader_shares_the_one_hesitation_list(module: object,
                                                     patterns: tuple[str, ...]) -> None:
    assert module.EN_HESITATIONS is speech_words.EN_HESITATIONS  # type: ignore[attr-defined]
    for pattern in patterns:
        compiled: re.Pattern[str] = getattr(module, pattern)
        assert speech_words.EN_HESITATIONS in compiled.pattern, pattern


def test_the_rules_tables_read_the_one_list() -> None:
    assert twin.assistant.nlu.EN_HESITATIONS is speech_words.EN_HESITATIONS
    assert speech_words.EN_HESITATIONS in twin.assistant.nlu._CANCELLED["en"].pattern
    assert speech_words.ZH_HESITATIONS in twin.assistant.shapes._FILLER.pattern
    colloquial = twin.assistant.colloquial
    assert colloquial.EN_HESITATIONS is speech_words.EN_HESITATIONS
    assert any(speech_words.EN_HESITATIONS in p.pattern for p, *_ in colloquial._EN)
    assert any(speech_words.ZH_HESITATIONS in p.pattern for p, *_ in colloquial._ZH)


@pytest.mark.parametrize(("said", "hesitation"), [
    ("um", True), ("ummm", True), ("uhh", True), ("erm", True), ("uhm", True), ("er", True),
    ("umbrella", False), ("her", False), ("uhuh", False),
])
def test_what_a_hesitation_is(said: str, hesitation: bool) -> None:
    assert (re.fullmatch(speech_words.EN_HESITATIONS, said) is not None) is hesitation


# a hesitation any reader meets is read away: the request around it is unchanged
@pytest.mark.parametrize(("lang", "text", "actions"), [
    ("en", "open the window, erm, a quarter of the way", [("window_set_position", 25)]),
    ("en", "fan on three and, uhm, temperature 22",
     [("climate_set_fan", 3), ("climate_set_temperature", 22)]),
    ("en", "turn on the radio, erm, never mind", []),
    ("zh-CN", "额额把音量调到八", [("media_volume_set", 8)]),
])
def test_a_hesitation_changes_nothing(lang: str, text: str,
                                      actions: list[tuple[str, int]]) -> None:
    assert rule_actions(lang, text) == actions


def test_the_take_back_words_are_one_list() -> None:
    assert twin.assistant.nlu.EN_TAKE_BACK is speech_words.EN_TAKE_BACK
    assert twin.assistant.nlu.ZH_TAKE_BACK is speech_words.ZH_TAKE_BACK
    assert hil.llm.several.EN_TAKE_BACK is speech_words.EN_TAKE_BACK
    assert hil.llm.several.ZH_TAKE_BACK is speech_words.ZH_TAKE_BACK
    assert speech_words.EN_TAKE_BACK in twin.assistant.nlu._CANCELLED["en"].pattern
    assert speech_words.ZH_TAKE_BACK in twin.assistant.nlu._CANCELLED["zh-CN"].pattern
    assert speech_words.EN_TAKE_BACK in hil.llm.several._CANCEL.pattern
    assert speech_words.ZH_TAKE_BACK in hil.llm.several._CANCEL.pattern


# a request taken back at its end is not done; a take-back word that names a thing is no take-back
@pytest.mark.parametrize(("lang", "text", "actions"), [
    ("en", "turn on the radio, forget about it", []),
    ("en", "open the window, scratch that", []),
    ("en", "play some jazz, cancel that", []),
    ("zh-CN", "打开车窗，还是算了", []),
    ("zh-CN", "打开车窗，不用了", []),
    ("en", "forget about the radio, turn the fan up", [("climate_fan_up", 1)]),
])
def test_a_request_taken_back(lang: str, text: str, actions: list[tuple[str, int]]) -> None:
    assert rule_actions(lang, text) == actions


def test_the_correction_marks_are_one_list() -> None:
    phrasing, shapes = twin.assistant.phrasing, twin.assistant.shapes
    for module in (phrasing, shapes):
        assert module.EN_CORRECTION_MARKS is speech_words.EN_CORRECTION_MARKS
        assert module.ZH_CORRECTION_MARKS is speech_words.ZH_CORRECTION_MARKS
    assert twin.assistant.multi.ZH_CORRECTION_MARKS is speech_words.ZH_CORRECTION_MARKS
    assert speech_words.EN_CORRECTION_MARKS in phrasing._FIX["en"].pattern
    assert speech_words.ZH_CORRECTION_MARKS in phrasing._FIX["zh-CN"].pattern
    assert speech_words.EN_CORRECTION_MARKS in shapes._FIX_MARK["en"].pattern
    assert speech_words.ZH_CORRECTION_MARKS in shapes._FIX_MARK["zh-CN"].pattern
    assert speech_words.ZH_CORRECTION_MARKS in twin.assistant.multi._ZH_CORRECTS.pattern


# the wish said after a correction mark replaces the one before it; "不是" inside a sentence is
# no mark
@pytest.mark.parametrize(("lang", "text", "actions"), [
    ("en", "fan on five, nah, four", [("climate_set_fan", 4)]),
    ("en", "fan on five, rather four", [("climate_set_fan", 4)]),
    ("en", "turn the volume up, no wait, down", [("media_volume_down", 2)]),
    ("zh-CN", "静音 哦不 暂停", [("media_pause", None)]),
    ("zh-CN", "音量调到五，啊不，六", [("media_volume_set", 6)]),
    ("zh-CN", "温度调到二十二度，不是，二十三度", [("climate_set_temperature", 23)]),
    ("zh-CN", "这不是我要的歌，下一首", []),
])
def test_a_self_correction(lang: str, text: str, actions: list[tuple[str, int | None]]) -> None:
    assert rule_actions(lang, text) == actions
