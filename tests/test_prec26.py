"""Rules precision (twenty-sixth session, prec26): the rules no longer answer a line in part.

A rules answer that acts on some commands and leaves a clause naming another cabin function
unread (the policy would ask about it) goes to the fallback; a "cannot" story beside a terse
order ("fan up two") no longer answers the whole line "cannot"; "到X的时候" is a later time.
Variants of each class, never a dev line itself, and near misses the rules still answer."""

from __future__ import annotations

import pytest

from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import AssistantPolicy
from twin.assistant.scope import conditional
from twin.assistant.unread import asks_function

_THRESHOLD = AssistantPolicy().threshold


def _answers(lang: str, text: str) -> bool:
    """Whether the rules answer ``text`` themselves (the fallback is not asked)."""
    found = shared_nlu(lang).parse(text)
    return found.confidence >= _THRESHOLD and found.command is not None


@pytest.mark.parametrize(("lang", "text"), [
    # an order read, another function named with a way beside it left unread
    ("en", "windows up and the AC on the pig farm smell is coming in"),
    ("en", "put the music on, and I'd love the air con off please"),
    ("en", "Bro, the next song, and like, volume at twelve."),
    ("en", "the kid hates this song go back to the one before and turn it up a bit"),
    # a joke the cabin cannot serve, then terse orders
    ("en", "What's brown and sticky? A stick. Anyway, volume down two and the previous track."),
])
def test_a_line_answered_in_part_goes_to_the_fallback(lang: str, text: str) -> None:
    found = shared_nlu(lang).parse(text)
    assert found.confidence < _THRESHOLD
    assert found.command is None


def test_an_unread_clause_is_marked_as_such() -> None:
    found = shared_nlu("en").parse("put the music on, and I'd love the air con off please")
    assert found.reason == "unread_clause"


@pytest.mark.parametrize(("lang", "text", "want"), [
    # every command read: still the rules' answer
    ("en", "close the window and turn the AC on",
     [("window_close", None), ("climate_ac_on", None)]),
    ("zh-CN", "这首太难听了换一首 声音调到12", [("media_next", None), ("media_volume_set", 12)]),
    # the function left alone is not asked for
    ("en", "Leave the fan alone, just put the AC on", [("climate_ac_on", None)]),
    # the other seat of the seat heater that acted is no other function
    ("zh-CN", "我是坐副驾的，我这个座椅加热给开到三档", [("seat_heat_passenger", 3)]),
])
def test_a_line_read_whole_is_still_answered(lang: str, text: str, want: list) -> None:
    found = shared_nlu(lang).parse(text)
    assert _answers(lang, text)
    assert [(p.intent, p.value) for p in found.parts] == want


@pytest.mark.parametrize(("lang", "clause"), [
    ("en", "fan up two"), ("zh-CN", "温度降三度"), ("zh-CN", "空调也打开"),
    ("zh-CN", "把窗户关严实"),
])
def test_a_function_with_a_way_is_an_order(lang: str, clause: str) -> None:
    assert asks_function(clause, lang)


@pytest.mark.parametrize(("lang", "clause"), [
    ("zh-CN", "热死了"), ("zh-CN", "座椅太凉了"), ("en", "I'm freezing"),
    ("en", "the fan is too strong"), ("en", "the music is too loud"),
])
def test_a_complaint_is_no_order(lang: str, clause: str) -> None:
    assert not asks_function(clause, lang)


@pytest.mark.parametrize("text", ["到公司的时候再把空调关了顺便暂停音乐", "到家的时候把音乐关了"])
def test_the_time_we_get_somewhere_is_later(text: str) -> None:
    assert conditional(text)
    assert not shared_nlu("zh-CN").parse(text).actuates


@pytest.mark.parametrize("text", ["温度调到二十度", "上次洗车的时候天窗漏水了"])
def test_no_arrival_time_is_no_condition(text: str) -> None:
    assert not conditional(text)
