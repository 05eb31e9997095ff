"""Complaints said the way people say them (twin.assistant.colloquial and the templates'
complaint classes): words that only colour a sentence (这, 也太, 似的, a doubled adjective,
"isn't it", "literally", a thing's "'s"), the air in one's face or missing at the vents, a
draught from the window, music one cannot hear over the road or that gives a headache, an
air conditioner no longer needed. Variants of the phrasings, and near misses that must act on
nothing."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.colloquial import plainly


@pytest.mark.parametrize(("lang", "text", "want"), [
    ("zh-CN", "这风可真是太大了", [("climate_fan_down", 1)]),
    ("zh-CN", "车里跟烤箱似的", [("climate_temperature_down", 1)]),
    ("zh-CN", "风吹得我眼睛都干了", [("climate_fan_down", 1)]),
    ("zh-CN", "空调出风口一点也感觉不到有风", [("climate_fan_up", 1)]),
    ("zh-CN", "车窗那里老是漏风", [("window_close", None)]),
    ("zh-CN", "这个歌好难听", [("media_next", None)]),
    ("zh-CN", "音乐吵得我心烦", [("media_volume_down", 2)]),
    ("zh-CN", "空调可以不用一直开着了", [("climate_ac_off", None)]),
    ("zh-CN", "我的座椅好冰，帮我热一下", [("seat_heat_driver", 2)]),
    ("en", "it's chilly in here, isn't it", [("climate_temperature_up", 1)]),
    ("en", "I'm honestly shivering", [("climate_temperature_up", 1)]),
    ("en", "the fan is hitting me right in the eyes", [("climate_fan_down", 1)]),
    ("en", "I can hardly feel any air from the vents", [("climate_fan_up", 1)]),
    ("en", "there is a draft getting in through the window", [("window_close", None)]),
    ("en", "I can barely hear the radio over the engine", [("media_volume_up", 2)]),
    ("en", "we no longer need the air con anymore", [("climate_ac_off", None)]),
    ("en", "my seat's stone cold", [("seat_heat_driver", 2)]),
])
def test_a_complaint_said_as_people_say_it(lang: str, text: str, want: list) -> None:
    assert rule_actions(lang, text) == want


@pytest.mark.parametrize(("lang", "text"), [
    ("zh-CN", "这首歌真好听"), ("zh-CN", "这首歌也太好听了吧"), ("zh-CN", "这风刚刚好"),
    ("zh-CN", "窗户那边风景不错"), ("zh-CN", "不用开空调了"), ("zh-CN", "空调不用开着了吗"),
    ("en", "I can hear the music fine over the road noise"), ("en", "we still need the AC"),
    ("en", "my seat's fine"), ("en", "there's a draught from the vents"),
])
def test_near_misses_act_on_nothing(lang: str, text: str) -> None:
    assert rule_actions(lang, text) == []


def test_plainly_only_drops_words() -> None:
    assert plainly("这风也太大了吧", "zh-CN") == "风太大了吧"
    assert plainly("冰凉冰凉的", "zh-CN") == "冰凉"  # the doubled word, and the 的 after it
    assert plainly("跟蒸笼似的", "zh-CN") == "跟蒸笼一样"
    assert plainly("brr, it's nippy in here, isn't it", "en") == "brr, it's nippy in here"
    assert plainly("my wife's seat is cold", "en") == "my wife's seat is cold"
    assert plainly("my seat's ice cold", "en") == "my seat is ice cold"


def test_plainly_keeps_the_too_of_a_person_or_a_seat() -> None:
    """"也" between a thing and its verb only colours it; after a person or a seat it says
    the same again for them ("me too"), which the seat path reads."""
    assert plainly("风量也调小一点", "zh-CN") == "风量调小一点"
    assert plainly("给我也开一下", "zh-CN") == "给我也开一下"
    assert plainly("副驾也开一下吧", "zh-CN") == "副驾也开一下"
    assert plainly("我的也开", "zh-CN") == "我的也开"
