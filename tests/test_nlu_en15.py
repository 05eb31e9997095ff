"""English readings added in the fifteenth session (twin.assistant.colloquial, phrasing, scope,
vocabulary, nlu, templates/en.yaml), read as classes of how people talk: more registers' tags
and names for the one spoken to ("… pal", "… guv", "yalla …", "gg …", "… na"), a liking of the
song said after the order, the last song put back on, "let's play the radio", baby talk and
Scots spellings, the body frozen to the seat, whose seat said "the missus's", a learner's
missing article or comparative before its degrees, where the car is said after an order, not
seeing beside fog, a gamer's buff/nerf, Pidgin "am", Singlish "can … or not", "mine too" with a
reason. Variants of each class, never a development line itself, and near misses that must act
on nothing."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.resolver import Turn


@pytest.mark.parametrize(("text", "want"), [
    # a name for the one spoken to, or a register's tag, said last or first
    ("skip this song pal", [("media_next", None)]),
    ("close the window guv", [("window_close", None)]),
    ("play the next song na", [("media_next", None)]),
    ("turn the AC off oga", [("climate_ac_off", None)]),
    ("yalla close the window", [("window_close", None)]),
    ("tamam, turn the fan off", [("climate_set_fan", 0)]),
    ("gg mute the radio", [("media_mute", None)]),
    ("alright darlin turn the heat up", [("climate_temperature_up", 1)]),
    ("window down to thirty percent go go go", [("window_set_position", 30)]),
    ("fan down one also", [("climate_fan_down", 1)]),
    # a liking of the song said after the order
    ("take me back to the song before, that one was my jam", [("media_previous", None)]),
    ("turn it up, I love this song", [("media_volume_up", 2)]),
    # the last song put back on; the radio or the music to play, said with "let's"
    ("stick the previous track back on", [("media_previous", None)]),
    ("could you bring back the last song", [("media_previous", None)]),
    ("let's put on the radio", [("media_play", None)]),
    ("shall we play the music for the kids", [("media_play", None)]),
    # baby talk and Scots spellings of a cabin word
    ("play the moozic", [("media_play", None)]),
    ("roll the windae doon", [("window_open", None)]),
    ("put the heat on ma seat", [("seat_heat_driver", 2)]),
    # the body frozen to the seat, a likeness of cold said of a seat, whose seat
    ("my backside is frozen to the seat", [("seat_heat_driver", 2)]),
    ("my wife reckons her seat is like ice", [("seat_heat_passenger", 2)]),
    ("the missus's seat heater on low", [("seat_heat_passenger", 1)]),
    ("my bum heater on the highest", [("seat_heat_driver", 3)]),
    ("pop the heater on my seat", [("seat_heat_driver", 2)]),
    # the window the whole way said "all of it", a learner's missing article
    ("open the window all of it please", [("window_open", None)]),
    ("close window", [("window_close", None)]),
    ("lower window just a bit", [("window_set_position", 50)]),
    # where the car is, or what a setting is for, said after the order
    ("turn the volume down in this traffic", [("media_volume_down", 2)]),
    ("close the window on this motorway", [("window_close", None)]),
    ("set the temperature to nineteen for the birthday cake", [("climate_set_temperature", 19)]),
    ("put the temperature to a crisp twenty", [("climate_set_temperature", 20)]),
    # not seeing beside fog on the glass, said after or before it
    ("the front windscreen is fogged up, I can't see a thing", [("climate_defrost", None)]),
    ("can't see anything, the windshield's all misted", [("climate_defrost", None)]),
    # the way home, a formal wrapper, hearing said by someone in the back
    ("take us on home", [("navigate_home", None)]),
    ("I should be ever so grateful if you would open the window", [("window_open", None)]),
    ("the kids in the back can't hear the radio", [("media_volume_up", 2)]),
    ("hardly any air is coming through the vents", [("climate_fan_up", 1)]),
    # a gamer's buff/nerf; Pidgin "am" for it; a learner's comparative before its degrees
    ("buff the volume", [("media_volume_up", 2)]),
    ("nerf the fan", [("climate_fan_down", 1)]),
    ("abeg mute am", [("media_mute", None)]),
    ("make warmer two degree", [("climate_temperature_up", 2)]),
    # Singlish "can … or not", any music will do, the fan said "ventilator"
    ("can off the aircon or not", [("climate_ac_off", None)]),
    ("put on some tunes, whatever is fine", [("media_play", None)]),
    ("switch on the ventilator", [("climate_set_fan", 3)]),
    # "not able to hear" beside an order is an aside, not a refusal
    ("make the radio louder, we are not able to hear it", [("media_volume_up", 2)]),
])
def test_a_reading_is_the_plain_command(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # a place said after an order that names no cabin function: no pause, no song
    "stop at the car wash",
    "pause at the toll bridge",
    "turn left in this traffic",
    "turn on the lights in this tunnel",
    # "let's play the …" a game
    "let's play the radio game",
    "let's play the quiet game for the kids",
    # a liking beside a refusal or a skip says otherwise
    "don't skip it, that's my jam",
    "don't skip it that's my jam",
    "that was my tune",
    # frozen to a seat that is no body's, someone else's whole self
    "the dog is frozen to the seat",
    "she's frozen to her seat",
    # things like ice that are no seat, a passed-on wish of no cabin function
    "her soup is like ice",
    "the missus says she wants chips",
    # whose seat left unsaid for a seat heater, a heater refused or later
    "set the seat heater to two for the cake",
    "don't put the heater on my seat",
    "put the heater on my seat later",
    # an open window at home, not seeing with no fog, a fan that is not the cabin's
    "open window at home",
    "I can't see the road",
    "the windscreen is fine, can't see the road because of the sun",
    # a filler or a tag alone
    "gg",
    "eh?",
    # a question asked "or not"
    "can you tell me if the window is open or not",
])
def test_a_near_miss_acts_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []


_PASSENGER_SEAT = (Turn("put the passenger seat heater on", "seat_heat_passenger", 2),)
_TEMPERATURE = (Turn("set the temperature to twenty one", "climate_set_temperature", 21),)


@pytest.mark.parametrize(("text", "history", "want"), [
    ("mine too, my legs are numb", _PASSENGER_SEAT, [("seat_heat_driver", 2)]),
    ("do mine as well while you're at it", _PASSENGER_SEAT, [("seat_heat_driver", 2)]),
    ("no, eighteen", _TEMPERATURE, [("climate_set_temperature", 18)]),
    ("nah 20", _TEMPERATURE, [("climate_set_temperature", 20)]),
])
def test_a_follow_up_said_with_a_reason_or_a_bare_number(text: str, history: tuple,
                                                          want: list) -> None:
    assert rule_actions("en", text, history) == want


@pytest.mark.parametrize(("text", "history"), [
    # a reason the other way, a refusal, a later time: not the same wish
    ("mine too, I'm roasting", _PASSENGER_SEAT),
    ("mine as well, but not on high", _PASSENGER_SEAT),
    ("mine too, my back's not cold", _PASSENGER_SEAT),
])
def test_a_follow_up_that_says_otherwise_acts_on_nothing(text: str, history: tuple) -> None:
    assert rule_actions("en", text, history) == []


@pytest.mark.parametrize(("text", "want"), [
    ("we've been stuck behind a tractor for twenty minutes with the sun on the glass and "
     "it's baking in here", [("climate_temperature_down", 1)]),
    ("just came off a night shift and I'm absolutely freezing", [("climate_temperature_up", 1)]),
    ("dropped the kids at school in the drizzle and the windscreen has gone all misty",
     [("climate_defrost", None)]),
])
def test_a_story_told_before_a_complaint_is_the_complaint(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # a story that feels the other way, binds the complaint to another time, or is a condition
    "I was freezing earlier and now it's roasting in here",
    "we're going to the beach tomorrow and it's roasting",
    "if we get stuck in traffic and it's roasting",
])
def test_a_story_that_binds_the_complaint_acts_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []


@pytest.mark.parametrize(("text", "want"), [
    # a smell said before a window order without a pause
    ("the dog's blanket honks wind the window down a crack", [("window_set_position", 50)]),
    ("something stinks in here open the window", [("window_open", None)]),
    # fresh air or "that's enough" said after the window opened
    ("roll the window down, let's get some fresh air", [("window_open", None)]),
    ("open the window a bit, a tiny gap is plenty", [("window_set_position", 50)]),
])
def test_a_smell_or_enough_beside_a_window_order(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # a smell outside, a condition, a refusal, the window shut
    "it smells outside close the window",
    "if it stinks open the window",
    "the fish reeks don't open the window",
    "the dog stinks put the window up",
])
def test_a_smell_that_binds_the_window_acts_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []
