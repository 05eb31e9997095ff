"""The head's cross-validation tool: folds fixed by text, and what a fold's tally counts."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from hil.llm.crossval import fold_of, half_of, held_back, score_fold
from twin.assistant.queries import LabelledQuery


def test_a_line_keeps_its_fold_whatever_the_order() -> None:
    texts = [f"line {i}" for i in range(200)]
    folds = [fold_of(t, 2) for t in texts]
    assert folds == [fold_of(t, 2) for t in reversed(texts)][::-1]
    assert 60 < sum(folds) < 140  # both folds get lines
    assert {fold_of(t, 3) for t in texts} == {0, 1, 2}
    # pinned: the folds behind the figures in BENCHMARKS.md must not move with a new hash
    assert [fold_of(t, 2) for t in ("turn up the heat", "把家里的空调打开", "is the ac on",
                                    "play some jazz")] == [0, 1, 0, 1]


def _q(text: str, intent: str, value: object = None) -> LabelledQuery:
    return LabelledQuery(text, "en", intent, value, "paraphrase")  # type: ignore[arg-type]


def test_a_fold_counts_what_the_refitted_head_made_right_and_what_actuated() -> None:
    warm, other = np.array([1.0, 0.0]), np.array([0.0, 1.0])
    examples = [(f"cold {i}", "climate_temperature_up") for i in range(20)]
    examples += [(f"other {i}", "unknown") for i in range(20)]
    features = {t: (warm if i == "climate_temperature_up" else other) + 0.01 * n
                for n, (t, i) in enumerate(examples)}
    queries = [
        _q("my fingers went numb back here", "climate_temperature_up", "any"),  # rules: no
        _q("book me a table for two", "ood"),  # the rules know it is out of domain
        _q("i am freezing at home", "ood"),  # the head's top answer, vetoed by scope
        _q("turn on the ac", "climate_ac_on"),  # the rules answer it
    ]
    features.update({queries[0].text: warm, queries[1].text: other, queries[2].text: warm,
                     queries[3].text: other})
    tally = score_fold(features, queries, examples, 0.6)
    assert tally["lines"] == 4 and tally["ood_lines"] == 2
    assert tally["fallback_calls"] == 2 and tally["fallback_acted"] == 1
    assert tally["made_right"] == 1 and tally["made_wrong"] == 0
    assert tally["ood_actuated"] == 0
    assert tally["right"] == tally["right_rules_alone"] + 1 == 4


def test_outcomes_judge_acting_asking_and_refusing_against_the_label() -> None:
    from hil.llm.crossval import outcome
    from hil.llm.head import HeadDecision

    warm = _q("i am cold", "climate_temperature_up", "any")
    ood = _q("tell me a joke", "ood")
    act = HeadDecision("climate_temperature_up", 1, "", "", "climate_temperature")
    assert outcome(warm, act) == "acted_right"
    assert outcome(ood, act) == "acted_wrong"
    ask_temp = HeadDecision("unknown", None, "?", "low_confidence", "climate_temperature")
    ask_fan = HeadDecision("unknown", None, "?", "direction_unclear", "climate_fan")
    cannot = HeadDecision("unknown", None, ".", "not_grounded", None)
    assert outcome(warm, ask_temp) == "asked_right_topic"
    assert outcome(warm, ask_fan) == "asked_wrong_topic"
    assert outcome(ood, ask_temp) == "asked_on_ood"
    assert outcome(ood, cannot) == "refused_ood"
    assert outcome(warm, cannot) == "refused_in_domain"


def test_calibration_picks_the_lowest_threshold_that_keeps_precision() -> None:
    from hil.llm.crossval import calibrate

    classes = ["climate_temperature_up", "media_play", "unknown"]
    decisions = []
    # the head is right on "play ..." lines at any confidence: the lowest candidate
    for k in range(12):
        decisions.append((_q(f"some music please {chr(97 + k)}", "media_play"), classes,
                          np.array([0.1, 0.3 + 0.05 * (k % 4), 0.05])))
    # on "cold ..." lines it is wrong below 0.7 (the label is out of domain there)
    for k in range(12):
        p = 0.5 + 0.05 * k
        label = "climate_temperature_up" if p >= 0.7 else "ood"
        decisions.append((_q(f"i am cold {chr(97 + k)}", label, "any" if label != "ood" else None),
                          classes, np.array([p, 0.0, 1.0 - p])))
    chosen, report = calibrate(decisions, target=0.95, min_acted=3)
    assert chosen["media_playback"] == 0.2
    assert chosen["climate_temperature"] == 0.7
    assert report["climate_temperature"]["precision"] == 1.0


def test_a_held_back_half_is_its_odd_lines_and_a_dev_file_has_none(tmp_path: Path) -> None:
    lines = [{"text": f"turn the fan up {k}", "lang": "en", "intent": "climate_fan_up", "value": 1,
              "kind": "paraphrase"} for k in range(5)]
    held = tmp_path / "holdout14" / "natural.jsonl"
    held.parent.mkdir()
    held.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    odd = {"turn the fan up 1", "turn the fan up 3"}
    assert held_back(held) == odd
    assert half_of(held, 1) == odd
    assert half_of(held, 0) == {"turn the fan up 0", "turn the fan up 2", "turn the fan up 4"}
    other = tmp_path / "holdout10" / "natural.jsonl"
    other.parent.mkdir()
    other.write_text(held.read_text("utf-8"), "utf-8")
    assert held_back(other) == set()
