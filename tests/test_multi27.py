"""Several commands in one sentence, twenty-seventh session (``multi27``).

A part of several commands whose one order is said among asides (a call, a story, a sentence's
end: "Long day, lads: temperature to twenty", "the window shut.") is read by the rules, the
asides left out (:func:`hil.llm.ruled_clauses.order_among_asides`); before, the head, unsure of
such a short part, asked about it. Never when an aside says an amount, a level or a correction,
or could bind the order (a time, a condition, a take-back), or when two clauses are orders.
Variants written here, not dev lines; the head's probabilities are given (pure decisions).
"""

from __future__ import annotations

import pytest

from hil.llm.ruled_clauses import order_among_asides
from hil.llm.several import _sure
from tests.helpers import several_acted


@pytest.mark.parametrize(("part", "lang", "want"), [
    ("Long day, lads: temperature to twenty", "en", ("climate_set_temperature", 20)),
    ("the window shut.", "en", ("window_close", None)),
    ("Right then! The window shut", "en", ("window_close", None)),
    ("累死了，音量调到十", "zh-CN", ("media_volume_set", 10)),
])
def test_the_one_order_among_asides_is_read_by_the_rules(
        part: str, lang: str, want: tuple[str, object]) -> None:
    read = order_among_asides(part, _sure, lang)
    assert read is not None and (read[1], read[2]) == want


@pytest.mark.parametrize(("part", "lang"), [
    ("heated seat on for me, level three like", "en"),  # the order's own level
    ("座椅加热开一档，最高档", "zh-CN"),
    ("the window shut, no wait", "en"),  # a correction may take it back
    ("音量调到十，不对", "zh-CN"),
    ("later, temperature to twenty", "en"),  # the order's own time
    ("明天早上，音量调到十", "zh-CN"),
    ("if it rains, window shut", "en"),  # a condition
    ("the window shut, actually never mind", "en"),
    ("fan to two, volume to ten", "en"),  # two orders: not one among asides
    ("window shut, the fan is too loud", "en"),  # an aside about another function
])
def test_an_aside_that_may_bind_the_order_leaves_it_to_the_head(part: str, lang: str) -> None:
    assert order_among_asides(part, _sure, lang) is None


@pytest.mark.parametrize(("text", "want"), [
    ("Long day, lads: temperature to twenty, and the window shut.",
     [("climate_set_temperature", 20), ("window_close", None)]),
    ("Park run done, phew. Fan to three and the window shut.",
     [("climate_set_fan", 3), ("window_close", None)]),
    ("That was a long meeting: temperature to twenty and the radio off.",
     [("climate_set_temperature", 20), ("media_pause", None)]),
])
def test_each_part_acted_when_the_head_is_unsure(text: str, want: list[tuple[str, object]]
                                                  ) -> None:
    assert several_acted(text) == want


def test_a_correction_beside_an_order_is_never_acted_on() -> None:
    # "the window shut, no wait": the window is not acted on; the fan is
    assert several_acted("the window shut, no wait, and the fan to two") == [
        ("climate_set_fan", 2)]
