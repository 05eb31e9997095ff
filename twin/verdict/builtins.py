"""Every built-in expectation, in one place.

:func:`run_builtins` gives the entries every run is judged on (modelled or real): the budget
checks of :mod:`twin.verdict.budget`, and a calibrated capture model's endpoints
(``capture_model``; a real stage's are judged with the real run's checks).
:func:`real_run_builtins` adds what a run with real stages is judged on: actuation (when a
rig rendered), confirmation, real calls returned, the model worker, the device under test,
the capture stage's endpoints. Another layer adds a check of its own with
:func:`register_real_run_check` (a function ``(scenario, report) -> [entries]`` in the same
shape), so the verdict stays here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twin.scenario import Scenario
from twin.verdict.actuation import actuation_expectations
from twin.verdict.budget import budget_expectations
from twin.verdict.capture import capture_expectations
from twin.verdict.dut import dut_expectations
from twin.verdict.run_health import (
    calls_returned_expectation,
    confirmed_expectation,
    model_crash_expectation,
)

Check = Callable[[Scenario, dict[str, Any]], list[dict[str, Any]]]


def _actuation(scenario: Scenario, report: dict[str, Any]) -> list[dict[str, Any]]:
    if "actuation" not in report:
        return []
    return actuation_expectations(scenario.config.actuation, report["actuation"])


REAL_RUN_CHECKS: list[Check] = [
    _actuation,
    confirmed_expectation,
    lambda _scenario, report: calls_returned_expectation(report),
    lambda _scenario, report: model_crash_expectation(report),
    lambda _scenario, report: dut_expectations(report.get("dut")),
    capture_expectations,
]


def register_real_run_check(check: Check) -> Check:
    """Add ``check`` to every real run's verdict (idempotent); usable as a decorator."""
    if check not in REAL_RUN_CHECKS:
        REAL_RUN_CHECKS.append(check)
    return check


def run_builtins(scenario: Scenario, report: dict[str, Any],
                 evaluated: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The built-in entries of every run (``evaluated``: the scenario's own, which a
    loosening marks in place)."""
    out = budget_expectations(scenario.expectations, report, evaluated)
    if "capture_model" in report and "capture_real" not in report:
        out += capture_expectations(scenario, report)
    return out


def real_run_builtins(scenario: Scenario, report: dict[str, Any]) -> list[dict[str, Any]]:
    """The built-in entries of a run with real stages."""
    out: list[dict[str, Any]] = []
    for check in REAL_RUN_CHECKS:
        out += check(scenario, report)
    return out
