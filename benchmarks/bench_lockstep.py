"""Lockstep pacing: how late events run against the wall clock, and real-call error.

``lockstep_lateness_p99_ms``: a process paced every 2 ms of simulated time (plus a real
blocking call every 10th step, 1 ms of sleep in a worker thread) on
:class:`hil.lockstep.LockstepEnvironment`; lateness is wall-clock minus due time per event.
``baseline``: ``simpy.rt.RealtimeEnvironment`` (factor 1 ms per unit, not strict) pacing the
same timeouts, measured the same way, side by side.
"""

from __future__ import annotations

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


def lateness(quick: bool) -> list[dict[str, Any]]:
    steps = 1000 if quick else 3000
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
    p = np.percentile(np.asarray(env.stats.lateness_ms), [50, 99])
    b = np.percentile(np.asarray(rt_late), [50, 99])
    return [{
        "name": "lockstep_lateness_p99_ms", "value": round(float(p[1]), 4), "unit": "ms",
        "p50_ms": round(float(p[0]), 4), "events": summary["events"], "target": 1.0,
        "baseline": round(float(b[1]), 4), "baseline_p50_ms": round(float(b[0]), 4),
        "baseline_name": "simpy.rt.RealtimeEnvironment (factor 1 ms), p99",
        "ratio": round(float(p[1]) / max(float(b[1]), 1e-9), 3),
        "sim_minus_measured_mean_ms": summary["sim_minus_measured_mean_ms"],
        "sim_minus_measured_p99_abs_ms": summary["sim_minus_measured_p99_abs_ms"],
        "real_calls": summary["real_calls"],
    }]  # fmt: skip


BENCHMARKS = {"lockstep_lateness": lateness}
