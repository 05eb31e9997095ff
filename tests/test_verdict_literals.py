"""Literal boundaries of the built-in expectations and the JUnit cases, pinned here (never read
from the code under test): each test kills mutants a partial ``mutmut`` run of ``twin.verdict``
and ``twin.report_junit`` left alive (VERIFICATION.md). The smallest value on the passing side
of each limit passes, the first value past it fails, and a missing key means nothing
measured."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from twin.config.actuation import Actuation
from twin.report_junit import cases_from_report
from twin.verdict.budget import BudgetCheck, evaluate_check, loosening_problem
from twin.verdict.dut import dut_expectations
from twin.verdict.run_health import (
    calls_returned_expectation,
    confirmed_expectation,
    model_crash_expectation,
)


def _dut(**outcomes: int) -> dict[str, Any]:
    return {"requests": sum(outcomes.values()), "outcomes": outcomes,
            "errors": [{"outcome": o, "count": n, "error": f"why {o}"}
                       for o, n in outcomes.items() if n and o != "ok"]}


def _by_metric(entries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {e["metric"]: e for e in entries}


# the DUT ---------------------------------------------------------------------------------
def test_one_answer_is_enough_and_its_limit_reads_min_1() -> None:
    got = _by_metric(dut_expectations(_dut(ok=1, timeout=9)))
    assert got["dut.answered"] == {
        "name": "the DUT answered", "metric": "dut.answered", "limit": {"min": 1}, "value": 1,
        "passed": True, "builtin": True,
        "reason": "a DUT that never starts or never answers has not been tested"}
    assert got["dut.outcomes.error"] == {
        "name": "the DUT adapter raised no exception", "metric": "dut.outcomes.error",
        "limit": {"max": 0}, "value": 0, "passed": True, "builtin": True,
        "reason": "an exception from a DUT factory or adapter (SystemExit included) leaves "
                  "the DUT unjudged"}


def test_answered_is_read_before_ok_and_ok_counts_when_answered_is_missing() -> None:
    block = {**_dut(ok=3), "answered": 0}
    assert _by_metric(dut_expectations(block))["dut.answered"]["passed"] is False
    no_ok = _dut(timeout=2)
    assert _by_metric(dut_expectations(no_ok))["dut.answered"]["value"] == 0
    assert _by_metric(dut_expectations({"requests": 2, "answered": 2}))[
        "dut.answered"]["passed"] is True  # no outcomes, no errors: nothing raised


def test_one_raise_fails_and_names_the_first_error() -> None:
    (raised, answered) = dut_expectations(_dut(ok=4, error=1))
    assert (raised["value"], raised["passed"], raised["error_type"]) == (1, False, "DutError")
    assert raised["error"] == "1 of 5 DUT requests raised: why error"
    assert answered["passed"] is True
    bare = dut_expectations({"requests": 1, "outcomes": {"error": 1}})[0]
    assert bare["error"] == "1 of 1 DUT requests raised: "  # no error text recorded


def test_never_answered_lists_at_most_three_causes() -> None:
    block = _dut(timeout=1, crashed=1, malformed=1, unavailable=1)
    (_, never) = dut_expectations(block)
    assert never["causes"] == ["1 x timeout: why timeout", "1 x crashed: why crashed",
                               "1 x malformed: why malformed"]


def test_the_valve_check_needs_one_ok_answer_and_one_acceptance_passes() -> None:
    one = _by_metric(dut_expectations({**_dut(ok=1), "valve": {"accepted": 1, "rejected": 0}}))
    assert one["dut.valve.accepted"] == {
        "name": "the safety valve accepted a DUT answer", "metric": "dut.valve.accepted",
        "limit": {"min": 1}, "value": 1, "passed": True, "builtin": True,
        "reason": "a DUT whose every answer the valve refuses never commands the cabin"}
    refused = _by_metric(dut_expectations({**_dut(ok=1), "valve": {"accepted": 0,
                                                                   "rejected": 3}}))
    assert refused["dut.valve.accepted"]["passed"] is False
    assert refused["dut.valve.accepted"]["causes"] == ["3 answers refused by the valve"]
    unknown = _by_metric(dut_expectations({**_dut(ok=1), "valve": {}}))
    assert unknown["dut.valve.accepted"]["causes"] == ["0 answers refused by the valve"]
    no_ok = dut_expectations({**_dut(timeout=2), "valve": {"accepted": 0}})
    assert "dut.valve.accepted" not in _by_metric(no_ok)
    no_valve = dut_expectations(_dut(ok=2))
    assert "dut.valve.accepted" not in _by_metric(no_valve)


# run health ------------------------------------------------------------------------------
STRICT = SimpleNamespace(expectations=[], config=SimpleNamespace(actuation=Actuation()))


def test_one_command_to_a_device_needs_a_confirmation() -> None:
    one_sent = {"render_real": {"commands": 1, "no_device": 0}}
    (entry,) = confirmed_expectation(STRICT, one_sent)  # "confirmed" missing: 0
    assert (entry["metric"], entry["value"], entry["passed"]) == (
        "render_real.confirmed", 0.0, False)
    (entry,) = confirmed_expectation(STRICT, {"render_real": {"commands": 1}})
    assert entry["passed"] is False  # "no_device" missing: every command had a device
    assert confirmed_expectation(STRICT, {"render_real": {"commands": 0}}) == []


def test_a_call_timeout_fails_with_its_stages_sorted() -> None:
    (ok,) = calls_returned_expectation({"lockstep": {"call_timeouts": 0}})
    assert (ok["metric"], ok["limit"], ok["value"], ok["passed"], ok["builtin"]) == (
        "lockstep.call_timeouts", {"max": 0}, 0, True, True)
    assert "causes" not in ok
    (bad,) = calls_returned_expectation({"lockstep": {
        "call_timeouts": 3, "call_timeouts_by_stage": {"render": 1, "inference": 2}}})
    assert (bad["value"], bad["passed"]) == (3, False)
    assert bad["causes"] == ["2 x inference", "1 x render"]
    (bare,) = calls_returned_expectation({"lockstep": {"call_timeouts": 1}})
    assert bare["causes"] == []


def test_a_model_crash_is_one_failure_with_its_cause_cut_at_200() -> None:
    (entry,) = model_crash_expectation({"model_crash": {"cause": "x" * 300}})
    assert (entry["name"], entry["metric"], entry["limit"], entry["value"]) == (
        "model worker did not crash", "model_crash", {"max": 0}, 1)
    assert entry["causes"] == ["x" * 200]
    assert entry["reason"] == ("after a native crash the run degrades to rules only: the "
                               "model was not measured")
    (flag,) = model_crash_expectation({"model_crash": True})
    assert flag["passed"] is False and "causes" not in flag
    (empty,) = model_crash_expectation({"model_crash": {"cause": ""}})
    assert "causes" not in empty


# budget ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("limit", "value", "passed"), [
    ({"max": 100.0}, 100.0, True), ({"max": 100.0}, 100.00001, False),
    ({"min": 0.95}, 0.95, True), ({"min": 0.95}, 0.94999, False),
    ({"max": 100.0}, float("nan"), False),
])
def test_a_value_on_the_limit_holds(limit: dict[str, float], value: float,
                                    passed: bool) -> None:
    check = BudgetCheck("c", "e2e.p95_ms", limit, "r")
    entry = evaluate_check(check, {"e2e": {"p95_ms": value}})
    assert entry["passed"] is passed
    assert entry["limit"] == limit and entry["builtin"] is True


def test_the_value_is_kept_to_four_decimals() -> None:
    entry = evaluate_check(BudgetCheck("c", "e2e.p95_ms", {"max": 100.0}, "r"),
                           {"e2e": {"p95_ms": 12.3456789}})
    assert entry["value"] == 12.3457


def test_a_loosening_without_a_reason_names_the_side_it_loosens() -> None:
    tighter_min = SimpleNamespace(metric="first_feedback.within_budget", max=None, min=0.5,
                                  reason="")
    key, expected = loosening_problem([tighter_min])
    assert key == "expectations[0].reason"
    assert expected.endswith("(first_feedback.within_budget >= 0.95)")
    assert "this min loosens" in expected
    looser_max = SimpleNamespace(metric="e2e.p95_ms", max=500.0, min=None, reason=" ")
    key, expected = loosening_problem([looser_max])
    assert expected.endswith("(e2e.p95_ms <= 100)") and "this max loosens" in expected


# junit cases -----------------------------------------------------------------------------
def _report(expectations: list[dict[str, Any]]) -> dict[str, Any]:
    from twin.runner import run_scenario
    from twin.scenario import load_scenario

    report = run_scenario(load_scenario("smoke"), requests=20).report
    return {**json.loads(json.dumps(report)), "scenario": "s", "expectations": expectations}


def test_each_status_maps_to_exactly_one_junit_element() -> None:
    exps = [
        {"name": "held", "metric": "e2e.p95_ms", "limit": {"max": 100.0}, "value": 5.0,
         "passed": True},
        {"name": "missed", "metric": "e2e.p99_ms", "limit": {"max": 100.0}, "value": 500.0,
         "passed": False},
        {"name": "nothing to judge", "metric": "degraded.p99_ms", "limit": {"max": 1},
         "value": None, "passed": True, "skipped": "no degraded request"},
        {"name": "not measured", "metric": "actuation.errors", "limit": {"max": 0},
         "value": None, "passed": False, "skipped": "no rig"},
        {"name": "run finished", "metric": "interrupted", "limit": {"max": 0}, "value": 1,
         "passed": False, "error": "interrupted by SIGTERM"},
    ]
    held, missed, skipped, unchecked, errored = cases_from_report(_report(exps), 2.5)
    assert [c.status for c in (held, missed, skipped, unchecked, errored)] == [
        "passed", "failed", "skipped", "failed", "failed"]
    assert (held.failure, held.error, held.skipped, held.classname, held.seconds) == (
        None, None, None, "scenario.s", 2.5)
    assert missed.failure == "e2e.p99_ms = 500, expected <= 100"
    assert (missed.failure_type, missed.error, missed.skipped) == (
        "ExpectationFailed", None, None)
    assert (skipped.skipped, skipped.failure) == ("no degraded request", None)
    assert (unchecked.failure_type, unchecked.skipped) == ("NotChecked", None)
    assert unchecked.failure is not None and unchecked.error is None
    assert (errored.error, errored.failure, errored.error_type) == (
        "interrupted by SIGTERM", None, "Error")
    assert json.loads(held.detail) == exps[0]  # only the keys the report set


def test_a_missing_value_is_not_checked_and_fails() -> None:
    entry = evaluate_check(BudgetCheck("c", "e2e.p95_ms", {"max": 100.0}, "r"), {})
    assert (entry["value"], entry["passed"], entry["skipped"]) == (
        None, False, "e2e.p95_ms was not measured")


def test_a_later_expectation_on_a_builtin_metric_replaces_the_builtin() -> None:
    from twin.verdict.budget import budget_expectations

    exps = [SimpleNamespace(metric="perception.instant", max=None, min=0.9, reason=""),
            SimpleNamespace(metric="e2e.p95_ms", max=300.0, min=None, reason="a slow rig")]
    evaluated: list[dict[str, Any]] = [{"metric": e.metric} for e in exps]
    out = budget_expectations(exps, {"e2e": {"p95_ms": 250.0}}, evaluated)
    assert "e2e.p95_ms" not in _by_metric(out)
    assert evaluated[1]["loosened"] == "a slow rig" and evaluated[1]["builtin"] is True
    assert evaluated[1]["builtin_limit"] == {"max": 100.0}


def test_run_health_names_and_reasons_are_the_documented_ones() -> None:
    (confirmed,) = confirmed_expectation(STRICT, {"render_real": {"commands": 2}})
    assert (confirmed["name"], confirmed["reason"]) == (
        "device commands confirmed by their status",
        "commands only sent (fire-and-forget) are no evidence that anything happened")
    (calls,) = calls_returned_expectation({"lockstep": {"call_timeouts": 0}})
    assert (calls["name"], calls["reason"]) == (
        "every real call returned within its timeout",
        "an abandoned call is a stage the bench could not measure")


def test_a_case_keeps_non_ascii_text_as_written() -> None:
    exps = [{"name": "首次反馈", "metric": "e2e.p95_ms", "limit": {"max": 100.0}, "value": 5.0,
             "passed": True, "reason": "快"}]
    (case,) = cases_from_report(_report(exps))
    assert case.seconds == 0.0 and '"reason": "快"' in (case.detail or "")


def test_junit_without_run_facts_still_has_a_valid_timestamp_and_its_properties(
        tmp_path) -> None:
    import re
    import xml.etree.ElementTree as ET

    from twin.report_junit import write_junit

    exps = [{"name": "held", "metric": "e2e.p95_ms", "limit": {"max": 100.0}, "value": 5.0,
             "passed": True}]
    root = ET.parse(write_junit({**_report(exps), "interrupted": False}, tmp_path)).getroot()
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", root.get("timestamp", ""))
    assert root.get("time") == "0.000" and root.get("name") == "cabin-twin.s"
    props = {p.get("name"): p.get("value") for p in root.iter("property")}
    assert props == {"seed": "1", "requests": "20", "engine": "fast", "interrupted": "False"}
    assert (root.findtext("system-out") or "").startswith("VERDICT: PASS")


def test_a_check_whose_block_is_missing_does_not_hide_the_next() -> None:
    from twin.verdict.budget import budget_expectations

    report = {"e2e": {"p95_ms": 50.0}, "degraded": {"overrun_max_ms": 11.0}}
    out = _by_metric(budget_expectations([], report, []))
    assert set(out) == {"e2e.p95_ms", "degraded.overrun_max_ms"}  # no first_feedback block
    assert out["degraded.overrun_max_ms"]["passed"] is False  # 11 ms past the 10 ms allowance


def test_junit_timestamp_is_utc_whatever_the_local_zone(tmp_path, monkeypatch) -> None:
    import time
    import xml.etree.ElementTree as ET
    from datetime import UTC, datetime

    from twin.report_junit import write_junit

    exps = [{"name": "held", "metric": "e2e.p95_ms", "limit": {"max": 100.0}, "value": 5.0,
             "passed": True}]
    monkeypatch.setenv("TZ", "UTC-8")  # POSIX: eight hours ahead of UTC
    time.tzset()
    try:
        stamp = ET.parse(write_junit(_report(exps), tmp_path)).getroot().get("timestamp", "")
    finally:
        monkeypatch.undo()
        time.tzset()
    written = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=UTC)
    assert abs((written - datetime.now(UTC)).total_seconds()) < 3600  # 8 h off if local


# actuation causes and headline ------------------------------------------------------------
def test_each_failed_actuation_check_names_its_causes() -> None:
    from twin.verdict.actuation import _causes_of

    block: dict[str, Any] = {
        "unserved_by_intent": {"media_next": 30, "navigate_home": 2, "window_open": 1},
        "unserved_allowed_intents": ["navigate_home"],
        "status_lost_events": [{"device": "hvac", "message": "HVAC_Status", "age_ms": 250.4,
                                "cycle_ms": 100, "at_ms": 1234.6}],
        "reader_failures": ["reader thread died; restarted"],
        "safe_state": {
            "hvac": {"outcome": "status_matches", "reason": ""},
            "hmi": {"outcome": "acknowledged", "reason": ""},
            "horn": {"outcome": "sent", "reason": ""},
            "media": {"outcome": "untouched", "reason": ""},
            "seat": {"outcome": "timed_out", "reason": "no status within 30 ms"}},
        "causes": [{"outcome": "timed_out", "count": 4, "device": "seat", "reason": "slow"},
                   {"outcome": "rejected", "count": 1, "device": "hvac", "reason": "range"}],
    }
    assert _causes_of("actuation.unserved", block) == [
        "30 requests unserved (intent media_next)", "1 request unserved (intent window_open)"]
    assert _causes_of("actuation.status_lost", block) == [
        "hvac HVAC_Status: no status for 250 ms (cycle 100 ms), at 1235 ms"]
    assert _causes_of("actuation.reader_failed", block) == ["reader thread died; restarted"]
    assert _causes_of("actuation.safe_state_unconfirmed", block) == [
        "seat timed_out: no status within 30 ms"]
    assert _causes_of("actuation.timed_out_fraction", block) == ["4 x seat: slow"]
    assert _causes_of("actuation.rejected", block) == ["1 x hvac: range"]
    assert _causes_of("actuation.errors", block) == []
    assert _causes_of("actuation.unserved", {"unserved_by_intent": {"media_next": 1}}) == [
        "1 request unserved (intent media_next)"]  # nothing allowed
    empty: dict[str, Any] = {}
    assert [_causes_of(m, empty) for m in ("actuation.status_lost", "actuation.reader_failed",
                                           "actuation.safe_state_unconfirmed",
                                           "actuation.not_sent")] == [[], [], [], []]


def test_the_headline_counts_what_the_block_omits_as_zero() -> None:
    from twin.verdict.actuation import headline

    assert headline({"cabin_commands": 3, "cabin_confirmed": 3}) == (
        "3 of 3 cabin commands confirmed; 0 acknowledgements")
    assert headline({"cabin_commands": 3, "cabin_confirmed": 2, "cabin_sent_unconfirmed": 1,
                     "acknowledgements": 1}) == (
        "2 of 3 cabin commands confirmed (1 sent fire-and-forget); 1 acknowledgement")
