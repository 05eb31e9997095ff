"""tools/number_probe.py: the catalogue's number slots, said every way, labelled by construction."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import load_tool
from twin.assistant.intents import INTENTS
from twin.assistant.queries import load_queries

probe_mod = load_tool("number_probe")

LINES = probe_mod.probe()


@pytest.mark.parametrize(("n", "words"), [
    (0, "zero"), (7, "seven"), (15, "fifteen"), (20, "twenty"), (22, "twenty-two"),
    (85, "eighty-five"), (100, "one hundred"), (150, "one hundred and fifty")])
def test_en_words(n: int, words: str) -> None:
    assert probe_mod.en_words(n) == words


@pytest.mark.parametrize(("n", "words"), [
    (3, "三"), (10, "十"), (15, "十五"), (20, "二十"), (22, "二十二"), (100, "一百"),
    (150, "一百五十"), (105, "一百零五")])
def test_zh_words(n: int, words: str) -> None:
    assert probe_mod.zh_words(n) == words


def test_liang_only_when_asked() -> None:
    assert probe_mod.zh_words(2) == "二"
    assert probe_mod.zh_words(2, liang=True) == "两"


def test_every_number_slot_of_the_catalogue_is_probed() -> None:
    numbered = {name for name, s in INTENTS.items() if s.kind == "int"}
    assert numbered == set(probe_mod.CARRIERS)
    probed = {(line.intent, line.lang) for line in LINES}
    assert probed == {(i, lang) for i in numbered for lang in ("en", "zh-CN")}


def test_labels_follow_the_slot_range() -> None:
    for line in LINES:
        schema = INTENTS[line.intent]
        if line.out_of_range:
            assert not schema.accepts(line.value), line
        else:
            assert all(schema.accepts(v) for v in line.accept), line
            assert line.value in line.accept


def test_forms_and_fillers_are_crossed() -> None:
    forms = {(line.lang, line.form) for line in LINES}
    for want in [("en", "digits"), ("en", "words"), ("en", "range_end"), ("en", "half"),
                 ("zh-CN", "words"), ("zh-CN", "liang"), ("zh-CN", "percent")]:
        assert want in forms
    texts = [line.text for line in LINES]
    assert any(t.endswith(" like") for t in texts)
    assert any(t.endswith("吧") for t in texts)
    assert any(t.startswith("heated seat on for me, level three") for t in texts)
    assert any(t.startswith("温度调到二十二度半") for t in texts)


def test_the_probe_is_deterministic_and_sizeable() -> None:
    assert [line.text for line in probe_mod.probe()] == [line.text for line in LINES]
    assert len(LINES) > 900
    assert len({line.text for line in LINES}) == len(LINES)


def test_written_probe_loads_as_labelled_queries(tmp_path: Path) -> None:
    out = tmp_path / "probe.jsonl"
    assert probe_mod.main(["--write", str(out)]) == 0
    queries = load_queries(out)
    assert len(queries) == len(LINES)
    assert sum(q.kind == "out_of_range" for q in queries) == sum(x.out_of_range for x in LINES)


def _line(intent: str, value: int, out: bool = False, way: int = 0):
    return probe_mod.ProbeLine("x", "en", intent, value, (value,), "digits", out, way)


def test_outcome_classes() -> None:
    t22 = _line("climate_set_temperature", 22)
    assert probe_mod.outcome(t22, [("climate_set_temperature", 22)]) == "right"
    assert probe_mod.outcome(t22, [("climate_set_temperature", 20)]) == "misread"
    assert probe_mod.outcome(t22, []) == "no_action"
    assert probe_mod.outcome(t22, [("media_volume_set", 22)]) == "other"
    up3 = _line("climate_temperature_up", 3)
    assert probe_mod.outcome(up3, [("climate_temperature_down", 3)]) == "wrong_way"
    assert probe_mod.outcome(up3, [("climate_temperature_up", 1)]) == "misread"
    up_to = _line("climate_set_temperature", 24, way=1)
    assert probe_mod.outcome(up_to, [("climate_temperature_down", 1)]) == "wrong_way"
    out = _line("climate_set_temperature", 35, out=True)
    assert probe_mod.outcome(out, []) == "range_handled"
    assert probe_mod.outcome(out, [("climate_set_temperature", 30)]) == "misread"
    half = probe_mod.ProbeLine("x", "en", "climate_set_temperature", 22, (22, 23), "half")
    assert probe_mod.outcome(half, [("climate_set_temperature", 23)]) == "right"
