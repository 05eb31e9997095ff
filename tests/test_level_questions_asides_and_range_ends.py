"""A level asked of the state now, a range end in a follow-up, something coming in at the
window, the weather's wind, and the parts of several commands an aside or a soft wish lost:
each class in both languages, with twins that keep their answer."""

from __future__ import annotations

import pytest

from hil.llm.clauses import commanding, focus
from hil.llm.direction import normalised
from hil.llm.followup import follow_up
from hil.llm.grounding import EXPLICIT, named_topics
from hil.llm.several import several_parts
from tests.helpers import head_answer, is_zh, rule_reading, several_acted
from twin.assistant.resolver import Turn
from twin.assistant.scope import out_of_scope


def _lang(text: str) -> str:
    return "zh-CN" if is_zh(text) else "en"


# 1. a level asked of the state now is a question: never acted on, whatever the head leans to
@pytest.mark.parametrize(("text", "leaning"), [
    ("主驾的座椅加热现在开的是几档啊", "seat_heat_driver"),
    ("副驾座椅加热目前是几档", "seat_heat_passenger"),
    ("音量现在开得多大", "media_volume_up"),
    ("风量调的是多少啊", "climate_set_fan"),
    ("空调设的是几度呀", "climate_set_temperature"),
    ("so what level's my seat warmer on", "seat_heat_driver"),
    ("and what's the fan on", "climate_set_fan"),
])
def test_a_level_asked_of_the_state_now_is_never_acted_on(text: str, leaning: str) -> None:
    assert out_of_scope(text) == "question"
    assert head_answer(text, _lang(text), **{leaning: 0.9}).intent == "unknown"


@pytest.mark.parametrize(("text", "leaning", "intent"), [
    ("温度调高几度", "climate_temperature_up", "climate_temperature_up"),
    ("现在热死了，温度调低几度", "climate_temperature_down", "climate_temperature_down"),
    ("座椅加热开到三档", "seat_heat_driver", "seat_heat_driver"),
])
def test_a_few_steps_or_a_level_ordered_stay_orders(text: str, leaning: str, intent: str) -> None:
    assert out_of_scope(text) is None
    assert head_answer(text, "zh-CN", **{leaning: 0.9}).intent == intent


def test_a_question_told_after_a_pause_in_a_story_keeps_the_orders() -> None:
    text = "Oh, where do I begin, my boots are soaked, so the heat up two degrees"
    assert out_of_scope(text) != "question"


# 2. a range end said in a seat's follow-up is the end, never the last turn's level
DRIVER_ON = Turn("打开主驾座椅加热", "seat_heat_driver", 2)
PASSENGER_ON = Turn("turn on the passenger seat heater", "seat_heat_passenger", 2)


def _followed(text: str, last: Turn) -> tuple[str, str, object] | None:
    lowered = normalised(text)
    return follow_up(lowered, named_topics(lowered), last)


@pytest.mark.parametrize(("text", "last", "intent", "level"), [
    ("副驾也开 开最高", DRIVER_ON, "seat_heat_passenger", 3),
    ("副驾也来一个，最高档", DRIVER_ON, "seat_heat_passenger", 3),
    ("passenger too, on max", Turn("turn on my seat heater", "seat_heat_driver", 2),
     "seat_heat_passenger", 3),
    ("mine as well, max please", PASSENGER_ON, "seat_heat_driver", 3),
    ("副驾也开，开最低", DRIVER_ON, "seat_heat_passenger", 1),
])
def test_a_range_end_in_a_seat_follow_up_is_the_end(text: str, last: Turn, intent: str,
                                                    level: int) -> None:
    assert _followed(text, last) == ("seat_heat", intent, level)


@pytest.mark.parametrize(("text", "last", "intent", "level"), [
    ("副驾也开", DRIVER_ON, "seat_heat_passenger", 2),
    ("mine as well", PASSENGER_ON, "seat_heat_driver", 2),
    ("too hot now, turn it down a notch", PASSENGER_ON, "seat_heat_passenger", 1),
])
def test_a_follow_up_without_an_end_keeps_its_level(text: str, last: Turn, intent: str,
                                                    level: int) -> None:
    assert _followed(text, last) == ("seat_heat", intent, level)


