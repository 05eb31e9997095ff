"""Stage models conditioned on what a request does (Vidur-style: per-operator costs, composed).

A :class:`ConditionedModel` predicts a call's latency from its features (tokens prefilled,
tokens decoded, a session-cache hit, ...) as a base cost plus a cost per unit of each feature,
multiplied by a slowdown when ``k`` calls share the cores, times a residual ratio drawn from a
distribution fitted separately to ``measured / predicted``::

    ms = (base_ms + sum_f coef_ms[f] * x_f) * slowdown[k - 1] * residual

:func:`fit_conditioned` fits the per-unit costs by robust least squares on relative error
(``scipy.optimize.least_squares``, costs bounded at zero), the slowdown per concurrency level
as the median ratio of contended calls to the single-stream prediction, and the residual with
:func:`latency_models.fitting.fit_samples` (an empirical distribution when samples are few).
A model without features is a plain distribution (``base_ms * residual``): per-device render
models are of that kind. :class:`ConditionedStage` groups models by class (``llm``, a device
name, ...) and carries the lookups a twin needs to compute features (token counts per query).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy import optimize

from latency_models.distributions import (
    Distribution,
    Empirical,
    SpecError,
    distribution_from_spec,
)
from latency_models.fitting import MIN_SAMPLES, fit_samples

#: features the inference-side models use (any name works; these are the conventional ones)
FEATURES = ("prefill_tokens", "decode_tokens", "session_hit", "history_tokens")
MAX_RESIDUAL_KNOTS = 256


@dataclass(frozen=True)
class ConditionedModel:
    """Latency as a function of a request's features (see the module doc)."""

    features: tuple[str, ...]
    base_ms: float
    coef_ms: tuple[float, ...]
    residual: Distribution
    slowdown: tuple[float, ...] = (1.0,)
    n: int = 0

    def __post_init__(self) -> None:
        if len(self.coef_ms) != len(self.features):
            raise ValueError("one coefficient per feature")
        if self.base_ms < 0 or any(c < 0 for c in self.coef_ms):
            raise ValueError("costs must be >= 0")
        if not self.slowdown or any(s <= 0 for s in self.slowdown):
            raise ValueError("slowdown factors must be > 0")

    def _matrix(self, x: Mapping[str, Any], n: int) -> np.ndarray:
        cols = []
        for f in self.features:
            if f not in x:
                raise KeyError(f"feature {f!r} missing")
            cols.append(np.broadcast_to(np.asarray(x[f], dtype=float), (n,)))
        return np.column_stack(cols) if cols else np.empty((n, 0))

    def slowdown_for(self, concurrency: np.ndarray | int | None, n: int) -> np.ndarray:
        """Factor per call for ``concurrency`` calls sharing the cores (1: no contention);
        beyond the fitted levels the last factor grows linearly with the excess calls."""
        if concurrency is None:
            return np.ones(n)
        k = np.broadcast_to(np.asarray(concurrency, dtype=float), (n,))
        s = np.asarray(self.slowdown)
        idx = np.clip(k - 1, 0, s.size - 1).astype(int)
        extra = np.maximum(k - s.size, 0.0)
        per_call = (s[-1] - 1.0) if s.size > 1 else 0.0
        return s[idx] + extra * per_call

    def predict(self, x: Mapping[str, Any], n: int,
                concurrency: np.ndarray | int | None = None) -> np.ndarray:
        """The median-free structural prediction (residual ratio 1), ms."""
        mat = self._matrix(x, n)
        return (self.base_ms + mat @ np.asarray(self.coef_ms)) * self.slowdown_for(
            concurrency, n)

    def sample(self, rng: np.random.Generator, x: Mapping[str, Any], n: int,
               concurrency: np.ndarray | int | None = None) -> np.ndarray:
        """``n`` latencies (ms) for calls with features ``x`` (arrays of length n or scalars)."""
        ratio = np.maximum(self.residual.sample(rng, n), 0.0)
        return np.maximum(self.predict(x, n, concurrency) * ratio, 0.0)

    def quantile(self, q: float | np.ndarray, x: Mapping[str, Any] | None = None
                 ) -> float | np.ndarray:
        """Quantile for one call (features ``x``; none for a model without features)."""
        pred = float(self.predict(x or {}, 1)[0])
        return pred * np.asarray(self.residual.quantile(q), dtype=float)[()]

    def to_spec(self) -> dict[str, Any]:
        return {
            "features": list(self.features),
            "base_ms": round(float(self.base_ms), 6),
            "coef_ms": [round(float(c), 6) for c in self.coef_ms],
            "slowdown": [round(float(s), 6) for s in self.slowdown],
            "n": int(self.n),
            "residual": self.residual.to_spec(),
        }

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any], where: str) -> ConditionedModel:
        if not isinstance(spec, Mapping):
            raise SpecError(where, "a table")
        unknown = sorted(set(spec) - {"features", "base_ms", "coef_ms", "slowdown", "n",
                                       "residual"})
        if unknown:
            raise SpecError(f"{where}.{unknown[0]}",
                            "one of features, base_ms, coef_ms, slowdown, n, residual")
        try:
            features = tuple(str(f) for f in spec.get("features", ()))
            coef = tuple(float(c) for c in spec.get("coef_ms", ()))
            slowdown = tuple(float(s) for s in spec.get("slowdown", (1.0,)))
            base = float(spec["base_ms"])
        except (KeyError, TypeError, ValueError):
            raise SpecError(where, "features, base_ms, coef_ms as numbers") from None
        if not all(np.isfinite([base, *coef, *slowdown])):
            raise SpecError(where, "finite costs")
        residual = distribution_from_spec(dict(spec.get("residual", {})), f"{where}.residual")
        try:
            return cls(features, base, coef, residual, slowdown, int(spec.get("n", 0)))
        except ValueError as exc:
            raise SpecError(where, str(exc)) from None


