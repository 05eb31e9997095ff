"""What the blind hold-out ``holdout13`` showed on its score after the thirteenth session's
merges, pinned at its cause with variants (not its lines).

* A number counting something in a story said before the command ("two night shifts back to
  back", "三个小时") was read as the command's value: the seat heater asked "on low" went to 2 or 3.
* "满"/"full" said of the car ("车里装得满满的", "the car's full of boxes") was read as the
  setting's top: the fan asked for level five went to 7.
* "Both seats on <level>" followed by a courtesy ("… would you", "… please") gave the level to
  the passenger's seat only; the driver's got the default.
* A command awaiting an event ("孩子醒了再放音乐": play once the child wakes) played now.
* Washer fluid said with the windscreen turned the defroster on.
* (Found on development data the same day) "my neck's killing me, the seat is freezing"
  turned the seat heater off: "killing" matched the off-word "kill".
* "再" before 导航 did not start the next command, so one of two commands was dropped.
* A device the cabin lacks said with no pause before two commands ("<honk> the horn <turn> the
  music up and open the windows"): the fallback read it whole, opened the windows and said
  nothing of the music.
"""

from __future__ import annotations

import pytest

from hil.llm.clauses import focus
from hil.llm.several import several_parts
from hil.llm.slots import read_slots
from twin.assistant.scope import out_of_scope
from twin.assistant.scoring import shared_nlu


@pytest.mark.parametrize(("topic", "text", "member", "want"), [
    ("seat_heat", "did two night shifts back to back so put my seat warmer on low",
     "seat_heat_driver", ("seat_heat_driver", 1)),
    ("seat_heat", "three kids in the back all day, put my seat heater on high",
     "seat_heat_driver", ("seat_heat_driver", 3)),
    ("seat_heat", "开了三个小时车了 座椅加热开低档", "seat_heat_driver", ("seat_heat_driver", 1)),
    ("climate_fan", "车里装得满满的 帮我把风量调到五档", "climate_set_fan",
     ("climate_set_fan", 5)),
    ("climate_fan", "后座坐满了人 把风量调到四档", "climate_set_fan", ("climate_set_fan", 4)),
    ("climate_fan", "the car's full of boxes so set the fan to three", "climate_set_fan",
     ("climate_set_fan", 3)),
    ("seat_heat", "后座坐满了人 座椅加热开低档", "seat_heat_driver", ("seat_heat_driver", 1)),
    ("seat_heat", "the car is full of bags, seat heater on low please", "seat_heat_driver",
     ("seat_heat_driver", 1)),
    ("climate_temperature", "开了两个小时了 把温度调到二十二度", "climate_set_temperature",
     ("climate_set_temperature", 22)),
])
def test_a_story_is_not_the_value(topic: str, text: str, member: str,
                                  want: tuple[str, int]) -> None:
    assert read_slots(topic, text, member) == want


@pytest.mark.parametrize(("topic", "text", "member", "want"), [
    # near misses: the numbers and ends that are the value still read
    ("climate_fan", "fan on full", "climate_set_fan", ("climate_set_fan", 7)),
    ("climate_fan", "风量开满", "climate_set_fan", ("climate_set_fan", 7)),
    ("climate_fan", "turn the fan up two notches", "climate_fan_up", ("climate_fan_up", 2)),
    ("climate_fan", "um can you set the fan to level five thanks", "climate_set_fan",
     ("climate_set_fan", 5)),
    ("seat_heat", "put the seat heater on two", "seat_heat_driver", ("seat_heat_driver", 2)),
    ("seat_heat", "座椅加热开满", "seat_heat_driver", ("seat_heat_driver", 3)),
    ("seat_heat", "seat heater on full", "seat_heat_driver", ("seat_heat_driver", 3)),
    ("media_volume", "turn the volume down to 5", "media_volume_set", ("media_volume_set", 5)),
])
def test_the_value_said_still_reads(topic: str, text: str, member: str,
                                    want: tuple[str, int]) -> None:
    assert read_slots(topic, text, member) == want


