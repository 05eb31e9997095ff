"""The twentieth session's reading of here and now (:mod:`hil.llm.here_now`): a told state is
this cabin's when some word plays a role that puts it here (the speaker's body or senses, what
they want or do not know now, someone seated in this car, this cabin's thing, something coming
in, this drive) and none puts it elsewhere (a place no car has, out there, the past tense, that
time, a state over now). Variants written for the tests, not development lines; each class
beside near-miss twins that must not read as here and now."""

from __future__ import annotations

import pytest

from hil.llm.direction import DISLIKE
from hil.llm.head import HeadDecision, told_state
from hil.llm.here_now import this_cabin_now
from tests.helpers import with_grams

HERE_NOW = [
    # the speaker's body or senses
    ("my toes have gone completely numb", "climate_temperature_up"),
    ("me fingers are like icicles", "climate_temperature_up"),
    ("i can barely see the road through the fog on the glass", "climate_defrost"),
    ("冷得我脚都没知觉了", "climate_temperature_up"),
    ("音乐震得我耳朵疼", "media_volume_down"),
    ("雾蒙蒙的玻璃 路都看不清", "climate_defrost"),
    # what the speaker wants or does not know now
    ("i could really do with a bit of music", "media_play"),
    ("好想听首歌啊", "media_play"),
    ("这条路我完全不认得 回家的路在哪", "navigate_home"),
    # someone seated in this car
    ("the lad beside me is shivering", "climate_temperature_up"),
    ("my missus says her seat is stone cold", "seat_heat_passenger"),
    ("后排的小朋友热得满头大汗", "climate_temperature_down"),
    # this cabin's thing, said as this one; something coming in; this drive
    ("these vents are pumping out hot air", "climate_temperature_down"),
    ("前面玻璃全是雾", "climate_defrost"),
    ("exhaust smoke keeps drifting in through the window", "window_close"),
    ("雨点子从窗户飘进来了", "window_close"),
    ("such a dull drive with no music", "media_play"),
    ("开了半天车一首歌都没听", "media_play"),
]

TWINS = [
    # another place no car has, out there
    ("my toes went numb at the rink", "climate_temperature_up"),
    ("it's bitter cold out there, the pond's iced over", "climate_temperature_up"),
    # the past tense, that time, a state over now
    ("my fingers were like icicles", "climate_temperature_up"),
    ("上学那会儿冷得我脚都没知觉了", "climate_temperature_up"),
    ("my ears were ringing but they're fine now", "media_volume_down"),
    ("刚才耳朵嗡嗡的 现在好了", "media_volume_down"),
    # someone else's car
    ("同事车里闷得喘不过气", "window_open"),
    ("it's like a sauna in his car", "climate_temperature_down"),
    # a person placed nowhere in this car, no here-word
    ("my cousin says her seat is stone cold", "seat_heat_passenger"),
    # no role at all
    ("the music is so loud", "media_volume_down"),
]


@pytest.mark.parametrize(("text", "second"), HERE_NOW)
def test_a_role_that_puts_the_state_here_and_now(text: str, second: str) -> None:
    assert this_cabin_now(text.lower())


@pytest.mark.parametrize(("text", "second"), TWINS)
def test_the_twins_are_not_here_and_now(text: str, second: str) -> None:
    assert not this_cabin_now(text.lower())


def _answer(text: str, second: str, cabin: float) -> HeadDecision:
    """The decision when the head puts ``cabin`` on the cabin (on a topic the words do not
    name) and the n-gram model 0.9 on ``second``."""
    lang = "zh-CN" if any("\u4e00" <= c <= "\u9fff" for c in text) else "en"
    return with_grams(text, lang, second,  # type: ignore[no-any-return]
                      navigate_home=cabin, unknown=1.0 - cabin)


@pytest.mark.parametrize(("text", "second", "intent"), [
    ("my toes have gone completely numb", "climate_temperature_up", "climate_temperature_up"),
    ("音乐震得我耳朵疼", "media_volume_down", "media_volume_down"),
    ("the lad beside me is shivering", "climate_temperature_up",
     "climate_temperature_up"),
    ("雨点子从窗户飘进来了", "window_close", "window_close"),
    ("好想听首歌啊", "media_play", "media_play"),
])
def test_a_state_told_here_and_now_acts_from_the_told_gate(text: str, second: str,
                                                            intent: str) -> None:
    assert told_state(text.lower())
    assert _answer(text, second, 0.3).intent == intent
    assert _answer(text, second, 0.1).intent == "unknown"  # under the gate: refused


@pytest.mark.parametrize(("text", "second"), TWINS)
def test_a_twin_never_acts_under_the_order_gate(text: str, second: str) -> None:
    assert _answer(text, second, 0.6).intent == "unknown"


@pytest.mark.parametrize(("text", "second"), [
    # a topic named outright in an order stays at the order gate (0.8)
    ("turn the volume down, my ears hurt", "media_volume_down"),
    ("把窗户关上，雨都飘进来了", "window_close"),
    # a question of its own
    ("why are my toes numb", "climate_temperature_up"),
])
def test_an_order_or_a_question_beside_a_here_word_is_not_a_told_state(text: str,
                                                                      second: str) -> None:
    assert not told_state(text.lower())
    del second


@pytest.mark.parametrize("text", [
    "ugh this tune's been on repeat all morning",
    "honestly I've had enough of this particular track",
    "单曲循环三遍了，听吐了",
    "这首我真的听吐了",
])
def test_a_repeat_told_as_fatigue_is_a_dislike_of_the_song(text: str) -> None:
    assert DISLIKE.search(text.lower())


@pytest.mark.parametrize("text", [
    "put this song on repeat",  # an order to loop it, not a dislike
    "单曲循环这首歌",
    "I love this particular song",
])
def test_a_repeat_asked_for_is_no_dislike(text: str) -> None:
    assert not DISLIKE.search(text.lower())
