"""``twin run`` with real stages: the scenario in lockstep with the real parts.

A stage is real when the scenario says ``mode = "real"`` (``model_load``/``inference``: the
llama.cpp model; ``render``: a rig's devices) or, for ``render``, when ``--rig`` is given.
Without ``--rig`` a real render uses the ``ci-virtual`` rig (simulated ECUs). Traces
(``can.blf``, ``can.asc``, ``serial.log``) go into the output folder; the actuators are
commanded to their safe state on every exit path (pass, fail, error, SIGINT, SIGTERM).
"""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Any

import numpy as np

from hil.binding import RealBinding
from hil.links.signals import exit_on_signals
from hil.render import render_backend
from twin.actuation_verdict import actuation_expectations
from twin.config.actuation import actuation_config
from twin.errors import InputError
from twin.metrics import ACCEPTABLE_MS, INSTANT_MS
from twin.report import evaluate_expectations
from twin.runner import RunResult, run_scenario
from twin.scenario import Scenario

DEFAULT_RIG = "ci-virtual"
LINK_FAULT_PREFIXES = ("can_", "serial_", "device_", "bus_")


def real_stages(scenario: Scenario, rig: str | None) -> set[str]:
    real = {s for s, mode in scenario.modes.items() if mode == "real"}
    if rig:
        real.add("render")
    unsupported = real - {"model_load", "inference", "render"}
    if unsupported:
        stage = sorted(unsupported)[0]
        raise InputError(scenario.source, f"stages.{stage}.mode",
                         "modelled (real backends exist for model_load, inference, render)")
    return real


def run_real(scenario: Scenario, rig: str | None, seed: int | None, requests: int | None,
             out: Path, model: str | None = None, n_threads: int = 2) -> RunResult:
    """Run with the real stages bound; the report gains lockstep, llm_real, devices, rig."""
    seed = scenario.seed if seed is None else seed
    real = real_stages(scenario, rig)
    allowances = actuation_config(scenario.raw, scenario.source)  # bad keys: exit 2 first
    link_faults = [f for f in scenario.raw.get("faults", [])
                   if isinstance(f, dict) and str(f.get("kind", "")).startswith(
                       LINK_FAULT_PREFIXES)]
    resolver: Any = None
    with ExitStack() as stack:
        stack.enter_context(exit_on_signals())
        if real & {"model_load", "inference"}:
            # the model runs in a worker process: a native crash there degrades to rules only
            from hil.llm.worker import worker_resolver

            resolver = stack.enter_context(worker_resolver(model, n_threads=n_threads))
        backend = None
        if "render" in real:
            backend = stack.enter_context(render_backend(rig or DEFAULT_RIG, out, link_faults,
                                                         seed, scenario.source))
        binding = RealBinding(render=backend, resolver=resolver)
        result = run_scenario(scenario, seed=seed, requests=requests, engine="des",
                              binding=binding)
    if backend is not None:
        result.report.update(backend.report())  # after close: the safe state is known
        _fold_actuation(result, binding)
    for stage in real:
        result.report["stages"][stage]["mode"] = "real"
    result.report["expectations"] = evaluate_expectations(scenario, result.report)
    if backend is not None:
        result.report["expectations"] += actuation_expectations(
            allowances, result.report["actuation"])
    if resolver is not None:
        _report_model_worker(resolver, result.report)
    return result


def _fold_actuation(result: RunResult, binding: RealBinding) -> None:
    """Per-request actuation columns; a request whose command (or ack) failed is neither
    ``correct`` nor counted in a perception class (``perception.failed`` instead)."""
    columns = binding.request_columns(result.timings.n)
    failed = columns["actuation_failed"]
    result.extra_columns.update(columns)
    if "correct" in result.extra_columns:
        result.extra_columns["correct"] = result.extra_columns["correct"] & ~failed
    e2e = result.timings.e2e_ms
    n = max(int(e2e.size), 1)
    perception = result.report["perception"]
    for name, low, high in (("instant", -np.inf, INSTANT_MS),
                            ("acceptable", INSTANT_MS, ACCEPTABLE_MS),
                            ("sluggish", ACCEPTABLE_MS, np.inf)):
        inside = (e2e > low) & (e2e <= high) & ~failed
        perception[name] = int(np.count_nonzero(inside)) / n
    perception["failed"] = int(np.count_nonzero(failed)) / n
    result.report["actuation"]["requests_failed"] = int(np.count_nonzero(failed))


def _report_model_worker(resolver: Any, report: dict[str, Any]) -> None:
    """``llm_worker`` (pid, AMX guard); on a crash ``model_crash`` and a failed expectation."""
    report["llm_worker"] = resolver.info
    if resolver.crash is not None:
        report["model_crash"] = resolver.crash.as_dict()
        report["expectations"].append({"name": "model worker did not crash",
                                       "metric": "model_crash", "limit": {"max": 0},
                                       "value": 1, "passed": False})
