"""English classes a blind score of holdout16 found unread (twin.assistant.colloquial's English
table): speech-recognition slips of a number, a way or "and" ("twenny", "dawn", "an"), tags and
vocatives of one or two words said last ("ya know", "you betcha", ", my son", "mate"), a
greeting or a filler said first, a song judged after its order, "carry on with the song", a state
of the cabin said any way (an oven, sweat, fogged glass with a story, silence with nothing
playing, a commentary drowned out) and a function and its number said as fragments. Variants
written here, and near misses that must act on nothing."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions

_CASES = [
    # slips of a number, a way, "and"
    ("turn the fan dawn a bit", [("climate_fan_down", 1)]),
    ("turn the volume dawn please", [("media_volume_down", 2)]),
    ("set the fan to three an turn the radio dawn",
     [("climate_set_fan", 3), ("media_volume_down", 2)]),
    ("set the volume to twenny two", [("media_volume_set", 22)]),
    ("make it twenny one degrees", [("climate_set_temperature", 21)]),
    # tags and vocatives said last, a greeting or a filler said first
    ("could ya take me on home, you know?", [("navigate_home", None)]),
    ("turn the radio up a bit you betcha", [("media_volume_up", 2)]),
    ("skip to the next track lets go", [("media_next", None)]),
    ("open the window halfway mate", [("window_set_position", 50)]),
    ("roll me window down halfway", [("window_set_position", 50)]),
    ("turn the fan up a little, my child.", [("climate_fan_up", 1)]),
    ("put the seat heater on yaar", [("seat_heat_driver", 2)]),
    ("good morning, and turn the jams down a touch", [("media_volume_down", 2)]),
    ("like could you pause the music", [("media_pause", None)]),
    ("next track please, this one is literally trash", [("media_next", None)]),
    ("put the seat warmer on fi mi", [("seat_heat_driver", 2)]),
    # carry on with the song
    ("carry on playing the music where you left off", [("media_play", None)]),
    # a state of the cabin said any way
    ("this cabin is a sauna on wheels", [("climate_temperature_down", 1)]),
    ("honestly it's like a greenhouse in here", [("climate_temperature_down", 1)]),
    ("we're sweating right through our t-shirts here", [("climate_temperature_down", 1)]),
    ("after that downpour the windscreen is fogged up and I can't see the road",
     [("climate_defrost", None)]),
    ("the windows are misted up on the inside", [("climate_defrost", None)]),
    ("so quiet in here, there's no radio on at all", [("media_play", None)]),
    ("there's not a single song playing", [("media_play", None)]),
    ("I can't hear the podcast over the engine noise", [("media_volume_up", 2)]),
    ("cannot hear the football commentary over the rain", [("media_volume_up", 2)]),
    # a function and its number said as fragments
    ("Volume. Twelve. Just twelve.", [("media_volume_set", 12)]),
    ("Fan. Three. Not four.", [("climate_set_fan", 3)]),
]


@pytest.mark.parametrize(("text", "want"), _CASES)
def test_a_register_the_rules_now_read(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    "it's a sauna outside today", "the weather outside is an oven", "it's silent outside",
    "no music playing", "I don't want any music playing", "no radio on",
    "can't hear the news over the music", "can't hear the kids over the crowd",
    "I was sweating through my shirt at the gym", "I'm sweating the exam results",
    "the glass in the shop was steamed up", "yesterday the windscreen was fogged up",
    "don't turn it up ya know", "the fan. two hours ago.", "the dawn is beautiful",
    "I saw the dawn", "my mum's kitchen is an oven", "there's not a single cloud outside",
])
def test_near_misses_act_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []
