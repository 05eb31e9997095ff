"""Calibrate the ``inference`` and ``render`` stages from the real backends; report fidelity.

``inference``: the real resolver answers every labelled query (after a warm-up pass), in one
pass in file order; every fourth query is held back, so calibration and held-back samples are
interleaved in time and a change of machine load cannot separate them. Fitted and written
(``[stages.inference] calibrated = "PATH"`` in a scenario uses it):

- ``[stages.inference]``: the marginal fit (body plus Pareto tail, by
  :func:`latency_models.fitting.fit_samples`), as before;
- ``[conditioned.inference]``: latency as a function of the query's tokens, the history
  tokens prefilled and a session-cache hit (:mod:`latency_models.conditioned`).

Fidelity: both models' p50/p95/p99 against the held-back measurements, each with the held-back
n, the measured percentile's distribution-free interval and its ``sampling`` uncertainty
(relative; ``twin calibrate`` flags a percentile only outside its limit plus that). A second
pass runs two resolvers concurrently on the two cores and fits the slowdown of contended calls.

``render`` (``--rig RIG``): labelled commands go to the rig's devices through
:class:`hil.render.RenderBackend`; a model per device (and ``none``: the HMI ack only) is
fitted from the calibration commands and checked on the interleaved held-back ones.

Progress is reported through a callback. A loaded machine is detected and said: the load
average against the core count, and samples far outside the rest (over ``OUTLIER_FACTOR`` x
the median).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from hil.fidelity_compare import quantile_interval, sampling_allowance
from latency_models.conditioned import ConditionedStage, fit_conditioned
from latency_models.fitting import fit_samples
from twin.assistant.queries import LabelledQuery, QuerySampler, load_queries
from twin.assistant.resolver import IntentResolver
from twin.config.fidelity import FidelityConfig

QUANTILES = (50, 95, 99)
HOLD_EVERY = 4  # every 4th sample is held back
OUTLIER_FACTOR = 5.0
#: a 1-minute load average above this many times the core count means a loaded machine
LOAD_PER_CORE = 0.5
Progress = Callable[[str], None]
CONFIDENCE = FidelityConfig().confidence or 0.95
"""Each percentile's sampling interval (``[fidelity] confidence``'s default)."""


def _quiet(_message: str) -> None:
    pass


def _measure(resolver: IntentResolver, queries: Sequence[LabelledQuery],
             progress: Progress = _quiet, label: str = "measured"
             ) -> tuple[list[float], list[dict[str, float]]]:
    """Resolve each query; (total ms, the resolver's timings) per query, with progress."""
    out, timings = [], []
    step = max(1, len(queries) // 10)
    for k, q in enumerate(queries, 1):
        t0 = time.perf_counter()
        result = resolver.resolve(q.text, list(q.history), q.lang)
        out.append((time.perf_counter() - t0) * 1000.0)
        timings.append(dict(getattr(result, "timings", {}) or {}))
        if k % step == 0 or k == len(queries):
            progress(f"{label} {k}/{len(queries)} (median so far {np.median(out):.1f} ms)")
    return out, timings


def _concurrent(factory: Callable[[], IntentResolver],
                queries: Sequence[LabelledQuery]) -> list[float]:
    """Two resolvers, each on its own thread, working through halves of ``queries`` at once."""
    resolvers = [factory(), factory()]
    halves = [list(queries[0::2]), list(queries[1::2])]
    results: list[list[float]] = [[], []]
    barrier = threading.Barrier(2)

    def work(k: int) -> None:
        barrier.wait(timeout=60)
        results[k] = _measure(resolvers[k], halves[k])[0]

    threads = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    return results[0] + results[1]


def _cell(p: float, measured: np.ndarray, q: int,
          predicted: np.ndarray | None = None) -> dict[str, Any]:
    """One percentile: predicted ``p`` against the measured one, with the measured sample's n,
    its distribution-free interval and ``sampling``: the half-width of the difference's
    uncertainty relative to the measured value (both sides' when ``predicted`` are draws; a
    fitted distribution's quantile has none)."""
    m = float(np.percentile(measured, q))
    lo, hi = quantile_interval(measured, q / 100.0, CONFIDENCE)
    half = (hi - lo) / 2
    if predicted is not None:
        half = sampling_allowance(predicted, measured, q / 100.0, CONFIDENCE)["half_ms"]
    return {"predicted_ms": round(p, 3), "measured_ms": round(m, 3),
            "rel_error": round((p - m) / m, 4) if m else 0.0, "n": int(measured.size),
            "measured_interval_ms": [round(lo, 3), round(hi, 3)],
            "sampling": round(half / m, 4) if m else 0.0}


def _fidelity(predicted: Any, measured: np.ndarray) -> dict[str, Any]:
    return {f"p{q}": _cell(float(predicted.quantile(q / 100.0)), measured, q)
            for q in QUANTILES}


def _fidelity_samples(predicted: np.ndarray, measured: np.ndarray) -> dict[str, Any]:
    return {f"p{q}": _cell(float(np.percentile(predicted, q)), measured, q, predicted)
            for q in QUANTILES}


def machine_load(samples: np.ndarray, load_before: float, load_after: float) -> dict[str, Any]:
    """Is the machine loaded? The load average against the cores, and outlying samples."""
    cores = os.cpu_count() or 1
    med = float(np.median(samples)) if samples.size else 0.0
    outliers = int(np.count_nonzero(samples > OUTLIER_FACTOR * med)) if med > 0 else 0
    load = max(load_before, load_after)
    warnings = []
    if load > LOAD_PER_CORE * cores:
        warnings.append(f"load average {load:.1f} on {cores} cores: the machine is busy, "
                        "latencies include waiting for a CPU")
    if outliers:
        warnings.append(f"{outliers} of {samples.size} samples over {OUTLIER_FACTOR:g}x the "
                        f"median ({med:.1f} ms): the machine was loaded during calibration")
    return {"cores": cores, "loadavg_before": round(load_before, 2),
            "loadavg_after": round(load_after, 2), "outliers": outliers,
            "loaded": bool(warnings), "warnings": warnings}


def load_average() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def _features(resolver: Any, queries: Sequence[LabelledQuery],
              timings: Sequence[dict[str, float]]) -> dict[str, np.ndarray]:
    from hil.calls import token_counts

    qt, ht, hit = [], [], []
    for q, t in zip(queries, timings, strict=True):
        counts = token_counts(resolver, q.text, q.history)
        prefilled = float(t.get("prefill_tokens", 0.0))
        query_tokens = counts[0] if counts is not None else prefilled
        qt.append(query_tokens)
        ht.append(max(prefilled - query_tokens, 0.0))
        hit.append(float(t.get("session_hit", 0.0)))
    return {"query_tokens": np.array(qt), "history_tokens": np.array(ht),
            "session_hit": np.array(hit)}


def calibrate(factory: Callable[[], IntentResolver], queries_path: str | Path | None = None,
              concurrent: bool = True, progress: Progress = _quiet) -> dict[str, Any]:
    """Measure, fit, and compare; returns the calibration record (see module doc)."""
    queries = load_queries(queries_path) if queries_path else load_queries()
    progress("loading the model")
    resolver = factory()
    load_before = load_average()
    _measure(resolver, queries[:20], progress, "warm-up")  # the first calls after load are slow
    # one pass, in file order: calibration and held-back samples interleaved in time
    all_ms, timings = _measure(resolver, queries, progress)
    load_after = load_average()
    ms = np.asarray(all_ms)
    held_mask = np.arange(len(queries)) % HOLD_EVERY == HOLD_EVERY - 1
    fit_ms, held_ms = ms[~held_mask], ms[held_mask]
    fit = fit_samples(fit_ms)
    record: dict[str, Any] = {
        "stage": "inference",
        "queries": {"calibration": int(fit_ms.size), "held_back": int(held_ms.size)},
        "fit": fit.as_dict(),
        "fidelity": _fidelity(fit.best.dist, held_ms),
        "measured_held_back": {f"p{q}_ms": round(float(np.percentile(held_ms, q)), 3)
                               for q in QUANTILES},
        "machine": machine_load(ms, load_before, load_after),
    }
    feats = _features(resolver, queries, timings)
    names = ("query_tokens", "history_tokens", "session_hit")
    conc = np.ones(ms.size)
    cond_fit_x = {f: feats[f][~held_mask] for f in names}
    if concurrent:
        progress("two resolvers at once (contention)")
        held_queries = [q for q, h in zip(queries, held_mask.tolist(), strict=True) if h]
        both = np.asarray(_concurrent(factory, held_queries))
        record["two_concurrent"] = {
            "single_stream_fit_vs_measured": _fidelity(fit.best.dist, both),
            "fit_under_contention": fit_samples(both).as_dict() if both.size >= 20 else None,
        }
        # contended calls (same queries as the held-back ones) fit the slowdown factor;
        # halves were split [0::2] + [1::2], so reorder the features the same way
        order = np.concatenate([np.arange(held_ms.size)[0::2], np.arange(held_ms.size)[1::2]])
        for f in names:
            cond_fit_x[f] = np.concatenate([cond_fit_x[f], feats[f][held_mask][order]])
        fit_ms_all = np.concatenate([fit_ms, both])
        conc = np.concatenate([np.ones(fit_ms.size), np.full(both.size, 2)])
    else:
        fit_ms_all = fit_ms
        conc = np.ones(fit_ms.size)
    model = fit_conditioned(cond_fit_x, fit_ms_all, conc, names)
    rng = np.random.default_rng(0)
    held_x = {f: feats[f][held_mask] for f in names}
    draws = np.concatenate([model.sample(rng, held_x, int(held_mask.sum()))
                            for _ in range(50)])
    record["conditioned"] = {
        "model": model.to_spec(),
        "fidelity": _fidelity_samples(draws, held_ms),
    }
    if concurrent:
        contended = np.concatenate([model.sample(rng, held_x, int(held_mask.sum()), 2)
                                    for _ in range(50)])
        record["two_concurrent"]["conditioned_vs_measured"] = _fidelity_samples(
            contended, both)
    from hil.calls import pinned_keys, token_table

    stage = ConditionedStage("inference", {"llm": model},
                             tokens=token_table(resolver, queries), pinned=pinned_keys())
    record["conditioned_stage"] = stage.to_spec()
    return record


def calibrate_render(rig: str, commands: int = 200, seed: int = 1,
                     progress: Progress = _quiet, out_dir: Path | None = None
                     ) -> dict[str, Any]:
    """Send labelled commands to a rig's devices; fit a model per device (see module doc)."""
    from hil.render import intent_routes, render_backend

    picks = QuerySampler(load_queries()).sample(np.random.default_rng(seed), commands)
    ms, devices = [], []
    load_before = load_average()
    with render_backend(rig, out_dir) as backend:
        for _ in range(5):  # warm-up: first frames open the links
            backend.execute(picks[0].intent, picks[0].value)
        step = max(1, commands // 10)
        for k, q in enumerate(picks, 1):
            t0 = time.perf_counter()
            outcome = backend.execute(q.intent, q.value)
            ms.append((time.perf_counter() - t0) * 1000.0)
            devices.append(outcome.device or "none")
            if k % step == 0 or k == commands:
                progress(f"render {k}/{commands} (median so far {np.median(ms):.2f} ms)")
    values, classes = np.asarray(ms), np.asarray(devices)
    held_mask = np.arange(values.size) % HOLD_EVERY == HOLD_EVERY - 1
    models, per_device = {}, {}
    rng = np.random.default_rng(0)
    for cls in sorted(set(devices)):
        sel = classes == cls
        train, held = values[sel & ~held_mask], values[sel & held_mask]
        if train.size == 0:
            continue
        models[cls] = fit_conditioned({}, train, features=())
        if held.size:
            draws = models[cls].sample(rng, {}, 200 * held.size)
            per_device[cls] = {"calibration": int(train.size), "held_back": int(held.size),
                               "fidelity": _fidelity_samples(draws, held)}
    stage = ConditionedStage("render", models, route=intent_routes(rig))
    fit = fit_samples(values[~held_mask]) if (~held_mask).sum() >= 20 else None
    return {
        "stage": "render", "rig": rig, "commands": int(values.size),
        "fit": fit.as_dict() if fit is not None else None,
        "devices": per_device,
        "machine": machine_load(values, load_before, load_average()),
        "conditioned_stage": stage.to_spec(),
    }


def stage_table(record: dict[str, Any]) -> str:
    """The fitted model as a TOML stage table a scenario can point at: the marginal fit, plus
    the conditioned models when the record has them."""
    import tomli_w

    from hil.fidelity_fit import toml_ready

    stage = record.get("stage", "inference")
    spec = record["fit"]["best"]["spec"]
    lines = [f"# written by `twin calibrate --stage {stage}`; measured on this machine",
             f"[stages.{stage}]"]
    lines += [f"{key} = {_toml_value(value)}" for key, value in spec.items()]
    text = "\n".join(lines) + "\n"
    if "conditioned_stage" in record:
        text += "\n" + tomli_w.dumps(toml_ready(
            {"conditioned": {stage: record["conditioned_stage"]}}))
    return text


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(float(value)) if isinstance(value, float) else str(value)
