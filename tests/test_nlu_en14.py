"""English readings added in the fourteenth session (twin.assistant.colloquial, shapes,
phrasing, scope, nlu, vocabulary, templates/en.yaml and en_open.yaml), read as classes of how
people talk: tags and fillers of more registers ("… fam", "arre …", "ah go on …", "so basically
…", "… driver" said to the driver), formal wrappers ("I wonder whether you might be so kind as to
…"), learners' English ("please to …", "little bit louder"), a colloquial verb ("chuck the fan
up"), things let in through the window, the window rolled all the way up or down a crack, a
complaint's intensifier ("frozen solid"), not hearing a programme on the radio, a run-on whose
first part is a function said bare with its way, a reason said with its conjunction, both seats
said "both heated seats", a wildcard "put on …" that took a heated seat (no song). Variants of
each class, never a development line itself, and near misses that must act on nothing."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("text", "want"), [
    # tags and fillers of more registers, said first or last
    ("switch the AC on fam", [("climate_ac_on", None)]),
    ("arre open the window yaar", [("window_open", None)]),
    ("mate, skip this song", [("media_next", None)]),
    ("pause the music buddy", [("media_pause", None)]),
    ("ah go on put the fan on three", [("climate_set_fan", 3)]),
    ("go on, turn the music down a bit", [("media_volume_down", 2)]),
    ("so basically turn the temperature to twenty", [("climate_set_temperature", 20)]),
    ("it's far too hot up here driver", [("climate_temperature_down", 1)]),
    ("turn the radio up please sir", [("media_volume_up", 2)]),
    # formal wrappers around the order
    ("I wonder if you could possibly close the window", [("window_close", None)]),
    ("I was wondering whether you might be kind enough to mute the radio",
     [("media_mute", None)]),
    ("I'd be very grateful if you would turn the fan down", [("climate_fan_down", 1)]),
    ("I'm wondering if you'd mind opening the window", [("window_open", None)]),
    ("could you be a love and put the heated seat on", [("seat_heat_driver", 2)]),
    # learners' English
    ("please to open the window", [("window_open", None)]),
    ("kindly to switch off the AC", [("climate_ac_off", None)]),
    ("make the volume little bit lower", [("media_volume_down", 2)]),
    ("turn the fan down a small bit", [("climate_fan_down", 1)]),
    ("I am not able to hear the music", [("media_volume_up", 2)]),
    # a colloquial verb before a way, a device set going
    ("chuck the volume down", [("media_volume_down", 2)]),
    ("bung the fan up a notch", [("climate_fan_up", 1)]),
    ("shove the window down a crack", [("window_set_position", 50)]),
    ("get the air con going", [("climate_ac_on", None)]),
    ("put the demister to work", [("climate_defrost", None)]),
    # things let in through the window
    ("the leaves are blowing in through my window", [("window_close", None)]),
    ("there's grit coming in the window", [("window_close", None)]),
    ("the passenger window is letting the rain in", [("window_close", None)]),
    ("my window keeps letting the flies in", [("window_close", None)]),
    # the window all the way up, down a crack
    ("wind my window right up", [("window_close", None)]),
    ("bring the window all the way up", [("window_close", None)]),
    ("let the window down a little", [("window_set_position", 50)]),
    # a complaint's intensifier, a part of the seat, no air from the vents
    ("we're boiling alive in here", [("climate_temperature_down", 1)]),
    ("I'm chilled to the bone", [("climate_temperature_up", 1)]),
    ("the bottom of my seat is freezing", [("seat_heat_driver", 2)]),
    ("hardly anything is coming out of the vents", [("climate_fan_up", 1)]),
    # not hearing a programme on the radio, or over the weather
    ("can't hardly hear the match on the radio", [("media_volume_up", 2)]),
    ("I can barely hear the commentary over this wind", [("media_volume_up", 2)]),
    # "turn down" before the music with how much; Jamaican "likkle bit", "beg yuh", "nuh"
    ("turn down the radio a little bit", [("media_volume_down", 2)]),
    ("beg yuh turn up di radio likkle bit", [("media_volume_up", 2)]),
    ("close di window nuh", [("window_close", None)]),
    # radio shorthand said last, a stress word said first with a comma
    ("roger, fan to five ten-four", [("climate_set_fan", 5)]),
    ("seriously, I don't know the way home", [("navigate_home", None)]),
    # a speech-recognition slip: "moot" for mute
    ("moot the music", [("media_mute", None)]),
    # the heat said on the seat
    ("heat on the passenger seat please", [("seat_heat_passenger", 2)]),
    # a run-on whose first part is a function said bare with its way
    ("music off open the window", [("media_pause", None), ("window_open", None)]),
    ("fan down two put the seat heater on", [("climate_fan_down", 2), ("seat_heat_driver", 2)]),
])
def test_a_reading_is_the_plain_command(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # a wrapper around no order, or around a refusal
    "I wonder if the window is open",
    "I'd be grateful if you could not open the window",
    "I was wondering if you'd mind not turning the fan up",
    # "go on" and a filler before no command
    "go on the motorway",
    "ah go on then",
    "mate, where are we",
    # "driver" as whose seat or whom, not someone spoken to
    "it's too cold for the driver",
    "turn the fan up driver side",
    # things that come in elsewhere or later
    "the sand is blowing in the desert",
    "the snow is coming in tomorrow",
    "my window's letting the light in",
    # an intensifier beside a contrast, a broken seat, a question about the vents
    "I'm frozen solid but the kids are fine",
    "the back of my seat is broken",
    "nothing is coming out of the vents, is the AC broken?",
    # hearing something else over the music, not hearing oneself
    "I can't hear the navigation over the music",
    "can't hardly hear myself think",
    "I can't hear the game on the radio tomorrow",
    # a device set going that the cabin does not have, or people
    "get the kids going",
    "put the kids to work",
    "chuck the fan out the window",
    # "moot" where it is no verb; a number's homophone before more words stays unread
    "that's a moot point",
    "turn the fan down to for the baby and the volume to twelve",
    "honestly, it's fine",
    # a run-on whose first part is no command
    "to turn the fan up you press the button",
    "the kids are up turn the music down",
    "everything is off turn the fan on",
])
def test_a_near_miss_acts_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []


@pytest.mark.parametrize(("text", "want"), [
    ("pause the radio because I've got a call coming in", [("media_pause", None)]),
    ("close the window cos we're on the motorway", [("window_close", None)]),
    ("could you turn the volume down a bit, since the kids are doing homework",
     [("media_volume_down", 2)]),
    ("put my seat warmer on as my back is killing me", [("seat_heat_driver", 2)]),
])
def test_a_reason_said_with_its_conjunction_is_an_aside(text: str, want: list) -> None:
    """A reason after "because/cos/since/as" is judged as an aside said after a pause."""
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # the reason says the other way: the rules do not act
    "turn the heat up because it's roasting",
    "turn the music up because the baby's asleep",
    "open the window because it's freezing",
    # the command is refused, and "as" that is no reason
    "don't close the window because the dog is hot",
    "turn the fan up as loud as it goes",
])
def test_a_reason_against_the_command_acts_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # both seats said with "heated seats" or "for both of us"
    ("switch on both heated seats", [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]),
    ("turn the seat warmers on low for the two of us",
     [("seat_heat_driver", 1), ("seat_heat_passenger", 1)]),
    # a body said like ice, less of a complaint, "back" for down, where said after "it"
    ("my toes are like ice cubes", [("climate_temperature_up", 1)]),
    ("could you make it less stuffy", [("climate_temperature_down", 1)]),
    ("make the radio less noisy", [("media_volume_down", 2)]),
    ("knock the blower back a touch", [("climate_fan_down", 1)]),
    ("warm things up a little in the cabin", [("climate_temperature_up", 1)]),
])
def test_more_everyday_shapes(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # a wildcard "put … on" took a seat or a heater the cabin names: not music to play (main
    # played music for these)
    "put on both the heated seats please for my dad",
    "put the car seats on",
    "put the rear window heater on",
    # "back" of the music or radio, things like ice that are no body
    "turn the radio back",
    "bring the music back",
    "the drinks are like ice",
    "the fan is less noisy now",
])
def test_these_act_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []
