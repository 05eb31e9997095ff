"""The topic a fallback question names (:mod:`hil.llm.asked`): the thing named when the
quality said is what the thing changes, the quality's topic when the AC only carries it, a
topic named outright over one named by a reason. Variants, not development lines."""

from __future__ import annotations

import pytest

from hil.llm.asked import asked_topic, thing_named
from hil.llm.direction import normalised
from hil.llm.grounding import named_topics, narrowed


def _asked(text: str, head: str) -> str:
    words = normalised(text)
    return asked_topic(head, narrowed(named_topics(words), words) | {head}, words)


@pytest.mark.parametrize("text", [
    "副驾那个位子跟冰块一样",
    "my seat cushion is freezing this morning",
    "heat the driver seat a little, my legs are numb",
    "椅子加热帮我关一下 后背都烫了",
])
def test_a_seat_with_its_warmth_said_is_asked_as_the_seat_heating(text: str) -> None:
    assert _asked(text, "climate_temperature") == "seat_heat"


@pytest.mark.parametrize("text", [
    "there's ice all over the windscreen glass",
    "前挡玻璃上全是雾",
])
def test_fog_on_the_glass_is_asked_as_the_defrost(text: str) -> None:
    assert _asked(text, "climate_temperature") == "climate_defrost"


@pytest.mark.parametrize("text", [
    "the aircon has me freezing back here",
    "空调冷得我受不了",
])
def test_the_ac_carrying_a_cold_felt_is_asked_as_the_temperature(text: str) -> None:
    assert _asked(text, "climate_temperature") == "climate_temperature"


@pytest.mark.parametrize("text", [
    "fan on ten eh, the team's roasting",
    "turn the air con on, it's boiling",
    "空调打开吧，热死了",
])
def test_a_topic_named_outright_beats_one_named_by_a_reason(text: str) -> None:
    assert _asked(text, "climate_temperature") != "climate_temperature"


@pytest.mark.parametrize("text", [
    "it's roasting in here",
    "车里好冷啊",
    "the temperature in my seat area is too cold",
])
def test_no_thing_named_keeps_the_heads_topic(text: str) -> None:
    assert _asked(text, "climate_temperature") == "climate_temperature"


def test_a_pronoun_beside_the_seat_named_is_the_seat() -> None:
    assert thing_named("seat_heat", normalised("warm my seat up as far as it will go"))
    assert not thing_named("seat_heat", normalised("warm it up"))


@pytest.mark.parametrize("text", [
    "the warm air from the vents is way too strong",
    "冷风吹得太猛了",
])
def test_the_air_told_too_strong_is_asked_as_the_fan(text: str) -> None:
    assert _asked(text, "climate_temperature") == "climate_fan"


@pytest.mark.parametrize("text", [
    "the air from the vents is freezing my fingers",
    "出风口吹出来的风冰凉冰凉的",
])
def test_the_air_told_cold_is_asked_as_the_temperature(text: str) -> None:
    assert _asked(text, "climate_fan") == "climate_temperature"


@pytest.mark.parametrize("text", [
    "the baby's asleep, I want the speakers silent",
    "开会了 把声音都关掉",
])
def test_the_sound_wanted_gone_is_asked_as_the_mute(text: str) -> None:
    assert _asked(text, "media_volume") == "media_mute"


def test_the_sound_turned_down_stays_the_volume() -> None:
    assert _asked("把声音关小一点", "media_volume") == "media_volume"
