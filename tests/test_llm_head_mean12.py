"""Wrong actions of the mean-pooled head found out of file in the twelfth session (holdout11's
even lines and every-line leave-one-out on ``train/hard_dev.jsonl``), pinned by variants, not
the development lines; the head is made to lean to the wrong action, so these hold whatever the
pooling: a window moved as a command beside a felt temperature is the window (the cold is the
reason); "the song before this" is the previous track, not play; a window opened "little bit"
(no article) is opened a crack, never all the way."""

from __future__ import annotations

import pytest

from tests.helpers import head_answer as _answer


@pytest.mark.parametrize(("text", "lang", "expected"), [
    ("lower the window, it's roasting in here", "en", "window_open"),
    ("please shut the windows i'm freezing", "en", "window_close"),
    ("it's chilly, close the window", "en", "window_close"),
    ("太冷了，把车窗关上", "zh-CN", "window_close"),
    ("热死了，打开车窗", "zh-CN", "window_open"),
])
def test_a_window_asked_for_beside_a_felt_temperature_is_the_window(
        text: str, lang: str, expected: str) -> None:
    lean = "climate_temperature_down" if expected == "window_open" else "climate_temperature_up"
    d = _answer(text, lang, **{lean: 0.8})
    assert d.intent in (expected, "unknown")
    assert d.topic == "window"


@pytest.mark.parametrize("text", [
    "pull the windows up, it's getting chilly",  # the way not read: ask, never the heat
    "raise the window please, i'm cold",
])
def test_a_window_said_without_its_way_is_asked_never_the_temperature(text: str) -> None:
    d = _answer(text, "en", climate_temperature_up=0.8)
    assert d.intent not in ("climate_temperature_up", "climate_temperature_down",
                            "climate_set_temperature")
    assert d.topic == "window"


def test_a_felt_temperature_with_the_window_as_a_state_is_still_the_temperature() -> None:
    # the window said as a circumstance, not moved: the cold is what is asked
    d = _answer("窗户开着好冷", "zh-CN", climate_temperature_up=0.8)
    assert (d.intent, d.value) == ("climate_temperature_up", 1)


@pytest.mark.parametrize("text", [
    "play the track before this one again",
    "can you go back to the song before",
    "put the tune just before this one on again",
])
def test_the_song_before_this_is_the_previous_track(text: str) -> None:
    d = _answer(text, "en", media_play=0.8)
    assert d.intent in ("media_previous", "unknown")
    assert d.intent != "media_play"


@pytest.mark.parametrize("text", [
    "window open little bit please", "open the window just little", "could you open window "
    "slightly", "open window only a bit",
])
def test_a_little_window_is_a_crack_never_all_the_way(text: str) -> None:
    d = _answer(text, "en", window_open=0.8)
    assert d.intent != "window_open"
    if d.intent != "unknown":
        assert (d.intent, d.value) == ("window_set_position", 50)  # a crack, kept at the start


def test_a_window_opened_without_a_small_amount_still_opens() -> None:
    assert _answer("open the window please", "en", window_open=0.8).intent == "window_open"


@pytest.mark.parametrize(("text", "lang"), [
    # "next"/"previous" of something that is not played: the mean head skipped the track
    ("remind me about my next appointment", "en"),
    ("cancel the next alarm", "en"),
    ("what's on my calendar for next week", "en"),
    ("take the next exit", "en"),
    ("delete the previous reminder", "en"),
    ("下一个路口怎么走", "zh-CN"),
    ("上一次保养是什么时候", "zh-CN"),
])
def test_next_or_previous_of_something_not_played_is_no_track(text: str, lang: str) -> None:
    d = _answer(text, lang, media_next=0.5, media_previous=0.3)
    assert d.intent == "unknown"
    assert d.why in ("not_grounded", "out_of_scope", "out_of_domain")


@pytest.mark.parametrize(("text", "lang", "expected"), [
    ("skip to the next", "en", "media_next"), ("next one please", "en", "media_next"),
    ("next song", "en", "media_next"), ("go to the previous track", "en", "media_previous"),
    ("下一首", "zh-CN", "media_next"), ("下一个", "zh-CN", "media_next"),
])
def test_a_track_said_after_next_or_nothing_after_it_still_skips(
        text: str, lang: str, expected: str) -> None:
    assert _answer(text, lang, **{expected: 0.8}).intent == expected


@pytest.mark.parametrize("text", [
    "put this track on again", "play the current song again please", "这首曲子再放一遍",
])
def test_this_song_again_is_never_the_track_before(text: str) -> None:
    lang = "zh-CN" if "这" in text else "en"
    d = _answer(text, lang, media_previous=0.8)
    assert d.intent != "media_previous"
