"""English classes a blind score of holdout18 found unread (twin.assistant.colloquial's English
table, twin.assistant.en_structure, the English templates): a complaint said with a likeness and
what it came after ("like a pressure cooker in this car after …", "like a slab of ice", "cold as
stone"), fogged glass with its cause, someone beside the speaker telling of her seat, what an
order is for ("so I can …"), a reason after an order with any subject ("the bride wants …"), "pop"
for "turn", the volume's steps said with a unit, a change narrated as it happens, a robot's
register, the way home said as "back to ours", a learner's "you" before an order, a song tired of
and how often it was heard, fog coming in at a window, "if you would" said last. Variants written
here, and near misses that must act on nothing."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions

_CASES = [
    # a likeness of heat or cold, and what it came after
    ("it's like a steam room in this van since we got in", [("climate_temperature_down", 1)]),
    ("it's like a pressure cooker in here after the school run", [("climate_temperature_down", 1)]),
    ("my seat is like a block of ice", [("seat_heat_driver", 2)]),
    ("this seat is as cold as stone", [("seat_heat_driver", 2)]),
    ("my seat is cold as the grave", [("seat_heat_driver", 2)]),
    # fogged glass with what caused it, after not seeing
    ("we can't see out the windows are all fogged up from the wet dogs",
     [("climate_defrost", None)]),
    ("I can't see a thing the windscreen's steamed up from our damp coats",
     [("climate_defrost", None)]),
    # someone beside the speaker tells of her seat: the passenger's
    ("the gran sitting beside me says her seat is like a block of ice",
     [("seat_heat_passenger", 2)]),
    ("my brother up front keeps saying his seat is cold as stone", [("seat_heat_passenger", 2)]),
    # what an order is for
    ("roll the window down so I can pay for parking", [("window_open", None)]),
    ("turn the volume up so we can hear the commentary", [("media_volume_up", 2)]),
    # a reason after an order, any subject
    ("mute everything the border patrol is coming over", [("media_mute", None)]),
    ("go back one track the birthday boy wants the last one", [("media_previous", None)]),
    ("turn the music down the baby wants to sleep", [("media_volume_down", 2)]),
    # "pop", "stick" a device to a value
    ("pop the temperature to twenty one degrees", [("climate_set_temperature", 21)]),
    ("just pop the fan up a notch", [("climate_fan_up", 1)]),
    ("stick the volume to twelve", [("media_volume_set", 12)]),
    # the volume's steps with a unit; a change narrated as it happens
    ("turn the volume up two notches", [("media_volume_up", 2)]),
    ("volume down three steps", [("media_volume_down", 3)]),
    ("here we go the fan goes up one notch", [("climate_fan_up", 1)]),
    ("and she's through on goal folks the volume goes up three notches oh my",
     [("media_volume_up", 3)]),
    # a robot's register
    ("beep boop initiate defrost sequence", [("climate_defrost", None)]),
    ("COMMAND ACKNOWLEDGED, TURN THE FAN UP", [("climate_fan_up", 1)]),
    ("EXECUTE MUSIC PAUSE BLEEP", [("media_pause", None)]),
    ("pause then warmer by one degree", [("media_pause", None), ("climate_temperature_up", 1)]),
    # a learner's "you" before the order; a hush said first
    ("you set the temperature to twenty", [("climate_set_temperature", 20)]),
    ("you turn the heating of my seat to the maximum", [("seat_heat_driver", 3)]),
    ("psst turn the volume down", [("media_volume_down", 2)]),
    # tiredness of a song and how often it was heard
    ("I'm sick of this song, I've heard it a hundred times today", [("media_next", None)]),
    ("I'm so sick of this track the kids have played it since breakfast", [("media_next", None)]),
    # fog coming in at a (said open) window
    ("the fog is rolling in through the open window", [("window_close", None)]),
    ("the sea mist is creeping in on my side", [("window_close", None)]),
    ("the rain is coming in the open window", [("window_close", None)]),
    # a courtesy said last with "if you would"
    ("a bit more heat in here if you would", [("climate_temperature_up", 1)]),
    ("skip this song if you please", [("media_next", None)]),
    # the film drowned out; the way home as "back to ours"
    ("I can't hear the movie over the kids screaming", [("media_volume_up", 2)]),
    ("we've no idea how to get back to our place", [("navigate_home", None)]),
]


@pytest.mark.parametrize(("text", "want"), _CASES)
def test_a_register_the_rules_now_read(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # another time, a refusal or a cabin word in what came after
    "it's like a pressure cooker in this car after the heater was on",
    "it's like a kiln in here after the gym, don't touch the aircon",
    "it was like a pressure cooker at the office",
    "I can't see a thing the windscreen was misted up yesterday",
    # someone not beside the speaker, a past state, a thing that is no seat
    "the kid in the back says her seat is cold", "the lady next to me says her seat was freezing",
    "the coffee is cold as stone", "the bench is like a slab of ice",
    # a purpose that refuses; the pause judges a reason that wants the other way
    "turn the music down so I can't hear it", "skip this song my daughter wants it again",
    "close the window the fan is on",
    # "pop" and "stick" that are no cabin order
    "pop to the shops", "stick to the speed limit",
    # a change told of another car, a habit, a bare statement
    "my old car, the volume goes up by one notch", "the volume goes up when you press this",
    "the volume goes up by itself sometimes", "the volume goes up",
    # a robot's words without an order; "beep" as a verb
    "turn it up so I can hear the music", "beep the horn", "initiate the self destruct sequence",
    "it was cooler by two degrees yesterday",
    # "you" telling of another time or judging; a hush before a question; a song not heard
    "you put the heating on yesterday", "you set the temperature too high",
    "psst is that the ice cream van", "I'm sick of this song we've not had it on once",
    # fog arriving outside, in the past, or welcome
    "the fog is drifting in", "the fog is rolling in over the hills",
    "the sea fog was drifting in the open window yesterday",
    "I love the sea fog drifting in the open window",
    # "if you would" binding an order to something else
    "I'd open the window if you would stop smoking",
    # the noise is the music; the way home another day
    "I can't hear the movie over the radio", "I've no idea how to get back to ours tomorrow",
])
def test_near_misses_act_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []
