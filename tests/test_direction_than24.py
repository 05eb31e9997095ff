"""A comparative said against something is a complaint of the state (the twenty-fourth
session, :data:`hil.llm.direction._THAN`): "louder than a stadium in here" wants quieter,
"quieter than I'd like" louder; "louder than that" (against the last setting) keeps an order's
way, and "warmer than it was" (an earlier time) is no complaint. Variants written for the
tests, not development lines."""

from __future__ import annotations

import pytest

from hil.llm.direction import direction_of


@pytest.mark.parametrize(("text", "intent", "way"), [
    ("it's louder than a nightclub in here", "media_volume_up", -1),
    ("the radio's quieter than a library", "media_volume_up", 1),
    ("the music is softer than I'd want", "media_volume_down", 1),
    ("this car is hotter than a pizza oven", "climate_temperature_up", -1),
    ("my seat's colder than a fishmonger's slab", "climate_temperature_up", 1),
    ("it's chillier than a cellar in this van", "climate_temperature_down", 1),
])
def test_a_comparative_against_something_is_a_complaint(text: str, intent: str,
                                                         way: int) -> None:
    assert direction_of(intent, text) == way


@pytest.mark.parametrize(("text", "intent", "way"), [
    ("louder than that", "media_volume_up", 1),
    ("a bit warmer than this please", "climate_temperature_up", 1),
    ("make it louder than a concert", "media_volume_up", 1),
    ("quieter than now, please", "media_volume_down", -1),
])
def test_an_order_said_as_a_comparative_keeps_its_way(text: str, intent: str,
                                                       way: int) -> None:
    assert direction_of(intent, text) == way
