"""``tools/rule_latency.py``: both rule NLUs timed side by side, their answers compared, bad
input refused with exit 2 (times are reported, never asserted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import load_tool

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def tool():
    return load_tool("rule_latency")


def test_a_file_is_timed_for_both_filters_and_their_answers_agree(tool, tmp_path, capsys) -> None:
    lines = [
        {"text": "turn on the AC", "lang": "en", "intent": "climate_ac_on", "kind": "direct"},
        {"text": "打开车窗并且把空调关了", "lang": "zh-CN", "intent": "window_open",
         "kind": "paraphrase", "commands": [{"intent": "window_open", "value": None},
                                            {"intent": "climate_ac_off", "value": None}]},
        {"text": "tell me a joke", "lang": "en", "intent": "ood", "kind": "out_of_domain"},
    ]
    path = tmp_path / "few.jsonl"
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    assert tool.main([str(path), "--passes", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["file"] == "few.jsonl" and out["lines"] == 3 and out["passes"] == 2
    assert out["answers_differ"] == 0
    for clock in ("cpu_us", "wall_us"):
        for name in ("narrow", "plain"):
            q = out[clock][name]
            assert 0 < q["p50"] <= q["p95"] <= q["p99"]
    assert len(out["load_average"]) == 6 and out["cpu_p99_ratio"] > 0


def test_bad_input_is_one_line_and_exit_2(tool, tmp_path, capsys) -> None:
    assert tool.main([str(tmp_path / "missing.jsonl"), "--passes", "1"]) == 2
    assert "missing.jsonl" in capsys.readouterr().err
    assert tool.main([str(tmp_path / "x.jsonl"), "--passes", "0"]) == 2
    assert "--passes" in capsys.readouterr().err
