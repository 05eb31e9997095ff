"""``tools/rules_at_commit.py``: an earlier commit's rules scored by today's scorer; at HEAD it
must agree with the in-process score, several-command lines included."""

from __future__ import annotations

import json

from tests.helpers import load_tool
from twin.assistant.queries import load_queries
from twin.assistant.scoring import score


def test_head_scored_in_a_worktree_agrees_with_the_in_process_score(tmp_path, capsys) -> None:
    lines = [
        {"text": "turn on the AC", "lang": "en", "intent": "climate_ac_on", "kind": "direct"},
        {"text": "open the window and pause the music", "lang": "en", "intent": "window_open",
         "kind": "paraphrase", "commands": [{"intent": "window_open"}, {"intent": "media_pause"}]},
        {"text": "打开车窗然后把空调关了", "lang": "zh-CN", "intent": "window_open",
         "kind": "paraphrase",
         "commands": [{"intent": "window_open"}, {"intent": "climate_ac_off"}]},
        {"text": "tell me a joke", "lang": "en", "intent": "ood", "kind": "out_of_domain"},
    ]
    path = tmp_path / "few.jsonl"
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    assert load_tool("rules_at_commit").main(["HEAD", str(path)]) == 0
    tool = json.loads(capsys.readouterr().out)["rules"]
    here = score(load_queries(path))["rules"]
    for key in ("accuracy", "coverage", "rules_precision", "direction_errors"):
        assert tool[key] == here[key], key
    assert tool["multi_command"]["n"] == here["multi_command"]["n"] == 2
    assert tool["multi_command"]["accuracy"] == here["multi_command"]["accuracy"]
    assert tool["multi_command"]["dropped_silently"] == here["multi_command"]["dropped_silently"]


def _answer(intent: str, value: object = None) -> dict:
    command = {"intent": intent, "value": value, "actuates": intent != "unknown"}
    return {"path": "rule", "intent": intent, "value": value, "feedback": "",
            "command": command, "parts": []}


def test_against_counts_lines_changed_for_the_better_and_the_worse(tmp_path) -> None:
    lines = [
        {"text": "turn on the AC", "lang": "en", "intent": "climate_ac_on", "kind": "direct"},
        {"text": "pause the music", "lang": "en", "intent": "media_pause", "kind": "direct"},
        {"text": "mute it", "lang": "en", "intent": "media_mute", "kind": "direct"},
        {"text": "tell me a joke", "lang": "en", "intent": "ood", "kind": "out_of_domain"},
    ]
    path = tmp_path / "few.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    queries = load_queries(path)
    before = [_answer("unknown"), _answer("media_pause"), _answer("unknown"), _answer("unknown")]
    after = [_answer("climate_ac_on"), _answer("media_play"), _answer("media_volume_down", 1),
             _answer("unknown")]
    counts = load_tool("rules_at_commit").compare(queries, before, after)
    assert counts == {"lines": 4, "changed": 3, "wrong_to_right": 1, "right_to_wrong": 1}


def test_against_the_same_commit_changes_nothing(tmp_path, capsys) -> None:
    lines = [{"text": "turn on the AC", "lang": "en", "intent": "climate_ac_on", "kind": "direct"},
             {"text": "关一下空调", "lang": "zh-CN", "intent": "climate_ac_off", "kind": "direct"}]
    path = tmp_path / "two.jsonl"
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    assert load_tool("rules_at_commit").main(["--against", "HEAD", "HEAD", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {k: out[k] for k in ("lines", "changed", "wrong_to_right", "right_to_wrong")} == {
        "lines": 2, "changed": 0, "wrong_to_right": 0, "right_to_wrong": 0}
