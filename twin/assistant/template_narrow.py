"""The narrow template filter: fewer candidates, and each one cut down to the text.

:class:`NarrowFilter` is the :class:`~twin.assistant.template_filter.TemplateFilter` with these
steps added, each of which only leaves out what cannot match, so hassil's first (or best)
match is the one it gives on all templates:

* the same clause and vocabulary checks, on all templates at once: the fragments of all
  clauses occurring in the text are found once (:mod:`twin.assistant.substrings`),
  where the parent tries every anchor fragment and every clause fragment in turn, and the
  templates that pass are a few bit-mask operations per fragment and word of the text
  (:mod:`twin.assistant.template_masks`);
* a template's *shape* (:mod:`twin.assistant.template_shape`) must fit the whole text: this
  catches order ("(what|who|...) {anything}" for "show me the exchange rate"), which fragments
  and vocabulary cannot see. hassil matches a template that starts or ends with a list against
  the text with skip words removed at that end only: such a shape also reads skip words at
  either end, so the text with them and without them is all it is checked against;
* a large template that passes is cut to the branches of its alternatives the text can use
  (:mod:`twin.assistant.template_prune`), so hassil walks a few branches of "<can>",
  "<temp>" and "<set>" instead of all of them;
* a first match is looked for one candidate at a time, in order, so only the candidates hassil
  reaches are cut, and hassil stops at the first that matches; the text is prepared for hassil
  once for all of them (:mod:`twin.assistant.template_match`), not once per candidate, also
  for the best match of the open templates (every match of every candidate, ranked as
  ``hassil.recognize_best`` ranks them).

``tests/test_template_narrow.py`` checks the candidates against the parent's and against
hassil on every template, pruned templates against whole ones, and the rule NLU's answers
against the plain filter's on every development file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from hassil import Intents
from hassil import recognize as recognize_first
from hassil.expression import ListReference, Sequence
from hassil.intents import Intent, IntentData, SlotList
from hassil.recognize import RecognizeResult
from hassil.string_matcher import MatchSettings
from hassil.util import (
    CJK_WHITESPACE,
    TrackedText,
    fold_case,
)

from twin.assistant.substrings import FragmentIndex, SharedIndex
from twin.assistant.template_compiled import Program, compile_closed
from twin.assistant.template_filter import TemplateFilter, folded_pieces
from twin.assistant.template_masks import Masks
from twin.assistant.template_match import (
    Prepared,
    fewest_wildcards,
    rank,
    settings_for,
    skip_words_removed,
    wildcards,
)
from twin.assistant.template_open import OpenProgram, OpenPrograms
from twin.assistant.template_prune import Pruner
from twin.assistant.template_shape import Shapes, compiled, project
from twin.assistant.tracked_text import normalised_for_matching

__all__ = ["NarrowFilter", "share_fragments"]

PRUNE_BRANCHES = 8
"""Templates with fewer droppable branches go to hassil whole: cutting them costs about what
it saves (measured on the query sets)."""

_RECENT = 32  # strings kept by the per-string memos of _Texts (a parse reads a handful)

_PREPARED_OPTIONS = frozenset({"language", "slot_lists", "intent_context"})
"""``recognize`` options ``template_match.Prepared`` reads as hassil does (any other: hassil)."""


class NarrowFilter(TemplateFilter):
    """A :class:`TemplateFilter` that also checks shapes and prunes large templates."""

    def __init__(self, intents: Intents, slot_lists: dict[str, SlotList] | None = None) -> None:
        super().__init__(intents, slot_lists)
        fragments: set[str] = set()
        for clauses in self._clauses:
            for clause in clauses:
                fragments.update(clause)
        self._fragments = frozenset(fragments)
        self._index = FragmentIndex.of(fragments)
        self._present: Callable[[tuple[str, ...]], set[str]] = self._index.present
        """The clause fragments present in lines (with other filters' too once shared: the
        masks read only their own)."""
        self._masks = Masks(self._clauses, self._vocabularies, self._ignore_whitespace)
        self._match_settings: dict[int, tuple[dict[str, Any], MatchSettings]] = {}
        self._programs: dict[int, tuple[MatchSettings, Program | None]] = {}  # each compiled
        self._opens = OpenPrograms()  # an open template's closed head, compiled
        self._shapes: list[re.Pattern[str] | None] = []
        self._pruners: list[Pruner | None] = []
        self._last: tuple[TrackedText, tuple[list[int], _Texts]] | None = None
        self._fewest: list[int] = []  # per template, the fewest wildcards a match can have
        edge_skips = "|".join(re.escape(w) for w in sorted(
            {project(w) for w in intents.skip_words} - {""}, key=len, reverse=True))
        shapes = Shapes(intents.language)
        memos: dict[frozenset[tuple[str, int]], dict[int, Any]] = {}
        for _name, data in self._units:
            rules = {**intents.expansion_rules, **data.expansion_rules}
            lists = {**intents.slot_lists, **(slot_lists or {}), **data.slot_lists}
            sentence = data.sentences[0]
            pattern = shapes.of(sentence.expression, rules, lists)
            if pattern is not None and edge_skips and _list_at_an_end(sentence.expression):
                # hassil may match this template against the text with skip words removed at
                # one end only: its shape takes them at either end of the text as said
                pattern = compiled(f"(?:{edge_skips})*(?:{pattern.pattern})(?:{edge_skips})*")
            self._shapes.append(pattern)
            memo = memos.setdefault(frozenset((k, id(v)) for k, v in rules.items()), {})
            pruner = Pruner(sentence, rules, memo)
            self._pruners.append(pruner if pruner.branches >= PRUNE_BRANCHES else None)
            self._fewest.append(fewest_wildcards(sentence.expression, rules, lists))

    def _narrowed(self, normalised: TrackedText) -> tuple[list[int], _Texts]:
        """The candidate indices and the texts hassil may match them against (for the last
        ``normalised`` object read, the same: it is never changed, and kept while cached)."""
        last = self._last
        if last is not None and last[0] is normalised:
            return last[1]
        texts = _Texts(self, normalised)
        candidates = self._masks.clauses(self._present(texts.lines))
        if candidates:
            candidates = self._masks.vocabulary(candidates, texts.words())
        ids: list[int] = []
        shapes = self._shapes
        projected: list[str] | None = None  # worked out for the first shape to check
        while candidates:
            low = candidates & -candidates
            index = low.bit_length() - 1
            candidates ^= low
            pattern = shapes[index]
            if pattern is None:
                ids.append(index)
                continue
            if projected is None:
                projected = texts.projected()
            for core in projected:
                if pattern.fullmatch(core):
                    ids.append(index)
                    break
        self._last = (normalised, (ids, texts))
        return ids, texts

    def candidate_ids(self, text: str, normalised: TrackedText | None = None) -> list[int]:
        return list(self._narrowed(normalised or normalised_for_matching(text))[0])

    def can_match(self, normalised: TrackedText, intents: frozenset[str]) -> tuple[bool, bool]:
        """Whether any template can match, and whether one outside ``intents`` or one that
        may match with no wildcard can (each match of the others has a wildcard entity)."""
        ids = self._narrowed(normalised)[0]
        units, fewest = self._units, self._fewest
        return bool(ids), any(units[i][0] not in intents or fewest[i] < 1 for i in ids)

    def select(self, text: str, normalised: TrackedText | None = None) -> Intents | None:
        ids, texts = self._narrowed(normalised or normalised_for_matching(text))
        selected: dict[str, Intent] = {}
        for index in ids:
            unit = self._unit(index, texts)
            if unit is not None:
                selected.setdefault(unit[0], Intent(unit[0], [])).data.extend(unit[1])
        return self._restricted(selected) if selected else None

    def recognize(
        self, text: str, normalised: TrackedText | None, best: bool, options: dict[str, Any]
    ) -> RecognizeResult | None:
        """As the parent's, but a first match is looked for one candidate at a time, in order
        (hassil's first is the first candidate's first, else the next one's...): only those
        hassil tries are cut down or compiled, and hassil stops at the first that matches."""
        if not _PREPARED_OPTIONS.issuperset(options) and best:
            return super().recognize(text, normalised, best, options)
        normalised = normalised or normalised_for_matching(text)
        ids, texts = self._narrowed(normalised)
        if best:
            return self._best(text, normalised, ids, texts, options)
        prepared: Prepared | None = None
        for index in ids:
            if not _PREPARED_OPTIONS.issuperset(options):  # hassil's own path for the rest
                unit = self._unit(index, texts)
                if unit is None:
                    continue
                found = recognize_first(text, self._restricted({unit[0]: Intent(*unit)}),
                                        **options)
            else:  # the text prepared once for every candidate (template_match)
                matchable = self._matchable(index, texts, options)
                if matchable is None:
                    continue
                name, data, settings, program = matchable
                prepared = prepared or self._prepared(text, normalised, texts, options)
                found = prepared.first(Intent(name, [data]), data, data.sentences[0], settings,
                                       program or self._open(index, settings))
            if found is not None:
                return found
        return None

    def _best(self, text: str, normalised: TrackedText, ids: list[int], texts: _Texts,
              options: dict[str, Any]) -> RecognizeResult | None:
        """``hassil.recognize_best`` on the candidates (cut down to the text), each matched
        with the text prepared once. hassil ranks every match, in the order it yields them
        (by intent, in order of first appearance, as :meth:`select` groups them), and takes
        the first of the best. Here the candidates are matched fewest possible wildcards
        first, and those that need more wildcards than the best match so far are not matched
        at all (none of their matches could rank first, nor tie); among the rest, the best
        is picked by hassil's ranking, then by hassil's order."""
        groups: dict[str, list[tuple[int, IntentData]]] = {}
        programs: dict[int, tuple[MatchSettings, Program | OpenProgram | None]] = {}
        for index in ids:  # compiled whole, or its closed head (template_open), or cut down
            matchable = self._matchable(index, texts, options)
            if matchable is not None:
                groups.setdefault(matchable[0], []).append((index, matchable[1]))
                programs[index] = (matchable[2], matchable[3] or self._open(index, matchable[2]))
        if not groups:
            return None
        prepared = self._prepared(text, normalised, texts, options)
        ordered = [(intent, index, data)
                   for intent, units in ((Intent(name, [d for _, d in units]), units)
                                         for name, units in groups.items())
                   for index, data in units]
        best: tuple[Any, RecognizeResult] | None = None
        for at in sorted(range(len(ordered)), key=lambda k: self._fewest[ordered[k][1]]):
            intent, index, data = ordered[at]
            if best is not None and self._fewest[index] > wildcards(best[1]):
                break  # sorted: no later candidate can do better either
            for n, result in enumerate(prepared.every(intent, data, data.sentences[0],
                                                      *programs[index])):
                key = (rank(result), at, n)
                if best is None or key < best[0]:
                    best = (key, result)
        return None if best is None else best[1]

    def _prepared(self, text: str, normalised: TrackedText, texts: _Texts,
                  options: dict[str, Any]) -> Prepared:
        """The text prepared for hassil, less skip words as the filter read it."""
        return Prepared(text, normalised, self.intents, options, texts.no_skip())

    def _settings(self, index: int, data: IntentData, options: dict[str, Any]) -> MatchSettings:
        """hassil's match settings of candidate ``index`` (the same for its pruned copies),
        built once per ``options``."""
        cached = self._match_settings.get(index)
        if cached is None or cached[0] is not options:
            cached = self._match_settings[index] = (options, settings_for(self.intents, data,
                                                                          options))
        return cached[1]

    def _matchable(self, index: int, texts: _Texts, options: dict[str, Any],
                   compiled: bool = True
                   ) -> tuple[str, IntentData, MatchSettings, Program | None] | None:
        """Candidate ``index`` to match: its intent name, its one-sentence block, its match
        settings and its compiled form; whole if it compiles (the compiled matcher tries a
        branch only if the text can start with it, so cutting it saves nothing), else cut
        down to the text (:meth:`_unit`); None if nothing of it is left."""
        name, data = self._units[index]
        settings = self._settings(index, data, options)
        program = self._program(index, settings) if compiled else None
        if program is None:
            unit = self._unit(index, texts)
            if unit is None:
                return None
            data = unit[1][0]
        return name, data, settings, program

    def _program(self, index: int, settings: MatchSettings) -> Program | None:
        """Candidate ``index``'s template compiled for ``settings`` (None if it is not
        closed: hassil matches it), compiled once per settings."""
        cached = self._programs.get(index)
        if cached is None or cached[0] is not settings:
            sentence = self._units[index][1].sentences[0]
            cached = self._programs[index] = (settings, compile_closed(sentence.expression,
                                                                       settings))
        return cached[1]

    def _open(self, index: int, settings: MatchSettings) -> OpenProgram | None:
        """Candidate ``index``'s closed head compiled (:mod:`twin.assistant.template_open`)."""
        return self._opens.get(index, self._units[index][1].sentences[0], settings)

    def _unit(self, index: int, texts: _Texts) -> tuple[str, list[IntentData]] | None:
        """The candidate ``index`` (its intent name and one-sentence block), cut down to the
        text if it is large; None if nothing of it is left."""
        name, data = self._units[index]
        pruner = self._pruners[index]
        if pruner is not None:
            pruned = pruner.for_text(texts.joined(), texts.memo)
            if pruned is None:
                return None
            if pruned is not pruner.sentence:
                data = _with_sentence(data, pruned)
        return name, [data]


