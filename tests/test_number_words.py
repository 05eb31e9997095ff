"""English number words are one list (twin.assistant.binding_words.EN_NUMBERS): the follow-up
correction ("nah nineteen") and the "up to" reading ("up to two") use that object, not a copy.
Variants written for this test."""

from __future__ import annotations

import pytest

import twin.assistant.colloquial
import twin.assistant.nlu
from twin.assistant import binding_words
from twin.assistant.colloquial import plainly


def test_the_readers_share_the_one_number_list() -> None:
    assert twin.assistant.nlu.EN_NUMBERS is binding_words.EN_NUMBERS
    assert binding_words.EN_NUMBERS in twin.assistant.nlu._EN_RESTART.pattern
    assert twin.assistant.colloquial._EN_NUMBERS is binding_words.EN_NUMBERS
    assert any(binding_words.EN_NUMBERS in p.pattern and p.pattern.startswith(r"\b(?:up|down) to")
               for p, *_ in twin.assistant.colloquial._EN)


@pytest.mark.parametrize(("said", "restart"), [
    ("nah nineteen", True), ("no actually make it 20", True), ("sorry, thirty", True),
    ("no forty", False), ("nope, the radio", False),  # past the list; no number or wish
])
def test_a_correction_before_a_number(said: str, restart: bool) -> None:
    assert (twin.assistant.nlu._EN_RESTART.match(said) is not None) is restart


@pytest.mark.parametrize(("said", "up_to"), [
    ("turn my seat heater up to two", True), ("fan up to twelve", True),
    ("turn it up to 7", True), ("turn the volume up to eleven", True),
    ("turn it up to forty", False), ("turn it up to you", False),
])
def test_up_to_a_number_is_a_set(said: str, up_to: bool) -> None:
    assert (" up to " not in plainly(said, "en")) is up_to
