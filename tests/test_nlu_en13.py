"""English readings added in the thirteenth session (twin.assistant.colloquial, multi,
vocabulary, templates/en.yaml), read as clause shapes rather than word lists: a reason said
after the command with no pause marked ("… I'm sweating"), someone addressed before the order
("Dad, …") or a tag after it ("… po", "… over"), someone else's complaint ("Dad can't hear the
radio", "… in Grandad's eyes"), a word cut off and said again ("the te- temperature"), a
number's homophone before its unit ("by to degrees"), "gone" for "become" ("the windscreen's
gone all misty"). Variants of each class, never a development line itself, and near misses
that must act on nothing."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions


@pytest.mark.parametrize(("text", "want"), [
    # a reason said after the command, no comma
    ("turn the fan down it's blowing on the baby", [("climate_fan_down", 1)]),
    ("put my seat heater on it's freezing", [("seat_heat_driver", 2)]),
    ("lower the temp by two degrees I'm boiling in this coat", [("climate_temperature_down", 2)]),
    ("could you close the window for me I've got my hands full", [("window_close", None)]),
    ("skip this song it's awful", [("media_next", None)]),
    # someone addressed first, a tag said last
    ("Sarah, can you turn the heat up", [("climate_temperature_up", 1)]),
    ("grandma, pause the song please", [("media_pause", None)]),
    ("close the window po", [("window_close", None)]),
    ("fan to three over", [("climate_set_fan", 3)]),
    ("switch the AC off for now will you", [("climate_ac_off", None)]),
    # someone else's complaint
    ("mum can't hear the music", [("media_volume_up", 2)]),
    ("the kids can't hear the radio over the road noise", [("media_volume_up", 2)]),
    ("the vents are blasting in the baby's face", [("climate_fan_down", 1)]),
    ("that air is blowing right in her eyes", [("climate_fan_down", 1)]),
    # a word cut off and said again
    ("turn the vol- volume down", [("media_volume_down", 2)]),
    ("set the te- temperature to twenty", [("climate_set_temperature", 20)]),
    # a number's homophone before its unit
    ("raise the temperature by to degrees", [("climate_temperature_up", 2)]),
    ("turn the temp down by for degrees", [("climate_temperature_down", 4)]),
    # "gone" for "become", the glass misty or steamy
    ("the back window's gone all steamy", [("climate_defrost", None)]),
    ("the windscreen is misty", [("climate_defrost", None)]),
    ("it's gone freezing in here", [("climate_temperature_up", 1)]),
    # the seat heater said in another order
    ("passenger side heat seat on high", [("seat_heat_passenger", 3)]),
])
def test_a_reading_is_the_plain_command(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # a reason against the command said after it: no command
    "turn the heat up it's boiling",
    "turn the music up it's too loud",
    # a word that binds the clause after it: not a reason, left to the fallback
    "turn the fan up when it's hot",
    "turn the heat up if it's cold",
    "turn the heat up I'm not cold",
    "put the seat heater on I'm not cold",
    # a word before a comma that binds or names the order: no one addressed
    "no, open the window",
    "later, turn the fan up",
    "window, can you open it",
    # "gone" before a time, not a state
    "it's gone one o'clock turn the music down",
    # a number's homophone with no unit after it stays unread
    "set the fan to for",
])
def test_a_near_miss_acts_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []
