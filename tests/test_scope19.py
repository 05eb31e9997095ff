"""Indirect speech that asks nothing of this cabin never actuates, and a complaint never moves
the wrong way (nineteenth session, ``scope19``, issue 25). Each class is pinned with variants
written here (not dev lines) and near misses that must still act.

1. Another day (``past``): "I was freezing yesterday", "前天坐车冷得发抖", a span of years, a
   habit; beside a command it is the command's reason ("调高点 昨天就冷"), and a song's title
   ("play Yesterday") is no day.
2. Another place (``elsewhere``): a place of another life (gym, flat, classroom, 宿舍, 健身房,
   an event where one is, another vehicle); a place just left ("straight from the gym") or a
   thing named after one ("gym bag", "school run", "wedding convoy") is no place; beside a
   command it is the reason.
3. Someone heard through a phone (``away``): "电话里我老婆说她那边热死了".
4. How a thing works (``question``): "座椅加热是怎么工作的", "why in general".
5. The rules never read a colouring word away from such a statement (:func:`not_this_cabin`);
   the outside's noise and weather still reach the cabin.
6. A state told, not ordered: the window told open (close), told shut (open), the AC told off
   (on), the heater cooking (cooler), a smell from outside coming in (close).
"""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import focus
from hil.llm.direction import direction_of
from hil.llm.head import focused_decision
from tests.helpers import HEAD_CLASSES as CLASSES
from tests.helpers import rule_actions
from twin.assistant.scope import not_this_cabin, out_of_scope, told_beside


def _probs(**given: float) -> np.ndarray:
    rest = (1.0 - sum(given.values())) / (len(CLASSES) - len(given))
    return np.array([given.get(c, rest) for c in CLASSES])


def _lang(text: str) -> str:
    return "zh-CN" if any("\u4e00" <= c <= "\u9fff" for c in text) else "en"


# 1-4. the kind of a statement about another day, place or person, or a question ------------
@pytest.mark.parametrize(("text", "kind"), [
    ("I was boiling on the drive last week", "past"),
    ("the heater used to rattle like mad", "past"),
    ("前天坐车冷得发抖", "past"),
    ("小时候坐车总是晕", "past"),
    ("my grandad drove taxis for thirty years", "past"),
    ("我爸开了十几年车", "past"),
    ("公司每到周一空调就坏", "past"),  # a habit: another day
    ("the gym was roasting today", "elsewhere"),
    ("my flat's like a sauna", "elsewhere"),
    ("the music at the party was far too loud", "elsewhere"),
    ("the seats in my brother's car are way comfier", "elsewhere"),
    ("the other van's windscreen is all fogged", "elsewhere"),
    ("宿舍好冷", "elsewhere"),
    ("健身房热得要命", "elsewhere"),
    ("今天外头热得要命", "elsewhere"),
    ("演唱会上吵死了", "elsewhere"),
    ("同事车上的空调特别凉", "elsewhere"),
    ("my son texted that his room is freezing", "away"),
    ("电话里我妈说冷死了", "away"),
    ("座椅加热是怎么工作的", "question"),
    ("空调怎么制冷", "question"),
    ("为啥夏天车窗比冬天更容易起雾", "question"),
    ("how does the fan know when to speed up", "question"),
    ("我爸开车座椅加热永远开最大", "someone_else"),
])
def test_a_statement_not_about_this_cabin_now_is_out_of_scope(text: str, kind: str) -> None:
    assert out_of_scope(text) == kind


@pytest.mark.parametrize("text", [
    "调高点 昨天就冷",  # another day beside a command: its reason
    "turn the heat up, I was cold all day yesterday",
    "外面冷，车里也冷",  # this car named beside the outside
    "I've been freezing since the office, warm it up",  # a place just left
    "straight from the gym and I'm boiling",
    "刚从健身房出来，热死了",
    "the gym bag stinks, window down",  # a thing named after a place
    "school run in this fog, demist please",
    "open the windows we're in the wedding convoy",
    "the gym was roasting, turn the AC up",  # beside a command
    "I'm sweating like a sinner in church",  # a simile
    "play Yesterday by the Beatles",  # a title, not a day
    "播放陈奕迅的十年",
    "为什么车里这么冷",  # a complaint, not how a thing works
    "the kid's car seat is boiling",  # a car seat, not another car
    "今年好热",
    "外头下雨了，把窗户摇上去",
])
def test_near_misses_stay_in_scope(text: str) -> None:
    assert out_of_scope(text) is None


