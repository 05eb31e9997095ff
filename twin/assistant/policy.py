"""Ack-then-execute, confidence routing to the fallback, deadline degrade, and the valve.

:func:`decide` is pure: the twin calls it per simulated request with modelled times, the
real-time runtime with measured ones. All times are ms from the start of the assistant's work
(the start of the ``inference`` stage):

* ``ack_ms``: the acknowledgement (chime/icon/short text) when the rules have classified the
  request; it is due by ``ack_deadline_ms``;
* ``first_feedback_ms``: the meaningful answer (and the command's execution): at the rule
  decision on the ``rule`` path, when the resolver answers on ``llm``/``valve``, and at the
  degrade deadline on ``degraded``.

The rule default (used on ``valve`` and ``degraded``) is the rules' own guess for the query if
it is a schema-valid command, else ``unknown`` (nothing actuates; the cabin asks again).
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from twin.assistant.commands import UNKNOWN, Command, ValveOutcome, validate_output
from twin.assistant.feedback import clarify, feedback_for, joined, range_feedback
from twin.assistant.leftover import cannot_alone, unsaid
from twin.assistant.nlu import RuleNLU, RuleResult, normalise_lang, shared_nlu
from twin.assistant.resolver import (
    MAX_HISTORY_TURNS,
    IntentResolver,
    ResolverResult,
    Turn,
)

Path = Literal["rule", "llm", "degraded", "valve"]
PATHS: tuple[str, ...] = ("rule", "llm", "degraded", "valve")


@dataclass(frozen=True)
class AssistantPolicy:
    """The assistant's knobs (scenario keys of the same names)."""

    threshold: float = 0.85
    ack_deadline_ms: float = 45.0
    degrade_deadline_ms: float = 80.0
    degrade: bool = True

    def __post_init__(self) -> None:
        if not 0.0 <= self.threshold <= 1.0:
            raise ValueError("threshold must be in [0, 1]")
        if self.ack_deadline_ms <= 0 or self.degrade_deadline_ms <= 0:
            raise ValueError("deadlines must be positive (ms)")


@dataclass(frozen=True)
class Decision:
    """What the assistant did with one request, and when (ms from the start of its work)."""

    path: Path
    command: Command
    feedback: str
    confidence: float
    ack_ms: float
    first_feedback_ms: float
    correct: bool | None
    valve_reason: str | None = None
    rule_ms: float = 0.0
    resolver_ms: float | None = None
    ack_late: bool = False
    parts: tuple[Decision, ...] = ()
    """Each command of a sentence that asks for several, in order, with its own feedback and
    valve outcome (empty for one command: then :attr:`command` is all)."""

    @property
    def commands(self) -> tuple[Command, ...]:
        """Every command of the request (one, unless the sentence asked for several)."""
        return tuple(p.command for p in self.parts) if self.parts else (self.command,)

    @property
    def intent(self) -> str:
        return self.command.intent

    @property
    def value(self) -> int | str | None:
        return self.command.value

    def to_dict(self) -> dict[str, object]:
        return {
            "intent": self.intent,
            "value": self.value,
            "feedback": self.feedback,
            "path": self.path,
            "confidence": round(self.confidence, 3),
            "ack_ms": round(self.ack_ms, 3),
            "first_feedback_ms": round(self.first_feedback_ms, 3),
            "correct": self.correct,
            "valve_reason": self.valve_reason,
            **({"commands": [{**p.command.to_dict(), "feedback": p.feedback,
                              "valve_reason": p.valve_reason} for p in self.parts]}
               if self.parts else {}),
        }


def rule_default(rule_result: RuleResult, lang: str) -> tuple[Command, str]:
    """The rules' guess if it is a valid command, else ``unknown`` with a clarifying question
    (or, for an out-of-range value, the range the cabin can set; for a miss that names
    nothing the cabin does, that it cannot do that in the car)."""
    if rule_result.command is not None:
        return rule_result.command, feedback_for(rule_result.command, lang)
    if rule_result.reason in ("out_of_schema", "no_match_out_of_domain"):
        return UNKNOWN, rule_result.feedback  # the range, or "not something I can do"
    return UNKNOWN, clarify(lang)


