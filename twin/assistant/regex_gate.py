"""Literal text a regular expression cannot match without: a cheap test before trying it.

:func:`gate` reads a compiled pattern's parse tree and returns a set of literal strings one of
which every match contains (``None`` when it cannot tell). ``any(s in text for s in gate)``
costs a fraction of a failing ``re.sub``, so a table of readings tried in turn on every rules
miss (:func:`twin.assistant.colloquial.plainly`) skips the patterns that cannot match.

Why it is sound: a run of literal characters in a sequence is consumed as it is written;
every branch of an alternation must supply one of the strings (their union); a repeat with a
minimum of one supplies what its body does; a character class of literal characters supplies
one of them. Anything else (lookarounds, ``.``, categories, ranges, back references, optional
parts) supplies nothing. A case-insensitive pattern is only gated with ASCII literals, given
lower-cased: check them against the lower-cased text, and only when that text is ASCII (a
non-ASCII character may match an ASCII letter without case, e.g. the Kelvin sign "k").

:class:`GateIndex` checks the gates of a whole table at once: every gate word present in the
text is found in one look-up (:mod:`twin.assistant.substrings`), and the table entries whose
gate holds come out as a bit mask, exactly those a loop over the table would try.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from twin.assistant.substrings import FragmentIndex

__all__ = ["GateIndex", "gate", "gate_pattern"]

try:  # the parser of the standard ``re`` module (a private name since Python 3.11)
    from re import _constants as _sre
    from re import _parser as _parse
except ImportError:  # pragma: no cover - older layouts: no gates, every pattern is tried
    _parse = _sre = None


_REPEATS = tuple(getattr(_sre, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
                 if _sre is not None and hasattr(_sre, name))


def gate(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Literal strings one of which every match of ``pattern`` contains (lower-cased if it
    ignores case), or None when no such set is known."""
    if _parse is None or pattern.flags & re.VERBOSE:
        return None
    try:
        tree = _parse.parse(pattern.pattern, pattern.flags)
    except Exception:  # a pattern the parser reads otherwise: no gate
        return None
    folded = bool(pattern.flags & re.IGNORECASE)
    best = _best(_clauses(list(tree), folded))
    if best is None or (folded and not all(s.isascii() for s in best)):
        return None
    return frozenset(s.lower() for s in best) if folded else best


def gate_pattern(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """:func:`gate` as one pattern of its literals (searched in the text as said), or None when
    there is no gate or ``pattern`` ignores case: the engine finds a literal alternation faster
    than a loop over the words, and much faster than a pattern that starts with ``\\b`` and a
    long alternation tries every position."""
    words = None if pattern.flags & re.IGNORECASE else gate(pattern)
    if not words:
        return None
    return re.compile("|".join(map(re.escape, sorted(words, key=len, reverse=True))))


def _best(clauses: list[frozenset[str]]) -> frozenset[str] | None:
    """The most selective clause: longest shortest string, then fewest strings."""
    if not clauses:
        return None
    return max(clauses, key=lambda c: (min(map(len, c)), -len(c)))


def _clauses(items: list[Any], folded: bool) -> list[frozenset[str]]:
    """Clauses (each: one of its strings occurs in every match) of a parsed sequence."""
    out: list[frozenset[str]] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            out.append(frozenset(("".join(run),)))
            run.clear()

    for op, arg in items:
        if op is _sre.LITERAL:
            run.append(chr(arg))
            continue
        flush()
        if op is _sre.SUBPATTERN:
            _group, add, remove, body = arg
            if not (add | remove) & re.IGNORECASE:
                out += _clauses(list(body), folded)
        elif op in _REPEATS:
            low, _high, body = arg
            if low >= 1:
                out += _clauses(list(body), folded)
        elif op is _sre.BRANCH:
            branches = [_best(_clauses(list(b), folded)) for b in arg[1]]
            if branches and all(b is not None for b in branches):
                out.append(_minimal(frozenset().union(*branches)))
        elif op is _sre.IN and all(o is _sre.LITERAL for o, _ in arg):
            out.append(frozenset(chr(c) for _, c in arg))
    flush()
    return out


def _minimal(strings: frozenset[str]) -> frozenset[str]:
    """``strings`` without those containing another one (it occurs whenever they do)."""
    return frozenset(s for s in strings if not any(t != s and t in s for t in strings))


WHERE = ("text", "lowered", "ascii")
"""Where a gate is read: in the text as said, in the lower-cased text, or in the lower-cased
text only when it is ASCII (else the pattern is always tried)."""


@dataclass(frozen=True)
class GateIndex:
    """The gates of a table of patterns (entry ``i`` is bit ``i``), checked all at once.

    A gate is the words one of which the text must hold for its pattern to be tried (None: no
    gate, always tried), and where it is read (:data:`WHERE`). :meth:`open` gives the entries
    whose gate holds on a text: the same as checking each entry's words in turn."""

    always: int
    """Entries without a gate (or with an empty word, which every text holds)."""
    ascii_only: int
    """Entries gated in the lower-cased text only when it is ASCII."""
    text: tuple[FragmentIndex, dict[str, int]]
    lowered: tuple[FragmentIndex, dict[str, int]]

    @staticmethod
    def of(gates: Sequence[tuple[Sequence[str] | None, str]]) -> GateIndex:
        """The index of ``gates`` (each: its words or None, and where it is read)."""
        always = ascii_only = 0
        masks: dict[str, dict[str, int]] = {"text": {}, "lowered": {}}
        for i, (words, where) in enumerate(gates):
            if where not in WHERE:
                raise ValueError(f"a gate is read in one of {WHERE}, got {where!r}")
            bit = 1 << i
            if words is None or "" in words:
                always |= bit
                continue
            if where == "ascii":
                ascii_only |= bit
            by_word = masks["text" if where == "text" else "lowered"]
            for word in words:
                by_word[word] = by_word.get(word, 0) | bit
        return GateIndex(always, ascii_only,
                         *((FragmentIndex.of(m), m) for m in (masks["text"], masks["lowered"])))

    def open(self, text: str) -> int:
        """The entries whose gate holds on ``text`` (bit ``i`` for entry ``i``)."""
        lowered = text.lower()
        found = self.always if lowered.isascii() else self.always | self.ascii_only
        for seen, (index, masks) in ((text, self.text), (lowered, self.lowered)):
            if masks:
                for word in index.present((seen,)):
                    found |= masks[word]
        return found
