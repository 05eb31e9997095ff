"""Complaints said in other words (:mod:`hil.llm.signs`): the air said by the vents, the body's
signs of a cabin state, someone seated in this car who keeps on, a function missing until now
("we haven't had the air con on"). Variants written here, not the development lines. The head
is made to lean to the action: the in-domain line acts one way only, its out-of-domain twin
(another place or day, a vent aimed, a song, a habit) never acts."""

from __future__ import annotations

import pytest

from hil.llm.signs import plain_signs
from tests.helpers import head_answer as _answer


@pytest.mark.parametrize(("text", "lang", "intent"), [
    ("the vents are hardly breathing today", "en", "climate_fan_up"),
    ("i can barely feel any air on my legs from the vents", "en", "climate_fan_up"),
    ("出风口的风吹得我眼睛生疼", "zh-CN", "climate_fan_down"),
    ("my teeth keep chattering", "en", "climate_temperature_up"),
    ("我鸡皮疙瘩起了一身", "zh-CN", "climate_temperature_up"),
    ("外婆在后头一直发抖", "zh-CN", "climate_temperature_up"),
    ("my nan is shivering in the back seat", "en", "climate_temperature_up"),
    ("we haven't had the air con on since lunch and it's so muggy in here", "en",
     "climate_ac_on"),
])
def test_a_complaint_in_other_words_acts_its_way(text: str, lang: str, intent: str) -> None:
    d = _answer(text, lang, **{intent: 0.9})
    assert (d.intent, d.value) == (intent, None if intent == "climate_ac_on" else 1)


@pytest.mark.parametrize(("text", "lang", "intent"), [
    ("the vents in my office blow on me all day", "en", "climate_fan_down"),
    ("point the vents at my face, the air is weak", "en", "climate_fan_up"),
    ("close the vents, the air from them is freezing", "en", "climate_fan_down"),
    ("把出风口往下调一下，风太大", "zh-CN", "climate_fan_down"),
    ("我办公室的出风口一直对着我吹", "zh-CN", "climate_fan_down"),
    ("this song gives me goosebumps", "en", "climate_temperature_up"),
    ("外面冷得我牙齿打颤", "zh-CN", "climate_temperature_up"),
    ("吓得我牙齿直打颤", "zh-CN", "climate_temperature_up"),
    ("warm the back seat for my nan", "en", "climate_temperature_up"),
    ("my nan always sits in the back seat and shivers", "en", "climate_temperature_up"),
    ("我奶奶在家一直发抖", "zh-CN", "climate_temperature_up"),
    ("我奶奶一直怕冷", "zh-CN", "climate_temperature_up"),
    ("后排俩孩子座椅加热打开", "zh-CN", "seat_heat_driver"),
    ("we had the air con on all day yesterday", "en", "climate_ac_on"),
    ("we haven't had the air con on at home all summer", "en", "climate_ac_on"),
])
def test_its_twin_never_acts(text: str, lang: str, intent: str) -> None:
    assert _answer(text, lang, **{intent: 0.9}).intent == "unknown"


def test_a_sign_reads_as_the_plain_word_unless_it_is_a_feeling() -> None:
    assert plain_signs("my teeth are chattering") == "my teeth are chattering cold"
    loud = plain_signs("the bass is rattling the doors")
    assert loud == "the bass is rattling too loud the doors"
    assert plain_signs("this song gives me goosebumps") == "this song gives me goosebumps"
    assert plain_signs("这首歌听得我起鸡皮疙瘩") == "这首歌听得我起鸡皮疙瘩"
