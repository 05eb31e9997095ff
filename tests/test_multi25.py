"""Several commands in one sentence, twenty-fifth session (``multi25``).

A clause that says a setting without a verb of its own ("the music paused", "the volume to
ten", "有声书继续放") beside an order is an order of its own: the sentence is cut there and each
part read alone (:func:`hil.llm.clauses.set_said`); a clause that tells or asks (a subject, a
copula, a feeling, a question) stays a reason. A part the fallback would ask about whose
command sits inside a call or a tag that binds nothing ("breaker breaker blower on six") is the
rules' reading of the command (:func:`hil.llm.several._framed`). Variants written here, not
dev lines.
"""

from __future__ import annotations

import pytest

from hil.llm.clauses import command_parts, set_said
from hil.llm.several import _framed


@pytest.mark.parametrize("clause", [
    "the music paused",
    "the volume to twelve",
    "the fan on four",
    "the window down halfway",
    "音乐继续放",
    "风量三档",
])
def test_a_setting_said_without_a_verb(clause: str) -> None:
    assert set_said(clause)


@pytest.mark.parametrize("clause", [
    "the music is too loud",
    "my feet are frozen",
    "it's hot in here",
    "is the window open",
    "音乐太吵了",
    "我刚从冰场出来",
    "车窗开着吗",
])
def test_a_clause_that_tells_or_asks_is_no_setting(clause: str) -> None:
    assert not set_said(clause)


@pytest.mark.parametrize(("text", "want"), [
    ("window up and the music paused", ["window up", "the music paused"]),
    ("turn the fan to two and the volume to twelve",
     ["turn the fan to two", "the volume to twelve"]),
])
def test_a_setting_beside_an_order_is_cut_off(text: str, want: list[str]) -> None:
    assert command_parts(text, settings=True) == want


@pytest.mark.parametrize("text", [
    "turn the ac on, the music is too loud",
    "close the window, my feet are frozen",
    "turn the heat up",
])
def test_a_reason_beside_one_order_is_not_cut(text: str) -> None:
    assert command_parts(text, settings=True) == [text]


@pytest.mark.parametrize(("part", "want"), [
    ("roger roger blower on four", ("climate_fan", "climate_set_fan", 4)),
    ("the music down a notch cheers mate", ("media_volume", "media_volume_down", 2)),
])
def test_a_call_or_a_tag_around_a_part_is_read_away(part: str, want: tuple) -> None:
    assert _framed(part, "en") == want


@pytest.mark.parametrize("part", [
    "don't put the blower on four",  # a no is never read away
    "blower on four tomorrow",  # nor a time
    "maybe blower on four",  # nor a maybe
    "the music paused",  # nothing the rules read: asked, as before
    "paws the music",  # a misheard verb before a bare thing: asked, never read away
    "风量四档",  # English only
])
def test_words_that_bind_are_never_read_away(part: str) -> None:
    assert _framed(part, "en" if part.isascii() else "zh-CN") is None
