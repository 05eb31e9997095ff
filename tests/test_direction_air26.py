"""The air's strength said by its measure, and a state compared with a thing (the twenty-sixth
session, :mod:`hil.llm.direction`): "风量/风速/风力" told big, fast or weak is a complaint of the
air as "风" told so already was (a strong air wants less fan, never more, though 大 is an
order's word for more); "airflow"/"fan speed" likened to a storm wants less; "声音比…还小",
"风比…还大" are the state complained of, against the adjective. Orders keep their own way.
Variants written for the tests, not development lines."""

from __future__ import annotations

import pytest

from hil.llm.direction import complaint_of, direction_of
from hil.llm.slots import read_slots


@pytest.mark.parametrize("text", [
    "风量大得像开了鼓风机",
    "这风速快得吓人",
    "风力猛得跟吹风机一样",
    "风量太大了，吹得脑门疼",
    "风力强得我眼睛都睁不开",
    "the airflow is like a hurricane back here",
    "fan speed's mental, like sitting in a wind tunnel",
    "the air from the vents is like a gale",
])
def test_the_air_told_strong_by_its_measure_wants_less_fan(text: str) -> None:
    assert direction_of("climate_fan_up", text) == -1
    assert complaint_of("climate_fan_up", text) == -1
    assert read_slots("climate_fan", text, "climate_fan_up") == ("climate_fan_down", 1)


@pytest.mark.parametrize("text", [
    "风量小得跟没有一样",
    "风速弱得感觉不到",
    "风量好小啊",
])
def test_the_air_told_weak_by_its_measure_wants_more_fan(text: str) -> None:
    assert direction_of("climate_fan_up", text) == 1
    assert read_slots("climate_fan", text, "climate_fan_down") == ("climate_fan_up", 1)


@pytest.mark.parametrize(("text", "way"), [
    ("风量调大一点", 1),
    ("把风量调小", -1),
    ("风速再大点", 1),
    ("风力小一点", -1),
    ("风量开大两档", 1),
])
def test_an_order_of_the_measure_keeps_its_way(text: str, way: int) -> None:
    assert direction_of("climate_fan_up", text) == way
    assert complaint_of("climate_fan_up", text) == 0


@pytest.mark.parametrize(("intent", "text", "way"), [
    ("media_volume_up", "音乐比蚂蚁爬还小", 1),
    ("media_volume_up", "歌声比耳语还轻", 1),
    ("media_volume_up", "声音比放鞭炮还响", -1),
    ("media_volume_up", "音量比演唱会还大", -1),
    ("climate_fan_up", "风比电风扇最高档还大", -1),
    ("climate_fan_up", "出风口的风比蜡烛吹气还弱", 1),
])
def test_a_state_compared_with_a_thing_goes_against_it(intent: str, text: str,
                                                       way: int) -> None:
    assert direction_of(intent, text) == way
    assert complaint_of(intent, text) == way


@pytest.mark.parametrize(("intent", "text"), [
    ("media_volume_up", "把声音调得比现在还大"),  # an order made by comparison: its own way
    ("media_volume_up", "声音再大一点"),
])
def test_an_order_compared_is_no_complaint(intent: str, text: str) -> None:
    assert complaint_of(intent, text) == 0
    assert direction_of(intent, text) == 1


@pytest.mark.parametrize("text", ["声音比刚才还小", "风量比之前还大"])
def test_a_comparison_with_earlier_is_no_complaint_here(text: str) -> None:
    family = "media_volume_up" if text.startswith("声") else "climate_fan_up"
    assert complaint_of(family, text) == 0