def _compact(ratios: np.ndarray) -> Distribution:
    """Residual ratios as a distribution: the best parametric fit when it is close, else the
    empirical quantiles (at most ``MAX_RESIDUAL_KNOTS`` of them)."""
    ratios = ratios[np.isfinite(ratios) & (ratios > 0)]
    if ratios.size == 0:
        return Empirical((1.0,))
    if ratios.size >= MIN_SAMPLES and np.ptp(ratios) > 0:
        fit = fit_samples(ratios)
        if fit.best.name != "empirical":
            return fit.best.dist
    if ratios.size > MAX_RESIDUAL_KNOTS:
        ratios = np.quantile(ratios, np.linspace(0.0, 1.0, MAX_RESIDUAL_KNOTS))
    return Empirical(tuple(float(r) for r in np.sort(ratios)))


def fit_conditioned(x: Mapping[str, Sequence[float] | np.ndarray],
                    measured_ms: Sequence[float] | np.ndarray,
                    concurrency: Sequence[int] | np.ndarray | None = None,
                    features: Sequence[str] | None = None) -> ConditionedModel:
    """Fit a :class:`ConditionedModel` to measured calls (see the module doc).

    Single-stream calls (concurrency 1, or all when ``concurrency`` is None) fit the costs and
    the residual; contended calls fit one slowdown factor per concurrency level.
    """
    y = np.asarray(measured_ms, dtype=float)
    n = y.size
    if n == 0 or not np.all(np.isfinite(y)):
        raise ValueError("need finite measurements")
    names = tuple(features if features is not None else sorted(x))
    mat = (np.column_stack([np.asarray(x[f], dtype=float) for f in names]) if names
           else np.empty((n, 0)))
    k = np.ones(n) if concurrency is None else np.asarray(concurrency, dtype=float)
    single = k <= 1
    if not single.any():
        raise ValueError("need single-stream calls (concurrency 1) to fit the costs")
    ys, ms = y[single], mat[single]
    # features that never vary carry no information: their cost is folded into the base
    used = [j for j in range(len(names)) if np.ptp(ms[:, j]) > 0] if ys.size > 1 else []
    design = np.column_stack([np.ones(ys.size), ms[:, used]])
    floor = max(float(np.median(ys)) * 1e-3, 1e-6)
    # weighted least squares on relative error, weights from the previous prediction
    # (iteratively reweighted): unbiased for the mean under a multiplicative residual
    theta = np.zeros(design.shape[1])
    theta[0] = float(np.median(ys))
    pred = np.full(ys.size, max(float(np.mean(ys)), floor))
    for _ in range(4):
        weights = 1.0 / np.maximum(pred, floor)

        def resid(t: np.ndarray, w: np.ndarray = weights) -> np.ndarray:
            return (design @ t - ys) * w

        theta = optimize.least_squares(resid, theta, bounds=(0.0, np.inf)).x
        pred = design @ theta
    coef = np.zeros(len(names))
    coef[used] = theta[1:]
    base = float(theta[0])
    structural = np.maximum(base + mat @ coef, floor)
    residual = _compact(ys / structural[single])
    slowdown = [1.0]
    levels = sorted({int(v) for v in k[~single]})
    for level in range(2, (max(levels) if levels else 1) + 1):
        sel = k == level
        prev = slowdown[-1]
        mid = float(np.asarray(residual.quantile(0.5), dtype=float)) or 1.0
        slowdown.append(float(np.median(y[sel] / structural[sel])) / mid if sel.any()
                        else prev)
    return ConditionedModel(names, base, tuple(float(c) for c in coef), residual,
                            tuple(max(s, 1e-6) for s in slowdown), int(n))


