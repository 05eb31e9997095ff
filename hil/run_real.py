"""``twin run`` with real stages: the scenario in lockstep with the real parts.

Which stages are real, and with which backend, is decided once by :mod:`hil.backends`
(``backend = NAME`` or ``mode = "real"`` in the stage's table; ``--rig`` makes ``render``
real). Without ``--rig`` a real render uses the ``ci-virtual`` rig (simulated ECUs). Traces
(``can.blf``, ``can.asc``, ``serial.log``) go into the output folder; the actuators are
commanded to their safe state on every exit path (pass, fail, error, SIGINT, SIGTERM) before
the report, and its expectations, are made. The model runs in a worker process: a native crash
there degrades the run to rules only and is reported.

Actuation is part of the verdict (issue 11): every command's outcome is in the report, a
request whose command failed is neither ``correct`` nor in a perception class, and built-in
expectations (:mod:`twin.verdict`) fail the run unless ``[actuation]`` allows it. A
run interrupted by SIGINT/SIGTERM keeps the requests that finished (``interrupted: true`` and an
error expectation); the CLI writes it and exits 130/143.
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from hil.backends import DEFAULT_RIG, RunContext, open_backends, select_backends
from hil.binding import RealBinding
from hil.dut.stream import hmi_sink
from hil.links.signals import DeferredSignals, Terminated, deferred_signals, exit_on_signals
from hil.render import UNSERVED
from latency_models.stages import STAGES
from twin.assistant.placement import attribute_network
from twin.errors import InputError
from twin.metrics import ACCEPTABLE_MS, INSTANT_MS
from twin.report import build_report, evaluate_expectations, judge
from twin.runner import RunResult, run_scenario
from twin.scenario import Scenario
from twin.timings import Timings
from twin.verdict.actuation import fold_unserved
from twin.verdict.budget import budget_expectations
from twin.verdict.builtins import real_run_builtins

__all__ = ["DEFAULT_RIG", "DeferredSignals", "deferred_signals", "real_stages", "run_real"]


def real_stages(scenario: Scenario, rig: str | None) -> set[str]:
    """The stages a run binds to real backends."""
    return set(select_backends(scenario, rig))


class _Binding(RealBinding):
    """The real binding; once every simulated event ran (``simulated``, called by the engine
    inside its interrupt guard), an interrupt waits: from there on every request finished, and
    the run is kept whole, marked interrupted."""

    deferred: DeferredSignals

    def simulated(self) -> None:
        self.deferred.engage()

    def finish(self, timings: Timings) -> dict[str, Any]:
        self.deferred.engage()
        return super().finish(timings)


def run_real(scenario: Scenario, rig: str | None, seed: int | None, requests: int | None,
             out: Path, model: str | None = None, n_threads: int = 2,
             interrupts: DeferredSignals | None = None,
             replay: Path | None = None) -> RunResult:
    """Run with the real stages bound; the report gains lockstep, llm_real, devices, rig,
    actuation (and, when interrupted, ``interrupted`` and what finished).

    An interrupt while the requests run ends them (the finished ones are kept); one after
    them (while the session closes, the report is made, or, with ``interrupts`` from the
    caller, its files are written) is recorded in ``interrupts`` and marks the whole run
    interrupted. Either way the result has ``interrupted_by`` to raise once it is written.
    ``replay``: a BLF/ASC trace sent on the rig's bus as background traffic
    (:mod:`hil.links.replay`)."""
    with deferred_signals(interrupts) as deferred:
        result = _run_real(scenario, rig, seed, requests, out, model, n_threads, deferred,
                           replay)
        if deferred.caught is not None and not result.report.get("interrupted"):
            mark_interrupted(result, deferred.caught)
    return result


def mark_interrupted(result: RunResult, exc: BaseException) -> None:
    """A run interrupted after its requests: every result kept, ``interrupted: true``, the
    error expectation that it did not finish cleanly, ``interrupted_by`` to raise."""
    report = result.report
    name = "SIGTERM" if isinstance(exc, Terminated) else "SIGINT"
    n = int(report.get("requests", 0))
    report.update(interrupted=True, interrupted_by=name, requests_completed=n,
                  requests_planned=n)
    report["expectations"] = [_not_finished(
        report, f"interrupted by {name} after all {n} requests, while the report was made",
    )] + [e for e in report["expectations"] if e.get("metric") != "interrupted"]
    result.interrupted_by = exc  # type: ignore[attr-defined]


def _not_finished(report: dict[str, Any], error: str) -> dict[str, Any]:
    return {"name": "run finished", "metric": "interrupted", "limit": {"max": 0}, "value": 1,
            "passed": False, "error_type": "Interrupted", "error": error,
            "reason": "a run that did not finish has no verdict on the requests it did not run"}


@contextmanager
def _heap_frozen() -> Iterator[None]:
    """Objects that exist before the run are kept out of the cyclic collector while it runs:
    a full collection then walks only what the run allocates, not a large host heap (a long
    test session's, a notebook's), whose traversal stalls every thread past a status timeout."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _run_real(scenario: Scenario, rig: str | None, seed: int | None, requests: int | None,
              out: Path, model: str | None, n_threads: int,
              deferred: DeferredSignals, replay: Path | None = None) -> RunResult:
    seed = scenario.seed if seed is None else seed
    ctx = RunContext(scenario, rig, out, seed, model, n_threads, replay)
    binding: RealBinding | None = None
    try:
        with ExitStack() as stack:
            stack.enter_context(exit_on_signals())
            stack.enter_context(_heap_frozen())
            if deferred.caught is not None:  # interrupted while the run was set up
                raise deferred.caught
            parts = open_backends(ctx, stack)
            if parts.render is not None and hasattr(parts.resolver, "stream_sink"):
                parts.resolver.stream_sink = hmi_sink(parts.render)  # streamed answers, paced
            binding = _Binding(parts, close=stack.pop_all())
            binding.deferred = deferred
            binding.trace_scope = (scenario.name, seed)  # otel.json's ids, sent to the DUT
            try:
                result = run_scenario(scenario, seed=seed, requests=requests, engine="des",
                                      binding=binding)
            finally:
                binding.close()  # safe state on every exit path (idempotent)
        mask = None
    except (KeyboardInterrupt, Terminated) as exc:  # the session closed: safe state done
        deferred.engage()  # a second interrupt waits for this report
        if binding is None:  # before the first request: nothing ran, nothing to keep
            return _not_started(scenario, seed, requests, exc)
        partial = getattr(exc, "partial_timings", None)
        if partial is None:  # before the requests started (the plan, the bindings)
            partial = _empty_timings(scenario, requests)
        result = _interrupted(scenario, seed, partial, binding, exc)
        mask = partial.finished
    if binding.render is not None:
        _fold_actuation(scenario, result, binding, mask)
    if binding.resolver is not None and hasattr(binding.resolver, "crash"):
        _report_model_worker(binding.resolver, result.report)
    if result.report.get("interrupted"):
        result.report["expectations"] = _partial_expectations(scenario, result.report)
    else:  # again: perception and correctness now count failed commands
        result.report["expectations"] = judge(scenario, result.report)
    result.report["expectations"] += real_run_builtins(scenario, result.report)
    measured = result.report.get("dut", {}).get("network_real")
    if measured:  # networked DUTs: the proxy's measured holds, next to the modelled stage
        result.report["stages"]["network"]["dut_measured"] = measured
    return result


