"""The verdict answers the bench's own question without the scenario asking: e2e p95 within
100 ms, first feedback within 100 ms for 95 %, every degraded answer at its deadline (+10 ms).
A scenario loosens one only by naming its metric with a reason."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from cabin_twin.cli.main import main
from twin.errors import InputError
from twin.runner import run_scenario
from twin.scenario import scenario_from_dict
from twin.verdict.budget import BUDGET_CHECKS, budget_expectations, loosening_problem

SLOW = {"name": "slow", "seed": 2, "requests": 200, "workload": {"kind": "poisson"},
        "stages": {"profile": "unoptimised"}}
"""No expectations of its own; the unoptimised stack misses the budget (e2e p95 > 100 ms)."""


def _toml(extra: str = "") -> str:
    return ('name = "slow"\nseed = 2\nrequests = 200\n[workload]\nkind = "poisson"\n'
            '[stages]\nprofile = "unoptimised"\n' + extra)


def test_the_budget_limits_are_pinned():
    limits = {c.metric: c.limit for c in BUDGET_CHECKS}
    assert limits == {"e2e.p95_ms": {"max": 100.0},
                      "first_feedback.within_budget": {"min": 0.95},
                      "degraded.overrun_max_ms": {"max": 10.0}}
    assert all(c.reason for c in BUDGET_CHECKS)


def test_a_run_without_expectations_is_judged_on_the_budget(tmp_path, capsys):
    path = tmp_path / "slow.toml"
    path.write_text(_toml(), encoding="utf-8")
    assert main(["run", str(path), "--out", str(tmp_path / "out")]) == 1
    out = capsys.readouterr().out
    assert out.startswith("VERDICT: FAIL")
    assert "FAIL e2e p95 within the 100 ms budget: e2e.p95_ms = " in out
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    (entry,) = report["expectations"]
    assert entry["builtin"] is True and entry["limit"] == {"max": 100.0}
    assert entry["value"] > 100 and entry["passed"] is False and entry["reason"]
    suite = ET.parse(tmp_path / "out" / "junit.xml").getroot()
    (case,) = suite.iter("testcase")
    assert case.get("name") == "e2e p95 within the 100 ms budget"
    assert case.find("failure") is not None


def test_loosening_with_a_reason_passes_and_prints_the_reason(tmp_path, capsys):
    path = tmp_path / "slow.toml"
    path.write_text(_toml('[[expectations]]\nmetric = "e2e.p95_ms"\nmax = 2000\n'
                          'reason = "the unoptimised baseline, by design"\n'), encoding="utf-8")
    assert main(["run", str(path), "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "the unoptimised baseline, by design" in out.splitlines()[1]
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    (entry,) = report["expectations"]  # the scenario's entry takes the built-in's place
    assert entry["builtin"] is True and entry["loosened"] == "the unoptimised baseline, by design"
    assert entry["limit"] == {"max": 2000.0} and entry["builtin_limit"] == {"max": 100.0}
    assert "the unoptimised baseline, by design" in (tmp_path / "out" / "report.html").read_text()


@pytest.mark.parametrize("exp, refused", [
    ({"metric": "e2e.p95_ms", "max": 100.01}, True),
    ({"metric": "e2e.p95_ms"} | {"min": 1.0}, True),  # no max at all: loosens it
    ({"metric": "e2e.p95_ms", "max": 100.0}, False),
    ({"metric": "e2e.p95_ms", "max": 90.0}, False),
    ({"metric": "first_feedback.within_budget", "min": 0.9499}, True),
    ({"metric": "first_feedback.within_budget", "min": 0.95}, False),
    ({"metric": "degraded.overrun_max_ms", "max": 10.001}, True),
    ({"metric": "degraded.overrun_max_ms", "max": 10.0}, False),
    ({"metric": "e2e.p99_ms", "max": 1e6}, False),  # no built-in on it
])
def test_a_looser_expectation_without_a_reason_is_refused_at_load(exp, refused):
    raw = {**SLOW, "expectations": [exp]}
    if not refused:
        scenario_from_dict(raw)
        return
    with pytest.raises(InputError) as err:
        scenario_from_dict(raw, "s.toml")
    assert err.value.key == "expectations[0].reason"
    scenario_from_dict({**SLOW, "expectations": [{**exp, "reason": "on purpose"}]})


def test_a_stricter_expectation_takes_the_builtins_place():
    scenario = scenario_from_dict({**SLOW, "stages": {"profile": "ideal"},
                                   "expectations": [{"metric": "e2e.p95_ms", "max": 90}]})
    exps = run_scenario(scenario).report["expectations"]
    assert [e["metric"] for e in exps] == ["e2e.p95_ms"]
    assert exps[0]["builtin"] is True and "loosened" not in exps[0]
    assert exps[0]["limit"] == {"max": 90.0}


class _Exp:
    def __init__(self, metric: str, max: float | None = None, min: float | None = None,
                 reason: str | None = None) -> None:
        self.metric, self.max, self.min, self.reason = metric, max, min, reason


def test_assistant_checks_apply_only_with_their_report_keys():
    report = {"e2e": {"p95_ms": 50.0}}
    assert [e["metric"] for e in budget_expectations([], report, [])] == ["e2e.p95_ms"]
    report |= {"first_feedback": {"within_budget": 0.9499}, "degraded": {"overrun_max_ms": None}}
    got = {e["metric"]: e for e in budget_expectations([], report, [])}
    assert got["first_feedback.within_budget"]["passed"] is False
    assert got["degraded.overrun_max_ms"]["passed"] is True  # nothing degraded
    assert got["degraded.overrun_max_ms"]["skipped"] == "no request degraded"
    late = {**report, "degraded": {"overrun_max_ms": 10.001}}
    assert not {e["metric"]: e for e in budget_expectations([], late, [])}[
        "degraded.overrun_max_ms"]["passed"]
    on_time = {**report, "degraded": {"overrun_max_ms": 10.0}}
    assert {e["metric"]: e for e in budget_expectations([], on_time, [])}[
        "degraded.overrun_max_ms"]["passed"]
    missing = budget_expectations([], {"e2e": {}}, [])
    assert missing[0]["passed"] is False and missing[0]["skipped"]  # unmeasured never passes


def test_loosening_problem_names_the_builtin():
    problem = loosening_problem([_Exp("e2e.p95_ms", max=10), _Exp("e2e.p95_ms", max=300)])
    assert problem is not None and problem[0] == "expectations[1].reason"
    assert "e2e p95 within the 100 ms budget" in problem[1]
    assert loosening_problem([_Exp("e2e.p95_ms", max=300, reason="by design")]) is None


def test_degraded_overrun_is_reported_against_the_deadline():
    """A degraded answer comes at max(rule time, deadline): with rules slower than the
    deadline the overrun is their excess, and the built-in fails."""
    raw = {"name": "late", "seed": 4, "requests": 300, "workload": {"kind": "poisson"},
           "stages": {"profile": "ideal", "inference": {"profile": "unoptimised"}},
           "assistant": {"rule_ms": {"dist": "fixed", "value": 95.0}},
           "policy": {"degrade_deadline_ms": 80.0, "threshold": 1.0}}
    report = run_scenario(scenario_from_dict(raw)).report
    assert report["degraded"]["overrun_max_ms"] == pytest.approx(15.0)
    (entry,) = [e for e in report["expectations"] if e["metric"] == "degraded.overrun_max_ms"]
    assert entry["passed"] is False and entry["builtin"] is True


def test_workload_commands_pass_the_safety_valve():
    """Without [assistant] a sampled query's label is the command: out of range (35 degrees)
    or out of domain it commands nothing, as the assistant would answer it."""
    from hil.binding import checked_label

    assert checked_label("climate_set_temperature", 35) == ("unknown", None)
    assert checked_label("climate_set_temperature", 30) == ("climate_set_temperature", 30)
    assert checked_label("climate_set_temperature", 15) == ("unknown", None)
    assert checked_label("climate_set_temperature", 16) == ("climate_set_temperature", 16)
    assert checked_label("ood", None) == ("unknown", None)
    assert checked_label("media_play", None) == ("media_play", None)


@pytest.mark.slow
def test_smoke_on_ci_virtual_sends_no_unchecked_value(tmp_path):
    """Seed 1 samples "set the temperature to 35": it must not reach the HVAC."""
    status = main(["run", "smoke", "--rig", "ci-virtual", "--out", str(tmp_path)])
    report = json.loads((tmp_path / "report.json").read_text())
    failed = [e["metric"] for e in report["expectations"] if not e["passed"]]
    assert report["actuation"]["not_sent"] == 0 and report["actuation"]["rejected"] == 0
    assert not [m for m in failed if m.startswith(("actuation.", "render_real."))]
    assert status == 0 or set(failed) <= {"e2e.p95_ms", "perception.instant"}  # a loaded host


def test_run_health_checks_pin_their_limits():
    from types import SimpleNamespace

    from twin.config.actuation import Actuation
    from twin.verdict.run_health import (
        calls_returned_expectation,
        confirmed_expectation,
        model_crash_expectation,
    )

    strict = SimpleNamespace(expectations=[], config=SimpleNamespace(actuation=Actuation()))
    only_sent = {"render_real": {"commands": 5, "no_device": 0, "confirmed": 0}}
    (entry,) = confirmed_expectation(strict, only_sent)
    assert (entry["limit"], entry["passed"], entry["builtin"]) == ({"min": 1.0}, False, True)
    one = {"render_real": {"commands": 5, "no_device": 0, "confirmed": 1}}
    assert confirmed_expectation(strict, one)[0]["passed"] is True
    assert confirmed_expectation(strict, {"render_real": {"commands": 3, "no_device": 3}}) == []
    unserved_only = SimpleNamespace(expectations=[], config=SimpleNamespace(
        actuation=Actuation(unserved=["media_*"], reason="no media ECU")))
    assert confirmed_expectation(unserved_only, only_sent)[0]["passed"] is False
    loose = SimpleNamespace(expectations=[], config=SimpleNamespace(
        actuation=Actuation(max_errors=1, reason="lossy")))
    assert confirmed_expectation(loose, only_sent) == []
    assert confirmed_expectation(strict, {**only_sent, "interrupted": True}) == []
    assert calls_returned_expectation({}) == []
    assert model_crash_expectation({}) == []
    (crash,) = model_crash_expectation({"model_crash": {"cause": "SIGILL in AMX"}})
    assert crash["passed"] is False and crash["builtin"] is True
    assert crash["causes"] == ["SIGILL in AMX"] and crash["limit"] == {"max": 0}


def test_another_layer_registers_a_real_run_check():
    from types import SimpleNamespace

    from twin.config.actuation import Actuation
    from twin.verdict import builtins

    def dut_check(scenario, report):
        return [{"name": "dut", "metric": "dut.failed", "limit": {"max": 0},
                 "value": report["dut"]["failed"], "passed": report["dut"]["failed"] == 0,
                 "builtin": True, "reason": "a test"}]

    scenario = SimpleNamespace(expectations=[], config=SimpleNamespace(actuation=Actuation()))
    before = list(builtins.REAL_RUN_CHECKS)
    try:
        assert builtins.register_real_run_check(dut_check) is dut_check
        builtins.register_real_run_check(dut_check)  # idempotent
        got = builtins.real_run_builtins(scenario, {"dut": {"failed": 2}})
        assert [e["metric"] for e in got] == ["dut.failed"] and not got[0]["passed"]
    finally:
        builtins.REAL_RUN_CHECKS[:] = before
