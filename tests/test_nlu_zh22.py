"""Chinese readings added in the twenty-second session: "AC" is the air-con (the cooling's
button, as 冷气 is: ``tools/macslu_to_eval.py`` labels it so too), a cabin thing named in
English before the next command said back to back ("把AC打开fan调到四档"), and a recogniser's
full-width digits, letters and percent ("设成１９度"). Variants of each class, never a
development line itself, and near misses that must not change."""

from __future__ import annotations

import pytest

from tests.helpers import rule_actions
from twin.assistant.heard import rejoined


@pytest.mark.parametrize(("text", "want"), [
    # "AC" (any case, with a slash, full-width) is the air-con, on or off
    ("把AC关了", [("climate_ac_off", None)]),
    ("AC关掉吧", [("climate_ac_off", None)]),
    ("帮我开一下AC", [("climate_ac_on", None)]),
    ("ac打开", [("climate_ac_on", None)]),
    ("把A/C关了", [("climate_ac_off", None)]),
    ("ＡＣ打开", [("climate_ac_on", None)]),
    ("AC开一下，热死了", [("climate_ac_on", None)]),
    # ... beside another command, said back to back or after a pause
    ("关闭AC风量调到二挡", [("climate_ac_off", None), ("climate_set_fan", 2)]),
    ("把AC关掉 主驾座椅加热开二档", [("climate_ac_off", None), ("seat_heat_driver", 2)]),
    # a cabin thing named in English, then the next command with no pause
    ("把AC关了fan调到五档", [("climate_ac_off", None), ("climate_set_fan", 5)]),
    ("把空调打开fan开到二档", [("climate_ac_on", None), ("climate_set_fan", 2)]),
    ("把fan开到三档再把music关了", [("climate_set_fan", 3), ("media_mute", None)]),
    # full-width digits and percent, as a recogniser writes them
    ("空调调到２４度", [("climate_set_temperature", 24)]),
    ("音量调到１２", [("media_volume_set", 12)]),
    ("车窗开到５０％", [("window_set_position", 50)]),
])
def test_twenty_second_session_readings(text: str, want: list) -> None:
    assert rule_actions("zh-CN", text) == want


@pytest.mark.parametrize("text", [
    "打开ACC",  # adaptive cruise control, not the AC
    "AC米兰赢了",  # a football club
    "我爸从来不开AC",  # a story, no request
    "别开AC",  # a refusal
    "AC开着吗",  # a question about its state
])
def test_near_misses_of_the_ac_act_on_nothing(text: str) -> None:
    assert rule_actions("zh-CN", text) == []


def test_full_width_forms_are_written_plainly_but_chinese_punctuation_stays() -> None:
    assert rejoined("设成１９度，ＡＣ打开？") == "设成19度，AC打开？"
