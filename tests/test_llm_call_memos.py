"""The fallback call's memos (twenty-eighth session, llmperf28): a text's topics, its normalised
reading, its n-grams and its tokens are computed once per text, and a cached answer is the
uncached one."""

from __future__ import annotations

import numpy as np
import pytest

import hil.llm.ngrams as ngrams
from hil.llm.direction import normalised
from hil.llm.grounding import _named_topics, named_topics
from hil.llm.head import HeadIntentResolver
from hil.llm.ngrams import GramHead, char_grams

TEXTS = ["turn the fan up a wee bit", "我有点冷 把温度调高两度", "play something, it's too quiet",
         "no problem, open the window", "AC开一下", "like a fridge in here", ""]


def test_named_topics_is_the_uncached_reading() -> None:
    for text in TEXTS:
        assert named_topics(text) == set(_named_topics.__wrapped__(text))


def test_named_topics_gives_a_new_set_each_call() -> None:
    first = named_topics("turn the fan up and play some music")
    assert first, "the sentence names topics"
    first.clear()  # the caller's to change: the next call is not touched
    assert named_topics("turn the fan up and play some music")


def test_named_topics_reads_a_text_once() -> None:
    text = "turn the temperature down a notch please (memo test)"
    before = _named_topics.cache_info()
    named_topics(text)
    named_topics(text)
    after = _named_topics.cache_info()
    assert after.misses - before.misses == 1
    assert after.hits - before.hits == 1


def test_normalised_is_the_uncached_reading() -> None:
    for text in TEXTS:
        assert normalised(text) == normalised.__wrapped__(text)  # type: ignore[attr-defined]


def test_normalised_reads_a_text_once() -> None:
    text = "turn it doon a wee bit (memo test)"
    before = normalised.cache_info()  # type: ignore[attr-defined]
    assert normalised(text) == normalised(text)
    after = normalised.cache_info()  # type: ignore[attr-defined]
    assert after.misses - before.misses == 1
    assert after.hits - before.hits == 1


class _CountingEngine:
    """Tokenises one token per character, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def tokenize(self, text: str, bos: bool = False) -> list[int]:
        self.calls += 1
        return [ord(c) for c in text]


def _resolver(engine: _CountingEngine, max_tokens: int) -> HeadIntentResolver:
    r = HeadIntentResolver.__new__(HeadIntentResolver)
    r.engine = engine  # type: ignore[assignment]
    r.max_prompt_tokens = max_tokens
    r._last_ids = None
    return r


def test_query_ids_tokenise_a_text_once_in_a_row() -> None:
    engine = _CountingEngine()
    r = _resolver(engine, 64)
    first = r._query_ids("open the window")
    assert first == [ord(c) for c in " open the window"]
    first.append(0)  # the caller's copy: the memo is not changed
    assert r._query_ids("open the window") == [ord(c) for c in " open the window"]
    assert engine.calls == 1
    r._query_ids("close the window")
    r._query_ids("open the window")
    assert engine.calls == 3  # one entry: another text in between is tokenised again


def test_query_ids_keep_the_last_tokens_under_a_changed_limit() -> None:
    engine = _CountingEngine()
    r = _resolver(engine, 64)
    assert len(r._query_ids("x" * 100)) == 64
    r.max_prompt_tokens = 10
    assert r._query_ids("x" * 100) == [ord("x")] * 10  # the limit is part of the key
    assert engine.calls == 2


def test_grams_are_read_once_for_the_last_line(monkeypatch: pytest.MonkeyPatch) -> None:
    examples = [("turn the fan up", "climate_fan"), ("play some music", "media_play"),
                ("what is the weather", "unknown"), ("fan on high", "climate_fan")]
    head = GramHead(examples, sorted({i for _, i in examples}))
    fresh = head.head.proba(char_grams("fan up a bit"))[0]
    seen: list[str] = []

    def counting(text: str) -> np.ndarray:
        seen.append(text)
        return char_grams(text)

    monkeypatch.setattr(ngrams, "char_grams", counting)
    assert np.array_equal(head.proba("fan up a bit"), fresh)
    head.among_cabin("fan up a bit")
    head.vote("fan up a bit")
    assert seen == ["fan up a bit"]  # proba, then the nearest ones: one reading
    head.proba("play music")
    assert seen == ["fan up a bit", "play music"]
    assert not head._grams("play music").flags.writeable  # shared: no reader may change it
