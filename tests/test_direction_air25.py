"""A complaint of the air's strength wants the other way (the twenty-fifth session,
:data:`hil.llm.direction._WEAK` and ``_STRONG``): the air told weak, thin or absent ("风倍儿弱",
"细得跟…一样", "weak as", "no air coming out") wants more fan, never less, though 弱/小/细 are
the words of an order for less ("风调弱一点"); the air told strong or driven straight at someone
("大得跟…一样", "hammering", "直往我脸上怼") wants less fan. Orders keep their own way. Variants
written for the tests, not development lines."""

from __future__ import annotations

import pytest

from hil.llm.direction import complaint_of, direction_of
from hil.llm.slots import read_slots


@pytest.mark.parametrize("text", [
    "空调出的风贼弱，啥也感觉不到",
    "出风口的风弱得跟没吹一样",
    "风口出来的风细得跟线一样",
    "这出风口跟没开一样，就一丢丢风",
    "后排出风口一点风都没有",
    "the air from the dash is pathetic, I can't feel a thing",
    "the fan is feeble today",
    "there's hardly any air coming out up front",
])
def test_the_air_told_weak_wants_more_fan(text: str) -> None:
    assert direction_of("climate_fan_up", text) == 1
    assert complaint_of("climate_fan_up", text) == 1
    assert read_slots("climate_fan", text, "climate_fan_down") == ("climate_fan_up", 1)


@pytest.mark.parametrize("text", [
    "出风口的风猛得跟吹风机一样",
    "空调风老是对着我脸吹，眼睛好干",
    "风直冲着我脖子吹",
    "the vents are hammering my face with air",
    "the fan's howling in here",
    "the air is coming straight at my eyes from the dash",
])
def test_the_air_told_strong_wants_less_fan(text: str) -> None:
    assert direction_of("climate_fan_up", text) == -1
    assert complaint_of("climate_fan_up", text) == -1
    assert read_slots("climate_fan", text, "climate_fan_up") == ("climate_fan_down", 1)


@pytest.mark.parametrize(("text", "way"), [
    ("把风调弱一点", -1),
    ("风小一点", -1),
    ("风大一点", 1),
    ("fan down a bit", -1),
    ("keep the air blasting", -1),
])
def test_an_order_keeps_its_way_and_is_no_complaint(text: str, way: int) -> None:
    assert direction_of("climate_fan_up", text) == way
    assert complaint_of("climate_fan_up", text) == 0


@pytest.mark.parametrize("text", [
    "把风对着我吹",  # an order of where the air goes: no way of the fan
    "make the fan weak",
])
def test_an_order_that_makes_the_state_reads_no_complaint(text: str) -> None:
    assert complaint_of("climate_fan_up", text) == 0
    assert read_slots("climate_fan", text, "climate_fan_up") is None
