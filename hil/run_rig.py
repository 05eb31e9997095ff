"""``twin run SCENARIO --rig RIG``: the scenario in lockstep with a rig's devices.

Traces (``can.blf``, ``can.asc``, ``serial.log``) go into the output folder; the actuators are
commanded to their safe state on every exit path (pass, fail, error, SIGINT, SIGTERM).
"""

from __future__ import annotations

from pathlib import Path

from hil.binding import RealBinding
from hil.links.signals import exit_on_signals
from hil.render import render_backend
from twin.report import evaluate_expectations
from twin.runner import RunResult, run_scenario
from twin.scenario import Scenario


def run_with_rig(scenario: Scenario, rig: str, seed: int | None, requests: int | None,
                 out: Path) -> RunResult:
    """Run with the render stage real on ``rig``; the report gains devices, rig, lockstep."""
    seed = scenario.seed if seed is None else seed
    link_faults = [f for f in scenario.raw.get("faults", [])
                   if isinstance(f, dict) and str(f.get("kind", "")).startswith(
                       ("can_", "serial_", "device_", "bus_"))]
    with exit_on_signals(), render_backend(rig, out, link_faults, seed,
                                           scenario.source) as backend:
        result = run_scenario(scenario, seed=seed, requests=requests, engine="des",
                              binding=RealBinding(render=backend))
    result.report.update(backend.report())  # after close: the safe state is known
    result.report["stages"]["render"]["mode"] = "real"
    result.report["expectations"] = evaluate_expectations(scenario, result.report)
    return result
