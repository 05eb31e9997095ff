"""hassil's matcher compiled once per closed sentence template.

``hassil.string_matcher.match_expression`` walks a template node by node for every text: each
step dispatches on the node's type, strips and re-folds the chunk's text, looks up its prefix
regex, builds a ``MatchContext``, and every item of a sequence is matched against *every*
context the items before it left (the whole match tree is built before the first result is
read). On the cabin templates one match costs hassil 50-130 such steps, 100-300 us.

:func:`compile_closed` turns a *closed* template (no wildcard list anywhere, no permutation;
rules written out; every list known or an inline range) into nested closures, each doing one
node's step exactly as hassil does it, with its chunk text, stripped forms and prefix regex
worked out once. The closures pass a plain state (text left, start of word, text index,
chunk characters matched, entities, context, captures) to a continuation, depth first, in
hassil's order: an alternative's branches in turn, a sequence's items left to right, so the
contexts reach the end in the order hassil's list holds them. A list reference is matched by
hassil itself (its value narrowing, context checks, ranges and number words). What reaches
the end of the template is handed to hassil's ``_process_match_contexts``, which builds the
``RecognizeResult``; so each result is the one hassil gives for that context.

:meth:`Program.first` stops at the first result (hassil's first match): the only thing it can
leave different is ``is_wildcard_open`` on a non-wildcard entity, a flag hassil sets as a side
effect of building later contexts that share the entity and never reads on one (no wildcard
can occur in a closed template). :meth:`Program.every` builds every context before reading
any, as hassil does, so its results are hassil's field for field. A text holding ``-`` or
``_`` is not for this matcher (hassil then retries a chunk with them read as spaces); the
caller gives it to hassil. ``tests/test_template_compiled.py`` compares both with hassil's on
every template of every development and sampled text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from hassil.expression import (
    Alternative,
    Expression,
    ListReference,
    RuleReference,
    Sentence,
    Sequence,
    TextChunk,
)
from hassil.intents import Intent, IntentData, RangeSlotList, TextSlotList
from hassil.recognize import RecognizeResult, _process_match_contexts
from hassil.string_matcher import WORD_END_CHARS, MatchContext, MatchSettings, match_expression
from hassil.util import CJK_WHITESPACE

from twin.assistant.template_end import Reached

__all__ = ["Program", "breaks_words", "compile_closed"]

_MAX_DEPTH = 50

State = tuple[str, bool, int, int, list[Any], dict[str, Any], list[Any], "_Env"]
"""Text left, start of a word, text index, chunk characters matched, entities, intent
context, captures, and the call's constants."""
Cont = Callable[[State], Any]
Step = Callable[[State, Cont], Any]


class _Unsupported(Exception):
    """The template is not closed (or not known): hassil matches it."""


class _Env:
    """What stays the same through one match: passed on to hassil's list matching."""

    __slots__ = ("data", "original", "sentence", "settings", "unmatched")

    def __init__(self, sentence: Sentence, data: IntentData, original: str,
                 settings: MatchSettings) -> None:
        self.unmatched: list[Any] = []
        self.sentence = sentence
        self.data = data
        self.original = original
        self.settings = settings


def breaks_words(text: str) -> bool:
    """Whether hassil may read ``text`` with ``-``/``_`` as spaces (not for :class:`Program`)."""
    return "-" in text or "_" in text


class Program:
    """One closed template compiled for one ``MatchSettings`` (see the module doc)."""

    def __init__(self, step: Step, settings: MatchSettings) -> None:
        self._step = step
        self.settings = settings

    def _start(self, text: str, sentence: Sentence, data: IntentData, original: str,
               context: dict[str, Any]) -> State:
        return (text, True, 0, 0, [], context, [], _Env(sentence, data, original,
                                                          self.settings))

    def first(self, text: str, offsets: list[int], intent: Intent, data: IntentData,
              sentence: Sentence, original: str, context: dict[str, Any]
              ) -> RecognizeResult | None:
        """hassil's first result of matching ``text`` (a matchable text with its
        ``offsets``), as ``_process_match_contexts`` gives it; None if there is none."""

        def done(state: State) -> RecognizeResult | None:
            return next(iter(_process_match_contexts(
                (_context(state),), intent, data, text_offsets=offsets,
                default_response="default", allow_unmatched_entities=False)), None)

        return self._step(self._start(text, sentence, data, original, context), done)  # type: ignore[no-any-return]

    def every(self, text: str, offsets: list[int], intent: Intent, data: IntentData,
              sentence: Sentence, original: str, context: dict[str, Any]
              ) -> Iterator[RecognizeResult]:
        """Every result, in hassil's order (every context built before any is read)."""
        reached = self.contexts(text, sentence, data, original, context)
        return iter(_process_match_contexts(
            reached, intent, data, text_offsets=offsets, default_response="default",
            allow_unmatched_entities=False))

    def contexts(self, text: str, sentence: Sentence, data: IntentData, original: str,
                 context: dict[str, Any]) -> list[MatchContext]:
        """Every context that reaches the end of the template, in hassil's order, as
        ``match_expression`` leaves them (not yet read by ``_process_match_contexts``)."""
        reached: list[MatchContext] = []

        def keep(state: State) -> None:
            reached.append(_context(state))

        self._step(self._start(text, sentence, data, original, context), keep)
        return reached


