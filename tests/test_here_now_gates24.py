"""The twenty-fourth session's gates (:func:`hil.llm.here_now.told_elsewhere`): a state said in
the past and over now, a place of another life the scope's places lack, and a state said not
felt. Each acted on ``main`` with the head's in-sample probabilities (development lines of
``gatedev1`` and ``train/indirect_dev23.jsonl``, variants in ``train/safe_dev24.jsonl``).
Variants written for the tests, not development lines; each class beside in-car near misses
that must still act.
"""

from __future__ import annotations

import pytest

from hil.llm.clauses import clauses
from hil.llm.direction import normalised
from hil.llm.head import _orders
from hil.llm.here_now import told_elsewhere
from tests.helpers import is_zh, with_grams


def _gate(text: str) -> str | None:
    return told_elsewhere(normalised(text), clauses, _orders)


TWINS = [
    # a state said in the past, over now
    ("it was sweltering when we got in but it's fine now", "over", "climate_temperature_down"),
    ("the fan was rattling earlier, all good now", "over", "climate_fan_down"),
    ("my feet were like ice this morning, they're grand now", "over", "climate_temperature_up"),
    ("刚上车的时候闷得慌，现在舒服多了", "over", "window_open"),
    ("刚刚声音太小了，现在刚好", "over", "media_volume_up"),
    # a place of another life, or an event there
    ("the stadium was deafening", "venue", "media_volume_down"),
    ("the music at the pub was far too quiet", "venue", "media_volume_up"),
    ("球场上冻得手都僵了", "venue", "climate_temperature_up"),
    ("音乐会的音响太小了", "venue", "media_volume_up"),
    ("my son's music in his room is far too loud", "venue", "media_volume_down"),
    # a state said not felt
    ("我一点也不热", "not_felt", "climate_temperature_down"),
    ("声音不大啊", "not_felt", "media_volume_down"),
    ("honestly it isn't that stuffy", "not_felt", "window_open"),
]

NEAR_MISSES = [
    # in this car, now, or still: the gates must not read these
    ("it was cold earlier and it's still freezing", "climate_temperature_up"),
    ("it was fine before, now it's boiling in here", "climate_temperature_down"),
    ("刚才还好，现在热得不行", "climate_temperature_down"),
    ("刚才就闷，现在还是闷", "window_open"),
    ("it's louder than a stadium in here", "media_volume_down"),
    ("车里冷得跟溜冰场似的", "climate_temperature_up"),
    ("冷不冷都无所谓，风太大了", "climate_fan_down"),
    ("热得不行", "climate_temperature_down"),
    ("不热得慌才怪", "climate_temperature_down"),
]

BESIDE_AN_ORDER = [
    # a gate said beside an order is its reason
    ("it was roasting at the gig, turn the air con on", "climate_ac_on"),
    ("我不冷了，把暖气关小点", "climate_temperature_down"),
    ("刚才太吵了现在还行，不过音量再调小一点", "media_volume_down"),
]


@pytest.mark.parametrize(("text", "gate", "second"), TWINS)
def test_the_twin_is_told_elsewhere_by_its_gate(text: str, gate: str, second: str) -> None:
    assert _gate(text) == gate
    del second


@pytest.mark.parametrize(("text", "gate", "second"), TWINS)
def test_the_twin_never_acts_however_sure_the_head_is(text: str, gate: str,
                                                      second: str) -> None:
    lang = "zh-CN" if is_zh(text) else "en"
    d = with_grams(text, lang, second, **{second: 0.95, "unknown": 0.05})
    assert d.intent == "unknown"
    assert d.why in ("out_of_scope", "out_of_domain", "not_grounded", "negated")
    del gate


@pytest.mark.parametrize(("text", "intent"), NEAR_MISSES)
def test_an_in_car_near_miss_is_not_gated(text: str, intent: str) -> None:
    assert _gate(text) is None
    del intent


@pytest.mark.parametrize(("text", "intent"), BESIDE_AN_ORDER)
def test_a_gate_beside_an_order_is_its_reason(text: str, intent: str) -> None:
    assert _gate(text) is None
    del intent


@pytest.mark.parametrize(("text", "intent"), [
    ("it was cold earlier and it's still freezing", "climate_temperature_up"),
    ("刚才还好，现在热得不行", "climate_temperature_down"),
    ("it's louder than a stadium in here", "media_volume_down"),
])
def test_an_in_car_near_miss_still_acts(text: str, intent: str) -> None:
    lang = "zh-CN" if is_zh(text) else "en"
    assert with_grams(text, lang, intent, **{intent: 0.9, "unknown": 0.1}).intent == intent
