"""tools/direction_probe.py: states that want a way, said in both languages, labelled by
construction; its outcome judges a move against the label's way, never the code's answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import load_tool
from twin.assistant.queries import load_queries

probe_mod = load_tool("direction_probe")

LINES = probe_mod.probe()
BY_TEXT = {line.text: line for line in LINES}


def test_every_family_is_probed_both_ways_in_both_languages() -> None:
    wanted = {(topic, way, line.lang) for line in LINES for topic, way in line.wants[:1]}
    for topic in ("climate_temperature", "climate_fan", "media_volume", "window"):
        for lang in ("en", "zh-CN"):
            assert {(topic, 1, lang), (topic, -1, lang)} <= wanted, (topic, lang)
    assert ("climate_defrost", 1, "zh-CN") in wanted
    assert ("seat_heat_driver", -1, "en") in wanted


def test_sentences_are_unique_and_classes_are_crossed() -> None:
    assert len(BY_TEXT) == len(LINES) > 600
    assert {line.cls for line in LINES} >= {"person", "cabin", "device", "negated", "compare",
                                            "past", "other_person", "outside", "ood"}


@pytest.mark.parametrize(("text", "first"), [
    ("I'm so freezing", ("climate_temperature", 1)),
    ("it's warmer than I'd like", ("climate_temperature", -1)),
    ("it isn't cold enough in here", ("climate_temperature", -1)),
    ("车里好热啊", ("climate_temperature", -1)),
    ("I can't hear the radio", ("media_volume", 1)),
    ("吵死了", ("media_volume", -1)),
    ("风太小了", ("climate_fan", 1)),
    ("闷得慌", ("window", 1)),
    ("my wife is cold", ("climate_temperature", 1)),
])
def test_labels_follow_the_state(text: str, first: tuple[str, int]) -> None:
    assert BY_TEXT[text].wants[0] == first


def test_past_and_outside_want_nothing_and_ood_is_ood() -> None:
    assert BY_TEXT["I was freezing earlier, fine now"].wants == ()
    assert BY_TEXT["没那么热了"].wants == ()
    assert BY_TEXT["it's boiling outside"].optional
    assert BY_TEXT["my coffee is too hot"].ood


def test_outcome_judges_the_move_against_the_label() -> None:
    cold = BY_TEXT["I'm freezing"]
    assert probe_mod.outcome(cold, [("climate_temperature_up", 1)]) == "right"
    assert probe_mod.outcome(cold, [("climate_temperature_down", 1)]) == "wrong_way"
    assert probe_mod.outcome(cold, [("climate_set_temperature", 18)]) == "wrong_way"
    assert probe_mod.outcome(cold, [("climate_ac_on", None)]) == "wrong_way"
    assert probe_mod.outcome(cold, [("seat_heat_driver", 2)]) == "right"
    assert probe_mod.outcome(cold, [("media_volume_up", 2)]) == "other"
    assert probe_mod.outcome(cold, []) == "no_action"
    assert probe_mod.outcome(BY_TEXT["没那么热了"], [("climate_temperature_down", 1)]) == (
        "acted_none")
    assert probe_mod.outcome(BY_TEXT["my coffee is too hot"], [("climate_ac_on", None)]) == (
        "ood_acted")
    hot_out = BY_TEXT["it's boiling outside"]
    assert probe_mod.outcome(hot_out, []) == "right"
    assert probe_mod.outcome(hot_out, [("climate_temperature_up", 1)]) == "wrong_way"
    # a window set to 20 % from the catalogue's 50 % closes it, as the scorer reads it
    stuffy = BY_TEXT["it's stuffy in here"]
    assert probe_mod.outcome(stuffy, [("window_set_position", 20)]) == "wrong_way"


def test_written_file_loads_as_labelled_queries(tmp_path: Path) -> None:
    out = tmp_path / "probe.jsonl"
    assert probe_mod.main(["--write", str(out)]) == 0
    queries = load_queries(out)
    assert len(queries) == len(LINES)
    first = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert first["wants"] and first["cls"]
    assert {q.intent for q in queries} >= {"ood", "climate_temperature_down"}
