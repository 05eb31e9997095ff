"""``twin run`` with real stages: the scenario in lockstep with the real parts.

Which stages are real, and with which backend, is decided once by :mod:`hil.backends`
(``backend = NAME`` or ``mode = "real"`` in the stage's table; ``--rig`` makes ``render``
real). Without ``--rig`` a real render uses the ``ci-virtual`` rig (simulated ECUs). Traces
(``can.blf``, ``can.asc``, ``serial.log``) go into the output folder; the actuators are
commanded to their safe state on every exit path (pass, fail, error, SIGINT, SIGTERM) before
the report, and its expectations, are made. The model runs in a worker process: a native crash
there degrades the run to rules only and is reported.
"""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Any

from hil.backends import DEFAULT_RIG, RunContext, open_backends, select_backends
from hil.binding import RealBinding
from hil.dut.stream import hmi_sink
from hil.links.signals import exit_on_signals
from twin.runner import RunResult, run_scenario
from twin.scenario import Scenario

__all__ = ["DEFAULT_RIG", "real_stages", "run_real"]


def real_stages(scenario: Scenario, rig: str | None) -> set[str]:
    """The stages a run binds to real backends."""
    return set(select_backends(scenario, rig))


def run_real(scenario: Scenario, rig: str | None, seed: int | None, requests: int | None,
             out: Path, model: str | None = None, n_threads: int = 2) -> RunResult:
    """Run with the real stages bound; the report gains lockstep, llm_real, devices, rig."""
    seed = scenario.seed if seed is None else seed
    ctx = RunContext(scenario, rig, out, seed, model, n_threads)
    with ExitStack() as stack:
        stack.enter_context(exit_on_signals())
        parts = open_backends(ctx, stack)
        if parts.render is not None and hasattr(parts.resolver, "stream_sink"):
            parts.resolver.stream_sink = hmi_sink(parts.render)  # streamed answers, paced
        binding = RealBinding(parts, close=stack.pop_all())
        try:
            result = run_scenario(scenario, seed=seed, requests=requests, engine="des",
                                  binding=binding)
        finally:
            binding.close()  # safe state on every exit path (idempotent)
    if parts.render is not None:
        _require_confirmed(scenario, result.report)
    if parts.resolver is not None and hasattr(parts.resolver, "crash"):  # the model worker
        _report_model_worker(parts.resolver, result.report)
    measured = result.report.get("dut", {}).get("network_real")
    if measured:  # networked DUTs: the proxy's measured holds, next to the modelled stage
        result.report["stages"]["network"]["dut_measured"] = measured
    return result


CONFIRMED = "render_real.confirmed"


def _require_confirmed(scenario: Scenario, report: dict[str, Any]) -> None:
    """Commands that were only sent (fire-and-forget devices) are no evidence that anything
    happened: a run whose devices confirmed nothing fails, unless the scenario says what it
    expects of ``render_real.confirmed`` itself (e.g. ``min = 0``)."""
    if any(e.metric == CONFIRMED for e in scenario.expectations):
        return
    real = report.get("render_real", {})
    if real.get("commands", 0) - real.get("no_device", 0) <= 0:
        return
    confirmed = real.get("confirmed", 0)
    report["expectations"].append({
        "name": "device commands confirmed by their status", "metric": CONFIRMED,
        "limit": {"min": 1.0}, "value": float(confirmed), "passed": confirmed >= 1})


def _report_model_worker(resolver: Any, report: dict[str, Any]) -> None:
    """``llm_worker`` (pid, AMX guard); on a crash ``model_crash`` and a failed expectation."""
    report["llm_worker"] = resolver.info
    if resolver.crash is not None:
        report["model_crash"] = resolver.crash.as_dict()
        report["expectations"].append({"name": "model worker did not crash",
                                       "metric": "model_crash", "limit": {"max": 0},
                                       "value": 1, "passed": False})
