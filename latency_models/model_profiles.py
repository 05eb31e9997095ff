"""Model profiles: size x quantisation as an inference-latency scale plus intent accuracy,
and placement on terminal / edge / cloud (which adds that placement's network RTT).

Defaults come from the seed article (figures are first-token latency, p95 where stated):
- Qwen2-0.5B-int4 on a Qualcomm SA8295P (16 TOPS NPU): 23 ms p95 first token (section 3.1);
  intent accuracy 89 %.
- Qwen2-0.5B-int2: 18 ms, but intent accuracy drops to 76 % "(originally 89 %)" (3.1 tip).
- Qwen2-7B-int8 on an A10: 89 ms first token, "only 12 ms slower than int4" (so int4 77 ms),
  with 99.7 % of the original accuracy retained (section 4.1); int4 with AWQ recovers to
  98.3 % of the original (4.1).
Everything else is an explicit extrapolation, marked in ``source``: latency linear in bits per
weight through the two measured points of the same model, and accuracy from the retention
ratios above applied to an assumed full-precision accuracy. Calibrate with a JSON/TOML file
(:func:`load_catalogue`) when you have measurements.

The latency scale is relative to a reference profile (default Qwen2-0.5B-int4): a scenario's
``inference`` distribution describes the reference model, and a profile multiplies it.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from latency_models.distributions import Distribution, SpecError
from latency_models.network import RttModel
from latency_models.network_spec import rtt_from_spec

QUANTS: tuple[str, ...] = ("int2", "int4", "int8", "fp16")
QUANT_BITS: dict[str, int] = {"int2": 2, "int4": 4, "int8": 8, "fp16": 16}
PLACEMENTS: tuple[str, ...] = ("terminal", "edge", "cloud")
# where each placement's requests travel: edge over the seed's 5G private network (12 ms,
# handover spikes to 60 ms), cloud over the public internet (35-80 ms); terminal: no network.
PLACEMENT_RTT: dict[str, str | None] = {
    "terminal": None,
    "edge": "5g-private",
    "cloud": "public-internet",
}
REFERENCE = "qwen2-0.5b-int4"
ASSUMED_7B_FP16_ACCURACY = 0.95  # assumption: the seed gives 7B accuracy only as retention


@dataclass(frozen=True)
class ModelProfile:
    """One model at one quantisation, on its hardware, placed somewhere."""

    model: str
    quant: str
    first_token_p95_ms: float
    accuracy: float
    hardware: str = ""
    source: str = ""
    placement: str = "terminal"
    rtt: str | dict[str, Any] | None = None  # overrides the placement's RTT path

    @property
    def name(self) -> str:
        return f"{self.model}-{self.quant}"

    def latency_scale(self, reference: ModelProfile | None = None) -> float:
        """Inference latency relative to ``reference`` (default Qwen2-0.5B-int4)."""
        ref = reference or DEFAULT_PROFILES[REFERENCE]
        return self.first_token_p95_ms / ref.first_token_p95_ms

    def scale_inference(
        self, dist: Distribution, reference: ModelProfile | None = None
    ) -> Distribution:
        """The reference model's inference distribution scaled to this profile."""
        return dist.scaled(self.latency_scale(reference))

    def rtt_model(self) -> RttModel | None:
        """The RTT path to where the model runs (None on the terminal)."""
        spec = self.rtt if self.rtt is not None else PLACEMENT_RTT[self.placement]
        return None if spec is None else rtt_from_spec(spec, f"{self.name}.rtt")

    def placement_rtt_at(self, rng: np.random.Generator, t_ms: np.ndarray) -> np.ndarray:
        """Network RTT (ms) added per request by the placement; zeros on the terminal."""
        model = self.rtt_model()
        t = np.asarray(t_ms, dtype=float)
        return np.zeros(t.size) if model is None else model.rtt_at(rng, t)

    def correct_decisions(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """Whether each of ``n`` intent decisions is right (Bernoulli(accuracy))."""
        return rng.random(n) < self.accuracy


def _linear_in_bits(p_lo: tuple[int, float], p_hi: tuple[int, float], bits: int) -> float:
    (b0, ms0), (b1, ms1) = p_lo, p_hi
    return ms0 + (ms1 - ms0) * (bits - b0) / (b1 - b0)


def _defaults() -> dict[str, ModelProfile]:
    npu, a10 = "Qualcomm SA8295P NPU", "NVIDIA A10"
    fp16_05b = 0.89 / 0.983  # int4 keeps 98.3 % of full precision (seed 4.1, AWQ)
    small = ((2, 18.0), (4, 23.0))
    big = ((4, 77.0), (8, 89.0))
    entries = [
        ModelProfile("qwen2-0.5b", "int4", 23.0, 0.89, npu, "seed 3.1: 23 ms p95, 89 %"),
        ModelProfile("qwen2-0.5b", "int2", 18.0, 0.76, npu, "seed 3.1: 18 ms, 76 %"),
        ModelProfile(
            "qwen2-0.5b", "int8", _linear_in_bits(*small, 8), fp16_05b * 0.997, npu,
            "extrapolated: latency linear in bits; accuracy 89 %/0.983*0.997 (seed 4.1 ratios)",
        ),
        ModelProfile(
            "qwen2-0.5b", "fp16", _linear_in_bits(*small, 16), fp16_05b, npu,
            "extrapolated: latency linear in bits; accuracy 89 %/0.983 (seed 4.1 ratio)",
        ),
        ModelProfile(
            "qwen2-7b", "int8", 89.0, ASSUMED_7B_FP16_ACCURACY * 0.997, a10,
            "seed 4.1: 89 ms, 99.7 % retained (of an assumed 95 % fp16 accuracy)",
        ),
        ModelProfile(
            "qwen2-7b", "int4", 77.0, ASSUMED_7B_FP16_ACCURACY * 0.983, a10,
            "seed 4.1: int8 is 12 ms slower than int4; AWQ int4 keeps 98.3 % (of assumed 95 %)",
        ),
        ModelProfile(
            "qwen2-7b", "int2", _linear_in_bits(*big, 2),
            ASSUMED_7B_FP16_ACCURACY * 0.983 * 0.76 / 0.89, a10,
            "extrapolated: latency linear in bits; int2/int4 accuracy ratio of the 0.5B model",
        ),
        ModelProfile(
            "qwen2-7b", "fp16", _linear_in_bits(*big, 16), ASSUMED_7B_FP16_ACCURACY, a10,
            "extrapolated: latency linear in bits; accuracy assumed 95 %",
        ),
    ]  # fmt: skip
    return {p.name: p for p in entries}


DEFAULT_PROFILES: dict[str, ModelProfile] = _defaults()

_KEYS = {
    "model", "quant", "first_token_p95_ms", "accuracy", "hardware", "source", "placement", "rtt",
}  # fmt: skip


def profile_from_spec(
    spec: dict[str, Any], where: str = "model", catalogue: dict[str, ModelProfile] | None = None
) -> ModelProfile:
    """A profile from ``{model, quant, placement?, first_token_p95_ms?, accuracy?, rtt?}``.

    Known model/quant pairs start from ``catalogue`` (default: the seed's figures) and any
    given key overrides; unknown pairs need ``first_token_p95_ms`` and ``accuracy``.
    Raises :class:`SpecError` naming the key and what was expected.
    """
    if not isinstance(spec, dict):
        raise SpecError(where, "a table with model and quant")
    unknown = sorted(set(spec) - _KEYS)
    if unknown:
        raise SpecError(f"{where}.{unknown[0]}", f"one of {', '.join(sorted(_KEYS))}")
    for key in ("model", "quant"):
        if not isinstance(spec.get(key), str) or not spec[key]:
            raise SpecError(f"{where}.{key}", "a non-empty string")
    quant = spec["quant"].lower()
    if quant not in QUANTS:
        raise SpecError(f"{where}.quant", f"one of {', '.join(QUANTS)}, got {spec['quant']!r}")
    model = spec["model"].lower()
    base = (catalogue if catalogue is not None else DEFAULT_PROFILES).get(f"{model}-{quant}")
    if base is None:
        for key in ("first_token_p95_ms", "accuracy"):
            if key not in spec:
                known = ", ".join(sorted(catalogue or DEFAULT_PROFILES))
                raise SpecError(
                    f"{where}.{key}",
                    f"a number (no built-in figure for {model}-{quant}; known: {known})",
                )
        base = ModelProfile(model, quant, 1.0, 1.0, source=f"{where}")
    changes: dict[str, Any] = {}
    if "first_token_p95_ms" in spec:
        changes["first_token_p95_ms"] = _positive(spec, "first_token_p95_ms", where)
    if "accuracy" in spec:
        acc = spec["accuracy"]
        if isinstance(acc, bool) or not isinstance(acc, int | float) or not 0.0 <= acc <= 1.0:
            raise SpecError(f"{where}.accuracy", f"a fraction in [0, 1], got {acc!r}")
        changes["accuracy"] = float(acc)
    for key in ("hardware", "source"):
        if key in spec:
            if not isinstance(spec[key], str):
                raise SpecError(f"{where}.{key}", "a string")
            changes[key] = spec[key]
    if changes and "source" not in changes and base.source != where:
        changes["source"] = f"{where} (calibrated over: {base.source})"
    placement = spec.get("placement", base.placement)
    if placement not in PLACEMENTS:
        raise SpecError(f"{where}.placement", f"one of {', '.join(PLACEMENTS)}, got {placement!r}")
    changes["placement"] = placement
    if "rtt" in spec:
        rtt_from_spec(spec["rtt"], f"{where}.rtt")  # validate now, build lazily
        changes["rtt"] = spec["rtt"]
    return replace(base, model=model, quant=quant, **changes)


def _positive(spec: dict[str, Any], key: str, where: str) -> float:
    value = spec[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise SpecError(f"{where}.{key}", f"a number > 0, got {value!r}")
    return float(value)


MAX_CATALOGUE_BYTES = 4 << 20  # a catalogue is kilobytes: a bigger input is not one


def load_catalogue(
    path: Path, base: dict[str, ModelProfile] | None = None
) -> dict[str, ModelProfile]:
    """Calibrated profiles from JSON or TOML ``{profiles = [{model, quant, ...}, ...]}``.

    Entries override (or extend) ``base`` (default: the seed's figures).
    """
    where = str(path)
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_CATALOGUE_BYTES + 1)
        if len(data) > MAX_CATALOGUE_BYTES:
            raise SpecError(where, f"a catalogue of at most {MAX_CATALOGUE_BYTES} bytes")
        text = data.decode("utf-8")
        raw = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except RecursionError:
        raise SpecError(where, "tables nested at most 32 deep (arrays included)") from None
    except (OSError, ValueError) as exc:
        raise SpecError(where, f"a readable JSON or TOML file ({exc})") from exc
    if not isinstance(raw, dict) or not isinstance(raw.get("profiles"), list):
        raise SpecError(f"{where}: profiles", "a list of profile tables")
    catalogue = dict(base if base is not None else DEFAULT_PROFILES)
    for i, entry in enumerate(raw["profiles"]):
        profile = profile_from_spec(entry, f"{where}: profiles[{i}]", catalogue)
        catalogue[profile.name] = profile
    return catalogue


__all__ = [
    "DEFAULT_PROFILES",
    "PLACEMENTS",
    "PLACEMENT_RTT",
    "QUANTS",
    "ModelProfile",
    "load_catalogue",
    "profile_from_spec",
]
