"""Lockstep pacing: how late events run against the wall clock, and real-call error.

``lockstep_lateness_p99_ms``: a process paced every 2 ms of simulated time on
:class:`hil.lockstep.LockstepEnvironment` as ``twin run`` uses it (the pacing thread at
SCHED_FIFO where the system allows); lateness is wall-clock minus due time per event, taken by
the same probe in every environment: the clock reading when the process resumes, minus the
wall-clock moment the environment itself says the event is due (``simpy.rt`` from its
``real_start``, the lockstep from the anchor :meth:`~LockstepEnvironment.run` sets once its
worker threads are up). The lockstep's set-up before that anchor (``setup_p50_ms``, mostly
starting two threads) is reported apart: it delays the first event of a run, not each one.
``baseline``: ``simpy.rt.RealtimeEnvironment`` (factor 1 ms per unit, not strict, synced just
before its run) pacing the same timeouts, in interleaved rounds. Also reported: the
lockstep at normal priority, with a real blocking call every 10th step (1 ms of sleep in a
worker thread), which ``simpy.rt`` cannot do, and at SCHED_FIFO without the wake lead
(``lockstep_no_lead``: sleeping right up to each due time, the pacing before issue 27). The
profile of what is left: ``wake_floor`` is a bare ``time.sleep`` of 2 ms at SCHED_FIFO (its
oversleep is the kernel's and the hypervisor's wake path, no event loop); ``wake_lead_ms`` is
the lead the lockstep learnt and ``spun_per_event_ms`` what busy-waiting it cost per event.

``lockstep_lateness_gil_p99_ms``: the same, while a background Python thread holds the GIL in
1 ms bursts every 5 ms (what the rule NLU or the rig's codec do in worker threads), for both
environments: the interpreter's 5 ms switch interval then delays whichever thread is pacing.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Generator
from typing import Any

import numpy as np
import simpy.rt

from hil.lockstep import LockstepEnvironment
from hil.realtime import enter_realtime, leave_realtime


def _late_ms(env: Any) -> float:
    """How far past its due wall-clock moment the current event runs (ms; 1 ms per unit)."""
    if isinstance(env, simpy.rt.RealtimeEnvironment):
        return (time.monotonic() - env.real_start) * 1000.0 - (env.now - env.env_start)
    return env.wall_ms() - env.now


def _paced(env: Any, steps: int, late: list[float], real: bool) -> Generator[Any, Any, None]:
    for k in range(steps):
        yield env.timeout(2.0)
        late.append(max(_late_ms(env), 0.0))
        if real and k % 10 == 0:
            yield from env.call("inference", lambda: time.sleep(0.001))


def _busy(stop: threading.Event) -> None:
    """Hold the GIL in 1 ms bursts of pure Python every 5 ms until ``stop``."""
    while not stop.is_set():
        end = time.perf_counter() + 0.001
        while time.perf_counter() < end:
            pass
        time.sleep(0.004)


def _run_one(kind: str, steps: int, setup: list[float]) -> list[float]:
    """One paced run; lateness per event from the same probe in every environment."""
    late: list[float] = []
    if kind == "simpy.rt":
        env: Any = simpy.rt.RealtimeEnvironment(factor=0.001, strict=False)
    else:
        env = LockstepEnvironment(warp_idle=False, realtime=kind != "lockstep_normal_priority")
    if kind == "lockstep_no_lead":
        env = LockstepEnvironment(warp_idle=False, wake_lead=False)
    env.process(_paced(env, steps, late, real=kind == "lockstep_real_calls"))
    if kind == "simpy.rt":
        env.sync()  # its clock starts now, as the lockstep's starts in run()
    env.run()
    if kind == "lockstep":
        _run_one.realtime = env.stats.realtime  # type: ignore[attr-defined]
        _run_one.lead = env.stats.wake_lead_ms  # type: ignore[attr-defined]
        _run_one.spun.append(env.stats.spun_ms / steps)  # type: ignore[attr-defined]
        setup.append(env.stats.setup_ms)
    return late


_run_one.spun = []  # type: ignore[attr-defined]


def _wake_floor(steps: int, late: list[float]) -> None:
    """A bare 2 ms ``time.sleep`` at SCHED_FIFO (where granted): its oversleep in ms."""
    state = enter_realtime()
    try:
        for _ in range(steps):
            due = time.perf_counter() + 0.002
            time.sleep(0.002)
            late.append((time.perf_counter() - due) * 1000.0)
    finally:
        if state.startswith("SCHED_FIFO"):
            leave_realtime()


KINDS = ("lockstep", "lockstep_no_lead", "lockstep_normal_priority", "lockstep_real_calls",
         "simpy.rt", "wake_floor")


def lateness(quick: bool, gil_load: bool = False) -> list[dict[str, Any]]:
    """Interleaved rounds of each environment (so drift in the machine's load hits all alike);
    ``value`` is this project's lockstep as ``twin run`` uses it (SCHED_FIFO where granted),
    ``baseline`` ``simpy.rt`` pacing the same timeouts."""
    rounds, steps = (2, 500) if quick else (3, 1000)
    stop = threading.Event()
    if gil_load:
        threading.Thread(target=_busy, args=(stop,), daemon=True).start()
    late: dict[str, list[float]] = {k: [] for k in KINDS}
    _run_one.spun = []  # type: ignore[attr-defined]
    setup: list[float] = []
    for _ in range(rounds):
        for kind in KINDS:
            if kind == "wake_floor":
                _wake_floor(steps, late[kind])
            else:
                late[kind] += _run_one(kind, steps, setup)
    stop.set()
    p = {k: np.percentile(np.asarray(v), [50, 99, 100]) for k, v in late.items()}
    ours, base = p["lockstep"], p["simpy.rt"]
    name = "lockstep_lateness_gil_p99_ms" if gil_load else "lockstep_lateness_p99_ms"
    return [{
        "name": name, "value": round(float(ours[1]), 4), "unit": "ms",
        "p50_ms": round(float(ours[0]), 4), "max_ms": round(float(ours[2]), 4),
        "events": len(late["lockstep"]), "target": 1.0,
        "realtime": getattr(_run_one, "realtime", "?"),
        "baseline": round(float(base[1]), 4), "baseline_p50_ms": round(float(base[0]), 4),
        "baseline_name": "simpy.rt.RealtimeEnvironment (factor 1 ms), p99",
        "ratio": round(float(ours[1]) / max(float(base[1]), 1e-9), 3),
        "normal_priority_p99_ms": round(float(p["lockstep_normal_priority"][1]), 4),
        "baseline_max_ms": round(float(base[2]), 4),
        "normal_priority_p50_ms": round(float(p["lockstep_normal_priority"][0]), 4),
        "with_real_calls_p99_ms": round(float(p["lockstep_real_calls"][1]), 4),
        "setup_p50_ms": round(float(np.median(setup)), 4),
        "no_lead_p50_ms": round(float(p["lockstep_no_lead"][0]), 4),
        "no_lead_p99_ms": round(float(p["lockstep_no_lead"][1]), 4),
        "wake_floor_p50_ms": round(float(p["wake_floor"][0]), 4),
        "wake_floor_p99_ms": round(float(p["wake_floor"][1]), 4),
        "wake_lead_ms": round(float(getattr(_run_one, "lead", 0.0)), 4),
        "spun_per_event_ms": round(float(np.median(_run_one.spun)), 4),  # type: ignore[attr-defined]
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }]  # fmt: skip


def lateness_gil(quick: bool) -> list[dict[str, Any]]:
    return lateness(quick, gil_load=True)


BENCHMARKS = {"lockstep_lateness": lateness, "lockstep_lateness_gil": lateness_gil}
