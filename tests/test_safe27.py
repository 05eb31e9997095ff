"""The twenty-seventh session's readings of a complaint's way (:mod:`hil.llm.direction`): a heat
or cold source told too strong ("暖气烧得太猛", "the heater's going flat out") wants the other way
(the air itself told strong, "暖风太猛", is the fan's as much: no way);
a state compared with what is wished ("比我预想的还热", "warmer in the back than I'd want"); not
enough of a quality in Chinese ("还不够冷", "暖风不够热") wants more of it; a top said as a
source's state is never set. Variants written for the tests, not development lines; orders keep
their way."""

from __future__ import annotations

import pytest

from hil.llm.direction import direction_of
from hil.llm.slots import read_slots

UP = "climate_temperature_up"


@pytest.mark.parametrize("text", [
    "暖气烧得太猛了吧",
    "热风开得太足了",
    "这暖气给得也太旺了",
    "the heater's going flat out back here",
    "the heating is way too strong tonight",
    "heat's on max in here",
])
def test_a_heat_source_told_too_strong_wants_cooler(text: str) -> None:
    assert direction_of(UP, text) == -1


@pytest.mark.parametrize("text", [
    "冷气给得太旺了",
    "制冷开得太凶了吧",
    "空调的冷风开得太足",
])
def test_a_cold_source_told_too_strong_wants_warmer(text: str) -> None:
    assert direction_of(UP, text) == 1


@pytest.mark.parametrize("text", [
    "暖风吹得太猛了",
    "热风开得太冲了",
    "空调的冷风太强了",
    "the air con's going full blast",
    "the cold air is far too strong",
    "the heater's blasting hot air at my feet",
])
def test_the_air_told_strong_is_the_fans_as_much_no_temperature_way(text: str) -> None:
    assert direction_of(UP, text) == 0


@pytest.mark.parametrize(("text", "way"), [
    ("把暖气开足", 1),
    ("暖气开大一点", 1),
    ("暖气开得大一点", 1),
    ("crank the heater up to full blast", 1),
    ("make sure the heat's on full blast", 1),
    ("冷气开大一点", 0),  # 冷气 names the AC: its up is unclear, ask
])
def test_an_order_of_the_source_keeps_its_way(text: str, way: int) -> None:
    assert direction_of(UP, text) == way


def test_a_seats_heating_is_no_cabin_heat() -> None:
    assert direction_of(UP, "the seat heating is on full blast") != -1


@pytest.mark.parametrize(("text", "way"), [
    ("it's hotter in the back than I'd want", -1),
    ("it's colder in this car than I'd like", 1),
    ("车里比我预想的还热", -1),
    ("车里比我习惯的冷", 1),
    ("温度比我想要的高", -1),
])
def test_a_state_compared_with_a_wish_goes_against_it(text: str, way: int) -> None:
    assert direction_of(UP, text) == way


@pytest.mark.parametrize(("text", "way"), [
    ("warmer than 21 please", 1),
    ("a bit cooler than nineteen please", -1),
    ("warmer than that please", 1),
])
def test_a_comparative_against_a_number_is_the_orders_way(text: str, way: int) -> None:
    assert direction_of(UP, text) == way


@pytest.mark.parametrize(("intent", "text", "way"), [
    (UP, "还不够冷", -1),
    (UP, "空调一点都不够凉", -1),
    (UP, "暖风不够热", 1),
    (UP, "温度还不够高", 1),
    ("media_volume_up", "音量还不够响", 1),
    ("climate_fan_up", "出风不够猛", 1),
])
def test_not_enough_of_a_quality_wants_more_of_it(intent: str, text: str, way: int) -> None:
    assert direction_of(intent, text) == way


@pytest.mark.parametrize("text", [
    "heat's going full blast in the back",
    "the heater's on max and it's too much",
])
def test_a_top_said_as_a_heat_sources_state_is_never_set(text: str) -> None:
    read = read_slots("climate_temperature", text, "climate_temperature_up")
    assert read is None or read[0] == "climate_temperature_down"


@pytest.mark.parametrize("text", ["heat on full blast please", "turn the heat up to max"])
def test_a_top_ordered_is_set(text: str) -> None:
    assert read_slots("climate_temperature", text, "climate_temperature_up") == (
        "climate_set_temperature", 30)
