"""``twin run`` with real stages: the scenario in lockstep with the real parts.

A stage is real when the scenario says ``mode = "real"`` (``model_load``/``inference``: the
llama.cpp model; ``render``: a rig's devices) or, for ``render``, when ``--rig`` is given.
Without ``--rig`` a real render uses the ``ci-virtual`` rig (simulated ECUs). Traces
(``can.blf``, ``can.asc``, ``serial.log``) go into the output folder; the actuators are
commanded to their safe state on every exit path (pass, fail, error, SIGINT, SIGTERM).
"""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from hil.binding import RealBinding
from hil.links.signals import Terminated, exit_on_signals
from hil.render import render_backend
from twin.actuation_verdict import actuation_expectations
from twin.config.actuation import actuation_config
from twin.errors import InputError
from twin.metrics import ACCEPTABLE_MS, INSTANT_MS
from twin.report import build_report, evaluate_expectations
from twin.runner import RunResult, run_scenario
from twin.scenario import Scenario
from twin.timings import Timings

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
    binding: RealBinding | None = None
    try:
        result, backend, binding = _run(scenario, rig, seed, requests, out, model, n_threads,
                                        real, link_faults)
    except (KeyboardInterrupt, Terminated) as exc:  # the session closed: safe state done
        partial = getattr(exc, "partial_timings", None)
        binding = getattr(exc, "binding", None)
        if partial is None or binding is None:
            raise  # interrupted before any request ran: nothing to keep
        result = _interrupted(scenario, seed, partial, binding, exc)
        backend = binding.render
    resolver = binding.resolver if binding is not None else None
    if backend is not None:
        result.report.update(backend.report())  # after close: the safe state is known
        _fold_actuation(result, binding, getattr(result, "finished_mask", None))
    for stage in real:
        result.report["stages"][stage]["mode"] = "real"
    if not result.report.get("interrupted"):
        result.report["expectations"] = evaluate_expectations(scenario, result.report)
    else:
        result.report["expectations"] = _partial_expectations(scenario, result.report)
    if backend is not None:
        result.report["expectations"] += actuation_expectations(
            allowances, result.report["actuation"])
    if resolver is not None:
        _report_model_worker(resolver, result.report)
    return result


def _run(scenario: Scenario, rig: str | None, seed: int, requests: int | None, out: Path,
         model: str | None, n_threads: int, real: set[str], link_faults: list[Any]
         ) -> tuple[RunResult, Any, RealBinding]:
    resolver: Any = None
    binding: RealBinding | None = None
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
        try:
            result = run_scenario(scenario, seed=seed, requests=requests, engine="des",
                                  binding=binding)
        except (KeyboardInterrupt, Terminated) as exc:
            exc.binding = binding  # type: ignore[attr-defined]
            raise
    return result, backend, binding


def _interrupted(scenario: Scenario, seed: int, partial: Timings, binding: RealBinding,
                 exc: BaseException) -> RunResult:
    """What an interrupted run keeps: the finished requests, ``interrupted: true``, an error
    expectation; the CLI writes it and exits 130 (SIGINT) or 143 (SIGTERM)."""
    done = partial.finished
    timings = partial.subset(done)
    mon = {"window_ms": 1000.0, "windows": [], "alerts": []}
    quiet = replace(scenario, expectations=[])
    report = build_report(quiet, seed, timings, mon, dict(scenario.modes),
                          {"lockstep": binding.env.stats.summary()})
    name = "SIGTERM" if isinstance(exc, Terminated) else "SIGINT"
    report.update(interrupted=True, interrupted_by=name,
                  requests_completed=int(done.sum()), requests_planned=int(partial.n))
    result = RunResult(scenario, None, timings, report, mon,  # type: ignore[arg-type]
                       {"request_index": np.flatnonzero(done)})
    result.finished_mask = done  # type: ignore[attr-defined]
    result.interrupted_by = exc  # type: ignore[attr-defined]
    return result


def _partial_expectations(scenario: Scenario, report: dict[str, Any]) -> list[dict[str, Any]]:
    """The scenario's expectations on what finished (not measured: failed, never passed),
    plus the error that the run did not finish."""
    out: list[dict[str, Any]] = [{
        "name": "run finished", "metric": "interrupted", "limit": {"max": 0}, "value": 1,
        "passed": False, "error_type": "Interrupted",
        "error": f"interrupted by {report['interrupted_by']} after "
                 f"{report['requests_completed']} of {report['requests_planned']} requests",
        "reason": "a run that did not finish has no verdict on the requests it did not run"}]
    for exp in scenario.expectations:
        try:
            out += evaluate_expectations(replace(scenario, expectations=[exp]), report)
        except InputError:
            out.append({"name": exp.name, "metric": exp.metric,
                        "limit": {k: v for k, v in (("max", exp.max), ("min", exp.min))
                                  if v is not None},
                        "value": None, "passed": False,
                        "skipped": "not measured: the run was interrupted"})
    return out


def _fold_actuation(result: RunResult, binding: RealBinding,
                    mask: np.ndarray | None = None) -> None:
    """Per-request actuation columns; a request whose command (or ack) failed is neither
    ``correct`` nor counted in a perception class (``perception.failed`` instead)."""
    columns = binding.request_columns(len(mask) if mask is not None else result.timings.n)
    if mask is not None:
        columns = {k: v[mask] for k, v in columns.items()}
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
