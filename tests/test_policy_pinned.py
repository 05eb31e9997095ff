"""The policy's limits pinned as literals (the seed's 100 ms budget: ack by 45 ms, degrade at
80 ms; threshold 0.85), at their exact boundaries. Written to kill the mutants ``make mutate``
found alive in ``twin/assistant/policy.py``; no number here is read from the code under test."""

from __future__ import annotations

import json

import pytest

from twin.assistant.commands import make_command
from twin.assistant.nlu import RuleResult
from twin.assistant.policy import Assistant, AssistantPolicy, decide
from twin.assistant.resolver import ResolverResult, Turn

AC_ON = make_command("climate_ac_on", None)
SET_22 = make_command("climate_set_temperature", 22)
ANSWER = json.dumps({"intent": "climate_set_temperature", "value": 22, "feedback": "22 °C"})


def _rules(confidence: float, ms: float = 2.0, command=AC_ON, reason="template") -> RuleResult:
    return RuleResult("climate_ac_on" if command else "unknown", None, confidence, command,
                      "AC on", "template", "", reason, ms)


def test_the_shipped_policy_numbers() -> None:
    p = AssistantPolicy()
    assert (p.threshold, p.ack_deadline_ms, p.degrade_deadline_ms, p.degrade) == (
        0.85, 45.0, 80.0, True)


def test_the_confidence_threshold_is_inclusive() -> None:
    at = decide("q", [], "en", _rules(0.85), None, expected=("climate_ac_on", None))
    assert at.path == "rule" and at.command == AC_ON and at.feedback == "AC on"
    assert at.first_feedback_ms == 2.0 and at.correct is True
    below = decide("q", [], "en", _rules(0.8499), None)
    assert below.path == "degraded"
    sure_but_invalid = decide("q", [], "en", _rules(0.99, command=None), None)
    assert sure_but_invalid.path == "degraded"


def test_no_resolver_answer_degrades_at_the_deadline_with_the_rule_default() -> None:
    d = decide("q", [], "en", _rules(0.5), None, expected=("climate_ac_on", None))
    assert (d.path, d.command, d.first_feedback_ms, d.correct) == ("degraded", AC_ON, 80.0, True)
    assert d.feedback  # the rule default's own feedback, never empty
    assert d.resolver_ms is None
    slow_rules = decide("q", [], "en", _rules(0.5, ms=95.0), None)
    assert slow_rules.first_feedback_ms == 95.0  # never before the rules themselves finished
    nothing = decide("q", [], "zh-CN", _rules(0.1, command=None), None)
    assert nothing.command.intent == "unknown" and not nothing.command.actuates
    assert nothing.feedback


def test_the_degrade_deadline_boundary() -> None:
    rules = _rules(0.5, ms=2.0)
    on_time = decide("q", [], "en", rules, ResolverResult(ANSWER, 78.0))
    assert (on_time.path, on_time.first_feedback_ms, on_time.command) == ("llm", 80.0, SET_22)
    assert on_time.resolver_ms == 78.0 and on_time.feedback == "22 °C"
    late = decide("q", [], "en", rules, ResolverResult(ANSWER, 78.001))
    assert (late.path, late.first_feedback_ms, late.command) == ("degraded", 80.0, AC_ON)
    assert late.resolver_ms == 78.001
    kept = decide("q", [], "en", rules, ResolverResult(ANSWER, 500.0),
                  AssistantPolicy(degrade=False))
    assert (kept.path, kept.first_feedback_ms) == ("llm", 502.0)


def test_the_valve_path_answers_when_the_bad_output_arrives() -> None:
    bad = ResolverResult(json.dumps({"intent": "climate_set_temperature", "value": 31,
                                     "feedback": "31"}), 10.0)
    d = decide("q", [], "en", _rules(0.5), bad, expected=("climate_ac_on", None))
    assert (d.path, d.valve_reason, d.command, d.first_feedback_ms) == (
        "valve", "bad_value", AC_ON, 12.0)
    assert d.feedback and d.correct is True


def test_the_ack_deadline_boundary() -> None:
    assert not decide("q", [], "en", _rules(0.9, ms=45.0), None).ack_late
    assert decide("q", [], "en", _rules(0.9, ms=45.001), None).ack_late


@pytest.mark.parametrize("kwargs", [
    {"threshold": 0.0}, {"threshold": 1.0}, {"ack_deadline_ms": 0.001},
    {"degrade_deadline_ms": 0.5}])
def test_policy_limits_accepted(kwargs) -> None:
    AssistantPolicy(**kwargs)


@pytest.mark.parametrize("kwargs", [
    {"threshold": -0.001}, {"threshold": 1.001}, {"ack_deadline_ms": 0.0},
    {"degrade_deadline_ms": 0.0}, {"ack_deadline_ms": -1.0, "degrade_deadline_ms": 80.0},
    {"ack_deadline_ms": 45.0, "degrade_deadline_ms": -1.0}])
def test_policy_limits_refused(kwargs) -> None:
    with pytest.raises(ValueError, match=r"threshold must be in|deadlines must be positive"):
        AssistantPolicy(**kwargs)


