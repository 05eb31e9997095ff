"""Twin throughput: the full SimPy engine against the numpy fast path, side by side.

Workload: 100 voice-burst users (open loop, so both engines apply), a shared 2-slot inference
resource, five faults on (handover spikes, loss, cold loads, fragmentation, pauses), metrics on
(HdrHistogram per stage, perception, L1-L4 monitoring, report). Each engine runs the same plan
three times, alternating; the median rate is reported.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Generator
from typing import Any

import numpy as np
import simpy

from twin import kernels_stream
from twin.plan import make_plan
from twin.runner import run_scenario
from twin.scenario import Scenario, scenario_from_dict

BENCH_SCENARIO: dict[str, Any] = {
    "name": "bench_voice_burst",
    "workload": {"kind": "voice_burst", "users": 100, "period_s": 30, "jitter": 0.2,
                 "closed_loop": False},
    "stages": {"profile": "ideal"},
    "resources": {"inference": 2},
    "faults": [
        {"kind": "rtt_spike", "start_ms": 5000, "duration_ms": 300, "every_ms": 20000},
        {"kind": "packet_loss", "loss": 0.01, "rto_ms": 200},
        {"kind": "cold_load", "start_ms": 0, "every_ms": 600000, "cold_ms": 800},
        {"kind": "fragmentation", "growth_per_s": 0.001, "restart_every_ms": 3600000},
        {"kind": "pause", "start_ms": 1000, "duration_ms": 20, "every_ms": 10000},
    ],
}


def minimal_simpy_rate(arrivals: np.ndarray, work: np.ndarray) -> float:
    """The reference point (ARCHITECTURE.md, "Stage slots"): a minimal SimPy model (a process
    per request, six timeouts, a shared 2-slot resource around inference), no faults, no metrics."""
    env = simpy.Environment()
    slots = simpy.Resource(env, capacity=2)
    rows = work.tolist()

    def request(row: list[float]) -> Generator[Any, Any, None]:
        for k in range(4):
            yield env.timeout(row[k])
        with slots.request() as req:
            yield req
            yield env.timeout(row[4])
        yield env.timeout(row[5])

    def source() -> Generator[Any, Any, None]:
        for t, row in zip(arrivals.tolist(), rows, strict=True):
            yield env.timeout(t - env.now)
            env.process(request(row))

    env.process(source())
    t0 = time.perf_counter()
    env.run()
    return arrivals.size / (time.perf_counter() - t0)


def _rate(sc: Scenario, engine: str, n: int) -> tuple[float, dict[str, Any]]:
    t0 = time.perf_counter()
    result = run_scenario(sc, seed=1, requests=n, engine=engine)
    elapsed = time.perf_counter() - t0
    assert result.report["engine"] == engine
    return n / elapsed, result.report


def throughput(quick: bool) -> list[dict[str, Any]]:
    sc = scenario_from_dict(BENCH_SCENARIO, "benchmarks/bench_twin.py")
    n_des, n_fast = (20_000, 200_000) if quick else (200_000, 2_000_000)
    kernels_stream.warm_up()  # every compiled kernel first: that one-off is twin_compile's
    plan = make_plan(sc, 1, n_des)
    des, fast, minimal = [], [], []
    for _ in range(3):
        minimal.append(minimal_simpy_rate(plan.arrivals_ms, plan.base_ms))
        r, des_report = _rate(sc, "des", n_des)
        des.append(r)
        r, _ = _rate(sc, "fast", n_fast)
        fast.append(r)
    d, f, m = statistics.median(des), statistics.median(fast), statistics.median(minimal)
    common = {"unit": "requests/s", "runs": 3, "stat": "median",
              "e2e_p95_ms": des_report["e2e"]["p95_ms"]}
    return [
        {"name": "twin_des_throughput", "value": round(d), "requests": n_des,
         "target": 50_000, "baseline": round(m), "baseline_name": "minimal SimPy six-stage",
         "ratio": round(d / m, 2), **common},
        {"name": "twin_fast_path_throughput", "value": round(f), "requests": n_fast,
         "target": 2_000_000, "baseline": round(d), "ratio": round(f / d, 1), **common},
    ]


def compile_cost(quick: bool) -> list[dict[str, Any]]:
    """The compiled kernels' one-off cost, apart from throughput: a fresh process with an
    empty numba cache (compiles), then a fresh process reading that cache (the cost every
    later process pays, e.g. each sweep worker)."""
    del quick
    code = ("import time; t0 = time.perf_counter(); from twin import kernels_stream; "
            "t1 = time.perf_counter(); c = time.process_time(); w = kernels_stream.warm_up(); "
            "print(t1 - t0, w, time.process_time() - c)")
    out = []
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for name in ("twin_kernels_compile_s", "twin_kernels_cached_load_s"):
            proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                  text=True, timeout=600, check=True)
            imp, warm, cpu = (float(x) for x in proc.stdout.split())
            out.append({"name": name, "value": round(warm, 3), "unit": "s",
                        "cpu_s": round(cpu, 3), "import_s": round(imp, 3)})
    return out


def scaling(quick: bool) -> list[dict[str, Any]]:
    """Fast-path requests/s against run size (whole run: draws, engine, monitoring, report)
    and the process's peak resident memory after each size (sizes ascending)."""
    sc = scenario_from_dict(BENCH_SCENARIO, "benchmarks/bench_twin.py")
    sizes = (10_000, 100_000) if quick else (10_000, 100_000, 1_000_000, 3_000_000, 10_000_000)
    out = []
    for n in sizes:
        rate, _ = _rate(sc, "fast", n)
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        out.append({"name": "twin_fast_path_scaling", "value": round(rate), "unit": "requests/s",
                    "requests": n, "peak_rss_mb": round(peak_mb)})
    return out


