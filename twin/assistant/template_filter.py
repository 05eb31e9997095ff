"""The template pre-filter: only the hassil sentence templates that can still match a text.

hassil tries every sentence template on every call; :class:`TemplateFilter` hands it only those
whose required fragments, slot-list words and vocabulary fit the text, so a query costs a handful
of sentences instead of hundreds, and the first match is unchanged.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hassil import Intents, recognize, recognize_best
from hassil.expression import (
    Alternative,
    Expression,
    Group,
    ListReference,
    RuleReference,
    Sentence,
    TextChunk,
)
from hassil.intents import (
    Intent,
    IntentData,
    RangeSlotList,
    SlotList,
    TextSlotList,
    TextSlotValue,
)
from hassil.numbers import get_rbnf_engine
from hassil.recognize import RecognizeResult
from hassil.util import (
    CJK_WHITESPACE,
    TrackedText,
    fold_case,
    normalize_for_matching,
    remove_skip_words_tracked,
)


class TemplateFilter:
    """Selects the sentence templates of a hassil :class:`Intents` that can match a text.

    hassil itself skips a sentence template whose required literal fragments
    (``Sentence.get_required_clauses``, in CNF: one fragment of every clause must occur in the
    folded text) are missing, but only after building match settings for every data block and
    testing every sentence, on every call. Here that work is done once:

    * every data block is split into one block per sentence (same order, same slots, context
      and lists), so hassil can be handed exactly the sentences that may match;
    * hassil treats a ``{list}`` reference as unknown. With the slot lists fixed (the cabin's
      entity names and areas), a required reference to a text list adds a clause: one word of
      some value must occur (an empty list, e.g. no floors, can never match);
    * the two most selective clauses of each sentence are indexed by fragment (bit masks);
    * a template matches the whole text (less skip words), so every word of the text (every
      character, for languages without spaces) must be made of the template's own words: its
      text, the values of its text lists, the number words (and digits) of its ranges. A
      template with a wildcard or anything else open-ended is exempt.

    Per text, the fragments present give the candidate sentences, each is checked against all
    its clauses, and hassil runs on an :class:`Intents` holding only the survivors, in the
    original order. A sentence is dropped only when it cannot match, so the first result is the
    one hassil gives on the full templates (``tests/test_assistant_nlu.py`` checks this).
    """

    def __init__(self, intents: Intents, slot_lists: dict[str, SlotList] | None = None) -> None:
        self.intents = intents
        cjk = intents.settings.ignore_whitespace
        self._units: list[tuple[str, IntentData]] = []
        vocabularies: list[frozenset[str] | None] = []
        clause_sets: list[tuple[frozenset[str], ...]] = []
        # the two most selective clauses of each unit, indexed: fragment -> bit mask of units
        anchors: tuple[dict[str, int], dict[str, int]] = ({}, {})
        always = 0
        one_clause = 0
        for intent in intents.intents.values():
            for data in intent.data:
                rules = {**intents.expansion_rules, **data.expansion_rules}
                lists = {**intents.slot_lists, **(slot_lists or {}), **data.slot_lists}
                for sentence in data.sentences:  # in hassil's order (wildcards sorted)
                    clauses = sentence.get_required_clauses(rules) | _list_clauses(
                        sentence.expression, rules, lists
                    )
                    bit = 1 << len(self._units)
                    self._units.append((intent.name, _single(data, sentence)))
                    clause_sets.append(tuple(clauses))
                    vocabularies.append(
                        _vocabulary(sentence.expression, rules, lists, intents.language, cjk)
                    )
                    if not clauses:
                        always |= bit
                        continue
                    ranked = sorted(clauses, key=selectivity, reverse=True)[:2]
                    if len(ranked) == 1:
                        one_clause |= bit
                    for anchor, clause in zip(anchors, ranked, strict=False):
                        for fragment in clause:
                            anchor[fragment] = anchor.get(fragment, 0) | bit
        fragments = sorted({*anchors[0], *anchors[1]})
        self._anchors = tuple((f, anchors[0].get(f, 0), anchors[1].get(f, 0)) for f in fragments)
        self._clauses = tuple(clause_sets)
        self._vocabularies = tuple(vocabularies)
        self._always = always
        self._one_clause = one_clause
        self._skip_words = list(intents.skip_words)
        self._folded_skip_words = tuple({fold_case(w.strip()) for w in intents.skip_words})
        self._ignore_whitespace = intents.settings.ignore_whitespace

    def _haystack(self, normalised: TrackedText) -> tuple[str, tuple[str, ...]]:
        """The folded text(s) hassil's pre-filter looks fragments up in, and the words (the
        characters, without spaces) of the text less skip words."""
        with_skip = fold_case(normalised.text)
        without = with_skip
        # removing skip words is a no-op unless one occurs (fold_case is at least as lenient
        # as the case-insensitive regex hassil removes them with)
        if any(w and w in with_skip for w in self._folded_skip_words):
            tracked = normalised.copy()
            remove_skip_words_tracked(tracked, self._skip_words, self._ignore_whitespace)
            without = fold_case(tracked.text)
        haystack = f"{with_skip}\n{without}"
        if self._ignore_whitespace:
            haystack += "\n" + CJK_WHITESPACE.sub("", haystack)
        return haystack, tuple(folded_pieces(without, self._ignore_whitespace))

    def candidate_ids(self, text: str, normalised: TrackedText | None = None) -> list[int]:
        """Indices (in hassil's order) of the sentence templates that may match ``text``."""
        haystack, words = self._haystack(normalised or normalize_for_matching(text))
        first, second = 0, self._one_clause
        for fragment, first_anchor, second_anchor in self._anchors:
            if fragment in haystack:
                first |= first_anchor
                second |= second_anchor
        candidates = self._always | (first & second)
        ids = []
        while candidates:
            low = candidates & -candidates
            index = low.bit_length() - 1
            candidates ^= low
            if all(any(f in haystack for f in clause) for clause in self._clauses[index]):
                vocabulary = self._vocabularies[index]
                if vocabulary is None or _made_of(words, vocabulary, self._ignore_whitespace):
                    ids.append(index)
        return ids

    def sentence(self, index: int) -> Sentence:
        """The sentence template a candidate index stands for."""
        return self._units[index][1].sentences[0]

    def select(self, text: str, normalised: TrackedText | None = None) -> Intents | None:
        """``intents`` restricted to the sentences that may match ``text``; None if none can.

        ``normalised`` is ``hassil.util.normalize_for_matching(text)`` if already computed.
        """
        ids = self.candidate_ids(text, normalised)
        if not ids:
            return None
        selected: dict[str, Intent] = {}
        for index in ids:
            name, data = self._units[index]
            if name not in selected:
                selected[name] = Intent(name, [])
            selected[name].data.append(data)
        return self._restricted(selected)

    def recognize(
        self, text: str, normalised: TrackedText | None, best: bool, options: dict[str, Any]
    ) -> RecognizeResult | None:
        """hassil's first match of ``text`` (its best, ``recognize_best``, if ``best``) among
        the templates :meth:`select` keeps, with ``options`` for hassil."""
        intents = self.select(text, normalised)
        if intents is None:
            return None
        return (recognize_best if best else recognize)(text, intents, **options)

    def _restricted(self, selected: dict[str, Intent]) -> Intents:
        """``intents`` holding only the ``selected`` intents (and their kept sentences)."""
        full = self.intents
        return Intents(
            language=full.language,
            intents=selected,
            slot_lists=full.slot_lists,
            expansion_rules=full.expansion_rules,
            skip_words=full.skip_words,
            settings=full.settings,
        )


def _single(data: IntentData, sentence: Sentence) -> IntentData:
    """``data`` with only ``sentence`` (the parsed one, so hassil's caches on it are shared)."""
    single = replace(data, sentence_texts=[sentence.text])
    # ``IntentData.sentences`` is a cached_property: seed it instead of parsing the text again
    single.__dict__["sentences"] = [sentence]
    return single


def selectivity(clause: frozenset[str]) -> tuple[int, int]:
    """An empty clause can never hold; else longer fragments are rarer, fewer select less."""
    if not clause:
        return (1 << 30, 0)
    return min(len(f) for f in clause), -len(clause)


_MAX_DEPTH = 50
_PUNCTUATION = frozenset(".,;:!?'\"()[]{}<>/\\|-_&*#@%+=~`’“”。，！？、；：（）")


def _value_fragment(value: TextSlotValue) -> str | None:
    """A word every text matching ``value`` contains (folded), or None if unknown."""
    if not isinstance(value.text_in, TextChunk):
        return None
    pieces = [p for p in value.text_in.text.split() if _PUNCTUATION.isdisjoint(p)]
    return fold_case(max(pieces, key=len)) if pieces else None


def _list_clauses(
    exp: Expression, rules: dict[str, Sentence], lists: dict[str, SlotList], depth: int = 0
) -> set[frozenset[str]]:
    """Clauses (CNF, as ``Sentence.get_required_clauses``) from required text-list references.

    Mirrors hassil's walk: a sequence needs all items, an alternative one branch (nothing if a
    branch needs nothing), rule references are expanded; a reference to a text list whose
    values are all plain text needs one word of some value.
    """
    if depth > _MAX_DEPTH:
        return set()
    if isinstance(exp, ListReference):
        slot_list = lists.get(exp.list_name)
        if not isinstance(slot_list, TextSlotList):
            return set()
        fragments = [_value_fragment(v) for v in slot_list.values]
        if any(f is None for f in fragments):
            return set()
        return {frozenset(f for f in fragments if f is not None)}
    if isinstance(exp, Alternative):
        if exp.is_optional or not exp.items:
            return set()
        branches = [_list_clauses(item, rules, lists, depth + 1) for item in exp.items]
        if any(not branch for branch in branches):
            return set()
        merged: set[str] = set()
        for branch in branches:
            merged.update(min(branch, key=len))
        return {frozenset(merged)}
    if isinstance(exp, Group):
        clauses: set[frozenset[str]] = set()
        for item in exp.items:
            clauses |= _list_clauses(item, rules, lists, depth + 1)
        return clauses
    if isinstance(exp, RuleReference):
        rule = rules.get(exp.rule_name)
        return set() if rule is None else _list_clauses(rule.expression, rules, lists, depth + 1)
    return set()


ANY_DIGITS = "\x00digits"  # in a vocabulary: a range list, so any digits may occur
_BREAK_WORDS = str.maketrans({"-": " ", "_": " "})
_STRIP_PUNCTUATION = str.maketrans({c: None for c in _PUNCTUATION})


def folded_pieces(text: str, cjk: bool) -> list[str]:
    """Folded words of ``text`` without punctuation (characters if ``cjk``); lenient: a word
    hassil would match stays equal after the same treatment on both sides."""
    folded = fold_case(text).translate(_BREAK_WORDS).translate(_STRIP_PUNCTUATION)
    return [c for c in folded if not c.isspace()] if cjk else folded.split()


_NUMBER_WORDS: dict[tuple[str, int, int, int, Any], frozenset[str]] = {}
_MAX_RANGE_WORDS = 5000


def _number_words(range_list: RangeSlotList, language: str, cjk: bool) -> frozenset[str] | None:
    """Pieces of every number word hassil accepts for ``range_list`` (it formats the same
    numbers with the same engine), or None if unknown."""
    language = range_list.words_language or language
    key = (language, range_list.start, range_list.stop, range_list.step, range_list.fraction_type)
    if key not in _NUMBER_WORDS:
        numbers = list(range_list.get_numbers())
        if len(numbers) > _MAX_RANGE_WORDS:
            return None
        try:
            engine = get_rbnf_engine(language)
            texts = [
                t for n in numbers for t in engine.format_number(n).text_by_ruleset.values()
            ]
        except Exception:  # hassil, too, logs and skips numbers it cannot format
            return None
        _NUMBER_WORDS[key] = frozenset(p for t in texts for p in folded_pieces(t, cjk))
    return _NUMBER_WORDS[key] | {ANY_DIGITS}


def _vocabulary(
    exp: Expression,
    rules: dict[str, Sentence],
    lists: dict[str, SlotList],
    language: str,
    cjk: bool,
    depth: int = 0,
) -> frozenset[str] | None:
    """Every piece a match of ``exp`` can consume, or None if open-ended or unknown."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(exp, TextChunk):
        return frozenset(folded_pieces(exp.text, cjk))
    parts: list[Expression]
    if isinstance(exp, Group):
        parts = list(exp.items)
    elif isinstance(exp, RuleReference):
        rule = rules.get(exp.rule_name)
        if rule is None:
            return None
        parts = [rule.expression]
    elif isinstance(exp, ListReference):
        slot_list = lists.get(exp.list_name)
        if isinstance(slot_list, RangeSlotList):
            return _number_words(slot_list, language, cjk) if slot_list.words else {ANY_DIGITS}
        if not isinstance(slot_list, TextSlotList) or slot_list.values is None:
            return None
        parts = [v.text_in for v in slot_list.values]
    else:
        return None
    words: set[str] = set()
    for part in parts:
        sub = _vocabulary(part, rules, lists, language, cjk, depth + 1)
        if sub is None:
            return None
        words |= sub
    return frozenset(words)


def _made_of(words: tuple[str, ...], vocabulary: frozenset[str], cjk: bool) -> bool:
    """Whether every word is a vocabulary piece, digits (if allowed) or, unless ``cjk``, a
    concatenation of those (hassil does not require a word boundary after a chunk)."""
    digits = ANY_DIGITS in vocabulary
    for word in words:
        if word in vocabulary or (digits and word.isdigit()):
            continue
        if cjk or not _concatenation(word, vocabulary, digits):
            return False
    return True


def _concatenation(word: str, vocabulary: frozenset[str], digits: bool) -> bool:
    reachable = [True] + [False] * len(word)
    for start in range(len(word)):
        if not reachable[start]:
            continue
        if digits and word[start].isdigit():
            reachable[start + 1] = True
        for end in range(start + 1, len(word) + 1):
            if not reachable[end] and word[start:end] in vocabulary:
                reachable[end] = True
    return reachable[-1]
