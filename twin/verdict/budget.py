"""Built-in budget expectations: the bench's own question, judged on every run.

- **e2e p95 within the budget** (``e2e.p95_ms <= 100``), on every run;
- **first feedback within the budget at p95** (``first_feedback.within_budget >= 0.95``:
  95 % of requests get an ack or an answer within 100 ms), when the assistant reports first
  feedback (without an assistant the first feedback is the end-to-end answer, judged above);
- **every degraded request degraded at its deadline** (``degraded.overrun_max_ms <= 10``:
  no degraded answer more than 10 ms after the policy's degrade deadline), with an assistant.

A scenario loosens one only by naming its metric in ``[[expectations]]`` with a ``reason``:

```toml
[[expectations]]
metric = "e2e.p95_ms"
max = 400
reason = "the unoptimised stack is the baseline the optimisations are measured against"
```

That expectation then takes the built-in's place (``builtin: true``, ``loosened: REASON``). An
expectation on the same metric that is looser and has no reason is refused at load (it would
be silently overruled by the built-in); one as strict or stricter takes its place too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from latency_models.stages import E2E_BUDGET_MS

FIRST_FEEDBACK_SHARE = 0.95
"""The share of requests that must get first feedback within the budget (its p95)."""
DEGRADE_OVERRUN_MS = 10.0
"""How late after its deadline a degraded answer may come (the rule step's jitter)."""


@dataclass(frozen=True)
class BudgetCheck:
    """One built-in budget expectation: its metric must stay on the right side of a limit."""

    name: str
    metric: str
    limit: dict[str, float]
    reason: str
    needs: str | None = None  # a report key that must exist for the check to apply
    when_missing: str = ""  # why a missing value passes (no such request in the run)


BUDGET_CHECKS: tuple[BudgetCheck, ...] = (
    BudgetCheck(
        f"e2e p95 within the {E2E_BUDGET_MS:g} ms budget", "e2e.p95_ms",
        {"max": E2E_BUDGET_MS},
        "the bench's question: did the cabin answer within the budget"),
    BudgetCheck(
        f"first feedback within {E2E_BUDGET_MS:g} ms for {FIRST_FEEDBACK_SHARE:.0%}",
        "first_feedback.within_budget", {"min": FIRST_FEEDBACK_SHARE},
        "an ack or an answer within the budget is what the driver perceives as instant",
        needs="first_feedback"),
    BudgetCheck(
        f"every degraded request degraded at its deadline (+{DEGRADE_OVERRUN_MS:g} ms)",
        "degraded.overrun_max_ms", {"max": DEGRADE_OVERRUN_MS},
        "a request the LLM cannot answer in time must fall back at the deadline, not later",
        needs="degraded", when_missing="no request degraded"),
)


class _Expectation(Protocol):
    metric: str
    max: float | None
    min: float | None
    reason: str | None


def check_for(metric: str) -> BudgetCheck | None:
    return next((c for c in BUDGET_CHECKS if c.metric == metric), None)


def loosens(check: BudgetCheck, exp: _Expectation) -> bool:
    """True when ``exp`` allows a value the built-in ``check`` refuses."""
    if "max" in check.limit:
        return exp.max is None or exp.max > check.limit["max"]
    return exp.min is None or exp.min < check.limit["min"]


def loosening_problem(expectations: Sequence[_Expectation]) -> tuple[str, str] | None:
    """(key, expected) for the first expectation that loosens a built-in without a reason."""
    for i, exp in enumerate(expectations):
        check = check_for(exp.metric)
        if check is None or (exp.reason or "").strip() or not loosens(check, exp):
            continue
        side = "max" if "max" in check.limit else "min"
        return (f"expectations[{i}].reason",
                f"a reason: this {side} loosens the built-in {check.name!r} "
                f"({exp.metric} {_op(side)} {check.limit[side]:g})")
    return None


def _op(side: str) -> str:
    return "<=" if side == "max" else ">="


def budget_expectations(expectations: Sequence[_Expectation], report: dict[str, Any],
                        evaluated: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The built-in budget entries for ``report``. ``evaluated`` are the scenario's own
    entries (one per expectation, in order): one on a built-in's metric takes its place,
    marked ``builtin: true`` (and ``loosened`` with its reason when it loosens it)."""
    out: list[dict[str, Any]] = []
    for check in BUDGET_CHECKS:
        if check.needs is not None and check.needs not in report:
            continue
        covered = False
        for i, exp in enumerate(expectations):
            if exp.metric != check.metric:
                continue
            reason = (exp.reason or "").strip()
            if loosens(check, exp) and not reason:
                continue  # never refused at load: the built-in still holds beside it
            covered = True
            evaluated[i].update(builtin=True, reason=check.reason,
                                builtin_limit=dict(check.limit))
            if loosens(check, exp):
                evaluated[i]["loosened"] = reason
        if not covered:
            out.append(evaluate_check(check, report))
    return out


def evaluate_check(check: BudgetCheck, report: dict[str, Any]) -> dict[str, Any]:
    """One built-in entry: the metric's value against the check's limit."""
    entry: dict[str, Any] = {"name": check.name, "metric": check.metric,
                             "limit": dict(check.limit), "builtin": True,
                             "reason": check.reason}
    value = _lookup(report, check.metric)
    if value is None:
        if check.when_missing:
            return {**entry, "value": None, "passed": True, "skipped": check.when_missing}
        return {**entry, "value": None, "passed": False,
                "skipped": f"{check.metric} was not measured"}
    value = float(value)
    passed = value == value  # NaN fails
    if "max" in check.limit:
        passed = passed and value <= check.limit["max"]
    if "min" in check.limit:
        passed = passed and value >= check.limit["min"]
    return {**entry, "value": round(value, 4), "passed": bool(passed)}


def _lookup(report: dict[str, Any], metric: str) -> Any:
    node: Any = report
    for part in metric.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node