def _cpu_ns(fn: Any, n: int, reps: int) -> tuple[float, Any]:
    """Median CPU ns per request of ``fn()`` over ``reps`` calls after one untimed call (the
    process's first touch of that much memory: on this VM the kernel compacts memory for
    numpy's huge pages then, 0.5 s of system time for a 10^6 run), each result freed before
    the next call (so each reuses the memory of the one before); the last result."""
    out = fn()
    times = []
    for _ in range(reps):
        out = None
        t0 = time.process_time()
        out = fn()
        times.append(time.process_time() - t0)
    return statistics.median(times) / n * 1e9, out


def phases(quick: bool) -> list[dict[str, Any]]:
    """The fast path's cost per request by phase, in CPU time on one thread (the two-thread
    switches off), for 10^6 and 10^7 requests of the throughput workload, beside the DES
    engine's CPU time per request in the same run: where a 50x ratio would have to come
    from. Phases: the plan's draws; the fault extras; the engine (FCFS and pause ends); the
    per-stage times; L1-L4 monitoring; the report's statistics (HdrHistogram counts)."""
    from twin import monitoring, runner
    from twin import plan as plan_module
    from twin.engine_fast import run_fast
    from twin.report import latency_statistics

    sc = scenario_from_dict(BENCH_SCENARIO, "benchmarks/bench_twin.py")
    kernels_stream.warm_up()
    runner.keep_freed_memory()
    saved = plan_module.PARALLEL_DRAWS_MIN
    plan_module.PARALLEL_DRAWS_MIN = 1 << 62  # one thread: CPU time is the work
    try:
        n_des = 20_000 if quick else 100_000
        des_ns, _ = _cpu_ns(lambda: run_scenario(sc, seed=1, requests=n_des, engine="des"),
                            n_des, 1 if quick else 3)
        out = []
        for n in ((100_000,) if quick else (1_000_000, 10_000_000)):
            reps = 3
            plan = timings = None  # the last size's, freed
            row: dict[str, float] = {}
            row["draws"], plan = _cpu_ns(lambda n=n: make_plan(sc, 1, n), n, reps)
            assert plan is not None
            row["fault_extras"], _ = _cpu_ns(plan.work_columns, n, reps)
            fast_ns, timings = _cpu_ns(lambda p=plan: run_fast(p), n, reps)
            assert timings is not None
            row["engine"] = fast_ns - row["fault_extras"]
            row["stage_times"], _ = _cpu_ns(lambda t=timings: (t.leave - t.stage_arrival,
                                                               t.leave[:, -1] - t.arrival),
                                            n, reps)
            row["monitoring"], _ = _cpu_ns(
                lambda p=plan, t=timings: monitoring.compute(p, t, 1000.0), n, reps)
            row["statistics"], _ = _cpu_ns(lambda t=timings: latency_statistics(t), n, reps)
            total = sum(row.values())
            out.append({"name": "twin_fast_path_cpu_ns_per_request", "value": round(total, 1),
                        "unit": "ns", "requests": n, "stat": f"median of {reps}",
                        **{f"{k}_ns": round(v, 1) for k, v in row.items()},
                        "baseline": round(des_ns), "baseline_name":
                        f"DES engine CPU ns per request ({n_des} requests, same run)",
                        "ratio": round(des_ns / total, 1),
                        "wall_ns_for_50x_of_des": round(des_ns / 50, 1)})
        return out
    finally:
        plan_module.PARALLEL_DRAWS_MIN = saved


BENCHMARKS = {"twin_throughput": throughput, "twin_compile": compile_cost,
              "twin_scaling": scaling, "twin_phases": phases}