def _empty_timings(scenario: Scenario, requests: int | None) -> Timings:
    """Timings of a run interrupted before its first request: ``requests`` planned, none
    finished (every time NaN)."""
    n = scenario.requests if requests is None else requests
    k = len(STAGES)
    nan = np.full((n, k), np.nan)
    return Timings(np.full(n, np.nan), nan, nan.copy(), nan.copy(), nan.copy(),
                   np.zeros((n, len(scenario.faults)), dtype=bool), "des")


def _not_started(scenario: Scenario, seed: int, requests: int | None,
                 exc: BaseException) -> RunResult:
    """The report of a run interrupted while its backends opened: no request ran."""
    planned = _empty_timings(scenario, requests)
    timings = planned.subset(planned.finished)
    mon = {"window_ms": 1000.0, "windows": [], "alerts": []}
    report = build_report(scenario.with_config(expectations=[]), seed, timings, mon,
                          dict(scenario.modes))
    name = "SIGTERM" if isinstance(exc, Terminated) else "SIGINT"
    report.update(interrupted=True, interrupted_by=name, requests_completed=0,
                  requests_planned=planned.n)
    report["expectations"] = [_not_finished(
        report, f"interrupted by {name} before the first request (while the backends "
                f"opened)")]
    result = RunResult(scenario, None, timings, report, mon)  # type: ignore[arg-type]
    result.interrupted_by = exc  # type: ignore[attr-defined]
    return result


