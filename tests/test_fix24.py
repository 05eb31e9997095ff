"""Classes from holdout24's unsafe answers (twenty-fourth session's fix round), as variants."""

from __future__ import annotations

import pytest

from hil.llm.followup import follow_up
from hil.llm.grounding import named_topics
from tests.helpers import rule_reading
from twin.assistant.resolver import Turn


def _follow(text: str, last: Turn) -> tuple[str, str, int | str | None] | None:
    lowered = text.lower()
    return follow_up(lowered, named_topics(lowered), last)


_FAN_DOWN = Turn("fan down a notch", "climate_fan_down", 1)
_FAN_UP = Turn("fan up one", "climate_fan_up", 1)
_COOLER = Turn("make it cooler", "climate_temperature_down", 1)
_QUIETER = Turn("volume down a bit", "media_volume_down", 2)


@pytest.mark.parametrize(("text", "last", "intent"), [
    # "more" naming nothing repeats the last step's way: down after a down
    ("a touch more of that please", _FAN_DOWN, "climate_fan_down"),
    ("little bit more, ta", _FAN_DOWN, "climate_fan_down"),
    ("more of the same mate", _COOLER, "climate_temperature_down"),
    ("just a wee bit more of that", _QUIETER, "media_volume_down"),
    ("再来一点", Turn("风扇小一点", "climate_fan_down", 1), "climate_fan_down"),
    ("a touch more of that please", _FAN_UP, "climate_fan_up"),
    # "less" goes against it
    ("a little less of that", _FAN_UP, "climate_fan_down"),
    ("bit less, cheers", _FAN_DOWN, "climate_fan_up"),
])
def test_more_of_that_goes_the_last_steps_way(text: str, last: Turn, intent: str) -> None:
    found = _follow(text, last)
    assert found is not None and found[1] == intent


@pytest.mark.parametrize(("text", "last", "intent"), [
    # near misses: a way said, or a topic named with "more", stays absolute
    ("turn it up more", _FAN_DOWN, "climate_fan_up"),
    ("a bit more air please", _FAN_DOWN, "climate_fan_up"),
    ("a bit louder", _QUIETER, "media_volume_up"),
    ("bit warmer", _COOLER, "climate_temperature_up"),
])
def test_a_way_or_topic_said_stays_absolute(text: str, last: Turn, intent: str) -> None:
    found = _follow(text, last)
    assert found is not None and found[1] == intent


def test_more_after_a_set_is_not_read_relative() -> None:
    # a plain set has no way to repeat: "more" is up as before
    found = _follow("a bit more of that", Turn("fan to two", "climate_set_fan", 2))
    assert found is None or found[1] != "climate_fan_down"


@pytest.mark.parametrize("text", [
    "put the song on ice",
    "keep the music on ice a sec",
    "stick the radio on pause for a bit",
    "put the music on pause please",
    "put the music on hold",
])
def test_music_put_on_ice_or_pause_is_paused(text: str) -> None:
    assert rule_reading(text)[0] == "media_pause"


@pytest.mark.parametrize("text", ["put the tunes on", "put the music on please"])
def test_music_put_on_alone_still_plays(text: str) -> None:
    assert rule_reading(text)[0] == "media_play"


@pytest.mark.parametrize(("text", "heard"), [
    ("open the wind oh right down", "open the window right down"),
    ("close the win doe", "close the window"),
    ("wind down the window", "wind down the window"),  # "wind down" is no cut: kept
    ("the wind, oh", "the wind, oh"),  # a pause between: kept
    ("wind oh my god", "wind oh my god"),
])
def test_window_cut_by_the_recogniser_is_the_window(text: str, heard: str) -> None:
    from twin.assistant.heard import as_heard

    assert as_heard(text) == heard


def test_window_cut_split_line_reads_the_window_not_the_fan() -> None:
    from twin.assistant.nlu import shared_nlu

    found = shared_nlu("en").parse("my seat heat off and close the win doe", ())
    assert [(p.intent, p.value) for p in found.split] == [
        ("seat_heat_driver", 0), ("window_close", None)]


@pytest.mark.parametrize("text", [
    "the seat warmer for me nan at the top",  # "me" as "my": someone else's seat, not mine
    "seat heat on high for my uncle",
    "warm the seat for our gran",
    "put the seat heater on for mi auntie",
    "给我阿姨的座椅加热开到最高",
    "给舅舅把座椅加热打开",
])
def test_a_relative_whose_seat_is_unsaid_is_asked_about(text: str) -> None:
    # the seat a relative sits in is not said: ask which (as for "my brother", "我爸"), never
    # the speaker's own seat because of "me"
    from hil.llm.slots import read_slots

    assert read_slots("seat_heat", text.lower(), "seat_heat_driver") is None


@pytest.mark.parametrize("text", [
    "seat warmer on high for me",
    "my seat heat to the top",
    "seat heat up mate",  # a word of address is nobody's seat
    "seat heat up bro",
])
def test_the_speaker_or_an_address_is_not_the_passenger(text: str) -> None:
    from hil.llm.slots import PASSENGER

    assert PASSENGER.search(text.lower()) is None


@pytest.mark.parametrize("text", [
    "pause the track make I hear wetin the officer dey talk",
    "abeg pause the music make I hear wetin the gate man dey talk",
    "pause the song make we hear the announcement",
    "pause the song so I can hear the toll guy",
])
def test_a_purpose_after_the_order_is_no_order(text: str) -> None:
    from twin.assistant.nlu import shared_nlu

    found = shared_nlu("en").parse(text, ())
    assert (found.intent, found.split) == ("media_pause", ())


@pytest.mark.parametrize("text", ["pause the music and make it quiet",
                                  "turn the music down make I no go deaf"])
def test_make_that_is_no_pidgin_purpose_acts_on_nothing_new(text: str) -> None:
    assert rule_reading(text)[0] != "media_play"
