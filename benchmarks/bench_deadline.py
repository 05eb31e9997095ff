"""The degrade deadline as the user feels it: end of speech -> first feedback, worst case,
quiet and with a 2-process CPU load beside it (side by side in one run).

For each query the caller starts the real model call (SmolLM2 through llama.cpp in its worker
process, :func:`hil.llm.worker.worker_resolver`) with the scenario's 80 ms deadline and races
it against that deadline, as the twin's DES does (``worker | timeout(deadline)``): the first
feedback is the model's answer when it is in time, else the rule template at the deadline.

``deadline_overrun_p100_ms``: worst (first feedback - deadline) over the queries under load
(target <= 5 ms); ``baseline`` is the same on the quiet machine, ``ratio`` load/quiet.
``model_return_overrun_p100_ms``: how late ``resolve()`` itself returns past the deadline
(llama.cpp checks its abort callback between graph nodes, then the pipe): what the first
feedback would cost if it waited for the model. ``deadline_overrun_p100_ms_realtime``: the same
race under load with the waiting thread at SCHED_FIFO priority 10 (where the system allows it),
``baseline`` the same thread at normal priority. ``deadline_overrun_p100_ms_lockstep``: the
same race as ``twin run`` runs it, a SimPy process in :class:`hil.lockstep.LockstepEnvironment`
yielding ``model call | timeout(deadline)`` (its pacing thread at SCHED_FIFO where granted),
under the same load; ``baseline`` the lockstep at normal priority. The load is two busy-looping
processes (both cores).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Any

import numpy as np

from hil import process

DEADLINE_MS = 80.0


class CpuLoad:
    """``n`` busy-looping Python processes while the block runs."""

    def __init__(self, n: int = 2) -> None:
        self.n = n

    def __enter__(self) -> CpuLoad:
        self.procs = [process.spawn([sys.executable, "-c", "while True: pass"], stdout=None)
                      for _ in range(self.n)]
        time.sleep(0.5)
        return self

    def __exit__(self, *exc: object) -> None:
        for p in self.procs:
            process.stop(p, term_s=0.0)  # a busy loop has nothing to finish: killed


def race(resolver: Any, text: str, lang: str, deadline_ms: float) -> tuple[float, float, bool]:
    """(first feedback - deadline, model return - deadline, answered in time), in ms."""
    done = threading.Event()
    returned: list[float] = []

    def call() -> None:
        resolver.resolve(text, [], lang, deadline_ms)
        returned.append(time.perf_counter())
        done.set()

    t0 = time.perf_counter()
    worker = threading.Thread(target=call, daemon=True)
    worker.start()
    in_time = done.wait(deadline_ms / 1e3)
    feedback = time.perf_counter()  # the answer, or the rule template at the deadline
    worker.join(10)
    model_end = returned[0] if returned else time.perf_counter()
    return ((feedback - t0) * 1e3 - deadline_ms, (model_end - t0) * 1e3 - deadline_ms, in_time)


def realtime(on: bool) -> bool:
    """Run the calling thread under SCHED_FIFO (priority 10) or back under SCHED_OTHER; False
    when the system refuses (no CAP_SYS_NICE)."""
    try:
        if on:
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(10))
        else:
            os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
    except (OSError, AttributeError):
        return False
    return True


def _pass(resolver: Any, queries: list[Any], rt: bool = False) -> dict[str, Any]:
    feedback, model, in_time = [], [], 0
    rt = rt and realtime(True)
    for q in queries:
        f, m, ok = race(resolver, q.text, q.lang, DEADLINE_MS)
        feedback.append(f)
        model.append(m)
        in_time += ok
    if rt:
        realtime(False)
    late = np.asarray(feedback)
    return {"feedback_p50": float(np.percentile(late, 50)),
            "feedback_p95": float(np.percentile(late, 95)),
            "feedback_p100": float(late.max()),
            "model_p95": float(np.percentile(model, 95)), "model_p100": float(max(model)),
            "answered_in_time": in_time, "queries": len(queries), "realtime": rt}


def lockstep_overruns(resolver: Any, queries: list[Any], realtime: bool) -> tuple[list[float], str]:
    """First feedback minus deadline per query, raced inside the lockstep the way the twin's
    DES does it (``worker | timeout(deadline)``), one query every 250 ms of simulated time."""
    from hil.lockstep import LockstepEnvironment

    env = LockstepEnvironment(warp_idle=False, realtime=realtime)
    over: list[float] = []

    def ask(q: Any, at: float) -> Any:
        yield env.timeout(at)
        call = env.process(env.call("inference", lambda: resolver.resolve(
            q.text, [], q.lang, DEADLINE_MS)))
        yield call | env.timeout(DEADLINE_MS)
        over.append(env.wall_ms() - (at + DEADLINE_MS))  # < 0: the answer came in time

    for n, q in enumerate(queries):
        env.process(ask(q, 50.0 + 250.0 * n))
    env.run()
    return over, env.stats.realtime


def bench_deadline(quick: bool) -> list[dict[str, Any]]:
    from hil.llm.evaluate import default_query_set, load_queries
    from hil.llm.worker import worker_resolver

    queries = load_queries(default_query_set())[: 40 if quick else 120]
    with worker_resolver(n_threads=2) as resolver:
        for q in queries[:3]:  # the first calls after load are slow: not counted
            resolver.resolve(q.text, [], q.lang, DEADLINE_MS)
        quiet = _pass(resolver, queries)
        with CpuLoad(2):
            loaded = _pass(resolver, queries)
            loaded_rt = _pass(resolver, queries, rt=True)
            lock_rt, granted = lockstep_overruns(resolver, queries, realtime=True)
            lock_normal, _ = lockstep_overruns(resolver, queries, realtime=False)
    common = {"deadline_ms": DEADLINE_MS, "queries": len(queries), "load": "2 busy processes",
              "loadavg_1m": round(os.getloadavg()[0], 2), "goal_ms": 5.0,
              "answered_in_time_quiet": quiet["answered_in_time"],
              "answered_in_time_loaded": loaded["answered_in_time"]}

    def record(name: str, key: str) -> dict[str, Any]:
        value, base = round(loaded[key], 2), round(quiet[key], 2)
        ratio = round(value / base, 2) if base > 0 else None
        return {"name": name, "value": value, "unit": "ms", "baseline": base, "ratio": ratio,
                **common}

    rt = {"name": "deadline_overrun_p100_ms_realtime", "unit": "ms",
          "value": round(loaded_rt["feedback_p100"], 2),
          "baseline": round(loaded["feedback_p100"], 2),
          "ratio": round(loaded_rt["feedback_p100"] / loaded["feedback_p100"], 3)
          if loaded["feedback_p100"] > 0 else None,
          "realtime": loaded_rt["realtime"], "p95": round(loaded_rt["feedback_p95"], 2),
          "note": "the thread that gives the first feedback at the deadline under SCHED_FIFO; "
                  "baseline: the same thread under SCHED_OTHER, same load", **common}
    lockstep = {"name": "deadline_overrun_p100_ms_lockstep", "unit": "ms",
                "value": round(max(lock_rt), 2), "baseline": round(max(lock_normal), 2),
                "ratio": round(max(lock_rt) / max(lock_normal), 3) if max(lock_normal) > 0
                else None,
                "p95": round(float(np.percentile(lock_rt, 95)), 2), "realtime": granted,
                "degraded": sum(o >= 0 for o in lock_rt),
                "note": "first feedback - deadline inside the lockstep, as twin run races it; "
                        "baseline: the lockstep at normal priority, same load", **common}
    return [lockstep, rt, record("deadline_overrun_p100_ms", "feedback_p100"),
            record("deadline_overrun_p95_ms", "feedback_p95"),
            record("model_return_overrun_p100_ms", "model_p100"),
            record("model_return_overrun_p95_ms", "model_p95")]


BENCHMARKS = {"deadline_overrun_p100_ms": bench_deadline}
