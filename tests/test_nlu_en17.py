"""English readings by structure added in the seventeenth session (twin.assistant.en_structure):
a learner's word order ("please you …", "you make the X close", "the X make open"), a verb of
softening or lifting on a device noun, an order after a story that leads into "let's", an order
or a way word said again, a bare window with the whole way, the climate made colder by name, a
thing "of" its owner, "is with cold", a reason after the order without a pause. Variants written
for the purpose, never a development line itself, and near misses that must act on nothing; and
the one table of words that bind an order (colloquial.binds) for a tag and for someone
addressed first."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.colloquial import binds, plainly


@pytest.mark.parametrize(("text", "want"), [
    # a verb of softening or lifting on a device noun, any register
    ("let's ease the music a little", [("media_volume_down", 2)]),
    ("calm the heat a little", [("climate_temperature_down", 1)]),
    ("ease the fan please", [("climate_fan_down", 1)]),
    ("let's mellow the radio", [("media_volume_down", 2)]),
    ("let us lift the volume", [("media_volume_up", 2)]),
    ("liven up the music a touch", [("media_volume_up", 2)]),
    # an order after a story of any length that leads into "let's"
    ("we have been driving for ages and the kids finally dozed off let's soften the music",
     [("media_volume_down", 2)]),
    ("roll your shoulders back and let's soften the fan", [("climate_fan_down", 1)]),
    # a learner's word order
    ("please you close the window", [("window_close", None)]),
    ("please you turn the fan up", [("climate_fan_up", 1)]),
    ("please you pause the music and you open the window",
     [("media_pause", None), ("window_open", None)]),
    ("you make the windows open", [("window_open", None)]),
    ("please the window make closed", [("window_close", None)]),
    ("the music make louder", [("media_volume_up", 2)]),
    # an order or a way word said again, a name or the way shouted between
    ("the music quieter please QUIETER the music quieter", [("media_volume_down", 2)]),
    ("next song next song", [("media_next", None)]),
    ("the fan down love the fan down", [("climate_fan_down", 1)]),
    ("window down, down, down", [("window_open", None)]),
    # a bare window with the whole way
    ("windows completely down", [("window_open", None)]),
    # the climate made colder or warmer by name
    ("make the climate warmer by three degrees", [("climate_temperature_up", 3)]),
    ("make climate a bit cooler", [("climate_temperature_down", 1)]),
    # a thing "of" its owner, "is with cold", a reason after the order without a pause
    ("switch on the seat heater of my husband", [("seat_heat_passenger", 2)]),
    ("put on the warmer of the seat of my wife he is with cold", [("seat_heat_passenger", 2)]),
    ("turn the heat up my hands are freezing", [("climate_temperature_up", 1)]),
    ("close the window it is pouring", [("window_close", None)]),
])
def test_a_structure_around_an_order_is_the_order(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # a story that binds the order or refuses, before "let's"
    "if it gets cold later let's soften the fan",
    "I don't want that now so let's ease the music",
    # a softening verb with its own way or value, or on no device
    "ease the fan up a notch",
    "soften the fan to two",
    "let's soften the mood",
    "ease my mind",
    # "you" with a complaint, a past, or no device
    "you play the music too loud",
    "you turned the window down",
    "you make me laugh",
    "the window make me cold",
    # said again with a refusal or a choice between
    "turn the music up no turn the music up",
    "the radio louder or the radio quieter",
    "the fan is on high the fan is on high",
    "up up and away",
    # the climate made better, a thing of no one in the cabin
    "make the climate better",
    "the temperature of the engine",
    "the heating of the seat is broken",
    # a clause after the order that says a thing's state, or is against it
    "close the window the fan is on",
    "turn off the six am alarm for monday",
    "turn the heat up the window is down",
    "turn up the radio it is too loud",
])
def test_a_near_miss_acts_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []


@pytest.mark.parametrize(("word", "bound"), [
    ("no", True), ("nah", True), ("later", True), ("otherwise", True), ("navigation", True),
    ("window", True), ("twenty", True),
    ("dad", False), ("mate", False), ("howay", False), ("kiddo", False),
])
def test_one_table_binds_an_order(word: str, bound: bool) -> None:
    """A word that binds an order is kept both as a tag and as someone addressed first."""
    assert binds(word) is bound


@pytest.mark.parametrize(("text", "want"), [
    ("Grandad, turn the music down", [("media_volume_down", 2)]),
    ("skipper, can you open the window", [("window_open", None)]),
])
def test_someone_addressed_first_is_read_away(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize(("text", "plain"), [
    ("honestly, turn the fan up", "turn the fan up"),  # an -ly word first binds no order
    ("later, turn the fan up", "later, turn the fan up"),
])
def test_a_word_first_before_a_comma(text: str, plain: str) -> None:
    assert plainly(text, "en") == plain


def test_an_ly_word_after_an_order_is_no_tag() -> None:
    assert binds("slowly") and binds("seventeen")


@pytest.mark.parametrize("text", ["later, open the window", "tomorrow, turn the heat up"])
def test_a_binding_word_first_is_kept(text: str) -> None:
    assert rule_actions("en", text) == []
