"""Several commands run on with no pause (twentieth session, English): a second command starts
mid-stream with a command verb, a catalogue function word or a way said alone, after a stretch
that binds nothing after it; every part must be a sure reading, a later part must ask for
something (never a state told), and a run-on read whole as one command is cut when its two
sides name two functions. A bare "no" before a way, a value or a verb corrects only the part it
follows. Sentences are variants written here, never lines of a dev set."""

from __future__ import annotations

import pytest

from twin.assistant.nlu import shared_nlu
from twin.assistant.shapes import en_cuts, en_ordered, en_run_on


def _read(text: str) -> list[tuple[str, object]]:
    found = shared_nlu("en").parse(text, ())
    if found.confidence < 0.85:
        return [("unknown", None)]
    return [(p.intent, p.value) for p in (found.split or (found,))]


@pytest.mark.parametrize(("text", "want"), [
    # a function word after a finished way or value
    ("fan off window down fully tunes on",
     [("climate_set_fan", 0), ("window_open", None), ("media_play", None)]),
    ("temperature twenty one music off", [("climate_set_temperature", 21), ("media_pause", None)]),
    ("set the temperature to 19 tunes on", [("climate_set_temperature", 19), ("media_play", None)]),
    # a function word after a command with no way to say
    ("play some music blower on max", [("media_play", None), ("climate_set_fan", 7)]),
    ("go back a song ac off", [("media_previous", None), ("climate_ac_off", None)]),
    ("mute aircon on", [("media_mute", None), ("climate_ac_on", None)]),
    # a verb after a command
    ("temp down two stop the music", [("climate_temperature_down", 2), ("media_pause", None)]),
    ("fan off kill the ac", [("climate_set_fan", 0), ("climate_ac_off", None)]),
    ("take me home heat my seat to two", [("navigate_home", None), ("seat_heat_driver", 2)]),
    ("demist the windscreen turn the music down",
     [("climate_defrost", None), ("media_volume_down", 2)]),
    # a way said alone after a command
    ("previous track louder", [("media_previous", None), ("media_volume_up", 2)]),
    ("louder heat up one degree", [("media_volume_up", 2), ("climate_temperature_up", 1)]),
    # read whole as one command before: the rest had been dropped without a word
    ("a bit cooler kill the ac", [("climate_temperature_down", 1), ("climate_ac_off", None)]),
    ("play some music fan to three", [("media_play", None), ("climate_set_fan", 3)]),
    ("play some music navigate home", [("media_play", None), ("navigate_home", None)]),
])
def test_a_run_on_is_cut_where_a_second_command_starts(
        text: str, want: list[tuple[str, object]]) -> None:
    assert _read(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("fan up no down a bit and skip the track",
     [("climate_fan_down", 1), ("media_next", None)]),
    ("volume ten no twelve next song", [("media_volume_set", 12), ("media_next", None)]),
    ("fan to five no four ac on", [("climate_set_fan", 4), ("climate_ac_on", None)]),
    ("temperature 18 no 21 fan 3", [("climate_set_temperature", 21), ("climate_set_fan", 3)]),
    # the way is what changed: never read with the old way and the new number (was fan up 2)
    ("fan up two notches, no, down two", [("climate_fan_down", 2)]),
    ("volume up three no down one", [("media_volume_down", 1)]),
])
def test_a_correction_takes_back_only_the_part_it_follows(
        text: str, want: list[tuple[str, object]]) -> None:
    assert _read(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("play the song hot in here", [("media_play", None)]),  # a title, no complaint
    ("open the window", [("window_open", None)]),
    ("turn the music down", [("media_volume_down", 2)]),
    ("set the fan to three, no, four", [("climate_set_fan", 4)]),
    ("put my seat warmer on high", [("seat_heat_driver", 3)]),
])
def test_near_misses_keep_their_reading(text: str, want: list[tuple[str, object]]) -> None:
    assert _read(text) == want


def test_no_cut_after_a_word_that_binds_what_follows() -> None:
    text = "turn the volume of the radio up"
    assert en_cuts(text) == []
    run_on = "stop the music close the windows"
    assert [run_on[a:] for a in en_cuts(run_on)] == ["close the windows"]  # "stop | the music"


@pytest.mark.parametrize(("part", "asks"), [
    ("tunes on", True), ("a bit cooler", True), ("kill the ac", True), ("next song", True),
    ("hot in here", False), ("the windows are fogging", False), ("my seat", False),
])
def test_a_later_part_must_ask_for_something(part: str, asks: bool) -> None:
    assert en_ordered(part) is asks


@pytest.mark.parametrize(("text", "run_on"), [
    ("a bit cooler kill the ac", True), ("play some music fan to three", True),
    ("play the song hot in here", False), ("open the window", False),
    ("play some music, fan to three", False),  # a pause: cut there already
])
def test_a_run_on_read_whole_is_one_whose_sides_name_two_functions(
        text: str, run_on: bool) -> None:
    assert en_run_on(text) is run_on
