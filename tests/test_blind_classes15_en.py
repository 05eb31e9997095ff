"""English registers a blind score of holdout15 found unread (twin.assistant.colloquial's English
table): regional spellings and speech-recognition slips of cabin words ("windah", "lowah", "tract",
"the AC of", "too three", "dat"), regional tags and fillers ("b'y", "naman", "grabe", "mais cher",
"yeah nah"), radio words ("ten-four", "how copy", digit-by-digit numbers, "cabin request"),
shouted fragments, a butler's courtesy and nouns-then-state, archaic English, learners' English
and colloquial complaints. Variants written here, and near misses that must act on nothing."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions

_CASES = [
    # spellings and slips of cabin words and verbs
    ("wind the windah up, it's raining", [("window_close", None)]),
    ("open the windah a bit", [("window_set_position", 50)]),
    ("lowah the volume a bit", [("media_volume_down", 2)]),
    ("lowah the temp three degrees then mute the radio",
     [("climate_temperature_down", 3), ("media_mute", None)]),
    ("go to the previous tract", [("media_previous", None)]),
    ("switch the aircon of please", [("climate_ac_off", None)]),
    ("turn the AC of and open the window a bit",
     [("climate_ac_off", None), ("window_set_position", 50)]),
    ("set the volume too twelve", [("media_volume_set", 12)]),
    ("set the fan too two and the temperature to twenty two",
     [("climate_set_fan", 2), ("climate_set_temperature", 22)]),
    ("turn dat fan down", [("climate_fan_down", 1)]),
    # regional tags and fillers said first or last
    ("turn the heat up b'y", [("climate_temperature_up", 1)]),
    ("turn the volume up naman", [("media_volume_up", 2)]),
    ("grabe turn the fan down", [("climate_fan_down", 1)]),
    ("aduh open the window", [("window_open", None)]),
    ("chale pause the music", [("media_pause", None)]),
    ("mais cher turn dat radio down some", [("media_volume_down", 2)]),
    ("go back a song there cher", [("media_previous", None)]),
    ("yeah nah skip this one", [("media_next", None)]),
    ("whack the next track on", [("media_next", None)]),
    ("put the music back on already", [("media_play", None)]),
    ("make it cooler pleeease", [("climate_temperature_down", 1)]),
    ("can you carry us on home", [("navigate_home", None)]),
    # radio and aviation
    ("ten-four, turn the fan up", [("climate_fan_up", 1)]),
    ("set the fan to three, how copy", [("climate_set_fan", 3)]),
    ("cabin request volume one five", [("media_volume_set", 15)]),
    ("Cabin, set temperature two two, how copy", [("climate_set_temperature", 22)]),
    ("set temperature one niner degrees", [("climate_set_temperature", 19)]),
    ("Ten-four, heat my seat on low, then previous song, over.",
     [("seat_heat_driver", 1), ("media_previous", None)]),
    ("heat my seat on high", [("seat_heat_driver", 3)]),
    ("turn on the passenger seat heater on low", [("seat_heat_passenger", 1)]),
    # shouted fragments
    ("Seat heater! Passenger side! ON! NOW!", [("seat_heat_passenger", 2)]),
    ("Window down! Move it!", [("window_open", None)]),
    ("Defrost on! Fan to max! Temperature twenty-two! Now!",
     [("climate_defrost", None), ("climate_set_fan", 7), ("climate_set_temperature", 22)]),
    # a butler's courtesy, nouns then their state; archaic English
    ("If I may, the seat heating to its highest setting, please.", [("seat_heat_driver", 3)]),
    ("If I might trouble you, the window lowered halfway, thank you.",
     [("window_set_position", 50)]),
    ("If I might trouble you: the aircon off, the window raised, and the music a touch louder.",
     [("climate_ac_off", None), ("window_close", None), ("media_volume_up", 2)]),
    ("Prithee, resume the song thou hast paused", [("media_play", None)]),
    ("Hark, the windscreen is clouded over", [("climate_defrost", None)]),
    ("let the cabin grow cooler by three degrees", [("climate_temperature_down", 3)]),
    # learners' English
    ("put more high the temperature, one degree", [("climate_temperature_up", 1)]),
    ("make more low the fan", [("climate_fan_down", 1)]),
    # complaints said colloquially
    ("the blower's roarin like a hairdryer", [("climate_fan_down", 1)]),
    ("the air is blowing way too hard in my face", [("climate_fan_down", 1)]),
    ("my seat is stone cold under me", [("seat_heat_driver", 2)]),
    ("it's some cold in here", [("climate_temperature_up", 1)]),
    ("it's frigid in here", [("climate_temperature_up", 1)]),
    ("I can't hear the radio over you guys", [("media_volume_up", 2)]),
    ("I've heard this track like thirty times today", [("media_next", None)]),
    ("there's no music playing at all, how boring", [("media_play", None)]),
    ("turn the radio down some", [("media_volume_down", 2)]),
    ("I can't even hear the radio over you lot", [("media_volume_up", 2)]),
    ("aduh the fan is blowing so hard ya", [("climate_fan_down", 1)]),
    ("the windscreen is fogged up, I see nothing", [("climate_defrost", None)]),
    ("I reckon you could turn the fan up a bit", [("climate_fan_up", 1)]),
    ("turn the fan up and little louder please", [("climate_fan_up", 1), ("media_volume_up", 2)]),
]


@pytest.mark.parametrize(("text", "want"), _CASES)
def test_a_register_the_rules_now_read(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    "the fan in my office roars", "I've heard this song before, love it",
    "no music for me thanks", "carry the bags home", "drive over the bridge",
    "the window cleaner came by", "let the dog out", "the music was louder yesterday",
    "I've heard this song thirty times but I love it", "the tract of land by the road",
    "no music on at all, that's how I like it", "there's some cold water in the back",
    "I reckon you could be right", "I can't even see the road", "the air is blowing on my feet",
])
def test_near_misses_act_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []


@pytest.mark.parametrize("text", [
    "the fan is blowing",  # how it is, no complaint (it turned the fan down)
    "the fan is blowing, that's fine",
    "the air is blowing",
])
def test_a_fan_said_to_blow_is_no_complaint(text: str) -> None:
    assert rule_actions("en", text) == []


@pytest.mark.parametrize("text", [
    "the fan is blowing in my face", "the fan is blowing, can you turn it down",
    "the fan is roaring",
])
def test_a_fan_blowing_at_someone_or_roaring_still_turns_down(text: str) -> None:
    assert rule_actions("en", text) == [("climate_fan_down", 1)]
