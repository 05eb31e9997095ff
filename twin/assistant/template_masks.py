"""The narrow filter's clause and vocabulary checks on all templates at once, as bit masks.

:class:`~twin.assistant.template_narrow.NarrowFilter` drops a sentence template when one of
its required clauses has no fragment in the text, or when a word of the text is not made of
the template's vocabulary. Checked template by template, that loop was about a fifth of a
parse (every template with an anchor fragment in the text was tried, ~8 per call, and a
rules miss makes a dozen calls). :class:`Masks` holds the same facts by fragment and by word
instead, one bit per template (bit ``i`` is the filter's unit ``i``), so the templates that
pass both checks are a few ``|`` and ``&`` of integers per fragment and word of the text:

* clauses: each template's clauses in slots ``0..k-1`` (most selective first); per slot, the
  templates whose clause in that slot holds a fragment. A template passes when every slot it
  has is met: ``AND`` over slots of (met ``|`` has no such slot);
* vocabulary: per piece, the templates whose vocabulary holds it (and the templates with
  digits, and the open ones that have no vocabulary); a word that some template lacks whole
  may still be a run of its pieces (not for CJK), found for all of them at once by the same
  reachability walk over the word's positions as
  :func:`~twin.assistant.template_filter._made_of`, on masks instead of booleans.

Both give exactly the templates the one-at-a-time checks keep
(``tests/test_template_masks.py`` compares them on every template and development text).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from twin.assistant.template_filter import ANY_DIGITS, selectivity

__all__ = ["Masks"]


class Masks:
    """Clause and vocabulary masks of a list of templates (index ``i`` is bit ``1 << i``):
    ``clauses[i]`` its required clauses (CNF over fragments), ``vocabularies[i]`` its
    vocabulary (None: open, any word); ``cjk`` when words are characters (no runs)."""

    def __init__(self, clauses: Sequence[Iterable[frozenset[str]]],
                 vocabularies: Sequence[frozenset[str] | None], cjk: bool) -> None:
        self._cjk = cjk
        ranked = [sorted(unit, key=selectivity, reverse=True) for unit in clauses]
        slots = max(map(len, ranked), default=0)
        by_fragment: dict[str, dict[int, int]] = {}
        lacking = [0] * slots  # per slot: the templates with fewer clauses (met already)
        for index, unit in enumerate(ranked):
            bit = 1 << index
            for slot, clause in enumerate(unit):
                for fragment in clause:
                    masks = by_fragment.setdefault(fragment, {})
                    masks[slot] = masks.get(slot, 0) | bit
            for slot in range(len(unit), slots):
                lacking[slot] |= bit
        self._by_fragment = {f: tuple(masks.items()) for f, masks in by_fragment.items()}
        self._lacking = tuple(lacking)
        self._everyone = (1 << len(ranked)) - 1
        self._pieces: dict[str, int] = {}
        self._open = self._digits = 0
        for index, vocabulary in enumerate(vocabularies):
            bit = 1 << index
            if vocabulary is None:
                self._open |= bit
                continue
            if ANY_DIGITS in vocabulary:
                self._digits |= bit
            for piece in vocabulary:
                self._pieces[piece] = self._pieces.get(piece, 0) | bit

    def clauses(self, present: Iterable[str]) -> int:
        """The templates each of whose clauses holds a fragment of ``present`` (the clause
        fragments that occur in the text)."""
        met = list(self._lacking)
        by_fragment = self._by_fragment
        for fragment in present:
            for slot, mask in by_fragment.get(fragment, ()):
                met[slot] |= mask
        out = self._everyone
        for mask in met:
            out &= mask
        return out

    def vocabulary(self, candidates: int, words: Iterable[str]) -> int:
        """``candidates`` less the templates some word of ``words`` (the text's, less skip
        words) is not made of: a piece of its vocabulary, digits where it reads digits or,
        unless CJK, a run of those."""
        for word in set(words):
            direct = self._open | self._pieces.get(word, 0)
            if self._digits and word.isdigit():
                direct |= self._digits
            missing = candidates & ~direct
            if missing:
                candidates &= direct
                if not self._cjk:
                    candidates |= self._runs(word, missing)
                if not candidates:
                    return 0
        return candidates

    def _runs(self, word: str, templates: int) -> int:
        """The ``templates`` for which ``word`` is a run of vocabulary pieces and digits
        (``_concatenation`` of every template at once: bit ``t`` of ``reach[i]`` says
        ``word[:i]`` is such a run for template ``t``)."""
        pieces = self._pieces
        reach = [0] * (len(word) + 1)
        reach[0] = templates
        for start in range(len(word)):
            here = reach[start]
            if not here:
                continue
            if word[start].isdigit():
                reach[start + 1] |= here & self._digits
            for end in range(start + 1, len(word) + 1):
                mask = pieces.get(word[start:end])
                if mask:
                    reach[end] |= here & mask
        return reach[-1]
