"""Seeded latency distributions (milliseconds) drawn from numpy Generators.

Every distribution is a frozen dataclass with ``sample(rng, n) -> ndarray`` (float64 ms, >= 0),
``quantile(q)`` for budgeting, and ``to_spec()`` / :func:`distribution_from_spec` for TOML.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

import numpy as np

# scipy.stats is imported where a quantile or a truncated normal needs it, not here: it takes
# ~0.7 s of a process start (of ~1 s), and the device processes every rig start spawns
# (devices.serial_emulator, devices.can_twins) draw their delays from rng alone


class SpecError(ValueError):
    """A distribution spec is malformed; ``key`` names the offending key."""

    def __init__(self, key: str, expected: str) -> None:
        super().__init__(f"{key}: expected {expected}")
        self.key = key
        self.expected = expected


@dataclass(frozen=True)
class Distribution:
    """Base class: subclasses set ``kind`` and implement ``sample`` and ``quantile``."""

    kind: ClassVar[str] = ""
    #: ``sample(rng, a)`` then ``sample(rng, b)`` give ``sample(rng, a + b)``, bit for bit:
    #: a run drawn chunk by chunk (:mod:`twin.chunked`) draws what one whole run draws
    chunkable: ClassVar[bool] = False

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        raise NotImplementedError

    def quantile(self, q: float | np.ndarray) -> float | np.ndarray:
        raise NotImplementedError

    def scaled(self, factor: float) -> Distribution:
        """The same shape with every latency multiplied by ``factor``."""
        return Scaled(self, factor)

    def to_spec(self) -> dict[str, Any]:
        return {"dist": self.kind, **asdict(self)}


@dataclass(frozen=True)
class Fixed(Distribution):
    kind: ClassVar[str] = "fixed"
    chunkable: ClassVar[bool] = True
    value: float

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        return np.full(n, float(self.value))

    def quantile(self, q: float | np.ndarray) -> float | np.ndarray:
        return np.full_like(np.asarray(q, dtype=float), self.value)[()]


@dataclass(frozen=True)
class Uniform(Distribution):
    kind: ClassVar[str] = "uniform"
    chunkable: ClassVar[bool] = True
    low: float
    high: float

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        return rng.uniform(self.low, self.high, n)

    def quantile(self, q: float | np.ndarray) -> float | np.ndarray:
        return self.low + (self.high - self.low) * np.asarray(q, dtype=float)[()]


@dataclass(frozen=True)
class TruncNormal(Distribution):
    """Normal(mean, sd) truncated to [low, high] (low defaults to 0)."""

    kind: ClassVar[str] = "truncnormal"
    chunkable: ClassVar[bool] = True
    mean: float
    sd: float
    low: float = 0.0
    high: float = float("inf")

    def _frozen(self) -> Any:
        a = (self.low - self.mean) / self.sd
        b = (self.high - self.mean) / self.sd
        from scipy import stats

        return stats.truncnorm(a, b, loc=self.mean, scale=self.sd)

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        return np.asarray(self._frozen().rvs(size=n, random_state=rng), dtype=float)

    def quantile(self, q: float | np.ndarray) -> float | np.ndarray:
        return self._frozen().ppf(q)


#: draws at least this many at a time use :mod:`latency_models.compiled_draws` (numpy's bits,
#: about half the time; below it numba's import and a call's set-up are not worth it)
COMPILED_DRAWS_MIN = 10_000


@dataclass(frozen=True)
class ShiftedLognormal(Distribution):
    """``shift + LogNormal(mu, sigma)``: mu and sigma of the underlying normal (log ms)."""

    kind: ClassVar[str] = "lognormal"
    chunkable: ClassVar[bool] = True
    mu: float
    sigma: float
    shift: float = 0.0

    @classmethod
    def from_median_p95(cls, median: float, p95: float, shift: float = 0.0) -> ShiftedLognormal:
        """Parameters that put the median and p95 where a table says they are."""
        m, p = median - shift, p95 - shift
        if m <= 0 or p <= m:
            raise SpecError("p95", f"p95 > median > shift (got median={median}, p95={p95})")
        return cls(float(np.log(m)), float(np.log(p / m) / 1.6448536269514722), shift)

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        if n >= COMPILED_DRAWS_MIN and type(rng) is np.random.Generator:
            from latency_models.compiled_draws import shifted_lognormal  # imports numba

            return shifted_lognormal(rng, self.mu, self.sigma, self.shift, n)
        return self.shift + rng.lognormal(self.mu, self.sigma, n)

    def quantile(self, q: float | np.ndarray) -> float | np.ndarray:
        from scipy import stats

        return self.shift + stats.lognorm(self.sigma, scale=np.exp(self.mu)).ppf(q)


@dataclass(frozen=True)
class OffsetGamma(Distribution):
    """``offset + Gamma(shape, scale_ms)``: a hard floor plus a right-skewed body."""

    kind: ClassVar[str] = "gamma"
    chunkable: ClassVar[bool] = True
    shape: float
    scale_ms: float
    offset: float = 0.0

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        return self.offset + rng.gamma(self.shape, self.scale_ms, n)

    def quantile(self, q: float | np.ndarray) -> float | np.ndarray:
        from scipy import stats

        return self.offset + stats.gamma(self.shape, scale=self.scale_ms).ppf(q)


@dataclass(frozen=True)
class Empirical(Distribution):
    """Resamples measured values (with replacement)."""

    kind: ClassVar[str] = "empirical"
    chunkable: ClassVar[bool] = True
    samples: tuple[float, ...] = field(default=())

    def __post_init__(self) -> None:
        if len(self.samples) == 0:
            raise SpecError("samples", "a non-empty list of measured latencies (ms)")
        object.__setattr__(self, "samples", tuple(float(x) for x in self.samples))

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        data = np.asarray(self.samples)
        return data[rng.integers(0, data.size, n)]

    def quantile(self, q: float | np.ndarray) -> float | np.ndarray:
        return np.quantile(np.asarray(self.samples), q)

    def to_spec(self) -> dict[str, Any]:
        return {"dist": self.kind, "samples": list(self.samples)}


@dataclass(frozen=True)
class SplicedPareto(Distribution):
    """A body distribution below ``threshold`` spliced with a Pareto tail above it.

    With probability ``tail_prob`` a draw comes from ``threshold * Pareto(alpha)``
    (``threshold * (1 + Lomax)``), otherwise from the body conditioned below the threshold.
    """

    kind: ClassVar[str] = "spliced_pareto"
    body: Distribution
    threshold: float
    tail_prob: float
    alpha: float

    def _body_cdf_at_threshold(self) -> float:
        qs = np.linspace(0.0, 1.0, 2001)
        values = np.asarray(self.body.quantile(qs), dtype=float)
        return float(np.interp(self.threshold, values, qs))

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        u = rng.random(n)
        tail = u < self.tail_prob
        out = np.empty(n)
        n_tail = int(tail.sum())
        out[tail] = self.threshold * (1.0 - rng.random(n_tail)) ** (-1.0 / self.alpha)
        c = self._body_cdf_at_threshold()
        v = rng.random(n - n_tail) * c
        out[~tail] = np.asarray(self.body.quantile(np.clip(v, 1e-12, 1 - 1e-12)), dtype=float)
        return out

    def quantile(self, q: float | np.ndarray) -> float | np.ndarray:
        qa = np.asarray(q, dtype=float)
        c = self._body_cdf_at_threshold()
        body_q = np.clip(qa / (1 - self.tail_prob), 1e-12, 1 - 1e-12) * c
        body = np.asarray(self.body.quantile(body_q), dtype=float)
        tail_u = np.clip((qa - (1 - self.tail_prob)) / self.tail_prob, 0.0, 1 - 1e-12)
        tail = self.threshold * (1.0 - tail_u) ** (-1.0 / self.alpha)
        return np.where(qa <= 1 - self.tail_prob, body, tail)[()]

    def to_spec(self) -> dict[str, Any]:
        return {
            "dist": self.kind,
            "body": self.body.to_spec(),
            "threshold": self.threshold,
            "tail_prob": self.tail_prob,
            "alpha": self.alpha,
        }


@dataclass(frozen=True)
class Scaled(Distribution):
    """Another distribution with every draw multiplied by ``factor``."""

    kind: ClassVar[str] = "scaled"
    base: Distribution
    factor: float

    @property
    def chunkable(self) -> bool:  # type: ignore[override]
        return self.base.chunkable

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        return self.base.sample(rng, n) * self.factor

    def quantile(self, q: float | np.ndarray) -> float | np.ndarray:
        return np.asarray(self.base.quantile(q), dtype=float)[()] * self.factor

    def to_spec(self) -> dict[str, Any]:
        return {"dist": self.kind, "base": self.base.to_spec(), "factor": self.factor}


_KINDS: dict[str, type[Distribution]] = {
    cls.kind: cls
    for cls in (Fixed, Uniform, TruncNormal, ShiftedLognormal, OffsetGamma, Empirical)
}
_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # kind: (required keys, optional keys)
    "fixed": (("value",), ()),
    "uniform": (("low", "high"), ()),
    "truncnormal": (("mean", "sd"), ("low", "high")),
    "lognormal": (("mu", "sigma"), ("shift",)),
    "gamma": (("shape", "scale_ms"), ("offset",)),
    "empirical": (("samples",), ()),
}


def _number(spec: dict[str, Any], key: str, where: str) -> float:
    value = spec[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SpecError(f"{where}.{key}", f"a number, got {value!r}")
    return float(value)


def distribution_from_spec(spec: dict[str, Any], where: str = "dist") -> Distribution:
    """Build a distribution from a TOML table such as ``{dist = "lognormal", mu = 2, ...}``.

    Also accepts ``{dist = "lognormal", median = 12, p95 = 20, shift = 5}`` and
    ``{dist = "spliced_pareto", body = {...}, threshold, tail_prob, alpha}``.
    Raises :class:`SpecError` naming the key and what was expected.
    """
    if not isinstance(spec, dict):
        raise SpecError(where, "a table with a 'dist' key")
    kind = spec.get("dist")
    if kind == "spliced_pareto":
        for key in ("body", "threshold", "tail_prob", "alpha"):
            if key not in spec:
                raise SpecError(f"{where}.{key}", "a value (spliced_pareto needs it)")
        tail_prob = _number(spec, "tail_prob", where)
        if not 0 < tail_prob < 1:
            raise SpecError(f"{where}.tail_prob", "a probability in (0, 1)")
        return SplicedPareto(
            distribution_from_spec(spec["body"], f"{where}.body"),
            _number(spec, "threshold", where),
            tail_prob,
            _number(spec, "alpha", where),
        )
    if kind == "scaled":
        return Scaled(
            distribution_from_spec(spec.get("base"), f"{where}.base"),
            _number(spec, "factor", where),
        )
    if kind not in _KINDS:
        names = ", ".join(sorted([*_KINDS, "spliced_pareto", "scaled"]))
        raise SpecError(f"{where}.dist", f"one of {names}, got {kind!r}")
    if kind == "lognormal" and "median" in spec:
        for key in ("median", "p95"):
            if key not in spec:
                raise SpecError(f"{where}.{key}", "a number (lognormal by median/p95)")
        shift = _number(spec, "shift", where) if "shift" in spec else 0.0
        return ShiftedLognormal.from_median_p95(
            _number(spec, "median", where), _number(spec, "p95", where), shift
        )
    required, optional = _FIELDS[kind]
    unknown = set(spec) - {"dist", *required, *optional}
    if unknown:
        raise SpecError(f"{where}.{sorted(unknown)[0]}", f"one of {', '.join(required + optional)}")
    kwargs: dict[str, Any] = {}
    for key in required + optional:
        if key not in spec:
            if key in required:
                raise SpecError(f"{where}.{key}", f"a number ({kind} needs it)")
            continue
        if key == "samples":
            values = spec[key]
            if not isinstance(values, list) or not values:
                raise SpecError(f"{where}.samples", "a non-empty list of numbers")
            kwargs[key] = tuple(float(v) for v in values)
        else:
            kwargs[key] = _number(spec, key, where)
    dist = _KINDS[kind](**kwargs)
    _validate(dist, where)
    return dist


def _validate(dist: Distribution, where: str) -> None:
    checks = {
        Uniform: lambda d: d.high >= d.low >= 0,
        TruncNormal: lambda d: d.sd > 0 and d.high > d.low,
        ShiftedLognormal: lambda d: d.sigma > 0 and d.shift >= 0,
        OffsetGamma: lambda d: d.shape > 0 and d.scale_ms > 0 and d.offset >= 0,
        Fixed: lambda d: d.value >= 0,
    }
    check = checks.get(type(dist))
    if check is not None and not check(dist):
        raise SpecError(where, f"valid {dist.kind} parameters (non-negative latencies), got {dist}")
