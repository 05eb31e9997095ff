"""Orders the rules read through the words around them (twenty-seventh session, recall27): an
aside said with no pause after the order, a tag of two words after it, a call of two words
before it; and the near misses that keep their words and act on nothing."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("text", "want"), [
    # an aside with no pause: a noun's "'s", someone's liking, what we did, after a courtesy
    ("turn the music down a bit the toddler's just dropped off", [("media_volume_down", 2)]),
    ("skip this song the driver hates it", [("media_next", None)]),
    ("go back a song we missed the start of it", [("media_previous", None)]),
    ("take me home please work is finished", [("navigate_home", None)]),
    # a tag of two words after the order's thing, number or courtesy
    ("drop the temperature two degrees brah shoots", [("climate_temperature_down", 2)]),
    ("set the fan to four now, pole pole", [("climate_set_fan", 4)]),
    # a call of two words before an order or a request asked
    ("howay pet, turn the radio up", [("media_volume_up", 2)]),
    ("uff da could ya turn the fan up", [("climate_fan_up", 1)]),
])
def test_an_order_said_among_other_words_is_read(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # a value said in a dialect after the order's way is no tag ("down to one")
    "turn the fan down tae wan",
    "put the fan doon tae wan",
    # a time said around the order: another time
    "turn the heat up sunday morning",
    "sunday morning turn the heat up",
    "next week turn the heat up",
])
def test_words_that_change_the_order_are_kept(text: str) -> None:
    assert rule_actions("en", text) == []


def test_how_often_is_no_tag() -> None:
    """"… too many times" keeps its words: a complaint of a song heard too often, not an order
    "too" read with a tag."""
    assert rule_actions("en", "I have heard this song too many times") == [("media_next", None)]
