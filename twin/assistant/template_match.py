"""hassil's first (or every) match of one sentence template, with the text prepared once.

``hassil.recognize`` prepares the text on every call (normalisation, skip-word removal with a
regex compiled for the call, the fragment haystack, slot-list and rule merges per data block)
before it matches anything. The narrow filter (:mod:`twin.assistant.template_narrow`) calls it
once per candidate template, and a rules miss reads a sentence several ways through three
template sets: that preparation was about half of hassil's time per call. :class:`Prepared`
does it once per text and template set, and :meth:`Prepared.first` then runs hassil's own
matcher (``match_expression``, ``_process_match_contexts``) on one template exactly as
``hassil.recognize_all`` does for it: the same texts, in the same order, the same context and
keyword checks, so the result is the one ``recognize`` gives (``tests/test_template_match.py``
compares them on every template of both languages). :meth:`Prepared.every` yields all its
matches, in ``recognize_all``'s order, and :func:`ranked_first` picks among them the one
``hassil.recognize_best`` picks (by hassil's own ranking), so the open templates' best match
costs no per-call preparation either. hassil ranks fewer wildcards first, and
:func:`fewest_wildcards` bounds how few a template's matches can have: a template whose bound
exceeds the wildcards of a match already found cannot yield the best one, and is not matched.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from hassil.expression import (
    Alternative,
    Expression,
    Group,
    ListReference,
    RuleReference,
    Sentence,
    Sequence,
)
from hassil.intents import Intent, IntentData, Intents, SlotList, WildcardSlotList
from hassil.recognize import (
    RecognizeResult,
    _get_ranked_score,
    _has_required_fragments,
    _process_match_contexts,
)
from hassil.string_matcher import MatchContext, MatchSettings, match_expression
from hassil.util import (
    CJK_WHITESPACE,
    TrackedText,
    check_excluded_context,
    check_required_context,
    fold_case,
)

from twin.assistant.template_compiled import Program, breaks_words
from twin.assistant.template_open import OpenProgram
from twin.assistant.tracked_text import collapse_whitespace, without_skip_words

__all__ = ["Prepared", "fewest_wildcards", "rank", "ranked_first", "settings_for",
           "skip_words_removed", "wildcards"]


def settings_for(intents: Intents, data: IntentData, options: dict[str, Any]) -> MatchSettings:
    """The match settings ``hassil.recognize_all`` builds for ``data`` (``options`` as passed
    to ``recognize``: ``slot_lists``, ``language``, ``intent_context``)."""
    slot_lists = {**intents.slot_lists, **options.get("slot_lists", {})}
    return MatchSettings(
        slot_lists={**slot_lists, **data.slot_lists},
        expansion_rules={**intents.expansion_rules, **data.expansion_rules},
        ignore_whitespace=intents.settings.ignore_whitespace,
        allow_unmatched_entities=False,
        language=options.get("language") or intents.language,
    )


def skip_words_removed(normalised: TrackedText, skip_words: list[str], cjk: bool,
                       occur: bool) -> TrackedText:
    """A copy of ``normalised`` as ``hassil.recognize_all`` removes ``skip_words`` from it
    (``remove_skip_words_tracked``). ``occur`` False says none of them occurs in the text
    (folded, which reads at least what hassil's case-insensitive regex reads): then only what
    that function does besides (outside CJK: whitespace runs made one space, the ends
    stripped), without building its regex of every skip word."""
    tracked = normalised.copy()
    if occur:
        without_skip_words(tracked, tuple(skip_words), cjk)
    elif not cjk and any(w.strip() for w in skip_words):
        collapse_whitespace(tracked)
        tracked.strip()
    return tracked


class Prepared:
    """One text as ``hassil.recognize_all`` prepares it for the templates of ``intents``
    (``normalised`` is ``normalize_for_matching(text)``; it is not changed)."""

    def __init__(self, text: str, normalised: TrackedText, intents: Intents,
                 options: dict[str, Any], no_skip: TrackedText | None = None) -> None:
        self.text = text
        self._intents = intents
        self._cjk = intents.settings.ignore_whitespace
        self._skip_words = intents.skip_words
        self._context = options.get("intent_context") or {}
        self._slot_lists = {**intents.slot_lists, **options.get("slot_lists", {})}
        with_skip = normalised
        if no_skip is None:  # else given: the text less skip words (skip_words_removed)
            no_skip = skip_words_removed(with_skip, self._skip_words, self._cjk, True)
        self._had_skip_words_removed = no_skip.text != with_skip.text
        self._keywords = fold_case(no_skip.text).split()
        haystack = f"{fold_case(with_skip.text)}\n{fold_case(no_skip.text)}"
        if self._cjk:
            haystack += "\n" + CJK_WHITESPACE.sub("", haystack)
        self._haystack = haystack
        self._with_skip = with_skip
        self._no_skip = self._matchable(no_skip)
        self._with_skip_matchable = self._matchable(with_skip)
        self._at_start: TrackedText | None = None
        self._at_end: TrackedText | None = None
        self._breaks_words = breaks_words(with_skip.text)
        """hassil may read ``-``/``_`` as spaces: not for a compiled template."""

    def _matchable(self, tracked: TrackedText) -> TrackedText:
        matchable = tracked.copy()
        if self._cjk:
            matchable.sub(CJK_WHITESPACE)
        else:
            matchable.append(" ")  # hassil's artificial word boundary
        return matchable

    def _one_end(self, start: bool) -> TrackedText:
        """The text with skip words removed at its start only (``start``) or its end only."""
        cached = self._at_start if start else self._at_end
        if cached is None:
            cached = self._with_skip.copy()
            without_skip_words(cached, tuple(self._skip_words), self._cjk,
                               start=start, end=not start)
            cached = self._matchable(cached)
            if start:
                self._at_start = cached
            else:
                self._at_end = cached
        return cached

    def _wildcard(self, item: Any) -> bool:
        return isinstance(item, ListReference) and isinstance(
            self._slot_lists.get(item.list_name), WildcardSlotList)

    def first(self, intent: Intent, data: IntentData, sentence: Sentence,
              settings: MatchSettings, program: Program | OpenProgram | None = None
              ) -> RecognizeResult | None:
        """hassil's first match of ``sentence`` (a sentence of ``data``, of ``intent``), or
        None; ``settings`` is :func:`settings_for` of ``data``, ``program`` the sentence
        compiled for them (:mod:`twin.assistant.template_compiled`), if it could be."""
        if program is None or self._breaks_words or isinstance(program, OpenProgram):
            return next(self.every(intent, data, sentence, settings, program), None)
        for candidate in self._candidates(intent, data, sentence, settings):
            found = program.first(candidate.text, candidate.offsets, intent, data, sentence,
                                  self.text, self._context)
            if found is not None:
                return found
        return None

    def every(self, intent: Intent, data: IntentData, sentence: Sentence,
              settings: MatchSettings, program: Program | OpenProgram | None = None
              ) -> Iterator[RecognizeResult]:
        """Every match of ``sentence`` in the order ``hassil.recognize_all`` yields them
        (``program``: it compiled, or its closed head: :mod:`twin.assistant.template_open`)."""
        for candidate in self._candidates(intent, data, sentence, settings):
            if program is not None and not self._breaks_words:
                yield from program.every(candidate.text, candidate.offsets, intent, data,
                                         sentence, self.text, self._context)
                continue
            context_now = MatchContext(
                text=candidate.text, intent_context=self._context, intent_sentence=sentence,
                intent_data=data, original_text=self.text)
            yield from _process_match_contexts(
                match_expression(settings, context_now, sentence.expression), intent, data,
                text_offsets=candidate.offsets, default_response="default",
                allow_unmatched_entities=False)

    def _candidates(self, intent: Intent, data: IntentData, sentence: Sentence,
                    settings: MatchSettings) -> list[TrackedText]:
        """The texts ``recognize_all`` matches ``sentence`` against, in its order: none if
        its keyword, context or fragment checks leave it out."""
        if data.required_keywords and data.required_keywords.isdisjoint(self._keywords):
            return []
        context = self._context
        if context and (
            (data.requires_context and not check_required_context(
                data.requires_context, context, allow_missing_keys=True))
            or (data.excludes_context and not check_excluded_context(
                data.excludes_context, context))):
            return []
        if not _has_required_fragments(
                sentence.get_required_clauses(settings.expansion_rules), self._haystack):
            return []
        tracked = self._no_skip
        seq = sentence.expression
        if isinstance(seq, Sequence):
            if len(seq.items) == 1 and self._wildcard(seq.items[0]):
                tracked = self._with_skip_matchable  # the whole sentence is a wildcard
            elif len(seq.items) > 1:
                if self._wildcard(seq.items[0]):
                    tracked = self._one_end(start=False)
                elif self._wildcard(seq.items[-1]):
                    tracked = self._one_end(start=True)
        candidates = [tracked]
        if self._had_skip_words_removed and tracked.text == self._no_skip.text:
            candidates.insert(0, self._with_skip_matchable)  # the words as said first
        return candidates


def ranked_first(results: Iterable[RecognizeResult]) -> RecognizeResult | None:
    """The result ``hassil.recognize_best`` picks among ``results`` (in ``recognize_all``'s
    order): the first of the best ranked, by hassil's own score."""
    return min(results, key=rank, default=None)


def rank(result: RecognizeResult) -> Any:
    """hassil's ranking key of ``result`` in ``recognize_best`` (lowest first)."""
    return _get_ranked_score(result, None, None)


_MAX_DEPTH = 50


def fewest_wildcards(expression: Expression, rules: dict[str, Sentence],
                     slot_lists: dict[str, SlotList], depth: int = 0) -> int:
    """A lower bound on the wildcard entities of any match of ``expression`` (hassil's first
    ranking key): a wildcard list reference matches non-empty text and is an entity; a
    sequence (or a permutation) needs all its items, an alternative one branch (none if
    optional), a rule its body. Anything else counts none."""
    if depth > _MAX_DEPTH:
        return 0
    if isinstance(expression, ListReference):
        return int(isinstance(slot_lists.get(expression.list_name), WildcardSlotList))
    if isinstance(expression, RuleReference):
        rule = rules.get(expression.rule_name)
        return 0 if rule is None else fewest_wildcards(rule.expression, rules, slot_lists,
                                                       depth + 1)
    if isinstance(expression, Alternative):
        if expression.is_optional or not expression.items:
            return 0
        return min(fewest_wildcards(i, rules, slot_lists, depth + 1) for i in expression.items)
    if isinstance(expression, Group):  # a sequence or a permutation: every item
        return sum(fewest_wildcards(i, rules, slot_lists, depth + 1) for i in expression.items)
    return 0


def wildcards(result: RecognizeResult) -> int:
    """The wildcard entities of ``result`` (hassil's first ranking key)."""
    return sum(1 for e in result.entities_list if e.is_wildcard)
