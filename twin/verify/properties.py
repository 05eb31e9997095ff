"""Run a schedule through the real twin and check the properties on every request.

:func:`run_schedule` performs the steps of :func:`twin.runner.run_scenario` (plan, assistant,
engine, the pure :func:`~twin.assistant.policy.decide`) and keeps each request's decision and
times as a :class:`RequestRecord`. The checks are independent oracles over those records:
they read the engine's times and the resolver's raw text, never the code's own verdicts.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from latency_models.stages import E2E_BUDGET_MS, INFERENCE
from twin import assisted
from twin.assistant.intents import INTENTS
from twin.engine_des import run_des
from twin.engine_fast import run_fast
from twin.plan import make_plan
from twin.scenario import scenario_from_dict
from twin.verify.schedule import to_scenario

EPS_MS = 1e-6


@dataclass(frozen=True)
class RequestRecord:
    """One request as the twin saw it (ms; ``*_at`` from the end of speech)."""

    index: int
    arrival_ms: float
    query: str
    llm: bool
    path: str
    intent: str
    value: int | str | None
    valve_reason: str | None
    first_feedback_at: float  # ack, rule answer or degraded answer, whichever is first
    answer_at: float
    rule_ms: float
    llm_answer_ms: float | None  # when the LLM answered, from the start of the assistant stage
    left_assistant_ms: float  # when the request left the assistant stage (degrade timer)
    raw: str | None
    faults: tuple[str, ...]
    queued_behind: tuple[int, ...]
    rule_intent: str | None = None  # the rules' own guess (the default on valve/degraded)
    rule_value: int | str | None = None

    def key(self) -> tuple[Any, ...]:
        """What must replay bit for bit."""
        return tuple(asdict(self).values())


@dataclass
class TwinRun:
    schedule: dict[str, Any]
    records: list[RequestRecord]
    degrade_deadline_ms: float
    degrade: bool
    pauses: list[tuple[float, float]]


def run_schedule(schedule: dict[str, Any], engine: str = "fast") -> TwinRun:
    """Run ``schedule`` in the twin (``fast`` or ``des`` engine; both give the same times)."""
    scenario = scenario_from_dict(to_scenario(schedule), "<schedule>")
    n = scenario.requests
    plan = make_plan(scenario, scenario.seed, n)
    config = assisted.assistant_config(scenario)
    assert config is not None
    ap = assisted.prepare(plan, config)
    timings = run_fast(plan) if engine == "fast" else run_des(plan)
    made = assisted.decisions(ap, timings)
    offset = timings.stage_arrival[:, INFERENCE] - timings.arrival
    kinds = [f.kind for f in plan.faults]
    behind = _queued_behind(timings.stage_arrival, timings.start, timings.end)
    records = []
    for i, d in enumerate(made):
        stage_in = float(timings.stage_arrival[i, INFERENCE])
        llm_ms = float(timings.end[i, INFERENCE] - stage_in) if ap.llm[i] else None
        records.append(RequestRecord(
            index=i, arrival_ms=float(timings.arrival[i]), query=ap.queries[i].text,
            llm=bool(ap.llm[i]), path=d.path, intent=d.intent, value=d.value,
            valve_reason=d.valve_reason,
            first_feedback_at=float(offset[i] + min(d.ack_ms, d.first_feedback_ms)),
            answer_at=float(offset[i] + d.first_feedback_ms), rule_ms=ap.rules[i].ms,
            llm_answer_ms=llm_ms, left_assistant_ms=float(timings.leave[i, INFERENCE] - stage_in),
            raw=ap.raw[i],
            faults=tuple(kinds[j] for j in np.flatnonzero(timings.fault_hit[i])),
            queued_behind=behind[i],
            rule_intent=None if ap.rules[i].command is None else ap.rules[i].command.intent,
            rule_value=None if ap.rules[i].command is None else ap.rules[i].command.value,
        ))
    pauses = [(float(s), float(e)) for sched in plan.pauses
              for s, e in zip(sched.starts, sched.ends, strict=True)]
    return TwinRun(schedule, records, config.policy.degrade_deadline_ms, config.policy.degrade,
                   pauses)


def _queued_behind(arrive: np.ndarray, start: np.ndarray, end: np.ndarray
                   ) -> list[tuple[int, ...]]:
    """Per request, the requests in service on a stage while it waited there."""
    n = arrive.shape[0]
    out: list[tuple[int, ...]] = []
    for i in range(n):
        ahead: set[int] = set()
        for k in np.flatnonzero(start[i] > arrive[i] + EPS_MS):
            busy = (start[:, k] < start[i, k]) & (end[:, k] > arrive[i, k])
            busy[i] = False
            ahead.update(int(j) for j in np.flatnonzero(busy))
        out.append(tuple(sorted(ahead)))
    return out


# ---- properties ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Violation:
    """A request outside the budget, and why (the faults that hit it or what it queued behind)."""

    index: int
    first_feedback_at: float
    causes: tuple[str, ...]


def budget_violations(run: TwinRun, budget_ms: float = E2E_BUDGET_MS) -> list[Violation]:
    """Requests whose first feedback came after ``budget_ms``, each with its causes."""
    tied = _tied(run)
    return [Violation(r.index, r.first_feedback_at, tied[r.index])
            for r in run.records if r.first_feedback_at > budget_ms + EPS_MS]


def _tied(run: TwinRun) -> list[tuple[str, ...]]:
    """Causes per request: faults that hit it, a pause between its end of speech and its first
    feedback, and (transitively) the causes of requests it queued behind."""
    causes: list[tuple[str, ...]] = []
    for r in run.records:  # arrival order: whoever it queued behind arrived earlier
        own = set(r.faults)
        end = r.arrival_ms + r.first_feedback_at
        if any(s < end and e > r.arrival_ms for s, e in run.pauses):
            own.add("pause")
        for j in r.queued_behind:
            if j < len(causes):
                own.update(f"behind #{j}: {c}" for c in causes[j] if not c.startswith("behind"))
        causes.append(tuple(sorted(own)))
    return causes


def check_budget(run: TwinRun) -> None:
    """Every request within the budget, or a violation with an injected cause."""
    for v in budget_violations(run):
        assert v.causes, (f"request #{v.index}: first feedback at {v.first_feedback_at:.2f} ms "
                          f"> {E2E_BUDGET_MS} ms with no injected fault behind it")


def schema_ok(intent: str, value: Any) -> bool:
    schema = INTENTS.get(intent)
    return schema is not None and schema.accepts(value)


def oracle(raw: str | None) -> tuple[str, Any] | None:
    """What a resolver output says if it is a schema-valid answer, else None (the spec of the
    valve: a JSON object with a known intent, an in-range value and non-empty feedback). An
    answer listing several commands (2 to 8) whose first the valve refuses says its first valid
    one: a refused command cancels none of the others."""
    try:
        data = json.loads(raw or "")
    except ValueError:
        return None
    said = _said(data)
    listed = data.get("commands") if isinstance(data, dict) else None
    if said is None and isinstance(listed, list) and 2 <= len(listed) <= 8:
        return next((s for s in map(_said, listed) if s is not None), None)
    return said


def _said(data: Any) -> tuple[str, Any] | None:
    """One command object's ``(intent, value)`` if the valve lets it through, else None."""
    if not isinstance(data, dict) or not isinstance(data.get("intent"), str):
        return None
    value = data.get("value")
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    feedback = data.get("feedback")
    if not isinstance(feedback, str) or not feedback.strip() or not schema_ok(data["intent"],
                                                                               value):
        return None
    return data["intent"], value


