"""hassil's first match of one template with the text prepared once
(twin.assistant.template_match) is ``hassil.recognize``'s, field by field: on every candidate
template of every development text, and on texts hassil's sampler writes from every template
(slot values, numbers, wildcards), in both languages and all three template sets; and the
best match (every match of every candidate, hassil's ranking) is ``hassil.recognize_best``'s."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hassil import recognize, recognize_all, recognize_best
from hassil.intents import Intent, TextSlotList, WildcardSlotList
from hassil.parse_expression import parse_sentence
from hassil.recognize import RecognizeResult, _get_ranked_score
from hassil.sample import sample_intents
from hassil.util import TrackedText, normalize_for_matching, remove_skip_words_tracked

from twin.assistant.nlu import shared_nlu
from twin.assistant.queries import load_queries
from twin.assistant.template_match import (
    Prepared,
    fewest_wildcards,
    ranked_first,
    settings_for,
    wildcards,
)
from twin.assistant.template_narrow import NarrowFilter, _Texts
from twin.paths import QUERIES_DIR

LANGS = ("en", "zh-CN")


@cache
def _texts(lang: str) -> tuple[str, ...]:
    files = [QUERIES_DIR / "cabin_commands.jsonl", *sorted((QUERIES_DIR / "train").glob("*.jsonl"))]
    texts = [q.text for f in files for q in load_queries(f) if q.lang == lang]
    for template_pass in shared_nlu(lang).passes:
        texts += [text for _intent, text in sample_intents(
            template_pass.intents, slot_lists=template_pass.options.get("slot_lists"),
            max_sentences_per_intent=6, language=lang)]
    # skip words at either end, and said in the middle
    texts += ["please " + t for t in texts[:200]] + [t + " please" for t in texts[:200]]
    return tuple(dict.fromkeys(texts))


def _every_text(lang: str, extra: tuple[str, ...] = ()
                ) -> Iterator[tuple[NarrowFilter, dict[str, Any], str, TrackedText]]:
    """Each template set's filter and ``recognize`` options, with each text (normalised)."""
    for template_pass in shared_nlu(lang).passes:
        narrow = template_pass.filter
        assert isinstance(narrow, NarrowFilter)
        for text in (*_texts(lang), *extra):
            yield narrow, template_pass.options, text, normalize_for_matching(text)


def _fields(found: RecognizeResult | None) -> Any:
    if found is None:
        return None
    return (found.intent.name, id(found.intent_sentence), found.text_chunks_matched,
            found.response, found.context, found.original_text,
            [(e.name, e.value, e.text, e.text_span, e.is_wildcard, e.is_wildcard_open)
             for e in found.entities_list])


@pytest.mark.parametrize("lang", LANGS)
def test_prepared_first_match_is_hassils_on_every_candidate(lang: str) -> None:
    compared = matched = 0
    for narrow, options, text, normalised in _every_text(lang):
        ids, texts = narrow._narrowed(normalised)
        prepared = Prepared(text, normalised, narrow.intents, options)
        for index in ids:
            unit = narrow._unit(index, texts)
            if unit is None:
                continue
            data = unit[1][0]
            theirs = recognize(text, narrow._restricted({unit[0]: Intent(*unit)}), **options)
            mine = prepared.first(Intent(*unit), data, data.sentences[0],
                                  settings_for(narrow.intents, data, options))
            assert _fields(mine) == _fields(theirs), (text, unit[0])
            compared += 1
            matched += theirs is not None
    assert compared > 1000 and matched > 500


def test_the_text_as_given_is_left_as_it_was() -> None:
    narrow = shared_nlu("en").passes[0].filter
    normalised = normalize_for_matching("please turn the fan up please")
    before = (normalised.text, list(normalised.offsets))
    Prepared("please turn the fan up please", normalised, narrow.intents, {"language": "en"})
    assert (normalised.text, normalised.offsets) == before


def _ranked_fields(found: RecognizeResult | None) -> Any:
    """As :func:`_fields`, the template by its text (each path cuts its own copy of it)."""
    fields = _fields(found)
    return None if found is None else (found.intent_sentence.text, *fields[:1], *fields[2:])


@pytest.mark.parametrize("lang", LANGS)
def test_best_match_is_hassils_recognize_best_on_every_template_set(lang: str) -> None:
    """The open templates' best match with the text prepared once is ``recognize_best`` on
    the same candidates; tried on all three template sets (the cabin's and Home Assistant's
    have slot lists, context and many matches per text), every dev and sampled text."""
    compared = matched = 0
    for narrow, options, text, normalised in _every_text(lang):
        selected = narrow.select(text, normalised)
        theirs = None if selected is None else recognize_best(text, selected, **options)
        mine = narrow.recognize(text, normalised, True, options)
        assert _ranked_fields(mine) == _ranked_fields(theirs), text
        compared += 1
        matched += theirs is not None
    assert compared > 1000 and matched > 500


