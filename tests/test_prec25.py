"""Rules precision (twenty-fifth session, prec25): lines the rules answered "cannot" with
confidence although they ask for a cabin function, now handed to the fallback: 喇叭 as the
speakers (the horn only when pressed), "do …" as an order (a question only before its
subject), and a question or aside the cabin cannot serve said beside a sure order. Variants of
each class, never a dev line itself, and near misses that must stay "cannot"."""

from __future__ import annotations

import pytest

from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import AssistantPolicy

_THRESHOLD = AssistantPolicy().threshold


def _cannot(lang: str, text: str) -> bool:
    """Whether the rules answer ``text`` themselves with a confident non-acting ``unknown``."""
    found = shared_nlu(lang).parse(text)
    return (found.confidence >= _THRESHOLD and found.command is not None
            and not found.command.actuates)


@pytest.mark.parametrize(("lang", "text"), [
    # 喇叭 as the car's speakers: the audio, not a device the cabin lacks
    ("zh-CN", "开会前让喇叭一点声音都别出"),
    ("zh-CN", "喇叭的声音大得我耳朵疼"),
    ("zh-CN", "孩子睡了 喇叭里别出声"),
    ("zh-CN", "喇叭吵死了"),
    # "do" said as an order
    ("en", "do the same for my side then, cheers"),
    ("en", "do the thing that clears the windscreen"),
    # a question or a story the cabin cannot serve, then a sure order
    ("en", "what a day at the office, put the fan on one"),
    ("zh-CN", "明天会下雪吗，算了，风量调到三档"),
])
def test_an_in_domain_line_is_not_answered_cannot(lang: str, text: str) -> None:
    assert not _cannot(lang, text)


@pytest.mark.parametrize(("lang", "text"), [
    # the horn, pressed
    ("zh-CN", "按一下喇叭"),
    ("zh-CN", "鸣两声喇叭给他们打个招呼"),
    ("zh-CN", "喇叭按两下"),
    # "do" before its subject still asks
    ("en", "do you know any good jokes"),
    ("en", "do i have a meeting this afternoon"),
    ("en", "do we need petrol"),

    # a question alone, and one beside no order
    ("en", "where are we even"),
    ("zh-CN", "明天会下雪吗"),
])
def test_a_request_the_cabin_cannot_serve_stays_cannot(lang: str, text: str) -> None:
    assert _cannot(lang, text)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "do not open the window, the dog will jump out"),  # a refusal, not an order
    ("zh-CN", "按两下喇叭 别开窗"),
])
def test_a_refusal_or_a_horn_never_acts(lang: str, text: str) -> None:
    found = shared_nlu(lang).parse(text)
    assert not (found.command is not None and found.command.actuates
                and found.confidence >= _THRESHOLD)


@pytest.mark.parametrize(("text", "want"), [
    ("kindly do the needful and turn the fan to three", [("climate_set_fan", 3)]),
    ("do one thing, put the temperature on 21", [("climate_set_temperature", 21)]),
])
def test_a_lead_in_that_asks_nothing_leaves_the_order(text: str, want: list[tuple]) -> None:
    found = shared_nlu("en").parse(text)
    acted = [(p.command.intent, p.command.value) for p in found.parts or (found,)
             if p.command is not None and p.command.actuates]
    assert acted == want and found.confidence >= _THRESHOLD


@pytest.mark.parametrize(("lang", "text"), [
    # a cabin device and its level after a play verb: no song to play
    ("en", "blast the fan to seven please"),
    ("en", "then crank the aircon up to max"),
])
def test_a_play_verb_over_no_title_plays_nothing(lang: str, text: str) -> None:
    found = shared_nlu(lang).parse(text)
    assert all(p.intent != "media_play" for p in found.parts or (found,))


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "blast some rock"),
    ("en", "play air supply"),
    ("zh-CN", "放一首周杰伦的歌"),
])
def test_a_title_still_plays(lang: str, text: str) -> None:
    assert shared_nlu(lang).parse(text).intent == "media_play"
