"""Chinese shapes that recur across blind-written sets (eighteenth session,
`twin.assistant.zh_recurring`): a complaint or an order told with what its cause does to the
driver, the fog on the glass with the view lost, and the air or the sound with an ache; and not
knowing the way home, said in any of its shapes.
Variants written for each class (never a development line; each fails at main), near misses
that must stay silent, and a main-era answer the readings must not change."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions

DEFROST = [("climate_defrost", None)]
FAN_DOWN = [("climate_fan_down", 1)]
QUIETER = [("media_volume_down", 2)]
HOME = [("navigate_home", None)]


@pytest.mark.parametrize(("text", "want"), [
    # fog on the glass's inside, then what it does to the view
    ("挡风玻璃里面全是雾", DEFROST),
    ("前挡里头起了一层水汽", DEFROST),
    ("车窗玻璃内侧全是雾气，路都看不清", DEFROST),
    ("玻璃里边蒙了一层哈气 什么都看不见了", DEFROST),
    ("前挡玻璃里头起雾了", DEFROST),
    ("下了一天雨，前挡玻璃里面全是白汽，看不到路", DEFROST),
    # a defrost order, then the fog or the glass told after it
    ("打开除霜 隧道里起雾了", DEFROST),
    ("把除雾打开，前头啥都瞅不清", DEFROST),
    # an ache beside an order or a complaint that lowers what causes it
    ("风扇关掉吧 吹得我脑壳疼", [("climate_set_fan", 0)]),
    ("偏头痛，音乐关小一点", QUIETER),
    ("风量跟刮大风一样，吹得我脖子疼", FAN_DOWN),
    ("音量跟放鞭炮一样，震得我耳根疼", QUIETER),
    ("牙疼 声音太吵了", QUIETER),
    # not knowing the way home: any verb of not knowing, a story first, a few words between
    ("刚下飞机，我一下子找不到回家的路了", HOME),
    ("我现在也认不出回家的路了", HOME),
    ("我们都不记得回家的路了", HOME),
    ("手机没电了，咱们真不知道回家的路了", HOME),
])
def test_a_cause_told_with_its_effect_is_read(text: str, want: list[tuple]) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    # fog told of outside, gone, asked about, or with no glass; a defrost order refused or closed
    "外面雾太大了 看不见",
    "车窗外面全是雾 看不见",
    "玻璃上没有雾 看得见",
    "车窗起雾了吗 看不见",
    "天黑了看不见路",
    "打开除霜 雾已经散了",
    "关掉除霜 看不见",
    "别开除雾 玻璃上没雾",
    # an ache beside raising, another person's ache, an ache with no cabin cause
    "头疼 把空调开大点",
    "吹得我脸疼 把风量调大",
    "头疼 声音太小了",
    "座椅按摩开一下，颠得腰疼",
    "牙疼 温度调低点",
    "昨天吹得头疼 风量调小点",
    "腿疼，座椅加热关了",
    # another's way home, a condition, a question, knowing it, or the way home as a place
    "他说他找不着回家的路了",
    "她不认得回家的路了",
    "如果天黑了，我找不着回家的路",
    "要是我不认得回家的路了怎么办",
    "我认得回家的路",
    "回家的路上找个网吧",
])
def test_near_misses_do_not_act(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    ("玻璃起雾了", DEFROST),
    ("我不认得回家的路了", HOME),
    ("玻璃起雾了，啥也看不清", DEFROST),
    ("开除雾，前挡一层白雾看不清路", DEFROST),
    ("除雾开一下，玻璃上全是哈气", DEFROST),
    ("风量调小一点 吹得我脑门疼", FAN_DOWN),
    ("这风跟吹风机似的，吹得我眼睛疼", FAN_DOWN),
    ("把空调风量调低一点，吹得脸痛", FAN_DOWN),
    ("音乐太吵了 吵得我头疼", QUIETER),
    ("打开除霜", DEFROST),
])
def test_answers_read_before_do_not_change(text: str, want: list[tuple]) -> None:
    assert rule_actions("zh-CN", text) == want
