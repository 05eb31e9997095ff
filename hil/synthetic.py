"""A synthetic "real" backend with a known ground truth, for testing the fidelity loop.

:class:`SyntheticBinding` binds stage slots the way :class:`hil.binding.RealBinding` does, but
each call's work is a seeded draw from known conditioned models (the truth), on a plain SimPy
clock: no wall clock, no model, no rig, so a test of calibrate -> fidelity -> compare has no
timing in it. It records :class:`hil.calls.CallRecord` s exactly like the real binding.
A stand-in by design (it exists to have a truth to recover); the real backends are
:class:`hil.binding.RealBinding`.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import Any

import numpy as np
import simpy

from hil.calls import CallRecord
from hil.fidelity import Runner
from latency_models.conditioned import ConditionedStage
from latency_models.stages import STAGES
from twin import calibrated
from twin.plan import Plan
from twin.runner import RunResult, run_scenario
from twin.scenario import Scenario
from twin.timings import Timings

#: the truth draws use their own streams, never the modelled twin's
TRUTH_SEED_OFFSET = 7919


class _Slot:
    def __init__(self, work: np.ndarray) -> None:
        self.work = work

    def process(self, env: simpy.Environment, index: int,
                timeline: list[float]) -> Generator[Any, Any, None]:
        yield env.timeout(float(self.work[index]))


class SyntheticBinding:
    """Stages whose "real" work is drawn from ``truth`` (stage -> conditioned models)."""

    def __init__(self, scenario: Scenario, truth: dict[str, ConditionedStage]) -> None:
        self.scenario = scenario
        self.truth = truth
        self.records: list[CallRecord] = []

    def bind(self, plan: Plan, ap: Any) -> tuple[simpy.Environment, dict[str, _Slot]]:
        shadow = replace(
            plan, seed=plan.seed + TRUTH_SEED_OFFSET, base_ms=plan.base_ms.copy(),
            labels=dict(plan.labels), capacities=list(plan.capacities),
            deadline_ms=None if plan.deadline_ms is None else plan.deadline_ms.copy())
        info = calibrated.apply(shadow, self.scenario, ap, self.truth)
        for k, c in enumerate(shadow.capacities):
            plan.capacities[k] = c
        self.records = []
        for stage, rows in info.items():
            classes = np.asarray(rows["class"]).tolist()
            for i, cls in enumerate(classes):
                self.records.extend(self._calls(stage, i, cls, rows))
        slots = {s: _Slot(shadow.base_ms[:, STAGES.index(s)]) for s in info}
        return simpy.Environment(), slots

    @staticmethod
    def _calls(stage: str, i: int, cls: str, rows: dict[str, Any]) -> list[CallRecord]:
        if stage == "inference":
            out = [CallRecord(stage, i, "rule", float(rows["rule_ms"][i]))]
            if cls == "llm":
                out.append(CallRecord(stage, i, "llm", float(rows["llm_ms"][i]),
                                      {"query_tokens": float(rows["query_tokens"][i])}))
            return out
        if stage == "model_load":
            if cls != "llm":
                return []  # the real model_load makes no call for a rule-path request
            return [CallRecord(stage, i, cls, float(rows["ms"][i]), {
                "history_tokens": float(rows["history_tokens"][i]),
                "session_hit": float(rows["session_hit"][i])})]
        return [CallRecord(stage, i, cls, float(rows["ms"][i]))]

    def finish(self, timings: Timings) -> dict[str, Any]:
        return {}


def synthetic_lookups(truth: dict[str, ConditionedStage]) -> dict[str, Any]:
    """What a real calibration learns from the backend itself (the device of each intent, the
    session cache's size and pinned entries, token counts), here taken from the truth."""
    out: dict[str, Any] = {}
    if "render" in truth:
        out["route"] = dict(truth["render"].route)
    if "model_load" in truth:
        out["session_capacity"] = truth["model_load"].session_capacity
        out["pinned"] = truth["model_load"].pinned
    for stage in ("model_load", "inference"):
        if stage in truth and truth[stage].tokens:
            out["tokens"] = dict(truth[stage].tokens)
    return out


def synthetic_runner(truth: dict[str, ConditionedStage]) -> Runner:
    """A fidelity runner whose real stages are ``truth`` (see :class:`SyntheticBinding`)."""

    def run(scenario: Scenario, seed: int, n: int) -> tuple[RunResult, list[CallRecord]]:
        binding = SyntheticBinding(scenario, truth)
        result = run_scenario(scenario, seed=seed, requests=n, engine="des", binding=binding)
        return result, list(binding.records)

    return run
