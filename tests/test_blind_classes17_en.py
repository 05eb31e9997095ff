"""English classes a blind score of holdout17 found unread (twin.assistant.colloquial's English
table, twin.assistant.en_structure, and a clause beside an order in twin.assistant.multi): a
complete order with a reason or a call around it ("… the baby's just gone off", "bab can you
…"), who or what an order is for said by any noun, a learner's thing-first order ("please the
music stop"), slips of a blocked nose and near words ("the fad dowd", "clothes the window", "the
necks song"), the window said as its glass, the radio as "the wireless", regional vocatives ("me
ansum", "bab", "no cap"), and complaints that imply a command. Variants written here, and near
misses that must act on nothing (or stay as they were)."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.resolver import Turn

_CASES = [
    # a complete order and who or what it is for, said by any noun
    ("set the temperature to 20 degrees for the new puppy", [("climate_set_temperature", 20)]),
    ("turn the fan up a bit for the visitor", [("climate_fan_up", 1)]),
    ("roll the window down halfway for the photographer", [("window_set_position", 50)]),
    # an order and its reason said without a pause, or a clause after a pause
    ("can you turn the music down a little the toddler's asleep", [("media_volume_down", 2)]),
    ("could you put the volume down a touch my husband is on a call",
     [("media_volume_down", 2)]),
    ("turn the tunes up louder this is the best bit", [("media_volume_up", 2)]),
    ("pause the radio, the baby monitor is beeping", [("media_pause", None)]),
    ("open the window, the wet dog smells awful", [("window_open", None)]),
    ("stop the song one moment my boss is ringing", [("media_pause", None)]),
    # a call said first before a question
    ("pet, could you turn the fan down", [("climate_fan_down", 1)]),
    ("duck can you skip this track", [("media_next", None)]),
    ("darling would you be a love and take us home", [("navigate_home", None)]),
    # a learner's thing first, its verb after "please"
    ("please the radio stop, my son is sleeping", [("media_pause", None)]),
    ("hey please the window close, it is raining", [("window_close", None)]),
    ("please you make the aircon to stop, is too cold", [("climate_ac_off", None)]),
    ("put on the heat in the seat of my husband", [("seat_heat_passenger", 2)]),
    ("turn on the warmth in my seat", [("seat_heat_driver", 2)]),
    # slips of a blocked nose and near words
    ("turn the fad up a bit", [("climate_fan_up", 1)]),
    ("put the volume dowd, by dose is all blocked", [("media_volume_down", 2)]),
    ("clothes all the windows", [("window_close", None)]),
    ("go to the necks track", [("media_next", None)]),
    # the window as its glass, the radio as the wireless, vocatives and tags
    ("open the driver's glass halfway", [("window_set_position", 50)]),
    ("bring the side glass three quarters of the way down", [("window_set_position", 75)]),
    ("switch the wireless on", [("media_play", None)]),
    ("turn the radio up me lover", [("media_volume_up", 2)]),
    ("next song bab", [("media_next", None)]),
    ("turn the fan down two notches me duck and skip the song",
     [("climate_fan_down", 2), ("media_next", None)]),
    ("the chat wants us to skip this song", [("media_next", None)]),
    ("chat said turn it up no cap", [("media_volume_up", 2)]),
    # complaints that imply a command
    ("my mates have flogged this track to death all summer", [("media_next", None)]),
    ("this tune is so overplayed", [("media_next", None)]),
    ("not a puff of air coming from the vents", [("climate_fan_up", 1)]),
    ("it's like an oven in here with all this shopping", [("climate_temperature_down", 1)]),
    ("we haven't got a clue how to get home", [("navigate_home", None)]),
]


@pytest.mark.parametrize(("text", "want"), _CASES)
def test_a_register_the_rules_now_read(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    "turn the fan up for the back", "set the fan to 3 for the rest of the trip",
    "turn the heat up for the next hour", "turn the heat up for the passenger",
    "turn the fan up a bit the window is open", "close the window the fan is on",
    "open the window, the rain is coming in", "turn the heat up, she'll be cold later",
    "don't can you turn the fan up", "no please the window open", "please the window is open",
    "I bought new clothes", "the necks of the bottles", "my dose of medicine",
    "the chat says don't skip this song", "I never get tired of this song",
    "this song is not overplayed", "not a breath of wind outside today",
    "it's like an oven in here with the heater on", "I haven't a clue what to cook",
    "the glass is dirty", "I found an old wireless in the attic",
])
def test_near_misses_act_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []


def test_a_clause_beside_an_order_takes_no_verb_of_it() -> None:
    """Two noun phrases after one verb still share it (the clause reading is not over-eager)."""
    assert rule_actions("en", "turn off the music and the AC") == [
        ("media_pause", None), ("climate_ac_off", None)]


def test_a_vocative_after_a_follow_up_is_read_away() -> None:
    """"a bit more, me lover" after the music was turned up: more of the same."""
    said = (Turn("turn the music up", "media_volume_up", 2),)
    assert rule_actions("en", "a bit more, me lover", said) == [("media_volume_up", 2)]
