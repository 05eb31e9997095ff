"""A level said after an order is the order's value, never an aside about someone ("heated seat
on for me, level three like" set the driver's seat to 2: "level three like" was read as a clause
of someone liking, left out beside the order). The line goes whole to the fallback instead; a
clause of someone said beside an order is still an aside."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize("text", [
    "heated seat on for me, level three like",
    "heat my seat, level one like",
    "fan on for us, speed four like",
])
def test_a_level_said_is_never_left_out(text: str) -> None:
    assert rule_actions("en", text) == []  # never the default level beside the one said


@pytest.mark.parametrize(("text", "want"), [
    ("turn the music down, oga wants to talk", [("media_volume_down", 2)]),
    ("put the heat up, aunty is feeling cold", [("climate_temperature_up", 1)]),
    ("turn the fan on, level four like", [("climate_set_fan", 4)]),
])
def test_a_clause_of_someone_is_still_an_aside(text: str, want: list) -> None:
    assert rule_actions("en", text) == want
