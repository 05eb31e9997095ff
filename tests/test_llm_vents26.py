"""The vents told of in Chinese are the air out of them (:data:`hil.llm.signs.VENT_AIR`): "出风口"
in a complaint is the fan, not a vent the cabin lacks, unless one is aimed, opened or closed
(:data:`hil.llm.signs._VENT_AIMED`), and the same words elsewhere, later or asked stay refused.
Variants written here, not the development lines. The head is made to lean to the action."""

from __future__ import annotations

import pytest

from hil.llm.grounding import lacking
from tests.helpers import head_answer as _answer


@pytest.mark.parametrize(("text", "intent"), [
    ("出风口一丝丝风都没有，跟没开一样", "climate_fan_up"),
    ("出风口半点风都感觉不到啊", "climate_fan_up"),
    ("出风口弱得跟蚊子叫似的", "climate_fan_up"),
    ("出风口正对着我脸猛吹，眼睛好干", "climate_fan_down"),
])
def test_the_vents_told_of_are_the_fan(text: str, intent: str) -> None:
    assert not lacking(text)
    d = _answer(text, "zh-CN", **{intent: 0.9})
    assert (d.intent, d.value) == (intent, 1)


@pytest.mark.parametrize(("text", "intent"), [
    ("把出风口往上调一下，风太大了", "climate_fan_down"),  # aimed: a function the cabin lacks
    ("出风口关一下，一点风都不要", "climate_fan_down"),  # closed
    ("打开出风口，一点风都没有", "climate_fan_up"),  # opened
    ("我办公室的出风口一点风都没有", "climate_fan_up"),  # elsewhere
    ("明天出风口要是还没风就去修", "climate_fan_up"),  # later
    ("你说出风口是不是坏了，一点风都没有？", "climate_fan_up"),  # a question
])
def test_a_vent_aimed_elsewhere_later_or_asked_never_acts(text: str, intent: str) -> None:
    assert _answer(text, "zh-CN", **{intent: 0.9}).intent == "unknown"
