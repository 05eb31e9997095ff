"""The twenty-ninth session's readings of a state's way (:mod:`hil.llm.direction`,
:mod:`hil.llm.here_now`), found by ``tools/direction_probe.py``: a quality said short of enough
in English ("it isn't cold enough in here") wants more of it, whatever its felt reading; warmth
said as the state of the cabin or of someone ("the car is so warm", "she's really warm") is a
complaint, not a wish; a level told high or low by its own noun ("音量好高", "温度真低") goes
against it; a state said eased ("没那么热了", "no longer cold") asks nothing. Variants written
for the tests, not development lines; orders and near misses keep their way."""

from __future__ import annotations

import pytest

from hil.llm.clauses import clauses
from hil.llm.direction import direction_of, normalised
from hil.llm.head import _orders
from hil.llm.here_now import told_elsewhere
from hil.llm.slots import read_slots

UP = "climate_temperature_up"
VOL = "media_volume_up"
FAN = "climate_fan_up"


@pytest.mark.parametrize(("intent", "text", "way"), [
    (UP, "it isn't cold enough in here", -1),
    (UP, "the AC isn't quite cool enough", -1),
    (UP, "it's not nearly chilly enough back here", -1),
    (UP, "the cabin isn't warm enough yet", 1),
    (UP, "the heating's not hot enough", 1),
    (VOL, "the radio isn't loud enough", 1),
    (VOL, "the music's not quite loud enough", 1),
    (VOL, "the music isn't quiet enough", -1),
    (FAN, "the fan isn't strong enough", 1),
    (FAN, "the air's hardly strong enough in this car", 1),
])
def test_a_quality_short_of_enough_wants_more_of_it(intent: str, text: str, way: int) -> None:
    assert direction_of(intent, text) == way


@pytest.mark.parametrize("text", [
    "the car is so warm",
    "she's really warm back there",
    "we're getting a bit warm back here",
    "the cabin feels warm",
    "the kids are way too warm",
])
def test_warmth_told_as_a_state_wants_cooler(text: str) -> None:
    assert direction_of(UP, text) == -1


@pytest.mark.parametrize("text", [
    "make it warm in here",
    "keep her warm",
    "warm it up please",
    "can you warm the car up",
    "warmer please",
])
def test_warmth_asked_for_keeps_its_way(text: str) -> None:
    assert direction_of(UP, text) == 1


@pytest.mark.parametrize(("intent", "text", "way"), [
    (VOL, "音量好高啊", -1),
    (VOL, "声音真低", 1),
    (VOL, "音量这么高了", -1),
    (UP, "温度好高啊", -1),
    (UP, "温度真低", 1),
])
def test_a_level_told_by_its_noun_goes_against_it(intent: str, text: str, way: int) -> None:
    assert direction_of(intent, text) == way


@pytest.mark.parametrize(("intent", "text", "way"), [
    (VOL, "音量高一点", 1),
    (VOL, "把音量调高", 1),
    (UP, "温度低一点", -1),
    (UP, "温度调高一些", 1),
])
def test_a_comparative_order_of_a_level_keeps_its_way(intent: str, text: str, way: int) -> None:
    assert direction_of(intent, text) == way


def _gate(text: str) -> str | None:
    return told_elsewhere(normalised(text), clauses, _orders)


@pytest.mark.parametrize("text", [
    "没那么热了",
    "现在没有刚才那么吵了",
    "不再冷了",
    "不那么闷了",
    "i'm no longer cold",
    "it's not that hot any more",
    "the music's not too loud anymore",
    "it's not as stuffy as it was",
])
def test_a_state_said_eased_asks_nothing(text: str) -> None:
    assert _gate(text) == "not_felt"


@pytest.mark.parametrize("text", [
    "热死了",
    "还是那么热",
    "it's still so hot in here",
    "i'm cold",
    "it's not warm enough any more in here",
    "it's not warm enough in here",
    "the car isn't cold enough",
    "没那么热了，温度调高一点",
    "it's not cold any more, turn the heat down",
])
def test_a_state_still_felt_or_said_beside_an_order_is_not_eased(text: str) -> None:
    assert _gate(text) is None


@pytest.mark.parametrize(("topic", "text", "read"), [
    ("climate_fan", "parents evening done at last fan up one", ("climate_fan_up", 1)),
    ("climate_temperature", "home at last, temperature down 2", ("climate_temperature_down", 2)),
    ("media_volume", "back to work, volume down two", ("media_volume_down", 2)),
    ("climate_fan", "i want to turn the fan up two", ("climate_fan_up", 2)),
])
def test_an_idiom_at_or_to_far_from_the_number_leaves_the_step(
        topic: str, text: str, read: tuple[str, int]) -> None:
    assert read_slots(topic, text, "") == read


@pytest.mark.parametrize(("topic", "text", "read"), [
    ("climate_fan", "turn the fan up to level two", ("climate_set_fan", 2)),
    ("climate_temperature", "turn the temperature up to 24", ("climate_set_temperature", 24)),
    ("climate_temperature", "turn it down to about twenty", ("climate_set_temperature", 20)),
    ("climate_fan", "put the fan at 3", ("climate_set_fan", 3)),
    ("climate_fan", "fan down to two", ("climate_set_fan", 2)),
    ("climate_fan", "would you put the fan on four, we're about to climb up the hill",
     ("climate_set_fan", 4)),
])
def test_a_target_word_near_its_number_still_sets(
        topic: str, text: str, read: tuple[str, int]) -> None:
    assert read_slots(topic, text, "") == read


@pytest.mark.parametrize("text", [
    "it's warm enough now",
    "that's quiet enough, thanks",
    "it's finally warm in here",
    "够热了",
    "已经够凉快了",
    "声音够大了",
    "这下凉快了",
])
def test_a_state_said_reached_asks_nothing(text: str) -> None:
    assert _gate(text) == "not_felt"


@pytest.mark.parametrize("text", [
    "it's cold in here now",
    "it's not warm enough",
    "make it nice and warm",
    "还不够热",
    "声音不够大",
    "is it warm enough?",
])
def test_a_state_short_of_enough_or_asked_for_is_not_reached(text: str) -> None:
    assert _gate(text) is None
