"""A wildcard play's object is read for whether it is music (``twin/assistant/play_object.py``):
a thing one is told or a machine made like one ("the bread maker") never plays, in English and
Chinese; its music twins (a band named with "the", a title made like a machine's name but
played, a media word around the object) keep playing."""

from __future__ import annotations

import pytest

from twin.assistant.nlu import shared_nlu
from twin.assistant.play_object import object_kind


def _answer(text: str, lang: str) -> tuple[str, float, str]:
    r = shared_nlu(lang).parse(text, [])
    acts = r.command is not None and r.command.intent != "unknown" and r.confidence >= 0.85
    return (r.command.intent if acts and r.command is not None else "none", r.confidence,
            r.reason)


@pytest.mark.parametrize(("text", "lang"), [
    ("i want to hear the bus times", "en"), ("i would like to hear the exchange rate", "en"),
    ("let me hear my horoscope", "en"), ("play the lottery numbers", "en"),
    ("put my reminders on", "en"), ("can you put the election results on please", "en"),
    ("我想听股票行情", "zh-CN"), ("我想听球赛比分", "zh-CN"), ("我想听段子", "zh-CN"),
    ("我想听航班信息", "zh-CN")])
def test_thing_one_is_told_never_plays(text: str, lang: str) -> None:
    intent, confidence, reason = _answer(text, lang)
    assert (intent, reason) == ("none", "open_not_media")
    assert confidence >= 0.85  # out of domain, said by the rules: the fallback is not asked


@pytest.mark.parametrize("text", [
    "put the bread maker on", "stick the tumble drier on", "put my hairdryer on",
    "pop the central locking on for me", "can you put the security system on please",
    "put the electric blanket on"])
def test_machine_switched_on_never_plays(text: str) -> None:
    assert _answer(text, "en")[:3:2] == ("none", "open_not_media")


@pytest.mark.parametrize(("text", "lang"), [
    ("put the killers on", "en"), ("stick the rolling stones on", "en"),
    ("put a banger on", "en"), ("i want to hear the boxer", "en"), ("play the gambler", "en"),
    ("play my horoscope playlist", "en"), ("put the music back on", "en"),
    ("i want to hear the time warp", "en"), ("play some grime", "en"),
    ("我想听段子的歌", "zh-CN"), ("我想听成都", "zh-CN"), ("我想听彩虹", "zh-CN"),
    ("我想听相声", "zh-CN"), ("我想听周杰伦的晴天", "zh-CN")])
def test_music_twin_still_plays(text: str, lang: str) -> None:
    assert _answer(text, lang)[0] == "media_play"


@pytest.mark.parametrize(("query", "lang", "said", "kind"), [
    ("the bread maker", "en", "", "not_media"), ("the gambler", "en", "play the gambler", None),
    ("the gambler", "en", "put the gambler on", "not_media"),
    ("a banger", "en", "put a banger on", None), ("the killers", "en", "", None),
    ("the bus times", "en", "", "not_media"), ("the bus times song", "en", "", None),
    ("the heating", "en", "", "cabin"), ("something", "en", "put something on", None),
    ("段子", "zh-CN", "我想听段子", "not_media"), ("段子", "zh-CN", "我想听段子的歌", None),
    ("彩票开奖", "zh-CN", "", "not_media"), ("晴天", "zh-CN", "", None)])
def test_object_kind(query: str, lang: str, said: str, kind: str | None) -> None:
    assert object_kind(query, lang, said) == kind
