"""Chinese in-domain shapes a blind score of holdout17 found unread (seventeenth session, fixzh17):
a complete order said first and a story after it (a space or a particle between: the order,
unless the story refuses, conditions or moves it, names another function, or feels the other
way), a story running into a device-first order, and complaints that imply an order (a simile,
sweat on the people in the car, hands too cold to take out, a vent giving no air, the car's own
complaint said last, no song and quiet, the noise outside drowning the music, a seat said as
座儿, the way home not known, a piece asked again, the window's glass). Variants of each class,
never a blind line itself, and near misses that must stay silent."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("text", "want"), [
    # a reason, a habit, a simile or a feeling the order answers, told after it
    ("把空调打开 狗子热得直吐舌头", [("climate_ac_on", None)]),
    ("打开冷气 小孩热得满脸通红", [("climate_ac_on", None)]),
    ("温度调到二十五度 我老爸怕冷", [("climate_set_temperature", 25)]),
    ("温度调到二十六度 合唱团的老师怕冷", [("climate_set_temperature", 26)]),
    ("温度调到二十三度 跟煲汤一样火候要刚刚好", [("climate_set_temperature", 23)]),
    ("音量调到十二 这段旋律特别好听", [("media_volume_set", 12)]),
    # with no pause, a particle closing the order ("…关掉咯", "…打开啦")
    ("空调关掉啦冻死个人咯", [("climate_ac_off", None)]),
    ("空调关掉咯好冷咯待会还要去菜市场", [("climate_ac_off", None)]),
    # a story running into a device-first order with no pause
    ("加了一通宵的班音量调到八", [("media_volume_set", 8)]),
    ("跑了一整天外卖温度调到二十四度", [("climate_set_temperature", 24)]),
])
def test_an_order_with_a_story_beside_it_is_the_order(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # a second order after the first is still read as two
    ("打开空调 下一首", [("climate_ac_on", None), ("media_next", None)]),
    ("温度调到二十二度 然后下一首", [("climate_set_temperature", 22), ("media_next", None)]),
])
def test_a_second_order_after_the_first_is_still_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("车里跟烤箱似的 一车乘客全是汗", [("climate_temperature_down", 1)]),
    ("车里跟蒸笼一样 队员们都一身汗", [("climate_temperature_down", 1)]),
    ("车内像冰窖一样，冻得我直哆嗦", [("climate_temperature_up", 1)]),
    ("刚从工地出来 冷得手都伸不出来", [("climate_temperature_up", 1)]),
    ("冻得脚都不听使唤了", [("climate_temperature_up", 1)]),
    ("空调出风口像没开似的", [("climate_fan_up", 1)]),
    ("风口一点风也没有", [("climate_fan_up", 1)]),
    ("外面下大雪，路上也冷，车里还冷", [("climate_temperature_up", 1)]),
    ("我这屁股底下座椅冷冰冰的", [("seat_heat_driver", 2)]),
    ("老婆说她副驾的座儿凉得受不了", [("seat_heat_passenger", 2)]),
    ("刚下高铁我根本不知道回家怎么走", [("navigate_home", None)]),
    ("车上一首歌也没放 好无聊啊", [("media_play", None)]),
    ("太冷清了 什么音乐都没播", [("media_play", None)]),
    ("外头锣鼓敲个不停 歌根本听不见", [("media_volume_up", 2)]),
    ("这首歌店里天天循环，我早就听烦了", [("media_next", None)]),
    ("刚才那首老歌再帮我播一遍", [("media_previous", None)]),
    ("车窗玻璃给我降到底", [("window_open", None)]),
    ("侧窗玻璃关上", [("window_close", None)]),
])
def test_a_complaint_implying_an_order_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    # the story refuses, conditions, moves or asks, or feels the other way
    "打开空调 算了不用了", "打开空调 要是太热的话", "温度调到二十二度 明天再说",
    "空调关掉咯等下再开", "打开暖气 热死了", "打开空调 冷得要命",
    "打开空调 是不是坏了", "外面吵得歌听不见吗",
    # complaints told of someone or somewhere else, or asked
    "她们全是汗", "外面热得要命，车里还冷", "外面冷，车里不冷", "冷得手都伸不出来吗",
    "她不知道回家咋走", "我知道回家咋走", "刚才那段放得不错", "挡风玻璃降一下",
    "这首歌我没听过，我都听吐了", "车里太安静了", "啥音乐都没有吗", "出风口没开",
])
def test_a_near_miss_stays_silent(text: str) -> None:
    assert rule_actions("zh-CN", text) == []
