"""Pure parts of hil.llm: value parser, label trie, GBNF text, session cache, prompt budget."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hil.llm.evaluate import DEV_SET, load_queries
from hil.llm.grammar import LabelTrie, intent_gbnf
from hil.llm.prompt import FEW_SHOT, INTENT_LABELS, suffix_tokens
from hil.llm.session_cache import SessionCache, Snapshot
from hil.llm.values import extract_value, parse_number, zh_to_int
from twin.assistant.intents import INTENTS
from twin.assistant.resolver import Turn
from twin.errors import InputError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("set it to 26", 26),
        ("二十六度", 26),
        ("调到十八度", 18),
        ("twenty two degrees", 22),
        ("fan to three", 3),
        ("车窗开到百分之五十", 50),
        ("温度高一点", None),
        ("no number here", None),
    ],
)
def test_parse_number(text: str, expected: int | None) -> None:
    assert parse_number(text) == expected


@given(st.integers(min_value=0, max_value=999))
def test_zh_numerals_round_trip(n: int) -> None:
    digits = "零一二三四五六七八九"
    hundreds, tens, units = divmod(n, 100)[0], divmod(n % 100, 10)[0], n % 10
    text = ""
    if hundreds:
        text += digits[hundreds] + "百"
    if tens:
        text += ("" if not hundreds and tens == 1 else digits[tens]) + "十"
    elif hundreds and units:
        text += "零"
    if units or not text:
        text += digits[units]
    assert zh_to_int(text) == n


def test_extract_value_uses_schema() -> None:
    assert extract_value(INTENTS["climate_set_temperature"], "make it 19") == 19
    assert extract_value(INTENTS["climate_set_temperature"], "warmer") == 22  # default
    assert extract_value(INTENTS["media_volume_set"], "最大音量") == 30
    assert extract_value(INTENTS["media_play"], "play track 5") is None
    # out of range passes through: the valve, not the resolver, rejects it
    assert extract_value(INTENTS["climate_set_temperature"], "set 45 degrees") == 45


def test_label_trie_walks_to_every_label() -> None:
    seqs = {"ac on": [5, 6], "ac off": [5, 7], "mute": [9]}
    trie = LabelTrie.build(seqs)
    assert sorted(trie.allowed()) == [5, 9]
    for label, tokens in seqs.items():
        node = trie
        for t in tokens:
            node = node.children[t]
        assert node.label == label
    assert trie.depth() == 2


def test_label_trie_rejects_prefix_labels() -> None:
    with pytest.raises(ValueError, match="prefix"):
        LabelTrie.build({"play": [1], "play music": [1, 2]})
    with pytest.raises(ValueError, match="prefix"):
        LabelTrie.build({"play music": [1, 2], "play": [1]})


def test_gbnf_spells_every_intent_and_range() -> None:
    text = intent_gbnf()
    for name, schema in INTENTS.items():
        assert f'\\"intent\\": \\"{name}\\"' in text
        if schema.kind == "int":
            assert schema.low is not None and schema.high is not None
            rule = re.search(rf'\\"{name}\\".*? (v\d+) ', text)
            assert rule is not None
            values = re.search(rf"^{rule.group(1)} ::= (.*)$", text, re.M)
            assert values is not None
            spelled = [int(v) for v in re.findall(r'"(\d+)"', values.group(1))]
            assert spelled == list(range(schema.low, schema.high + 1))


def test_every_intent_has_a_distinct_label_and_examples() -> None:
    assert set(INTENT_LABELS) == set(INTENTS)
    assert len(set(INTENT_LABELS.values())) == len(INTENT_LABELS)
    assert {intent for _, intent in FEW_SHOT} == set(INTENTS)


def _snap(key: int, size: int = 10) -> Snapshot:
    return Snapshot((key,), bytes(size))


def test_session_cache_lru_eviction_and_pins() -> None:
    cache = SessionCache(capacity=2)
    cache.pin(_snap(0))
    for k in (1, 2):
        cache.put(_snap(k))
    assert cache.get((1,)) is not None  # 1 becomes most recent
    cache.put(_snap(3))  # evicts 2
    assert (2,) not in cache and (1,) in cache and (3,) in cache
    assert cache.get((0,)) is not None and len(cache) == 2 and cache.pinned == 1
    assert cache.evictions == 1 and cache.hits == 2
    assert cache.get((2,)) is None and cache.misses == 1


def test_session_cache_byte_bound() -> None:
    cache = SessionCache(capacity=50, max_bytes=25)
    for k in range(5):
        cache.put(_snap(k, size=10))
    assert len(cache) == 2 and cache.nbytes <= 25


def _char_tokens(text: str) -> list[int]:
    return [ord(c) for c in text]


def test_suffix_budget_drops_oldest_turns_first() -> None:
    turns = [Turn(f"turn number {i} " * 3, "media_play") for i in range(5)]
    history, query = suffix_tokens("louder", turns, _char_tokens, max_tokens=200)
    text = "".join(map(chr, history))
    assert "turn number 4" in text and "turn number 1" not in text  # last 3 at most
    assert len(history) + len(query) <= 200
    history, query = suffix_tokens("louder", turns, _char_tokens, max_tokens=100)
    text = "".join(map(chr, history))
    assert len(history) + len(query) <= 100
    assert "turn number 4" in text and "turn number 3" not in text  # only the newest fits
    history, query = suffix_tokens("x" * 500, turns, _char_tokens, max_tokens=128)
    assert history == [] and len(query) == 128


def test_dev_set_is_valid_and_balanced() -> None:
    queries = load_queries(DEV_SET)
    assert len(queries) == 40
    assert {q.lang for q in queries} == {"en", "zh-CN"}
    assert all(INTENTS[q.intent].accepts(q.value) for q in queries)
    few_shot_texts = {t for t, _ in FEW_SHOT}
    assert not few_shot_texts & {q.text for q in queries}


def test_load_queries_names_bad_line(tmp_path) -> None:
    bad = tmp_path / "q.jsonl"
    bad.write_text(json.dumps({"text": "x", "lang": "en", "intent": "fly", "kind": "d"}) + "\n")
    with pytest.raises(InputError, match=r"q.jsonl:1: intent"):
        load_queries(bad)


class _TableResolver:
    """Answers from a lookup table: a stand-in to check the scoring arithmetic only."""

    def __init__(self, table: dict[str, tuple[str, object]]) -> None:
        self.table = table

    def resolve(self, query, history, lang, deadline_ms=None):
        from twin.assistant.resolver import ResolverResult

        if query not in self.table:
            return ResolverResult(raw="not json", ms=5.0)
        intent, value = self.table[query]
        return ResolverResult(raw=json.dumps({"intent": intent, "value": value}), ms=1.0)


def test_evaluate_scores_intent_value_kind_and_lang() -> None:
    from hil.llm.evaluate import evaluate

    queries = load_queries(DEV_SET)[:4]  # two en, two zh-CN, all kind "direct"
    table = {
        queries[0].text: (queries[0].intent, queries[0].value),  # right
        queries[1].text: (queries[1].intent, -1),  # right intent, wrong value
        queries[2].text: ("unknown", None),  # wrong intent
    }  # queries[3] gets unparsable output
    report = evaluate(_TableResolver(table), queries)
    assert report["intent_accuracy"] == 0.5 and report["intent_value_accuracy"] == 0.25
    assert report["weighted_intent_accuracy"] == 0.5  # the dev set has no weights: all 1
    assert report["by_kind"] == {"direct": {"n": 4, "accuracy": 0.5}}
    assert report["by_lang"]["en"]["accuracy"] == 0.5
    assert report["latency"]["p50_ms"] == 1.0
    assert report["top_confusions"][f"{queries[3].intent} -> None"] == 1
