"""An order, then an aside (eighteenth session): a clause said after a complete order whose
subject is someone (a noun or a name with its own finite verb, not "you", no cabin thing) is
the order's reason, not a part; a heat complaint is a reason for the AC switched on (not the
heater), as it already was when the rules read it; "放起来" after a thing is an order of its
own, so the part beside it is cut, not read whole and dropped. Sentences are variants written
here, never lines of a hold-out."""

from __future__ import annotations

import pytest

from hil.llm.clauses import command_parts
from hil.llm.several import several_parts
from twin.assistant.nlu import shared_nlu


def _read(text: str, lang: str = "en") -> list[tuple[str, object]]:
    result = shared_nlu(lang).parse(text)
    return [(p.intent, p.value) for p in (result.parts if result.split else (result,))]


@pytest.mark.parametrize(("text", "want"), [
    ("pause the song, oga wants to talk", [("media_pause", None)]),
    ("pause the music, Sarah wants to say something", [("media_pause", None)]),
    ("mute the music, oga wants to sleep", [("media_mute", None)]),
    ("mute that, yer man's on the phone", [("media_mute", None)]),
    ("put the temperature to twenty two, aunty is feeling cold",
     [("climate_set_temperature", 22)]),
    ("switch the AC on, it's hot as a furnace", [("climate_ac_on", None)]),
    ("put the AC on, it's hot as a furnace", [("climate_ac_on", None)]),
    ("close the window, it's cold as a morgue", [("window_close", None)]),
])
def test_an_aside_after_an_order_is_its_reason(text: str, want: list[tuple[str, object]]
                                               ) -> None:
    assert _read(text) == want


@pytest.mark.parametrize("text", [
    "turn the heat up, aunty is hot",          # the aside says the other way
    "open the window, aunty is feeling cold",  # against the order
    "turn the volume down, you are too loud",  # "you" is no one beside the car
    "pause the song, the fan is too loud",     # a cabin thing as the subject names the topic
    "put the heater on, it's hot as a furnace",  # the heater warms: no reason for it
    "switch the AC on, it's cold as a morgue",
])
def test_an_aside_against_or_about_the_cabin_is_not_left_out(text: str) -> None:
    assert _read(text) == [("unknown", None)]


@pytest.mark.parametrize("text", [
    "turn the fan up, the window down",         # a second order, verb shared: not an aside
    "mute it, the kids want the window open",   # wants a cabin thing: never an idle aside
])
def test_near_misses_are_not_read_as_one_order_with_an_aside(text: str) -> None:
    read = _read(text)
    assert len(read) == 2 or read == [("unknown", None)]  # both parts, or asked: none dropped


def test_chinese_aside_after_an_order_stays_a_reason() -> None:
    assert _read("把音乐关小一点，我妈要睡觉了", "zh-CN") == [("media_volume_down", 2)]
    assert _read("暂停音乐，老板要打电话", "zh-CN") == [("media_pause", None)]


@pytest.mark.parametrize(("text", "parts"), [
    ("音乐放起来，空调温度再减点", ["音乐放起来", "空调温度再减点"]),
    ("歌放起来，风再加点", ["歌放起来", "风再加点"]),
])
def test_put_on_after_a_thing_is_a_part_not_dropped(text: str, parts: list[str]) -> None:
    assert command_parts(text) == parts
    assert several_parts(text) == parts


def test_a_story_with_put_on_is_not_cut() -> None:
    assert several_parts("昨天音乐放起来，他就睡着了") == []
