"""A wish said without a number never moves its function against the wish, from any start state.

The classes found on the development data (the thirtieth session, BENCHMARKS.md): a window's
crack or a wish for air ("crack the window", "i need some fresh air", "开条缝", "透透气") set the
window to 20 % (it closed a window open at the twin's start of 50 %); a seat heater "on"
("turn on my seat heater", "my seat is freezing", "把座椅加热打开") set level 2 (it turned down a
seat already at 3); the fan "on" set level 3 (it slowed a fan at 5). The start state is what the
conversation said last (a history turn), as the assistant and the scorer
(:func:`twin.assistant.scoring.movement`) both read it. Phrasings written for the tests."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hil.llm.slots import read_slots
from twin.assistant.catalogue import active_catalogue
from twin.assistant.nlu import shared_nlu
from twin.assistant.resolver import Turn
from twin.assistant.scoring import movement
from twin.assistant.wish import at_least, current_level

WINDOW_OPENING = [
    ("en", "crack the window"),
    ("en", "open the window a little"),
    ("en", "i need some fresh air"),
    ("en", "let some fresh air in"),
    ("en", "roll the window down a bit"),
    ("zh-CN", "窗户开条缝"),
    ("zh-CN", "透透气"),
    ("zh-CN", "把车窗开一点"),
]
SEAT_ON = [
    ("en", "turn on my seat heater", "seat_heat_driver"),
    ("en", "my seat is freezing", "seat_heat_driver"),
    ("en", "warm up my seat", "seat_heat_driver"),
    ("en", "turn on the passenger seat heater", "seat_heat_passenger"),
    ("zh-CN", "把座椅加热打开", "seat_heat_driver"),
    ("zh-CN", "我的座椅好冰", "seat_heat_driver"),
    ("zh-CN", "打开副驾座椅加热", "seat_heat_passenger"),
]
FAN_ON = [("en", "turn on the fan")]

WISHES = [(lang, text, "window_set_position") for lang, text in WINDOW_OPENING] + SEAT_ON + [
    (lang, text, "climate_set_fan") for lang, text in FAN_ON]
RANGES = {"window_set_position": (0, 100), "seat_heat_driver": (0, 3),
          "seat_heat_passenger": (0, 3), "climate_set_fan": (0, 7)}


@given(data=st.data())
def test_a_wish_without_a_number_never_moves_against_it_from_any_start(data: st.DataObject
                                                                       ) -> None:
    lang, text, setter = data.draw(st.sampled_from(WISHES))
    start = data.draw(st.integers(*RANGES[setter]))
    history = [Turn("earlier", setter, start)]
    found = shared_nlu(lang).parse(text, history)
    assert found.intent == setter, (text, found.intent)
    topic = active_catalogue().intents[setter].topic
    assert movement(found.intent, found.value, history) in (None, (topic, 1)), (
        text, start, found.value)


@pytest.mark.parametrize(("lang", "text"), WINDOW_OPENING)
def test_a_crack_opens_a_closed_window_a_crack_and_never_closes_an_open_one(lang: str, text: str
                                                                             ) -> None:
    nlu = shared_nlu(lang)
    assert nlu.parse(text, [Turn("close it", "window_close")]).value == 20
    assert nlu.parse(text, [Turn("to 80", "window_set_position", 80)]).value == 80
    assert nlu.parse(text, []).value == 50  # the twin's start: already open past a crack


@pytest.mark.parametrize(("lang", "text", "setter"), SEAT_ON)
def test_a_seat_heater_on_is_its_level_and_never_turns_a_warmer_seat_down(
        lang: str, text: str, setter: str) -> None:
    nlu = shared_nlu(lang)
    assert (nlu.parse(text, [Turn("off", setter, 0)]).intent, nlu.parse(
        text, [Turn("off", setter, 0)]).value) == (setter, 2)
    assert nlu.parse(text, [Turn("high", setter, 3)]).value == 3


def test_the_fan_on_never_slows_a_faster_fan() -> None:
    nlu = shared_nlu("en")
    assert nlu.parse("turn on the fan", [Turn("off", "climate_set_fan", 0)]).value == 3
    assert nlu.parse("turn on the fan", [Turn("five", "climate_set_fan", 5)]).value == 5


@pytest.mark.parametrize(("lang", "text", "setter", "value"), [
    ("en", "open the window to 20 percent", "window_set_position", 20),
    ("en", "open the window halfway", "window_set_position", 50),
    ("en", "put my seat heater on low", "seat_heat_driver", 1),
    ("en", "put my seat heater on medium", "seat_heat_driver", 2),
    ("zh-CN", "车窗开到百分之二十", "window_set_position", 20),
    ("zh-CN", "座椅加热开低档", "seat_heat_driver", 1),
])
def test_a_level_said_is_set_as_said_from_any_start(lang: str, text: str, setter: str,
                                                    value: int) -> None:
    for start in (RANGES[setter][1], RANGES[setter][0]):
        found = shared_nlu(lang).parse(text, [Turn("earlier", setter, start)])
        assert (found.intent, found.value) == (setter, value)


@pytest.mark.parametrize(("text", "last", "value"), [
    ("i need some fresh air", None, 50),
    ("i need some fresh air", Turn("close it", "window_close"), 20),
    ("i need some fresh air", Turn("to 80", "window_set_position", 80), 80),
    ("想透透气", Turn("close it", "window_close"), 20),
    ("想透透气", Turn("open it", "window_open"), 100),
    ("open the window a bit", Turn("to 70", "window_set_position", 70), 70),
    ("open the window 20 percent", Turn("to 80", "window_set_position", 80), 20),
])
def test_the_fallbacks_crack_is_kept_above_the_last_turns_window(text: str, last: Turn | None,
                                                                  value: int) -> None:
    assert read_slots("window", text, "window_open", last) == ("window_set_position", value)


def test_at_least_keeps_the_wish_side_and_reads_the_start_from_the_history() -> None:
    assert current_level("window", []) == 50  # the twin's start (the setter's default)
    assert current_level("window", [Turn("open", "window_open")]) == 100
    assert current_level("seat_heat_driver", [Turn("3", "seat_heat_driver", 3)]) == 3
    assert at_least("window_set_position", 20, 1, [Turn("shut", "window_close")]) == 20
    assert at_least("window_set_position", 20, 1, []) == 50
    assert at_least("climate_set_fan", 3, -1, [Turn("5", "climate_set_fan", 5)]) == 3
    assert at_least("climate_set_fan", 3, -1, [Turn("1", "climate_set_fan", 1)]) == 1


@pytest.mark.parametrize(("text", "start", "value"), [
    ("turn my seat heater on", 3, 3),  # on, and warmer already: kept
    ("turn my seat heater on", 0, 2),
    ("put my seat heater on low", 3, 1),  # a level named is set as named
    ("seat heater on high", 0, 3),
    ("座椅加热打开", 3, 3),
    ("座椅加热打开", 1, 2),
    ("turn my seat heater on", None, 2),  # the twin's start is level 2
])
def test_the_fallbacks_seat_level_from_the_last_turn(text: str, start: int | None, value: int
                                                     ) -> None:
    last = None if start is None else Turn("earlier", "seat_heat_driver", start)
    assert read_slots("seat_heat", text, "seat_heat_driver", last) == ("seat_heat_driver", value)