def decide(
    query: str,
    history: Sequence[Turn],
    lang: str,
    rule_result: RuleResult,
    resolver_result: ResolverResult | None,
    policy: AssistantPolicy = AssistantPolicy(),
    expected: tuple[str, int | str | None] | None = None,
) -> Decision:
    """The path, the command and its timing for one request (pure; no clock, no I/O).

    ``resolver_result`` is None when the rules were confident (it is not consulted) or when
    no resolver answered at all (then the request degrades). ``expected`` is the labelled
    ``(intent, value)`` when known, for ``correct``. An answer that acts on some commands of
    the sentence asks about each other function the sentence still asks for
    (:func:`twin.assistant.leftover.unsaid`): no part is dropped without a word.
    """
    del history  # the rules and the resolver have already used it
    decision = _decided(lang, rule_result, resolver_result, policy, expected)
    return _nothing_dropped(query, lang, decision)


def _nothing_dropped(query: str, lang: str, decision: Decision) -> Decision:
    """``decision`` with a question added (a part that acts on nothing) for each function its
    sentence asks for and it says nothing of."""
    nlu = shared_nlu(lang)

    def read(clause: str) -> tuple[Command | None, float, bool]:
        alone = nlu.parse(clause)
        return alone.command, alone.confidence, cannot_alone(alone, clause, lang)

    asked = unsaid(query, lang, decision.commands, decision.feedback, read)
    if not asked:
        return decision
    parts = decision.parts or (replace(decision, parts=()),)
    extra = tuple(replace(parts[0], command=UNKNOWN, feedback=q, valve_reason=None, parts=(),
                          correct=None) for q in asked)
    return replace(decision, parts=(*parts, *extra),
                   feedback=joined([decision.feedback, *asked], lang))


def _decided(lang: str, rule_result: RuleResult, resolver_result: ResolverResult | None,
             policy: AssistantPolicy, expected: tuple[str, int | str | None] | None) -> Decision:
    """:func:`decide` before its check that no part is dropped without a word."""
    rule_ms = rule_result.ms
    ack_ms = rule_ms
    base = {
        "confidence": rule_result.confidence,
        "ack_ms": ack_ms,
        "rule_ms": rule_ms,
        "ack_late": ack_ms > policy.ack_deadline_ms,
    }
    if rule_result.confidence >= policy.threshold and rule_result.command is not None:
        command, feedback = rule_result.command, rule_result.feedback
        if rule_result.split:  # several commands: each on its own, none cancels another
            base["parts"] = tuple(
                _decision("rule", p.command, p.feedback, rule_ms, None,
                          valve_reason="out_of_range" if p.reason == "out_of_range" else None,
                          **{**base, "confidence": p.confidence})
                for p in rule_result.parts if p.command is not None)
        return _decision("rule", command, feedback, rule_ms, expected, **base)
    default, default_feedback = rule_default(rule_result, lang)
    degrade_at = max(rule_ms, policy.degrade_deadline_ms)
    if resolver_result is None:
        return _decision("degraded", default, default_feedback, degrade_at, expected, **base)
    answer_ms = rule_ms + resolver_result.ms
    base["resolver_ms"] = resolver_result.ms
    if policy.degrade and answer_ms > degrade_at:
        return _decision("degraded", default, default_feedback, degrade_at, expected, **base)
    outcome = said_refused(resolver_result.raw, validate_output(resolver_result.raw), lang)
    listed = _listed(resolver_result.raw, lang)
    acting = [c for c in listed if c.command is not None]
    if outcome.command is None and acting:
        # several commands whose first the valve refuses: the others still act, each alone
        outcome = replace(acting[0], feedback=joined(
            [c.feedback or clarify(lang) for c in listed], lang))
    if outcome.command is None:
        ranges = [c.feedback for c in listed or (outcome,) if _range_said(c)]
        if ranges and len(ranges) == len(listed or (outcome,)):
            default_feedback = joined(ranges, lang)  # every number out of range: each said
        return _decision(
            "valve",
            default,
            default_feedback,
            answer_ms,
            expected,
            valve_reason=outcome.reason,
            **base,
        )
    feedback = outcome.feedback
    if not outcome.command.actuates and rule_result.reason == "out_of_schema":
        # the rules heard a number the cabin cannot set: the range says more than a question
        feedback = default_feedback
    if any(_range_said(c) for c in listed):  # a part refused for its number is said aloud too
        feedback = joined([c.feedback or clarify(lang) for c in listed], lang)
    if listed:  # the fallback answered several commands: each on its own, as the rules' split
        base["parts"] = tuple(_decision("llm", c.command or UNKNOWN, c.feedback or clarify(lang),
                                        answer_ms, None, valve_reason=c.reason, **base)
                              for c in listed)
    return _decision("llm", outcome.command, feedback, answer_ms, expected, **base)


