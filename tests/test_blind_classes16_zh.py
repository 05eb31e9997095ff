"""Chinese registers a blind score of holdout16 found unread (sixteenth session, fixzh16): a skip
with its reason (这首不想听 beside 下一首 is why, not a cancel), Suzhou/Shanghai (倷, 阿拉, 关脱,
回屋里), the north-west's 一尕尕/点子, classical Chinese (…者，…之; 吾欲, 归家, 奏乐; 尽数), an
officer's 同志/原则上, a storyteller's 且说…再说…, terse fragments (a bare 窗, 降到底, a value
said again and bounded), and complaints that imply an order (sweat through the shirt, a seat too
cold to sit on, rain drifting in, no music, the noise outside drowning the sound). Variants of
each class, never a blind line itself, and near misses that must stay silent."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("text", "want"), [
    ("切歌，这首我真不想听了", [("media_next", None)]),
    ("这歌不想听了，换一首", [("media_next", None)]),
    ("下一曲，这个歌不爱听", [("media_next", None)]),
])
def test_a_skip_with_its_reason_skips(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "下一首，算了", "下一首，不要了", "切歌，还是算了",  # the skip taken back
    "这首不想听了",  # no skip said: no guess which way
])
def test_a_skip_taken_back_still_does_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # Suzhou/Shanghai: 倷 and 阿拉 first, 关脱 for 关掉, 回屋里 for home
    ("倷把空调关脱", [("climate_ac_off", None)]),
    ("阿拉回屋里，打开导航", [("navigate_home", None)]),
    ("回家，导航开一下", [("navigate_home", None)]),
    # the north-west: 一尕尕 / 点子 for a little
    ("把音量调小一尕尕", [("media_volume_down", 2)]),
    ("温度调高点子", [("climate_temperature_up", 1)]),
    ("奶奶跟你说 把那个风开小点子", [("climate_fan_down", 1)]),
    # classical Chinese
    ("车窗者，开之", [("window_open", None)]),
    ("把车窗悉数关上", [("window_close", None)]),
    ("吾欲归家", [("navigate_home", None)]),
    ("且奏乐", [("media_play", None)]),
    # an officer, a storyteller
    ("同志，主驾座椅加热开一下，原则上开到二档", [("seat_heat_driver", 2)]),
    ("且说这座椅加热，开到一档；再说那音量，调大三格",
     [("seat_heat_driver", 1), ("media_volume_up", 3)]),
])
def test_a_regional_or_period_register_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("窗 开 音乐 停", [("window_open", None), ("media_pause", None)]),
    ("窗关了，风量调到二档", [("window_close", None), ("climate_set_fan", 2)]),
    ("车窗全放下去", [("window_open", None)]),
    ("窗子都降下来 降到底", [("window_open", None)]),
    ("风量二档 就二档 别再多了", [("climate_set_fan", 2)]),
    ("温度二十四度 别高了", [("climate_set_temperature", 24)]),
])
def test_a_terse_fragment_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("刚搬完东西，浑身是汗衣服全湿透了", [("climate_temperature_down", 1)]),
    ("高速上堵了一个钟头 车里跟蒸笼似的", [("climate_temperature_down", 1)]),
    ("主驾座位冰得没法坐", [("seat_heat_driver", 2)]),
    ("我这座椅冷飕飕的 屁股都冻僵了", [("seat_heat_driver", 2)]),
    ("她说副驾座椅凉得坐不住", [("seat_heat_passenger", 2)]),
    ("雨水一直从窗缝往里灌", [("window_close", None)]),
    ("这首歌我开车上班这一路听了五十遍了", [("media_next", None)]),
    ("车里好冷清 什么歌也没放", [("media_play", None)]),
    ("外头施工吵得要命，广播都听不清", [("media_volume_up", 2)]),
    ("把车窗关上，外面工地太吵", [("window_close", None)]),
    ("关上车窗并且播放音乐 外头工地太吵", [("window_close", None), ("media_play", None)]),
])
def test_a_complaint_implying_an_order_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "出个点子", "作者，关之", "再说吧", "话说这空调，是不是坏了", "原则上不开空调", "同志们好",
    "天窗关上", "把窗帘关上", "车窗别降到底", "风量三档 别开了", "风量三档 就四档",
    "下雨了衣服都湿透了", "外面冷得坐不住", "雨从窗户往里飘吗", "这首歌我一次都没听过",
    "车里太安静了", "啥音乐都没有吗", "外面吵得我睡不着", "打开车窗，外面太吵",
    "打开车窗然后放首歌，外面太吵", "窗开着", "窗关着吗", "窗降不下来", "这首不想听，下一首是什么",
])
def test_a_near_miss_stays_silent(text: str) -> None:
    assert rule_actions("zh-CN", text) == []
