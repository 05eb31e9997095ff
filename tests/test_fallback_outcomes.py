"""What the fallback did with the lines the rules left, in ``twin nlu --eval``
(``rules_llm.fallback``): every answer classed once, by the classifier the head's
cross-validation uses too (:func:`twin.assistant.scoring.fallback_outcome`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from twin.assistant.queries import load_queries
from twin.assistant.resolver import ResolverResult, Turn
from twin.assistant.scoring import fallback_outcome, score, topic_of


class _Script:
    """A stand-in resolver answering each text with a fixed JSON answer (the scoring
    arithmetic, not a model)."""

    def __init__(self, answers: dict[str, dict[str, object]]) -> None:
        self.answers = answers

    def resolve(
        self, query: str, history: list[Turn], lang: str, deadline_ms: float | None = None
    ) -> ResolverResult:
        return ResolverResult(json.dumps(self.answers[query]), 1.0)


def _row(text: str, intent: str, value: object = None, kind: str = "paraphrase",
         commands: list[list[object]] | None = None) -> dict[str, object]:
    row: dict[str, object] = {"text": text, "lang": "en", "intent": intent, "value": value,
                              "kind": kind}
    if commands:
        row["commands"] = [{"intent": i, "value": v} for i, v in commands]
    return row


def _ask(topic: str) -> dict[str, object]:
    return {"intent": "unknown", "value": None, "feedback": "?", "abstain": "low_confidence",
            "topic": topic}


_CANNOT = {"intent": "unknown", "value": None, "feedback": "no", "abstain": "out_of_domain"}


def test_the_fallbacks_answers_are_classed_and_shared(tmp_path: Path) -> None:
    rows = [
        _row("zzq blorp alpha", "climate_temperature_up", "any"),
        _row("zzq blorp bravo", "climate_temperature_down", "any"),
        _row("zzq blorp charlie", "media_volume_up", "any"),
        _row("zzq blorp delta", "climate_fan_up", "any"),
        _row("zzq blorp echo", "ood", None, "out_of_domain"),
        _row("zzq blorp foxtrot", "ood", None, "out_of_domain"),
        _row("zzq blorp golf", "climate_ac_on", None,
             commands=[["climate_ac_on", None], ["window_open", "any"]]),
        _row("zzq blorp hotel", "climate_set_temperature", 40, "out_of_range"),
    ]
    path = tmp_path / "q.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    answers = {
        "zzq blorp alpha": {"intent": "climate_temperature_up", "value": 1, "feedback": "ok"},
        "zzq blorp bravo": {"intent": "climate_temperature_up", "value": 1, "feedback": "ok"},
        "zzq blorp charlie": _ask("media_volume"),
        "zzq blorp delta": _ask("media_volume"),
        "zzq blorp echo": _ask("climate_temperature"),
        "zzq blorp foxtrot": _CANNOT,
        "zzq blorp golf": {"intent": "climate_ac_on", "value": None, "feedback": "ok",
                           "commands": [{"intent": "climate_ac_on", "value": None,
                                         "feedback": "ok"},
                                        {"intent": "unknown", "value": None,
                                         "feedback": "window?"}]},
        "zzq blorp hotel": {"intent": "unknown", "value": None, "feedback": "16-30",
                            "abstain": "range", "topic": "climate_temperature"},
    }
    fallback = score(load_queries(path), _Script(answers))["rules_llm"]["fallback"]
    assert fallback["calls"] == 8
    mine = fallback["in_domain"]
    assert (mine["n"], mine["acted_right"], mine["acted_wrong"], mine["acted_in_part"],
            mine["asked_right_topic"], mine["asked_wrong_topic"]) == (5, 1, 1, 1, 1, 1)
    assert mine["shares"]["acted_right"] == pytest.approx(0.2)
    assert fallback["in_domain_acted_right_share"] == pytest.approx(0.2)
    ood = fallback["ood"]
    assert (ood["n"], ood["asked_on_ood"], ood["refused_ood"]) == (2, 1, 1)
    assert fallback["out_of_range"]["range"] == 1
    questions = fallback["questions"]
    assert (questions["n"], questions["wrong_topic"], questions["on_ood"]) == (3, 1, 1)
    assert questions["wrong_topic_share"] == pytest.approx(0.5)
    assert questions["on_ood_share"] == pytest.approx(1 / 3, abs=1e-4)


def test_a_line_the_rules_answer_is_no_fallback_call(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text(json.dumps(_row("turn on the AC", "climate_ac_on")) + "\n", encoding="utf-8")
    fallback = score(load_queries(path), _Script({}))["rules_llm"]["fallback"]
    assert fallback["calls"] == 0 and fallback["questions"]["n"] == 0
    assert fallback["in_domain_acted_right_share"] is None


def test_a_question_on_one_of_several_topics_names_the_right_topic(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    row = _row("x", "climate_ac_on", None, commands=[["climate_ac_on", None],
                                                       ["media_volume_up", "any"]])
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    q = load_queries(path)[0]
    assert fallback_outcome(q, False, False, "direction_unclear", "media_volume") == (
        "asked_right_topic")
    assert fallback_outcome(q, False, False, "low_confidence", "window") == "asked_wrong_topic"
    assert fallback_outcome(q, False, False, "not_grounded", None) == "refused_in_domain"


def test_the_scorers_topics_are_the_fallbacks() -> None:
    from hil.llm.grounding import TOPIC_OF

    assert TOPIC_OF and all(topic_of(i) == t for i, t in TOPIC_OF.items())
    assert topic_of("unknown") is None and topic_of("ood") is None
