"""``tools/rules_misses.py``: the in-domain lines the rules alone miss, one per line; it never
reads a blind hold-out and never prints a held-back line."""

from __future__ import annotations

import json

import pytest

from tests.helpers import load_tool

_LINES = [
    {"text": "turn on the AC", "lang": "en", "intent": "climate_ac_on", "kind": "direct"},
    {"text": "the glovebox rattles like a tambourine", "lang": "en", "intent": "climate_fan_down",
     "value": "any", "kind": "indirect"},
    {"text": "tell me a joke", "lang": "en", "intent": "ood", "kind": "out_of_domain"},
    {"text": "the parcel shelf hums a tune", "lang": "en", "intent": "media_mute",
     "kind": "indirect"},
    {"text": "把车窗打开", "lang": "zh-CN", "intent": "window_open", "kind": "direct"},
    {"text": "the mirror squeaks at every bump", "lang": "en", "intent": "media_volume_up",
     "value": "any", "kind": "indirect"},
]


def _write(folder, tmp_path):
    path = tmp_path / folder / "natural.jsonl"
    path.parent.mkdir()
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in _LINES), "utf-8")
    return path


def test_lists_the_in_domain_misses_only(tmp_path, capsys) -> None:
    path = _write("holdout99", tmp_path)
    assert load_tool("rules_misses").main([str(path), "--lang", "en"]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["index"] for r in rows] == [1, 3, 5]  # the AC line is right, the joke out of domain
    assert rows[0]["set"] == "holdout99" and rows[0]["rules"] == [["unknown", None]]


def test_a_held_back_line_is_never_printed(tmp_path, capsys) -> None:
    path = _write("holdout14", tmp_path)  # odd lines held back
    assert load_tool("rules_misses").main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "tambourine" not in out and "parcel shelf" not in out and "mirror" not in out
    assert out == ""  # the even lines are right, out of domain or right (把车窗打开)


@pytest.mark.parametrize("folder", ["holdout4", "holdout30", "gate1"])
def test_a_blind_hold_out_is_refused_unread(folder, tmp_path, capsys) -> None:
    path = tmp_path / folder / "natural.jsonl"  # never created: refused before any read
    assert load_tool("rules_misses").main([str(path)]) == 2
    assert capsys.readouterr().out == ""
    with pytest.raises(PermissionError):
        next(load_tool("rules_misses").misses(path))
