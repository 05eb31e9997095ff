"""Typed latency distribution tables (``dist = "lognormal"`` and the others).

Each model mirrors one :mod:`latency_models.distributions` class and builds it with
:meth:`build`. Latencies and their parameters are milliseconds, capped at one hour
(:data:`~twin.config.base.Milliseconds`) so a scenario cannot ask for a horizon the engines
cannot finish.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, model_validator

from latency_models.distributions import (
    Distribution,
    Empirical,
    Fixed,
    OffsetGamma,
    Scaled,
    ShiftedLognormal,
    SplicedPareto,
    TruncNormal,
    Uniform,
)
from twin.config.base import Milliseconds, Strict, tagged_union

#: largest ``mu`` of a lognormal: its median exp(mu) stays within one hour of milliseconds
MAX_LOG_MS = math.log(3_600_000.0)
MAX_SIGMA = 5.0  # a p99 of exp(mu + 11.6): wider spreads are not latencies any more
MAX_SAMPLES = 1_000_000


class FixedDist(Strict):
    """Always the same latency."""

    dist: Literal["fixed"] = "fixed"
    value: Milliseconds = Field(description="the latency (ms)")

    def build(self) -> Distribution:
        return Fixed(float(self.value))


class UniformDist(Strict):
    """Uniform between ``low`` and ``high``."""

    dist: Literal["uniform"] = "uniform"
    low: Milliseconds = Field(description="lowest latency (ms)")
    high: Milliseconds = Field(description="highest latency (ms), >= low")

    @model_validator(mode="after")
    def _ordered(self) -> UniformDist:
        if self.high < self.low:
            raise ValueError(f"high >= low, got low={self.low}, high={self.high}")
        return self

    def build(self) -> Distribution:
        return Uniform(float(self.low), float(self.high))


class TruncNormalDist(Strict):
    """Normal(mean, sd) truncated to [low, high]."""

    dist: Literal["truncnormal"] = "truncnormal"
    mean: Milliseconds = Field(description="mean of the untruncated normal (ms)")
    sd: Annotated[Milliseconds, Field(gt=0)] = Field(description="its standard deviation (ms)")
    low: Milliseconds = Field(0.0, description="lower truncation (ms)")
    high: Milliseconds | None = Field(None, description="upper truncation (ms); none: no bound")

    @model_validator(mode="after")
    def _ordered(self) -> TruncNormalDist:
        if self.high is not None and self.high <= self.low:
            raise ValueError(f"high > low, got low={self.low}, high={self.high}")
        return self

    def build(self) -> Distribution:
        high = float("inf") if self.high is None else float(self.high)
        return TruncNormal(float(self.mean), float(self.sd), float(self.low), high)


class LognormalDist(Strict):
    """``shift + LogNormal(mu, sigma)``: mu and sigma of the underlying normal (log ms)."""

    dist: Literal["lognormal"] = "lognormal"
    mu: float = Field(ge=-50, le=MAX_LOG_MS, description="mean of the underlying normal (log ms)")
    sigma: float = Field(gt=0, le=MAX_SIGMA, description="sd of the underlying normal (log ms)")
    shift: Milliseconds = Field(0.0, description="a floor added to every draw (ms)")

    def build(self) -> Distribution:
        return ShiftedLognormal(float(self.mu), float(self.sigma), float(self.shift))


class LognormalPercentileDist(Strict):
    """``shift + LogNormal`` placed by its median and p95 (ms), e.g. from a measurement table."""

    reference_title: ClassVar[str] = 'dist = "lognormal" (by median and p95)'
    dist: Literal["lognormal"] = "lognormal"
    median: Milliseconds = Field(description="median latency (ms)")
    p95: Milliseconds = Field(description="95th percentile (ms), > median")
    shift: Milliseconds = Field(0.0, description="a floor added to every draw (ms), < median")

    @model_validator(mode="after")
    def _ordered(self) -> LognormalPercentileDist:
        if not self.p95 > self.median > self.shift:
            raise ValueError(f"p95 > median > shift, got median={self.median}, "
                             f"p95={self.p95}, shift={self.shift}")
        sigma = math.log((self.p95 - self.shift) / (self.median - self.shift)) / 1.6448536
        if sigma > MAX_SIGMA:
            raise ValueError(f"p95 - shift within exp({MAX_SIGMA} x 1.645) of median - shift")
        return self

    def build(self) -> Distribution:
        return ShiftedLognormal.from_median_p95(float(self.median), float(self.p95),
                                                float(self.shift))


class GammaDist(Strict):
    """``offset + Gamma(shape, scale_ms)``."""

    dist: Literal["gamma"] = "gamma"
    shape: float = Field(gt=0, le=1e6, description="gamma shape k")
    scale_ms: Annotated[Milliseconds, Field(gt=0)] = Field(description="gamma scale (ms)")
    offset: Milliseconds = Field(0.0, description="a floor added to every draw (ms)")

    def build(self) -> Distribution:
        return OffsetGamma(float(self.shape), float(self.scale_ms), float(self.offset))


class EmpiricalDist(Strict):
    """Resamples measured latencies."""

    dist: Literal["empirical"] = "empirical"
    samples: list[Milliseconds] = Field(min_length=1, max_length=MAX_SAMPLES,
                                        description="measured latencies (ms)")

    def build(self) -> Distribution:
        return Empirical(tuple(float(x) for x in self.samples))


class SplicedParetoDist(Strict):
    """A body below ``threshold`` spliced with a Pareto tail above it."""

    dist: Literal["spliced_pareto"] = "spliced_pareto"
    body: DistSpec = Field(description="distribution of the body (a dist table)")
    threshold: Annotated[Milliseconds, Field(gt=0)] = Field(description="where the tail starts")
    tail_prob: float = Field(gt=0, lt=1, description="share of draws from the tail")
    alpha: float = Field(ge=0.1, le=100, description="Pareto tail index (smaller: heavier)")

    def build(self) -> Distribution:
        return SplicedPareto(self.body.build(), float(self.threshold), float(self.tail_prob),
                             float(self.alpha))


class ScaledDist(Strict):
    """Another distribution with every draw multiplied by ``factor``."""

    dist: Literal["scaled"] = "scaled"
    base: DistSpec = Field(description="the distribution to scale (a dist table)")
    factor: float = Field(ge=0, le=1e4, description="multiplier of every draw")

    def build(self) -> Distribution:
        return Scaled(self.base.build(), float(self.factor))


DIST_MODELS: dict[str, type[Strict]] = {
    "fixed": FixedDist,
    "uniform": UniformDist,
    "truncnormal": TruncNormalDist,
    "lognormal": LognormalDist,
    "lognormal:median": LognormalPercentileDist,  # chosen by its median/p95 keys
    "gamma": GammaDist,
    "empirical": EmpiricalDist,
    "spliced_pareto": SplicedParetoDist,
    "scaled": ScaledDist,
}


def _dist_form(value: dict[str, Any]) -> str | None:
    kind = value.get("dist")
    if kind == "lognormal" and ("median" in value or "p95" in value):
        return "lognormal:median"
    return kind if isinstance(kind, str) and ":" not in kind else None


DistSpec = tagged_union("dist", DIST_MODELS, select=_dist_form, by_key=True)
DIST_KEYS: frozenset[str] = frozenset(k for m in DIST_MODELS.values() for k in m.model_fields)

SplicedParetoDist.model_rebuild()
ScaledDist.model_rebuild()


def build_dist(spec: Any) -> Distribution:
    """The distribution of a validated dist model."""
    return spec.build()  # type: ignore[no-any-return]
