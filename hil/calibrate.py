"""Calibrate the ``inference`` stage from the real model and report twin fidelity.

The real resolver answers every labelled query (after a warm-up pass). Three queries in four
calibrate; every fourth is held back. A :class:`latency_models.stages.StageModel` is fitted
to the calibration latencies (body plus Pareto tail, by :func:`latency_models.fitting
.fit_samples`) and written as a stage table a scenario can use (``[stages.inference]
calibrated = "PATH"``). Fidelity: the fitted model's p50/p95/p99 against the held-back
measurements, with the relative error. A second pass runs two resolvers concurrently on the two
cores, where contention matters, and reports how far the single-stream fit is from it, plus a
fit made under contention.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from latency_models.fitting import fit_samples
from twin.assistant.queries import LabelledQuery, load_queries
from twin.assistant.resolver import IntentResolver

QUANTILES = (50, 95, 99)


def _measure(resolver: IntentResolver, queries: Sequence[LabelledQuery]) -> list[float]:
    out = []
    for q in queries:
        t0 = time.perf_counter()
        resolver.resolve(q.text, list(q.history), q.lang)
        out.append((time.perf_counter() - t0) * 1000.0)
    return out


def _concurrent(factory: Callable[[], IntentResolver],
                queries: Sequence[LabelledQuery]) -> list[float]:
    """Two resolvers, each on its own thread, working through halves of ``queries`` at once."""
    resolvers = [factory(), factory()]
    halves = [list(queries[0::2]), list(queries[1::2])]
    results: list[list[float]] = [[], []]
    barrier = threading.Barrier(2)

    def work(k: int) -> None:
        barrier.wait(timeout=60)
        results[k] = _measure(resolvers[k], halves[k])

    threads = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    return results[0] + results[1]


def _fidelity(predicted: Any, measured: np.ndarray) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for q in QUANTILES:
        p = float(predicted.quantile(q / 100.0))
        m = float(np.percentile(measured, q))
        out[f"p{q}"] = {"predicted_ms": round(p, 3), "measured_ms": round(m, 3),
                        "rel_error": round((p - m) / m, 4)}
    return out


def calibrate(factory: Callable[[], IntentResolver], queries_path: str | Path | None = None,
              concurrent: bool = True) -> dict[str, Any]:
    """Measure, fit, and compare; returns the calibration record (see module doc)."""
    queries = load_queries(queries_path) if queries_path else load_queries()
    resolver = factory()
    _measure(resolver, queries[:20])  # warm-up: the first calls after load are slow
    held = queries[3::4]
    fit_set = [q for i, q in enumerate(queries) if i % 4 != 3]
    fit_ms = np.asarray(_measure(resolver, fit_set))
    held_ms = np.asarray(_measure(resolver, held))
    fit = fit_samples(fit_ms)
    record: dict[str, Any] = {
        "stage": "inference",
        "queries": {"calibration": len(fit_set), "held_back": len(held)},
        "fit": fit.as_dict(),
        "fidelity": _fidelity(fit.best.dist, held_ms),
        "measured_held_back": {f"p{q}_ms": round(float(np.percentile(held_ms, q)), 3)
                               for q in QUANTILES},
    }
    if concurrent:
        both = np.asarray(_concurrent(factory, held))
        record["two_concurrent"] = {
            "single_stream_fit_vs_measured": _fidelity(fit.best.dist, both),
            "fit_under_contention": fit_samples(both).as_dict() if both.size >= 20 else None,
        }
    return record


def stage_table(record: dict[str, Any]) -> str:
    """The fitted model as a TOML stage table a scenario can point at."""
    spec = record["fit"]["best"]["spec"]
    lines = ["# written by `twin calibrate --stage inference`; measured on this machine",
             "[stages.inference]"]
    lines += [f"{key} = {_toml_value(value)}" for key, value in spec.items()]
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(float(value)) if isinstance(value, float) else str(value)