def _commands(text: str, lang: str) -> list[tuple[str, int | str | None]]:
    got = shared_nlu(lang).parse(text, [])
    return [(c.intent, c.value) for c in got.split] or [(got.intent, got.value)]


@pytest.mark.parametrize(("text", "level"), [
    ("heat both seats on low would you", 1),
    ("heat both front seats on high please", 3),
    ("turn both seat heaters on high for me", 3),
    ("heat both seats on low", 1),
])
def test_both_seats_get_the_level_said(text: str, level: int) -> None:
    assert _commands(text, "en") == [("seat_heat_driver", level), ("seat_heat_passenger", level)]


@pytest.mark.parametrize("text", [
    "孩子醒了再放音乐", "闺女睡醒了再放首歌", "等雨停了再开窗", "孩子睡醒了再把空调打开"])
def test_a_command_awaiting_an_event_does_not_act_now(text: str) -> None:
    got = shared_nlu("zh-CN").parse(text, [])
    assert got.command is None or not got.command.actuates


@pytest.mark.parametrize(("text", "want"), [
    # near misses: a reason said before a command now, and two commands in order, still act
    ("孩子睡着了 把音乐关小", "media_volume_down"),
    ("孩子醒了，放首儿歌吧", "media_play"),
])
def test_an_event_said_as_a_reason_still_acts(text: str, want: str) -> None:
    assert shared_nlu("zh-CN").parse(text, []).intent == want


@pytest.mark.parametrize(("text", "lang"), [
    ("squirt a bit of washer fluid on the windscreen", "en"),
    ("give the windscreen a squirt of screenwash", "en"),
    ("前挡喷点玻璃水", "zh-CN"),
])
def test_washer_fluid_is_no_cabin_function(text: str, lang: str) -> None:
    assert out_of_scope(text) == "other_device"
    assert _commands(text, lang)[0][0] == "unknown"


@pytest.mark.parametrize(("text", "want"), [
    ("把歌暂停再导航回家", [("media_pause", None), ("navigate_home", None)]),
    ("开窗再导航回家", [("window_open", None), ("navigate_home", None)]),
    ("把窗户关了再开空调", [("window_close", None), ("climate_ac_on", None)]),
])
def test_zai_before_navigation_starts_the_next_command(text: str, want: list) -> None:
    assert _commands(text, "zh-CN") == want


@pytest.mark.parametrize(("text", "want"), [
    # found on development data by the head's out-of-file replay (every line answered by the
    # fallback): "killing me" is how it feels, not "kill the seat heater"
    ("my neck's killing me and the seat is freezing", ("seat_heat_driver", 2)),
    ("the cold is killing me, seat heater please", ("seat_heat_driver", 2)),
    ("kill the seat heater", ("seat_heat_driver", 0)),
    ("kill my seat warmer please", ("seat_heat_driver", 0)),
])
def test_killing_me_is_no_off(text: str, want: tuple[str, int]) -> None:
    assert read_slots("seat_heat", text, "seat_heat_driver") == want


@pytest.mark.parametrize(("text", "lacked", "parts"), [
    # a device the cabin lacks said with no pause before two commands: the fallback read the
    # sentence whole, acted on the last command and said nothing of the other
    ("beep the horn turn the music up and open the windows", ("beep the horn",),
     ["turn the music up", "open the windows"]),
    ("flash the headlights turn the fan down and close the window", ("flash the headlights",),
     ["turn the fan down", "close the window"]),
])
def test_a_device_lacked_before_a_command_is_cut_off(text: str, lacked: tuple[str, ...],
                                                      parts: list[str]) -> None:
    said = focus(text)
    assert said.dropped == lacked
    assert several_parts(said.text) == parts


def test_a_lacked_device_beside_a_cabin_topic_in_one_clause_stays_whole() -> None:
    # the cut never drops a command the cabin has ("座椅按摩" and the temperature said as one)
    assert focus("打开座椅按摩温度调到二十度风量调到二挡").dropped == ()