def test_ranked_first_is_the_first_of_the_best_ranked() -> None:
    narrow = shared_nlu("en").passes[2].filter
    text = "play some jazz"
    normalised = normalize_for_matching(text)
    selected = narrow.select(text, normalised)
    assert selected is not None
    every = list(recognize_all(text, selected, language="en"))
    assert len(every) >= 2  # several open templates read it: the ranking decides
    best = ranked_first(every)
    assert best is not None and best is recognize_ranked_first(every)
    assert ranked_first([]) is None


def recognize_ranked_first(results: list[RecognizeResult]) -> RecognizeResult:
    """hassil's own ranking: a stable sort by its score, the first."""
    return sorted(results, key=lambda r: _get_ranked_score(r, None, None))[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_text_less_skip_words_is_hassils_without_its_regex(lang: str) -> None:
    """What the narrow filter hands :class:`Prepared` as the text less skip words is what
    ``remove_skip_words_tracked`` makes of it (text and offsets), also for a text where none
    occurs and punctuation left two spaces ("turn on , the fan")."""
    spaced = tuple(f"{t} , {t}" if lang == "en" else f"{t} ， {t}" for t in _texts(lang)[:100])
    for narrow, _options, text, normalised in _every_text(lang, spaced):
        theirs = normalised.copy()
        remove_skip_words_tracked(theirs, narrow.intents.skip_words,
                                  narrow.intents.settings.ignore_whitespace)
        mine = _Texts(narrow, normalised).no_skip()
        assert (mine.text, mine.offsets) == (theirs.text, theirs.offsets), text


def _sentence(text: str) -> Any:
    return parse_sentence(text)


def test_fewest_wildcards_counts_what_every_match_needs() -> None:
    lists = {"q": WildcardSlotList("q"), "a": WildcardSlotList("a"),
             "n": TextSlotList.from_strings(["one"])}
    rules = {"r": _sentence("say {q}"), "s": _sentence("[{a}]")}
    for template, want in [
        ("play {q}", 1), ("play {q} by {a}", 2), ("play [{q}]", 0), ("(play {q}|stop)", 0),
        ("(play {q}|put {a} on {q})", 1), ("<r> and <r>", 2), ("<s> {q}", 1),
        ("(play;{q};{a})", 2), ("set {n}", 0), ("{unknown} {q}", 1), ("<missing>", 0),
    ]:
        assert fewest_wildcards(_sentence(template).expression, rules, lists) == want, template


@pytest.mark.parametrize("lang", LANGS)
def test_no_match_has_fewer_wildcards_than_its_templates_bound(lang: str) -> None:
    """The bound is sound: every match of every candidate (every dev and sampled text, all
    three template sets) has at least as many wildcards as its template's bound."""
    checked = bounded = 0
    for narrow, options, text, normalised in _every_text(lang):
        selected = narrow.select(text, normalised)
        if selected is None:
            continue
        for found in recognize_all(text, selected, **options):
            index = _index_of(narrow, found)
            assert wildcards(found) >= narrow._fewest[index], (text, found.intent_sentence)
            checked += 1
            bounded += narrow._fewest[index] > 0
    assert checked > 500 and bounded > 50


def _index_of(narrow: NarrowFilter, found: RecognizeResult) -> int:
    """The template (candidate index) a match came from, by its sentence text."""
    said = found.intent_sentence.text if found.intent_sentence is not None else None
    return next(i for i, (name, data) in enumerate(narrow._units)
                if name == found.intent.name and data.sentences[0].text == said)


def test_a_template_needing_more_wildcards_than_the_best_so_far_is_not_matched(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"play some jazz": a template without a wildcard reads it, so the open templates that
    need one are not matched, and the answer is still hassil's best."""
    narrow = shared_nlu("en").passes[2].filter
    text = "play some jazz"
    normalised = normalize_for_matching(text)
    matched: list[int] = []
    every = Prepared.every

    def spy(self: Prepared, intent: Intent, data: Any, sentence: Any, settings: Any,
            program: Any = None) -> Iterator[RecognizeResult]:
        matched.append(_index_of_sentence(narrow, sentence))
        return every(self, intent, data, sentence, settings, program)

    monkeypatch.setattr(Prepared, "every", spy)
    mine = narrow.recognize(text, normalised, True, {"language": "en"})
    selected = narrow.select(text, normalised)
    assert selected is not None
    theirs = recognize_best(text, selected, language="en")
    assert _ranked_fields(mine) == _ranked_fields(theirs)
    candidates = narrow.candidate_ids(text, normalised)
    assert any(narrow._fewest[i] > 0 for i in candidates)  # wildcard templates are candidates
    assert all(narrow._fewest[i] == 0 for i in matched)  # and none of them was matched


def _index_of_sentence(narrow: NarrowFilter, sentence: Any) -> int:
    return next(i for i, (_, data) in enumerate(narrow._units)
                if data.sentences[0].text == sentence.text)
