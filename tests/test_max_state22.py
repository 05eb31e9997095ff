"""A setting's top said of the state already reached is not a request for it (twenty-second
session, lead): "空调已经开到最大了还是热" (the AC is on full and it is still hot) set 30 °C, the
wrong way; the complaint after it is the wish. "开到最大", "风量调到最大", "volume to max" stay the
range's top (issue 25: "max/最大" are the range ends)."""

from __future__ import annotations

import pytest

from hil.llm.direction import normalised
from hil.llm.slots import read_slots
from hil.llm.values import max_said


@pytest.mark.parametrize("text", [
    "空调已经开到最大了还是热",
    "风量早就调到最大了",
    "温度都开到最高了还是冷",
    "空调开到最大了还是热",
    "音量最大了可还是听不清",
    "the fan is already on max and i'm still boiling",
    "the heat's already maxed out and i'm freezing",
    "it's already at full blast",
])
def test_a_top_already_reached_is_no_top_asked_for(text: str) -> None:
    assert not max_said(text.lower())


@pytest.mark.parametrize("text", [
    "空调开到最大", "风量调到最大", "把音量开到最大", "温度调到最高", "volume to max",
    "前排座椅加热都开到最高", "两边座椅都调到最高",
    "fan on full blast", "turn the seat heater all the way up",
])
def test_a_top_asked_for_is_still_the_top(text: str) -> None:
    assert max_said(text.lower())


def test_a_hot_cabin_at_full_ac_is_never_set_to_the_top() -> None:
    read = read_slots("climate_temperature", normalised("空调已经开到最大了还是热"),
                      "climate_set_temperature")
    assert read != ("climate_set_temperature", 30)
