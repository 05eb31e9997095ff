"""Shapes of several commands in one sentence (ninth session): a correction inside a list, a
run-on with no conjunction, a function named first, sequence words, fillers; and the wildcard
that must not answer half of such a sentence. Variants written here, not any hold-out line."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.nlu import shared_nlu

SHAPES = [
    # a self-correction of the last part's number, said as parts of their own
    ("en", "turn the fan up and set the temperature to 19, no, 20",
     [("climate_fan_up", 1), ("climate_set_temperature", 20)]),
    ("en", "open the window and temperature twenty-four, sorry, twenty-five",
     [("window_open", None), ("climate_set_temperature", 25)]),
    ("zh-CN", "打开车窗，温度调到二十三，不对，二十五",
     [("window_open", None), ("climate_set_temperature", 25)]),
    # a filler said between commas is no part
    ("en", "fan on two and, um, open the window",
     [("climate_set_fan", 2), ("window_open", None)]),
    # an English run-on, no conjunction: cut before a command verb
    ("en", "open the window turn the fan off",
     [("window_open", None), ("climate_set_fan", 0)]),
    ("en", "turn the ac on set the temperature to 21 and play some music",
     [("climate_ac_on", None), ("climate_set_temperature", 21), ("media_play", None)]),
    # a function named first, then the command about "it"
    ("en", "the fan, turn it up, and close the window",
     [("climate_fan_up", 1), ("window_close", None)]),
    ("zh-CN", "座椅加热主驾的打开，再把车窗关上",
     [("seat_heat_driver", 2), ("window_close", None)]),
    ("zh-CN", "温度呢调到二十，音量调到十",
     [("climate_set_temperature", 20), ("media_volume_set", 10)]),
    # sequence words
    ("en", "close the window and after that turn the ac on",
     [("window_close", None), ("climate_ac_on", None)]),
    ("zh-CN", "把空调打开接着把车窗关上", [("climate_ac_on", None), ("window_close", None)]),
]


@pytest.mark.parametrize(("lang", "text", "want"), SHAPES)
def test_each_command_of_the_shape_is_read(lang: str, text: str, want: list) -> None:
    got = rule_actions(lang, text)
    if want[0][0] == "seat_heat_driver":  # the level "on" gives is the catalogue's default
        assert [g[0] for g in got] == [w[0] for w in want] and got[0][1] > 0
        return
    assert got == want


CORRECTED = [
    ("en", "temperature twenty-two, no, twenty-one", ("climate_set_temperature", 21)),
    ("en", "set the temperature to nineteen, no wait, make it twenty-three",
     ("climate_set_temperature", 23)),
]


@pytest.mark.parametrize(("lang", "text", "want"), CORRECTED)
def test_a_number_said_in_words_is_corrected_whole(lang: str, text: str, want: tuple) -> None:
    # "twenty-two" is one number: the correction replaces all of it
    assert rule_actions(lang, text) == [want]


NEVER_THE_FIRST_COMMAND_ALONE = [
    # a wildcard media request that swallowed a second command the split cannot read
    ("en", "start the music and bump the volume up to 18"),
    ("en", "play something chill and crank the fan up to max"),
    ("zh-CN", "放点音乐然后把风量开到最大档"),
]


@pytest.mark.parametrize(("lang", "text"), NEVER_THE_FIRST_COMMAND_ALONE)
def test_a_wildcard_never_answers_half_of_two_commands(lang: str, text: str) -> None:
    acts = rule_actions(lang, text)
    assert acts != [("media_play", None)], acts
    assert len(acts) != 1


SONGS = [
    ("en", "play rock and roll"),
    ("en", "play the song shake it off and roll with it"),
    ("en", "go to the radio app and play me some wedding songs"),
]


@pytest.mark.parametrize(("lang", "text"), SONGS)
def test_a_title_with_a_verb_in_it_still_plays(lang: str, text: str) -> None:
    assert rule_actions(lang, text) == [("media_play", None)]


NOT_A_CORRECTION_TARGET = [
    # the first request is several: a correction at the end is its last part's, never a
    # reading of the whole sentence (one such reading had set the fan to 2)
    ("en", "fan on four and temperature twenty, no, twenty-one"),
    ("en", "turn the volume up and the temperature to 18, no, 19"),
]


@pytest.mark.parametrize(("lang", "text"), NOT_A_CORRECTION_TARGET)
def test_a_correction_never_moves_the_first_part(lang: str, text: str) -> None:
    acts = rule_actions(lang, text)
    assert ("climate_set_fan", 2) not in acts
    assert all(value != 20 and value != 18 for _, value in acts), acts


def test_a_correction_marker_before_a_request_is_not_merged() -> None:
    # "no need to …" is a refusal, not a corrected number: never glued to the part before
    acts = rule_actions("en", "turn the ac on, no need to open the window")
    assert ("window_open", None) not in acts


def test_topic_first_needs_a_catalogue_function() -> None:
    # a thing the cabin does not have, named first: nothing to act on
    assert rule_actions("en", "my phone, turn it off") == []
    assert shared_nlu("en").parse("the fan, turn it down").intent == "climate_fan_down"


HEADED = [
    ("en", "seat warmers: mine on one, the passenger's on two",
     [("seat_heat_driver", 1), ("seat_heat_passenger", 2)]),
    ("zh-CN", "座椅加热：副驾的开二档，我的关掉",
     [("seat_heat_passenger", 2), ("seat_heat_driver", 0)]),
]


@pytest.mark.parametrize(("lang", "text", "want"), HEADED)
def test_a_function_then_a_colon_gives_each_seat_its_request(lang: str, text: str,
                                                               want: list) -> None:
    assert rule_actions(lang, text) == want


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "seat massage: mine on, hers off"),
    ("zh-CN", "座椅通风：我的打开，副驾的关掉"),
])
def test_a_seat_function_the_cabin_lacks_never_becomes_the_heater(lang: str, text: str) -> None:
    assert not any(i.startswith("seat_heat_") for i, _ in rule_actions(lang, text))


MORE = [
    ("zh-CN", "把音量调低再换下一首", [("media_volume_down", 2), ("media_next", None)]),
    ("en", "open the window and the volume up too", [("window_open", None),
                                                     ("media_volume_up", 2)]),
]


@pytest.mark.parametrize(("lang", "text", "want"), MORE)
def test_then_without_a_comma_and_a_noun_part_with_its_own_way(lang: str, text: str,
                                                                  want: list) -> None:
    assert [a[0] for a in rule_actions(lang, text)] == [w[0] for w in want]


def test_again_inside_one_command_is_not_a_cut() -> None:
    # 再 before a verb inside one request ("音量再调高一点") stays one command
    assert rule_actions("zh-CN", "风量再调大一点") == [("climate_fan_up", 1)]


STEP_THEN_VALUE = [
    ("zh-CN", "音量小一点，调到十二就行", [("media_volume_set", 12)]),
    ("zh-CN", "温度低一点，调到二十", [("climate_set_temperature", 20)]),
    ("en", "turn the fan up, set it to five", [("climate_set_fan", 5)]),
]


@pytest.mark.parametrize(("lang", "text", "want"), STEP_THEN_VALUE)
def test_a_step_then_a_value_on_one_function_is_the_value(lang: str, text: str,
                                                          want: list) -> None:
    assert rule_actions(lang, text) == want


def test_a_number_alone_after_another_function_is_not_its_value() -> None:
    # the number sets what the part before it moved, never some other function
    acts = rule_actions("zh-CN", "打开车窗，调到二十")
    assert ("climate_set_temperature", 20) not in acts and ("media_volume_set", 20) not in acts


RUN_ONS = [
    ("zh-CN", "开窗关空调", [("window_open", None), ("climate_ac_off", None)]),
    ("zh-CN", "关窗放音乐", [("window_close", None), ("media_play", None)]),
    ("en", "turn the ac off, the radio down, and open the window",
     [("climate_ac_off", None), ("media_volume_down", 2), ("window_open", None)]),
    ("en", "open the window and set temperature 21",
     [("window_open", None), ("climate_set_temperature", 21)]),
]


@pytest.mark.parametrize(("lang", "text", "want"), RUN_ONS)
def test_bare_verbs_and_noun_parts(lang: str, text: str, want: list) -> None:
    assert rule_actions(lang, text) == want


@pytest.mark.parametrize(("lang", "text"), [
    ("zh-CN", "别开窗关空调"),  # a refusal first: never the window opened
    ("zh-CN", "不开空调开窗"),
    ("zh-CN", "离开空调房"),  # 开 inside a word is no verb
])
def test_a_refused_or_glued_verb_is_never_a_command(lang: str, text: str) -> None:
    acts = rule_actions(lang, text)
    assert ("climate_ac_on", None) not in acts
    assert ("window_open", None) not in acts
