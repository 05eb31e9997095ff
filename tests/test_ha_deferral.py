"""Home Assistant's pass is not matched when its answer could only be deferred (or none).

``RuleNLU._match_passes`` defers Home Assistant's wildcard media search ("play {anything}") to
the cabin's open templates. When every Home Assistant template that can match a text is that
search with a wildcard in every match, the pass is matched only if the open pass has nothing;
when none can match, not at all. These tests check the answer is the one of matching every
pass in order, and that the shortcut is taken where it applies.
"""

from __future__ import annotations

from typing import Any

import pytest
from hassil.recognize import RecognizeResult

from twin.assistant.nlu import RuleNLU, _open_media, shared_nlu
from twin.assistant.template_narrow import NarrowFilter
from twin.assistant.tracked_text import normalised_for_matching

TEXTS = {
    "en": ["play some jazz", "play something", "play a game with me", "play the news",
           "set a timer for 5 minutes", "turn on the fan", "what's the weather like",
           "crank the AC", "play some music and turn the fan up", "hey car"],
    "zh-CN": ["放一首周杰伦的歌", "播放音乐", "打开风扇", "今天天气怎么样", "来点音乐"],
}


def _every_pass(nlu: RuleNLU, text: str) -> tuple[str, RecognizeResult | None]:
    """The passes matched one after another, as before the shortcut."""
    normalised = normalised_for_matching(text)
    deferred = None
    for p in nlu.passes:
        found = p.filter.recognize(text, normalised, p.best, p.options)
        if found is None:
            continue
        if p.source == "home_assistant" and _open_media(found):
            deferred = found
            continue
        return p.source, found
    return ("home_assistant", deferred) if deferred is not None else ("none", None)


def _said(answer: tuple[str, RecognizeResult | None]) -> Any:
    source, found = answer
    if found is None:
        return source, None
    return source, found.intent.name, sorted(
        (k, e.text, str(e.value), e.is_wildcard) for k, e in found.entities.items())


@pytest.mark.parametrize("lang", sorted(TEXTS))
def test_the_answer_is_every_pass_in_order(lang: str) -> None:
    nlu = shared_nlu(lang)
    for text in TEXTS[lang]:
        assert _said(nlu._match_passes(text)) == _said(_every_pass(nlu, text)), text


def test_the_media_search_alone_is_deferred_unmatched() -> None:
    ha = shared_nlu("en").passes[1]
    assert ha.source == "home_assistant" and isinstance(ha.filter, NarrowFilter)
    media = frozenset({"HassMediaSearchAndPlay"})
    assert ha.filter.can_match(normalised_for_matching("play some jazz"), media) == (True, False)
    # a timer is another intent: the pass is matched in its turn
    assert ha.filter.can_match(normalised_for_matching("set a timer for 5 minutes"),
                               media) == (True, True)
    assert ha.filter.can_match(normalised_for_matching("crank the AC"), media)[0] is False


def test_candidates_are_a_copy() -> None:
    ha = shared_nlu("en").passes[1].filter
    normalised = normalised_for_matching("play some jazz")
    ids = ha.candidate_ids("play some jazz", normalised)
    ids.clear()
    assert ha.candidate_ids("play some jazz", normalised) != []


def test_a_deferred_search_is_not_matched_when_the_open_pass_answers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    nlu = RuleNLU("en")
    ha = nlu.passes[1].filter
    called: list[str] = []
    plain = ha.recognize

    def counted(text: str, *args: Any) -> RecognizeResult | None:
        called.append(text)
        return plain(text, *args)

    monkeypatch.setattr(ha, "recognize", counted)
    source, found = nlu._match_passes("play some jazz")
    assert (source, found and found.intent.name) == ("cabin_open", "media_play")
    assert called == []
    nlu._match_passes("set a timer for 5 minutes")
    assert called == ["set a timer for 5 minutes"]
