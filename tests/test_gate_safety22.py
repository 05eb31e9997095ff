"""The fallback's gate and its ways, twenty-second session (``safe22``): classes of wrong or
out-of-domain action, each seen in at least two dev files, pinned with variants written for
this file (no dev line) and near misses that must keep acting.

* The sound told quiet in Chinese without "太" ("声音小得跟…一样", "广播声音好小"): a complaint
  that wants it louder; "小" was read as the order's way (quieter: a wrong-way action).
  "声音小一点", "小声点", "调小" stay orders for quieter.
* Another device's own sound ("my phone's volume is too low", "耳机音量太小了"): the cabin's
  volume is not it; it acted on the cabin's volume.
* A thing's own heat or cold (a drink, food, the brakes: "my tea's gone cold", "刹车好热"): no
  state of the cabin's air; it acted on the cabin's temperature.
* A seat's top said as far as it goes ("as hot as she goes", "as warm as it'll go"): level 3;
  the seat got the default 2 (a misread number).
"""

from __future__ import annotations

import pytest

from hil.llm.direction import direction_of, normalised
from hil.llm.grounding import lacking
from hil.llm.head import decided
from hil.llm.slots import read_slots
from tests.helpers import sure_probs

CLASSES = ("climate_temperature_down", "climate_temperature_up", "media_volume_down",
           "media_volume_up", "unknown")


def _never_acts(text: str, intents: tuple[str, ...]) -> None:
    """The gate refuses ``text`` however sure the head is of each of ``intents``."""
    assert lacking(normalised(text))
    lang = "en" if text.isascii() else "zh-CN"
    for intent in intents:
        assert decided(CLASSES, sure_probs(CLASSES, intent), text, lang).intent == "unknown"


@pytest.mark.parametrize("text", [
    "广播的声音小得跟蚊子叫一样",
    "音乐声音好小啊",
    "这歌声音真小",
    "收音机声音小得听不见",
    "声音这么小谁听得清",
])
def test_the_sound_told_quiet_wants_it_louder(text: str) -> None:
    assert direction_of("media_volume_up", text) == 1
    assert read_slots("media_volume", normalised(text), "media_volume_down") == (
        "media_volume_up", 2)


@pytest.mark.parametrize("text", ["出风口的风弱得跟没开一样", "这风好小啊"])
def test_the_air_told_weak_wants_more_fan(text: str) -> None:
    assert direction_of("climate_fan_up", text) == 1


@pytest.mark.parametrize(("text", "way"), [
    ("声音小一点", -1), ("把声音调小", -1), ("小声点", -1), ("声音好大", -1),
    ("声音太小了", 1), ("风量小一档", -1), ("把风调小", -1), ("风小一点", -1),
])
def test_orders_keep_their_way(text: str, way: int) -> None:
    intent = "climate_fan_up" if "风" in text else "media_volume_up"
    assert direction_of(intent, text) == way


@pytest.mark.parametrize("text", [
    "my phone's volume is too low",
    "the sound on my tablet is way too quiet",
    "the ringer on my mobile is too loud",
    "his earbuds are so loud",
    "耳机音量太小了",
    "我手机铃声太响了",
    "平板的声音太吵了",
])
def test_another_devices_sound_is_no_cabin_volume(text: str) -> None:
    _never_acts(text, ("media_volume_up", "media_volume_down"))


@pytest.mark.parametrize("text", [
    "my coffee's gone cold",
    "the soup is way too hot",
    "the brakes are really hot after that hill",
    "the baby's bottle is too hot",
    "茶都凉了",
    "外卖快凉了",
    "刹车好烫",
])
def test_a_things_own_heat_is_no_cabin_temperature(text: str) -> None:
    _never_acts(text, ("climate_temperature_up", "climate_temperature_down"))


@pytest.mark.parametrize("text", [
    "i can't hear my phone over this loud music",  # the music's loudness, not the phone's
    "音乐太吵了我听不见手机声音",
    "the engine noise is so loud i can't hear the radio",
    "发动机声音太大了",
    "my hands are freezing",
    "the podcast on my phone is way too quiet",  # it plays through the cabin's speakers
])
def test_near_misses_name_no_other_thing(text: str) -> None:
    assert not lacking(normalised(text))


@pytest.mark.parametrize(("text", "lang", "intent"), [
    ("the music is way too quiet", "en", "media_volume_up"),
    ("the radio's too loud", "en", "media_volume_down"),
    ("it's freezing in here", "en", "climate_temperature_up"),
    ("车里热死了", "zh-CN", "climate_temperature_down"),
])
def test_near_misses_still_act(text: str, lang: str, intent: str) -> None:
    assert not lacking(normalised(text))
    assert decided(CLASSES, sure_probs(CLASSES, intent), text, lang).intent == intent


@pytest.mark.parametrize(("text", "want"), [
    ("put my seat on as hot as it'll go", ("seat_heat_driver", 3)),
    ("heat my seat as warm as she goes", ("seat_heat_driver", 3)),
    ("heat the passenger seat as hot as it goes", ("seat_heat_passenger", 3)),
    ("warm my seat up", ("seat_heat_driver", 2)),  # no level said: the default
    ("my seat is as cold as a stone", ("seat_heat_driver", 2)),  # a simile, no end
])
def test_a_seats_top_said_as_far_as_it_goes(text: str, want: tuple) -> None:
    assert read_slots("seat_heat", normalised(text), "seat_heat_driver") == want
