"""Two complaints about two cabin functions: the rules never answer one of them alone."""

from __future__ import annotations

import pytest

from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import decide


def _said(text: str) -> tuple[str, list[tuple[str, object]]]:
    d = decide(text, [], "en", shared_nlu("en").parse(text, []), None)
    return d.path, [(c.intent, c.value) for c in d.commands if c.intent != "unknown"]


@pytest.mark.parametrize("text", [
    "The air's blasting in my face and it's like a sauna in here.",  # the air told as a story
    "the air is hammering my face and it's a sauna in this car",  # ... as an aside
    "I'm boiling, and the blower's doing nothing.",  # the fan's complaint said second
])
def test_a_second_functions_complaint_is_not_dropped(text: str) -> None:
    assert _said(text)[0] != "rule"  # the fallback reads both, or asks


@pytest.mark.parametrize(("text", "want"), [
    ("we queued at the ferry for an hour and it's roasting in here",
     [("climate_temperature_down", 1)]),  # a story with no cabin function
    ("it's freezing in here, the kids are asleep", [("climate_temperature_up", 1)]),
    ("we've been out in the fresh air all day and I'm freezing", [("climate_temperature_up", 1)]),
])
def test_a_complaint_beside_a_story_still_acts(text: str, want: list[tuple[str, object]]) -> None:
    assert _said(text) == ("rule", want)
