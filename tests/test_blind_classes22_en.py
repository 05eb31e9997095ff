"""English classes a blind score of holdout22 found acting wrong (unsafe): the place left said
with "off" after the order ("my seat heater on full, we've just come off the slopes") read as
the seat heater off, the wrong way (hil.llm.direction); "off" softened by how little ("ease the
fan off a touch") read as the fan off; two articles stacked where a wildcard title starts ("put
the a sea on": the AC misheard) read as music to play (twin.assistant.scope); "make it two
degrees cooler" after a seat heater dropped as the seat's "it" (twin.assistant.phrasing); a state
told with "so" and its order ("its boiling so cool it down") left out as a reason (multi);
"pause" misheard after "can you" ("can you pores the music") played by the fallback.
Variants written here (no model), and near misses that must not change."""

from __future__ import annotations

import pytest

from hil.llm.direction import normalised
from tests.helpers import rule_actions


@pytest.mark.parametrize("text", [
    "put my seat heater on high we have just come off a night shift",
    "my seat heater on full please, just off the slopes",
    "fan to four, we just got off the ferry",
    "heat on please we're fresh off the plane",
])
def test_the_place_left_says_no_off(text: str) -> None:
    assert " off " not in f" {normalised(text)} "


@pytest.mark.parametrize("text", [
    "turn my seat heater off we have just come off the slopes",  # the order's own off
    "can you get off the music",  # a device after "off the": no place left
    "just switch the fan off",
    "we got the ac off",
])
def test_an_off_said_of_a_device_stays(text: str) -> None:
    assert " off" in normalised(text)


@pytest.mark.parametrize("text", [
    "and ease the fan off a touch",
    "take the fan off a little",
    "knock the fan off a tad would you",
    "ease the temperature off slightly",
])
def test_off_softened_by_how_little_is_a_step_down(text: str) -> None:
    lowered = normalised(text)
    assert " down" in lowered and " off" not in lowered


@pytest.mark.parametrize("text", [
    "turn the music off for a bit",  # for a while: off
    "turn the ac off a little while",
    "turn the fan off",
    "switch the heater off a bit later",
])
def test_off_for_a_while_or_bare_stays_off(text: str) -> None:
    assert " off" in normalised(text)


@pytest.mark.parametrize("text", [
    "can you put the a sea on for us brah",
    "put the a see on please",
    "throw a the thing on",
])
def test_stacked_articles_where_a_title_starts_play_nothing(text: str) -> None:
    assert rule_actions("en", text) == []


@pytest.mark.parametrize(("text", "want"), [
    ("put the beatles on", [("media_play", None)]),
    ("put a song on", [("media_play", None)]),
    ("put some music on", [("media_play", None)]),
    ("could you throw the a c on", [("climate_ac_on", None)]),  # "a c" is the AC
])
def test_a_title_or_a_device_said_plainly_is_still_read(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("switch my seat heater off and make it two degrees cooler the tattoo is killing me",
     [("seat_heat_driver", 0), ("climate_temperature_down", 2)]),
    ("put my seat heater on and make it two degrees warmer",
     [("seat_heat_driver", 2), ("climate_temperature_up", 2)]),
    ("turn off my seat heater and bring it down a degree",
     [("seat_heat_driver", 0), ("climate_temperature_down", 1)]),
])
def test_it_said_with_degrees_after_a_seat_is_the_cabin(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    "switch my seat heater off and make it cooler",  # no degrees: "it" may be the seat
    "my seat is freezing, warm it up",
])
def test_it_without_degrees_after_a_seat_sets_no_temperature(text: str) -> None:
    assert not any(i.startswith("climate_") for i, _ in rule_actions("en", text))


@pytest.mark.parametrize(("text", "want"), [
    ("its boiling so cool it down and open the window a quarter",
     [("climate_temperature_down", 1), ("window_set_position", 25)]),
    ("its boiling after badminton so cool it down and open the window a quarter", []),
])
def test_a_state_with_so_and_its_order_is_no_reason_left_out(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("it's so quiet I'm nodding off, put something on", [("media_play", None)]),  # so: how
    ("i'm so tired so turn the music down", [("media_volume_down", 2)]),
    ("its boiling so cool it down", [("climate_temperature_down", 1)]),
])
def test_so_as_a_degree_or_one_order_is_unchanged(text: str, want: list) -> None:
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text", [
    "um sorry sorry can you pores the music",
    "could you paws the song please",
    "please paws the radio",
])
def test_pause_misheard_after_a_courtesy_is_a_pause(text: str) -> None:
    assert rule_actions("en", text) == [("media_pause", None)]


@pytest.mark.parametrize("text", [
    "the dog put its paws the whole way on the seat",
    "you pores the water",
])
def test_paws_said_of_no_music_plays_or_pauses_nothing(text: str) -> None:
    assert rule_actions("en", text) == []
