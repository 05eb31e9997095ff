"""The cabin functions a clause names, found by one look-up instead of a search per topic.

:func:`twin.assistant.leftover.functions_named` asks, for each catalogue topic, whether its
words (``explicit`` or ``subject``, English and Chinese in one case-insensitive pattern) occur
in a clause: eleven searches, twice or more per clause of a sentence the rules answered in
part (~50 us for ``subject`` on a short English clause). :class:`NamedIndex` keeps each
topic's two languages as separate patterns, each with the literals every match of it contains
(:func:`twin.assistant.regex_gate.gate`), and checks all those gates at once
(:class:`~twin.assistant.regex_gate.GateIndex`): only a pattern whose gate holds is searched.

Why the answer is the same: a search of ``(?:en)|(?:zh)`` finds a match exactly when one of
the two alternatives matches somewhere (each position tries both), and a pattern whose gate
does not hold cannot match. A case-insensitive pattern's gate is read as
:mod:`~twin.assistant.regex_gate` says (its ASCII literals, lower-cased, in the lower-cased
text when that is ASCII); one with other literals (Chinese) is gated by them as written only
when no character of them has a case (:func:`_caseless`: such a character matches only
itself, ignoring case or not), else it is always searched.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from twin.assistant.regex_gate import GateIndex, gate

try:  # the engine's own test of whether a character has other cases (CPython)
    from _sre import unicode_iscased as _iscased
except ImportError:  # pragma: no cover - elsewhere: no gate for non-ASCII literals
    _iscased = None

__all__ = ["NamedIndex"]


class NamedIndex:
    """Topics and their words (each a list of patterns, searched ignoring case): which topics
    a text names, the patterns that cannot match left unsearched."""

    def __init__(self, topics: Iterable[tuple[str, Iterable[str]]]) -> None:
        self._entries: list[tuple[str, re.Pattern[str]]] = []
        gates: list[tuple[tuple[str, ...] | None, str]] = []
        for name, said in topics:
            for words in said:
                pattern = re.compile(words, re.IGNORECASE)
                self._entries.append((name, pattern))
                gates.append(_gate(pattern))
        self._gates = GateIndex.of(gates)

    def named(self, text: str) -> frozenset[str]:
        """The topics one of whose patterns occurs in ``text``."""
        found: set[str] = set()
        entries = self._entries
        tried = self._gates.open(text)
        while tried:
            low = tried & -tried
            tried ^= low
            name, pattern = entries[low.bit_length() - 1]
            if name not in found and pattern.search(text):
                found.add(name)
        return frozenset(found)


def _gate(pattern: re.Pattern[str]) -> tuple[tuple[str, ...] | None, str]:
    """The gate of a case-insensitive ``pattern`` and where it is read (see the module doc)."""
    literals = gate(pattern)
    if literals is not None:
        return tuple(sorted(literals)), "ascii"
    literals = gate(re.compile(pattern.pattern))  # the same tree, its literals as written
    if literals is None or not all(_caseless(s) for s in literals):
        return None, "text"
    return tuple(sorted(literals)), "text"


def _caseless(literal: str) -> bool:
    """Whether no character of ``literal`` matches another one when case is ignored."""
    return _iscased is not None and not any(_iscased(ord(c)) for c in literal)
