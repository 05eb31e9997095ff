"""Several commands (seventeenth session): one way or value said once for two things ("turn the
volume and the fan up", "set the fan and the volume to five", "音量和风量都调大"), one seat's zone
said bare before "and" ("the driver and passenger seat heaters off"), a seat's level said after
the other seat ("heat my seat and the passenger seat to level three"), and things named alone
then their way said as fragments ("Window. Close it. Fan. Up."). Sentences are variants written
here, never lines of a hold-out."""

from __future__ import annotations

import pytest

from hil.llm.clauses import command_parts
from hil.llm.several import several_parts
from twin.assistant.ellipsis import named_then_done, telegraphic
from twin.assistant.nlu import shared_nlu
from twin.assistant.phrasing import topic_words


def _said(text: str) -> list[tuple[str, object]]:
    lang = "zh-CN" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en"
    found = shared_nlu(lang).parse(text, ())
    assert found.confidence >= 0.85, text
    return [(p.intent, p.value) for p in (found.split or (found,))]


@pytest.mark.parametrize(("text", "want"), [
    ("turn the volume and the fan up", [("media_volume_up", 2), ("climate_fan_up", 1)]),
    ("turn up the volume and the fan", [("media_volume_up", 2), ("climate_fan_up", 1)]),
    ("could you turn the fan and the volume down a bit",
     [("climate_fan_down", 1), ("media_volume_down", 2)]),
    ("volume and fan down please", [("media_volume_down", 2), ("climate_fan_down", 1)]),
    ("set the fan and the volume to five", [("climate_set_fan", 5), ("media_volume_set", 5)]),
    ("turn the music and the AC off", [("media_pause", None), ("climate_ac_off", None)]),
    ("switch the AC and the radio off", [("climate_ac_off", None), ("media_pause", None)]),
    ("turn the heat up two degrees and the fan too",
     [("climate_temperature_up", 2), ("climate_fan_up", 1)]),
    ("heat my seat and the passenger seat to level three",
     [("seat_heat_driver", 3), ("seat_heat_passenger", 3)]),
    ("heat my seat and my wife's seat on high",
     [("seat_heat_driver", 3), ("seat_heat_passenger", 3)]),
    ("turn the driver and passenger seat heaters off",
     [("seat_heat_driver", 0), ("seat_heat_passenger", 0)]),
    ("音量和风量都调大", [("media_volume_up", 2), ("climate_fan_up", 1)]),
    ("把风量和音量都调小一点", [("climate_fan_down", 1), ("media_volume_down", 2)]),
    ("主驾和副驾座椅加热都开到二档", [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]),
])
def test_one_way_said_once_is_each_things_way(text: str, want: list[tuple[str, object]]) -> None:
    assert _said(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("Window. Close it. Fan. Up.", [("window_close", None), ("climate_fan_up", 1)]),
    ("the music, pause it. the window, open it", [("media_pause", None), ("window_open", None)]),
    ("fan. down. window. up.", [("climate_fan_down", 1), ("window_close", None)]),
    ("Fan. Three. And music. On.", [("climate_set_fan", 3), ("media_play", None)]),
])
def test_a_thing_named_alone_then_its_way_is_one_command(
        text: str, want: list[tuple[str, object]]) -> None:
    assert _said(text) == want


@pytest.mark.parametrize(("text", "want"), [
    # a part the rules are sure of keeps its own reading: nothing is carried onto it
    ("previous song then the passenger seat heater off",
     [("media_previous", None), ("seat_heat_passenger", 0)]),
    ("next track, and the fan up", [("media_next", None), ("climate_fan_up", 1)]),
    ("turn the heat down and the fan up one",
     [("climate_temperature_down", 1), ("climate_fan_up", 1)]),
    ("turn off the music and the AC", [("media_pause", None), ("climate_ac_off", None)]),
    ("warm my seat and the wife's to", [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]),
    ("heat my seat and the passenger seat and set the temperature to 24",
     [("seat_heat_driver", 2), ("seat_heat_passenger", 2), ("climate_set_temperature", 24)]),
])
def test_near_misses_keep_their_reading(text: str, want: list[tuple[str, object]]) -> None:
    assert _said(text) == want


@pytest.mark.parametrize("text", ["turn the dog and the fan off", "the kids and the dog down"])
def test_a_thing_the_cabin_lacks_takes_no_way(text: str) -> None:
    assert shared_nlu("en").parse(text, ()).confidence < 0.85


@pytest.mark.parametrize(("pieces", "want"), [
    (["window", "close it"], ["close the window"]),
    (["the fan", "up"], ["fan up"]),
    (["the fan", "two"], ["fan two"]),
    # no thing of the cabin, or a way that names a thing of its own: left as said
    (["home", "go"], ["home", "go"]),
    (["my dog", "up"], ["my dog", "up"]),
    (["window", "the fan up"], ["window", "the fan up"]),
    (["close the window", "up"], ["close the window", "up"]),
])
def test_named_then_done_joins_only_a_thing_and_its_way(
        pieces: list[str], want: list[str]) -> None:
    assert named_then_done(pieces, lambda p: topic_words(p, "en")) == want


@pytest.mark.parametrize(("text", "first"), [
    ("switch the tunes and the air con off", "switch the tunes off"),
    ("turn the blower and the tunes down a bit", "turn the blower down a bit"),
])
def test_the_fallback_carries_the_way_onto_a_part_said_without_one(text: str, first: str) -> None:
    """Read alone, "switch the tunes" had been played: the way said after the next thing is its
    way (never the other way round)."""
    assert several_parts(text)[0] == first


def test_the_fallback_keeps_a_part_the_rules_read_as_said() -> None:
    assert several_parts("skip this one, and the fan down")[0] == "skip this one"


@pytest.mark.parametrize(("text", "want"), [
    ("home. tunes. now.", [("navigate_home", None), ("media_play", None)]),
    ("music. home. go.", [("media_play", None), ("navigate_home", None)]),
])
def test_one_word_sentences_with_a_go_are_each_a_command(
        text: str, want: list[tuple[str, object]]) -> None:
    assert _said(text) == want


@pytest.mark.parametrize("pieces", [["home", "music"], ["home", "go"], ["home", "the dog", "go"],
                                    ["home", "music", "later"]])
def test_one_word_sentences_without_a_go_or_with_another_word_stay_as_said(
        pieces: list[str]) -> None:
    assert telegraphic(pieces) == pieces


@pytest.mark.parametrize(("text", "want"), [
    ("close the window - play some music", [("window_close", None), ("media_play", None)]),
    ("turn the fan up \u2014 and close the window",
     [("climate_fan_up", 1), ("window_close", None)]),
])
def test_a_dash_said_as_a_pause_joins_two_commands(
        text: str, want: list[tuple[str, object]]) -> None:
    assert _said(text) == want


def test_the_fallback_cuts_at_a_spaced_dash_not_inside_a_word() -> None:
    assert command_parts("crank the tunes - shut the windae") == ["crank the tunes",
                                                                 "shut the windae"]
    assert len(command_parts("set the fan to two-three")) == 1


@pytest.mark.parametrize(("text", "level"), [("heat both seats to high", 3),
                                             ("warm both seats at level one", 1),
                                             ("heat both seats to the max please", 3)])
def test_both_seats_heated_to_a_level_are_each_at_it(text: str, level: int) -> None:
    assert _said(text) == [("seat_heat_driver", level), ("seat_heat_passenger", level)]


def test_both_seats_heated_to_no_level_stay_as_said() -> None:
    assert _said("heat both seats") == [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]
    assert shared_nlu("en").parse("heat both seats to be honest", ()).confidence < 0.85
