"""Which of many fixed strings occur in a text, found without trying each one.

:class:`FragmentIndex` holds a set of strings: the short ones (up to :data:`GRAM` characters)
as a set, the longer ones by their first :data:`GRAM` characters. A text's substrings of 1 to
:data:`GRAM` characters (:func:`grams`, a set) then give the short strings present by one set
intersection, and the few long strings worth an ``in`` test by their heads. The answer is
exactly ``{s for s in strings if s and any(s in line for line in lines)}``. The template
filters (:mod:`twin.assistant.template_narrow`) and the colouring-words gates
(:mod:`twin.assistant.regex_gate`) look their literals up this way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["GRAM", "FragmentIndex", "SharedIndex", "grams"]

GRAM = 3
"""Strings this long or shorter are looked up among the text's substrings (of 1 to 3
characters, see :func:`grams`)."""


@dataclass(frozen=True)
class FragmentIndex:
    """Strings: the short ones as a set, the longer ones by their first three characters."""

    short: frozenset[str]
    long: dict[str, tuple[str, ...]]
    heads: frozenset[str]

    @staticmethod
    def of(fragments: Iterable[str]) -> FragmentIndex:
        """The index of ``fragments`` (an empty string is never reported present)."""
        fragments = set(fragments)
        long: dict[str, list[str]] = {}
        for f in sorted(fragments):
            if len(f) > GRAM:
                long.setdefault(f[:GRAM], []).append(f)
        return FragmentIndex(frozenset(f for f in fragments if 0 < len(f) <= GRAM),
                             {k: tuple(v) for k, v in long.items()}, frozenset(long))

    def present(self, lines: tuple[str, ...]) -> set[str]:
        """Every indexed fragment that occurs in one of ``lines``."""
        substrings = grams(lines)
        found = set(self.short & substrings)
        if not self.heads:
            return found
        # one line is the usual case; no fragment holds a newline
        contains = (lines[0] if len(lines) == 1 else "\n".join(lines)).__contains__
        for head in self.heads & substrings:
            found.update(filter(contains, self.long[head]))
        return found


class SharedIndex:
    """One :class:`FragmentIndex` over the strings of several readers (the three template
    sets' filters of one NLU) that look up the same lines one after another: the strings
    present in the last few line tuples are kept, so readers of the same text share one
    look-up. Each reader gets every indexed string present, its own among them."""

    def __init__(self, index: FragmentIndex) -> None:
        self.index = index
        self._recent: dict[tuple[str, ...], set[str]] = {}

    def present(self, lines: tuple[str, ...]) -> set[str]:
        """``index.present(lines)`` (the same set for the same lines: not to be changed)."""
        found = self._recent.get(lines)
        if found is None:
            if len(self._recent) >= _LOOKUPS_KEPT:
                self._recent.clear()
            found = self._recent[lines] = self.index.present(lines)
        return found


_LOOKUPS_KEPT = 4
"""Line tuples a :class:`SharedIndex` keeps (one parse's three passes read one text)."""

_GRAMS: dict[str, frozenset[str]] = {}
"""The substrings of the lines last looked at, by line (the three template sets' filters read
the same text, with or without their skip words); a pure function of the line, so safe to
share across threads."""
_GRAMS_KEPT = 16


def grams(lines: tuple[str, ...]) -> frozenset[str]:
    """Every substring of ``lines`` of 1 to :data:`GRAM` characters."""
    out: frozenset[str] = frozenset()
    for line in lines:
        found = _GRAMS.get(line)
        if found is None:
            if len(_GRAMS) >= _GRAMS_KEPT:
                _GRAMS.clear()
            pairs = list(map(str.__add__, line, line[1:]))
            found = _GRAMS[line] = frozenset(
                (*line, *pairs, *map(str.__add__, pairs, line[2:])))
        out = out | found if out else found
    return out
