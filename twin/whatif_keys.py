"""What ``--vary`` keys mean on a scenario, and the scenario of each what-if point.

A key is either a leaf the scenario already has (``workload.rate_per_s``), a key the scenario
may add (``resources.inference``, ``stages.inference.scale``), or a parameter of a stage's
latency distribution: ``stages.<stage>.median|p95|shift|mu|sigma`` (lognormal stages, which
every profile stage is) or the distribution's own keys (``value``, ``shape``, ...). A stage
without its own distribution (a profile stage) gets it derived from the profile first, so
``stages.network.median=10,20,40`` just works.

Meaning of the lognormal parameters (the others are the distribution's own keys):
``median`` moves the body keeping its shape (sigma) and floor (shift); ``p95`` widens or
narrows it keeping median and floor; ``shift`` moves the floor keeping the body above it.
"""

from __future__ import annotations

import copy
import difflib
import math
from typing import Any

import numpy as np

from latency_models.distributions import (
    Distribution,
    ShiftedLognormal,
    SpecError,
    distribution_from_spec,
)
from latency_models.stages import STAGES
from twin.config.scenario import (
    PoissonWorkload,
    ScriptWorkload,
    StageSection,
    VoiceBurstWorkload,
)
from twin.errors import InputError
from twin.scenario import scenario_from_dict
from twin.vary import set_dotted

FLAG = "--vary"
LOGNORMAL_PARAMS = ("median", "p95", "shift", "mu", "sigma")
STAGE_TABLE_KEYS = ("scale", "budget_ms")
_Z95 = 1.6448536269514722
#: the stage table's own keys (the rest of a stage table is its distribution)
STAGE_KEYS = frozenset(k for k in StageSection.model_fields if k != "distribution")
_WORKLOAD_KEYS = {
    kind: tuple(k for k in m.model_fields if k != "kind")
    for kind, m in (("poisson", PoissonWorkload), ("voice_burst", VoiceBurstWorkload),
                    ("script", ScriptWorkload))
}


def _leaves(node: Any, prefix: str = "") -> list[str]:
    if isinstance(node, dict):
        out: list[str] = []
        for k, v in node.items():
            out += _leaves(v, f"{prefix}{k}.")
        return out
    if isinstance(node, list):
        out = []
        for i, v in enumerate(node):
            out += _leaves(v, f"{prefix}{i}.")
        return out
    return [prefix[:-1]]


def _stage_base(raw: dict[str, Any], stage: str, source: str) -> Distribution:
    """The stage's distribution before its ``scale`` (its own table's, else the profile's)."""
    tmp = copy.deepcopy(raw)
    table = tmp.get("stages", {}).get(stage)
    if isinstance(table, dict):
        table.pop("scale", None)
    return scenario_from_dict(tmp, source).stages[stage].dist


def _dist_params(dist: Distribution) -> tuple[str, ...]:
    if isinstance(dist, ShiftedLognormal):
        return LOGNORMAL_PARAMS
    spec = dist.to_spec()
    return tuple(k for k, v in spec.items() if k != "dist" and isinstance(v, int | float))


def valid_keys(raw: dict[str, Any], source: str) -> list[str]:
    """Every key ``--vary`` accepts on this scenario."""
    keys = [k for k in _leaves(raw) if not k.startswith(("name", "description", "expectations"))]
    for stage in STAGES:
        base = _stage_base(raw, stage, source)
        keys += [f"stages.{stage}.{p}" for p in (*_dist_params(base), *STAGE_TABLE_KEYS)]
        keys.append(f"resources.{stage}")
    kind = raw.get("workload", {}).get("kind", "poisson")
    keys += [f"workload.{k}" for k in _WORKLOAD_KEYS.get(kind, ())]
    keys += ["requests", "seed"] if "requests" not in raw else []
    return list(dict.fromkeys(keys))


