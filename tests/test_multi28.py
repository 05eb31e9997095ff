"""Several commands (twenty-eighth session): a function left by a sentence read whole is decided
on the one clause of its own that names it (cut also before a Chinese "then"), acted on when that
clause's decision is sure, else asked about as before. Sentences are variants written here,
never lines of a hold-out."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hil.llm.head import HeadDecision, _act
from hil.llm.several import _worded, unread


def _volume(level: int) -> HeadDecision:
    return _act("media_volume", "media_volume_set", level, "zh-CN")


def _fan(level: int) -> HeadDecision:
    return _act("climate_fan", "climate_set_fan", level, "zh-CN")


def _deciding(readings: dict[str, HeadDecision]) -> tuple[Callable[[str, bool], HeadDecision],
                                                         list[str]]:
    """A stand-in for the head: the decision for each clause it is given (unsure otherwise),
    and the clauses it was asked about."""
    seen: list[str] = []

    def decide(text: str, whole: bool) -> HeadDecision:
        assert not whole
        seen.append(text)
        return readings.get(text, HeadDecision("unknown", None, "?", "low_confidence", None))

    return decide, seen


def test_the_other_function_of_a_run_on_is_decided_on_its_own_clause() -> None:
    decide, seen = _deciding({"给我整个下一首": _act("media_track", "media_next", None, "zh-CN")})
    several = unread("给我整个下一首再把音量调到十八", _volume(18), "zh-CN", decide)
    assert several is not None
    assert seen == ["给我整个下一首"]  # cut before the "then", the volume's clause never read
    assert [(d.intent, d.value) for d in several.parts] == [
        ("media_volume_set", 18), ("media_next", None)]
    assert several.answer()["intent"] == "media_volume_set"


def test_a_story_before_the_order_stays_in_its_clause() -> None:
    closed = _act("window", "window_close", None, "zh-CN")
    decide, seen = _deciding({"工地灰太大了赶紧关窗": closed})
    several = unread("工地灰太大了赶紧关窗 再把风量开到四档", _fan(4), "zh-CN", decide)
    assert several is not None
    assert seen == ["工地灰太大了赶紧关窗"]  # the clause the sentence left (its story kept)
    assert [(d.intent, d.value) for d in several.parts] == [
        ("climate_set_fan", 4), ("window_close", None)]


@pytest.mark.parametrize("reading", [
    HeadDecision("unknown", None, "?", "low_confidence", "window"),  # unsure: asked
    _act("climate_fan", "climate_fan_up", 1, "zh-CN"),  # another topic: never acted on
])
def test_an_unsure_or_other_reading_of_the_clause_is_still_asked_about(
        reading: HeadDecision) -> None:
    decide, _ = _deciding({"工地灰太大了赶紧关窗": reading})
    several = unread("工地灰太大了赶紧关窗 再把风量开到四档", _fan(4), "zh-CN", decide)
    assert several is not None
    assert [(d.intent, d.topic, d.why) for d in several.parts[1:]] == [
        ("unknown", "window", "low_confidence")]
    assert several.first.topic == "window"  # the question is the one about the window


@pytest.mark.parametrize("text", [
    "车窗不用关 再把风量开到四档",  # a no in the clause: never acted on
    "车窗和风量都调一下 再把风量开到四档",  # the clause names the acted topic too
])
def test_a_clause_that_says_no_or_names_the_acted_topic_is_not_decided(text: str) -> None:
    decide, seen = _deciding({})
    unread(text, _fan(4), "zh-CN", decide)
    assert seen == []


def test_without_a_decider_the_function_left_is_asked_as_before() -> None:
    several = unread("给我整个下一首再把音量调到十八", _volume(18), "zh-CN")
    assert several is not None
    assert [(d.intent, d.topic) for d in several.parts[1:]] == [("unknown", "media_track")]


def test_a_verb_undone_by_un_is_asked_about_never_read_the_other_way() -> None:
    paused = _act("media_playback", "media_pause", None, "en")
    decide, seen = _deciding({"un-pause the tunes": paused})
    demist = _act("climate_defrost", "climate_defrost", None, "en")
    several = unread("demist the glass and un-pause the tunes", demist, "en", decide)
    assert seen == []
    assert several is not None
    assert all(d.intent != "media_pause" for d in several.parts)


@pytest.mark.parametrize("text", [
    "close the window, and then the music, a little louder please",
    "ciao music, pausa, and the window closed",
])
def test_an_english_thing_named_bare_is_asked_about_not_decided(text: str) -> None:
    played = _act("media_playback", "media_play", None, "en")
    decide, seen = _deciding({"the music": played, "ciao music": played})
    closed = _act("window", "window_close", None, "en")
    several = unread(text, closed, "en", decide)
    assert "the music" not in seen and "ciao music" not in seen
    assert several is None or all(d.intent != "media_play" for d in several.parts)


@pytest.mark.parametrize(("part", "want"), [
    ("seat heating for passenger on medium", ("seat_heat", "seat_heat_passenger", 2)),
    ("the window down a quarter", ("window", "window_set_position", 25)),
])
def test_a_setting_said_without_a_verb_is_read_from_its_words(part: str, want: tuple) -> None:
    assert _worded(part) == want


@pytest.mark.parametrize("part", [
    "the window is down a quarter",  # told: no setting
    "no seat heating for passenger on medium",  # a no
    "seat heating and fan on medium",  # two things
])
def test_no_setting_read_where_the_words_do_not_say_one(part: str) -> None:
    assert _worded(part) is None


@pytest.mark.parametrize("text", ["座椅加热关了吧 杠热", "副驾座椅加热开一下哦，小姐姐冷"])
def test_a_complaint_beside_the_order_is_its_reason_never_an_order(text: str) -> None:
    cooler = _act("climate_temperature", "climate_temperature_down", 1, "zh-CN")
    warmer = _act("climate_temperature", "climate_temperature_up", 1, "zh-CN")
    decide, seen = _deciding({"杠热": cooler, "小姐姐冷": warmer})
    seat = _act("seat_heat", "seat_heat_driver", 0, "zh-CN")
    several = unread(text, seat, "zh-CN", decide)
    assert seen == []
    assert several is None or [d.intent for d in several.acted] == ["seat_heat_driver"]
