"""English numbers of a hundred and more said in words ("a hundred and fifty percent", "one
hundred twenty", "two hundred percent") as digits, read before a sentence is split on its
conjunctions: the "and" inside the number joins no commands, and the templates' ranges read
the digits (an out-of-range number is then refused with its range said, not misheard)."""

from __future__ import annotations

import re

__all__ = ["said_hundreds"]

_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9}
_TEENS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
          "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_WORDS = {**_UNITS, **_TEENS, **_TENS}
_HUNDREDS = {"a": 1, "one": 1, "two": 2}

_UNIT = "|".join(_UNITS)
_REST = rf"(?:(?:{'|'.join(_TENS)})(?:[- ](?:{_UNIT}))?|{'|'.join(_TEENS)}|{_UNIT})"
_SAID = re.compile(
    rf"\b(?P<h>a|one|two) hundred(?:(?: and)? (?P<r>{_REST})\b|(?= (?:percent|per cent|degrees?)\b"
    r"|\s*%))", re.IGNORECASE)
"""A hundred or two with what follows it ("a hundred and fifty", "one hundred twenty-five"), or
alone before its unit ("a hundred percent", "two hundred degrees")."""


def _digits(m: re.Match[str]) -> str:
    rest = 0
    for word in re.split(r"[- ]", (m.group("r") or "").lower()):
        rest += _WORDS.get(word, 0)
    return str(100 * _HUNDREDS[m.group("h").lower()] + rest)


def said_hundreds(text: str) -> str:
    """``text`` with each number of a hundred or two hundred and more said in words as digits;
    as said when there is none."""
    if "hundred" not in text.lower():
        return text
    return _SAID.sub(_digits, text)
