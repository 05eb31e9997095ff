"""One word of tag said after an order that ends on its number, its unit or a courtesy."""

from __future__ import annotations

import pytest

from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import decide


def _said(text: str) -> tuple[str, list[tuple[str, object]], str]:
    d = decide(text, [], "en", shared_nlu("en").parse(text, []), None)
    return d.path, [(c.intent, c.value) for c in d.commands if c.intent != "unknown"], d.feedback


@pytest.mark.parametrize(("text", "want"), [
    ("fan to level three chief", [("climate_set_fan", 3)]),
    ("set the temperature to twenty degrees amigo", [("climate_set_temperature", 20)]),
    ("temperature to twenty one jefe", [("climate_set_temperature", 21)]),
    ("volume to 12 chief", [("media_volume_set", 12)]),
    ("seat heater to two ta", [("seat_heat_driver", 2)]),
    ("turn the AC on would you sunshine", [("climate_ac_on", None)]),
])
def test_a_tag_after_a_number_unit_or_courtesy_is_read_away(
        text: str, want: list[tuple[str, object]]) -> None:
    path, said, _ = _said(text)
    assert path == "rule" and said == want


def test_an_out_of_range_number_before_a_tag_is_refused_with_its_range() -> None:
    path, said, feedback = _said("the fan on level nine chief")
    assert path == "rule" and said == [] and "0 to 7" in feedback


@pytest.mark.parametrize("text", [
    "set the temperature to twenty later",  # a time binds the order
    "set the fan to four maybe",  # a hedge binds it
    "put the volume on twelve percent",  # a unit is no tag
    "the fan is on four boss",  # a statement: no order for a tag to follow
])
def test_a_word_that_binds_the_order_is_no_tag(text: str) -> None:
    path, said, _ = _said(text)
    assert path != "rule" and said == []


def test_a_number_after_a_number_is_no_tag() -> None:
    assert _said("turn the volume to twenty five")[1] == [("media_volume_set", 25)]
