"""Unsafe answers the twentieth blind score found, fixed as classes (variants written here, not
the scored lines): a Chinese count with 个 read away to the default step, an idiom's "off" read
as a way, the song just heard again read as play, and a perception said beside an order the cabin
cannot do acted on as a command of its own."""

from __future__ import annotations

import pytest

from hil.llm.direction import direction_of, normalised
from hil.llm.grounding import named_topics, narrowed
from hil.llm.slots import read_slots
from twin.assistant.nlu import shared_nlu


@pytest.mark.parametrize(("text", "want"), [
    ("音量降低十一个，宝宝睡着了", ("media_volume_down", 11)),
    ("把音量调小十个", ("media_volume_down", 10)),
    ("声音小三个吧", ("media_volume_down", 3)),
    ("音量加大二十个", ("media_volume_up", 20)),
    ("音量调低两个", ("media_volume_down", 2)),
])
def test_a_count_with_ge_and_no_noun_is_the_step(text: str, want: tuple[str, int]) -> None:
    up, down = "media_volume_up", "media_volume_down"
    assert read_slots("media_volume", text, down if want[0] == down else up) == want


@pytest.mark.parametrize("text", [
    "音量小点 我带了三个孩子",  # 个 before a noun counts people: no step of 3
    "音量调小 孩子五个都睡了",
])
def test_a_count_of_things_is_no_step(text: str) -> None:
    read = read_slots("media_volume", text, "media_volume_down")
    assert read is not None and read[1] not in (3, 5)


@pytest.mark.parametrize("text", [
    "this seat is freezing my bum off",
    "I'm freezing my butt off in the driver seat",
    "the seat's cold, it's freezing my legs off",
])
def test_an_idioms_off_is_no_way(text: str) -> None:
    read = read_slots("seat_heat", normalised(text), "seat_heat_driver")
    assert read is not None and read[1] != 0


@pytest.mark.parametrize("text", ["turn the seat heater off", "switch my seat warmer off please"])
def test_an_off_said_of_the_device_stays_off(text: str) -> None:
    assert read_slots("seat_heat", normalised(text), "seat_heat_driver") == (
        "seat_heat_driver", 0)


def test_an_idioms_off_leaves_the_way_of_the_fan() -> None:
    assert direction_of("climate_ac_off", normalised("turn the ac off")) == -1
    assert "off" not in normalised("laughing my head off at this")


@pytest.mark.parametrize("text", [
    "刚才那个再放一遍", "刚听的那首重新放", "上一个歌", "换上一个版本的曲子",
])
def test_the_song_just_heard_again_is_back_one(text: str) -> None:
    assert direction_of("media_previous", text) == -1
    assert "media_playback" not in narrowed(named_topics(text), text)


@pytest.mark.parametrize("text", ["这首歌再放一遍", "再放一首歌", "放点歌"])
def test_this_song_again_or_more_music_is_no_skip_back(text: str) -> None:
    assert direction_of("media_previous", text) != -1


def _rules(text: str) -> list[str]:
    found = shared_nlu("zh-CN").parse(text)
    return [found.intent, *(p.intent for p in found.parts)]


@pytest.mark.parametrize("text", [
    "雨刷调到最快档，根本看不见", "把天窗打开，看不清楚", "雨刮器给我开快点，看不清了",
])
def test_a_perception_beside_a_refused_order_is_its_reason(text: str) -> None:
    assert "climate_defrost" not in _rules(text)


@pytest.mark.parametrize("text", ["前挡起雾了，看不清了", "开一下除雾，看不清了"])
def test_a_perception_beside_the_defrost_still_defrosts(text: str) -> None:
    assert "climate_defrost" in _rules(text)