class _Texts:
    """One text as a filter reads it: the folded lines fragments are looked up in (the text
    with skip words, without them, and for CJK both without spaces between CJK characters, as
    hassil's own pre-filter reads it), its words less skip words (for the vocabulary check),
    and, computed when first asked, the texts hassil may match a template against, projected:
    with skip words and without them (a template that starts or ends with a list may also be
    matched with them removed at one end only: its edge shape reads those inside the first)."""

    def __init__(self, narrow: NarrowFilter, normalised: TrackedText) -> None:
        self._filter = narrow
        self._normalised = normalised
        with_skip = _folded(normalised.text)
        self._skips = any(w and w in with_skip for w in narrow._folded_skip_words)
        self._no_skip = normalised.text
        self._no_skip_tracked: TrackedText | None = None
        without = with_skip
        if self._skips:  # else removing them is a no-op (see TemplateFilter._haystack)
            tracked = self._no_skip_tracked = skip_words_removed(
                normalised, narrow._skip_words, narrow._ignore_whitespace, True)
            self._no_skip = tracked.text
            without = _folded(tracked.text)
        lines = [with_skip, without]
        if narrow._ignore_whitespace:
            lines += [_without_cjk_spaces(line) for line in lines]
        self.lines = tuple(dict.fromkeys(lines))
        self._without = without
        self._words: tuple[str, ...] | None = None
        self._core: list[str] | None = None
        self.memo: dict[Any, Any] = {}
        """For pruning templates against :meth:`joined` (they share rules)."""

    def no_skip(self) -> TrackedText:
        """The text less skip words exactly as hassil makes it (for
        :class:`~twin.assistant.template_match.Prepared`; not to be changed)."""
        if self._no_skip_tracked is None:
            self._no_skip_tracked = skip_words_removed(
                self._normalised, self._filter._skip_words, self._filter._ignore_whitespace,
                self._skips)
        return self._no_skip_tracked

    def words(self) -> tuple[str, ...]:
        if self._words is None:
            self._words = _words(self._without, self._filter._ignore_whitespace)
        return self._words

    def projected(self) -> list[str]:
        """The text with skip words and without them, projected (a text with them removed at
        one end only lies inside the first: see the edge shapes of :class:`NarrowFilter`)."""
        if self._core is None:
            self._core = list(dict.fromkeys((_projected(self._normalised.text),
                                             _projected(self._no_skip))))
        return self._core

    def joined(self) -> str:
        return "\n".join(self.projected())


