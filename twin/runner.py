"""Run a scenario: draw the plan, pick the engine, run it, and build the report."""

from __future__ import annotations

import ctypes
import functools
import platform
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from latency_models.faults import LinkWindow
from latency_models.stages import INFERENCE, STAGES
from twin import assisted, calibrated, capture_model, monitoring
from twin.assistant.placement import attribute_network
from twin.control import controller_from_scenario
from twin.engine_des import RealStage, run_des
from twin.engine_fast import run_fast
from twin.errors import InputError
from twin.plan import Plan, make_plan
from twin.progress import counting
from twin.report import build_report, latency_statistics
from twin.scenario import Scenario
from twin.timings import Timings
from twin.workloads import is_open_loop

MAX_OCCURRENCES = 1000  # listed per repeating fault (a bound on the report's size)
PARALLEL_STATS_MIN = 100_000  # runs at least this long monitor and measure on two threads
#: glibc's malloc serves blocks of at least this many bytes from the heap, and keeps up to
#: this many freed bytes at the heap's top, instead of mapping and unmapping each large array
KEEP_FREED_BYTES = 1 << 30


@dataclass
class RunResult:
    scenario: Scenario
    plan: Plan
    timings: Timings
    report: dict[str, Any]
    monitoring: dict[str, Any]
    extra_columns: dict[str, np.ndarray] = field(default_factory=dict)
    #: the real calls a binding recorded (stage, class, features, ms), for calibration
    calls: list[Any] = field(default_factory=list)
    #: a chunked run's ``timings`` are a sample: the requests' indices (None: every request)
    request_index: np.ndarray | None = None

    def request_arrays(self) -> dict[str, np.ndarray]:
        """Per-request arrays for plots: arrival, a column per stage, e2e, path (if any)."""
        t = self.timings
        arrays = {"arrival_ms": t.arrival, "e2e_ms": t.e2e_ms}
        arrays.update({f"{s}_ms": t.stage_ms[:, k] for k, s in enumerate(STAGES)})
        arrays.update(self.extra_columns)
        return arrays

    @property
    def passed(self) -> bool:
        return all(e["passed"] for e in self.report["expectations"])

    @property
    def timeline(self) -> list[dict[str, Any]]:
        """Fault windows (every occurrence of a repeating fault, up to MAX_OCCURRENCES each)
        and alerts on the simulated clock (for plots and the report's table)."""
        span = float(self.timings.arrival.max()) if self.timings.n else 0.0
        items: list[dict[str, Any]] = []
        for f in self.plan.faults:
            end = min(span, f.until_ms)
            starts = (np.arange(f.start_ms, end, f.every_ms)[:MAX_OCCURRENCES] if f.every_ms
                      else np.array([f.start_ms]))
            for start in starts.tolist():
                item = {
                    "t_ms": start, "kind": "fault", "name": f.kind,
                    "duration_ms": min(f.duration_ms, max(span - start, 0.0)),
                    "every_ms": f.every_ms,
                    "whole_run": start <= 0.0 and start + f.duration_ms >= span,
                }
                if isinstance(f, LinkWindow):  # a link fault names the device it targets
                    item["device"] = f.device
                items.append(item)
        controlled = self.report.get("degrade_on_alert", {}).get("alerts", [])
        return items + list(self.monitoring["alerts"]) + list(controlled)


def choose_engine(scenario: Scenario, requested: str | None, real: bool) -> str:
    """``fast`` when it gives the exact same answer (open-loop, nothing real or controlled by
    the live simulation), else ``des``."""
    wanted = requested or scenario.engine
    fast_ok = is_open_loop(scenario.workload) and not real
    if wanted == "fast" and not fast_ok:
        return "des"
    if wanted == "auto":
        return "fast" if fast_ok else "des"
    return wanted


class Binding(Protocol):
    """Real backends for some stage slots (bound by the hardware floor): given the drawn plan
    (and the assistant's plan, if any) it returns the environment to run in (a lockstep one)
    and the real stages; after the run, ``finish`` returns the report keys it adds. An optional
    ``simulated()`` is called as soon as every simulated event ran (inside the engine's
    interrupt guard)."""

    def bind(self, plan: Plan, ap: assisted.AssistedPlan | None
             ) -> tuple[Any, dict[str, RealStage]]: ...

    def finish(self, timings: Timings) -> dict[str, Any]: ...