def _listed(raw: str, lang: str) -> list[ValveOutcome]:
    """Each command of a resolver answer that lists several (``commands``: 2 to 8 objects
    like the answer itself), validated one by one (:func:`said_refused`); [] for one."""
    try:
        data = json.loads(raw)
    except (TypeError, ValueError, RecursionError):
        return []
    listed = data.get("commands") if isinstance(data, dict) else None
    if not isinstance(listed, list) or not 2 <= len(listed) <= 8:
        return []
    return [said_refused(c, validate_output(json.dumps(c, ensure_ascii=False)), lang)
            for c in listed]


def said_refused(answer: object, outcome: ValveOutcome, lang: str) -> ValveOutcome:
    """A resolver command the valve refused (``bad_value``) for a number outside its intent's
    range ("set the temperature to 40"), with that range as its feedback (as the rules say it),
    so it is refused aloud beside the commands that act (:func:`_range_said`); any other
    outcome as it is. ``answer``: the command as JSON text or its object."""
    if outcome.reason != "bad_value":
        return outcome
    if isinstance(answer, str):
        try:
            answer = json.loads(answer)
        except (ValueError, RecursionError):
            return outcome
    value = answer.get("value") if isinstance(answer, dict) else None
    intent = answer.get("intent") if isinstance(answer, dict) else None
    if not isinstance(intent, str) or isinstance(value, bool) or not isinstance(value, int):
        return outcome
    said = range_feedback(intent, lang)
    return outcome if said is None else replace(outcome, feedback=said,
                                                detail=f"{_OUT_OF_RANGE}: {outcome.detail}")


_OUT_OF_RANGE = "out of range"


def _range_said(outcome: ValveOutcome) -> bool:
    """A command refused for a number out of its range, its range said (:func:`said_refused`)."""
    return outcome.reason == "bad_value" and outcome.detail.startswith(_OUT_OF_RANGE)


def _decision(
    path: Path,
    command: Command,
    feedback: str,
    first_feedback_ms: float,
    expected: tuple[str, int | str | None] | None,
    **fields: object,
) -> Decision:
    correct = None if expected is None else (command.intent, command.value) == tuple(expected)
    parts = fields.get("parts")
    if correct and parts:  # a label names one command: a sentence that gave several is not it
        correct = len(parts) == 1  # type: ignore[arg-type]
    return Decision(
        path=path,
        command=command,
        feedback=feedback,
        first_feedback_ms=first_feedback_ms,
        correct=correct,
        **fields,  # type: ignore[arg-type]
    )


class Assistant:
    """Rules, an optional resolver and the policy, with the last 3 turns per session."""

    def __init__(
        self,
        resolver: IntentResolver | None = None,
        policy: AssistantPolicy = AssistantPolicy(),
        home_assistant: bool = True,
    ) -> None:
        self.resolver = resolver
        self.policy = policy
        self.home_assistant = home_assistant
        self._sessions: dict[str, deque[Turn]] = {}

    def nlu(self, lang: str) -> RuleNLU:
        return shared_nlu(lang, self.home_assistant)

    def history(self, session: str = "default") -> list[Turn]:
        return list(self._sessions.get(session, ()))

    def handle(
        self,
        query: str,
        lang: str = "en",
        session: str = "default",
        expected: tuple[str, int | str | None] | None = None,
        rule_ms: float | None = None,
        history: Sequence[Turn] | None = None,
    ) -> Decision:
        """Rules, then the resolver if they are unsure, then :func:`decide`; remembers the turn.

        ``rule_ms`` replaces the measured rule time (a deterministic twin run must model it:
        wall-clock time is not reproducible). ``history`` replaces the session's turns (a
        sampled follow-up query brings its own).
        """
        lang = normalise_lang(lang)
        history = list(history) if history else self.history(session)
        rules = self.nlu(lang).parse(query, history)
        if rule_ms is not None:
            rules = replace(rules, ms=rule_ms)
        answer = None
        if rules.confidence < self.policy.threshold and self.resolver is not None:
            budget = max(0.0, self.policy.degrade_deadline_ms - rules.ms)
            answer = self.resolver.resolve(query, history, lang, budget)
            if getattr(answer, "failed", False):  # a failed DUT (crash, 5xx...) gave no answer
                answer = None
        decision = decide(query, history, lang, rules, answer, self.policy, expected)
        if decision.command.actuates:
            turns = self._sessions.setdefault(session, deque(maxlen=MAX_HISTORY_TURNS))
            turns.append(Turn(query, decision.command.intent, decision.command.value))
        return decision