def check_key(key: str, valid: list[str], source: str) -> None:
    """A one-line error for a key the scenario cannot take, with the valid keys near it."""
    if key in valid:
        return
    near = difflib.get_close_matches(key, valid, n=5, cutoff=0.5)
    if not near:  # same last part, or the same table
        tail, head = key.rsplit(".", 1)[-1], key.split(".", 1)[0]
        near = [k for k in valid if k.endswith("." + tail) or k.startswith(head + ".")][:5]
    hint = f"; nearest: {', '.join(near)}" if near else ""
    raise InputError(FLAG, key, f"a key of {source} or a stage parameter "
                                f"(stages.STAGE.median|p95|shift|scale, resources.STAGE){hint}")


def _lognormal(base: ShiftedLognormal, params: dict[str, Any], key: str) -> dict[str, Any]:
    mu, sigma, shift = base.mu, base.sigma, base.shift
    median = shift + math.exp(mu)
    p95 = shift + math.exp(mu + _Z95 * sigma)
    mu, sigma = params.get("mu", mu), params.get("sigma", sigma)
    if "mu" in params or "sigma" in params:
        median, p95 = shift + math.exp(mu), shift + math.exp(mu + _Z95 * sigma)
    if "shift" in params:  # the body keeps its place above the new floor
        shift = params["shift"]
        median, p95 = shift + math.exp(mu), shift + math.exp(mu + _Z95 * sigma)
    if "median" in params:  # same shape, same floor
        median = params["median"]
        if not median > shift:
            raise InputError(FLAG, f"{key}.median", f"a median above the stage's floor "
                                                    f"(shift {shift:g} ms), got {median!r}")
        p95 = shift + (median - shift) * math.exp(_Z95 * sigma)
    if "p95" in params:
        p95 = params["p95"]
        if not p95 > median:
            raise InputError(FLAG, f"{key}.p95", f"a p95 above the median ({median:g} ms), "
                                                 f"got {p95!r}")
    try:
        dist = ShiftedLognormal.from_median_p95(median, p95, shift)
    except SpecError as exc:
        raise InputError(FLAG, key, exc.expected) from None
    return {"dist": "lognormal", "mu": dist.mu, "sigma": dist.sigma, "shift": dist.shift}


def point_scenario(raw: dict[str, Any], point: dict[str, Any], source: str) -> dict[str, Any]:
    """``raw`` with every key of ``point`` set; stage distribution parameters rewrite the
    stage's table as an explicit distribution (derived from the profile when it has none)."""
    out = copy.deepcopy(raw)
    by_stage: dict[str, dict[str, Any]] = {}
    for key, value in point.items():
        parts = key.split(".")
        if (len(parts) == 3 and parts[0] == "stages" and parts[1] in STAGES
                and parts[2] not in STAGE_KEYS):
            by_stage.setdefault(parts[1], {})[parts[2]] = value
        else:
            out = set_dotted(out, key, value, source, create=True)
    for stage, params in by_stage.items():
        where = f"stages.{stage}"
        for name, value in params.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise InputError(FLAG, f"{where}.{name}", f"a number, got {value!r}")
        base = _stage_base(out, stage, source)
        if isinstance(base, ShiftedLognormal):
            spec = _lognormal(base, params, where)
        else:
            spec = {**base.to_spec(), **params}
            try:
                distribution_from_spec(spec, where)
            except SpecError as exc:
                raise InputError(FLAG, exc.key, exc.expected) from None
        table = out.setdefault("stages", {}).get(stage, {})
        kept = {k: v for k, v in table.items() if k in STAGE_KEYS and k != "calibrated"}
        out["stages"][stage] = {**kept, **spec}
    return out


def finite_number_check(key: str, values: tuple[Any, ...]) -> None:
    """NaN and infinities are never a scenario value."""
    for v in values:
        if isinstance(v, float) and not np.isfinite(v):
            raise InputError(FLAG, key, f"finite numbers, got {v!r}")
