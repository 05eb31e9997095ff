"""Run a scenario: draw the plan, pick the engine, run it, and build the report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from latency_models.stages import STAGES
from twin import assisted, monitoring
from twin.engine_des import RealStage, run_des
from twin.engine_fast import run_fast
from twin.plan import Plan, make_plan
from twin.report import build_report
from twin.scenario import Scenario
from twin.timings import Timings
from twin.workloads import is_open_loop


@dataclass
class RunResult:
    scenario: Scenario
    plan: Plan
    timings: Timings
    report: dict[str, Any]
    monitoring: dict[str, Any]
    extra_columns: dict[str, np.ndarray] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return all(e["passed"] for e in self.report["expectations"])

    @property
    def timeline(self) -> list[dict[str, Any]]:
        """Fault windows and alerts on the simulated clock (for plots)."""
        items = [
            {"t_ms": f.start_ms, "kind": "fault", "name": f.kind,
             "duration_ms": f.duration_ms, "every_ms": f.every_ms}
            for f in self.plan.faults
        ]
        return items + list(self.monitoring["alerts"])


def choose_engine(scenario: Scenario, requested: str | None, real: bool) -> str:
    """``fast`` when it gives the exact same answer (open-loop, nothing real), else ``des``."""
    wanted = requested or scenario.engine
    fast_ok = is_open_loop(scenario.workload) and not real
    if wanted == "fast" and not fast_ok:
        return "des"
    if wanted == "auto":
        return "fast" if fast_ok else "des"
    return wanted


class Binding(Protocol):
    """Real backends for some stage slots (from :mod:`hil`): given the drawn plan (and the
    assistant's plan, if any) it returns the environment to run in (a lockstep one) and the
    real stages; after the run, ``finish`` returns the report keys it adds."""

    def bind(self, plan: Plan, ap: assisted.AssistedPlan | None
             ) -> tuple[Any, dict[str, RealStage]]: ...

    def finish(self, timings: Timings) -> dict[str, Any]: ...


def run_scenario(
    scenario: Scenario,
    seed: int | None = None,
    requests: int | None = None,
    engine: str | None = None,
    binding: Binding | None = None,
) -> RunResult:
    """Run ``scenario`` (seed and request count default to the scenario's own)."""
    seed = scenario.seed if seed is None else seed
    n = scenario.requests if requests is None else requests
    plan = make_plan(scenario, seed, n)
    config = assisted.assistant_config(scenario)
    ap = assisted.prepare(plan, config) if config is not None else None
    env, real = binding.bind(plan, ap) if binding is not None else (None, {})
    chosen = choose_engine(scenario, engine, bool(real))
    timings = run_fast(plan) if chosen == "fast" else run_des(plan, env=env, real=real)
    window = float(scenario.raw.get("monitoring", {}).get("window_ms", 1000.0))
    mon = monitoring.compute(plan, timings, window)
    modes = {s: ("real" if real and s in real else scenario.modes[s]) for s in STAGES}
    extra: dict[str, Any] = {}
    columns: dict[str, np.ndarray] = {}
    if ap is not None:
        extra, columns = assisted.report_additions(ap, timings, assisted.decisions(ap, timings))
    if binding is not None:
        extra.update(binding.finish(timings))
    report = build_report(scenario, seed, timings, mon, modes, extra)
    return RunResult(scenario, plan, timings, report, mon, columns)
