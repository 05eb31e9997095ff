"""Several commands (nineteenth session, English): "air" said alone is a purpose after a window,
never "air con off" or "aircon on please" (the rules had dropped that part without a word); a
way said alone as an item of a list ("…, warmer by 2", "also a bit cooler") is an order of the
topic its way names, and an order on "it" after an order ("…, put on some music, and crank it
up") is an order of its own on that order's thing (the fallback had joined either to the part
before it and dropped it). Sentences are variants written here, never lines of a dev set."""

from __future__ import annotations

import pytest

from hil.llm.clauses import command_parts, commanding, it_order, way_alone
from hil.llm.head import HeadDecision, _act
from hil.llm.several import several_decision, several_parts
from twin.assistant.nlu import shared_nlu


def _read(text: str) -> list[tuple[str, object]]:
    found = shared_nlu("en").parse(text, ())
    assert found.confidence >= 0.85
    return [(p.intent, p.value) for p in (found.split or (found,))]


@pytest.mark.parametrize(("text", "want"), [
    ("open the window, aircon on please", [("window_open", None), ("climate_ac_on", None)]),
    ("window down halfway, air con off", [("window_set_position", 50), ("climate_ac_off", None)]),
    ("pause the music, open the window, aircon off",
     [("media_pause", None), ("window_open", None), ("climate_ac_off", None)]),
    ("close the window, aircon on please",  # a window closed: never a purpose (as before)
     [("window_close", None), ("climate_ac_on", None)]),
])
def test_the_ac_said_after_a_window_is_a_command(text: str, want: list[tuple[str, object]]
                                                  ) -> None:
    assert _read(text) == want


@pytest.mark.parametrize("text", [
    "open the window, let some fresh air in",
    "open the window, get some air in",
    "open the window, for some air",
    "roll the window down, to get some air",
])
def test_air_said_after_a_window_is_its_purpose(text: str) -> None:
    assert _read(text) == [("window_open", None)]


@pytest.mark.parametrize("part", [
    "warmer by 2", "also warmer by two", "a bit cooler please", "two degrees warmer",
    "louder by three", "and a little quieter",
])
def test_a_way_said_alone_is_an_order(part: str) -> None:
    assert way_alone(part) and commanding(part)


@pytest.mark.parametrize("part", [
    "it is getting warmer", "warmer than yesterday", "the music is louder now",
])
def test_a_way_in_a_statement_is_no_order_alone(part: str) -> None:
    assert not way_alone(part)


def _unsure(text: str, whole: bool) -> HeadDecision:
    return HeadDecision("unknown", None, "?", "low_confidence", None)


def _answered(text: str, n: int) -> list[tuple[str, object]]:
    """Each part's answer when the fallback cuts ``text`` into ``n`` parts (a head unsure of
    every part: the words and the rules decide)."""
    parts = several_parts(text)
    assert len(parts) == n
    several = several_decision(_unsure, _act, parts, "en")
    assert several is not None
    return [(d.intent, d.value) for d in several.parts]


@pytest.mark.parametrize(("text", "want"), [
    ("pause the song, window closed, warmer by 2",
     [("media_pause", None), ("window_close", None), ("climate_temperature_up", 2)]),
    ("turn the fan off, also a bit cooler please",
     [("climate_set_fan", 0), ("climate_temperature_down", 1)]),
    ("mute the radio, the window up, two degrees warmer",
     [("media_mute", None), ("window_close", None), ("climate_temperature_up", 2)]),
])
def test_a_way_alone_after_orders_is_read_not_dropped(text: str, want: list[tuple[str, object]]
                                                      ) -> None:
    assert _answered(text, len(want)) == want


@pytest.mark.parametrize(("text", "want"), [
    ("navigate home, play some jazz and crank it up",
     [("navigate_home", None), ("media_play", None), ("media_volume_up", 2)]),
    ("take me home, put some music on, then turn it down a bit",
     [("navigate_home", None), ("media_play", None), ("media_volume_down", 2)]),
])
def test_an_order_on_it_after_an_order_is_that_things(text: str, want: list[tuple[str, object]]
                                                      ) -> None:
    assert _answered(text, len(want)) == want


def test_an_order_on_it_after_a_window_is_never_the_volume() -> None:
    parts = ["navigate home", "open the window", "turn it up"]
    several = several_decision(_unsure, _act, parts, "en")
    assert several is not None
    assert several.parts[-1].intent == "unknown"  # asked, never guessed as the volume


@pytest.mark.parametrize("text", [
    "my seat is freezing, warm it up",  # a reason then its order: one command, read whole
    "it is cold, turn it up",
])
def test_an_order_on_it_after_a_reason_is_no_part(text: str) -> None:
    assert command_parts(text) == [text]


@pytest.mark.parametrize("part", ["crank it up", "and turn it down a bit", "then bump it up"])
def test_an_order_on_it_is_recognised(part: str) -> None:
    assert it_order(part)


@pytest.mark.parametrize("part", ["turn it off", "crank it up to eleven", "give it a go"])
def test_other_orders_on_it_are_not(part: str) -> None:
    assert not it_order(part)


@pytest.mark.parametrize(("parts", "topics"), [
    (["mute the radio", "fan down two both seat heaters off"], ["climate_fan", "seat_heat"]),
    (["window up", "next song volume twelve"], ["media_track", "media_volume"]),
])
def test_a_run_on_part_is_asked_about_each_function_it_names(parts: list[str],
                                                             topics: list[str]) -> None:
    several = several_decision(_unsure, _act, parts, "en")
    assert several is not None
    assert several.parts[0].intent != "unknown"
    left = [d for d in several.parts[1:] if d.intent == "unknown"]
    assert sorted(d.topic for d in left) == topics
    assert all(d.why == "low_confidence" for d in left)
    assert len(several.said) == len(several.parts)


def test_a_part_naming_one_function_is_asked_once() -> None:
    several = several_decision(_unsure, _act, ["mute the radio", "the fan thingy to blast"], "en")
    assert several is not None
    assert len(several.parts) == 2
