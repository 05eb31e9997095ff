"""Several commands in one sentence, twenty-sixth session (``multi26``).

Orders told among asides (a story, a question, an address) are read clause by clause by the
rules, the asides left out (:func:`hil.llm.ruled_clauses.ruled_clauses`), unless an aside could
bind the orders (a time or place said alone, a condition, a take-back or a no after them, a
function no order acts on). A part the rules read alone as an order of a topic it names is acted
on even when its shape is not a known order's ("…，挡风玻璃除个雾"); a part the rules read as
both seats' heaters gives each seat's command. Variants written here, not dev lines; the head's
probabilities are given (pure decisions).
"""

from __future__ import annotations

import pytest

from hil.llm.grounding import EXPLICIT
from hil.llm.several import several_parts
from tests.helpers import several_acted


@pytest.mark.parametrize(("text", "want"), [
    ("周末会降温吗，把温度调到二十三度，风量调小一档",
     [("climate_set_temperature", 23), ("climate_fan_down", 1)]),
    ("我跟同事聊了一下午，唉，算了，音量调到十二，车窗关上",
     [("media_volume_set", 12), ("window_close", None)]),
    ("long shift at the depot, turn the volume to eight and the AC off",
     [("media_volume_set", 8), ("climate_ac_off", None)]),
    ("Big news: the dog passed his exam. Window halfway, fan on three.",
     [("window_set_position", 50), ("climate_set_fan", 3)]),
])
def test_orders_among_asides_each_acted(text: str, want: list[tuple[str, object]]) -> None:
    assert several_acted(text) == want


@pytest.mark.parametrize("text", [
    "明天早上，把温度调高，把车窗打开",  # the orders' own time: for tomorrow
    "later on, turn the AC on and open the window",
    "if it rains, close the window and turn the fan up",  # a condition
    "turn the AC on and open the window, never mind",  # taken back after the orders
    "音量调到十二，车窗关上，算了",
    "我刚才冻坏了，车窗关上，音量调到十二，明天早上",  # a time said alone after the orders
])
def test_an_aside_that_may_bind_the_orders_keeps_the_whole(text: str) -> None:
    assert several_parts(text) == []


def test_a_measure_word_defrost_is_read_only_beside_a_sure_order() -> None:
    # beside a sure order, in a sentence read clause by clause: both acted
    assert several_acted("今天累坏了，音量调到十，挡风玻璃除个雾") == [
        ("media_volume_set", 10), ("climate_defrost", None)]
    assert several_acted("前挡除个雾，主驾座椅加热开到二档") == [
        ("climate_defrost", None), ("seat_heat_driver", 2)]
    # alone it names no defrost outright for the head (cdbc630's narrowing, unchanged)
    assert not EXPLICIT["climate_defrost"].search("挡风玻璃除个雾")
    assert several_parts("挡风玻璃除个雾") == []


def test_both_seats_read_by_the_rules_inside_a_part() -> None:
    acted = several_acted("defrost on then both seat heaters to three")
    assert ("climate_defrost", None) in acted
    assert ("seat_heat_driver", 3) in acted and ("seat_heat_passenger", 3) in acted
