"""sub_template.expansion: the same replacement as the template, on matches and misses."""

from __future__ import annotations

import re

import pytest

from twin.assistant import colloquial
from twin.assistant.sub_template import expansion

_CASES = [
    (r"(?P<w>on|off) (?=the )", r"turn \g<w> ", "on the fan, off the ac"),
    (r"\b(\w+)'s\s+(?=way)", r"\1 is ", "the fan's way too loud"),
    (r"(a)|(b)", r"[\1\2]", "abc"),  # an unmatched group reads as nothing
    (r"x", r"\n\\", "axb"),  # escapes
    (r"zzz", r"\g<0>!", "no match here"),
]


@pytest.mark.parametrize(("pattern", "template", "text"), _CASES)
def test_expansion_replaces_as_the_template_does(pattern: str, template: str, text: str) -> None:
    compiled = re.compile(pattern)
    assert compiled.sub(expansion(template), text) == compiled.sub(template, text)


def test_literals_and_functions_are_kept_as_they_are() -> None:
    def upper(m: re.Match[str]) -> str:
        return m.group(0).upper()

    assert expansion("plain words") == "plain words"
    assert expansion(upper) is upper
    assert callable(expansion(r"\1"))


def test_plainly_tables_hold_no_template_read_per_call() -> None:
    for rules in colloquial._RULES.values():
        for _pattern, said, _words, _where in rules:
            assert not (isinstance(said, str) and "\\" in said)
