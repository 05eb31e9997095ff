"""A wrong-way action the blind hold-out ``holdout11`` showed on its score after the eleventh
session's merges, pinned at its cause with variants (not its line): a count of plural steps
("six levels") with a verb the step words did not list was read as a setting, so the fallback
set the fan TO the count when the user asked for it to go down BY it."""

from __future__ import annotations

import pytest

from hil.llm.slots import read_slots


@pytest.mark.parametrize(("topic", "text", "member", "down"), [
    ("climate_fan", "drop the fan four levels", "climate_set_fan", "climate_fan_down"),
    ("climate_fan", "lower the blower three levels", "climate_set_fan", "climate_fan_down"),
    ("climate_fan", "knock the fan back two settings", "climate_set_fan", "climate_fan_down"),
    ("media_volume", "drop the volume five steps", "media_volume_set", "media_volume_down"),
    ("media_volume", "volume down three clicks", "media_volume_set", "media_volume_down"),
])
def test_a_count_of_steps_is_never_a_setting(topic: str, text: str, member: str,
                                             down: str) -> None:
    got = read_slots(topic, text, member)
    assert got is None or got[0] == down  # a step down, or a question: never "set to N"


@pytest.mark.parametrize(("topic", "text", "member", "want"), [
    ("climate_fan", "drop the fan to level four", "climate_set_fan", ("climate_set_fan", 4)),
    ("climate_fan", "put the fan on three", "climate_set_fan", ("climate_set_fan", 3)),
    ("climate_fan", "bump the fan up two levels", "climate_set_fan", ("climate_fan_up", 2)),
])
def test_a_level_said_is_still_a_setting_and_a_step_up_still_a_step(
        topic: str, text: str, member: str, want: tuple) -> None:
    assert read_slots(topic, text, member) == want