# The three template sets' filters read each text the same way: these pure functions of a
# string are worked out once for all of them (a few recent strings kept, as substrings.grams)
@lru_cache(maxsize=_RECENT)
def _folded(text: str) -> str:
    return fold_case(text)


@lru_cache(maxsize=_RECENT)
def _without_cjk_spaces(text: str) -> str:
    return CJK_WHITESPACE.sub("", text)


@lru_cache(maxsize=_RECENT)
def _projected(text: str) -> str:
    return project(text)


@lru_cache(maxsize=_RECENT)
def _words(text: str, cjk: bool) -> tuple[str, ...]:
    return tuple(folded_pieces(text, cjk))


def share_fragments(filters: Iterable[NarrowFilter]) -> None:
    """Let ``filters`` (the template sets of one NLU, tried on a text one after another)
    look a text's fragments up once for all of them: one index over all their fragments,
    the last few look-ups kept (:class:`~twin.assistant.substrings.SharedIndex`). A text
    whose lines differ between them (their skip words) is looked up once per line tuple."""
    filters = list(filters)
    shared = SharedIndex(FragmentIndex.of(frozenset().union(*(f._fragments for f in filters))))
    for narrow in filters:
        narrow._present = shared.present


def _list_at_an_end(expression: Any) -> bool:
    """Whether hassil may match this template against a text with skip words removed at one
    end only (a sequence that starts or ends with a list: a wildcard one decides)."""
    if not isinstance(expression, Sequence) or not expression.items:
        return False
    return isinstance(expression.items[0], ListReference) or isinstance(
        expression.items[-1], ListReference)


def _with_sentence(data: IntentData, sentence: Any) -> IntentData:
    """A one-sentence block (``data``) holding ``sentence`` instead: a shallow copy, its
    cached ``sentences`` seeded (hassil would parse the text again)."""
    copy = object.__new__(IntentData)
    copy.__dict__.update(data.__dict__)
    copy.__dict__["sentences"] = [sentence]
    return copy