class _Recorder:
    """A resolver that records what the policy asks it (the real one is llama.cpp; this test
    is about the arguments the policy passes, not the model's answer)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[Turn], str, float | None]] = []

    def resolve(self, query, history, lang, deadline_ms=None) -> ResolverResult:
        self.calls.append((query, list(history), lang, deadline_ms))
        return ResolverResult(ANSWER, 5.0)


def test_the_assistant_gives_the_resolver_what_is_left_of_the_deadline() -> None:
    rec = _Recorder()
    assistant = Assistant(rec)
    d = assistant.handle("make it cosy", "zh", session="s", rule_ms=30.0)
    assert d.path == "llm" and d.command == SET_22
    assert rec.calls == [("make it cosy", [], "zh-CN", 50.0)]  # 80 - 30 ms
    # a follow-up the rules miss ("again please" is a rule follow-up since "please" is courtesy)
    assistant.handle("cosier please", "en", session="s", rule_ms=95.0)
    assert rec.calls[-1][3] == 0.0  # never a negative budget
    assert rec.calls[-1][1] == [Turn("make it cosy", "climate_set_temperature", 22)]
    given = [Turn("turn on the ac", "climate_ac_on", None)]
    assistant.handle("blorp the fnord", "en", session="t", rule_ms=1.0, history=given)
    assert rec.calls[-1][1] == given
    confident = assistant.handle("turn on the AC", "en", session="u", rule_ms=1.0)
    assert confident.path == "rule" and len(rec.calls) == 3  # not consulted
    assert assistant.history("u") == [Turn("turn on the AC", "climate_ac_on", None)]


def test_degraded_answers_keep_the_rule_default_feedback_in_the_users_language() -> None:
    late = decide("q", [], "zh-CN", _rules(0.5, ms=2.0), ResolverResult(ANSWER, 500.0),
                  expected=("climate_ac_on", None))
    assert late.path == "degraded" and late.feedback == "空调已打开。" and late.correct is True
    lost = decide("q", [], "zh-CN", _rules(0.1, command=None), None)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in lost.feedback)  # asks back in Chinese
    lost_en = decide("q", [], "en", _rules(0.1, command=None), None)
    assert lost_en.feedback.isascii() and lost_en.feedback != lost.feedback
    too_hot = RuleResult("climate_set_temperature", 35, 0.95, None,
                         "The cabin can be set from 16 to 30 °C.", "template", "",
                         "out_of_schema", 2.0)
    refused = decide("q", [], "en", too_hot, None)
    assert refused.command.intent == "unknown"
    assert refused.feedback == "The cabin can be set from 16 to 30 °C."  # the range, no action


def test_the_assistant_asks_the_resolver_only_below_the_threshold() -> None:
    rec = _Recorder()
    # "do you know the usual thing" matches an open template at confidence 0.9
    at = Assistant(rec, AssistantPolicy(threshold=0.9)).handle("do you know the usual thing",
                                                                 "en")
    assert rec.calls == [] and at.path != "llm"
    Assistant(rec, AssistantPolicy(threshold=0.91)).handle("do you know the usual thing", "en")
    assert len(rec.calls) == 1
    alone = Assistant(None).handle("blorp the fnord", "en", rule_ms=3.0)
    assert (alone.path, alone.first_feedback_ms) == ("degraded", 80.0)
    from twin.assistant.nlu import shared_nlu

    assert Assistant().nlu("en") is shared_nlu("en", True)
    asked_back = Assistant(None).handle("blorp the fnord", "zh", rule_ms=3.0)
    assert any("\u4e00" <= ch <= "\u9fff" for ch in asked_back.feedback)


def test_follow_ups_are_understood_from_the_session_history() -> None:
    assistant = Assistant(None)
    assistant.handle("turn up the volume", "en", session="car")
    follow = assistant.handle("a bit more", "en", session="car")
    assert (follow.path, follow.intent) == ("rule", "media_volume_up")
    fresh = Assistant(None).handle("a bit more", "en", session="car")
    assert fresh.path == "degraded"  # no history: the rules cannot tell what "more" means


def test_a_bad_policy_table_names_its_file_and_key() -> None:
    from twin.errors import InputError
    from twin.scenario import scenario_from_dict

    raw = {"name": "p", "requests": 10, "stages": {"profile": "ideal"},
           "policy": {"threshold": 2.0}}
    with pytest.raises(InputError, match=r"^x\.toml: policy\.threshold: expected"):
        scenario_from_dict(raw, "x.toml")


class _FailedAnswer(ResolverResult):
    """What a DUT adapter returns when the assistant crashed or answered 5xx: no answer."""

    failed = True


class _Crashing(_Recorder):
    def resolve(self, query, history, lang, deadline_ms=None) -> ResolverResult:
        super().resolve(query, history, lang, deadline_ms)
        return _FailedAnswer(ANSWER, 5.0)


def test_a_failed_dut_answer_degrades_at_the_deadline() -> None:
    d = Assistant(_Crashing()).handle("blorp the fnord", "en", rule_ms=3.0)
    assert (d.path, d.first_feedback_ms, d.command.intent) == ("degraded", 80.0, "unknown")
    ok = Assistant(_Recorder()).handle("blorp the fnord", "en", rule_ms=3.0)
    assert (ok.path, ok.command) == ("llm", SET_22)
