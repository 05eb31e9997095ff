"""The eighteenth session's gate: a line the head puts under :data:`hil.llm.head.IN_DOMAIN`
on the cabin is decided again with the n-grams' topic when the two heads' mean in-domain mass
reaches the gate and the line orders, asks nothing of its own and names that topic, and only
that one, outright. Variants written for the tests; near misses that must not change."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import focus
from hil.llm.head import HeadDecision, focused_decision
from tests.helpers import HEAD_CLASSES as CLASSES


def _probs(**given: float) -> np.ndarray:
    rest = (1.0 - sum(given.values())) / (len(CLASSES) - len(given))
    return np.array([given.get(c, rest) for c in CLASSES])


def _answer(text: str, second: str, head_in: float, gram_unknown: float = 0.02) -> HeadDecision:
    """The decision when the head puts ``head_in`` on the cabin (all of it on the music, a
    topic the variants do not name) and the n-grams put ``1 - gram_unknown`` on ``second``."""
    head = _probs(media_play=head_in, unknown=1.0 - head_in)
    grams = _probs(**{second: 1.0 - gram_unknown, "unknown": gram_unknown})
    lang = "en" if text.isascii() else "zh-CN"
    return focused_decision(CLASSES, head, focus(text), lang, None, None, grams)


ORDERS = [
    ("oi mate kill the aircon we're grand", "climate_ac_off", "climate_ac_off", None),
    ("put the passenger seat heater on for nan, she's freezing", "seat_heat_passenger",
     "seat_heat_passenger", 2),
    ("radio volume twelve make it, please", "media_volume_set", "media_volume_set", 12),
    ("把除霜给俺整开，前面啥也看不着", "climate_defrost", "climate_defrost", None),
]


@pytest.mark.parametrize(("text", "second", "intent", "value"), ORDERS)
def test_an_order_named_outright_acts_when_the_heads_mean_reaches_the_gate(
        text: str, second: str, intent: str, value: int | None) -> None:
    # the head at 0.65 on the cabin, the n-grams at 0.98: the mean is 0.815
    d = _answer(text, second, 0.65)
    assert (d.intent, d.value, d.why) == (intent, value, ""), d


@pytest.mark.parametrize(("text", "second", "intent", "value"), ORDERS)
def test_under_the_mean_gate_nothing_acts(text: str, second: str, intent: str,
                                          value: int | None) -> None:
    assert _answer(text, second, 0.55).intent == "unknown"  # mean 0.765
    assert _answer(text, second, 0.65, gram_unknown=0.1).intent == "unknown"  # mean 0.775


@pytest.mark.parametrize(("text", "second"), [
    # the topic said by a reason only, never outright ("can't see a thing": no defrost word)
    ("high beams please, i can't see a thing out there", "climate_defrost"),
    ("车里闷得慌，帮个忙", "window_open"),
    # a question of its own, no order
    ("how do i kill the aircon", "climate_ac_off"),
    ("the aircon is off now?", "climate_ac_off"),
    # the n-grams on another topic than the one named outright
    ("oi mate kill the aircon we're grand", "window_open"),
    # two topics named
    ("kill the aircon and the seat heater", "climate_ac_off"),
    # somewhere else, a refusal: the words decide before any model
    ("kill the aircon at my mum's house", "climate_ac_off"),
    ("don't kill the aircon", "climate_ac_off"),
])
def test_the_mean_gate_near_misses(text: str, second: str) -> None:
    assert _answer(text, second, 0.7).intent == "unknown"
