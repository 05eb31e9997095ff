"""The seat named before a heat word put on (:mod:`twin.assistant.word_slips`) is the
catalogue's seat words (the seat heating's subject) and backside/arse, a seat belt not a seat."""

from __future__ import annotations

import pytest

from twin.assistant.catalogue import active_catalogue
from twin.assistant.word_slips import en_words


def test_the_seat_words_are_the_catalogues() -> None:
    subject = active_catalogue().topics["seat_heat"].subject
    assert subject is not None and "bum" in subject.en


@pytest.mark.parametrize("text", [
    "my backside is frozen put the warmer on",
    "my arse is cold, stick the heater on",
    "my butt is freezing put the warmer on"])
def test_a_body_word_for_the_seat_names_it(text: str) -> None:
    assert "seat heater on" in en_words(text)


@pytest.mark.parametrize("text", [
    "put the seatbelt on and the warmer on",
    "put the seat belts on then the heater on",
    "it's cold put the warmer on"])
def test_a_seat_belt_or_no_seat_keeps_the_heat_word(text: str) -> None:
    assert en_words(text) == text
