"""Predicted against measured: percentiles with their relative error and a two-sample
Kolmogorov-Smirnov test, per real stage and end to end, judged by ``[fidelity]`` tolerances."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from scipy import stats

from latency_models.stages import STAGES
from twin.config.fidelity import FidelityConfig
from twin.runner import RunResult

QUANTILES = (50, 95, 99)


def _row(predicted: np.ndarray, measured: np.ndarray, limits: dict[str, float],
         floor_ms: float, ks_alpha: float | None) -> dict[str, Any]:
    predicted = predicted[np.isfinite(predicted)]
    measured = measured[np.isfinite(measured)]
    row: dict[str, Any] = {"n_predicted": int(predicted.size), "n_measured": int(measured.size)}
    if predicted.size == 0 or measured.size == 0:
        row.update(passed=None, skipped="no samples")
        return row
    ok = True
    for q in QUANTILES:
        p = float(np.percentile(predicted, q))
        m = float(np.percentile(measured, q))
        rel = (p - m) / max(abs(m), floor_ms) if max(abs(m), floor_ms) > 0 else 0.0
        limit = limits.get(f"p{q}")
        passed = None if limit is None else bool(abs(rel) <= limit)
        ok = ok and passed is not False
        lo, hi = np.percentile(measured, [max(q - 1, 0), min(q + 1, 100)])
        row[f"p{q}"] = {"predicted_ms": round(p, 4), "measured_ms": round(m, 4),
                        "rel_error": round(rel, 5), "limit": limit, "passed": passed,
                        # one point of probability either side spans more than half the
                        # value: the percentile sits in a gap (e.g. between the rule path
                        # and the model path) and moves a lot with the mix; said, not hidden
                        "at_gap": bool(hi - lo > max(0.5 * abs(m), floor_ms))}
    ks = stats.ks_2samp(predicted, measured)
    row["ks"] = {"statistic": round(float(ks.statistic), 5), "pvalue": round(float(ks.pvalue), 5)}
    if ks_alpha is not None:
        ok = ok and float(ks.pvalue) >= ks_alpha
    row["passed"] = ok
    return row


def compare(real: RunResult, modelled: RunResult, stages: Sequence[str],
            config: FidelityConfig) -> dict[str, Any]:
    """Predicted against measured, per real stage (all requests, and the model-call requests
    alone for the model stages) and end to end."""
    limits = config.limits()
    rows: dict[str, Any] = {}
    llm = None
    if real.plan.bypass is not None:
        llm = ~real.plan.bypass[:, STAGES.index("inference")]
    for s in stages:
        k = STAGES.index(s)
        rows[s] = _row(modelled.timings.stage_ms[:, k], real.timings.stage_ms[:, k], limits,
                       config.floor_ms, config.ks_alpha)
        if llm is not None and s in ("model_load", "inference") and llm.any():
            rows[f"{s}[llm]"] = _row(modelled.timings.stage_ms[llm, k],
                                     real.timings.stage_ms[llm, k], limits, config.floor_ms,
                                     config.ks_alpha)
    if "capture" in rows:  # the endpointer's outcomes: what its latency alone cannot show
        rows["capture"]["endpoints"] = endpoint_shares(real, modelled)
    rows["e2e"] = _row(modelled.timings.e2e_ms, real.timings.e2e_ms, limits, config.floor_ms,
                       config.ks_alpha)
    checked = [r["passed"] for r in rows.values() if r.get("passed") is not None]
    return {"rows": rows, "passed": bool(checked) and all(checked),
            "limits": limits, "floor_ms": config.floor_ms}


def endpoint_shares(real: RunResult, modelled: RunResult) -> dict[str, dict[str, float]]:
    """Premature and missed (timeout) endpoints, predicted against measured: shares of the
    requests with an outcome (``capture_outcome`` of each run)."""
    out: dict[str, dict[str, float]] = {}
    runs = {"predicted": modelled, "measured": real}
    for outcome in ("premature", "timeout"):
        shares = {}
        for side, run in runs.items():
            col = np.asarray(run.extra_columns.get("capture_outcome", []), dtype=str)
            col = col[col != ""]
            shares[side] = round(float(np.mean(col == outcome)), 4) if col.size else 0.0
        out[outcome] = shares
    return out
