"""A question the cabin cannot answer, said first, then left for commands: the commands act."""

from __future__ import annotations

import pytest

from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import decide


def _said(text: str) -> tuple[str, list[tuple[str, object]]]:
    found = shared_nlu("en").parse(text, [])
    d = decide(text, [], "en", found, None)
    return d.path, [(c.intent, c.value) for c in d.commands if c.intent != "unknown"]


@pytest.mark.parametrize(("text", "want"), [
    ("What's the score in the cricket? Anyway, turn the fan up.", [("climate_fan_up", 1)]),
    ("Who sang this one? Also skip it and turn the volume down",
     [("media_next", None), ("media_volume_down", 2)]),
    ("how far is the beach anyway just take me home", [("navigate_home", None)]),
    ("Is the bakery open on Sundays? Oh, and open the window.", [("window_open", None)]),
])
def test_the_commands_after_a_question_act(text: str, want: list[tuple[str, object]]) -> None:
    path, said = _said(text)
    assert path == "rule" and said == want


def test_the_question_is_answered_cannot() -> None:
    found = shared_nlu("en").parse("What's the score in the cricket? Anyway, turn the fan up.")
    assert "is not something I can do in the car" in found.feedback
    assert found.split and found.split[0].intent == "unknown"


@pytest.mark.parametrize("text", [
    "is it going to rain? close the window",  # no word leaves the question: it may bind
    "what's the weather? also don't turn the heat up",  # the rest refused
    "is it snowing up there? anyway open the window later",  # the rest not for now
    "who won the game anyway",  # nothing after the word
    "what's the traffic like? also what about the tolls",  # a second question, no command
])
def test_no_command_after_the_question_acts(text: str) -> None:
    assert _said(text)[1] == []