def check_fallback(run: TwinRun) -> None:
    """Slow LLM -> degraded, in time; invalid output -> valve; nothing out of schema."""
    for r in run.records:
        assert schema_ok(r.intent, r.value), f"request #{r.index}: commanded {r.intent}={r.value!r}"
        if r.path in ("valve", "degraded"):
            default = (r.rule_intent, r.rule_value) if r.rule_intent else ("unknown", None)
            assert (r.intent, r.value) == default, (
                f"request #{r.index}: {r.path} path commanded {r.intent}={r.value!r}, "
                f"not the rule default {default}")
        if not r.llm:
            assert r.path == "rule", f"request #{r.index}: confident rules but path {r.path}"
            continue
        assert r.llm_answer_ms is not None
        degrade_at = max(r.rule_ms, run.degrade_deadline_ms)
        if run.degrade and r.llm_answer_ms > degrade_at + EPS_MS:
            assert r.path == "degraded", (
                f"request #{r.index}: LLM answered at {r.llm_answer_ms:.2f} ms, after the "
                f"{degrade_at:.2f} ms deadline, but path is {r.path}")
            assert r.left_assistant_ms <= degrade_at + EPS_MS, (
                f"request #{r.index}: degraded answer at {r.left_assistant_ms:.2f} ms, "
                f"deadline {degrade_at:.2f} ms (degrade timer late)")
            continue
        said = oracle(r.raw)
        if said is None:
            assert r.path == "valve", (
                f"request #{r.index}: invalid LLM output {r.raw!r} took path {r.path}")
            continue
        assert r.path == "llm" and (r.intent, r.value) == said, (
            f"request #{r.index}: valid LLM output {said} but {r.path} {r.intent}={r.value!r}")


def records_match(a: list[RequestRecord], b: list[RequestRecord], tol_ms: float = 0.0) -> bool:
    """Same requests, same paths and commands; times equal (within ``tol_ms``)."""
    if len(a) != len(b):
        return False
    for ra, rb in zip(a, b, strict=True):
        for x, y in zip(ra.key(), rb.key(), strict=True):
            if isinstance(x, float) and isinstance(y, float):
                if not (x == y or abs(x - y) <= tol_ms):
                    return False
            elif x != y:
                return False
    return True


def check_determinism(schedule: dict[str, Any]) -> None:
    """The same schedule and seed give the same per-request records, bit for bit, on the same
    engine and across the fast and SimPy engines."""
    a = run_schedule(schedule, "fast")
    b = run_schedule(schedule, "fast")
    c = run_schedule(schedule, "des")
    assert records_match(a.records, b.records), "replay of the same schedule differs"
    assert records_match(a.records, c.records), "fast and SimPy engines disagree"


def check_all(schedule: dict[str, Any]) -> TwinRun:
    """Run once and check budget, fallback and schema (determinism is separate: 3 runs)."""
    run = run_schedule(schedule)
    check_budget(run)
    check_fallback(run)
    return run
