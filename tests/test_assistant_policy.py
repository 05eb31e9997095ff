"""Ack-then-execute, deadline degrade, valve path, sessions, and the modelled resolver."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from latency_models.distributions import Fixed, ShiftedLognormal
from latency_models.stages import StageModel
from twin.assistant.commands import make_command, validate_output
from twin.assistant.modelled import ModelledResolver, OutcomeRates
from twin.assistant.nlu import RuleResult, shared_nlu
from twin.assistant.policy import Assistant, AssistantPolicy, decide
from twin.assistant.queries import QuerySampler, load_queries
from twin.assistant.resolver import IntentResolver, ResolverResult, Turn
from twin.assistant.summary import summarise
from twin.errors import InputError
from twin.scenario import scenario_from_dict

GOOD = json.dumps({"intent": "climate_ac_on", "value": None, "feedback": "AC on"})


def _unsure(ms: float = 2.0) -> RuleResult:
    return RuleResult("unknown", None, 0.0, None, "?", "none", "", "no_match", ms)


def test_confident_rules_answer_at_once() -> None:
    rules = shared_nlu("en").parse("turn on the AC")
    d = decide("turn on the AC", [], "en", rules, None, expected=("climate_ac_on", None))
    assert d.path == "rule" and d.correct is True
    assert d.first_feedback_ms == d.ack_ms == rules.ms


@given(st.floats(0.0, 30.0), st.floats(0.0, 1000.0), st.floats(20.0, 200.0))
def test_with_degrade_on_first_feedback_is_never_after_the_deadline(
    rule_ms: float, resolver_ms: float, deadline: float
) -> None:
    policy = AssistantPolicy(degrade_deadline_ms=deadline)
    d = decide("q", [], "en", _unsure(rule_ms), ResolverResult(GOOD, resolver_ms), policy)
    assert d.first_feedback_ms <= deadline
    assert d.path == ("degraded" if rule_ms + resolver_ms > deadline else "llm")


def test_slow_resolver_degrades_at_the_deadline_with_the_rule_default() -> None:
    # open-ended: media_play at 0.9; the parse's own wall time replaced by a modelled 3 ms (a
    # parse on a loaded machine can take longer than the deadline itself)
    rules = replace(shared_nlu("en").parse("play some jazz"), ms=3.0)
    policy = AssistantPolicy(threshold=0.95)
    d = decide("play some jazz", [], "en", rules, ResolverResult(GOOD, 500.0), policy)
    assert d.path == "degraded" and d.first_feedback_ms == 80.0
    assert d.command.intent == "media_play"  # the rules' own guess, not the late answer


def test_without_degrade_the_late_answer_is_used() -> None:
    policy = AssistantPolicy(degrade=False)
    d = decide("q", [], "en", _unsure(2.0), ResolverResult(GOOD, 500.0), policy)
    assert d.path == "llm" and d.first_feedback_ms == 502.0 and d.intent == "climate_ac_on"


def test_invalid_output_takes_the_valve_path_with_its_reason() -> None:
    raw = json.dumps({"intent": "climate_set_temperature", "value": 40, "feedback": "ok"})
    d = decide("q", [], "en", _unsure(), ResolverResult(raw, 10.0), expected=("unknown", None))
    assert d.path == "valve" and d.valve_reason == "bad_value"
    assert d.intent == "unknown" and not d.command.actuates and d.correct is True


def test_an_abstaining_fallback_keeps_the_range_the_rules_heard() -> None:
    ask = json.dumps({"intent": "unknown", "value": None, "feedback": "Warmer or cooler?"})
    rules = RuleResult("climate_set_temperature", 35, 0.5, None, "I can set 16 to 30 °C.",
                       "cabin", "climate_set_temperature", "out_of_schema", 1.0)
    d = decide("q", [], "en", rules, ResolverResult(ask, 10.0))
    assert d.path == "llm" and not d.command.actuates
    assert d.feedback == "I can set 16 to 30 °C."
    # without a number out of range, the fallback's own question stands
    d = decide("q", [], "en", _unsure(), ResolverResult(ask, 10.0))
    assert d.feedback == "Warmer or cooler?"


def test_late_ack_is_flagged() -> None:
    d = decide("q", [], "en", _unsure(60.0), ResolverResult(GOOD, 1.0))
    assert d.ack_late and d.ack_ms == 60.0


class _Echo:
    """A resolver that records what it was asked (a test double for the protocol)."""

    def __init__(self) -> None:
        self.histories: list[list[Turn]] = []

    def resolve(
        self, query: str, history: list[Turn], lang: str, deadline_ms: float | None = None
    ) -> ResolverResult:
        self.histories.append(list(history))
        return ResolverResult(GOOD, 5.0)


def test_assistant_keeps_the_last_three_turns_per_session() -> None:
    echo = _Echo()
    assert isinstance(echo, IntentResolver)
    assistant = Assistant(echo)
    for text in ("turn on the AC", "louder", "next track", "mute"):
        assistant.handle(text, "en", session="a")
    assert [t.text for t in assistant.history("a")] == ["louder", "next track", "mute"]
    assert assistant.history("b") == []
    follow = assistant.handle("a bit less", "en", session="a")  # after mute: unresolved
    assert follow.path == "llm" and len(echo.histories[-1]) == 3


def _resolver(seed: int, rates: OutcomeRates) -> ModelledResolver:
    latency = StageModel("inference", ShiftedLognormal.from_median_p95(40, 90, 10), 30.0)
    return ModelledResolver.from_queries(
        load_queries(), latency, np.random.default_rng(seed), rates
    )


def test_modelled_resolver_is_deterministic_by_seed() -> None:
    a, b = _resolver(7, OutcomeRates()), _resolver(7, OutcomeRates())
    for text in ("it's stuffy in here", "我有点冷", "tell me a joke") * 5:
        lang = "zh-CN" if text == "我有点冷" else "en"
        ra, rb = a.resolve(text, [], lang), b.resolve(text, [], lang)
        assert (ra.raw, ra.ms) == (rb.raw, rb.ms)


@pytest.mark.parametrize(("accuracy", "malformed"), [(0.8, 0.1), (0.5, 0.3)])
def test_modelled_outcomes_follow_the_rates_as_text(accuracy: float, malformed: float) -> None:
    resolver = _resolver(3, OutcomeRates(accuracy, malformed))
    n, correct, rejected = 2000, 0, 0
    for _ in range(n):
        out = validate_output(resolver.resolve("it's stuffy in here", [], "en").raw)
        correct += out.command == make_command("climate_fan_up", 1)
        rejected += not out.passed
    assert abs(correct / n - accuracy) < 0.04
    # all malformed outputs and a part of the wrong ones are rejected by the valve
    assert malformed - 0.04 < rejected / n < malformed + (1 - accuracy - malformed)


def test_twin_style_run_over_sampled_queries() -> None:
    """Per simulated request: sample a query, model the resolver, decide; paths add up."""
    queries = load_queries()
    sampler = QuerySampler(queries)
    resolver = ModelledResolver.from_queries(queries, Fixed(40.0), np.random.default_rng(1))
    assistant = Assistant(resolver)
    decisions = []
    # the rules leave about 2 % of the weighted shipped set to the fallback: enough requests
    # that some reach it
    for q in sampler.sample(np.random.default_rng(2), 600):
        d = assistant.handle(  # modelled rule time, as the twin does (no wall-clock flakiness)
            q.text, q.lang, session="user", expected=(q.intent, q.value), history=q.history,
            rule_ms=1.0,
        )
        decisions.append(d)
        assert d.first_feedback_ms <= 80.0
    report = summarise(decisions)
    paths = report["paths"]
    assert abs(sum(paths.values()) - 1) < 1e-9
    assert paths["rule"] > paths["llm"] > 0
    n_valve = sum(d.path == "valve" for d in decisions)
    assert report["valve_events"]["count"] == n_valve
    assert report["degraded"]["count"] == sum(d.path == "degraded" for d in decisions) == 0
    assert report["intent_accuracy"]["rule"] > report["intent_accuracy"]["llm"]
    kinds = sampler.kind_mix()
    assert kinds["direct"] > kinds["long_tail"] and abs(sum(kinds.values()) - 1) < 1e-9


def _policy_of(table: dict[str, object]) -> AssistantPolicy:
    raw = {"name": "p", "requests": 10, "stages": {"profile": "ideal"}, "policy": table}
    return scenario_from_dict(raw, "s.toml").config.policy.build()  # type: ignore[no-any-return]


def test_policy_from_a_scenario_table() -> None:
    assert _policy_of({"threshold": 0.9, "degrade": False}) == AssistantPolicy(
        threshold=0.9, degrade=False)
    assert _policy_of({}) == AssistantPolicy()
    for bad, key in (({"treshold": 0.9}, "policy.treshold"),
                     ({"degrade_deadline_ms": -1}, "policy.degrade_deadline_ms"),
                     ({"degrade": "yes"}, "policy.degrade")):  # fmt: skip
        with pytest.raises(InputError, match=key):
            _policy_of(bad)
