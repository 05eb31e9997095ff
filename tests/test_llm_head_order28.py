"""An order in new words acted on by its words at :data:`hil.llm.head.CABIN` once what it orders
is this cabin's (:mod:`hil.llm.foreign`, the twenty-eighth session). Variants written here, not
development lines: the head puts 0.4 on ``unknown`` and 0.3 on an unrelated topic (the window),
as it does out of file; an order of another building's, vehicle's or device's function, or a
state told with 得, never acts."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.clauses import clauses, focus
from hil.llm.direction import normalised
from hil.llm.foreign import foreign_order
from hil.llm.head import HeadDecision, _orders_any, focused_decision
from tests.helpers import HEAD_CLASSES as CLASSES


def _answer(text: str, lang: str, **given: float) -> HeadDecision:
    rest = (1.0 - sum(given.values())) / (len(CLASSES) - len(given))
    probs = np.array([given.get(c, rest) for c in CLASSES])
    return focused_decision(CLASSES, probs, focus(text), lang)


def _foreign(text: str) -> bool:
    return foreign_order(normalised(text), clauses, _orders_any)


@pytest.mark.parametrize(("text", "lang", "intent"), [
    ("make it a bit warmer", "en", "climate_temperature_up"),
    ("bump the tunes up a notch", "en", "media_volume_up"),
    ("把声音弄大点", "zh-CN", "media_volume_up"),
])
def test_an_order_of_this_cabin_in_new_words_acts(text: str, lang: str, intent: str) -> None:
    assert _answer(text, lang, unknown=0.4, window_open=0.3).intent == intent


@pytest.mark.parametrize(("text", "lang"), [
    ("turn the chapel heating down a bit", "en"),  # another building's heating
    ("turn the office heater up a bit", "en"),
    ("把宿舍里的暖气调高点", "zh-CN"),
    ("把公司的空调调低一点", "zh-CN"),
    ("switch the fog lights on, it's so murky", "en"),  # a device the catalogue lacks
    ("把刚才过隧道那段录像保存下来", "zh-CN"),  # a recording, though 热/冷 are near
    ("冷柜再调冷一点", "zh-CN"),  # a freezer's cold, not the cabin's
    ("山顶上风把帽子吹得飞走了", "zh-CN"),  # 把 in a story, 得 telling how
    ("暖风开得太猛了", "zh-CN"),  # a state told with 得: never its opposite way
    ("crank the heat in my other car", "en"),
    ("把家里的暖气开大点", "zh-CN"),
])
def test_an_order_outside_this_cabin_never_acts(text: str, lang: str) -> None:
    assert _answer(text, lang, unknown=0.4, window_open=0.3).intent == "unknown"


@pytest.mark.parametrize(("text", "foreign"), [
    ("turn the chapel heating down", True), ("put the hazard lights on", True),
    ("把宿舍里的暖气关了", True), ("冷柜再调冷一点", True), ("暖风开得太猛了", True),
    ("turn the heating down", False), ("把温度调得高一点", False), ("把 ac 打开", False),
    ("把主驾这边车窗全部降到底", False), ("往上调一度", False), ("pause this one", False),
    ("请关闭车窗，再打开除霜", False), ("车里的温度调高点", False),
])
def test_what_an_order_orders_is_read(text: str, foreign: bool) -> None:
    assert _foreign(text) is foreign


def test_the_head_sure_of_unknown_still_refuses() -> None:
    assert _answer("make it a bit warmer", "en", unknown=0.6).intent == "unknown"


@pytest.mark.parametrize(("text", "intent", "value", "kept"), [
    ("把音乐全关了吧", "media_volume_down", 2, False),  # off said, a step down read: not acted
    ("switch the fan off", "climate_set_fan", 0, True),
    ("把音乐关了", "media_pause", None, True),
    ("knock the blower back to one", "climate_set_fan", 1, True),  # no off said
])
def test_an_order_to_switch_off_is_read_as_one(text: str, intent: str, value: int | None,
                                               kept: bool) -> None:
    from hil.llm.foreign import off_kept

    assert off_kept(normalised(text), intent, value) is kept
