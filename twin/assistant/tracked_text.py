"""hassil's text preparation (``normalize_for_matching``, skip-word removal), without the work
that changes nothing.

hassil collapses whitespace with ``TrackedText.sub(WHITESPACE_CAPTURE, " ")``, which rebuilds
the text and its offset map in Python for every whitespace run, a single space included: on a
text whose every run is already one space that rebuild returns the same text and the same
offsets (each space is replaced by a space attributed to itself), yet it was most of the
cost of preparing a text (7-15 us of the 15-28 us a call). :func:`collapse_whitespace` skips
it then, and :func:`normalised_for_matching` also skips hassil's punctuation pass when no
punctuation character occurs (each of its patterns needs one), and within it each step whose
pattern needs a character the text lacks (:func:`remove_punctuation`: a comma inside a command
cost ~19 us, the six steps and the initialism check tried in turn). :func:`without_skip_words`
is ``remove_skip_words_tracked`` (anywhere, or at one end), with its regex built once per
word list. Every
function leaves text and offsets exactly as hassil's does (``tests/test_tracked_text.py``
compares them on every development text).
"""

from __future__ import annotations

import re
from functools import lru_cache

from hassil.util import (
    INITIALISM_DOTS_AT_END,
    PUNCTUATION_END,
    PUNCTUATION_END_PERIOD,
    PUNCTUATION_END_WORD,
    PUNCTUATION_START,
    PUNCTUATION_START_WORD,
    PUNCTUATION_STR,
    PUNCTUATION_STR_NO_PERIOD,
    PUNCTUATION_WORD,
    WHITESPACE_CAPTURE,
    WHITESPACE_SEPARATOR,
    TrackedText,
)

__all__ = ["collapse_whitespace", "normalised_for_matching", "remove_punctuation",
           "without_skip_words"]

_NOT_ONE_SPACE = re.compile(r"[^\S ]| {2}")
"""Whitespace other than a lone space: where collapsing whitespace changes something."""

_PUNCTUATION = frozenset(PUNCTUATION_STR)
"""Every character one of hassil's punctuation patterns needs (``.`` and the dashes
included)."""
_NO_PERIOD = frozenset(PUNCTUATION_STR_NO_PERIOD)
"""The punctuation a word's end loses (``PUNCTUATION_END_WORD``: not ``.``)."""


def collapse_whitespace(tracked: TrackedText) -> None:
    """``tracked.sub(WHITESPACE_CAPTURE, " ")``: skipped when every whitespace run is one
    space already (a no-op then, offsets included)."""
    if _NOT_ONE_SPACE.search(tracked.text) is not None:
        tracked.sub(WHITESPACE_CAPTURE, WHITESPACE_SEPARATOR)


def normalised_for_matching(text: str) -> TrackedText:
    """``hassil.util.normalize_for_matching(text)``, the same text and offsets."""
    tracked = TrackedText(text)
    collapse_whitespace(tracked)  # hassil's _normalize_text, step by step
    tracked.normalize_unicode()
    tracked.replace_char("’", "'")
    if not _PUNCTUATION.isdisjoint(tracked.text):
        remove_punctuation(tracked)
    tracked.strip()
    return tracked


def remove_punctuation(tracked: TrackedText) -> None:
    """``hassil.util._remove_punctuation(tracked)``, in place, each of its steps tried only
    when the text holds what its pattern needs (a step that cannot match leaves the text and
    offsets as they are): the first or last character a punctuation mark (a pattern anchored
    at ``^`` or ``$``; no line break is left where this runs), a ``.`` for the period step,
    and any punctuation mark (any but ``.`` for a word's end) for the others."""
    text = tracked.text
    if text[:1] in _PUNCTUATION:
        tracked.sub(PUNCTUATION_START)
    text = tracked.text
    if (text[-1:] in _PUNCTUATION or "\n" in text) and not INITIALISM_DOTS_AT_END.search(text):
        # don't remove the final "." of "A.C." (hassil's own condition)
        tracked.sub(PUNCTUATION_END)
    if _PUNCTUATION.isdisjoint(tracked.text):
        return
    tracked.sub(PUNCTUATION_START_WORD)
    if not _NO_PERIOD.isdisjoint(tracked.text):
        tracked.sub(PUNCTUATION_END_WORD)
    if "." in tracked.text:
        tracked.sub(PUNCTUATION_END_PERIOD)
    if not _PUNCTUATION.isdisjoint(tracked.text):
        tracked.sub(PUNCTUATION_WORD)


@lru_cache(maxsize=32)
def _skip_pattern(skip_words: tuple[str, ...], cjk: bool, start: bool,
                  end: bool) -> re.Pattern[str] | None:
    """The regex ``remove_skip_words_tracked`` builds for these words and ends."""
    words = sorted({w.strip() for w in skip_words if w.strip()}, key=len, reverse=True)
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in words)
    if cjk:
        if start and end:
            return re.compile(rf"(?:{alternatives})", re.IGNORECASE)
        if start:
            return re.compile(rf"^(?:{alternatives})", re.IGNORECASE)
        return re.compile(rf"(?:{alternatives})$", re.IGNORECASE)
    if start and end:
        return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)
    if start:
        return re.compile(rf"^\s*(?:{alternatives})(?=\s|$|[^\w])\s*", re.IGNORECASE)
    return re.compile(rf"\s*(?<!\w)(?:{alternatives})\s*$", re.IGNORECASE)


def without_skip_words(tracked: TrackedText, skip_words: tuple[str, ...], cjk: bool,
                       start: bool = True, end: bool = True) -> None:
    """``hassil.util.remove_skip_words_tracked(tracked, skip_words, cjk, start, end)``, in
    place: anywhere (both ends), or repeatedly at the start only or at the end only."""
    pattern = _skip_pattern(skip_words, cjk, start, end)
    if pattern is None:
        return
    if start and end:
        if cjk:
            tracked.sub(pattern)
            return
        tracked.sub(pattern, WHITESPACE_SEPARATOR)
        collapse_whitespace(tracked)
        tracked.strip()
        return
    while True:
        previous = tracked.text
        tracked.sub(pattern)
        if not cjk:
            collapse_whitespace(tracked)
            tracked.strip()
        if tracked.text == previous:
            return
