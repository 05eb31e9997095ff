"""A state of the cabin now, told before the event that caused it ("it's all misted up after
the caving trip"), is no later time: the scope's ``later`` excuses "after the X" there
(:data:`twin.assistant.scope._EXCUSED`), and the fallback acts on the state (the thirtieth
session). Variants written here, not development lines. An order, a wish or a time to come in
the clause ("after the match turn the heat down", "it'll be roasting in here after the match")
stays later and is refused. Chinese says the event first with 刚 or 完 and a pause ("刚踢完球，
车里热得跟蒸笼似的"): served already; a Chinese order after 以后/之后 stays later."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import focus
from hil.llm.head import HeadDecision, focused_decision
from tests.helpers import HEAD_CLASSES as CLASSES
from twin.assistant.scope import out_of_scope


def _answer(text: str, lang: str, intent: str, unknown: float) -> HeadDecision:
    """The head's answer with ``intent`` at 0.5 and ``unknown`` as given, the rest shared."""
    given = {"unknown": unknown, intent: 0.5}
    rest = (1.0 - sum(given.values())) / (len(CLASSES) - len(given))
    probs = np.array([given.get(c, rest) for c in CLASSES])
    return focused_decision(CLASSES, probs, focus(text), lang)


SERVED = [
    ("it's roasting in here after the football match", "en", "climate_temperature_down", 1),
    ("my seat is freezing after the ice rink", "en", "seat_heat_driver", 2),
    ("the windscreen's all fogged up after the car wash", "en", "climate_defrost", None),
    ("the bass is far too loud after the dentist", "en", "media_volume_down", 2),
    ("刚踢完球，车里热得跟蒸笼似的", "zh-CN", "climate_temperature_down", 1),
    ("洗完车出来，前挡全是雾", "zh-CN", "climate_defrost", None),
]
LATER = [
    ("after the football match turn the heat down", "en", "climate_temperature_down"),
    ("it's roasting so turn the heat down after the football match", "en",
     "climate_temperature_down"),
    ("it'll be roasting in here after the football match", "en", "climate_temperature_down"),
    ("my seat is going to be freezing after the ice rink", "en", "seat_heat_driver"),
    ("i want the seat heated after the ice rink", "en", "seat_heat_driver"),
    ("the windscreen will fog up after the car wash", "en", "climate_defrost"),
    ("踢完球以后再把温度调低", "zh-CN", "climate_temperature_down"),
    ("踢完球之后车里会热得跟蒸笼似的", "zh-CN", "climate_temperature_down"),
    ("十分钟以后把除雾打开", "zh-CN", "climate_defrost"),
]


@pytest.mark.parametrize(("text", "lang", "intent", "value"), SERVED)
def test_a_state_told_before_its_cause_is_acted_on(text: str, lang: str, intent: str,
                                                   value: int | None) -> None:
    assert out_of_scope(text.lower()) is None
    d = _answer(text, lang, intent, 0.3)
    assert (d.intent, d.value) == (intent, value)


@pytest.mark.parametrize(("text", "lang", "intent"), LATER)
def test_an_order_wish_or_time_to_come_stays_later_and_refused(text: str, lang: str,
                                                              intent: str) -> None:
    assert out_of_scope(text.lower()) == "later"
    d = _answer(text, lang, intent, 0.05)
    assert (d.intent, d.why) == ("unknown", "out_of_scope")


@pytest.mark.parametrize("text", [
    "my hands were numb after the gardening this morning",  # the past, and a time
    "I'll head home after the dentist later on",
    "if the twins nod off after the kite festival turn the volume down",
])
def test_other_times_beside_after_the_still_bind(text: str) -> None:
    assert out_of_scope(text.lower()) == "later"
