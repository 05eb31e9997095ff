"""Chinese lines holdout21's blind score found refused (twenty-first session, fixzh21): a cabin
word typed in traditional characters, 封量 heard for 风量, no song played since a place or a time
said first (alone it stays a statement), a song looped N times, hands or feet numb with cold, no
breath of air felt, the air blowing at the eyes right now (正对着), the speaker told to shut up
(闭嘴), 回窝 for home, a song frozen still (定格), and 完了 after a pause before a function
named ("and then"). Variants of each class, never a dev line itself, and near misses that must
not change."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("text", "want"), [
    # traditional characters, one for one
    ("把溫度調低兩度", [("climate_temperature_down", 2)]),
    ("車窗關上", [("window_close", None)]),
    ("聲音開大一點 謝謝", [("media_volume_up", 2)]),
    ("導航回家", [("navigate_home", None)]),
    # 封量 heard for 风量
    ("封量调大一点", [("climate_fan_up", 1)]),
    # no song played since a place or a time said first, or alone
    ("从公司出来到现在一首歌都没听", [("media_play", None)]),
    ("今天一路上一首歌都没放", [("media_play", None)]),
    ("一整天一首歌都没播", [("media_play", None)]),
    # a song looped three times or more
    ("这首歌都单曲循环第四遍了", [("media_next", None)]),
    ("这首歌已经循环六次了", [("media_next", None)]),
    # hands or feet numb with cold, a story said first
    ("脚冻得没知觉了", [("climate_temperature_up", 1)]),
    ("在雪地里等了半天车，手冻得都失去知觉了", [("climate_temperature_up", 1)]),
    # no breath of air felt from the vents
    ("出风口一点风都感觉不到", [("climate_fan_up", 1)]),
    # the air said to blow at the face or eyes right now (正), the dryness after it
    ("风正对着我的脸吹", [("climate_fan_down", 1)]),
    ("出风口老是对着我眼睛吹，眼睛都吹干了", [("climate_fan_down", 1)]),
    # the speaker told to shut up; home as the den; a song frozen still
    ("叫收音机闭嘴", [("media_mute", None)]),
    ("让音乐先闭嘴吧", [("media_mute", None)]),
    ("送我回窝", [("navigate_home", None)]),
    ("把歌定格住", [("media_pause", None)]),
    ("音乐先定格在这里", [("media_pause", None)]),
    # 完了 after a pause, before a function named: "and then"
    ("放首歌，完了温度调高一度", [("media_play", None), ("climate_temperature_up", 1)]),
    ("车窗关上 完了空调打开", [("window_close", None), ("climate_ac_on", None)]),
])
def test_a_line_said_so_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "他说一首歌都没放",  # someone else's report
    "我一首歌都不想听",  # no wish for music
    "这首歌单曲循环两遍了",  # twice is no complaint
    "腿麻得没知觉了",  # numb from sitting, not cold
    "一点感觉都没有",  # no air named
    "风正对着窗户吹",  # no face, no complaint
    "让他闭嘴",  # a person, not the speaker
    "叫喇叭闭嘴",  # 喇叭 is the horn too
    "窝在家里",  # no trip
    "画面定格",  # a picture, no song
    "歌放完了",
])
def test_a_near_miss_is_not_acted_on(text: str) -> None:
    assert rule_actions("zh-CN", text) in ([], [("unknown", None)])
