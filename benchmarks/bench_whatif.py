"""What-if building blocks: sweep scaling with workers, network models at 1M requests,
report.html rendering at 10k requests.

``whatif_1m_point_s`` times one 1M-request point of the twin itself; the sweep benchmark runs
the twin's point function over 4 points x replications on 1 and 2 worker processes.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from latency_models.network import Http2, Http11Pool, Link, Quic, WebSocket, rtt_preset
from latency_models.stages import STAGES
from twin.whatif import twin_point

#: stage medians (ms) for the report-rendering benchmark's synthetic requests
STAND_IN_MEDIANS = {"capture": 12.0, "network": 18.0, "scheduling": 4.0, "model_load": 8.0,
                    "inference": 25.0, "render": 15.0}

#: a what-if point: voice-burst users (open loop, so the fast path runs), 2 inference slots,
#: handover spikes and loss, monitoring on
POINT_SCENARIO: dict[str, Any] = {
    "name": "bench_point",
    "seed": 1,
    "workload": {"kind": "voice_burst", "users": 1000, "period_s": 30, "closed_loop": False},
    "stages": {"profile": "ideal", "inference": {"scale": 1.0}},
    "resources": {"inference": 2},
    "faults": [
        {"kind": "rtt_spike", "start_ms": 5000, "duration_ms": 300, "every_ms": 20000},
        {"kind": "packet_loss", "loss": 0.01, "rto_ms": 200},
    ],
}


def _wall(fn: Callable[[], Any], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def _stats(name: str, samples: list[float], unit: str = "s", **extra: Any) -> dict[str, Any]:
    arr = np.asarray(samples)
    return {
        "name": name, "value": float(np.median(arr)), "unit": unit,
        "p95": float(np.percentile(arr, 95)), "p99": float(np.percentile(arr, 99)),
        "repeats": len(samples), **extra,
    }  # fmt: skip


def bench_sweep_scaling(quick: bool) -> list[dict[str, Any]]:
    from twin.sweep import parse_varies, run_sweep

    raw = {**POINT_SCENARIO, "requests": 50_000 if quick else 200_000}
    varies = parse_varies(["stages.inference.scale=0.5,0.75,1.0,1.5"])
    reps = 2 if quick else 3
    repeats = 1 if quick else 3
    timings = {
        ex: _wall(lambda ex=ex: run_sweep(raw, varies, reps, ex, twin_point, create_keys=True),
                  repeats)
        for ex in ("serial", "process:1", "process:2")
    }
    serial = float(np.median(timings["serial"]))
    meta = {"points": 4, "replications": reps, "requests_per_run": raw["requests"]}
    return [
        _stats(f"whatif_sweep_{ex.replace(':', '')}_s", t, baseline=serial,
               ratio=float(np.median(t)) / serial, **meta)
        for ex, t in timings.items()
    ]  # fmt: skip


#: the issue's sweep: 100 points (10 inference scales x 10 network medians) x 5 replications
SWEEP_VARIES = ["stages.inference.scale=0.6,0.7,0.8,0.9,1.0,1.1,1.2,1.3,1.4,1.5",
                "stages.network.median=8,10,12,14,16,18,20,22,24,26"]


def bench_sweep_500m(quick: bool) -> list[dict[str, Any]]:
    """The architect's sweep: 100 points x 5 replications x 1M requests (500M simulated
    requests) on the ``process:2`` executor, end to end (pool start-up, workers loading the
    cached kernels, every run's draws, engine, metrics and report, the CI summary). Beside
    it, in the same run, one 1M replication timed serially in this process (the per-run
    figure), and what 500 of them would take on 2 cores at that rate."""
    from twin.sweep import parse_varies, run_sweep
    from twin.whatif_keys import point_scenario

    n = 20_000 if quick else 1_000_000
    reps = 5
    raw = {**POINT_SCENARIO, "requests": n}
    varies = parse_varies(SWEEP_VARIES)
    twin_point(raw, 1)  # warm-up: kernels loaded, allocator
    per_run = _wall(lambda: twin_point(raw, 2), 3)
    t0 = time.perf_counter()
    rows = run_sweep(raw, varies, reps, "process:2", twin_point, show_progress=False,
                     apply=point_scenario)  # as `twin whatif` applies a point
    total = time.perf_counter() - t0
    runs = len(rows) * reps
    serial_run = float(np.median(per_run))
    ideal = runs * serial_run / 2
    return [
        {"name": "whatif_sweep_100x5x1m_s", "value": round(total, 1), "unit": "s",
         "points": len(rows), "replications": reps, "requests_per_run": n,
         "simulated_requests": runs * n, "requests_per_s": round(runs * n / total),
         "executor": "process:2", "per_run_s": round(serial_run, 3),
         "per_run_p95_s": round(float(np.percentile(per_run, 95)), 3),
         "baseline": round(ideal, 1), "baseline_name": "runs x per-run / 2 cores",
         "ratio": round(total / ideal, 2)},
    ]


def bench_sweep_dask(quick: bool) -> list[dict[str, Any]]:
    """The scaling sweep of ``whatif_sweep_scaling`` on a Dask cluster of separate processes
    (``dask scheduler`` and ``dask worker``, :mod:`twin.dask_local`) with 1 and 2 worker
    processes, beside ``serial`` in the same run; each cluster is started before its timing
    (its start-up reported apart) and its rows are checked equal to the serial ones."""
    from twin.dask_local import local_cluster
    from twin.sweep import parse_varies, run_sweep

    raw = {**POINT_SCENARIO, "requests": 50_000 if quick else 200_000}
    varies = parse_varies(["stages.inference.scale=0.5,0.75,1.0,1.5"])
    reps, repeats = (2, 1) if quick else (3, 3)

    def sweep(executor: str) -> list[dict[str, Any]]:
        return run_sweep(raw, varies, reps, executor, twin_point, show_progress=False)

    serial_rows = sweep("serial")  # warm-up, and the rows the clusters must give
    timings = {"serial": _wall(lambda: sweep("serial"), repeats)}
    startup, same = {}, {}
    for workers in (1, 2):
        t0 = time.perf_counter()
        with local_cluster(workers) as executor:
            startup[workers] = time.perf_counter() - t0
            same[workers] = sweep(executor) == serial_rows  # also warms the workers
            timings[f"dask{workers}"] = _wall(lambda e=executor: sweep(e), repeats)
    serial = float(np.median(timings["serial"]))
    meta = {"points": 4, "replications": reps, "requests_per_run": raw["requests"]}
    out = [_stats("whatif_sweep_serial_s", timings["serial"], **meta)]
    for workers in (1, 2):
        t = timings[f"dask{workers}"]
        out.append(_stats(f"whatif_sweep_dask{workers}_s", t, baseline=serial,
                          baseline_name="serial, same run", ratio=float(np.median(t)) / serial,
                          cluster_start_s=round(startup[workers], 2),
                          rows_equal_serial=same[workers], **meta))
    return out


def bench_sweep_500m_dask(quick: bool) -> list[dict[str, Any]]:
    """The 100 x 5 x 1M sweep on a two-worker Dask cluster of separate processes, beside
    ``process:2`` in the same run (the same rows, checked)."""
    from twin.dask_local import local_cluster
    from twin.sweep import parse_varies, run_sweep
    from twin.whatif_keys import point_scenario

    n = 20_000 if quick else 1_000_000
    raw = {**POINT_SCENARIO, "requests": n}
    varies = parse_varies(SWEEP_VARIES)

    def sweep(executor: str) -> tuple[float, list[dict[str, Any]]]:
        t0 = time.perf_counter()
        rows = run_sweep(raw, varies, 5, executor, twin_point, show_progress=False,
                         apply=point_scenario)
        return time.perf_counter() - t0, rows

    pooled_s, pooled = sweep("process:2")
    with local_cluster(2) as executor:
        dask_s, dasked = sweep(executor)
    runs = len(pooled) * 5
    return [{"name": "whatif_sweep_100x5x1m_dask2_s", "value": round(dask_s, 1), "unit": "s",
             "points": len(pooled), "replications": 5, "requests_per_run": n,
             "simulated_requests": runs * n, "requests_per_s": round(runs * n / dask_s),
             "executor": "dask, 2 worker processes", "baseline": round(pooled_s, 1),
             "baseline_name": "process:2, same run", "ratio": round(dask_s / pooled_s, 2),
             "rows_equal": dasked == pooled}]


def yardstick() -> None:
    """A fixed numpy workload (one thread: 10^6 lognormal draws, then a sort of them), timed
    beside each what-if point: its time moves with the machine's load and not with this
    project's code, so a point's time over it factors the load out."""
    np.sort(np.random.default_rng(0).lognormal(0.0, 1.0, 1_000_000))


def bench_whatif_point(quick: bool) -> list[dict[str, Any]]:
    """Wall seconds for one what-if point of 1,000,000 requests on the twin (fast path,
    faults, a 2-slot inference resource, HdrHistogram metrics, L1-L4 monitoring), 12 points
    each right after the yardstick; the ratio per pair, and the point's time on a machine as
    fast as in the run's quickest yardstick (median ratio x that yardstick)."""
    n = 200_000 if quick else 1_000_000
    raw = {**POINT_SCENARIO, "requests": n}
    twin_point(raw, 1)  # warm-up: imports, allocator
    yardstick()
    points, sticks, cpu = [], [], []
    for _ in range(3 if quick else 12):
        sticks += _wall(yardstick, 1)
        c0 = time.process_time()
        points += _wall(lambda: twin_point(raw, 1), 1)
        cpu.append(time.process_time() - c0)
    ratio = np.asarray(points) / np.asarray(sticks)
    fastest = min(sticks)
    return [
        _stats("whatif_1m_point_s", points, requests=n, target=0.25,
               cpu_s=round(float(np.median(cpu)), 3),
               baseline=round(float(np.median(sticks)), 4), baseline_name="yardstick",
               ratio=round(float(np.median(ratio)), 3),
               ratio_p95=round(float(np.percentile(ratio, 95)), 3),
               at_fastest_yardstick_s=round(float(np.median(ratio)) * fastest, 3)),
        _stats("whatif_yardstick_s", sticks),
    ]


def bench_network_models(quick: bool) -> list[dict[str, Any]]:
    n = 100_000 if quick else 1_000_000
    t = np.cumsum(np.random.default_rng(1).exponential(10.0, n))  # 100 QPS
    link = Link(rtt_preset("public-internet"), loss=0.01)
    models = {
        "http2": Http2(link),
        "http1.1": Http11Pool(link),
        "quic": Quic(link),
        "websocket": WebSocket(link),
    }
    repeats = 1 if quick else 3
    timings = {
        k: _wall(lambda m=m: m.sample_at(np.random.default_rng(2), t), repeats)
        for k, m in models.items()
    }
    base = float(np.median(timings["http2"]))
    return [
        _stats(f"network_{k.replace('.', '')}_{n // 1000}k_s", v, requests=n, baseline=base,
               ratio=float(np.median(v)) / base)
        for k, v in timings.items()
    ]  # fmt: skip


def bench_report_html(quick: bool) -> list[dict[str, Any]]:
    from twin.report_html import write_html

    n = 10_000
    rng = np.random.default_rng(3)
    requests = {"arrival_ms": np.cumsum(rng.exponential(30.0, n))}
    for stage, median in STAND_IN_MEDIANS.items():
        requests[f"{stage}_ms"] = rng.lognormal(np.log(median), 0.4, n)
    requests["e2e_ms"] = sum(requests[f"{s}_ms"] for s in STAGES)
    stages = {
        s: {"p50_ms": m, "p95_ms": 2 * m, "p99_ms": 3 * m, "budget_ms": m * 1.5, "mode": "modelled"}
        for s, m in STAND_IN_MEDIANS.items()
    }
    report = {
        "scenario": "bench", "seed": 3, "requests": n, "engine": "fast", "stages": stages,
        "e2e": {"p50_ms": 80.0, "p95_ms": 110.0, "p99_ms": 140.0, "budget_ms": 100.0},
        "perception": {"instant": 0.8, "acceptable": 0.2, "sluggish": 0.0}, "expectations": [],
    }  # fmt: skip
    timeline = [{"t_ms": 60_000.0, "kind": "fault", "name": "handover", "duration_ms": 5_000.0}]
    with tempfile.TemporaryDirectory() as tmp:
        write_html(report, requests, timeline, Path(tmp))  # warm-up: fonts, caches
        samples = _wall(
            lambda: write_html(report, requests, timeline, Path(tmp)), 2 if quick else 5
        )
    return [_stats("report_html_10k_s", samples, requests=n, target=2.0)]


BENCHMARKS = {
    "whatif_1m_point": bench_whatif_point,
    "whatif_sweep_scaling": bench_sweep_scaling,
    "whatif_sweep_500m": bench_sweep_500m,
    "whatif_sweep_dask": bench_sweep_dask,
    "whatif_sweep_500m_dask": bench_sweep_500m_dask,
    "network_models_1m": bench_network_models,
    "report_html_10k": bench_report_html,
}
