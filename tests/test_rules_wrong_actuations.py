"""Wrong actuations found on real drivers' speech, each pinned; the scorer's direction errors
count a set that moves the wrong way; feedback people would accept."""

from __future__ import annotations

import pytest

from twin.assistant.commands import make_command
from twin.assistant.feedback import feedback_for
from twin.assistant.intents import INTENTS
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import decide
from twin.assistant.queries import LabelledQuery
from twin.assistant.resolver import Turn
from twin.assistant.scoring import wrong_way


def _decided(lang: str, text: str):
    return decide(text, (), lang, shared_nlu(lang).parse(text), None)


def test_a_relative_change_out_of_range_says_the_range_and_never_sets() -> None:
    d = _decided("zh-CN", "空调温度调高20度")
    assert not d.command.actuates
    assert d.intent != "climate_set_temperature"
    assert "1" in d.feedback and "5" in d.feedback  # the step's range


@pytest.mark.parametrize(("lang", "text"), [
    ("zh-CN", "左后靠背角度往上调30度"),   # a seat-back angle is not a temperature
    ("zh-CN", "调节高频声音"),             # treble, not mute
    ("en", "i would like to hear some good funny jokes"),
    ("en", "i want to hear the last news from cnn"),
])
def test_nothing_actuates(lang: str, text: str) -> None:
    assert not _decided(lang, text).command.actuates


@pytest.mark.parametrize(("lang", "text", "want"), [
    # "up to 20" names the level, not a percent (it was read as 20 % of 30: 6, lower than now)
    ("en", "turn the volume up to 20", ("media_volume_set", 20)),
    ("en", "raise the temperature to 25", ("climate_set_temperature", 25)),
    ("zh-CN", "音量调高到二十", ("media_volume_set", 20)),
    ("zh-CN", "温度降低到十八度", ("climate_set_temperature", 18)),
    ("zh-CN", "风量调高到五档", ("climate_set_fan", 5)),
])
def test_up_to_a_number_sets_that_number(lang: str, text: str, want: tuple) -> None:
    d = _decided(lang, text)
    assert (d.intent, d.value) == want


def test_max_is_the_range_end() -> None:
    d = _decided("zh-CN", "风开到最大")
    assert (d.intent, d.value) == ("climate_set_fan", 7)


def test_the_passenger_seat_too_hot_is_a_seat() -> None:
    d = _decided("en", "the passenger seat is too hot")
    assert (d.intent, d.value) == ("seat_heat_passenger", 0)


@pytest.mark.parametrize(("lang", "text", "want"), [
    ("en", "my wife's seat heater, put it on high", ("seat_heat_passenger", 3)),
    ("zh-CN", "把副驾的座椅加热关了", ("seat_heat_passenger", 0)),
    ("en", "turn on the passenger seat heater", ("seat_heat_passenger", 2)),
])
def test_seat_words_pick_the_seat(lang: str, text: str, want: tuple) -> None:
    d = _decided(lang, text)
    assert (d.intent, d.value) == want


def test_out_of_domain_miss_says_so() -> None:
    d = _decided("en", "i would like to hear some good funny jokes")
    assert "car" in d.feedback and "again" not in d.feedback


def test_direction_errors_count_a_set_the_wrong_way() -> None:
    up = LabelledQuery("warmer please", "en", "climate_temperature_up", "any", "paraphrase")
    assert wrong_way(up, "climate_set_temperature", 18)      # below the 22 it starts from
    assert not wrong_way(up, "climate_set_temperature", 26)
    assert wrong_way(up, "climate_temperature_down", 1)
    after = LabelledQuery("warmer", "en", "climate_temperature_up", "any", "followup",
                          history=(Turn("set 17", "climate_set_temperature", 17),))
    assert not wrong_way(after, "climate_set_temperature", 19)  # up from 17
    too_far = LabelledQuery("空调温度调高20度", "zh-CN", "climate_temperature_up", 20,
                            "out_of_range")
    assert wrong_way(too_far, "climate_set_temperature", 20)


def test_direction_errors_judge_every_command_of_a_line() -> None:
    both = LabelledQuery("AC off and open the windows", "en", "climate_ac_off", None, "direct",
                         commands=(("climate_ac_off", None), ("window_open", None)))
    assert wrong_way(both, "window_close", None)          # the second part, answered closed
    assert wrong_way(both, "climate_ac_on", None)         # the first part, answered on
    assert not wrong_way(both, "window_open", None)
    assert not wrong_way(both, "climate_ac_off", None)
    warm = LabelledQuery("fan off and warmer", "en", "climate_set_fan", 0, "direct",
                         commands=(("climate_set_fan", 0), ("climate_temperature_up", 2)))
    assert wrong_way(warm, "climate_set_temperature", 18)  # the second part's topic, set lower
    assert not wrong_way(warm, "climate_set_temperature", 26)


def test_feedback_reads_naturally_in_one_register() -> None:
    from twin.assistant.catalogue import active_catalogue

    window = make_command("window_set_position", 20)
    assert window is not None and feedback_for(window, "zh-CN") == "车窗开到20%。"
    fan_off = make_command("climate_set_fan", 0)
    assert fan_off is not None and "0" not in feedback_for(fan_off, "zh-CN")
    texts = [p.zh_CN for p in active_catalogue().phrases.values()] + [
        x.zh_CN for e in active_catalogue().intents.values()
        for x in (e.feedback, e.feedback_off, e.ask) if x is not None]
    assert any("您" in t for t in texts) and not any("你" in t for t in texts)


@pytest.mark.parametrize(("lang", "text", "ood"), [
    ("en", "what's the capital of peru anyway", True),
    ("zh-CN", "给我讲个笑话吧朋友", True),
    ("en", "the thing with the air, you know", False),  # names a cabin subject: ask again
])
def test_a_rules_miss_out_of_domain_says_so(lang: str, text: str, ood: bool) -> None:
    rules = shared_nlu(lang).parse(text)
    assert rules.command is None or not rules.command.actuates
    d = decide(text, (), lang, rules, None)  # no fallback answered: the rule default
    from twin.assistant.feedback import clarify, out_of_domain

    assert d.feedback == (out_of_domain(lang) if ood else clarify(lang))


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "set the heat to 100 degrees"),
    ("en", "set the temperature to minus 5"),
    ("en", "make it warmer by ten degrees"),
    ("zh-CN", "温度设成零下五度"),
    ("zh-CN", "温度调到零下二十度"),  # read as 20 it would be a set, and the wrong way
    ("zh-CN", "风量一下加大五档"),
])
def test_out_of_range_says_the_range_and_acts_on_nothing(lang: str, text: str) -> None:
    result = shared_nlu(lang).parse(text)
    assert result.reason == "out_of_range" and not result.actuates
    schema = INTENTS[result.intent]
    assert str(schema.low) in result.feedback and str(schema.high) in result.feedback
