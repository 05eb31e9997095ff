"""``tools/rule_ab.py``: one commit's rule NLU against another's, in two child processes fed the
same queries alternately (times are reported, never asserted)."""

from __future__ import annotations

import json

from tests.helpers import load_tool


def test_two_commits_are_timed_query_by_query(tmp_path, capsys) -> None:
    lines = [
        {"text": "turn on the AC", "lang": "en", "intent": "climate_ac_on", "kind": "direct"},
        {"text": "这风也太大了吧", "lang": "zh-CN", "intent": "climate_fan_down", "value": 1,
         "kind": "paraphrase"},
        {"text": "tell me a joke", "lang": "en", "intent": "ood", "kind": "out_of_domain"},
    ]
    path = tmp_path / "few.jsonl"
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    tool = load_tool("rule_ab")
    assert tool.main(["HEAD", "HEAD", "--rounds", "1", "--passes", "2", "--file", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["queries"], out["rounds"], out["passes"]) == (3, 1, 2)
    for side in ("before", "after"):
        for clock in ("cpu", "wall"):
            p50, p95, p99 = out[side][clock]
            assert 0 < p50 <= p95 <= p99
        assert len(out["per_round_cpu_p99"][side]) == 1
    assert all(r > 0 for r in out["cpu_ratio_p50_p95_p99"]) and out["per_query_ratio_median"] > 0


def test_a_file_the_children_cannot_read_exits_2(tmp_path, capsys) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"text": "turn on the AC"}\n', "utf-8")
    tool = load_tool("rule_ab")
    assert tool.main(["HEAD", "HEAD", "--rounds", "1", "--passes", "1", "--file", str(path)]) == 2
    assert "could not read" in capsys.readouterr().err


def test_the_same_code_does_the_same_work_whatever_the_load(tmp_path, capsys) -> None:
    """The untimed call count: the same commit on both sides counts the same calls per query."""
    lines = [
        {"text": "turn on the AC", "lang": "en", "intent": "climate_ac_on", "kind": "direct"},
        {"text": "hey car, can you like, crank the AC", "lang": "en", "intent": "climate_ac_on",
         "kind": "paraphrase"},
    ]
    path = tmp_path / "two.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    tool = load_tool("rule_ab")
    assert tool.main(["HEAD", "HEAD", "--rounds", "1", "--passes", "1", "--file", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["calls"]["before"] == out["calls"]["after"]
    p50, p95, p99, total = out["calls"]["after"]
    assert 100 < p50 <= p95 <= p99 < total  # a parse is hundreds of calls; two parses more
    assert (out["calls_ratio_total"], out["calls_changed_queries"]) == (1.0, 0)
