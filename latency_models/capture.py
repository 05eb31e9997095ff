"""The capture stage's endpointing model: what a VAD endpointer does to a request, fitted from a
real capture run and drawn by the twin without audio.

A real endpointer has three outcomes per utterance: ``ok`` (the end of speech declared after
the user finished; the capture latency is the decision minus the true end), ``premature``
(declared before: the request is cut, the assistant hears a prefix of the words) and
``timeout`` (never declared: a failed capture at the timeout). A :class:`CapturePoint` is one
measured setting: the settings that change the outcome (its *key*: the VAD, its threshold, the
WebRTC mode, the frame, the minimum speech, the speculative start, the SNR, the timeout and the
audio) and the minimum silence, the outcome counts, and per outcome a distribution: the ok
latency (fitted with scipy, :func:`latency_models.fitting.fit_samples`, else the measured
values), how early a premature decision came and the share of the words it kept (measured
values), and the timeout's latency; with speculative endpointing, how many speculative starts
speech cancelled per request (a histogram: requests with 0, 1, 2, ... wasted starts).

:class:`CaptureModel` holds a calibration's points. For a scenario's settings it takes the
points with the same key and, along the minimum silence, the measured one or the two around it
(:meth:`CaptureModel.at`): the outcome shares are interpolated linearly, and each outcome's
latency through its quantile function, ``u -> (1 - w) Q1(u) + w Q2(u)``. An endpointer decides
at its silence onset plus the minimum silence, so its latency quantiles move one for one with
the minimum silence and the interpolation is exact for them; the premature and timeout shares
between two measured points are an interpolation, and ``twin calibrate`` measures the points a
what-if needs. Outside the measured minimum silences, or for a key never measured, there is no
answer (:class:`NotCovered`), never an extrapolation.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from latency_models.distributions import (
    Distribution,
    Empirical,
    SpecError,
    distribution_from_spec,
)
from latency_models.fitting import MIN_SAMPLES, fit_samples

OUTCOMES = ("ok", "premature", "timeout")
#: the settings that change what the endpointer does (the minimum silence aside: interpolated)
KEY_FIELDS = ("vad", "threshold", "aggressiveness", "frame_ms", "min_speech_ms", "early_ms",
              "snr_db", "timeout_ms", "audio")
OPTIONAL = ("aggressiveness", "early_ms", "snr_db")  # absent: not WebRTC, not speculative, clean
CLEAN = "clean"  # snr_db of audio with no noise mixed in
#: the distributions a point keeps per outcome: (spec key, outcome, what the values are)
DISTS = (("ok_ms", "ok", "latency of an ok endpoint (ms after the true end)"),
         ("premature_early_ms", "premature", "how early a premature decision came (ms)"),
         ("premature_heard_fraction", "premature", "share of the words a cut request kept"),
         ("timeout_latency_ms", "timeout", "latency of a missed endpoint (ms)"))
MAX_POINTS = 1000
MAX_KNOTS = 512  # measured values kept per distribution (quantiles of more)


class NotCovered(ValueError):
    """The calibration has no point for these settings; ``key`` names the scenario key."""

    def __init__(self, key: str, expected: str) -> None:
        super().__init__(f"{key}: expected {expected}")
        self.key = key
        self.expected = expected


def settings_key(settings: Mapping[str, Any]) -> tuple[Any, ...]:
    """The key of a point's settings: what must match exactly (floats compared to 1e-6; the
    WebRTC mode only for WebRTC, the threshold matters to both: the endpointer applies it)."""
    out: list[Any] = []
    for name in KEY_FIELDS:
        value = settings.get(name)
        if name == "aggressiveness" and settings.get("vad") != "webrtc":
            value = None
        if name == "snr_db" and value is None:
            value = CLEAN
        if isinstance(value, float | int) and not isinstance(value, bool):
            value = round(float(value), 6)
        out.append(value)
    return tuple(out)


def describe_key(key: tuple[Any, ...]) -> str:
    return ", ".join(f"{n}={v:g}" if isinstance(v, float) else f"{n}={v}"
                     for n, v in zip(KEY_FIELDS, key, strict=True) if v is not None)


@dataclass(frozen=True)
class CapturePoint:
    """One measured setting (see the module doc)."""

    settings: dict[str, Any]
    min_silence_ms: float
    counts: dict[str, int]
    ok_ms: Distribution | None = None
    premature_early_ms: Distribution | None = None
    premature_heard_fraction: Distribution | None = None
    timeout_latency_ms: Distribution | None = None
    wasted_starts: tuple[int, ...] | None = None  # requests with 0, 1, 2, ... wasted starts

    @property
    def key(self) -> tuple[Any, ...]:
        return settings_key(self.settings)

    @property
    def requests(self) -> int:
        return sum(self.counts.values())

    def share(self, outcome: str) -> float:
        return self.counts.get(outcome, 0) / max(self.requests, 1)

    def to_spec(self) -> dict[str, Any]:
        spec: dict[str, Any] = {
            k: v for k, v in zip(KEY_FIELDS, self.key, strict=True) if v is not None}
        spec["min_silence_ms"] = float(self.min_silence_ms)
        spec["outcomes"] = {o: int(self.counts.get(o, 0)) for o in OUTCOMES}
        for name, _, _ in DISTS:
            dist = getattr(self, name)
            if dist is not None:
                spec[name] = dist.to_spec()
        if self.wasted_starts is not None:
            spec["wasted_starts"] = list(self.wasted_starts)
        return spec

    @classmethod
    def from_spec(cls, spec: Any, where: str) -> CapturePoint:
        """A point from its table; :class:`SpecError` naming the key for anything wrong."""
        if not isinstance(spec, dict):
            raise SpecError(where, "a table (one calibration point)")
        known = {*KEY_FIELDS, "min_silence_ms", "outcomes", "wasted_starts",
                 *(d[0] for d in DISTS)}
        unknown = sorted(set(spec) - known)
        if unknown:
            raise SpecError(f"{where}.{unknown[0]}", f"one of {', '.join(sorted(known))}")
        settings: dict[str, Any] = {}
        for name in KEY_FIELDS:
            value = spec.get(name)
            if value is None and name not in OPTIONAL:
                raise SpecError(f"{where}.{name}", "a value (a point's settings are its key)")
            if name in ("vad", "audio"):
                if not isinstance(value, str) or not value:
                    raise SpecError(f"{where}.{name}", "a non-empty string")
            elif name == "snr_db" and value in (None, CLEAN):
                value = None
            elif value is not None:
                value = _finite(value, f"{where}.{name}", low=-100.0)
            settings[name] = value
        ms = _finite(spec.get("min_silence_ms"), f"{where}.min_silence_ms", low=0.0)
        raw = spec.get("outcomes")
        if not isinstance(raw, dict) or set(raw) - set(OUTCOMES):
            raise SpecError(f"{where}.outcomes", "a table of counts: ok, premature, timeout")
        counts = {}
        for o in OUTCOMES:
            v = raw.get(o, 0)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise SpecError(f"{where}.outcomes.{o}", f"a count >= 0, got {v!r}")
            counts[o] = v
        if sum(counts.values()) == 0:
            raise SpecError(f"{where}.outcomes", "at least one request")
        dists: dict[str, Distribution | None] = {}
        for name, outcome, _ in DISTS:
            if name not in spec:
                if counts[outcome]:
                    raise SpecError(f"{where}.{name}", f"a distribution ({counts[outcome]} "
                                    f"{outcome} endpoints were measured)")
                dists[name] = None
                continue
            dist = distribution_from_spec(spec[name], f"{where}.{name}")
            values = np.asarray(dist.quantile(np.array([0.0005, 0.5, 0.9995])), dtype=float)
            high = 1.0 if name == "premature_heard_fraction" else math.inf
            if not np.all(np.isfinite(values)) or values.min() < 0 or values.max() > high:
                raise SpecError(f"{where}.{name}", "finite values >= 0" + (
                    " and <= 1 (a share of the words)" if high == 1.0 else ""))
            dists[name] = dist
        wasted = spec.get("wasted_starts")
        if wasted is not None:
            if (not isinstance(wasted, list) or not 1 <= len(wasted) <= MAX_KNOTS
                    or any(isinstance(v, bool) or not isinstance(v, int) or v < 0
                           for v in wasted) or sum(wasted) != sum(counts.values())):
                raise SpecError(f"{where}.wasted_starts", "a list of request counts with 0, 1, "
                                "2, ... wasted speculative starts, summing to the requests")
            wasted = tuple(wasted)
        return cls(settings, ms, counts, **dists, wasted_starts=wasted)


def _finite(value: Any, where: str, low: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
            float(value)) or float(value) < low:
        raise SpecError(where, f"a finite number >= {low:g}, got {value!r}")
    return float(value)


def _values(values: np.ndarray) -> Distribution:
    """Measured values as an empirical distribution (their quantiles when there are many)."""
    values = np.sort(values[np.isfinite(values)])
    if values.size > MAX_KNOTS:
        values = np.quantile(values, np.linspace(0.0, 1.0, MAX_KNOTS))
    return Empirical(tuple(float(v) for v in values))


def fit_point(settings: Mapping[str, Any], min_silence_ms: float, outcome: Sequence[str],
              latency_ms: Sequence[float], heard_fraction: Sequence[float],
              wasted: Sequence[int] | None = None) -> CapturePoint:
    """A point from one real run's requests: each one's outcome, ``capture_latency_ms``, the
    share of its words heard and (speculative endpointing) its wasted starts. The ok latency
    is fitted (body and tail, scipy) when there are at least :data:`MIN_SAMPLES` distinct
    values, else kept as measured."""
    out = np.asarray(outcome, dtype=str)
    lat = np.asarray(latency_ms, dtype=float)
    heard = np.asarray(heard_fraction, dtype=float)
    if not (out.size == lat.size == heard.size) or out.size == 0:
        raise ValueError("one outcome, latency and heard share per request, at least one")
    bad = sorted(set(out.tolist()) - set(OUTCOMES))
    if bad:
        raise ValueError(f"outcomes are {', '.join(OUTCOMES)}, got {bad[0]!r}")
    counts = {o: int(np.count_nonzero(out == o)) for o in OUTCOMES}
    dists: dict[str, Distribution | None] = dict.fromkeys(d[0] for d in DISTS)
    ok = lat[out == "ok"]
    if ok.size:
        ok = np.maximum(ok, 0.0)
        if ok.size >= MIN_SAMPLES and np.ptp(ok) > 0:
            import warnings

            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # candidates that cannot fit
                dists["ok_ms"] = fit_samples(ok).best.dist
        else:
            dists["ok_ms"] = _values(ok)
    early = out == "premature"
    if early.any():
        dists["premature_early_ms"] = _values(np.maximum(-lat[early], 0.0))
        dists["premature_heard_fraction"] = _values(np.clip(heard[early], 0.0, 1.0))
    if (out == "timeout").any():
        dists["timeout_latency_ms"] = _values(np.maximum(lat[out == "timeout"], 0.0))
    histogram = None
    if wasted is not None and settings.get("early_ms") is not None:
        starts = np.asarray(wasted, dtype=int)
        if starts.size != out.size or (starts < 0).any():
            raise ValueError("one wasted-start count >= 0 per request")
        histogram = tuple(int(v) for v in np.bincount(np.minimum(starts, MAX_KNOTS - 1)))
    return CapturePoint(dict(settings), float(min_silence_ms), counts, **dists,
                        wasted_starts=histogram)


@dataclass(frozen=True)
class Draws:
    """Per request: the outcome, ``capture_latency_ms`` as a real run reports it (negative for
    a premature endpoint: how early) and the share of the words heard (1 unless cut)."""

    outcome: np.ndarray
    latency_ms: np.ndarray
    heard_fraction: np.ndarray
    wasted_starts: np.ndarray  # speculative starts cancelled (0 without speculation)

    @property
    def stage_ms(self) -> np.ndarray:
        """The capture stage's time: the latency, 0 for a premature endpoint (the request
        starts at the decision)."""
        return np.where(self.outcome == "premature", 0.0, np.maximum(self.latency_ms, 0.0))


@dataclass(frozen=True)
class CaptureMix:
    """The model at one setting: the measured points around it with their weights."""

    points: tuple[tuple[CapturePoint, float], ...]
    min_silence_ms: float

    @property
    def shares(self) -> dict[str, float]:
        return {o: sum(w * p.share(o) for p, w in self.points) for o in OUTCOMES}

    def _quantile(self, name: str, u: np.ndarray) -> np.ndarray:
        have = [(getattr(p, name), w) for p, w in self.points if getattr(p, name) is not None]
        total = sum(w for _, w in have)
        if not have or total <= 0:  # an outcome no point measured has no share either
            return np.zeros(u.size)
        return sum((w / total) * np.asarray(d.quantile(u), dtype=float) for d, w in have)

    def sample(self, rng: np.random.Generator, n: int) -> Draws:
        """``n`` requests: an outcome by the shares, its latency (and heard share) by the
        interpolated quantile functions; three uniforms a request, drawn at once."""
        u = rng.random((n, 4))
        shares = self.shares
        cuts = np.cumsum([shares[o] for o in OUTCOMES])
        cls = np.minimum(np.searchsorted(cuts / cuts[-1], u[:, 0], side="right"), 2)
        outcome = np.asarray(OUTCOMES)[cls]
        latency = np.zeros(n)
        heard = np.ones(n)
        for k, name in ((0, "ok_ms"), (2, "timeout_latency_ms")):
            sel = cls == k
            if sel.any():
                latency[sel] = self._quantile(name, u[sel, 1])
        sel = cls == 1
        if sel.any():
            latency[sel] = -self._quantile("premature_early_ms", u[sel, 1])
            heard[sel] = np.clip(self._quantile("premature_heard_fraction", u[sel, 2]), 0, 1)
        wasted = self.wasted_shares
        starts = (np.zeros(n, dtype=int) if wasted is None else np.minimum(
            np.searchsorted(np.cumsum(wasted), u[:, 3], side="right"), wasted.size - 1))
        return Draws(outcome, latency, heard, starts)

    @property
    def wasted_shares(self) -> np.ndarray | None:
        """Shares of requests with 0, 1, 2, ... wasted starts (None: not speculative)."""
        have = [(np.asarray(p.wasted_starts, float), w) for p, w in self.points
                if p.wasted_starts is not None]
        if not have:
            return None
        size = max(h.size for h, _ in have)
        mix = sum(w * np.pad(h / h.sum(), (0, size - h.size)) for h, w in have)
        return np.asarray(mix) / float(np.sum(mix))

    def describe(self) -> dict[str, Any]:
        return {"min_silence_ms": self.min_silence_ms,
                "from": [{"min_silence_ms": p.min_silence_ms, "weight": round(w, 4),
                          "requests": p.requests} for p, w in self.points],
                "shares": {o: round(v, 4) for o, v in self.shares.items()}}


@dataclass(frozen=True)
class CaptureModel:
    """A calibration's points (see the module doc)."""

    points: tuple[CapturePoint, ...]

    def at(self, settings: Mapping[str, Any], min_silence_ms: float) -> CaptureMix:
        """The model at ``settings`` and ``min_silence_ms``; :class:`NotCovered` when no point
        has the key or the minimum silence is outside the measured ones."""
        key = settings_key(settings)
        same = sorted((p for p in self.points if p.key == key), key=lambda p: p.min_silence_ms)
        if not same:
            known = sorted({describe_key(p.key) for p in self.points})
            diff = _first_difference(key, [p.key for p in self.points])
            raise NotCovered(f"capture.{diff}", f"settings the calibration measured ("
                             f"{'; '.join(known[:4])}{' ...' if len(known) > 4 else ''}), "
                             f"got {describe_key(key)}")
        ms = float(min_silence_ms)
        lows = [p for p in same if p.min_silence_ms <= ms + 1e-9]
        highs = [p for p in same if p.min_silence_ms >= ms - 1e-9]
        if not lows or not highs:
            measured = ", ".join(f"{p.min_silence_ms:g}" for p in same)
            raise NotCovered("capture.min_silence_ms", f"a minimum silence within the "
                             f"calibrated ones ({measured} ms for these settings), got {ms:g}")
        low, high = lows[-1], highs[0]
        if high.min_silence_ms - low.min_silence_ms < 1e-9:
            return CaptureMix(((low, 1.0),), ms)
        w = (ms - low.min_silence_ms) / (high.min_silence_ms - low.min_silence_ms)
        return CaptureMix(((low, 1.0 - w), (high, w)), ms)

    def to_spec(self) -> dict[str, Any]:
        return {"points": [p.to_spec() for p in self.points]}

    @classmethod
    def from_spec(cls, spec: Any, where: str = "capture_model") -> CaptureModel:
        if not isinstance(spec, dict) or set(spec) != {"points"}:
            raise SpecError(where, "a table with 'points' (a list of calibration points)")
        raw = spec["points"]
        if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_POINTS:
            raise SpecError(f"{where}.points", f"a list of 1 to {MAX_POINTS} points")
        points = [CapturePoint.from_spec(p, f"{where}.points[{k}]") for k, p in enumerate(raw)]
        seen: set[tuple[Any, ...]] = set()
        for k, p in enumerate(points):
            ident = (*p.key, round(p.min_silence_ms, 6))
            if ident in seen:
                raise SpecError(f"{where}.points[{k}]", "one point per setting and minimum "
                                "silence (a duplicate)")
            seen.add(ident)
        return cls(tuple(points))


def _first_difference(key: tuple[Any, ...], keys: Sequence[tuple[Any, ...]]) -> str:
    """The key field where ``key`` departs from the closest measured key."""
    if not keys:
        return KEY_FIELDS[0]
    best = max(keys, key=lambda k: sum(a == b for a, b in zip(k, key, strict=True)))
    for name, a, b in zip(KEY_FIELDS, key, best, strict=True):
        if a != b:
            return name
    return KEY_FIELDS[0]
