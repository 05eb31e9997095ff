"""The narrow template filter: fewer candidates, and each one cut down to the text.

:class:`NarrowFilter` is the :class:`~twin.assistant.template_filter.TemplateFilter` with three
steps added, each of which only leaves out what cannot match, so hassil's first (or best)
match is the one it gives on all templates:

* the same fragment and clause checks, done as set operations: the fragments of all clauses
  occurring in the text are found once (looked up by their first two characters), where the
  parent tries every anchor fragment and every clause fragment in turn;
* a template's *shape* (:mod:`twin.assistant.template_shape`) must fit the whole text: this
  catches order ("what {anything}" for "show me what ...") that fragments and vocabulary
  cannot see;
* a large template that passes is cut to the branches of its alternatives the text can use
  (:mod:`twin.assistant.template_prune`), so hassil walks a few branches of "<can>",
  "<temp>" and "<set>" instead of all of them.

``tests/test_template_narrow.py`` checks the candidates against the parent's and against
hassil on every template, and the rule NLU's answers against the parent's on the query sets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hassil import Intents
from hassil import recognize as recognize_first
from hassil.intents import Intent, IntentData, SlotList
from hassil.recognize import RecognizeResult
from hassil.util import (
    TrackedText,
    fold_case,
    normalize_for_matching,
    remove_skip_words_tracked,
)

from twin.assistant.template_filter import TemplateFilter, _made_of
from twin.assistant.template_prune import Pruner
from twin.assistant.template_shape import Shapes, project

__all__ = ["NarrowFilter"]

PRUNE_BRANCHES = 8
"""Templates with fewer droppable branches go to hassil whole: cutting them costs about what
it saves (measured on the query sets)."""


@dataclass(frozen=True)
class _Index:
    """Fragments by their first character (one-character fragments) or first two."""

    by_char: dict[str, tuple[str, ...]]
    by_pair: dict[str, tuple[str, ...]]

    @staticmethod
    def of(fragments: set[str]) -> _Index:
        by_char: dict[str, list[str]] = {}
        by_pair: dict[str, list[str]] = {}
        for f in sorted(fragments):
            if len(f) == 1:
                by_char.setdefault(f, []).append(f)
            elif f:
                by_pair.setdefault(f[:2], []).append(f)
        return _Index({k: tuple(v) for k, v in by_char.items()},
                      {k: tuple(v) for k, v in by_pair.items()})

    def present(self, haystack: str) -> set[str]:
        """Every indexed fragment that occurs in ``haystack``."""
        found = {c for c in set(haystack) if c in self.by_char}
        for pair in set(map(str.__add__, haystack, haystack[1:])):
            candidates = self.by_pair.get(pair)
            if candidates is not None:
                found.update(f for f in candidates if f in haystack)
        return found


class NarrowFilter(TemplateFilter):
    """A :class:`TemplateFilter` that also checks shapes and prunes large templates."""

    def __init__(self, intents: Intents, slot_lists: dict[str, SlotList] | None = None) -> None:
        super().__init__(intents, slot_lists)
        fragments: set[str] = set()
        for clauses in self._clauses:
            for clause in clauses:
                fragments.update(clause)
        self._index = _Index.of(fragments)
        self._anchor_masks = {f: (first, second) for f, first, second in self._anchors}
        self._shapes: list[re.Pattern[str] | None] = []
        self._pruners: list[Pruner | None] = []
        shapes = Shapes(intents.language)
        memos: dict[frozenset[tuple[str, int]], dict[int, Any]] = {}
        for _name, data in self._units:
            rules = {**intents.expansion_rules, **data.expansion_rules}
            lists = {**intents.slot_lists, **(slot_lists or {}), **data.slot_lists}
            sentence = data.sentences[0]
            self._shapes.append(shapes.of(sentence.expression, rules, lists))
            memo = memos.setdefault(frozenset((k, id(v)) for k, v in rules.items()), {})
            pruner = Pruner(sentence, rules, memo)
            self._pruners.append(pruner if pruner.branches >= PRUNE_BRANCHES else None)

    def _narrowed(self, normalised: TrackedText) -> tuple[list[int], list[str]]:
        """The candidate indices and the projected texts hassil may match them against."""
        haystack, words = self._haystack(normalised)
        present = self._index.present(haystack)
        first, second = 0, self._one_clause
        masks = self._anchor_masks
        for fragment in present:
            anchor = masks.get(fragment)
            if anchor is not None:
                first |= anchor[0]
                second |= anchor[1]
        candidates = self._always | (first & second)
        ids: list[int] = []
        projected: list[str] = []
        while candidates:
            low = candidates & -candidates
            index = low.bit_length() - 1
            candidates ^= low
            if any(clause.isdisjoint(present) for clause in self._clauses[index]):
                continue
            vocabulary = self._vocabularies[index]
            if vocabulary is not None and not _made_of(words, vocabulary, self._ignore_whitespace):
                continue
            pattern = self._shapes[index]
            if pattern is not None:
                if not projected:
                    projected = self._projections(normalised)
                if not any(pattern.fullmatch(p) for p in projected):
                    continue
            ids.append(index)
        return ids, projected

    def _projections(self, normalised: TrackedText) -> list[str]:
        """The texts hassil may match a template against, projected: with skip words, without
        them, and (a template that starts or ends with a wildcard) without them at one end."""
        texts = [normalised.text]
        folded = fold_case(texts[0])
        if any(w and w in folded for w in self._folded_skip_words):
            for start, end in ((True, True), (True, False), (False, True)):
                tracked = normalised.copy()
                remove_skip_words_tracked(
                    tracked, self._skip_words, self._ignore_whitespace, start=start, end=end
                )
                texts.append(tracked.text)
        return list(dict.fromkeys(project(t) for t in texts))

    def candidate_ids(self, text: str, normalised: TrackedText | None = None) -> list[int]:
        return self._narrowed(normalised or normalize_for_matching(text))[0]

    def select(self, text: str, normalised: TrackedText | None = None) -> Intents | None:
        normalised = normalised or normalize_for_matching(text)
        ids, projected = self._narrowed(normalised)
        if not ids:
            return None
        present = "\n".join(projected or self._projections(normalised))
        memo: dict[Any, Any] = {}
        selected: dict[str, Intent] = {}
        for index in ids:
            unit = self._unit(index, present, memo)
            if unit is not None:
                selected.setdefault(unit[0], Intent(unit[0], [])).data.extend(unit[1])
        return self._restricted(selected) if selected else None

    def recognize(
        self, text: str, normalised: TrackedText | None, best: bool, options: dict[str, Any]
    ) -> RecognizeResult | None:
        """As the parent's, but a first match is looked for one candidate at a time, in
        order (hassil's first match is the first candidate's first match, else the next
        one's...), so only the candidates hassil tries are cut down, and hassil stops at the
        first that matches."""
        if best:
            return super().recognize(text, normalised, best, options)
        normalised = normalised or normalize_for_matching(text)
        ids, projected = self._narrowed(normalised)
        if not ids:
            return None
        present = "\n".join(projected or self._projections(normalised))
        memo: dict[Any, Any] = {}
        for index in ids:
            unit = self._unit(index, present, memo)
            if unit is None:
                continue
            found = recognize_first(text, self._restricted({unit[0]: Intent(*unit)}), **options)
            if found is not None:
                return found
        return None

    def _unit(
        self, index: int, present: str, memo: dict[Any, Any]
    ) -> tuple[str, list[IntentData]] | None:
        """The candidate ``index`` (its intent name and one-sentence block), cut down to the
        text if it is large; None if nothing of it is left."""
        name, data = self._units[index]
        pruner = self._pruners[index]
        if pruner is not None:
            pruned = pruner.for_text(present, memo)
            if pruned is None:
                return None
            if pruned is not pruner.sentence:
                data = _with_sentence(data, pruned)
        return name, [data]


def _with_sentence(data: IntentData, sentence: Any) -> IntentData:
    """A one-sentence block (``data``) holding ``sentence`` instead: a shallow copy, its
    cached ``sentences`` seeded (hassil would parse the text again)."""
    copy = object.__new__(IntentData)
    copy.__dict__.update(data.__dict__)
    copy.__dict__["sentences"] = [sentence]
    return copy
