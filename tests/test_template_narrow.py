"""The narrow template filter (shapes, set-based clauses, pruned templates) changes no answer.

The acceptance test is equivalence: on every development file in the repository the rule NLU
with the narrow filter gives exactly the answers of the plain filter (intent, value,
confidence, feedback, reason, source, matched template, every split part), and hassil's
matches are unchanged template by template.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hassil.expression import Sentence, TextChunk
from hassil.intents import Intent, RangeSlotList, TextSlotList, WildcardSlotList
from hassil.parse_expression import parse_sentence
from hassil.recognize import RecognizeResult, recognize_all
from hassil.sample import sample_intents
from hypothesis import given, settings
from hypothesis import strategies as st

from twin.assistant.nlu import RuleNLU, RuleResult, shared_nlu
from twin.assistant.queries import LabelledQuery, load_queries
from twin.assistant.template_narrow import NarrowFilter
from twin.assistant.template_prune import Pruner
from twin.assistant.template_shape import project, shape
from twin.paths import QUERIES_DIR

LANGS = ("en", "zh-CN")


@cache
def _plain(lang: str) -> RuleNLU:
    """The rule NLU with the plain template filter (the path before the narrow one)."""
    return RuleNLU(lang, narrow=False)


@cache
def _dev_queries() -> tuple[LabelledQuery, ...]:
    queries = load_queries(QUERIES_DIR / "cabin_commands.jsonl")
    for path in sorted((QUERIES_DIR / "train").glob("*.jsonl")):
        queries += load_queries(path)
    return tuple(queries)


@cache
def _texts(lang: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(q.text for q in _dev_queries() if q.lang == lang))


def _outcome(result: RuleResult) -> RuleResult:
    """Everything but the measured times (of the result and of each split part)."""
    return replace(result, ms=0.0, split=tuple(_outcome(p) for p in result.split))


def _matches(results: list[RecognizeResult]) -> list[tuple[Any, ...]]:
    return [
        (r.intent.name, r.text_chunks_matched,
         tuple((e.name, e.value, e.text, e.is_wildcard) for e in r.entities_list))
        for r in results
    ]


def test_the_dev_files_are_all_there() -> None:
    assert len(list((QUERIES_DIR / "train").glob("*.jsonl"))) >= 7
    assert len(_dev_queries()) > 1500


def test_narrow_and_plain_filters_give_identical_answers_on_every_dev_file() -> None:
    """Every line of ``cabin_commands.jsonl`` and ``train/*.jsonl``, with its history."""
    split = 0
    for q in _dev_queries():
        narrow = shared_nlu(q.lang).parse(q.text, q.history)
        plain = _plain(q.lang).parse(q.text, q.history)
        assert _outcome(narrow) == _outcome(plain), q.text
        split += bool(narrow.split)
    assert split >= 10  # the multi-command search is exercised too


@pytest.mark.parametrize("lang", LANGS)
def test_narrow_candidates_are_plain_candidates_and_keep_every_hassil_match(lang: str) -> None:
    narrow, plain = shared_nlu(lang), _plain(lang)
    dropped = 0
    for text in _texts(lang):
        for mine, theirs in zip(narrow.passes, plain.passes, strict=True):
            assert isinstance(mine.filter, NarrowFilter)
            kept = set(mine.filter.candidate_ids(text))
            before = set(theirs.filter.candidate_ids(text))
            matching = {
                id(r.intent_sentence)
                for r in recognize_all(text, mine.intents, **mine.options)
            }
            assert kept <= before, (text, mine.source)
            assert matching <= {id(mine.filter.sentence(i)) for i in kept}, (text, mine.source)
            dropped += len(before - kept)
    # the shapes leave out templates the plain filter keeps: on average about one a line (long
    # indirect complaints, train/indirect_dev23.jsonl, leave fewer than commands do)
    assert dropped > len(_texts(lang)) // 2


@pytest.mark.parametrize("lang", LANGS)
def test_shapes_fit_every_text_sampled_from_the_templates(lang: str) -> None:
    """hassil's sampler writes texts from every template (slot values, numbers in digits and
    words): each template that matches such a text is still a candidate."""
    for template_pass in shared_nlu(lang).passes:
        samples = sample_intents(
            template_pass.intents,
            slot_lists=template_pass.options.get("slot_lists"),
            max_sentences_per_intent=8,
            language=lang,
        )
        for _intent, text in samples:
            matching = {
                id(r.intent_sentence)
                for r in recognize_all(text, template_pass.intents, **template_pass.options)
            }
            kept = {id(template_pass.filter.sentence(i))
                    for i in template_pass.filter.candidate_ids(text)}
            assert matching <= kept, (text, template_pass.source)


@pytest.mark.parametrize("lang", LANGS)
def test_pruned_templates_give_hassil_the_same_matches_in_the_same_order(lang: str) -> None:
    pruned_some = 0
    for template_pass in shared_nlu(lang).passes:
        narrow = template_pass.filter
        assert isinstance(narrow, NarrowFilter)
        for text in _texts(lang):
            ids, texts = narrow._narrowed(_normalised(text))
            for index in ids:
                name, data = narrow._units[index]
                unit = narrow._unit(index, texts)
                assert unit is not None, (text, name)
                whole = replace(template_pass.intents, intents={name: Intent(name, [data])})
                cut = replace(whole, intents={name: Intent(*unit)})
                before = _matches(list(recognize_all(text, whole, **template_pass.options)))
                after = _matches(list(recognize_all(text, cut, **template_pass.options)))
                assert after == before, (text, name, data.sentences[0].text)
                pruned_some += unit[1][0] is not data
    assert pruned_some > 20


@pytest.mark.parametrize("lang", LANGS)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_narrow_and_plain_agree_on_texts_made_of_template_words(
    lang: str, data: st.DataObject
) -> None:
    words = sorted({w for t in _texts(lang) for w in (t.split() if lang == "en" else list(t))})
    drawn = data.draw(st.lists(st.sampled_from(words), min_size=1, max_size=7))
    text = (" " if lang == "en" else "").join(drawn)
    assert _outcome(shared_nlu(lang).parse(text)) == _outcome(_plain(lang).parse(text))


# --- the pieces --------------------------------------------------------------------------------


def _normalised(text: str) -> Any:
    from hassil.util import normalize_for_matching

    return normalize_for_matching(text)


def test_projection_folds_case_and_drops_what_hassil_may_skip() -> None:
    assert project("Turn-ON the A.C., please!") == "turnontheacplease"
    assert project("把 空调，调到 26度。") == "把空调调到26度"
    assert project("set_it to 50%") == "setitto50%"  # "%" is no punctuation to hassil


def _shape(template: str, lists: dict[str, Any] | None = None, rules: dict[str, str] | None = None,
           language: str = "en") -> Any:
    parsed_rules = {k: parse_sentence(v) for k, v in (rules or {}).items()}
    return shape(parse_sentence(template).expression, parsed_rules, lists or {}, language)


def test_a_shape_reads_order_lists_ranges_and_wildcards() -> None:
    temp = RangeSlotList(name="temp", start=16, stop=30)
    seat = TextSlotList.from_strings(["driver", "passenger seat"])
    pattern = _shape("<can> (set|put) [the] {seat} to {temp} degrees",
                     {"temp": temp, "seat": seat}, {"can": "[can you] [please]"})
    assert pattern is not None
    for text in ("set the driver to 22 degrees", "can you put passenger seat to twenty two degrees",
                 "Set the Driver to 22 degrees."):
        assert pattern.fullmatch(project(text)), text
    for text in ("the driver set to 22 degrees", "set the driver to 22",
                 "set the rear to 22 degrees"):
        assert not pattern.fullmatch(project(text)), text
    anything = _shape("play {query} please", {"query": WildcardSlotList(name="query")})
    assert anything is not None and anything.fullmatch(project("play some jazz please"))
    assert not anything.fullmatch(project("please play some jazz"))


def test_a_shape_is_not_written_for_what_it_does_not_know() -> None:
    assert _shape("turn on {nothing}") is None  # no such list
    assert _shape("turn on <nothing>") is None  # no such rule
    inline = _shape("fan {1..7:level}", language="en")  # hassil makes this range itself
    assert inline is not None and inline.fullmatch(project("fan 5"))
    assert inline.fullmatch(project("fan five"))


def _chunks(exp: Any) -> set[str]:
    """The words of every text chunk in ``exp`` (rules written inline)."""
    if isinstance(exp, TextChunk):
        return {exp.text.strip()} - {""}
    return set().union(*(_chunks(i) for i in getattr(exp, "items", ())))


def test_a_pruner_drops_branches_whose_words_are_missing_and_keeps_the_rest() -> None:
    rules = {"can": parse_sentence("[(can|could|would) you] [please]"),
             "up": parse_sentence("(turn|crank|pump|bring) (it|the music|the volume) up")}
    sentence = parse_sentence("<can> <up> [a bit]", keep_text=True)
    pruner = Pruner(sentence, rules)
    assert pruner.branches >= 8
    cut = pruner.for_text(project("could you turn it up"))
    assert cut is not None and cut is not sentence and cut.text == sentence.text
    words = _chunks(cut.expression)
    assert "crank" not in words and "could" in words and {"turn", "it"} <= words
    assert "can" not in words and "the music" not in words
    assert pruner.for_text(project("lower it")) is None  # "up" is nowhere
    whole = Sentence(expression=parse_sentence("louder").expression, text="louder")
    assert Pruner(whole, {}).for_text("anything") is whole


@pytest.mark.parametrize("lang", LANGS)
def test_filters_sharing_one_fragment_look_up_keep_what_each_keeps_alone(lang: str) -> None:
    """The NLU's three filters look a text's fragments up once (``share_fragments``): each
    keeps exactly the candidates a filter of its own keeps, on every dev text and on texts
    with skip words (whose lines differ between the sets), read in pass order and repeated."""
    nlu = shared_nlu(lang)
    alone = [NarrowFilter(p.intents, p.options.get("slot_lists")) for p in nlu.passes]
    assert all(a._present != p.filter._present for a, p in zip(alone, nlu.passes, strict=True))
    skips = sorted({w for p in nlu.passes for w in p.intents.skip_words})
    texts = [*_texts(lang), *(f"{w} {t}" for w in skips for t in _texts(lang)[:40])]
    kept = 0
    for text in texts:
        for _ in range(2):
            for mine, own in zip(nlu.passes, alone, strict=True):
                assert isinstance(mine.filter, NarrowFilter)
                ids = mine.filter.candidate_ids(text)
                assert ids == own.candidate_ids(text), (text, mine.source)
                kept += bool(ids)
    assert kept > len(texts)
