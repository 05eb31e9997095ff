"""Lockstep pacing: how late events run against the wall clock, and real-call error.

``lockstep_lateness_p99_ms``: a process paced every 2 ms of simulated time (plus a real
blocking call every 10th step, 1 ms of sleep in a worker thread) on
:class:`hil.lockstep.LockstepEnvironment`; lateness is wall-clock minus due time per event.
``baseline``: ``simpy.rt.RealtimeEnvironment`` (factor 1 ms per unit, not strict) pacing the
same timeouts, measured the same way, side by side.

``lockstep_lateness_gil_p99_ms``: the same, while a background Python thread holds the GIL in
1 ms bursts every 5 ms (what the rule NLU or the rig's codec do in worker threads), for both
environments: the interpreter's 5 ms switch interval then delays whichever thread is pacing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Generator
from typing import Any

import numpy as np
import simpy.rt

from hil.lockstep import LockstepEnvironment


def _paced(env: Any, steps: int, late: list[float], t0: list[float],
           real: bool) -> Generator[Any, Any, None]:
    for k in range(steps):
        yield env.timeout(2.0)
        late.append(max((time.perf_counter() - t0[0]) * 1000.0 - env.now, 0.0))
        if real and k % 10 == 0:
            yield from env.call("inference", lambda: time.sleep(0.001))


def _busy(stop: threading.Event) -> None:
    """Hold the GIL in 1 ms bursts of pure Python every 5 ms until ``stop``."""
    while not stop.is_set():
        end = time.perf_counter() + 0.001
        while time.perf_counter() < end:
            pass
        time.sleep(0.004)


def lateness(quick: bool, gil_load: bool = False) -> list[dict[str, Any]]:
    steps = 1000 if quick else 3000
    stop = threading.Event()
    if gil_load:
        threading.Thread(target=_busy, args=(stop,), daemon=True).start()
    ours: list[float] = []
    env = LockstepEnvironment(warp_idle=False)
    start = [0.0]
    env.process(_paced(env, steps, ours, start, real=True))
    start[0] = time.perf_counter()
    env.run()
    # measured lateness of the engine's own pacing, as the runtime reports it
    summary = env.stats.summary()
    rt_late: list[float] = []
    rt = simpy.rt.RealtimeEnvironment(factor=0.001, strict=False)
    rt_start = [time.perf_counter()]
    rt.process(_paced(rt, steps, rt_late, rt_start, real=False))
    rt.run()
    stop.set()
    p = np.percentile(np.asarray(env.stats.lateness_ms), [50, 99])
    b = np.percentile(np.asarray(rt_late), [50, 99])
    name = "lockstep_lateness_gil_p99_ms" if gil_load else "lockstep_lateness_p99_ms"
    return [{
        "name": name, "value": round(float(p[1]), 4), "unit": "ms",
        "p50_ms": round(float(p[0]), 4), "events": summary["events"], "target": 1.0,
        "baseline": round(float(b[1]), 4), "baseline_p50_ms": round(float(b[0]), 4),
        "baseline_name": "simpy.rt.RealtimeEnvironment (factor 1 ms), p99",
        "ratio": round(float(p[1]) / max(float(b[1]), 1e-9), 3),
        "sim_minus_measured_mean_ms": summary["sim_minus_measured_mean_ms"],
        "sim_minus_measured_p99_abs_ms": summary["sim_minus_measured_p99_abs_ms"],
        "real_calls": summary["real_calls"],
    }]  # fmt: skip


def lateness_gil(quick: bool) -> list[dict[str, Any]]:
    return lateness(quick, gil_load=True)


BENCHMARKS = {"lockstep_lateness": lateness, "lockstep_lateness_gil": lateness_gil}
