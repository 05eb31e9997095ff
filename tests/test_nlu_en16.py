"""English readings added in the sixteenth session (twin.assistant.colloquial), read as shapes
around an order rather than words of one register: a word begun again or cut off, an
intensifier of any shape, a reason said straight after "please", an order asked as a question
about the thing, one unknown word of tag before or after a complete order, a story told before
an order (or a seat's complaint) without a pause, a complaint passed on by anyone, a question
said after an order that asks nothing of the cabin, "demist it", a wish said in the past or
with "I wish" / "it would be nice", the whole way said between the window and its state.
Variants of each class, never a development line itself, and near misses that must act on
nothing."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("text", "want"), [
    # a word begun again or cut off and said anew
    ("p-p-pause the music", [("media_pause", None)]),
    ("set the t- the temperature to n- nineteen", [("climate_set_temperature", 19)]),
    ("wi-window down please", [("window_open", None)]),
    # an intensifier of any shape around how it is
    ("it's so flipping cold in here", [("climate_temperature_up", 1)]),
    ("the music is too darn loud", [("media_volume_down", 2)]),
    ("it's hot as heck in here", [("climate_temperature_down", 1)]),
    ("it's freezing af", [("climate_temperature_up", 1)]),
    # a reason said straight after "please": the reason is an aside
    ("skip this song please I can't stand it", [("media_next", None)]),
    ("close the window please it's freezing", [("window_close", None)]),
    # an order asked as a question about the thing
    ("could we have the volume down a bit?", [("media_volume_down", 2)]),
    ("can I have the window open?", [("window_open", None)]),
    ("can the volume go up a bit?", [("media_volume_up", 2)]),
    ("could the fan go down a notch?", [("climate_fan_down", 1)]),
    # one unknown word of tag said before or after a complete order
    ("pause the music darling", [("media_pause", None)]),
    ("open the window chief", [("window_open", None)]),
    ("previous track cuz", [("media_previous", None)]),
    ("whoa turn the fan down", [("climate_fan_down", 1)]),
    ("oy, shut the window", [("window_close", None)]),
    # a story before an order without a pause; a tag before it read away as well
    ("this queue is doing my head in turn the music up", [("media_volume_up", 2)]),
    ("the kids have been good as gold play some music", [("media_play", None)]),
    # a complaint passed on by anyone
    ("my nephew says it's boiling in here", [("climate_temperature_down", 1)]),
    ("the boss reckons it's way too loud", [("media_volume_down", 2)]),
    # a story told before a seat's complaint with "and"
    ("been out jogging and my seat is ice cold", [("seat_heat_driver", 2)]),
    # a question after an order that asks nothing of the cabin
    ("open the window, what is that smell", [("window_open", None)]),
    ("pause the music, whaddaya think", [("media_pause", None)]),
    # the glass said "it"; a wish said in the past
    ("defog that please", [("climate_defrost", None)]),
    ("I was hoping to hear the previous song again", [("media_previous", None)]),
    ("we were hoping you could turn the heat up", [("climate_temperature_up", 1)]),
    # the whole way said between the window and its state
    ("make the window fully closed", [("window_close", None)]),
    # a wish said with "I wish" or "it would be nice"
    ("I wish the radio was a bit quieter", [("media_volume_down", 2)]),
    ("we wish it were warmer in here", [("climate_temperature_up", 1)]),
    ("it would be lovely to have some music", [("media_play", None)]),
    ("that'd be great if you could close the window", [("window_close", None)]),
])
def test_a_shape_around_an_order_is_the_order(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # a word that binds the order, said before or after it: no tag
    "open the window tomorrow",
    "turn the fan up later",
    "don't turn the fan up",
    "never open the window",
    "I turn the fan up every morning",
    "we open the window when it rains",
    "turn the fan up more",
    # a story that binds the order, names a schedule, or leads into the verb
    "at 7 am turn the heat up",
    "every morning play some music",
    "if it rains close the window",
    "nobody asked you to play music",
    "we talked about it yesterday put the fan on",
    "I hate this song turn it up",
    # a report of the weather passed on, no one passing it on
    "the weather forecast says it's going to be hot",
    "the radio says it's cold outside",
    "nobody says it's hot in here",
    # a question about another thing, asked as the order: no cabin order
    "can we get some food going?",
    "could the dog go in the back?",
    # a story with the other feeling before a seat's complaint
    "we sat in the sun for hours and my seat is ice cold",
    # a tag after a statement or a mode, a story that is itself an order or says a state
    "put the tablet on loud",
    "my phone is on the charger mate",
    "wash the car open the garage",
    "the baby is awake turn the music down",
    # a wish about the weather, other people, no cabin thing, or a refusal inside it
    "I wish the weather was warmer",
    "I wish the kids were quieter",
    "it would be nice to have a holiday",
    "it'd be nice if you could not open the window",
    # a cut word that is no cabin order
    "b- bye",
    # an intensifier alone
    "damn",
])
def test_a_near_miss_acts_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []


def test_a_part_of_the_window_is_not_the_whole_way() -> None:
    """Only the whole way is read away between the window and its state: "slightly" is how far
    (the rules do not guess it)."""
    assert rule_actions("en", "make the window slightly open") != [("window_open", None)]
