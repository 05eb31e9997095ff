"""The rules' cost cuts that change no answer (issue 25 item 6): a text's scope read once per
parse by every caller (twin.assistant.reads), each scope kind tried only when the text holds a
literal every match of it contains (regex_gate.gate_pattern), a one-word template's pattern
built once per template. Counts and equalities only: no time is asserted."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from twin.assistant import nlu, scope
from twin.assistant.nlu import RuleNLU
from twin.assistant.queries import QUERIES_DIR, load_queries
from twin.assistant.reads import READS, read_once
from twin.assistant.regex_gate import gate_pattern

_WRITTEN = [  # variants written for these tests: each scope kind, near misses beside them
    "turn the heat up when we get to the cabin", "what's the temperature set to",
    "is the window open", "the heater at home is broken", "turn on the kitchen lights",
    "call my wife and turn the radio down", "my brother always likes it freezing",
    "I was roasting at the gym yesterday", "my son texted that his room is cold",
    "crank the air, it's like an oven", "turn up the fan a bit",
    "空调开大点", "明天早上把座椅加热打开", "家里的空调关了吗", "电话里我老婆说她那边热死了",
    "昨天车里冷死了", "我老公总是喜欢开着窗", "给我妈打电话", "把车窗关上，外面太吵了",
]


def _dev_texts() -> list[tuple[str, str]]:
    files = [QUERIES_DIR / "cabin_commands.jsonl", *sorted((QUERIES_DIR / "train").glob("*.jsonl"))]
    return [(q.lang, q.text) for f in files for q in load_queries(Path(f))]


def test_gate_pattern_is_the_gate_as_one_literal_alternation() -> None:
    gated = gate_pattern(re.compile(r"\b(?:seat|window)s? (?:heat|open)"))
    assert gated is not None
    assert gated.search("the seats heat") and gated.search("a window open")
    assert gated.search("the fan up") is None
    assert gate_pattern(re.compile(r"\d+|度")) is None  # no literal every match holds
    # a pattern that ignores case is not gated here (its gate reads the lower-cased text)
    assert gate_pattern(re.compile(r"\bturn (?:up|down)\b", re.IGNORECASE)) is None
    special = gate_pattern(re.compile(r"a\.b|c\+d"))  # literals are escaped
    assert special is not None and special.search("axb") is None and special.search("a.b")


def test_each_scope_gate_is_sound_on_the_dev_texts() -> None:
    texts = [t.lower().strip() for _, t in _dev_texts()] + [t.lower() for t in _WRITTEN]
    assert len(scope._KIND_GATES) == len(scope.KINDS)
    gated = 0
    for (kind, pattern), gate in zip(scope.KINDS, scope._KIND_GATES, strict=True):
        if gate is None:
            continue
        gated += 1
        for text in texts:
            if pattern.search(text) is not None:
                assert gate.search(text) is not None, (kind, text)
    assert gated == len(scope.KINDS)  # every kind has a gate today


def _every_kind_tried(lowered: str) -> str | None:
    """scope's reading with no gate: every kind's pattern tried."""
    for kind, pattern in scope.KINDS:
        if any(not scope._excused(kind, found, lowered)
               and (pattern is not scope._OTHER_DEVICE or not scope._served(found, lowered))
               for found in pattern.finditer(lowered)):
            return kind
    return None


def test_out_of_scope_reads_as_with_every_kind_tried() -> None:
    kinds = Counter()
    for _, text in _dev_texts() + [("", t) for t in _WRITTEN]:
        got = scope.out_of_scope(text)
        assert got == _every_kind_tried(text.lower().strip()), text
        kinds[got] += 1
    assert len(kinds) >= 6  # most kinds occur, and None


def _counting(monkeypatch: pytest.MonkeyPatch) -> tuple[Counter[str], list[str]]:
    """Patch scope so that each computed reading is counted by text, each ask listed."""
    computed: Counter[str] = Counter()
    asked: list[str] = []
    real_read = scope._out_of_scope

    def compute(lowered: str) -> str | None:
        computed[lowered] += 1
        return real_read(lowered)

    def ask(what: str, text: str, read: Callable[[str], Any]) -> Any:
        asked.append(text)
        return read_once(what, text, read)

    monkeypatch.setattr(scope, "_out_of_scope", compute)
    monkeypatch.setattr(scope, "read_once", ask)
    return computed, asked


def _answer(result: nlu.RuleResult) -> tuple[Any, ...]:
    return tuple((p.intent, p.value, p.confidence, p.reason, p.feedback)
                 for p in (result, *result.split))


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "hey car, can you like, crank the AC"),
    ("en", "order me a pizza and turn the fan down"),
    ("zh-CN", "帮我订个外卖然后把空调关了"),
    ("zh-CN", "孩子在后面睡觉呢，音乐小一点"),
])
def test_a_parse_reads_each_texts_scope_once(monkeypatch: pytest.MonkeyPatch, lang: str,
                                             text: str) -> None:
    rules = RuleNLU(lang)
    before = _answer(rules.parse(text))
    computed, asked = _counting(monkeypatch)
    assert _answer(rules.parse(text)) == before  # the same answer, counted
    assert computed and set(computed.values()) == {1}, computed
    assert len(asked) > len(computed)  # asked again (several callers, several readings)
    assert READS.get() is None  # nothing kept once the parse is over
    rules.parse(text)  # the next parse reads afresh
    assert set(computed.values()) == {2}


def test_outside_a_parse_every_ask_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    computed, _ = _counting(monkeypatch)
    scope.out_of_scope("Call my wife")
    scope.out_of_scope("call my wife ")
    assert computed == Counter({"call my wife": 2})


def test_a_one_word_templates_pattern_is_built_once() -> None:
    said = "[{anything}] (contact|contacts|coffee) [{anything}]"
    nlu._one_word_group.cache_clear()
    english = nlu._one_word_group(said, True)
    assert english is not None and english is nlu._one_word_group(said, True)
    assert nlu._one_word_group.cache_info().hits == 1
    assert nlu._one_word_group.cache_info().maxsize is not None  # bounded
    hit = english.search("my Contacts are drying out")
    assert hit is not None and hit.group() == "Contacts"  # longest first, any case
    assert english.search("contactless payment") is None  # whole words
    chinese = nlu._one_word_group("{anything}(停车场|喇叭)[{anything}]", False)
    assert chinese is not None and chinese.search("雪场停车场冻了一宿")
    assert nlu._one_word_group("turn (on|off) the {name}", True) is None


def test_a_one_word_templates_words_of_several_words_keep_their_spaces() -> None:
    said = "(what|is there|are there|hi  there) {anything}"
    words = nlu._one_word_group(said, True)
    assert words is not None
    hit = words.search("so Is  there a bank near here")
    assert hit is not None and hit.group() == "Is  there"  # any run of spaces, any case
    assert words.search("isthere a bank") is None  # never glued into one word
    assert words.search("this there") is None  # whole words: "is" inside "this" is no hit
    assert words.search("hi there") is not None
    glued = nlu._one_word_group("{anything}(停车场|喇叭)[{anything}]", False)
    assert glued is not None and glued.pattern == "停车场|喇叭"  # Chinese: no spaces to keep
