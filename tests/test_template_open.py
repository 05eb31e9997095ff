"""An open template's compiled head (twin.assistant.template_open) gives hassil's matches:
every match (and the first) of every open template the narrow filter keeps for a text, whole
or cut down to the text as the filter reads it, is hassil's, field by field (spans, values,
``is_wildcard_open``), in hassil's order, on every development and sampled text of both
languages and on written cases; a template with no closed head is left to hassil."""

from __future__ import annotations

from typing import Any

import pytest
from hassil.intents import Intent
from hassil.util import normalize_for_matching

from tests.test_template_compiled import _fields, _one, _texts
from twin.assistant.nlu import shared_nlu
from twin.assistant.template_match import Prepared, settings_for
from twin.assistant.template_narrow import NarrowFilter
from twin.assistant.template_open import compile_open

LANGS = ("en", "zh-CN")


@pytest.mark.parametrize("lang", LANGS)
def test_every_match_of_an_open_template_is_hassils(lang: str) -> None:
    compared = matched = several = opened = 0
    for template_pass in shared_nlu(lang).passes:
        narrow = template_pass.filter
        assert isinstance(narrow, NarrowFilter)
        options = template_pass.options
        for text in _texts(lang):
            normalised = normalize_for_matching(text)
            ids, texts = narrow._narrowed(normalised)
            prepared = Prepared(text, normalised, narrow.intents, options, texts.no_skip())
            for index in ids:
                name, whole = narrow._units[index]
                settings = narrow._settings(index, whole, options)
                program = narrow._opens.get(index, whole.sentences[0], settings)
                if program is None:
                    continue
                opened += 1
                matchable = narrow._matchable(index, texts, options, compiled=False)
                cut = [] if matchable is None else [matchable[1]]
                for data in [whole, *cut]:  # whole, and as _best reads it
                    sentence, intent = data.sentences[0], Intent(name, [data])
                    theirs = [_fields(r) for r in prepared.every(intent, data, sentence,
                                                                 settings)]
                    mine = [_fields(r) for r in prepared.every(intent, data, sentence,
                                                               settings, program)]
                    assert mine == theirs, (text, name, str(sentence.text))
                    assert _fields(prepared.first(intent, data, sentence, settings, program)) \
                        == _fields(prepared.first(intent, data, sentence, settings)), text
                    compared += 1
                    matched += bool(theirs)
                    several += len(theirs) > 1
    assert opened > 300 and compared > 600 and matched > 200 and several > 20, (
        opened, compared, matched, several)


def _every(template: str, texts: list[str], **kwargs: Any) -> int:
    """Compare every match of ``template`` with hassil's on ``texts``; how many matched."""
    intents, intent = _one(template, **kwargs)
    data = intent.data[0]
    options = {"language": intents.language}
    settings = settings_for(intents, data, options)
    sentence = data.sentences[0]
    program = compile_open(sentence.expression, settings)
    assert program is not None
    matched = 0
    for text in texts:
        prepared = Prepared(text, normalize_for_matching(text), intents, options)
        theirs = [_fields(r) for r in prepared.every(intent, data, sentence, settings)]
        assert [_fields(r) for r in prepared.every(intent, data, sentence, settings,
                                                   program)] == theirs, text
        matched += bool(theirs)
    return matched


def test_written_open_templates_match_as_hassil_does() -> None:
    lists = {"query": {"wildcard": True}, "anything": {"wildcard": True},
             "colour": {"values": ["red", "dark red"]}}
    assert _every("(play|put on) [some] {query} [please]",
                  ["play some jazz", "put on some some jazz please", "play", "stop"],
                  lists=lists) == 2
    assert _every("[please] turn [the] {anything} (on|off) [now]",
                  ["turn the lights on on", "please turn off off now", "turn on"],
                  lists=lists) == 2
    assert _every("paint it {colour} {query} by {anything}",
                  ["paint it dark red fast by me", "paint it red red by by x"],
                  lists=lists) == 2
    assert _every("放[一首]{query}的(歌|歌曲)", ["放一首周杰伦的歌", "放一首的歌的歌", "放歌"],
                  lists=lists, language="zh-CN") == 2


def test_a_template_with_no_closed_head_is_left_to_hassil() -> None:
    lists = {"query": {"wildcard": True}}
    for template in ("{query} please", "play {query}", "(play {query}|stop)"):
        intents, intent = _one(template, lists=lists)
        data = intent.data[0]
        settings = settings_for(intents, data, {"language": "en"})
        compiled = compile_open(data.sentences[0].expression, settings)
        assert (compiled is None) == (template != "play {query}"), template