def _interrupted(scenario: Scenario, seed: int, partial: Timings, binding: RealBinding,
                 exc: BaseException) -> RunResult:
    """What an interrupted run keeps: the finished requests, ``interrupted: true``, an error
    expectation; the CLI writes it and exits 130 (SIGINT) or 143 (SIGTERM)."""
    done = partial.finished
    timings = binding.retime(partial.subset(done), np.flatnonzero(done))
    if "network" in binding.parts.stages:  # the proxy's measured time, in the network slot
        timings = attribute_network(timings, binding.network_ms(partial.n)[done])
    mon = {"window_ms": 1000.0, "windows": [], "alerts": []}
    quiet = scenario.with_config(expectations=[])
    extra = binding.finish(timings)
    modes = {s: ("real" if s in binding.parts.stages else m) for s, m in scenario.modes.items()}
    report = build_report(quiet, seed, timings, mon, modes, extra)
    name = "SIGTERM" if isinstance(exc, Terminated) else "SIGINT"
    report.update(interrupted=True, interrupted_by=name,
                  requests_completed=int(done.sum()), requests_planned=int(partial.n))
    columns = {k: v[done] for k, v in binding.backend_columns(partial.n).items()}
    result = RunResult(scenario, None, timings, report, mon,  # type: ignore[arg-type]
                       extra_columns={**columns, "request_index": np.flatnonzero(done)})
    result.interrupted_by = exc  # type: ignore[attr-defined]
    return result


def _partial_expectations(scenario: Scenario, report: dict[str, Any]) -> list[dict[str, Any]]:
    """The scenario's expectations on what finished (not measured: failed, never passed),
    plus the error that the run did not finish."""
    out: list[dict[str, Any]] = [_not_finished(
        report, f"interrupted by {report['interrupted_by']} after "
                f"{report['requests_completed']} of {report['requests_planned']} requests")]
    for exp in scenario.expectations:
        try:
            out += evaluate_expectations(replace(scenario, expectations=[exp]), report)
        except InputError:
            out.append({"name": exp.name, "metric": exp.metric,
                        "limit": {k: v for k, v in (("max", exp.max), ("min", exp.min))
                                  if v is not None},
                        "value": None, "passed": False,
                        "skipped": "not measured: the run was interrupted"})
    own = out[1:]
    return out + budget_expectations(scenario.expectations, report, own)


def _fold_actuation(scenario: Scenario, result: RunResult, binding: RealBinding,
                    mask: np.ndarray | None = None) -> None:
    """Per-request actuation columns; a request whose command (or ack) failed is neither
    ``correct`` nor counted in a perception class (``perception.failed`` instead); the
    unserved requests counted against ``[actuation] unserved``."""
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
    unserved = Counter(o for o in columns["command_intent"][columns["actuation"] == UNSERVED])
    fold_unserved(scenario.config.actuation, result.report["actuation"],
                  {str(k): int(v) for k, v in unserved.items()})


def _report_model_worker(resolver: Any, report: dict[str, Any]) -> None:
    """``llm_worker`` (pid, AMX guard); on a crash ``model_crash`` (a failed built-in)."""
    report["llm_worker"] = resolver.info
    if resolver.crash is not None:  # judged by twin.verdict.run_health
        report["model_crash"] = resolver.crash.as_dict()
