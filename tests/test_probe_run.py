"""tools/probe_run.py: the run the generated probes share, on real rules (no fallback)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import load_tool

_RUN = load_tool("probe_run")
decided, probe_main = _RUN.decided, _RUN.probe_main


@dataclass(frozen=True)
class _Line:
    text: str
    lang: str
    want: str | None

    def as_json(self) -> dict[str, Any]:
        return {"text": self.text, "lang": self.lang, "intent": self.want or "ood"}


_LINES = [_Line("turn the volume up", "en", "media_volume_up"),
          _Line("what is the capital of france", "en", None),
          _Line("打开车窗", "zh-CN", "window_open")]


def _outcome(line: _Line, acted: list[str]) -> str:
    if line.want is None:
        return "ood_acted" if acted else "right"
    return "right" if line.want in acted else "missed"


def _run(argv: list[str]) -> int:
    return probe_main(argv, "a test probe", lambda: _LINES,
                      lambda commands: [c.intent for c in commands], _outcome,
                      lambda line, o: [f"{line.lang}|{o}"], lambda line: line.lang,
                      lambda line, o: o != "right", "print each wrong line")


def test_each_line_is_decided_by_the_rules() -> None:
    got = [[c.intent for c in commands] for commands, _ in decided(_LINES, llm=False)]
    assert got == [["media_volume_up"], [], ["window_open"]]


def test_score_counts_each_outcome_in_total_and_by_key(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert _run(["--score"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {"n": 3, "total": {"right": 3}, "by": {"en|right": 2, "zh-CN|right": 1}}


def test_write_keeps_every_line_as_labelled_json(tmp_path: Path) -> None:
    target = tmp_path / "probe.jsonl"
    assert _run(["--write", str(target)]) == 0
    rows = [json.loads(row) for row in target.read_text(encoding="utf-8").splitlines()]
    assert rows == [line.as_json() for line in _LINES]
