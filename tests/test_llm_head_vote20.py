"""The twentieth session's third opinion: a line the head puts out of domain is decided again
by the vote of its nearest labelled examples (:meth:`hil.llm.ngrams.GramHead.vote`: the five
nearest by character n-grams, the nearest at least 0.6 alike, none of them ``unknown``), every
word gate applying as before. Variants written for the tests, not development lines; near
misses that must not change beside them."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import focus
from hil.llm.head import HeadDecision, focused_decision
from hil.llm.ngrams import NEAREST, NEAREST_SIMILARITY, GramHead
from tests.helpers import HEAD_CLASSES, head_probs

EXAMPLES = [
    # a complaint of a cold passenger seat, said five ways
    ("my wife says her seat is cold as ice", "seat_heat_passenger"),
    ("my wife says her seat is cold as stone", "seat_heat_passenger"),
    ("my wife says the seat is cold as ice", "seat_heat_passenger"),
    ("my wife says her seat is ice cold", "seat_heat_passenger"),
    ("my wife said her seat is cold as ice", "seat_heat_passenger"),
    # the same words about a seat somewhere else: out of domain
    ("my wife says her office chair is cold as ice", "unknown"),
    ("my wife says her office chair is cold as stone", "unknown"),
    ("my wife says the office chair is cold as ice", "unknown"),
    ("my wife says her office chair is ice cold", "unknown"),
    ("my wife said her office chair is cold as ice", "unknown"),
    ("turn the volume up", "media_volume_up"),
    ("what's the weather tomorrow", "unknown"),
]


@pytest.fixture(scope="module")
def grams() -> GramHead:
    return GramHead(EXAMPLES, HEAD_CLASSES)


def test_the_vote_is_pinned() -> None:
    assert (NEAREST, NEAREST_SIMILARITY) == (5, 0.6)


def test_a_line_among_cabin_examples_gets_their_vote(grams: GramHead) -> None:
    vote = grams.vote("my wife says her seat is cold as a stone")
    assert vote is not None
    assert HEAD_CLASSES[int(np.argmax(vote))] == "seat_heat_passenger"
    assert vote.sum() == pytest.approx(1.0)


@pytest.mark.parametrize("text", [
    "my wife says her office chair is cold as a stone",  # its nearest ones are out of domain
    "the kids want pizza for dinner",  # nothing alike
])
def test_no_vote_near_an_unknown_example_or_far_from_all(grams: GramHead, text: str) -> None:
    assert grams.vote(text) is None


# the head puts the line out of domain
OUT = {"unknown": 0.9}


def _answer(text: str, vote: str | None) -> HeadDecision:
    third = None
    if vote is not None:
        third = np.zeros(len(HEAD_CLASSES))
        third[HEAD_CLASSES.index(vote)] = 1.0
    return focused_decision(HEAD_CLASSES, head_probs(**OUT), focus(text), "en", None, None, None,
                            third)


@pytest.mark.parametrize(("text", "expected"), [
    ("my missus reckons her seat's freezing", ("seat_heat_passenger", 2)),
    ("the wife says her seat feels like an ice block", ("seat_heat_passenger", 2)),
])
def test_a_line_the_head_refuses_acts_by_the_vote(text: str, expected: tuple[str, int]) -> None:
    assert _answer(text, None).why == "out_of_domain"  # without the vote: refused
    d = _answer(text, "seat_heat_passenger")
    assert (d.intent, d.value) == expected


@pytest.mark.parametrize("text", [
    "my missus reckons her seat at home is freezing",  # somewhere else: the scope words
    "my missus reckons her seat will be freezing tomorrow",  # later
    "my missus reckons the kids are hungry",  # no word of the voted topic
])
def test_the_words_still_refuse_what_the_vote_names(text: str) -> None:
    assert _answer(text, "seat_heat_passenger").intent == "unknown"
