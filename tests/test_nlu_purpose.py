"""Who a command is for, said after it ("… for the kids", "…给孩子透透气"), is read away on a
miss; a step said in levels ("by two notches"), "bump the volume to N", "风量开N档" and
"切回上一首" are their commands. Variants written here, not hold-out lines."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions

CASES = [
    ("en", "open the window a little for the kids", "window_set_position"),
    ("en", "close the window for the baby", "window_close"),
    ("zh-CN", "车窗开个缝给宝宝透透气", "window_set_position"),
    ("zh-CN", "把空调打开让孩子凉快凉快", "climate_ac_on"),
    ("en", "push the volume to 12", "media_volume_set"),
    ("en", "lower the fan by two levels", "climate_fan_down"),
    ("en", "increase the fan by one notch", "climate_fan_up"),
    ("zh-CN", "把风量开二档", "climate_set_fan"),
    ("zh-CN", "切回上一首歌", "media_previous"),
]


@pytest.mark.parametrize(("lang", "text", "intent"), CASES)
def test_the_command_is_read(lang: str, text: str, intent: str) -> None:
    acts = rule_actions(lang, text)
    assert [a[0] for a in acts] == [intent], acts


def test_the_numbers_are_the_ones_said() -> None:
    assert rule_actions("en", "push the volume to 12") == [("media_volume_set", 12)]
    assert rule_actions("en", "lower the fan by two levels") == [("climate_fan_down", 2)]
    assert rule_actions("zh-CN", "把风量开二档") == [("climate_set_fan", 2)]


NOT_FOR_THE_CABIN = [
    # the purpose is read away only after a cabin command: nothing else becomes one
    ("en", "buy some treats for the dog"),
    ("en", "find a park for the kids"),
    ("zh-CN", "找个地方给狗透透气"),
    ("en", "the window is open for the dog"),
]


@pytest.mark.parametrize(("lang", "text"), NOT_FOR_THE_CABIN)
def test_a_purpose_alone_moves_nothing(lang: str, text: str) -> None:
    assert rule_actions(lang, text) == []
