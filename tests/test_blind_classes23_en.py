"""English classes a blind score of holdout23 found acting wrong (unsafe): a later time said
with a hedge ("in about half an hour switch my seat heater off") acted on now
(twin.assistant.scope); a bare number after the volume ("…, make it sixteen then") read as the
temperature template's 16 °C instead of the volume (twin.assistant.nlu's pronoun reading); a
song the speaker missed ("I missed the whole of that last song") played instead of going back
one (hil.llm.direction). Variants written here, and near misses that must not change."""

from __future__ import annotations

import pytest

from hil.llm.clauses import focus
from hil.llm.direction import direction_of
from hil.llm.head import focused_decision
from tests.helpers import HEAD_CLASSES, head_probs, rule_actions
from twin.assistant.resolver import Turn
from twin.assistant.scope import out_of_scope

_VOLUME = (Turn("volume to ten", "media_volume_set", 10),)
_FAN = (Turn("fan to three please", "climate_set_fan", 3),)
_TEMPERATURE = (Turn("temperature to twenty two", "climate_set_temperature", 22),)


@pytest.mark.parametrize("text", [
    "in about half an hour switch my seat heater off",
    "in roughly forty minutes turn the fan off",
    "twenty minutes from now put the air con on",
    "in a little while open my window",
    "in around a quarter of an hour close the window",
    "in a bit turn the heat up",
])
def test_a_hedged_or_counted_delay_is_later(text: str) -> None:
    assert out_of_scope(text) == "later"
    assert rule_actions("en", text) == []


@pytest.mark.parametrize("text, want", [
    ("I'm in a bit of a state, turn the heat up", [("climate_temperature_up", 1)]),
    ("turn the fan down a bit", [("climate_fan_down", 1)]),
    ("switch the seat heater off", [("seat_heat_driver", 0)]),
])
def test_a_bit_of_and_no_delay_stay_now(text: str, want: list[tuple]) -> None:
    assert out_of_scope(text) is None
    assert rule_actions("en", text) == want


@pytest.mark.parametrize("text, value", [
    ("make it sixteen then", 16),
    ("no louder, make it twenty", 20),
    ("louder than that, make it eighteen then", 18),
])
def test_a_bare_number_after_the_volume_sets_the_volume(text: str, value: int) -> None:
    actions = rule_actions("en", text, _VOLUME)
    assert ("media_volume_set", value) in actions
    assert all(not i.startswith("climate_") for i, _ in actions)


@pytest.mark.parametrize("text, history, want", [
    ("make it twenty degrees", _VOLUME, [("climate_set_temperature", 20)]),  # its own unit
    ("set the temperature to twenty", _VOLUME, [("climate_set_temperature", 20)]),
    ("nah make it nineteen then", _TEMPERATURE, [("climate_set_temperature", 19)]),
    ("make it four then", _FAN, [("climate_set_fan", 4)]),
    ("make it sixteen", (), [("climate_set_temperature", 16)]),  # no history: the template's
    ("make it twenty instead", _FAN, [("climate_set_temperature", 20)]),  # past the fan's range
])
def test_a_number_with_its_function_or_the_same_one_stays(
        text: str, history: tuple[Turn, ...], want: list[tuple]) -> None:
    assert rule_actions("en", text, history) == want


@pytest.mark.parametrize("text", [
    "I missed the whole of the last song, my phone was ringing",
    "we totally missed that last track, the kids were screaming",
    "i missed most of the last song because the satnav was talking",
    "we missed the start of that tune",
])
def test_a_song_missed_is_the_one_before(text: str) -> None:
    assert direction_of("media_previous", text) == -1
    d = focused_decision(HEAD_CLASSES, head_probs(media_play=0.6, media_previous=0.2),
                         focus(text), "en")
    assert d.intent != "media_play"


@pytest.mark.parametrize("text", [
    "I missed the last exit because the music was so loud",
    "we missed the last bus so my brother is driving us",
    "play something, I missed my favourite show",
])
def test_other_things_missed_point_no_way(text: str) -> None:
    assert direction_of("media_previous", text) != -1
