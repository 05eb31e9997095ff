"""twin.assistant.template_end.Reached reads ``is_match`` as hassil's ``MatchContext`` does: on
an empty text (its shortcut), with an empty or a filled wildcard, an empty or a filled
unmatched entity, and on texts hassil's punctuation pass reads (left to hassil)."""

from __future__ import annotations

import pytest
from hassil.models import MatchEntity, UnmatchedTextEntity
from hassil.string_matcher import MatchContext

from twin.assistant.template_end import Reached


def _wildcard(text: str) -> MatchEntity:
    return MatchEntity(name="query", value=text, text=text, is_wildcard=True)


CASES = [
    ("", [], []),
    ("", [_wildcard("")], []),
    ("", [_wildcard("  ")], []),
    ("", [_wildcard("jazz")], []),
    ("", [], [UnmatchedTextEntity(name="area", text="")]),
    ("", [], [UnmatchedTextEntity(name="area", text="kitchen")]),
    (" ", [], []),
    (".", [], []),
    ("!", [_wildcard("")], []),
    ("please", [], []),
    ("a.", [_wildcard("jazz")], []),
]


@pytest.mark.parametrize(("text", "entities", "unmatched"), CASES)
def test_is_match_is_hassils(text: str, entities: list[MatchEntity],
                             unmatched: list[UnmatchedTextEntity]) -> None:
    ours = Reached(text=text, entities=list(entities), unmatched_entities=list(unmatched))
    theirs = MatchContext(text=text, entities=list(entities), unmatched_entities=list(unmatched))
    assert ours.is_match == theirs.is_match


def test_both_answers_occur() -> None:
    answers = {Reached(text=t, entities=list(e), unmatched_entities=list(u)).is_match
               for t, e, u in CASES}
    assert answers == {True, False}
