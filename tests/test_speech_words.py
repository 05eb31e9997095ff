"""One list for each idea of words about the saying (twin.assistant.speech_words): every reader of
a hesitation, a take-back or a self-correction mark uses the one list, the same object inside
its compiled pattern.
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
from tests.helpers import assert_shares_list, rule_actions
from twin.assistant import speech_words

_READERS = [  # (the list, the module that reads it, the patterns it is read in)
    ("EN_HESITATIONS", hil.llm.clauses, ("_COMMAND", "_FILLER")),
    ("EN_HESITATIONS", hil.llm.corrections, ("_VERB_START",)),
    ("EN_HESITATIONS", twin.assistant.ellipsis, ("_EN_VALUE",)),
    ("EN_HESITATIONS", twin.assistant.phrasing, ("_FILLER",)),
    ("EN_HESITATIONS", twin.assistant.shapes, ("_FILLER",)),
    ("ZH_HESITATIONS", twin.assistant.shapes, ("_FILLER",)),
    ("EN_HESITATIONS", twin.assistant.nlu, ("_CANCELLED",)),
    ("EN_HESITATIONS", twin.assistant.colloquial, ()),
    ("ZH_HESITATIONS", twin.assistant.colloquial, ()),
    ("EN_TAKE_BACK", twin.assistant.nlu, ("_CANCELLED",)),
    ("ZH_TAKE_BACK", twin.assistant.nlu, ("_CANCELLED",)),
    ("EN_TAKE_BACK", hil.llm.several, ("_CANCEL",)),
    ("ZH_TAKE_BACK", hil.llm.several, ("_CANCEL",)),
    ("EN_CORRECTION_MARKS", twin.assistant.phrasing, ("_FIX",)),
    ("ZH_CORRECTION_MARKS", twin.assistant.phrasing, ("_FIX",)),
    ("EN_CORRECTION_MARKS", twin.assistant.shapes, ("_FIX_MARK",)),
    ("ZH_CORRECTION_MARKS", twin.assistant.shapes, ("_FIX_MARK",)),
    ("ZH_CORRECTION_MARKS", twin.assistant.multi, ("_ZH_CORRECTS",)),
]


@pytest.mark.parametrize(("name", "module", "patterns"), _READERS,
                         ids=lambda v: getattr(v, "__name__", v if isinstance(v, str) else None))
def test_every_reader_shares_the_one_list(name: str, module: object,
                                          patterns: tuple[str, ...]) -> None:
    assert_shares_list(speech_words, name, module, patterns)


def test_colloquial_readings_use_the_hesitation_lists() -> None:
    colloquial = twin.assistant.colloquial
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