def _context(state: State) -> MatchContext:
    text, start_of_word, index, matched, entities, context, captures, env = state
    return Reached(
        text=text, entities=entities, intent_context=context, is_start_of_word=start_of_word,
        unmatched_entities=env.unmatched, text_chunks_matched=matched,
        intent_sentence=env.sentence, intent_data=env.data, captures=captures,
        original_text=env.original, text_index=index)


def compile_closed(expression: Expression, settings: MatchSettings) -> Program | None:
    """``expression`` (a template's) compiled for ``settings``; None if it is not closed."""
    if settings.allow_unmatched_entities:
        return None
    try:
        return Program(_Compiler(settings).step(expression, 0), settings)
    except (_Unsupported, RecursionError):
        return None


class _Compiler:
    def __init__(self, settings: MatchSettings) -> None:
        self.settings = settings
        self.cjk = settings.ignore_whitespace

    def step(self, exp: Expression, depth: int) -> Step:
        if depth > _MAX_DEPTH:
            raise _Unsupported
        if isinstance(exp, TextChunk):
            return _chunk(exp, self.cjk)
        if isinstance(exp, Alternative):
            steps = [self.step(i, depth + 1) for i in exp.items]
            if len(steps) < _DISPATCH:
                return _alternative(steps)
            return _dispatched(steps, [self.first(i, depth + 1) for i in exp.items], self.cjk)
        if type(exp) is Sequence:
            return _sequence([self.step(i, depth + 1) for i in exp.items])
        if isinstance(exp, RuleReference):
            rule = (self.settings.expansion_rules or {}).get(exp.rule_name)
            if rule is None:
                raise _Unsupported
            return self.step(rule.expression, depth + 1)
        if isinstance(exp, ListReference):
            self._closed_list(exp, depth)
            return _list(exp)
        raise _Unsupported  # a permutation, or what hassil would reject

    def first(self, exp: Expression, depth: int) -> frozenset[str] | None:
        """The characters a match of ``exp`` can start with (:func:`_key` of the text it
        reads), or None if that is not known (it may consume nothing, or start with a
        character whose case folding is not plain)."""
        if depth > _MAX_DEPTH:
            raise _Unsupported
        if isinstance(exp, TextChunk):
            text = CJK_WHITESPACE.sub("", exp.text) if self.cjk else exp.text.lstrip()
            return frozenset({_key(text)}) - {""} or None
        if isinstance(exp, Alternative):
            firsts = [self.first(i, depth + 1) for i in exp.items]
            if not firsts or any(f is None for f in firsts):
                return None
            return frozenset().union(*firsts)  # type: ignore[arg-type]
        if type(exp) is Sequence:
            return self.first(exp.items[0], depth + 1) if exp.items else None
        if isinstance(exp, RuleReference):
            rule = (self.settings.expansion_rules or {}).get(exp.rule_name)
            return None if rule is None else self.first(rule.expression, depth + 1)
        return None

    def _closed_list(self, ref: ListReference, depth: int) -> None:
        """Raise unless hassil's match of ``ref`` can only make closed (non-wildcard)
        entities."""
        if depth > _MAX_DEPTH:
            raise _Unsupported
        slot_list = (self.settings.slot_lists or {}).get(ref.list_name)
        if slot_list is None:
            if not ref.is_inline_range or ref.get_inline_range() is None:
                raise _Unsupported
            return  # hassil makes a range list of it
        if isinstance(slot_list, RangeSlotList):
            return
        if not isinstance(slot_list, TextSlotList) or slot_list.values is None:
            raise _Unsupported
        for value in slot_list.values:
            if not isinstance(value.text_in, TextChunk):
                self._closed_value(value.text_in, depth + 1)

    def _closed_value(self, exp: Any, depth: int) -> None:
        """Raise if a list value written as a template may hold a wildcard."""
        if depth > _MAX_DEPTH:
            raise _Unsupported
        if isinstance(exp, Sentence):
            self._closed_value(exp.expression, depth + 1)
        elif isinstance(exp, ListReference):
            self._closed_list(exp, depth + 1)
        elif isinstance(exp, RuleReference):
            rule = (self.settings.expansion_rules or {}).get(exp.rule_name)
            if rule is None:
                raise _Unsupported
            self._closed_value(rule.expression, depth + 1)
        elif hasattr(exp, "items"):
            for item in exp.items:
                self._closed_value(item, depth + 1)
        elif not isinstance(exp, TextChunk):
            raise _Unsupported


