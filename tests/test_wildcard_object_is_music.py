"""A wildcard play's object is read for whether it is music (``twin/assistant/play_object.py``):
a thing one is told or a machine made like one ("the bread maker") never plays, in English and
Chinese, nor does the fallback play a Chinese thing one is told (放个段子); their music twins (a
band named with "the", a title made like a machine's name but played, a media word around the
object, a song named) keep playing."""

from __future__ import annotations

import pytest

from hil.llm.head import decided
from tests.helpers import sure_probs
from twin.assistant.nlu import shared_nlu
from twin.assistant.play_object import object_kind

CLASSES = ("media_play", "media_volume_up", "unknown")


def _answer(text: str, lang: str) -> tuple[str, float, str]:
    r = shared_nlu(lang).parse(text, [])
    acts = r.command is not None and r.command.intent != "unknown" and r.confidence >= 0.85
    return (r.command.intent if acts and r.command is not None else "none", r.confidence,
            r.reason)


@pytest.mark.parametrize("text", [
    "i want to hear the bus times", "i would like to hear the exchange rate",
    "let me hear my horoscope", "play the lottery numbers", "put my reminders on",
    "can you put the election results on please"])
def test_thing_one_is_told_never_plays(text: str) -> None:
    intent, confidence, reason = _answer(text, "en")
    assert (intent, reason) == ("none", "open_not_media")
    assert confidence >= 0.85  # out of domain, said by the rules: the fallback is not asked


@pytest.mark.parametrize("text", [
    "我想听股票行情", "我想听球赛比分", "我想听段子", "我想听航班信息"])
def test_zh_thing_one_is_told_is_no_title(text: str) -> None:
    intent, _, reason = _answer(text, "zh-CN")
    assert (intent, reason) == ("none", "open_out_of_scope")  # the fallback refuses (below)
    got = decided(CLASSES, sure_probs(CLASSES, "media_play"), text, "zh-CN")
    assert got.intent == "unknown"


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
    ("我想听成都", "zh-CN"), ("我想听彩虹", "zh-CN"),
    ("我想听相声", "zh-CN"), ("我想听周杰伦的晴天", "zh-CN")])
def test_music_twin_still_plays(text: str, lang: str) -> None:
    assert _answer(text, lang)[0] == "media_play"


@pytest.mark.parametrize(("query", "said", "kind"), [
    ("the bread maker", "", "not_media"), ("the gambler", "play the gambler", None),
    ("the gambler", "put the gambler on", "not_media"), ("a banger", "put a banger on", None),
    ("the killers", "", None), ("the bus times", "", "not_media"),
    ("the bus times", "put the bus times song on", None), ("the heating", "", "cabin"),
    ("something", "put something on", None)])
def test_object_kind(query: str, said: str, kind: str | None) -> None:
    assert object_kind(query, said) == kind


@pytest.mark.parametrize("text", ["放个段子", "播一下比分", "放个脑筋急转弯", "来点股票行情"])
def test_fallback_never_plays_a_thing_one_is_told(text: str) -> None:
    got = decided(CLASSES, sure_probs(CLASSES, "media_play"), text, "zh-CN")
    assert got.intent == "unknown"


@pytest.mark.parametrize("text", ["放个歌", "我想听周杰伦的晴天", "放个相声"])
def test_fallback_still_plays_its_music_twin(text: str) -> None:
    got = decided(CLASSES, sure_probs(CLASSES, "media_play"), text, "zh-CN")
    assert got.intent == "media_play"
