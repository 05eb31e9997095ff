"""``twin nlu``: one JSON object per utterance, exit 2 on bad input."""

from __future__ import annotations

import argparse
import json

import pytest

from cabin_twin.cli import nlu as cmd_nlu
from twin.errors import InputError


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    cmd_nlu.register(parser.add_subparsers())
    args = parser.parse_args(["nlu", *argv])
    return args.func(args)


def test_one_utterance_prints_the_contract_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["把空调调到26度"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"intent", "value", "feedback", "path", "confidence", "ms"}
    assert (out["intent"], out["value"], out["path"]) == ("climate_set_temperature", 26, "rule")


def test_a_sentence_of_several_commands_prints_each(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["close the window and turn the ac on"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(c["intent"], c["value"]) for c in out["commands"]] == [
        ("window_close", None), ("climate_ac_on", None)]
    assert all(c["feedback"] and c["valve_reason"] is None for c in out["commands"])
    assert _run(["把空调调到26度"]) == 0
    assert "commands" not in json.loads(capsys.readouterr().out)


def test_eval_prints_coverage_and_accuracy(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--eval"]) == 0
    report = json.loads(capsys.readouterr().out)
    rules = report["rules"]
    assert 0 < rules["coverage"] <= 1 and rules["n"] >= 300
    assert rules["rules_precision"] >= 0.99 and rules["direction_errors"] == 0
    assert "rules_llm" not in report  # no resolver asked for


def test_missing_real_resolver_is_bad_input(monkeypatch) -> None:
    import cabin_twin.cli.nlu

    monkeypatch.setattr(cabin_twin.cli.nlu, "RESOLVER_FACTORY", "hil.no_such_backend:factory")
    with pytest.raises(InputError, match=r"hil\.no_such_backend:factory"):
        _run(["--llm", "turn on the AC"])


def test_bad_language_and_bad_query_file_are_bad_input(tmp_path) -> None:
    with pytest.raises(InputError, match="lang"):
        _run(["--lang", "fr", "bonjour"])
    bad = tmp_path / "q.jsonl"
    bad.write_text('{"text": "x", "lang": "en", "intent": "fly", "kind": "direct"}\n')
    with pytest.raises(InputError, match=r"q\.jsonl:1: intent"):
        _run(["--eval", str(bad)])