def _prefix(text: str) -> re.Pattern[str]:
    """hassil's ``match_start`` pattern of ``text``."""
    return re.compile(rf"^{re.escape(text)}", re.IGNORECASE)


def _chunk(chunk: TextChunk, cjk: bool) -> Step:
    """hassil's step for a text chunk, with no wildcard or unmatched entity open."""
    if chunk.is_empty:
        return _skip
    ends_word = chunk.text.endswith(WORD_END_CHARS)
    if cjk:
        text = CJK_WHITESPACE.sub("", chunk.text)
        pattern, counted, isspace = _prefix(text), len(text.strip()), text.isspace()
        sub = CJK_WHITESPACE.sub

        def cjk_step(state: State, cont: Cont) -> Any:
            left = sub("", state[0])
            found = pattern.match(left)
            if found is not None:
                return cont(_advanced(state, left, found.end(), state[2], counted, ends_word))
            if isspace and not left.strip():
                return cont(state)
            return None

        return cjk_step

    plain = chunk.text
    word = plain.lstrip()  # at the start of a word, as hassil reads it
    plain_pattern, word_pattern = _prefix(plain), _prefix(word)
    plain_counted, word_counted = len(plain.strip()), len(word.strip())
    plain_space, word_space = plain.isspace(), word.isspace()

    def step(state: State, cont: Cont) -> Any:
        text = state[0]
        if state[1]:
            left = text.lstrip()
            base = state[2] + len(text) - len(left)
            found = word_pattern.match(left)
            counted, isspace = word_counted, word_space
        else:
            left, base = text, state[2]
            found = plain_pattern.match(left)
            counted, isspace = plain_counted, plain_space
        if found is not None:
            return cont(_advanced(state, left, found.end(), base, counted, ends_word))
        if isspace and not left.strip():
            return cont(state)
        return None

    return step


def _advanced(state: State, left: str, end: int, base: int, counted: int,
              ends_word: bool) -> State:
    """The state after a chunk matched ``left[:end]`` (``counted`` its stripped length):
    a non-empty chunk closes open wildcards, as hassil's ``MatchContext`` does when made."""
    entities = state[4]
    if counted:
        for entity in entities:
            entity.is_wildcard_open = False
    return (left[end:], ends_word, base + end, state[3] + counted, entities, state[5],
            state[6], state[7])


def _skip(state: State, cont: Cont) -> Any:
    return cont(state)


def _alternative(branches: list[Step]) -> Step:
    def step(state: State, cont: Cont) -> Any:
        for branch in branches:
            found = branch(state, cont)
            if found is not None:
                return found
        return None

    return step


def _sequence(items: list[Step]) -> Step:
    if not items:
        return _nothing  # hassil's empty sequence yields no context
    if len(items) == 1:
        return items[0]
    head, rest = items[0], _sequence(items[1:])

    def step(state: State, cont: Cont) -> Any:
        return head(state, lambda after: rest(after, cont))

    return step


_DISPATCH = 4
"""Alternatives with this many branches or more try only those their text can start."""


def _key(text: str) -> str:
    """The character a branch is looked up by: the first of ``text``, lower-cased if ASCII;
    "" for none, or for a character whose case-insensitive match is not just itself and
    its ASCII other case (anything but ASCII and CJK)."""
    if not text:
        return ""
    char = text[0]
    if char.isascii():
        return "" if char.isspace() else char.lower()
    return char if "\u2e80" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" else ""


def _dispatched(branches: list[Step], firsts: list[frozenset[str] | None], cjk: bool) -> Step:
    """An alternative that, by the first character of the text left (after the whitespace
    a chunk skips at a word start; hassil's CJK matching skips none), tries only the
    branches that can start with it, in their order: a branch that may consume nothing, or
    of unknown start, is always tried."""
    keys = set().union(*(f for f in firsts if f is not None))
    table = {key: [b for b, f in zip(branches, firsts, strict=True) if f is None or key in f]
             for key in keys}
    always = [b for b, f in zip(branches, firsts, strict=True) if f is None]

    def step(state: State, cont: Cont) -> Any:
        text = state[0]
        key = _key(text if cjk else text.lstrip())
        for branch in (table.get(key, always) if key else branches):
            found = branch(state, cont)
            if found is not None:
                return found
        return None

    return step


def _nothing(state: State, cont: Cont) -> Any:
    return None


def _list(ref: ListReference) -> Step:
    """hassil's own match of a list reference, each context it yields continued in turn."""

    def step(state: State, cont: Cont) -> Any:
        env = state[7]
        for after in match_expression(env.settings, _context(state), ref):
            found = cont((after.text, after.is_start_of_word, after.text_index,
                          after.text_chunks_matched, after.entities, after.intent_context,
                          after.captures, env))
            if found is not None:
                return found
        return None

    return step
