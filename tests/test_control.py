"""Degrade on alert: the combined L1/L3/L4 condition switches the assistant to rules, live."""

from __future__ import annotations

import pytest

from twin.errors import InputError
from twin.runner import choose_engine, run_scenario
from twin.scenario import load_scenario, read_scenario, scenario_from_dict


@pytest.fixture(scope="module")
def overload():
    return run_scenario(load_scenario("overload_alert"), requests=4000)


def test_alert_fires_and_switches_llm_requests_to_rules(overload):
    d = overload.report["degrade_on_alert"]
    assert d["alerts_fired"] >= 1 and d["switched_requests"] > 0
    for alert in d["alerts"]:  # each alert met all three limits
        assert alert["l1_p95_ms"] > 100 and alert["l3_util_pct"] > 95
        assert alert["l4_jitter_ms"] > 20


def test_switched_requests_skip_the_llm_and_degrade(overload):
    t = overload.timings
    paths = overload.extra_columns["path"]
    inference = t.end[:, 4] - t.start[:, 4]
    degraded_fast = (paths == "degraded") & (inference < 5.0)  # rule time only: no LLM call
    assert degraded_fast.sum() == overload.report["degrade_on_alert"]["switched_requests"]
    alerts = [a["t_ms"] for a in overload.report["degrade_on_alert"]["alerts"]]
    hold = 4000.0
    reached = t.stage_arrival[degraded_fast, 4]
    assert all(any(a <= r < a + hold for a in alerts) for r in reached)


def test_effect_is_reported_against_the_same_draws_without_control(overload):
    effect = overload.report["degrade_on_alert"]["versus_no_control"]
    assert set(effect) >= {"e2e_p95_ms_saved", "intent_accuracy_cost"}
    assert effect["e2e_p95_ms_saved"] >= 0


def test_control_needs_the_simpy_engine_and_an_assistant():
    sc = load_scenario("overload_alert")
    assert choose_engine(sc, "fast", real=True) == "des"
    raw = dict(read_scenario("overload_alert")[0])
    raw.pop("assistant")
    with pytest.raises(InputError) as err:
        run_scenario(scenario_from_dict(raw, "x.toml"), requests=10)
    assert err.value.key == "monitoring.degrade_on_alert"


def test_without_alerts_nothing_switches():
    raw = dict(read_scenario("overload_alert")[0])
    raw["monitoring"] = {**raw["monitoring"], "l1_p95_ms": 1e9}
    run = run_scenario(scenario_from_dict(raw, "x.toml"), requests=2000)
    assert run.report["degrade_on_alert"]["alerts_fired"] == 0
    assert run.report["degrade_on_alert"]["switched_requests"] == 0
