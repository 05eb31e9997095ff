"""Template shapes: a regular expression every text a hassil sentence template matches fits.

The template filter's fragment and vocabulary checks say which words a text must contain;
they cannot see order or which words sit next to each other, so hassil was still handed
templates such as ``(what|who|...|might) {anything}`` for "show me the exchange rate" and
tried each of them word by word. A *shape* closes that gap: the template written as a
regular expression over the text with its case folded and every character hassil may skip
removed (whitespace, hassil's punctuation, ``-`` and ``_``), which :func:`project` also does
to the text. A template can match a text only if its shape fully matches the projected text
(after hassil's normalisation, with or without skip words), so a template whose shape does
not fit is dropped and the first match is unchanged.

Why it is sound (each piece of text hassil consumes, projected, is what the shape allows):
a text chunk matches the same letters case-insensitively (``hassil.util.fold_case`` unifies
at least what ``re.IGNORECASE`` does), with whitespace skipped at word starts, removed between
CJK characters, and ``-``/``_`` read as spaces; what is left at the end may only be
whitespace and punctuation; a number range reads ASCII digits (with a sign and separators) or
its number words; a wildcard reads anything. Anything this module does not know (a missing
rule or list, a list of another kind, a shape too large) gives no shape: no check.
"""

from __future__ import annotations

import re
from itertools import permutations
from typing import Any

from hassil.expression import (
    Alternative,
    Expression,
    ListReference,
    Permutation,
    RuleReference,
    Sentence,
    Sequence,
    TextChunk,
)
from hassil.intents import RangeSlotList, SlotList, TextSlotList, WildcardSlotList
from hassil.numbers import get_rbnf_engine
from hassil.util import PUNCTUATION_STR, fold_case

__all__ = ["Shapes", "compiled", "project", "shape"]

_SKIPPABLE = re.compile(rf"[\s{re.escape(PUNCTUATION_STR)}\-_]+")
"""What hassil may pass over in a text without a template saying it (see the module doc)."""
_ANY = ".*"
_NEVER = "(?!)"
_MAX_DEPTH = 50
_MAX_PATTERN = 200_000
"""Characters; a larger shape is not built (no check for that template)."""
_MAX_PERMUTED = 4
"""Items of a permutation written out in every order (4! = 24); more give no shape."""
_MAX_RANGE_NUMBERS = 5000


class _Unknown(Exception):
    """Something a shape cannot be sure of: no shape for this template."""


def project(text: str) -> str:
    """``text`` as shapes read it: case folded, whitespace and skippable punctuation removed."""
    return _SKIPPABLE.sub("", fold_case(text))


def shape(
    expression: Expression,
    rules: dict[str, Any],
    lists: dict[str, SlotList],
    language: str,
) -> re.Pattern[str] | None:
    """The shape of a sentence template (its ``expression`` with its expansion ``rules`` and
    slot ``lists``), or None when it cannot be written down soundly."""
    return Shapes(language).of(expression, rules, lists)


