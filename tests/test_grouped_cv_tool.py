"""``tools/grouped_cv.py`` refuses what it must before any model is loaded: a blind hold-out
(never cross-validated) and a bad ``--weight`` or ``--nearest`` (one line, exit 2)."""

from __future__ import annotations

import pytest

from tests.helpers import load_tool


@pytest.mark.parametrize("folder", ["holdout4", "holdout30", "gate1"])
def test_a_blind_hold_out_is_refused_unread(folder, tmp_path, capsys) -> None:
    path = tmp_path / folder / "natural.jsonl"  # never created: refused before any read
    with pytest.raises(SystemExit) as stop:
        load_tool("grouped_cv").main([str(path)])
    assert stop.value.code == 2
    assert "blind hold-out" in capsys.readouterr().err


@pytest.mark.parametrize("args", [["--weight", "unknown=x"], ["--weight", "=1"],
                                  ["--weight", "unknown"], ["--weight", "unknown=nan"],
                                  ["--weight", "unknown=-0.5"], ["--nearest", "-1"]])
def test_a_bad_option_is_one_line_before_any_load(args, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        load_tool("grouped_cv").main([*args, "--compare", "a.jsonl", "b.jsonl"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert ": error: argument --" in err[-1]  # argparse: the usage, then one line
