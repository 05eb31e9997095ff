"""Run-on lists with no conjunction, cut before a function's name (issue 25): a part that has
said its function and its way or amount ends where the next function's name starts ("AC off |
window down", "风大一档|温度低两度"). Every part must be a sure reading, or nothing is split."""

from __future__ import annotations

import pytest

from twin.assistant.nlu import shared_nlu

SPLIT = [
    ("en", "temperature down three degrees fan up two",
     [("climate_temperature_down", 3), ("climate_fan_up", 2)]),
    ("en", "AC off window down", [("climate_ac_off", None), ("window_open", None)]),
    ("en", "volume up a notch seat heater on high",
     [("media_volume_up", 2), ("seat_heat_driver", 3)]),
    ("en", "fan to max temp to 19", [("climate_set_fan", 7), ("climate_set_temperature", 19)]),
    ("en", "okay AC on fan down one and play some music",
     [("climate_ac_on", None), ("climate_fan_down", 1), ("media_play", None)]),
    ("en", "window up volume to 12 fan off",
     [("window_close", None), ("media_volume_set", 12), ("climate_set_fan", 0)]),
    ("en", "seat heater off temperature up one",
     [("seat_heat_driver", 0), ("climate_temperature_up", 1)]),
    ("en", "temp to twenty two fan two",  # "twenty two" is one number, not 20 then 2
     [("climate_set_temperature", 22), ("climate_set_fan", 2)]),
    ("en", "fan to two temperature twenty one",
     [("climate_set_fan", 2), ("climate_set_temperature", 21)]),
    ("en", "volume 15 temperature 23", [("media_volume_set", 15), ("climate_set_temperature", 23)]),
    ("en", "turn off the AC window down", [("climate_ac_off", None), ("window_open", None)]),
    ("en", "close the window fan up two", [("window_close", None), ("climate_fan_up", 2)]),
    ("zh-CN", "风大一档温度低两度", [("climate_fan_up", 1), ("climate_temperature_down", 2)]),
    ("zh-CN", "空调关掉车窗开一半", [("climate_ac_off", None), ("window_set_position", 50)]),
    ("zh-CN", "音量小一点座椅加热开一档", [("media_volume_down", 2), ("seat_heat_driver", 1)]),
    ("zh-CN", "温度升三度 风大一档 主驾座椅加热关了",
     [("climate_temperature_up", 3), ("climate_fan_up", 1), ("seat_heat_driver", 0)]),
]


@pytest.mark.parametrize(("lang", "text", "want"), SPLIT)
def test_a_run_on_list_is_cut_before_each_function(lang: str, text: str, want: list) -> None:
    rules = shared_nlu(lang).parse(text)
    assert rules.confidence >= 0.85
    assert [(p.intent, p.value) for p in rules.parts] == want
    assert all(p.actuates for p in rules.parts)


@pytest.mark.parametrize(("text", "want"), [("fan down one", ("climate_fan_down", 1)),
                                            ("fan up by 2 notches", ("climate_fan_up", 2))])
def test_a_fan_step_said_without_a_verb(text: str, want: tuple) -> None:
    rules = shared_nlu("en").parse(text)
    assert (rules.intent, rules.value) == want and rules.actuates


NOT_SPLIT = [
    ("en", "don't touch the window fan down"),  # the window is left alone: never moved
    ("en", "don't turn the fan up volume down"),
    ("en", "turn the volume up on the radio"),  # the radio is where, not a second command
    ("en", "fan up window"),  # a name with no way is no part
    ("en", "temperature up two degrees window"),
    ("en", "the fan is too loud window down"),
    ("en", "fan down two fan up one"),  # one function moved two ways
    ("en", "AC on AC off"),
    ("en", "turn on the fan window"),
    ("zh-CN", "别动车窗风小一点"),
    ("zh-CN", "不要开车窗风大一点"),
    ("zh-CN", "风大一点风小一点"),
]


@pytest.mark.parametrize(("lang", "text"), NOT_SPLIT)
def test_a_near_miss_is_not_split(lang: str, text: str) -> None:
    rules = shared_nlu(lang).parse(text)
    assert len(rules.parts) == 1
    if rules.actuates:  # whatever acts is never the window said with "don't"
        assert not rules.intent.startswith("window_") and rules.intent != "climate_fan_up"


@pytest.mark.parametrize(("lang", "text", "want"), [
    ("en", "don't touch the window fan down", ("climate_fan_down", 1)),
    ("en", "don't touch the window put the fan on two", ("climate_set_fan", 2)),
    ("zh-CN", "别动车窗风小一点", ("climate_fan_down", 1)),
    ("zh-CN", "别动温度风大一点", ("climate_fan_up", 1)),
])
def test_a_function_left_alone_with_no_comma(lang: str, text: str, want: tuple) -> None:
    """"don't touch X Y": only Y acts, never X."""
    rules = shared_nlu(lang).parse(text)
    assert [(p.intent, p.value) for p in rules.parts] == [want] and rules.actuates


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "don't touch the window window down"),  # the function left alone is the one moved
    ("en", "don't touch the window turn it down"),  # "it" is the window
    ("en", "don't touch the fan fan down"),
    ("zh-CN", "别动车窗车窗关上"),
])
def test_a_function_left_alone_is_never_moved(lang: str, text: str) -> None:
    assert not shared_nlu(lang).parse(text).actuates


def test_a_run_on_naming_the_music_then_its_volume_acts_on_both() -> None:
    """Once pinned as one name ("music volume"); since the run-ons are cut by structure
    (twentieth session) it reads as two orders of the media domain, neither moving anything
    else: the music off and the volume down."""
    parts = shared_nlu("en").parse("turn off the music volume down").parts
    assert [p.intent for p in parts] == ["media_pause", "media_volume_down"]