def monitor_and_measure(plan: Plan, timings: Timings, window_ms: float
                        ) -> tuple[dict[str, Any], dict[str, Any]]:
    """L1-L4 monitoring and the report's latency statistics. They read the same timings and
    write nothing shared, so a large run computes them on two threads (their compiled and
    numpy passes release the GIL); the results are the same either way."""
    if timings.n < PARALLEL_STATS_MIN:
        return monitoring.compute(plan, timings, window_ms), latency_statistics(timings)
    # the statistics read only the timings' own arrays: the monitor's thread alone computes
    # (and caches) the per-stage times and e2e
    with ThreadPoolExecutor(max_workers=1) as pool:
        mon = pool.submit(monitoring.compute, plan, timings, window_ms)
        stats = latency_statistics(timings)
        return mon.result(), stats


@functools.cache
def keep_freed_memory() -> bool:
    """Let glibc keep a run's freed arrays for the next run in this process (a what-if
    sweep's worker runs point after point). By default each array over 32 MB is mapped
    fresh and unmapped when freed, so every run faults its memory in again page by page
    (0.04-0.49 s of system time per 10^6-request point on a shared 2-vCPU VM, BENCHMARKS.md
    "Ninth session"). The peak resident memory is the same; the process keeps it until it
    exits. A no-op (False) where the C library is not glibc."""
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    m_trim_threshold, m_mmap_threshold = -1, -3  # <malloc.h>
    return bool(mallopt(m_mmap_threshold, KEEP_FREED_BYTES)
                and mallopt(m_trim_threshold, KEEP_FREED_BYTES))


@functools.cache
def no_huge_pages() -> bool:
    """Ask numpy not to advise huge pages for its large arrays (numpy's own switch; what
    ``NUMPY_MADVISE_HUGEPAGE=0`` does at import). With the kernel's default ``defrag =
    madvise``, the first touch of each advised 2 MB page may compact memory first: on the
    shared 2-vCPU VM this project is measured on that was 0.6-2.4 s of system time for a run
    of 10^6-2x10^6 requests, against 0.06 s with ordinary pages and about the same user time
    (BENCHMARKS.md, "Ninth session"). False where numpy has no such switch."""
    core = getattr(np, "_core", None)  # numpy >= 2
    switch = getattr(getattr(core, "multiarray", None), "_set_madvise_hugepage", None)
    if switch is None:
        return False
    switch(False)
    return True


def run_scenario(
    scenario: Scenario,
    seed: int | None = None,
    requests: int | None = None,
    engine: str | None = None,
    binding: Binding | None = None,
    chunk: int | None = None,
    sample_every: int | None = None,
) -> RunResult:
    """Run ``scenario`` (seed and request count default to the scenario's own); with
    ``chunk``, in chunks of that many requests (:mod:`twin.chunked`: memory bounded by the
    chunk, the timings kept are every ``sample_every``-th request's)."""
    seed = scenario.seed if seed is None else seed
    n = scenario.requests if requests is None else requests
    keep_freed_memory()
    no_huge_pages()
    if chunk is not None:
        if binding is not None or engine == "des":
            raise InputError(scenario.source, "--chunk-requests",
                             "a modelled run on the fast engine")
        return run_chunked_scenario(scenario, seed, n, chunk, sample_every)
    plan = make_plan(scenario, seed, n)
    config = assisted.assistant_config(scenario)
    ap = assisted.prepare(plan, config) if config is not None else None
    env, real = binding.bind(plan, ap) if binding is not None else (None, {})
    fitted_capture = None if "capture" in real else capture_model.load(scenario)
    # endpoints first: a premature one cuts the words the other models then read
    captured = (capture_model.apply(plan, scenario, ap, fitted_capture)
                if fitted_capture is not None else None)
    models = {s: m for s, m in calibrated.load_conditioned(scenario).items() if s not in real}
    info = calibrated.apply(plan, scenario, ap, models) if models else {}
    controller = controller_from_scenario(scenario.monitoring, scenario.source)
    chosen = choose_engine(scenario, engine, bool(real) or controller is not None)
    timings = (run_fast(plan) if chosen == "fast"
               else run_des(plan, env=env, real=real, controller=controller,
                            on_done=getattr(binding, "simulated", None)))
    if (info and not real and controller is None
            and calibrated.contend(plan, info, models, timings.start[:, INFERENCE],
                                   timings.end[:, INFERENCE])):
        # calls that overlapped run slower (fitted slowdown): run the slowed plan again
        timings = run_fast(plan) if chosen == "fast" else run_des(plan)
    if binding is not None and hasattr(binding, "retime"):  # e.g. arrival at end of speech
        timings = binding.retime(timings)
    modes = {s: ("real" if real and s in real else scenario.modes[s]) for s in STAGES}
    extra: dict[str, Any] = {}
    columns: dict[str, np.ndarray] = {}
    if ap is not None:  # decided on the timeline as run (the DUT call, network included)
        switched = controller.switched if controller is not None else None
        made = assisted.decisions(ap, timings, switched)
        extra, columns = assisted.report_additions(ap, timings, made)
        if "inference" in real:  # a real run reports what it ran (dut.router, dut.streaming)
            extra.pop("router_modelled", None)
            extra.pop("streaming_modelled", None)
            if "route" in columns and hasattr(binding, "routes"):  # where each call went
                columns["route"] = binding.routes(plan.n)
    if captured is not None:
        columns.update(capture_model.columns(captured))
        extra.update(capture_model.report(captured, scenario.config.capture))
    network = _dut_network(plan, binding, real)
    if network is not None:  # a networked DUT's round trips go to the network slot
        timings = attribute_network(timings, network)
        columns["network_source"] = np.where(
            network > 0, "proxy" if "network" in real else "modelled", "none")
        extra["dut_network"] = {
            "requests": int(np.count_nonzero(network > 0)),
            "source": ("measured by the impairment proxy (request and response legs)"
                       if "network" in real else "drawn from the DUT's network model"),
            "local_requests": int(np.count_nonzero(network <= 0))}
    window = float(scenario.monitoring.window_ms)
    mon, stats = monitor_and_measure(plan, timings, window)
    if controller is not None:
        extra["degrade_on_alert"] = {
            "alerts": controller.alerts,
            "alerts_fired": len(controller.alerts),
            "switched_requests": len(controller.switched),
        }
    if binding is not None:
        extra.update(binding.finish(timings))
        if hasattr(binding, "backend_columns"):
            columns.update(binding.backend_columns(plan.n))
    report = build_report(scenario, seed, timings, mon, modes, extra, stats)
    if "dut_network" in extra:
        report["stages"]["network"]["dut_network"] = extra["dut_network"]
    if controller is not None and binding is None:
        report["degrade_on_alert"]["versus_no_control"] = _control_effect(
            scenario, seed, n, report)
    return RunResult(scenario, plan, timings, report, mon, columns,
                     list(getattr(binding, "records", [])))


