"""Built-in expectations on whether a real run could measure at all: its devices confirmed
something, its real calls returned, its model worker did not crash."""

from __future__ import annotations

from typing import Any, Protocol

CONFIRMED_METRIC = "render_real.confirmed"


class _Scenario(Protocol):
    expectations: Any
    config: Any


def confirmed_expectation(scenario: _Scenario, report: dict[str, Any]) -> list[dict[str, Any]]:
    """Commands that were only sent (fire-and-forget devices) are no evidence that anything
    happened: a run whose devices confirmed nothing fails, unless the scenario says what it
    expects of ``render_real.confirmed`` itself (e.g. ``min = 0``) or loosens the built-in
    actuation allowances with a reason (its ``[actuation]`` table; ``unserved`` alone does
    not count)."""
    if any(e.metric == CONFIRMED_METRIC for e in scenario.expectations):
        return []
    if scenario.config.actuation.allows_failures or report.get("interrupted"):
        return []
    real = report.get("render_real", {})
    if real.get("commands", 0) - real.get("no_device", 0) <= 0:
        return []
    confirmed = real.get("confirmed", 0)
    return [{
        "name": "device commands confirmed by their status", "metric": CONFIRMED_METRIC,
        "limit": {"min": 1.0}, "value": float(confirmed), "passed": confirmed >= 1,
        "builtin": True, "reason": "commands only sent (fire-and-forget) are no evidence that "
                                   "anything happened"}]


def calls_returned_expectation(report: dict[str, Any]) -> list[dict[str, Any]]:
    """A real call that outlasted the lockstep's call timeout was abandoned (its request
    degraded, or its command counted as timed out) and the run went on: it fails the run."""
    lockstep = report.get("lockstep", {})
    if "call_timeouts" not in lockstep:
        return []
    n = int(lockstep["call_timeouts"])
    entry: dict[str, Any] = {
        "name": "every real call returned within its timeout", "metric": "lockstep.call_timeouts",
        "limit": {"max": 0}, "value": n, "passed": n == 0, "builtin": True,
        "reason": "an abandoned call is a stage the bench could not measure"}
    if n:
        entry["causes"] = [f"{count} x {stage}" for stage, count in
                           sorted(lockstep.get("call_timeouts_by_stage", {}).items())]
    return [entry]


def model_crash_expectation(report: dict[str, Any]) -> list[dict[str, Any]]:
    """A crashed model worker (``report["model_crash"]``) fails the run: the requests after it
    ran on the rules alone."""
    if "model_crash" not in report:
        return []
    crash = report["model_crash"]
    entry: dict[str, Any] = {
        "name": "model worker did not crash", "metric": "model_crash", "limit": {"max": 0},
        "value": 1, "passed": False, "builtin": True,
        "reason": "after a native crash the run degrades to rules only: the model was not "
                  "measured"}
    if isinstance(crash, dict) and crash.get("cause"):
        entry["causes"] = [str(crash["cause"])[:200]]
    return [entry]
