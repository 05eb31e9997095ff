"""Labelled-query labels (``any``, ``ood``, out of range) and the side-by-side scoring."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import write_jsonl
from twin.assistant.queries import load_queries
from twin.assistant.resolver import ResolverResult, Turn
from twin.assistant.scoring import OPPOSITE, score
from twin.errors import InputError
from twin.paths import QUERIES_DIR


def _row(text: str, intent: str, value: object = None, kind: str = "direct") -> dict:
    return {"text": text, "lang": "en", "intent": intent, "value": value, "kind": kind}


def test_labels_any_ood_and_out_of_range(tmp_path: Path) -> None:
    any_up, ood, far = load_queries(
        write_jsonl(
            tmp_path,
            [
                _row("warmer", "climate_temperature_up", "any"),
                _row("book me a taxi", "ood", None, "out_of_domain"),
                _row("set the temperature to 35", "climate_set_temperature", 35, "out_of_range"),
            ],
        )
    )
    assert any_up.matches("climate_temperature_up", 3)
    assert not any_up.matches("climate_temperature_up", 9)  # outside the schema (1-5)
    assert not any_up.matches("climate_temperature_down", 1)
    assert ood.matches("unknown", None) and not ood.matches("seat_heat_driver", 2)
    assert far.matches("unknown", None) and not far.matches("climate_set_temperature", 30)


@pytest.mark.parametrize(
    ("row", "key"),
    [
        (_row("x", "ood", 3, "out_of_domain"), "value"),
        (_row("x", "climate_set_temperature", 22, "out_of_range"), "value"),
        (_row("x", "climate_set_temperature", "lots"), "value"),
        (_row("x", "fly"), "intent"),
    ],
)
def test_bad_labels_name_the_key(tmp_path: Path, row: dict, key: str) -> None:
    with pytest.raises(InputError, match=rf"q\.jsonl:1: {key}"):
        load_queries(write_jsonl(tmp_path, [row]))


class _Says:
    """A stand-in resolver that answers a fixed intent (the scoring arithmetic, not a model)."""

    def __init__(self, intent: str, value: object = None) -> None:
        self.answer = json.dumps({"intent": intent, "value": value, "feedback": "ok"})
        self.calls = 0

    def resolve(
        self, query: str, history: list[Turn], lang: str, deadline_ms: float | None = None
    ) -> ResolverResult:
        self.calls += 1
        return ResolverResult(self.answer, 1.0)


def test_score_counts_ood_actuation_direction_errors_and_worse_lines(tmp_path: Path) -> None:
    queries = load_queries(
        write_jsonl(
            tmp_path,
            [
                _row("turn on the AC", "climate_ac_on"),  # the rules answer; never asked
                _row("zzz qqq warmth please", "climate_temperature_up", "any"),
                _row("flurb the gizmo quietly", "ood", None, "out_of_domain"),
            ],
        )
    )
    resolver = _Says("climate_temperature_down", 1)
    report = score(queries, resolver)
    assert resolver.calls == 2
    assert report["rules"]["coverage"] == pytest.approx(1 / 3, abs=1e-4)
    assert report["rules"]["rules_precision"] == 1.0
    llm = report["rules_llm"]
    assert llm["direction_errors"] == 1 and llm["ood_false_actuation"] == 1.0
    assert report["llm_made_worse"] == 1  # the OOD line: unknown alone, an actuation with the LLM
    assert llm["confusion"]["climate_temperature_up"] == {"climate_temperature_down": 1}


def test_opposites_are_symmetric() -> None:
    assert all(OPPOSITE[OPPOSITE[k]] == k for k in OPPOSITE)


def test_holdout_files_load() -> None:
    natural = load_queries(QUERIES_DIR / "holdout" / "natural.jsonl")
    contrastive = load_queries(QUERIES_DIR / "holdout" / "contrastive.jsonl")
    assert len(natural) >= 300 and {q.lang for q in natural} == {"en", "zh-CN"}
    assert sum(q.intent == "ood" for q in natural) >= 50
    assert all(q.intent in OPPOSITE for q in contrastive)
