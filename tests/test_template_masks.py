"""The narrow filter's clause and vocabulary checks as bit masks
(twin.assistant.template_masks) keep exactly the templates the one-at-a-time checks keep: on
hand-made templates (runs of pieces, digits, open vocabularies, CJK characters, empty and
missing clauses) and on every template of the shipped sets against every development text
and texts written from the templates, in both languages."""

from __future__ import annotations

from functools import cache

import pytest
from hassil.sample import sample_intents
from hassil.util import normalize_for_matching

from twin.assistant.nlu import shared_nlu
from twin.assistant.queries import load_queries
from twin.assistant.template_filter import ANY_DIGITS, _made_of
from twin.assistant.template_masks import Masks
from twin.assistant.template_narrow import NarrowFilter, _Texts
from twin.paths import QUERIES_DIR

LANGS = ("en", "zh-CN")


def _one_at_a_time(clauses: list[list[frozenset[str]]], vocabularies: list[frozenset[str] | None],
                   present: set[str], words: tuple[str, ...], cjk: bool) -> set[int]:
    return {i for i, (unit, vocabulary) in enumerate(zip(clauses, vocabularies, strict=True))
            if all(not present.isdisjoint(c) for c in unit)
            and (vocabulary is None or _made_of(words, vocabulary, cjk))}


def _kept(masks: Masks, present: set[str], words: tuple[str, ...]) -> set[int]:
    bits = masks.clauses(present)
    bits = masks.vocabulary(bits, words) if bits else 0
    return {i for i in range(bits.bit_length()) if bits >> i & 1}


_CLAUSES = [
    [frozenset({"fan"}), frozenset({"up", "higher"})],  # 0
    [frozenset({"fan"})],  # 1
    [],  # 2: nothing required
    [frozenset()],  # 3: an empty clause never holds
    [frozenset({"window"}), frozenset({"open"}), frozenset({"a bit", "slightly"})],  # 4
    [frozenset({"seat"})],  # 5
]
_VOCABULARIES: list[frozenset[str] | None] = [
    frozenset({"turn", "the", "fan", "up", "higher"}),
    frozenset({"fan", "to", "level", ANY_DIGITS}),
    None,
    frozenset({"anything"}),
    frozenset({"open", "the", "window", "a", "bit", "slightly"}),
    frozenset({"seat", "heat", "er", "on"}),
]


@pytest.mark.parametrize(("present", "words", "kept"), [
    ({"fan", "up"}, ("turn", "the", "fan", "up"), {0, 2}),
    ({"fan", "higher"}, ("fan", "higher"), {0, 2}),
    ({"fan"}, ("turn", "the", "fan", "up"), {2}),  # 0's second clause is unmet: dropped
    ({"fan"}, ("fan", "to", "level", "3"), {1, 2}),  # digits where a range reads them
    ({"fan"}, ("fan", "to", "level3"), {1, 2}),  # a run of a piece and digits
    ({"fan"}, ("fanto", "level", "33"), {1, 2}),  # a run of two pieces
    ({"fan"}, ("fan", "to", "levels"), {2}),  # "s" is no piece: only the open one
    ({"window", "open", "a bit"}, ("open", "the", "window", "a", "bit"), {2, 4}),
    ({"window", "open"}, ("open", "the", "window"), {2}),  # the third clause unmet
    ({"seat"}, ("seat", "heater", "on"), {2, 5}),  # "heater" = "heat" + "er"
    ({"seat"}, ("seat", "heatr", "on"), {2}),
    (set(), (), {2}),
])
def test_masks_keep_what_the_one_at_a_time_checks_keep(
        present: set[str], words: tuple[str, ...], kept: set[int]) -> None:
    masks = Masks(_CLAUSES, _VOCABULARIES, cjk=False)
    assert _kept(masks, present, words) == kept
    assert _one_at_a_time(_CLAUSES, _VOCABULARIES, present, words, cjk=False) == kept


def test_cjk_words_are_characters_and_make_no_runs() -> None:
    clauses = [[frozenset({"空调"})], [frozenset({"空调"})]]
    vocabularies: list[frozenset[str] | None] = [frozenset("打开空调"), frozenset({"打开", "空调"})]
    masks = Masks(clauses, vocabularies, cjk=True)
    words = tuple("打开空调")
    assert _kept(masks, {"空调"}, words) == {0}
    assert _one_at_a_time(clauses, vocabularies, {"空调"}, words, cjk=True) == {0}
    assert _kept(Masks(clauses, vocabularies, cjk=False), {"空调"}, ("打开空调",)) == {0, 1}


@cache
def _texts(lang: str) -> tuple[str, ...]:
    files = [QUERIES_DIR / "cabin_commands.jsonl", *sorted((QUERIES_DIR / "train").glob("*.jsonl")),
             *sorted(QUERIES_DIR.glob("holdout/*.jsonl"))]
    texts = [q.text for f in files for q in load_queries(f) if q.lang == lang]
    for template_pass in shared_nlu(lang).passes:
        texts += [text for _intent, text in sample_intents(
            template_pass.intents, slot_lists=template_pass.options.get("slot_lists"),
            max_sentences_per_intent=6, language=lang)]
    # digits glued to words, words run together, skip words at either end
    texts += [t.replace(" ", "", 1) for t in texts[:300]] + ["please " + t for t in texts[:100]]
    texts += ["set the fan to level3", "fan 3 please", "temperature22", "把温度调到22度"]
    return tuple(dict.fromkeys(texts))


@pytest.mark.parametrize("lang", LANGS)
def test_masks_keep_exactly_the_shipped_templates_the_checks_keep(lang: str) -> None:
    kept_some = 0
    for template_pass in shared_nlu(lang).passes:
        narrow = template_pass.filter
        assert isinstance(narrow, NarrowFilter)
        clauses = [list(c) for c in narrow._clauses]
        vocabularies = list(narrow._vocabularies)
        cjk = narrow._ignore_whitespace
        for text in _texts(lang):
            texts = _Texts(narrow, normalize_for_matching(text))
            present = narrow._index.present(texts.lines)
            words = texts.words()
            mine = _kept(narrow._masks, present, words)
            assert mine == _one_at_a_time(clauses, vocabularies, present, words, cjk), (
                text, template_pass.source)
            kept_some += bool(mine)
    assert kept_some > 500
