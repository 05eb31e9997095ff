"""Fit a stage's latency model to measured samples with scipy.stats, tail included.

Candidates: shifted lognormal, gamma with an offset, and a lognormal body spliced with a
Pareto tail above the body's p90. Each is fitted by maximum likelihood (``scipy.stats.*.fit``)
and scored by the Kolmogorov-Smirnov statistic and by the relative error of its p50/p95/p99
against the sample's. The best candidate is the one with the smallest worst-case quantile error
(the tail is what budgets are about), KS breaking ties.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy import stats

from latency_models.distributions import (
    Distribution,
    Empirical,
    OffsetGamma,
    ShiftedLognormal,
    SplicedPareto,
)
from latency_models.stages import StageModel

QUANTILES = (0.5, 0.95, 0.99)
MIN_SAMPLES = 20


@dataclass(frozen=True)
class Candidate:
    name: str
    dist: Distribution
    ks: float
    ks_pvalue: float
    quantile_rel_err: dict[str, float]

    @property
    def worst_rel_err(self) -> float:
        return max(abs(v) for v in self.quantile_rel_err.values())

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "spec": self.dist.to_spec(),
            "ks": round(self.ks, 5),
            "ks_pvalue": round(self.ks_pvalue, 5),
            "quantile_rel_err": {k: round(v, 5) for k, v in self.quantile_rel_err.items()},
        }


@dataclass(frozen=True)
class FitResult:
    best: Candidate
    candidates: list[Candidate] = field(default_factory=list)
    n: int = 0

    def stage_model(self, stage: str, budget_ms: float) -> StageModel:
        return StageModel(stage, self.best.dist, budget_ms)

    def as_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "best": self.best.as_dict(),
            "candidates": [c.as_dict() for c in self.candidates],
        }


def _score(name: str, dist: Distribution, data: np.ndarray) -> Candidate:
    qs = np.asarray(QUANTILES)
    model_q = np.asarray(dist.quantile(qs), dtype=float)
    data_q = np.quantile(data, qs)
    rel = {f"p{int(q * 100)}": float((m - d) / d) for q, m, d in zip(qs, model_q, data_q,
                                                                      strict=True)}
    grid = np.linspace(0.0005, 0.9995, 2000)
    values = np.asarray(dist.quantile(grid), dtype=float)
    ok = np.isfinite(values)

    def cdf(x: np.ndarray) -> np.ndarray:
        return np.interp(x, values[ok], grid[ok], left=0.0, right=1.0)

    ks = stats.kstest(data, cdf)
    return Candidate(name, dist, float(ks.statistic), float(ks.pvalue), rel)


def _lognormal(data: np.ndarray) -> Distribution:
    # three-parameter MLE (the shift is free); a shift above the smallest sample is invalid
    sigma, loc, scale = stats.lognorm.fit(data)
    if not 0.0 <= loc < data.min() or sigma <= 0:
        sigma, loc, scale = stats.lognorm.fit(data, floc=0.0)
    return ShiftedLognormal(float(np.log(scale)), float(sigma), float(loc))


def _gamma(data: np.ndarray) -> Distribution:
    shape, loc, scale = stats.gamma.fit(data)
    if not 0.0 <= loc < data.min() or shape <= 0:
        shape, loc, scale = stats.gamma.fit(data, floc=0.0)
    return OffsetGamma(float(shape), float(scale), float(loc))


def _spliced(data: np.ndarray, body_quantile: float = 0.9) -> Distribution:
    threshold = float(np.quantile(data, body_quantile))
    body = _lognormal(data)  # the body's shape from all data; used only below the threshold
    exceed = data[data > threshold]
    if exceed.size < 5:
        raise ValueError("too few tail samples")
    alpha, _, _ = stats.pareto.fit(exceed, floc=0.0, fscale=threshold)
    return SplicedPareto(body, threshold, float(exceed.size / data.size), float(alpha))


def fit_samples(samples: np.ndarray | list[float]) -> FitResult:
    """Fit every candidate to ``samples`` (ms) and return them ranked, best first."""
    data = np.asarray(samples, dtype=float)
    data = data[np.isfinite(data)]
    if data.size < MIN_SAMPLES:
        raise ValueError(f"need at least {MIN_SAMPLES} samples to fit, got {data.size}")
    if np.ptp(data) == 0:
        raise ValueError("all samples are equal: nothing to fit (use a fixed distribution)")
    candidates = []
    for name, fitter in (("lognormal", _lognormal), ("gamma", _gamma),
                         ("lognormal+pareto", _spliced)):
        try:
            candidates.append(_score(name, fitter(data), data))
        except (ValueError, RuntimeError, FloatingPointError):
            continue
    candidates.append(_score("empirical", Empirical(tuple(data.tolist())), data))
    # prefer parametric models: the empirical one only wins when nothing else is close
    parametric = [c for c in candidates if c.name != "empirical"]
    ranked = sorted(parametric, key=lambda c: (round(c.worst_rel_err, 3), c.ks))
    best = ranked[0] if ranked and ranked[0].worst_rel_err < 0.05 else min(
        candidates, key=lambda c: (round(c.worst_rel_err, 3), c.ks))
    ordered = [best, *[c for c in candidates if c is not best]]
    return FitResult(best, ordered, int(data.size))
