"""Fit real calls into conditioned models and write them as a calibration file.

A conditioned model per stage and call class (:func:`latency_models.conditioned.fit_conditioned`)
plus each stage's marginal fit, written as ``[stages.X]`` + ``[conditioned.X]`` that
``calibrated = "PATH"`` reads in any scenario.
"""

from __future__ import annotations

import warnings
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import tomli_w

from hil.calls import CallRecord
from latency_models.conditioned import (
    ConditionedModel,
    ConditionedStage,
    fit_conditioned,
    fit_token_rate,
)
from latency_models.distributions import Empirical
from latency_models.fitting import MIN_SAMPLES, fit_samples
from latency_models.stages import STAGES
from twin.runner import RunResult

FEATURES_BY_CLASS = {
    ("model_load", "llm"): ("history_tokens", "session_hit"),
    ("inference", "llm"): ("query_tokens",),
}
MAX_MARGINAL_KNOTS = 256


def fit_records(records: Sequence[CallRecord], tokens: dict[str, tuple[float, float]] | None = None,
                pinned: Sequence[str] = (), slots: int | None = None,
                route: dict[str, str] | None = None, session_capacity: int = 50,
                ) -> dict[str, ConditionedStage]:
    """A conditioned model per stage and class, fitted from real calls."""
    groups: dict[tuple[str, str], list[CallRecord]] = defaultdict(list)
    table = tokens or {}
    for r in records:
        if r.key in table and (r.stage, r.cls) == ("inference", "llm"):
            # exact counts from the tokenizer (a call abandoned at its deadline reports none)
            r = CallRecord(r.stage, r.index, r.cls, r.ms,
                           {**r.features, "query_tokens": table[r.key][0]}, r.concurrency,
                           r.key)
        groups[(r.stage, r.cls)].append(r)
    classes: dict[str, dict[str, ConditionedModel]] = defaultdict(dict)
    for (stage, cls), rs in sorted(groups.items()):
        names = FEATURES_BY_CLASS.get((stage, cls), ())
        x = {f: np.array([r.features.get(f, 0.0) for r in rs]) for f in names}
        y = np.array([r.ms for r in rs])
        k = np.array([r.concurrency for r in rs])
        classes[stage][cls] = fit_conditioned(x, y, k, names)
    if "model_load" in classes and "rule" not in classes["model_load"]:
        # the rules answer: the real model_load does nothing (0 ms)
        classes["model_load"]["rule"] = ConditionedModel((), 0.0, (), Empirical((1.0,)))
    tokens = dict(tokens or {})
    rate = (1.0, 0.3, 1.0)
    if len(tokens) >= 3:
        texts = [k.split("\x1f", 1)[0] for k in tokens]
        rate = fit_token_rate([f" {t} ->" for t in texts], [1] * len(texts),
                              [v[0] for v in tokens.values()])
    out = {}
    for stage, models in classes.items():
        out[stage] = ConditionedStage(
            stage, dict(models),
            route=dict(route or {}) if stage == "render" else {},
            tokens=tokens if stage in ("model_load", "inference") else {},
            token_rate=rate, pinned=tuple(pinned) if stage == "model_load" else (),
            session_capacity=session_capacity,
            slots=slots if stage == "inference" else None)
    return out


def _marginal(values: np.ndarray) -> dict[str, Any]:
    """A plain distribution spec of a stage's per-request times (for scenarios without the
    conditioned models): the fitted one, else empirical quantiles."""
    values = values[np.isfinite(values)]
    if values.size >= MIN_SAMPLES and np.ptp(values) > 0:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # candidates that cannot fit
            return fit_samples(values).best.dist.to_spec()
    if values.size > MAX_MARGINAL_KNOTS:
        values = np.quantile(values, np.linspace(0, 1, MAX_MARGINAL_KNOTS))
    return Empirical(tuple(float(v) for v in np.sort(values)) or (0.0,)).to_spec()


def toml_ready(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): toml_ready(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [toml_ready(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def write_calibration(models: dict[str, ConditionedStage], stage_ms: dict[str, np.ndarray],
                      path: Path, header: str, capture: dict[str, Any] | None = None) -> Path:
    """Write ``[stages.X]`` (marginal fits) and ``[conditioned.X]`` for every stage; with
    ``capture`` (a :class:`latency_models.capture.CaptureModel` spec), ``[capture_model]`` and
    the capture stage's marginal."""
    table: dict[str, Any] = {
        "stages": {s: _marginal(np.asarray(stage_ms[s], dtype=float)) for s in models},
        "conditioned": {s: m.to_spec() for s, m in models.items()},
    }
    if capture is not None:
        table["stages"]["capture"] = _marginal(np.asarray(stage_ms["capture"], dtype=float))
        table["capture_model"] = capture
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(f"# {line}\n" for line in header.splitlines())
    path.write_text(text + tomli_w.dumps(toml_ready(table)), encoding="utf-8")
    return path


def stage_samples(result: RunResult, records: Sequence[CallRecord]) -> dict[str, np.ndarray]:
    """Per stage with records: each request's stage time from the run (queueing included)."""
    stages = sorted({r.stage for r in records} | ({"capture"} if "capture_real" in result.report
                                                   else set()))
    return {s: result.timings.stage_ms[:, STAGES.index(s)] for s in stages}
