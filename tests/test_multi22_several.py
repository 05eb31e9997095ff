"""Several commands the rules left (twenty-second session): a reason said inside a part after
its order, with or without a pause, and a sentence that lists complaints, each about a function
of its own. Sentences are variants written here, never lines of a development file; the head's
probabilities are given (pure decisions)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hil.llm.clauses import before_reason, focus
from hil.llm.grounding import TOPICS
from hil.llm.head import _act, head_decision
from hil.llm.several import several_decision, several_parts
from tests.helpers import is_zh, sure_of

_CLASSES = sorted({i for t in TOPICS.values() for i in t} | {"unknown"})


def _head(by_words: dict[str, str]) -> Any:
    """A head sure of the intent of the first of ``by_words`` a text holds, else unsure."""
    def decide(text: str, whole: bool = False) -> object:
        del whole
        p = np.full(len(_CLASSES), 1e-3)
        wanted = next((i for w, i in by_words.items() if w in text.lower()), "unknown")
        p[_CLASSES.index(wanted)] = 0.95 if wanted != "unknown" else 0.4
        return head_decision(_CLASSES, p / p.sum(), text, "zh-CN" if is_zh(text) else "en")
    return decide


def _answered(text: str, head: Any) -> list[tuple[str, object, str]]:
    said = focus(text)
    parts = several_parts(said.text)
    assert len(parts) >= 2, parts
    done = several_decision(head, _act, parts, "zh-CN" if is_zh(text) else "en", said.dropped,
                            said.text)
    assert done is not None
    return [(d.intent, d.value, f) for d, f in zip(done.parts, done.said, strict=True)]


@pytest.mark.parametrize(("part", "order"), [
    ("shut the window the dog next door is barking like mad", "shut the window"),
    ("roll my window up our kid is coughing in the back", "roll my window up"),
    ("把窗户关上我女儿在后座写作业呢", "把窗户关上"),
    ("风扇开小点，跑完步一身汗吹着难受", "风扇开小点"),
])
def test_an_order_with_a_reason_said_after_it_is_read_without_the_reason(
        part: str, order: str) -> None:
    assert before_reason(part)[0] == order


@pytest.mark.parametrize("part", [
    "skip this one, and louder",  # a way said after a pause: a command of its own
    "heat the seat for my wife",  # whose seat: no reason
    "open the window a third",  # an amount
    "关窗，声音再开大点",  # a command after the pause
    "close the window",
])
def test_what_is_no_reason_is_never_cut_off(part: str) -> None:
    assert before_reason(part) == []


def test_each_order_acts_when_a_reason_follows_the_last_without_a_pause() -> None:
    answered = _answered("turn the volume down and shut the window the dog next door is "
                         "barking like mad", sure_of("unknown"))
    assert [(i, v) for i, v, _ in answered] == [("media_volume_down", 2), ("window_close", None)]


def test_a_device_the_cabin_lacks_said_in_a_reason_is_no_part_the_cabin_cannot_do() -> None:
    said = focus("mute it and shut the window the bus horn is deafening")
    assert said.text == "mute it, shut the window"
    assert said.dropped == ()
    assert focus("mute it and honk the horn").dropped == ("honk the horn",)


@pytest.mark.parametrize(("text", "want"), [
    ("I'm roasting in here and I can hardly hear the radio",
     [("climate_temperature_down", 1), ("media_volume_up", 2)]),
    ("我冻得直哆嗦，而且广播声音太小了", [("climate_temperature_up", 1), ("media_volume_up", 2)]),
])
def test_a_list_of_complaints_is_answered_complaint_by_complaint(
        text: str, want: list[tuple[str, object]]) -> None:
    head = _head({"roasting": "climate_temperature_down", "hear": "media_volume_up",
                  "冻": "climate_temperature_up", "广播": "media_volume_up"})
    assert [(i, v) for i, v, _ in _answered(text, head)] == want


def test_a_complaint_the_head_is_unsure_of_is_asked_about_never_dropped() -> None:
    answered = _answered("I'm roasting in here and the radio is a mumble back here",
                         _head({"roasting": "climate_temperature_down"}))
    assert answered[0][:2] == ("climate_temperature_down", 1)
    assert answered[1][0] == "unknown" and answered[1][2] == "Do you want me to change the music?"


@pytest.mark.parametrize("text", [
    "the kids are asleep and the road is wet",  # no cabin function named
    "it's boiling and I'm roasting",  # one function twice: one complaint
])
def test_what_lists_no_two_functions_is_not_cut_into_complaints(text: str) -> None:
    assert several_parts(text) == []