@dataclass(frozen=True)
class ConditionedStage:
    """A stage's conditioned models by class, plus lookups for computing features.

    ``classes``: class name -> model (``llm``; a device name; ``none``); ``route``: what
    decides a request's class (e.g. intent -> device); ``tokens``: token counts per known
    query key, measured with the model's tokenizer; ``pinned``: history keys always cached;
    ``session_capacity``: the session cache's LRU size.
    """

    stage: str
    classes: dict[str, ConditionedModel]
    route: dict[str, str] = field(default_factory=dict)
    tokens: dict[str, tuple[float, float]] = field(default_factory=dict)
    token_rate: tuple[float, float, float] = (1.0, 0.3, 1.0)
    pinned: tuple[str, ...] = ()
    session_capacity: int = 50
    slots: int | None = None

    def to_spec(self) -> dict[str, Any]:
        spec: dict[str, Any] = {
            "classes": {name: m.to_spec() for name, m in sorted(self.classes.items())},
            "token_rate": [round(float(v), 6) for v in self.token_rate],
            "session_capacity": self.session_capacity,
        }
        if self.route:
            spec["route"] = dict(sorted(self.route.items()))
        if self.tokens:
            spec["tokens"] = {k: [float(a), float(b)] for k, (a, b) in sorted(
                self.tokens.items())}
        if self.pinned:
            spec["pinned"] = list(self.pinned)
        if self.slots is not None:
            spec["slots"] = self.slots
        return spec

    @classmethod
    def from_spec(cls, stage: str, spec: Mapping[str, Any], where: str) -> ConditionedStage:
        if not isinstance(spec, Mapping):
            raise SpecError(where, "a table")
        allowed = {"classes", "route", "tokens", "token_rate", "pinned", "session_capacity",
                   "slots"}
        unknown = sorted(set(spec) - allowed)
        if unknown:
            raise SpecError(f"{where}.{unknown[0]}", f"one of {', '.join(sorted(allowed))}")
        classes_spec = spec.get("classes")
        if not isinstance(classes_spec, Mapping) or not classes_spec:
            raise SpecError(f"{where}.classes", "a table of class models")
        classes = {str(name): ConditionedModel.from_spec(m, f"{where}.classes.{name}")
                   for name, m in classes_spec.items()}
        try:
            tokens = {str(k): (float(v[0]), float(v[1]))
                      for k, v in dict(spec.get("tokens", {})).items()}
            rate = tuple(float(v) for v in spec.get("token_rate", (1.0, 0.3, 1.0)))
            capacity = int(spec.get("session_capacity", 50))
            slots = None if spec.get("slots") is None else int(spec["slots"])
        except (TypeError, ValueError, IndexError):
            raise SpecError(where, "tokens as [query, history] pairs, numeric rates") from None
        if len(rate) != 3:
            raise SpecError(f"{where}.token_rate", "[per turn, per ASCII char, per other char]")
        return cls(stage, classes, {str(k): str(v) for k, v in dict(spec.get("route", {})
                                                                     ).items()},
                   tokens, (rate[0], rate[1], rate[2]),
                   tuple(str(p) for p in spec.get("pinned", ())), capacity, slots)

    def estimate_tokens(self, text: str, turns: int = 1) -> float:
        """Token count of ``text`` from the fitted rates (for a query with no measured count)."""
        ascii_chars = sum(c.isascii() for c in text)
        return (self.token_rate[0] * turns + self.token_rate[1] * ascii_chars
                + self.token_rate[2] * (len(text) - ascii_chars))


def fit_token_rate(texts: Sequence[str], turns: Sequence[int], tokens: Sequence[float]
                   ) -> tuple[float, float, float]:
    """Least-squares tokens ~ per-turn + per-ASCII-char + per-other-char (all >= 0)."""
    a = np.array([[t, sum(c.isascii() for c in s), sum(not c.isascii() for c in s)]
                  for s, t in zip(texts, turns, strict=True)], dtype=float)
    sol = optimize.lsq_linear(a, np.asarray(tokens, dtype=float), bounds=(0.0, np.inf))
    return float(sol.x[0]), float(sol.x[1]), float(sol.x[2])
