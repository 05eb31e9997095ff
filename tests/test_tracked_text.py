"""twin.assistant.tracked_text prepares a text exactly as hassil does: the same text and the
same offset map as ``normalize_for_matching`` and ``remove_skip_words_tracked``, on every
development text of both languages (with and without the template sets' skip words) and on
written cases where the shortcuts must not apply (tabs, runs of spaces, no-break spaces,
punctuation, typographic apostrophes, skip words inside words)."""

from __future__ import annotations

from functools import cache

import pytest
from hassil.util import (
    TrackedText,
    _remove_punctuation,
    normalize_for_matching,
    remove_skip_words_tracked,
)

from tests.test_template_compiled import _texts as _dev_texts
from twin.assistant.nlu import shared_nlu
from twin.assistant.queries import load_queries
from twin.assistant.tracked_text import (
    collapse_whitespace,
    normalised_for_matching,
    remove_punctuation,
    without_skip_words,
)
from twin.paths import QUERIES_DIR

LANGS = ("en", "zh-CN")

WRITTEN = (
    "turn  the fan up", "turn\tthe fan up", "turn the fan up ", " turn the fan up",
    "turn\u00a0the fan up", "turn the fan up\n", "open the window.", "open the window...",
    "hey car, open the window!", "it’s cold", "nell’ ingresso", "set it to 2.5",
    "turn on the A.C.", "the A.C. please", "well-ventilated cabin", "fan -- up",
    "thanks, hey car, thank you", "thanksgiving playlist", "HEY CAR open it", "ok car",
    "把空调打开，谢谢", "请 把 车窗 打开", "打开空调。", "调到二十 度", "", " ", "\t",
)
"""Written cases: each shortcut's condition on both sides."""


@cache
def _texts(lang: str) -> tuple[str, ...]:
    """The development texts, holdout17 included, and the written cases."""
    texts = list(_dev_texts(lang)) + list(WRITTEN)
    texts += [q.text for q in load_queries(QUERIES_DIR / "holdout17" / "natural.jsonl")
              if q.lang == lang]
    return tuple(dict.fromkeys(texts))


def _same(a: TrackedText, b: TrackedText) -> bool:
    return (a.text, a.offsets) == (b.text, b.offsets)


@pytest.mark.parametrize("lang", LANGS)
def test_normalised_for_matching_is_hassils(lang: str) -> None:
    texts = _texts(lang)
    assert len(texts) > 500
    for text in texts:
        assert _same(normalised_for_matching(text), normalize_for_matching(text)), text


ENDS = ((True, True), (True, False), (False, True))
"""Where skip words are removed: anywhere, at the start only, at the end only."""


@pytest.mark.parametrize("ends", ENDS)
@pytest.mark.parametrize("lang", LANGS)
def test_skip_word_removal_is_hassils(lang: str, ends: tuple[bool, bool]) -> None:
    nlu = shared_nlu(lang)
    removed = 0
    for template_pass in nlu.passes:
        intents = template_pass.filter.intents
        words, cjk = list(intents.skip_words), intents.settings.ignore_whitespace
        assert words
        for text in _texts(lang):
            ours, theirs = normalize_for_matching(text), normalize_for_matching(text)
            without_skip_words(ours, tuple(words), cjk, *ends)
            remove_skip_words_tracked(theirs, words, cjk, *ends)
            assert _same(ours, theirs), text
            removed += ours.text != normalize_for_matching(text).text
    assert removed > 20  # the words were there to remove


@pytest.mark.parametrize("ends", ENDS)
@pytest.mark.parametrize("cjk", [False, True])
def test_written_skip_words(cjk: bool, ends: tuple[bool, bool]) -> None:
    words = ["hey car", "thanks", "thank you", " ", "谢谢"]
    for text in (*WRITTEN, "thanks thanks open it", "open it thank you thanks", "谢谢谢谢"):
        ours, theirs = TrackedText(text), TrackedText(text)
        without_skip_words(ours, tuple(words), cjk, *ends)
        remove_skip_words_tracked(theirs, words, cjk, *ends)
        assert _same(ours, theirs), text
    empty = TrackedText("hey car  open")
    without_skip_words(empty, (" ", ""), cjk, *ends)
    assert empty.text == "hey car  open"  # no word: nothing changes, spaces included


def test_collapse_whitespace_changes_what_it_must() -> None:
    for text, want in (("a  b", "a b"), ("a\tb", "a b"), ("a\u00a0b", "a b"),
                       ("a b", "a b"), (" a \n", " a "), ("ab", "ab")):
        tracked = TrackedText(text)
        collapse_whitespace(tracked)
        assert tracked.text == want
        assert len(tracked.offsets) == len(want)
    tracked = TrackedText("a \t b")
    collapse_whitespace(tracked)
    assert tracked.offsets == [0, 1, 4]


PUNCTUATED = (
    ".", "..", "a.", ".a", "a.b", "a. b", "a .b", "A.C.", "turn on the A.C.", "the A.C. please",
    "set it to 2.5.", "a,b", "a, b", "a ,b", "a , b", "hey, car,", ",hey", "a!?", "¿a?", "a\n.",
    "a.\n", "a,\n", "好，", "，好", "好，好", "a—b", "a – b", "a’s", "a…", "a:b;c", "", " ", "a",
)
"""Each step's pattern at the text's start, end, inside a word and between words, an
initialism, a line break before the end (``$`` matches there too)."""


@pytest.mark.parametrize("lang", LANGS)
def test_remove_punctuation_is_hassils(lang: str) -> None:
    checked = 0
    for text in (*_texts(lang), *PUNCTUATED):
        ours, theirs = TrackedText(text), TrackedText(text)
        remove_punctuation(ours)
        _remove_punctuation(theirs)
        assert _same(ours, theirs), text
        checked += ours.text != text
    assert checked > 20  # punctuation was there to remove
