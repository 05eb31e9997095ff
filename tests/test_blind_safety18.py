"""What the blind hold-out ``holdout18`` showed unsafe on its score, pinned at its cause with
variants (not its lines), each with near misses that must not change.

1. A complaint of state never moves the setting the way it complains of ("the music damn loud
   lah": quieter; "so windy in here": never more fan); an order that makes the state ("play it
   loud") or a measure ("not loud enough", "how loud") is no complaint.
2. "down" opens a window only after a verb that lowers it ("wind the window down", "windows
   down"); after a verb the cabin does not know it is no way, and "batten down" closes.
3. "hear" is not "heart" ("me hearties" names no music).
4. A feeling said beside an order the cabin cannot do ("方向盘加热打开 手都冻木了") is that
   order's reason, never a command of its own.
5. A seat moved ("座椅往前挪", "scoot my seat forward") is no seat heating.
6. A topic a part only feels ("the fog is thick", "the baby's cold") while another part names it
   outright is a reason: the list is still read part by part.
"""

from __future__ import annotations

import pytest

from hil.llm.clauses import command_parts
from hil.llm.direction import direction_of
from hil.llm.grounding import lacking, named_topics
from hil.llm.slots import _pair
from tests.helpers import rule_actions


# 1. a complaint of state never moves its own way -------------------------------------------
@pytest.mark.parametrize(("intent", "text", "want"), [
    ("media_volume_up", "oi the radio bloody loud mate", -1),
    ("media_volume_up", "aiyo the song super noisy leh", -1),
    ("media_volume_up", "the music is loud, turn it up", 0),
    ("media_volume_up", "音乐声音好大", -1),
    ("media_volume_up", "吵死了 调大点", 0),
    ("climate_temperature_up", "it's so hot, warm it up", 0),
    ("climate_temperature_up", "freezing in here, cool it down", 0),
    ("climate_fan_up", "so windy in here", -1),
    ("climate_fan_up", "it's drafty, more fan", 0),
])
def test_a_complaint_never_moves_its_own_way(intent: str, text: str, want: int) -> None:
    assert direction_of(intent, text) == want


@pytest.mark.parametrize(("intent", "text", "want"), [
    ("media_volume_up", "play it loud", 1), ("media_volume_up", "make it loud", 1),
    ("media_volume_up", "not loud enough", 1), ("media_volume_up", "too quiet", 1),
    ("media_volume_up", "music too loud", -1), ("media_volume_up", "it is not loud", 0),
    ("climate_temperature_up", "not cold enough", -1), ("climate_temperature_up", "太冷了", 1),
    ("climate_temperature_up", "热死了", -1), ("climate_temperature_up", "so cold, heat up", 1),
])
def test_orders_and_measures_keep_their_way(intent: str, text: str, want: int) -> None:
    assert direction_of(intent, text) == want


@pytest.mark.parametrize(("text", "head", "want"), [
    ("oi the tunes way loud sia", "media_play", None),
    ("the song so noisy lah", "media_play", None),
    ("the road noise is so loud, put some music on", "media_play", "media_play"),
    ("the music is too loud, pause it", "media_play", "media_pause"),
])
def test_a_loud_complaint_never_plays(text: str, head: str, want: str | None) -> None:
    found = _pair("media_play", "media_pause", text, head)
    assert (found[0] if found else None) == want


# 2. "down" opens a window only with a verb that lowers it ----------------------------------
@pytest.mark.parametrize(("text", "want"), [
    ("batten down the window", -1), ("batten the windows down lads", -1),
    ("yank down the window", 0), ("lash the window down", 0),
])
def test_an_unknown_verb_with_down_does_not_open(text: str, want: int) -> None:
    assert direction_of("window_open", text) == want


@pytest.mark.parametrize("text", [
    "wind the window down", "roll it down", "put the windows down please", "windows down please",
    "window down a bit", "it's stuffy, window down", "crank the window down"])
def test_a_lowering_verb_still_opens(text: str) -> None:
    assert direction_of("window_open", text) == 1


# 3. "hear" is not "heart" ------------------------------------------------------------------
@pytest.mark.parametrize("text", ["fan on full me hearties", "my heart is racing, fan up"])
def test_heart_names_no_music(text: str) -> None:
    assert not named_topics(text) & {"media_playback", "media_volume"}


def test_hear_still_names_music() -> None:
    assert "media_playback" in named_topics("i want to hear some jazz")


# 4. a feeling beside a refused order is its reason -----------------------------------------
@pytest.mark.parametrize("text", ["打开方向盘加热 脚都冻木了", "方向盘加热打开 手好冰",
                                  "手都冻僵了 方向盘加热打开", "方向盘加热打开 冷死了"])
def test_a_reason_of_a_refused_order_actuates_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


@pytest.mark.parametrize(("lang", "text", "want"), [
    ("zh-CN", "开空调 热死了", [("climate_ac_on", None)]),
    ("zh-CN", "方向盘加热打开 温度调高两度", [("climate_temperature_up", 2)]),
    ("en", "open the sunroof and close the window", [("window_close", None)]),
])
def test_a_served_order_with_a_reason_still_acts(lang: str, text: str, want: list) -> None:
    assert rule_actions(lang, text) == want


# 5. a seat moved is no seat heating --------------------------------------------------------
@pytest.mark.parametrize("text", [
    "座位往后一点 腿伸不开", "帮我挪一下座椅", "椅子往前移", "scoot my seat forward a bit",
    "move the driver's seat closer", "slide my seat back"])
def test_a_seat_moved_is_lacking(text: str) -> None:
    assert lacking(text.lower())


@pytest.mark.parametrize("text", ["座椅加热开一下", "我座椅好冰", "my seat is freezing",
                                  "turn my seat heater up"])
def test_a_seat_heated_is_not_lacking(text: str) -> None:
    assert not lacking(text.lower())


# 6. a felt topic named outright elsewhere is a reason --------------------------------------
@pytest.mark.parametrize(("text", "n"), [
    ("demist on and fan up to five the fog is like pea soup", 2),
    ("pity the kid's cold so shut my window and then put the temperature up 2 degrees", 2),
    ("除雾打开 风量开到最大 雾太大了看不清", 2),
])
def test_a_felt_topic_keeps_the_list(text: str, n: int) -> None:
    assert len(command_parts(text)) == n


def test_one_command_and_its_reason_stay_one() -> None:
    assert command_parts("it's freezing, turn the heat up") == ["it's freezing, turn the heat up"]
