"""The fallback's two wrong actuations of issue 25, pinned with variants in both languages:
a noise said loud over the sound ("路噪太大了，歌都听不清") is no volume too loud, and a user who
cannot hear never gets it quieter; a seat heater *for* someone else is never the driver's by
default (the front passenger's for a wife or "her", else a question)."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.direction import direction_of
from hil.llm.head import head_answer
from hil.llm.slots import read_slots

VOLUME = ["media_volume_down", "media_volume_up", "media_volume_set", "unknown"]
SEATS = ["seat_heat_driver", "seat_heat_passenger", "climate_ac_on", "unknown"]


@pytest.mark.parametrize(("text", "lang"), [
    ("the road noise is so loud I can't hear the radio", "en"),
    ("the kids are too loud, I can't hear the podcast", "en"),
    ("engine's really loud, I can barely hear the song", "en"),
    ("wind noise is way too loud, can't hear the music", "en"),
    ("风噪好大，听不清歌", "zh-CN"),
    ("胎噪太响了，音乐都听不到了", "zh-CN"),
    ("路噪太大了，歌都听不清", "zh-CN"),
    ("孩子们太吵了，歌都听不见", "zh-CN"),
])
def test_a_loud_noise_over_the_sound_is_never_quieter(text: str, lang: str) -> None:
    assert direction_of("media_volume_down", text) != -1
    for probs in ([0.8, 0.1, 0.05, 0.05], [0.1, 0.8, 0.05, 0.05]):  # whichever the head leans
        intent, _value, _feedback, _why = head_answer(VOLUME, np.array(probs), text, lang, 0.6)
        assert intent != "media_volume_down"


@pytest.mark.parametrize(("text", "lang"), [
    ("the road noise is so loud I can't hear the radio", "en"),
    ("风噪好大，听不清歌", "zh-CN"),
    ("胎噪太响了，音乐都听不到了", "zh-CN"),
])
def test_cannot_hear_over_noise_is_louder(text: str, lang: str) -> None:
    assert direction_of("media_volume_up", text) == 1


@pytest.mark.parametrize(("text", "lang"), [
    ("the music is too loud", "en"),
    ("音乐太大声了", "zh-CN"),
    ("吵死了", "zh-CN"),
    ("the music is too loud, I can't hear myself think", "en"),
    ("the kids are asleep, turn the music down", "en"),
    ("孩子们太吵了，把音乐关小点", "zh-CN"),
])
def test_the_sound_itself_too_loud_stays_quieter(text: str, lang: str) -> None:
    assert direction_of("media_volume_up", text) == -1


@pytest.mark.parametrize(("text", "lang", "expected"), [
    ("abeg on the seat warmer for my madam", "en", "seat_heat_passenger"),
    ("switch on the seat heater for my missus", "en", "seat_heat_passenger"),
    ("turn the seat warmer on for her please", "en", "seat_heat_passenger"),
    ("给我老婆开一下座椅加热", "zh-CN", "seat_heat_passenger"),
    ("给媳妇把座椅加热打开", "zh-CN", "seat_heat_passenger"),
    ("给她开座椅加热", "zh-CN", "seat_heat_passenger"),
    ("给副驾开座椅加热", "zh-CN", "seat_heat_passenger"),
    ("turn on my seat warmer", "en", "seat_heat_driver"),
    ("座椅加热打开", "zh-CN", "seat_heat_driver"),
])
def test_a_seat_heater_for_the_front_passenger(text: str, lang: str, expected: str) -> None:
    read = read_slots("seat_heat", text.lower(), "seat_heat_driver")
    assert read is not None and read[0] == expected
    intent, _value, _feedback, _why = head_answer(
        SEATS, np.array([0.8, 0.1, 0.05, 0.05]), text, lang, 0.6)
    assert intent == expected


@pytest.mark.parametrize(("text", "lang"), [
    ("turn on the seat heater for the kids", "en"),
    ("put the seat warmer on for my brother", "en"),
    ("seat heating on for him", "en"),
    ("给孩子开座椅加热", "zh-CN"),
    ("给我爸把座椅加热打开", "zh-CN"),
    ("给朋友开一下座椅加热", "zh-CN"),
])
def test_a_seat_heater_for_someone_whose_seat_is_unsaid_asks(text: str, lang: str) -> None:
    assert read_slots("seat_heat", text.lower(), "seat_heat_driver") is None
    intent, _value, _feedback, why = head_answer(
        SEATS, np.array([0.8, 0.1, 0.05, 0.05]), text, lang, 0.6)
    assert intent == "unknown" and why != ""
