"""The model in a worker process, and the AMX guard: what each costs, side by side in one run.

``model_worker_boundary_us``: per call, the caller's wall time through
:class:`hil.llm.worker.WorkerResolver` minus the time the resolver took inside the worker (pickle,
pipe, wake-up, both ways), on the real model and the query set, p50 (value) and p99.
``llm_fallback_p95_ms_worker``: the resolve p95 through the worker, ``baseline`` the same
queries on an in-process resolver, interleaved call by call.
``llm_fallback_p95_ms_amx_guard`` (and ``..._q4_0``): resolve p95 with the guard's
``use_extra_bufts=False`` forced on, ``baseline`` the same build and queries without it: what a
guarded AMX machine pays (weight repacking off), measured here on whatever build is installed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

import numpy as np

from hil.llm.evaluate import default_query_set, load_queries

N_THREADS = 2


def _pcts(values: list[float]) -> dict[str, float]:
    p50, p95, p99 = np.percentile(np.asarray(values), [50, 95, 99])
    return {"p50": round(float(p50), 3), "p95": round(float(p95), 3), "p99": round(float(p99), 3)}


def _queries(quick: bool) -> list[Any]:
    queries = load_queries(default_query_set())
    cap = 30 if quick else 150
    return queries[:: max(1, -(-len(queries) // cap))]


def _side_by_side(resolvers: list[Any], queries: list[Any]) -> list[list[Any]]:
    """Every query on each resolver in turn, after 5 warm-up queries (not counted)."""
    out: list[list[Any]] = [[] for _ in resolvers]
    for counted, batch in ((False, queries[:5]), (True, queries)):
        for q in batch:
            for k, r in enumerate(resolvers):
                result = r.resolve(q.text, list(q.history), q.lang)
                if counted:
                    out[k].append(result)
    return out


def bench_worker(quick: bool) -> list[dict[str, Any]]:
    from hil.llm import default_resolver
    from hil.llm.worker import worker_resolver

    model = os.environ.get("CABIN_TWIN_LLM_MODEL")
    queries = _queries(quick)
    load = [round(os.getloadavg()[0], 2)]
    local = default_resolver(model, N_THREADS)
    with worker_resolver(model, N_THREADS, degrade_on_crash=False) as worker:
        inproc, viaworker = _side_by_side([local, worker], queries)
    load.append(round(os.getloadavg()[0], 2))
    ipc_us = [r.timings["ipc_ms"] * 1e3 for r in viaworker]
    base, mine = _pcts([r.ms for r in inproc]), _pcts([r.ms for r in viaworker])
    added = _pcts([(w.ms - i.ms) * 1e3 for w, i in zip(viaworker, inproc, strict=True)])
    b = _pcts(ipc_us)
    common = {"n": len(ipc_us), "loadavg_1m": load, "query_set": default_query_set().name,
              "n_threads": N_THREADS, "shared_machine": True}
    return [
        {"name": "model_worker_boundary_us", "value": b["p50"], "unit": "us", "p50": b["p50"],
         "p99": b["p99"], "p95": b["p95"], "target_us": 1000, **common},
        {"name": "llm_fallback_p95_ms_worker", "value": mine["p95"], "unit": "ms",
         "p50": mine["p50"], "p99": mine["p99"], "baseline": base["p95"],
         "baseline_p50": base["p50"], "baseline_p99": base["p99"],
         "ratio": round(mine["p95"] / base["p95"], 3),
         "paired_difference_us": added, **common},
    ]


def _with_guard(mode: str, make: Callable[[], Any]) -> Any:
    from hil.llm import amx_guard

    saved = os.environ.get(amx_guard.ENV)
    os.environ[amx_guard.ENV] = mode
    amx_guard.current.cache_clear()
    try:
        return make()
    finally:
        if saved is None:
            os.environ.pop(amx_guard.ENV, None)
        else:
            os.environ[amx_guard.ENV] = saved
        amx_guard.current.cache_clear()


def bench_amx_guard(quick: bool) -> list[dict[str, Any]]:
    from hil.llm import amx_guard, default_resolver

    model = os.environ.get("CABIN_TWIN_LLM_MODEL")
    queries = _queries(quick)
    records = []
    for quant, suffix in ((None, ""), ("q4_0", "_q4_0")):
        load = [round(os.getloadavg()[0], 2)]
        off = _with_guard("off", lambda q=quant: default_resolver(model, N_THREADS, q))
        on = _with_guard("on", lambda q=quant: default_resolver(model, N_THREADS, q))
        assert on.engine.llm.model_params.use_extra_bufts is False
        plain, guarded = _side_by_side([off, on], queries)
        load.append(round(os.getloadavg()[0], 2))
        base, mine = _pcts([r.ms for r in plain]), _pcts([r.ms for r in guarded])
        same = sum(a.raw == b.raw for a, b in zip(plain, guarded, strict=True)) / len(plain)
        records.append({
            "name": f"llm_fallback_p95_ms_amx_guard{suffix}", "value": mine["p95"],
            "unit": "ms", "p50": mine["p50"], "p99": mine["p99"], "baseline": base["p95"],
            "baseline_p50": base["p50"], "baseline_p99": base["p99"],
            "ratio": round(mine["p95"] / base["p95"], 3), "same_answers": round(same, 4),
            "model": on.engine.model_path.name, "n": len(plain), "loadavg_1m": load,
            "build": amx_guard.system_info(), "shared_machine": True,
        })
        del off, on
    return records


BENCHMARKS = {"model_worker_boundary_us": bench_worker,
              "llm_fallback_p95_ms_amx_guard": bench_amx_guard}

if __name__ == "__main__":
    for record in bench_worker(quick=True) + bench_amx_guard(quick=True):
        print(json.dumps(record))
