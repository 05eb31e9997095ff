"""safe25: the rules read no unknown word after "on" or a dialect "me" away; a setting's end said
as reached, or a state compared with an earlier one, gives the fallback no value (it asks)."""

from __future__ import annotations

import pytest

from hil.llm.slots import read_slots
from hil.llm.values import end_reached
from twin.assistant.colloquial import object_unread
from twin.assistant.nlu import shared_nlu


@pytest.mark.parametrize("text", [
    "put the tunes on banana", "stick the radio on toaster", "turn the air con on tractor",
    "stick the music on bathroom", "turn the seat heating up for me gran",
    "switch the seat warmer on for me brother", "heat the seat up for me mam",
])
def test_unread_word_after_on_or_me_is_not_read_away(text: str) -> None:
    result = shared_nlu("en").parse(text)
    assert result.confidence < 0.85 or not result.actuates


@pytest.mark.parametrize(("text", "intent"), [
    ("put the music on love", "media_play"), ("stick the radio on sweetheart", "media_play"),
    ("turn the air con on mate", "climate_ac_on"), ("put the tunes on now", "media_play"),
    ("switch the ac on cheers", "climate_ac_on"), ("put the tunes on pal", "media_play"),
    ("turn the seat heating up for me", "seat_heat_driver"),
    ("turn the seat heater on for me love", "seat_heat_driver"),
    ("open the window banana", "window_open"),
])
def test_address_or_courtesy_after_the_order_still_acts(text: str, intent: str) -> None:
    result = shared_nlu("en").parse(text)
    assert result.confidence >= 0.85 and result.intent == intent


@pytest.mark.parametrize("text", [
    "座椅加热已经开到最高了", "座椅加热已经是最高档了还是冷", "风量已经最大了",
    "空调已经开到最低了还是热",
    "the fan's already on max", "my seat heating is maxed out already",
    "the volume's already at the top and i still can't hear it", "车窗已经全开了",
    "the window's already all the way down",
])
def test_an_end_said_as_reached(text: str) -> None:
    assert end_reached(text)


@pytest.mark.parametrize("text", [
    "把座椅加热开到最高", "前排座椅加热都开到最高", "put the fan on max", "i'd like the fan on max",
])
def test_an_end_asked_for_is_not_reached(text: str) -> None:
    assert not end_reached(text)


@pytest.mark.parametrize(("topic", "text", "member"), [
    ("seat_heat", "座椅加热已经开到最高了", "seat_heat_driver"),
    ("seat_heat", "座椅加热已经是最高档了还是冷", "seat_heat_driver"),
    ("seat_heat", "my seat heating is maxed out already", "seat_heat_driver"),
    ("climate_temperature", "空调已经开到最低了还是热", "climate_set_temperature"),
    ("media_volume", "it's louder than before", "media_volume_up"),
    ("climate_temperature", "比刚才冷多了", "climate_temperature_up"),
    ("climate_temperature", "车里比之前热了", "climate_temperature_down"),
    ("seat_heat", "帮我奶奶把座椅加热开一下", "seat_heat_driver"),
    ("window", "the window's already all the way down", "window_open"),
    ("window", "车窗已经全开了", "window_open"),
])
def test_the_fallback_asks(topic: str, text: str, member: str) -> None:
    assert read_slots(topic, text, member) is None


@pytest.mark.parametrize(("topic", "text", "member", "want"), [
    ("seat_heat", "把座椅加热开到最高", "seat_heat_driver", ("seat_heat_driver", 3)),
    ("climate_temperature", "make it warmer than it was", "climate_temperature_up",
     ("climate_temperature_up", 1)),
    ("climate_temperature", "比刚才再暖和一点", "climate_temperature_up",
     ("climate_temperature_up", 1)),
    ("seat_heat", "帮我把座椅加热开一下", "seat_heat_driver", ("seat_heat_driver", 2)),
    ("window", "open the window all the way down", "window_open", ("window_open", None)),
])
def test_near_misses_still_read(topic: str, text: str, member: str,
                                want: tuple[str, int]) -> None:
    assert read_slots(topic, text, member) == want


@pytest.mark.parametrize(("text", "unread"), [
    ("put the tunes on banana", True), ("turn the air con on tractor", True),
    ("heat the seat up for me mam", True), ("put the music on love", False),
    ("put the tunes on now", False), ("turn the seat heating up for me", False),
    ("heat on the passenger seat for me nan", False), ("it's on full blast", False),
    ("make it cooler the smell make me hot", False),
    ("give us the fan at full blast me hearties", False),
    ("put it on nuh", False), ("bang the tunes back on, innit", False),
])
def test_a_word_after_on_or_me_left_unread(text: str, unread: bool) -> None:
    assert object_unread(text) is unread


@pytest.mark.parametrize("text", ["put the tunes on banana", "stick the radio on toaster"])
def test_the_fallback_asks_about_a_word_left_unread(text: str) -> None:
    assert read_slots("media_playback", text, "media_play") is None


def test_a_mam_is_someone_whose_seat_is_unsaid() -> None:
    assert read_slots("seat_heat", "heat the seat up for me mam", "seat_heat_driver") is None
