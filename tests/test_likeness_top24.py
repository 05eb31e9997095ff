"""A top said of the thing a state is likened to is no setting asked for (the twenty-fourth
session, :data:`hil.llm.values.NOT_MAX`): "跟吹风机开到最大一样" set the fan to 7 on a line that
wants less air. And someone else's habit said with 就爱/就喜欢 is told elsewhere
(:func:`hil.llm.here_now.told_elsewhere`'s ``habit``). Variants written for the tests, not
development lines; beside each, orders that must keep their top or act."""

from __future__ import annotations

import pytest

from hil.llm.clauses import clauses
from hil.llm.direction import normalised
from hil.llm.head import _orders
from hil.llm.here_now import told_elsewhere
from hil.llm.slots import read_slots
from hil.llm.values import max_said


@pytest.mark.parametrize("text", [
    "空调出风跟工业风扇开到最大似的",
    "声音跟夜店音箱开到最高一样",
    "the blower's like a hair dryer on full blast",
    "it's like standing behind a jet engine at max",
    "the bass is like a club speaker turned all the way up",
])
def test_a_top_of_a_likeness_is_no_top_asked_for(text: str) -> None:
    assert not max_said(normalised(text))


@pytest.mark.parametrize(("text", "topic", "read"), [
    ("风量开到最大", "climate_fan", ("climate_set_fan", 7)),
    ("I'd like the fan on max", "climate_fan", ("climate_set_fan", 7)),
    ("we would like the fan at full", "climate_fan", ("climate_set_fan", 7)),
    ("把风开到最大，跟吹风机一样", "climate_fan", ("climate_set_fan", 7)),
    ("crank the volume all the way up", "media_volume", ("media_volume_set", 30)),
])
def test_a_top_asked_for_is_still_read(text: str, topic: str,
                                        read: tuple[str, int]) -> None:
    member = "climate_fan_up" if topic == "climate_fan" else "media_volume_up"
    assert read_slots(topic, normalised(text), member) == read


@pytest.mark.parametrize(("text", "gate"), [
    ("我舅舅开车就爱把车窗开着", "habit"),
    ("我室友就喜欢开着空调睡觉", "habit"),
    ("我女儿就喜欢这首歌，声音开大点", None),
    ("我就喜欢这首，再放一遍", None),
])
def test_a_habit_said_with_jiu_ai(text: str, gate: str | None) -> None:
    assert told_elsewhere(normalised(text), clauses, _orders) == gate