def run_chunked_scenario(scenario: Scenario, seed: int, n: int, chunk: int,
                         sample_every: int | None = None) -> RunResult:
    """:func:`run_scenario` in chunks (:func:`twin.chunked.run_chunked`); the report says so
    in ``chunked``."""
    from twin.chunked import run_chunked

    done = [0]
    with counting(n, lambda: done[0]):
        run = run_chunked(scenario, seed, n, chunk, sample_every,
                          lambda k: done.__setitem__(0, k))
    stats = {**run.stats, "requests": run.n, "requests_hit": run.requests_hit}
    modes = {s: scenario.modes[s] for s in STAGES}
    report = build_report(scenario, seed, run.sample, run.monitoring, modes, {}, stats)
    report["chunked"] = {
        "chunk_requests": run.chunk, "chunks": run.chunks,
        "carried_max": run.carried_max,
        "sampled_every": run.sample_every, "sampled_requests": int(run.sample_index.size),
    }
    return RunResult(scenario, run.plan, run.sample, report, run.monitoring,
                     request_index=run.sample_index)


def _dut_network(plan: Plan, binding: Binding | None,
                 real: dict[str, RealStage]) -> np.ndarray | None:
    """Per-request network time of a networked DUT (ms; 0 for requests answered locally):
    measured by the binding when its network slot is real, else the twin's drawn round trip;
    None when the scenario has no networked DUT."""
    if "network" in real and binding is not None and hasattr(binding, "network_ms"):
        return np.asarray(binding.network_ms(plan.n), dtype=float)
    return plan.labels.get(assisted.DUT_NETWORK)


def _control_effect(scenario: Scenario, seed: int, n: int,
                    report: dict[str, Any]) -> dict[str, Any]:
    """What degrade-on-alert cost or saved: the same seed and draws without the control."""
    plain_scenario = scenario.with_config(
        monitoring=scenario.monitoring.model_copy(update={"degrade_on_alert": False}),
        expectations=[])
    plain = run_scenario(plain_scenario, seed, n, "des").report
    out: dict[str, Any] = {}
    for key in ("p50_ms", "p95_ms", "p99_ms"):
        out[f"e2e_{key}_saved"] = round(plain["e2e"][key] - report["e2e"][key], 3)
    out["first_feedback_p99_ms_saved"] = round(
        plain["first_feedback"]["p99_ms"] - report["first_feedback"]["p99_ms"], 3)
    with_acc = report["intent_accuracy"]["overall"]
    without_acc = plain["intent_accuracy"]["overall"]
    out["intent_accuracy_cost"] = (None if with_acc is None or without_acc is None
                                   else round(without_acc - with_acc, 4))
    return out
