"""Property-based fault injection in the twin: the state machine, whole-schedule properties
with pinned counterexamples, bit-for-bit replay through ``twin run``, and planted bugs that
each property must find and shrink."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis.internal.conjecture import engine as conjecture_engine
from hypothesis.stateful import run_state_machine_as_test

from cabin_twin.cli.main import main
from twin.verify import bugs, properties
from twin.verify.machine import Failure, TwinFaultMachine
from twin.verify.schedule import write_counterexample
from twin.verify.strategies import schedules

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
THOROUGH = PROFILE == "thorough"
SHRINK_SECONDS = 60 if THOROUGH else 8

TestTwinFaultMachine = TwinFaultMachine.TestCase
TestTwinFaultMachine.settings = settings(max_examples=300 if THOROUGH else 30,
                                         stateful_step_count=20 if THOROUGH else 15)

# Counterexamples the planted bugs shrank to (see VERIFICATION.md): they pass on correct code
# and stay here as explicit examples so each keeps being checked, whatever the search draws.
BASE = {"seed": 0, "inference_slots": 1,
        "mix": {"lang": "mixed", "kinds": {"indirect": 1.0}},
        "policy": {"threshold": 0.85, "ack_deadline_ms": 45.0, "degrade_deadline_ms": 80.0,
                   "degrade": True}}
# an English long-tail query: one the rules leave to the (slow) LLM
SLOW_LLM_ONE_REQUEST = {**BASE, "arrivals_ms": [0.0], "faults": [],
                        "mix": {"lang": "en", "kinds": {"long_tail": 1.0}},
                        "llm": {"accuracy": 1.0, "malformed_rate": 0.0, "inference_scale": 1.0}}
QUEUED_BEHIND_COLD_LOAD = {
    **BASE, "arrivals_ms": [0.0, 1.0],
    "llm": {"accuracy": 0.0, "malformed_rate": 1.0, "inference_scale": 0.1},
    "faults": [{"kind": "cold_load", "start_ms": 0.0, "duration_ms": 0.5, "cold_ms": 120.0}]}
PAUSE_ACROSS_EVERYTHING = {
    **BASE, "arrivals_ms": [0.0, 10.0, 20.0],
    "llm": {"accuracy": 0.0, "malformed_rate": 0.0, "inference_scale": 0.25},
    "faults": [{"kind": "pause", "start_ms": 5.0, "duration_ms": 150.0},
               {"kind": "device_silent", "device": "hvac", "start_ms": 0.0,
                "duration_ms": 100.0}]}


@example(schedule=SLOW_LLM_ONE_REQUEST)
@example(schedule=QUEUED_BEHIND_COLD_LOAD)
@example(schedule=PAUSE_ACROSS_EVERYTHING)
@given(schedule=schedules())
@settings(max_examples=1000 if THOROUGH else 60)
def test_budget_and_fallback_hold_for_any_schedule(schedule):
    properties.check_all(schedule)


# found by the thorough profile: fast and SimPy differ in the last bit with a pause in flight
PAUSE_IN_FLIGHT_ENGINES = {
    "seed": 13, "arrivals_ms": [227.0], "inference_slots": 2,
    "llm": {"accuracy": 0.0, "malformed_rate": 0.0, "inference_scale": 0.1},
    "mix": {"lang": "mixed", "kinds": {"indirect": 1.0, "long_tail": 1.0}},
    "policy": {"threshold": 0.85, "ack_deadline_ms": 45.0, "degrade_deadline_ms": 60.0,
               "degrade": True},
    "faults": [{"kind": "cold_load", "start_ms": 0.0, "cold_ms": 385.0, "duration_ms": 646.0},
               {"kind": "pause", "start_ms": 525.0, "duration_ms": 180.0}]}


@example(schedule=PAUSE_IN_FLIGHT_ENGINES)
@given(schedule=schedules(max_faults=2))
@settings(max_examples=200 if THOROUGH else 10)
def test_same_schedule_same_records_on_both_engines(schedule):
    properties.check_determinism(schedule)


def test_engines_agree_to_the_last_bit_on_the_pinned_schedule():
    """A schedule where ``now + (t - now)`` cannot land on ``t`` in floating point: the SimPy
    engine schedules at absolute times, so both engines must match to the last bit."""
    fast = properties.run_schedule(PAUSE_IN_FLIGHT_ENGINES, "fast").records
    des = properties.run_schedule(PAUSE_IN_FLIGHT_ENGINES, "des").records
    assert fast[0].first_feedback_at == des[0].first_feedback_at == 599.8454611972152
    assert properties.records_match(fast, des)


def test_pinned_examples_exercise_what_they_pin():
    """The pinned examples are not vacuous: each shows the behaviour it stands for."""
    slow = properties.run_schedule(SLOW_LLM_ONE_REQUEST)
    assert [r.path for r in slow.records] in (["degraded"], ["llm"])
    paused = properties.run_schedule(PAUSE_ACROSS_EVERYTHING)
    violations = properties.budget_violations(paused)
    assert violations and all("pause" in v.causes for v in violations)


def test_a_violation_without_a_fault_is_reported():
    """The budget check fails when a request is late with nothing injected (a fault that the
    engine did not record, simulated by dropping the fault names)."""
    run = properties.run_schedule(PAUSE_ACROSS_EVERYTHING)
    run.pauses = []
    with pytest.raises(AssertionError, match="no injected fault"):
        properties.check_budget(run)


def test_counterexample_replays_bit_for_bit_through_twin_run(tmp_path: Path):
    schedule = {**QUEUED_BEHIND_COLD_LOAD, "faults": [
        *QUEUED_BEHIND_COLD_LOAD["faults"],
        {"kind": "rtt_spike", "start_ms": 0.0, "duration_ms": 30.0, "spike_ms": 150.0},
        {"kind": "can_drop", "device": "hvac", "start_ms": 0.0, "probability": 0.5}]}
    toml = write_counterexample(schedule, tmp_path / "cx", "replay_me")
    outs, statuses = [], []
    for k in range(2):
        out = tmp_path / f"run{k}"
        statuses.append(main(["run", str(toml), "--out", str(out)]))
        outs.append((out / "requests.csv").read_bytes())
    assert outs[0] == outs[1]
    # a 150 ms spike can break the built-in budget: the replay is judged, the same way twice
    assert statuses[0] == statuses[1] and statuses[0] in (0, 1)
    rows = outs[0].decode().splitlines()
    assert len(rows) == 1 + len(schedule["arrivals_ms"])
    # the replay is the same run the property saw: same paths, same faults per request
    seen = properties.run_schedule(schedule)
    header = rows[0].split(",")
    for row, rec in zip(rows[1:], seen.records, strict=True):
        cells = dict(zip(header, row.split(","), strict=False))
        assert cells["path"] == rec.path
        assert set(filter(None, cells["faults"].split(";"))) == set(rec.faults)


@given(schedule=schedules(link=True))
@settings(max_examples=200 if THOROUGH else 15)
def test_any_schedule_is_a_scenario_file_twin_and_rig_accept(schedule, tmp_path_factory):
    """Schedules with twin and link faults survive TOML: the twin loads the latency faults,
    the rig's fault parser takes the link faults, nothing is lost or renamed."""
    from hil.links.faults import faults_from_spec
    from twin.scenario import load_scenario, read_scenario
    from twin.verify.schedule import link_faults, twin_faults

    toml = write_counterexample(schedule, tmp_path_factory.mktemp("cx"), "cx")
    loaded = load_scenario(str(toml))
    # every fault is on the scenario clock: twin faults first, then link faults, in file order
    assert [f.kind for f in loaded.faults] == [f["kind"] for f in twin_faults(schedule)] + [
        f["kind"] for f in link_faults(schedule)]
    document = read_scenario(str(toml))[0]
    assert document.get("faults", []) == schedule["faults"]
    assert list(loaded.workload.arrivals_ms) == sorted(schedule["arrivals_ms"])
    devices = {"hvac", "seat", "window", "media", "hmi"}
    assert len(faults_from_spec(document.get("faults", []), str(toml), devices)) == len(
        link_faults(schedule))