def test_a_place_or_day_told_beside_a_command_is_its_reason() -> None:
    assert told_beside("昨天就冷") and told_beside("the gym was roasting")
    assert not told_beside("it was roasting at home")  # an old kind: still binds
    assert not told_beside("turn the heat up")


# 5. the rules read no colouring away from a statement about another place, day or person ---
@pytest.mark.parametrize("text", [
    "电话里我老婆说她那边热死了", "视频里我妈说家里冷死了", "宿舍热死了", "前天冻死我了",
    "the gym was roasting today", "I was freezing at the cinema yesterday"])
def test_the_rules_never_act_on_another_place_or_day(text: str) -> None:
    assert not_this_cabin(text)
    assert rule_actions(_lang(text), text) == []


@pytest.mark.parametrize(("text", "want"), [
    ("热死了", [("climate_temperature_down", 1)]),
    ("it is freezing", [("climate_temperature_up", 1)]),
    ("turn the heat up, I was cold all day yesterday", [("climate_temperature_up", 1)]),
    ("外头下雨了，把窗户摇上去", [("window_close", None)]),
])
def test_the_rules_still_act_on_this_cabin_now(text: str, want: list) -> None:
    assert rule_actions(_lang(text), text) == want


@pytest.mark.parametrize("text", [
    "外面放鞭炮噼里啪啦的 歌都听不清", "can't hear the radio over the rain on the roof"])
def test_the_outside_still_reaches_the_cabin(text: str) -> None:
    assert not not_this_cabin(text)


# the fallback: a confident head still says it cannot ---------------------------------------
@pytest.mark.parametrize(("text", "intent"), [
    ("my sister's on the phone, she says her flat is boiling", "climate_temperature_down"),
    ("my son texted that his classroom is cold", "climate_temperature_up"),
    ("儿子说教室太冷了", "climate_temperature_up"),
    ("健身房热得要命", "climate_temperature_down"),
    ("地铁上热死了", "climate_temperature_down"),
    ("前天坐车冷得发抖", "climate_temperature_up"),
    ("座椅加热是怎么工作的", "seat_heat_driver"),
    ("my uncle smoked for forty years", "window_open"),
    ("那次去哈尔滨冻得要命", "climate_temperature_up"),
])
def test_the_fallback_never_acts_on_them(text: str, intent: str) -> None:
    d = focused_decision(CLASSES, _probs(**{intent: 0.9}), focus(text), _lang(text))
    assert d.intent == "unknown"


@pytest.mark.parametrize(("text", "intent"), [
    ("车里冷死了", "climate_temperature_up"),
    ("the car is like a sauna", "climate_temperature_down"),
])
def test_the_fallback_still_acts_in_this_cabin(text: str, intent: str) -> None:
    d = focused_decision(CLASSES, _probs(**{intent: 0.9}), focus(text), _lang(text))
    assert d.intent == intent


# 6. a state told is no order of its own way ------------------------------------------------
@pytest.mark.parametrize(("intent", "text", "want"), [
    ("window_open", "rain's blowing in the open window", -1),
    ("window_open", "the windows are still open and I'm frozen", -1),
    ("window_open", "开着的车窗一直进灰", -1),
    ("window_open", "窗子还开着 冷风呼呼地吹", -1),
    ("window_open", "the windows are shut and it's stuffy", 1),
    ("window_open", "窗户关得死死的，闷得慌", 1),
    ("climate_ac_on", "the aircon has been off all day and I'm melting", 1),
    ("climate_ac_on", "空调一直关着，闷死了", 1),
    ("climate_temperature_up", "the heater is cooking us back here", -1),
    ("climate_temperature_up", "暖风烤得脸发烫", -1),
    ("window_open", "smoke from that bonfire is drifting in", -1),
    ("window_open", "前面大货车的尾气都飘进来了", -1),
])
def test_a_state_told_points_against_itself(intent: str, text: str, want: int) -> None:
    assert direction_of(intent, text) == want


@pytest.mark.parametrize(("intent", "text", "want"), [
    ("window_open", "open the window", 1), ("window_open", "leave the window open", 1),
    ("window_open", "窗户开着吧", 1), ("window_open", "把车窗关着吧", -1),
    ("window_open", "the window is open, open it more", 0),
    ("window_open", "it smells in here", 1), ("window_open", "有烟味", 1),
    ("climate_ac_on", "turn the AC off", -1), ("climate_ac_on", "switch the aircon off please", -1),
    ("climate_ac_on", "空调关着吧", -1),
    ("climate_temperature_up", "turn the heater up", 1),
    ("climate_temperature_up", "暖气开大点", 1),
])
def test_orders_keep_their_way(intent: str, text: str, want: int) -> None:
    assert direction_of(intent, text) == want
