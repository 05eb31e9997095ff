"""Chinese plain orders a blind score of holdout20 found refused (twentieth session, fixzh20):
a word begun, cut off with a dash and said again ("把空—空调关了"), Sichuan 一哈 for 一下
before a pause, 夏 for 下 before a song counted, Henan 就中 said last ("that'll do"), a
function let off as a game's 大招, 给 the glass before 除霜, 到…去, and a story after the order
naming a service window (窗口) or the road ahead jammed (前面堵死了), which binds no cabin
function; 冇得 for 没有 and 搞么事 for 怎么回事 in a complaint, a song played three times or
more, hands said to be ice, a likeness said last, a noise outside drowning the radio's news.
Variants of each class, never a blind line itself, and near misses that must not change."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("text", "want"), [
    # a word cut off with a dash and said again whole
    ("音—音乐暂停", [("media_pause", None)]),
    ("把空调—空调关了", [("climate_ac_off", None)]),
    ("把窗—窗户关上", [("window_close", None)]),
    # 一哈 for 一下 before a pause, a story after it
    ("音乐停一哈，有人敲车门", [("media_pause", None)]),
    ("座椅加热开一哈撒", [("seat_heat_driver", 2)]),
    # 夏 for 下 before a song counted
    ("夏一首", [("media_next", None)]),
    ("来夏一曲", [("media_next", None)]),
    ("切到夏一首", [("media_next", None)]),
    # Henan 就中 said last
    ("温度调到二十二就中", [("climate_set_temperature", 22)]),
    ("音量调到十五就中了", [("media_volume_set", 15)]),
    # a function let off as a game's big move; the glass before its defrost
    ("给前挡来个除雾大招", [("climate_defrost", None)]),
    ("挡风玻璃放个除霜大招", [("climate_defrost", None)]),
    ("给前挡除霜", [("climate_defrost", None)]),
    # a place gone to said with 到…去
    ("切到下一曲去", [("media_next", None)]),
    ("温度调到二十四度去", [("climate_set_temperature", 24)]),
    # a service window, the road ahead jammed, told after the order
    ("音乐暂停 银行窗口叫号了", [("media_pause", None)]),
    ("音乐停一下 快递站的人在窗口喊我", [("media_pause", None)]),
    ("音乐小声点，前面全堵了", [("media_volume_down", 2)]),
    ("车窗关上，声音小点，前面塞住了", [("window_close", None), ("media_volume_down", 2)]),
    # 冇/冇得 for 没有 and Wuhan's 搞么事 for 怎么回事, in a complaint of this cabin
    ("出风口冇风，搞什么", [("climate_fan_up", 1)]),
    ("下一首，这首歌冇味", [("media_next", None)]),  # a bare 冇 of taste stays as said
    ("空调出风口一点风都冇得", [("climate_fan_up", 1)]),
    ("车里一点歌都冇得，开车好没劲", [("media_play", None)]),
    # a song played three times or more already; hands or feet said to be ice
    ("这首歌从早上放到现在都第五遍了", [("media_next", None)]),
    ("这首歌已经播了三次了", [("media_next", None)]),
    ("手都是冰的", [("climate_temperature_up", 1)]),
    ("脚全是冰的", [("climate_temperature_up", 1)]),
    ("在山顶站了一晚上，手都是冰的", [("climate_temperature_up", 1)]),  # a story said first
    ("刚滑完雪回来，脚冻僵了", [("climate_temperature_up", 1)]),
    # a likeness said last after a complaint with a degree adds no way
    ("风直往脸上吹，像刮台风一样", [("climate_fan_down", 1)]),
    ("声音太小，跟蚊子一样", [("media_volume_up", 2)]),
    # someone outside making noise, what plays inside the radio not heard
    ("工人在外面打钻，收音机里的新闻根本听不清", [("media_volume_up", 2)]),
    ("小孩在外面放鞭炮 广播完全听不见", [("media_volume_up", 2)]),
])
def test_a_plain_order_said_roughly_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "放个大招",  # no function named
    "夏天到了",  # 夏 of summer, no song counted
    "开到公司去",  # a trip, not a cabin's setting
    "音乐停一下 车窗口有人喊我",  # the car's own window
    "音乐停一下 窗户外面有人喊我",
    "声音小点 前面的孩子睡了",  # the front row, not the road
    "空调打开 前面的人说热",
    "关上，算了",  # a take-back after a pause stays
    "冇问题",  # 冇 read as 没有: no problem, no order
    "后座冇得人",
    "这首歌放两遍了",  # twice is no complaint
    "这首歌都第二遍了",
    "可乐都是冰的",  # a drink, not the body
    "手机是冰的",
    "朋友在外面唱歌",  # a noise outside, nothing of the cabin unheard
    "在山顶站了一晚上，可乐都是冰的",  # a story, then a drink, not the body
    "空调开着，跟没开一样",  # no degree said: the likeness is the complaint
])
def test_a_near_miss_is_not_read_as_an_order(text: str) -> None:
    assert rule_actions("zh-CN", text) == []