# ---- planted bugs: each property finds its bug and shrinks it --------------------------------

class SmallWorld(TwinFaultMachine):
    """The same machine with at most 4 requests per example: each run is cheap to shrink."""

    max_requests = 4


class WrongLlmWorld(SmallWorld):
    """Only fallback queries and an LLM that is fast and always wrong (never malformed): the
    valve sees a bad answer on most requests, so a few CI examples reach its edge cases."""

    llm_override: ClassVar[dict[str, float] | None] = {
        "accuracy": 0.0, "malformed_rate": 0.0, "inference_scale": 0.1}
    mix_override: ClassVar[dict[str, Any] | None] = {
        "lang": "mixed", "kinds": {"indirect": 1.0, "long_tail": 1.0}}


def hunt(machine: type[TwinFaultMachine] = SmallWorld, max_examples: int = 60) -> Failure:
    """Run the twin machine until it fails; the last recorded failure is the shrunk one.

    Each example runs the real twin (tens of ms), so Hypothesis' shrinker, tuned for
    microsecond tests, would spin for its 5-minute limit after reaching the minimal example;
    ``MAX_SHRINKING_SECONDS`` (internal, no public setting) bounds it."""
    machine.failures.clear()
    with pytest.raises(AssertionError):
        run_state_machine_as_test(machine, settings=settings(
            max_examples=max_examples, stateful_step_count=10, derandomize=True,
            database=None, deadline=None, report_multiple_bugs=False,
            suppress_health_check=list(HealthCheck)))
    assert machine.failures
    return machine.failures[-1]


# bounds on the shrunk example: steps, and requests in its schedule. Shrinking is time-boxed
# (SHRINK_SECONDS), so the bounds leave room for a slower machine; the valve's request bound is
# loose because the minimal one-request example needs a seed search the time box may cut.
@pytest.mark.parametrize(("bug", "world", "prop", "message", "max_steps", "max_requests"), [
    (bugs.late_degrade_timer, SmallWorld, "fallback", "degrade timer late", 2, 3),
    (bugs.leaky_valve, WrongLlmWorld, "fallback", "commanded", 2, 4),
    (bugs.ack_after_answer, SmallWorld, "budget", "no injected fault", 2, 3),
])
def test_planted_bug_is_found_and_shrunk(monkeypatch, bug, world, prop, message, max_steps,
                                         max_requests):
    monkeypatch.setattr(*bug())
    monkeypatch.setattr(conjecture_engine, "MAX_SHRINKING_SECONDS", SHRINK_SECONDS)
    failure = hunt(world)
    assert failure.prop == prop
    assert message in failure.error
    assert failure.size <= max_steps, failure.steps
    assert len(failure.steps) <= 8, failure.steps  # advance steps too: shrinking is time-boxed
    assert len(failure.schedule["arrivals_ms"]) <= max_requests
    print(f"{bug.__name__}: {failure.size} steps, "
          f"{len(failure.schedule['arrivals_ms'])} requests: {failure.steps}")
