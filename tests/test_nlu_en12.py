"""English readings added in the twelfth session (twin.assistant.vocabulary, colloquial,
phrasing, multi, templates/en.yaml): a formal or regional wrapper said first ("would you be so
kind as to", "kindly", "excuse me", "gonnae", "could ya") or a time said last ("… now",
"… quickly"), a dropped "g" ("pausin'"), a stress word before a start-anchored reading, a
speech-recognition slip of a cabin word ("widow", "paws"), the fan's air hitting the face, the
weather coming in on a side, a complaint without a subject ("baltic in here"), music the
speaker could do with, lyrics that cannot be made out, two complaints of one wish. Variants of
each class, never a development line itself; near misses that must act on nothing; and the
wrong actuation found in main ("the rain is coming in, close the sunroof" closed a window)."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.resolver import Turn


@pytest.mark.parametrize(("text", "want"), [
    # a formal or regional wrapper said first
    ("would you be kind enough to turn the fan down", [("climate_fan_down", 1)]),
    ("would you be so kind as to close my window", [("window_close", None)]),
    ("kindly switch off the AC", [("climate_ac_off", None)]),
    ("excuse me, could ya turn the volume up", [("media_volume_up", 2)]),
    ("gonnae put the fan on three", [("climate_set_fan", 3)]),
    ("ope, can ya skip this song", [("media_next", None)]),
    # the AC's temperature is the temperature
    ("kindly set the a c temperature to nineteen", [("climate_set_temperature", 19)]),
    ("put the aircon temp on twenty two", [("climate_set_temperature", 22)]),
    # when or how fast, said last
    ("passenger seat heater off now", [("seat_heat_passenger", 0)]),
    ("close the rear windows quickly", [("window_close", None)]),
    # a dropped "g", a suggestion's wrapper said regionally
    ("would ya mind turnin' the music down", [("media_volume_down", 2)]),
    ("y'all mind closin' the window", [("window_close", None)]),
    # a stress word before a reading anchored at the start, a slang tag said last
    ("seriously we've no idea how to get home", [("navigate_home", None)]),
    ("lowkey roasting in here ngl", [("climate_temperature_down", 1)]),
    # a speech-recognition slip of a cabin word
    ("close the driver's widow", [("window_close", None)]),
    ("paws the radio", [("media_pause", None)]),
    ("skip this song then paws the music", [("media_next", None), ("media_pause", None)]),
    # the fan's air hitting the face or eyes
    ("the fan is blowing straight in my eyes", [("climate_fan_down", 1)]),
    ("the vents are blasting right in my face", [("climate_fan_down", 1)]),
    # the weather coming in, and where
    ("the snow's coming in on the passenger's side", [("window_close", None)]),
    ("all this smoke is coming in the rear window", [("window_close", None)]),
    # a complaint without a subject, and where
    ("baltic in here", [("climate_temperature_up", 1)]),
    ("stinking hot in the car", [("climate_temperature_down", 1)]),
    ("the kids are freezing back there", [("climate_temperature_up", 1)]),
    ("we're all sweltering over here", [("climate_temperature_down", 1)]),
    ("it's an absolute sauna in here", [("climate_temperature_down", 1)]),
    # the music: could do with some, cannot make it out, too loud for the ears
    ("we could do with some tunes", [("media_play", None)]),
    ("it's so boring in here without any music", [("media_play", None)]),
    ("i can hardly make out the words", [("media_volume_up", 2)]),
    ("can't hear the audiobook over the road noise", [("media_volume_up", 2)]),
    ("my ears are hurting from the bass", [("media_volume_down", 2)]),
    ("my ears are ringing, it's far too loud", [("media_volume_down", 2)]),
    ("hush the radio completely", [("media_mute", None)]),
    ("take us home", [("navigate_home", None)]),
    ("the windshield keeps fogging up on the inside", [("climate_defrost", None)]),
    # a regional filler before a reason: the reason, not a second command
    ("och it's freezing, put my seat warmer on full", [("seat_heat_driver", 3)]),
    # what happened, told before the request; an occasion said after it
    ("we've been on the road since six and everyone's knackered, could you turn the volume "
     "down to five", [("media_volume_set", 5)]),
    ("just left the office could you put the temperature on twenty two",
     [("climate_set_temperature", 22)]),
    ("pause the song while we pay for parking", [("media_pause", None)]),
    # a hot car's story beside a cooling command; two complaints of one wish
    ("been in the sun all afternoon, it's a furnace in here", [("climate_temperature_down", 1)]),
    ("my toes have gone numb, it's that cold", [("climate_temperature_up", 1)]),
    # degrees of a comparative with any verb, notches of the volume, the ends "on the highest"
    ("put the temperature three degrees higher", [("climate_temperature_up", 3)]),
    ("could you set the heating two degrees lower", [("climate_temperature_down", 2)]),
    ("turn the volume three notches louder", [("media_volume_up", 3)]),
    ("put the heat on the highest", [("climate_set_temperature", 30)]),
    # the way home not known, "let's just get home", "us"
    ("no clue how to get back home from this petrol station", [("navigate_home", None)]),
    ("ok let's just head home", [("navigate_home", None)]),
    # the other seat with "to" for "too", a window opened a little said non-natively
    ("heat my seat and my husband's to", [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]),
    ("windows please open only a little bit", [("window_set_position", 50)]),
    # a song judged with "'s", music given to "us", a window had down, a wish for degrees
    ("that track's absolutely awful", [("media_next", None)]),
    ("get us some tunes", [("media_play", None)]),
    ("let's get the windows down", [("window_open", None)]),
    ("i'd like twenty three degrees in here", [("climate_set_temperature", 23)]),
    ("we'll have nineteen degrees please", [("climate_set_temperature", 19)]),
    # both seat heaters with the way said after them
    ("switch both seat heaters off", [("seat_heat_driver", 0), ("seat_heat_passenger", 0)]),
    ("cheers, could you close the window", [("window_close", None)]),
    # a reason said first, then ", so" and several commands
    ("the cat's looking a bit sick in the back, so crack the window and turn the radio down",
     [("window_set_position", 50), ("media_volume_down", 2)]),
    ("granddad's nodding off, so pause the music and make it a bit warmer",
     [("media_pause", None), ("climate_temperature_up", 1)]),
])
def test_a_reading_is_the_plain_command(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    # the reason of a function the cabin does not have: not the window (main closed it)
    "the rain is coming in, close the sunroof",
    "the rain's coming in, shut the sunroof please",
    "rain is coming in, close the boot",
    "the dust is coming in through the sunroof",
    # a refusal with the weather as its reason: nothing is opened, nothing guessed
    "don't open the window, the rain's coming in",
    # near misses of the new readings
    "I could do with some coffee",
    "we could use a break",
    "cool in here",
    "nice and cool in here",
    "it's freezing outside",
    "hot",
    "my widow likes jazz",
    "the air is blasting right at the kids",
    "i can't hear you over the kids",
    "my ears are ringing from the concert last night, it's fine now",
    # a story that binds or points the request elsewhere: left to the fallback
    "if it gets cold later could you turn the heat up",
    "in ten minutes could you turn the music off",
    "in a bit could you open the window",
    "the kids want the window open could you turn the fan down",
    "my wife's seat is cold can you heat it up",
    "my wife is cold could you turn the temperature down",
    "my husband is here could you turn the seat heater on",
    "don't pause the music while I'm driving",
    # a hot car's story beside a warming command
    "the car's been in the sun all day, turn the heat up",
    "car's been baking in the sun, put the seat heater on",
    # a reason said first that wants the other way than a command after ", so"
    "the baby's asleep, so turn the music up and open the window",
    "we're all roasting, so turn the heat up and close the window",
])
def test_a_near_miss_acts_on_nothing(text: str) -> None:
    assert rule_actions("en", text) == []


def _after(intent: str, value: int | None) -> tuple[Turn, ...]:
    return (Turn("earlier", intent, value),)


@pytest.mark.parametrize(("earlier", "text", "want"), [
    # a follow-up's correction marker before the wish said instead
    (("climate_set_fan", 3), "nope, make it five", [("climate_set_fan", 5)]),
    (("climate_set_temperature", 22), "no wait, make it twenty one",
     [("climate_set_temperature", 21)]),
    (("climate_temperature_down", 1), "no, the other way, I said warmer",
     [("climate_temperature_up", 1)]),
    (("media_volume_up", 2), "even louder please", [("media_volume_up", 2)]),
])
def test_a_correction_marker_reads_the_wish_after_it(earlier: tuple, text: str,
                                                     want: list) -> None:
    assert rule_actions("en", text, _after(*earlier)) == want


@pytest.mark.parametrize(("earlier", "text"), [
    (("media_play", None), "no music"),
    (("media_play", None), "nah, don't"),
    (("window_open", None), "no, not that"),
    # "that" after the fan is not the volume (a pronoun is read from the history, or not at all)
    (("climate_set_fan", 3), "turn that down a bit"),
])
def test_a_correction_marker_alone_acts_on_nothing(earlier: tuple, text: str) -> None:
    assert rule_actions("en", text, _after(*earlier)) == []
