"""Chinese readings added in the fourteenth session (twin.assistant.colloquial, phrasing, the
zh-CN templates, one split of multi): dialect words (北方 声儿/统统, 西北 哇, 湖南 滴 after 声,
云南 给是可以…？), a programmer's 参数, speech recognition's 除双, a final hedge (就行/就好), the
song just played asked again, the music that cannot be heard, the air named by its vent, fog or
frost "in a layer", dust blown in, the other front seat asked back for the driver's, a filler
before a follow-up number, a pause after digits, the evening's weather as a reason. Variants of
each class, never a development line itself, and near misses that must not act."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.resolver import Turn


@pytest.mark.parametrize(("text", "want"), [
    # the north's 声儿 for the sound; 大声儿 is 大声
    ("声儿大点儿", [("media_volume_up", 2)]),
    ("把声儿关了", [("media_mute", None)]),
    ("这声儿太吵了", [("media_volume_down", 2)]),
    # 统统 for 都, the north-west's final 哇, Hunan 滴 after 大声
    ("两个座椅加热统统开到二档", [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]),
    ("窗户统统关上", [("window_close", None)]),
    ("把空调开开哇", [("climate_ac_on", None)]),
    ("音乐开大声滴", [("media_volume_up", 2)]),
    # Yunnan 给是可以/给是能: a polite "can you", with or without the question mark
    ("给是可以把空调关掉？", [("climate_ac_off", None)]),
    ("给是能放首歌", [("media_play", None)]),
    # a programmer's 参数, a recogniser's 除双
    ("音量参数调到十", [("media_volume_set", 10)]),
    ("风量参数改成二档", [("climate_set_fan", 2)]),
    ("帮我把除双打开", [("climate_defrost", None)]),
    # a hedge said last ("that will do"), 你就把 for 你把
    ("空调开一下就行", [("climate_ac_on", None)]),
    ("把风量调到三档就可以了", [("climate_set_fan", 3)]),
    ("你就把音量调到十五就好", [("media_volume_set", 15)]),
    # a complaint, then the way with 给我 and no object: the thing complained of
    ("声音太小了，给我调大点", [("media_volume_up", 2)]),
    ("风太大了，给我开小点", [("climate_fan_down", 1)]),
    # 给我 before a verb of its own (摇/换/切), 提一提, 歌声, whose seat said with 给 first
    ("车窗给我摇上", [("window_close", None)]),
    ("歌给我切一首", [("media_next", None)]),
    ("温度往上提一提", [("climate_temperature_up", 1)]),
    ("歌声有点太吵", [("media_volume_down", 2)]),
    ("给副驾驶把座椅加热打开", [("seat_heat_passenger", 2)]),
    ("空调给弄暖和点", [("climate_temperature_up", 1)]),
])
def test_a_dialect_or_jargon_word_is_read_as_the_plain_one(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize(("text", "want"), [
    # Cantonese 闩…啲窗, Sichuan 关倒/关住, Wu 拿 for 把, a final 伐 after 开开
    ("唔该闩啲窗", [("window_close", None)]),
    ("把车窗关住嘛", [("window_close", None)]),
    ("侬拿音乐关脱", [("media_mute", None)]),
    ("车窗开开伐", [("window_open", None)]),
    # a tag said first without a pause, 帮我 before 把…开开, the song turned off
    ("行不行把空调打开", [("climate_ac_on", None)]),
    ("大姐，帮我把空调开开", [("climate_ac_on", None)]),
    ("帮我把歌关了", [("media_mute", None)]),
    # 不得了 as how hot, the cabin likened to a cold or hot place, 关小声
    ("冷得不得了", [("climate_temperature_up", 1)]),
    ("车内就像个冷库", [("climate_temperature_up", 1)]),
    ("车里跟桑拿房似的", [("climate_temperature_down", 1)]),
    ("声音开大声一点", [("media_volume_up", 2)]),
    # internet exclamations said first with no pause
    ("救命啊车里好冷", [("climate_temperature_up", 1)]),
    ("谁懂啊这风太大了", [("climate_fan_down", 1)]),
    # every window closed with 把
    ("将车窗全都关掉", [("window_close", None)]),
])
def test_more_registers_are_read_as_the_plain_words(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "车窗都关了",  # a state, not an order (no 把)
    "车窗都关了吗",
    "救命",
    "中不中",
    "好不好听",
    "拿一下那个",
    "车里像个仓库",  # a likeness of no temperature
    "关住",
])
def test_more_near_misses_do_not_act(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # the song just played asked for again: the previous one
    ("将上一曲重新播放一遍", [("media_previous", None)]),
    ("把刚刚那首再播一下", [("media_previous", None)]),
    # the music named after what cannot be heard, by whoever sits behind
    ("听不见音乐", [("media_volume_up", 2)]),
    ("后座的人听不清歌词", [("media_volume_up", 2)]),
    # the song again and again
    ("又是这首歌 我都听烦了", [("media_next", None)]),
    # the air at the face named by where it comes from
    ("冷气吹得我头疼", [("climate_fan_down", 1)]),
    ("出风口吹得我眼睛疼", [("climate_fan_down", 1)]),
    # fog or frost in a layer on the glass in front
    ("挡风玻璃上起了一层雾", [("climate_defrost", None)]),
    ("前挡结了一层霜", [("climate_defrost", None)]),
    # dust raised outside, blown in
    ("外面扬尘 全飘进车里了", [("window_close", None)]),
    ("灰尘都吹到车里来了", [("window_close", None)]),
])
def test_a_complaint_said_by_its_likeness_is_read(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "给是可以不开空调",  # a refusal inside the question
    "不开就行",  # a hedge after a refusal
    "声音太小了，给我调低点",  # the way against the complaint
    "太热了，给我开大点",  # no thing to turn up
    "空调吹得好舒服",  # praise, not a complaint
    "歌声真好听",
    "扬灰了",  # dust outside, nothing blown in
    "窗户一层灰",  # dust on the glass, not fog
    "刚才那首歌叫什么",  # a question about the song
    "把上一首歌的名字告诉我",
    "我也觉得冷",  # "me too" without asking the seat's heat
])
def test_near_misses_do_not_act(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


_PASSENGER_ON = Turn("副驾座椅加热打开", "seat_heat_passenger", 2)
_DRIVER_ON = Turn("主驾座椅加热打开", "seat_heat_driver", 2)


@pytest.mark.parametrize(("last", "text", "want"), [
    # the driver's seat asked for after the passenger's: the same request for it
    (_PASSENGER_ON, "主驾也来一个吧", [("seat_heat_driver", 2)]),
    (_PASSENGER_ON, "我这边也要", [("seat_heat_driver", 2)]),
    (Turn("副驾座椅加热开到三档", "seat_heat_passenger", 3), "驾驶位也一样",
     [("seat_heat_driver", 3)]),
    (Turn("副驾座椅加热关掉", "seat_heat_passenger", 0), "我的也关了", [("seat_heat_driver", 0)]),
    # and the passenger's after the driver's, as before
    (_DRIVER_ON, "副驾也整一个", [("seat_heat_passenger", 2)]),
])
def test_the_other_front_seat_gets_the_same_request(last: Turn, text: str, want: list) -> None:
    assert rule_actions("zh-CN", text, (last,)) == want


@pytest.mark.parametrize(("last", "text"), [
    # "too" with the other way or a new level is no "the same": never the earlier request
    # (main read "副驾的也关了" after a seat turned on as the passenger's seat on)
    (_DRIVER_ON, "副驾的也关掉"),
    (_PASSENGER_ON, "主驾也关了吧"),
    (Turn("主驾座椅加热关掉", "seat_heat_driver", 0), "副驾也打开"),
    (_DRIVER_ON, "副驾也开到三档"),
    # not a seat said before: no other seat to read
    (Turn("座椅加热打开", "seat_heat_driver", 2), "主驾也来一个"),
    (_PASSENGER_ON, "我也觉得冷"),
])
def test_the_other_seat_never_gets_a_request_it_did_not_ask(last: Turn, text: str) -> None:
    assert rule_actions("zh-CN", text, (last,)) == []


@pytest.mark.parametrize(("last", "text", "want"), [
    # a filler said before a follow-up number
    (Turn("温度调到二十六度", "climate_set_temperature", 26), "呃，还是二十四吧",
     [("climate_set_temperature", 24)]),
    (Turn("风量调到二档", "climate_set_fan", 2), "嗯 要不还是四档", [("climate_set_fan", 4)]),
])
def test_a_filler_before_a_follow_up_number(last: Turn, text: str, want: list) -> None:
    assert rule_actions("zh-CN", text, (last,)) == want


@pytest.mark.parametrize(("text", "want"), [
    # a pause after a number said as digits ends the command; the situation after it is no part
    ("风量调到4 孩子睡着了", [("climate_set_fan", 4)]),
    ("音量调到12 打开车窗", [("media_volume_set", 12), ("window_open", None)]),
    # the evening's weather said after the commands is their reason
    ("车窗开一半，空调关了，夜里挺凉快的", [("window_set_position", 50), ("climate_ac_off", None)]),
])
def test_a_pause_after_digits_and_the_evening_as_a_reason(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "温度调到 22 度",  # a space before the unit cuts nothing (not read, as before)
    "把暖气开了，晚上挺冷的",  # the heater is out of reach, as before
    "空调关了，晚上再开",  # a time for later, not the weather
])
def test_near_misses_of_the_split(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # a bare 热 is how it feels: cooler (main read it as "warmer", the wrong way)
    ("热", [("climate_temperature_down", 1)]),
    ("我爸说热", [("climate_temperature_down", 1)]),
    ("后座孩子一直喊热", [("climate_temperature_down", 1)]),
    # "warmer" and "cooler" still read with a way or an amount
    ("再暖和些", [("climate_temperature_up", 1)]),
    ("凉快一些", [("climate_temperature_down", 1)]),
    # who sits behind and how they are, then the complaint passed on
    ("后面的宝宝感冒了一直说冷", [("climate_temperature_up", 1)]),
    # the music too quiet, then "cannot hear it at all": once
    ("音乐有点小 压根听不见", [("media_volume_up", 2)]),
])
def test_a_bare_feeling_and_a_passed_on_complaint(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "暖和",  # "it is warm" or "warmer": unsaid which
    "暖",
    "凉快",
    "后排孩子发着烧",  # how the child is, no complaint of the cabin
    "后排孩子一直喊饿",
])
def test_a_bare_word_of_no_way_does_not_act(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize("text", [
    # a bare adjective after the thing is how it is as often as a wish: "声音大" may be "it is
    # loud" (main turned the volume up), "温度高" "it is hot" (main turned it up); not read
    "声音大",
    "音量高",
    "声音响",
    "音乐轻",
    "风量大",
    "风强",
    "风量小",
    "温度高",
    "温度低",
])
def test_a_bare_adjective_after_the_thing_does_not_act(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # with 再, an amount or a verb it is the wish
    ("声音再大", [("media_volume_up", 2)]),
    ("音量高一点", [("media_volume_up", 2)]),
    ("音乐响一些", [("media_volume_up", 2)]),
    ("声音轻点儿", [("media_volume_down", 2)]),
    ("风量再小一点", [("climate_fan_down", 1)]),
    ("风强一些", [("climate_fan_up", 1)]),
    ("温度再低点", [("climate_temperature_down", 1)]),
    ("温度高一点", [("climate_temperature_up", 1)]),
    ("声音大两格", [("media_volume_up", 2)]),
    ("把音乐调小声", [("media_volume_down", 2)]),
])
def test_the_same_adjective_with_a_way_or_an_amount_acts(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want