class Shapes:
    """Shapes of the templates of one template set: a rule or list they share is written out
    once, and a shape already compiled (in this process) is not compiled again."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._builders: dict[tuple[frozenset[tuple[str, int]], ...], _Builder] = {}

    def of(
        self, expression: Expression, rules: dict[str, Any], lists: dict[str, SlotList]
    ) -> re.Pattern[str] | None:
        """The shape of one template, or None (see :func:`shape`)."""
        key = (_identity(rules), _identity(lists))
        builder = self._builders.get(key)
        if builder is None:
            builder = self._builders[key] = _Builder(rules, lists, self.language)
        try:
            source = builder.pattern(expression, 0)
        except (_Unknown, RecursionError):
            return None
        if len(source) > _MAX_PATTERN:
            return None
        return compiled(source)


def compiled(source: str) -> re.Pattern[str]:
    """``source`` compiled (as a shape: ``.`` reads any character), once per process."""
    pattern = _COMPILED.get(source)
    if pattern is None:
        pattern = _COMPILED[source] = re.compile(source, re.DOTALL)
    return pattern


_COMPILED: dict[str, re.Pattern[str]] = {}
"""Every shape compiled in this process, by its source (the shipped templates: a few MB)."""


def _identity(named: dict[str, Any]) -> frozenset[tuple[str, int]]:
    return frozenset((k, id(v)) for k, v in named.items())


class _Builder:
    def __init__(self, rules: dict[str, Any], lists: dict[str, SlotList], language: str) -> None:
        self.rules = rules
        self.lists = lists
        self.language = language
        self.memo: dict[int, str] = {}

    def pattern(self, exp: Expression, depth: int) -> str:
        if depth > _MAX_DEPTH:
            raise _Unknown
        key = id(exp)
        if key not in self.memo:
            self.memo[key] = self._pattern(exp, depth)
        return self.memo[key]

    def _pattern(self, exp: Expression, depth: int) -> str:
        if isinstance(exp, TextChunk):
            return re.escape(project(exp.text))
        if isinstance(exp, Alternative):
            branches = dict.fromkeys(self.pattern(item, depth + 1) for item in exp.items)
            return _either(list(branches))
        if isinstance(exp, Permutation):
            items = [self.pattern(item, depth + 1) for item in exp.items]
            if len(items) > _MAX_PERMUTED:
                raise _Unknown
            return _either(list(dict.fromkeys("".join(p) for p in permutations(items))))
        if isinstance(exp, Sequence):
            return _concatenated([self.pattern(item, depth + 1) for item in exp.items])
        if isinstance(exp, RuleReference):
            rule = self.rules.get(exp.rule_name)
            if rule is None:
                raise _Unknown
            return self.pattern(rule.expression, depth + 1)
        if isinstance(exp, ListReference):
            return self._list(exp, depth)
        if isinstance(exp, Sentence):  # a slot value written as a template
            return self.pattern(exp.expression, depth + 1)
        raise _Unknown

    def _list(self, ref: ListReference, depth: int) -> str:
        slot_list = self.lists.get(ref.list_name)
        if slot_list is None:
            bounds = ref.get_inline_range()
            if bounds is None:
                raise _Unknown
            # hassil makes a range list of {1..9:slot} on the fly (digits and words)
            start, stop, step = bounds
            slot_list = RangeSlotList(name=ref.list_name, start=start, stop=stop, step=step)
        if isinstance(slot_list, WildcardSlotList):
            return _ANY
        if isinstance(slot_list, TextSlotList):
            if slot_list.values is None:
                raise _Unknown
            values = [self.pattern(v.text_in, depth + 1) for v in slot_list.values]
            return _either(list(dict.fromkeys(values))) if values else _NEVER
        if isinstance(slot_list, RangeSlotList):
            return _range(slot_list, self.language)
        raise _Unknown


def _either(branches: list[str]) -> str:
    if not branches:
        return _NEVER
    if len(branches) == 1:
        return branches[0]
    return "(?:" + "|".join(branches) + ")"


def _concatenated(parts: list[str]) -> str:
    out: list[str] = []
    for part in parts:
        if part == _ANY and out and out[-1] == _ANY:
            continue  # ".*.*" reads what ".*" does, with far more backtracking
        out.append(part)
    return "".join(out)


_RANGE_CHARS: dict[tuple[Any, ...], str] = {}


def _range(range_list: RangeSlotList, language: str) -> str:
    """Digits (hassil reads ASCII digits, a sign and a decimal separator) and the characters
    of the range's number words in ``language``."""
    words_language = range_list.words_language or language
    key = (words_language, range_list.start, range_list.stop, range_list.step,
           range_list.fraction_type, range_list.digits, range_list.words)
    if key not in _RANGE_CHARS:
        chars: set[str] = set("0123456789") if range_list.digits else set()
        if range_list.words:
            numbers = list(range_list.get_numbers())
            if len(numbers) > _MAX_RANGE_NUMBERS:
                raise _Unknown
            try:
                engine = get_rbnf_engine(words_language)
                for n in numbers:
                    for words in engine.format_number(n).text_by_ruleset.values():
                        chars.update(project(words))
                        chars.update(project(words.replace("ß", "ss")))
            except Exception as exc:  # hassil, too, skips numbers it cannot format
                raise _Unknown from exc
        if not chars:
            raise _Unknown
        _RANGE_CHARS[key] = "[" + "".join(re.escape(c) for c in sorted(chars)) + "]+"
    return _RANGE_CHARS[key]
