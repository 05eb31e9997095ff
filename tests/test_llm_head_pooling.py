"""The eleventh session's head: wrong actions the mean-pooled head showed out of file, pinned by
variants (not the development lines): the music said absent is played, not turned up; the music
said to hurt is never played; a device's state said as a circumstance is not acted on."""

from __future__ import annotations

import pytest

from hil.llm import HEAD_POOLING
from tests.helpers import head_answer as _answer


def test_the_head_pooling_is_pinned() -> None:
    # "mean" acts right far more often out of file but actuated on near-domain out-of-domain
    # lines (hard_dev, MAC-SLU even): off until its gates are re-chosen (BENCHMARKS.md)
    assert HEAD_POOLING == "last"


@pytest.mark.parametrize(("text", "lang"), [
    ("so dead quiet in this car without any tunes", "en"),
    ("it's too silent in here without music", "en"),
    ("车里没有音乐太安静了", "zh-CN"),
])
def test_music_said_absent_is_never_turned_up(text: str, lang: str) -> None:
    # the head leaned to the volume (a wrong "volume up" on a dev line, out of file)
    d = _answer(text, lang, media_volume_up=0.5, media_play=0.3, unknown=0.1)
    assert d.intent in ("media_play", "unknown"), d


@pytest.mark.parametrize(("text", "lang"), [
    ("this music is giving me a headache", "en"),
    ("the song is deafening", "en"),
    ("这歌吵得我头疼", "zh-CN"),
    ("音乐震得耳朵疼", "zh-CN"),
])
def test_music_said_to_hurt_is_never_played(text: str, lang: str) -> None:
    # the head leaned to playback (a wrong "play" on a dev line, out of file)
    d = _answer(text, lang, media_play=0.6, media_volume_down=0.1, unknown=0.2)
    assert d.intent != "media_play", d
    assert not d.intent.startswith("media_volume_up"), d


@pytest.mark.parametrize(("text", "lang", "expected"), [
    ("turn the AC off, we've got the windows down anyway", "en", "climate_ac_off"),
    ("kill the air con, the windows are open", "en", "climate_ac_off"),
    ("空调关了吧，窗户都开着呢", "zh-CN", "climate_ac_off"),
])
def test_a_state_said_as_a_circumstance_is_not_acted_on(text: str, lang: str,
                                                        expected: str) -> None:
    # the head leaned to the window (a wrong "open the window" on a dev line, out of file)
    d = _answer(text, lang, window_open=0.5, climate_ac_off=0.3, unknown=0.1)
    assert not d.intent.startswith("window"), d
    assert d.intent in (expected, "unknown"), d


@pytest.mark.parametrize(("text", "lang", "expected"), [
    # the same words as a request still act
    ("open the window", "en", "window_open"),
    ("把窗户打开", "zh-CN", "window_open"),
])
def test_a_window_request_still_acts(text: str, lang: str, expected: str) -> None:
    d = _answer(text, lang, window_open=0.7, unknown=0.1)
    assert d.intent == expected, d


@pytest.mark.parametrize("text", [
    "warm up the back seats for the kids",
    "can you heat the backseat",
    "put the seat heating on in the back row",
])
def test_the_back_seats_are_a_device_the_cabin_lacks(text: str) -> None:
    # the cabin heats the driver's and the passenger's seat only: nothing asked, nothing done
    d = _answer(text, "en", seat_heat_passenger=0.4, seat_heat_driver=0.2, unknown=0.2)
    assert (d.intent, d.why) == ("unknown", "out_of_scope"), d


def test_my_back_is_still_the_seat() -> None:
    d = _answer("my back is freezing, warm my seat", "en", seat_heat_driver=0.7, unknown=0.1)
    assert d.intent == "seat_heat_driver", d


@pytest.mark.parametrize(("text", "lang", "expected"), [
    # the AC set to a number of degrees is the temperature (the head once switched the AC on
    # for one out of range, out of file on every line of holdout10)
    ("空调调到十二度", "zh-CN", ("unknown", None)),  # out of range: the range is said
    ("空调给我开到二十四", "zh-CN", ("climate_set_temperature", 24)),
    ("set the air con to 21", "en", ("climate_set_temperature", 21)),
])
def test_the_ac_set_to_degrees_is_the_temperature(text: str, lang: str,
                                                  expected: tuple[str, object]) -> None:
    d = _answer(text, lang, climate_ac_on=0.5, climate_set_temperature=0.3, unknown=0.1)
    assert (d.intent, d.value) == expected, d


def test_the_ac_to_a_fan_level_is_not_a_temperature() -> None:
    d = _answer("空调开到3档", "zh-CN", climate_ac_on=0.5, climate_set_temperature=0.3,
                unknown=0.1)
    assert d.intent != "climate_set_temperature", d


@pytest.mark.parametrize(("text", "lang"), [
    # a home's speaker is somewhere else (the head once skipped the car's track for one, out of
    # file on every line of train/hard_dev)
    ("next track on the kitchen speaker please", "en"),
    ("play some blues on the living room speakers", "en"),
    ("turn the bedroom tv down", "en"),
    ("把客厅的音箱切到下一首", "zh-CN"),
])
def test_a_home_speaker_is_not_the_car(text: str, lang: str) -> None:
    d = _answer(text, lang, media_next=0.4, media_play=0.2, media_volume_down=0.2, unknown=0.1)
    assert (d.intent, d.why) == ("unknown", "out_of_scope"), d


def test_the_car_speakers_still_are() -> None:
    d = _answer("skip this song on the speakers", "en", media_next=0.7, unknown=0.1)
    assert d.intent == "media_next", d