# 3. smoke, dust or a smell coming in at the window closes it; one inside opens it
@pytest.mark.parametrize("text", [
    "烧烤摊的烟一个劲往窗户里钻",
    "隔壁工厂的臭味老往窗户里飘",
    "烟一个劲往车里钻",
    "the smoke keeps creeping into the car through the window",
    "exhaust fumes are seeping in the window",
])
def test_something_coming_in_at_the_window_closes_it(text: str) -> None:
    assert head_answer(text, _lang(text), window_open=0.9).intent == "window_close"


@pytest.mark.parametrize("text", ["车里全是烟味", "it stinks of smoke in here"])
def test_a_smell_inside_still_opens_the_window(text: str) -> None:
    assert head_answer(text, _lang(text), window_open=0.9).intent == "window_open"


# 4. the weather's wind (风沙, 台风) names no fan: beside an order it is the reason, no part
@pytest.mark.parametrize("text", ["海边风沙大", "路上风沙太大了", "台风天"])
def test_the_weathers_wind_names_no_fan(text: str) -> None:
    assert "climate_fan" not in named_topics(normalised(text))


@pytest.mark.parametrize("text", ["风太大了", "风开大一点", "风小一点"])
def test_the_air_still_names_the_fan(text: str) -> None:
    assert "climate_fan" in named_topics(normalised(text))


@pytest.mark.parametrize("text", ["窗户给我关严实了，海边风沙大。", "车窗关上吧，路上风沙大"])
def test_a_window_closed_for_the_sand_is_one_command(text: str) -> None:
    assert len(several_parts(focus(text).text)) < 2
    assert head_answer(text, "zh-CN", window_close=0.9).intent == "window_close"


# 5. a sentence or a cry said last is an aside: the orders before it keep every part
@pytest.mark.parametrize(("text", "acted"), [
    ("Quieter by three and cooler by one. Objection sustained.",
     [("media_volume_down", 3), ("climate_temperature_down", 1)]),
    ("mute everything then get me home what a wedding",
     [("media_mute", None), ("navigate_home", None)]),
    ("turn the music down and take me home, what a day",
     [("media_volume_down", 2), ("navigate_home", None)]),
])
def test_an_aside_said_last_loses_no_part(text: str, acted: list) -> None:
    assert several_acted(text) == acted


@pytest.mark.parametrize(("text", "kept"), [
    ("turn the fan up. is it hot?", "turn the fan up. is it hot?"),
    ("open the window. the smoke is awful.", "open the window. the smoke is awful."),
    ("turn the fan up. what a day", "turn the fan up."),
    ("温度调低一度。真是的", "温度调低一度。"),
])
def test_only_an_aside_naming_nothing_is_left_out(text: str, kept: str) -> None:
    assert focus(text).text == kept


# 6. "silence the fan" is the fan off, no sound muted; "silence please" still mutes
@pytest.mark.parametrize("text", ["silence the fan", "mute that blower", "hush the fan please"])
def test_silencing_the_fan_turns_it_off(text: str) -> None:
    d = head_answer(text, "en", climate_set_fan=0.9)
    assert (d.intent, d.value) == ("climate_set_fan", 0)
    assert "media_mute" not in named_topics(normalised(text))


@pytest.mark.parametrize("text", ["silence please", "mute the music", "mute everything"])
def test_silence_alone_or_of_the_sound_still_mutes(text: str) -> None:
    assert EXPLICIT["media_mute"].search(normalised(text))


def test_a_window_and_the_fan_silenced_are_two_commands() -> None:
    assert several_acted("open my window and silence the fan") == [
        ("window_open", None), ("climate_set_fan", 0)]


# 7. an excess said as a wish of a thing named ("风别那么猛") is an order on it, never a reason
@pytest.mark.parametrize("text", ["风别那么猛，温度往下压一度。", "风别那么大，温度调低一度",
                                  "the fan not so hard, and cooler by one"])
def test_a_soft_wish_beside_an_order_is_a_part_of_its_own(text: str) -> None:
    parts = several_parts(focus(text).text)
    assert len(parts) == 2
    assert commanding(parts[0])


def test_a_state_beside_an_order_is_still_its_reason() -> None:
    said = focus("风太大了，把窗关上")
    assert said.text == "把窗关上"
    assert said.reasons == ("风太大了",)


def test_the_rules_still_read_a_whole_order_home() -> None:
    assert rule_reading("take me home")[0] == "navigate_home"
