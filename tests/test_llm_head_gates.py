"""Unsafe actions of the mean-pooled head on near-domain out-of-domain lines (every-line
leave-one-out on ``train/hard_dev.jsonl``, MAC-SLU even ids), pinned by variants, not the
development lines: a comparative says its own way ("再凉一点" is cooler); a home's speaker or
room, a state asked about, a seat's posture or a glass's tint are nothing the cabin changes;
"leave the music playing" changes nothing. The head is made to lean to the wrong action."""

from __future__ import annotations

import pytest

from hil.llm.direction import direction_of
from tests.helpers import head_answer as _answer


@pytest.mark.parametrize(("text", "way"), [
    ("再冷一点吧", -1), ("温度凉一些", -1), ("空调再凉快点儿", -1), ("更凉一点", -1),
    ("再暖一点", 1), ("热一些吧", 1), ("再暖和点", 1),
    # felt, not asked for: the complaint's way, as before
    ("有点冷", 1), ("车里冷了一点", 1), ("有点热", -1), ("太凉了", 1),
    # against an excess or negated: ask
    ("太热了再热一点", 0), ("别再冷一点", 0),
])
def test_a_temperature_comparative_says_its_own_way(text: str, way: int) -> None:
    assert direction_of("climate_temperature_up", text) == way


@pytest.mark.parametrize(("text", "way"), [
    ("风量再强一点", 1), ("风猛一些", 1), ("风再大点儿", 1), ("风再小一点", -1),
    ("风吹得太猛了", -1), ("风吹得有点猛", -1),
])
def test_a_fan_comparative_says_its_own_way(text: str, way: int) -> None:
    assert direction_of("climate_fan_up", text) == way


@pytest.mark.parametrize(("text", "lean", "expected"), [
    ("再冷一点吧", "climate_temperature_up", "climate_temperature_down"),
    ("温度再热一些", "climate_temperature_down", "climate_temperature_up"),
    ("风量再猛些", "climate_fan_down", "climate_fan_up"),
])
def test_the_head_never_goes_the_comparatives_wrong_way(text: str, lean: str,
                                                        expected: str) -> None:
    d = _answer(text, "zh-CN", **{lean: 0.7, "unknown": 0.05})
    assert d.intent in (expected, "unknown"), d


@pytest.mark.parametrize(("text", "lang", "lean"), [
    # a home's speaker or room
    ("put some blues on the living room speaker", "en", "media_play"),
    ("turn up the bedroom speaker", "en", "media_volume_up"),
    ("next track on the smart speaker", "en", "media_next"),
    ("play some rock on the garage speaker", "en", "media_play"),
    ("play my playlist in the kitchen", "en", "media_play"),
    ("skip this song on the house speaker", "en", "media_next"),
    ("把客厅的空调打开", "zh-CN", "climate_ac_on"),
    ("家里的音箱放首歌", "zh-CN", "media_play"),
    # a state asked about
    ("主驾的座椅加热是不是开着", "zh-CN", "seat_heat_driver"),
    ("空调是关着的吗", "zh-CN", "climate_ac_off"),
    ("音乐静音了吗", "zh-CN", "media_mute"),
    ("现在是制热吗", "zh-CN", "climate_temperature_up"),
    ("is the seat heater on?", "en", "seat_heat_driver"),
    ("are my windows closed", "en", "window_close"),
    # the weather's wind, a seat's posture, a glass's tint
    ("明天的风力大不大", "zh-CN", "climate_fan_up"),
    ("把座椅放平", "zh-CN", "seat_heat_driver"),
    ("后窗调成透明", "zh-CN", "window_open"),
    ("tint the windows", "en", "window_close"),
    # a stop before or after home, something to watch or to be told
    ("先回家然后去趟超市", "zh-CN", "navigate_home"),
    ("take me home and then on to the gym", "en", "navigate_home"),
    ("回家前先去加油站", "zh-CN", "navigate_home"),
    ("head home via the pharmacy", "en", "navigate_home"),
    ("skip to the next episode", "en", "media_next"),
    ("播放下一集电视剧", "zh-CN", "media_next"),
    ("give me some information on the next concert", "en", "media_next"),
    # something left as it is
    ("leave the fan running", "en", "climate_fan_down"),
    ("just leave the music on", "en", "media_play"),
])
def test_nothing_the_cabin_changes_is_acted_on(text: str, lang: str, lean: str) -> None:
    d = _answer(text, lang, **{lean: 0.8, "unknown": 0.02})
    assert d.intent == "unknown", d


@pytest.mark.parametrize(("text", "lang", "lean"), [
    # near misses: the same words as a request still act
    ("play some jazz", "en", "media_play"),
    ("is it possible to turn the AC on", "en", "climate_ac_on"),
    ("把空调打开", "zh-CN", "climate_ac_on"),
    ("打开主驾座椅加热", "zh-CN", "seat_heat_driver"),
    ("skip to the next song", "en", "media_next"),
    ("take me home", "en", "navigate_home"),
    ("导航回家", "zh-CN", "navigate_home"),
])
def test_a_request_still_acts(text: str, lang: str, lean: str) -> None:
    d = _answer(text, lang, **{lean: 0.8, "unknown": 0.02})
    assert d.intent == lean, d


@pytest.mark.parametrize(("text", "lang"), [
    ("the windows are all misty, sort them out", "en"),
    ("windows fogging up again, clear them please", "en"),
    ("车窗起雾了，弄一下", "zh-CN"),
])
def test_fog_on_the_window_is_the_defrost(text: str, lang: str) -> None:
    # the head leaned to the window (a wrong "close the window" on hard_dev, every line)
    d = _answer(text, lang, window_close=0.5, climate_defrost=0.3, unknown=0.05)
    assert d.intent in ("climate_defrost", "unknown"), d


@pytest.mark.parametrize(("text", "lang", "expected"), [
    ("the windows are fogging up, open them a crack", "en", "window_open"),
    ("车窗起雾了，打开窗户透透气", "zh-CN", "window_open"),
])
def test_a_window_moved_against_fog_is_still_the_window(text: str, lang: str,
                                                        expected: str) -> None:
    d = _answer(text, lang, window_open=0.6, climate_defrost=0.2, unknown=0.05)
    assert d.intent in (expected, "unknown"), d


@pytest.mark.parametrize(("intent", "text", "way"), [
    # an adjective said as felt is an excess: the other way (both heads went with the word)
    ("climate_fan_up", "这风有点大啊", -1), ("climate_fan_up", "风量有些小", 1),
    ("media_volume_up", "音乐声音有点大", -1), ("media_volume_up", "音量有一点小", 1),
    ("climate_temperature_up", "空调温度有点高", -1), ("climate_temperature_up", "温度有些低", 1),
    # the felt complaint and the request agree; they disagree: ask
    ("media_volume_up", "声音有点小，调大一点", 1), ("climate_fan_up", "风有点大，再大一点", 0),
    # requests as before
    ("media_volume_up", "声音再大一点", 1), ("climate_temperature_up", "温度低一点", -1),
])
def test_an_adjective_said_as_felt_is_an_excess(intent: str, text: str, way: int) -> None:
    assert direction_of(intent, text) == way
