"""Network models from TOML tables: ``network_model_from_spec`` and ``rtt_from_spec`` check
every key and build the :mod:`latency_models.network` objects (a :class:`SpecError` names the
key and what was expected)."""

from __future__ import annotations

from typing import Any

from latency_models.distributions import Fixed, SpecError, distribution_from_spec
from latency_models.network import (
    PROTOCOLS,
    RTT_PRESETS,
    FiveGPrivate,
    Link,
    NetworkModel,
    PathRtt,
    RttModel,
    geo_rtt,
    rtt_preset,
)

_COMMON_KEYS = {
    "protocol", "rtt", "bandwidth_mbps", "loss", "mss_kb", "rto_ms", "size_kb", "hold",
    "idle_timeout_ms", "tls13",
}  # fmt: skip
_EXTRA_KEYS = {
    "http1.1": {"connections"},
    "http2": set(),
    "quic": {"zero_rtt"},
    "websocket": {"keepalive_pings", "fallback_detect_ms"},
}


def _num(
    spec: dict[str, Any], key: str, where: str, low: float = 0.0, strict: bool = False
) -> float:
    value = spec[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SpecError(f"{where}.{key}", f"a number, got {value!r}")
    if value < low or (strict and value == low):
        raise SpecError(
            f"{where}.{key}", f"a number {'>' if strict else '>='} {low:g}, got {value!r}"
        )
    return float(value)


def _flag(spec: dict[str, Any], key: str, where: str) -> bool:
    if not isinstance(spec[key], bool):
        raise SpecError(f"{where}.{key}", f"true or false, got {spec[key]!r}")
    return spec[key]


def rtt_from_spec(spec: Any, where: str = "rtt") -> RttModel:
    """An RTT model from a preset name, ``{preset = ...}``, ``{distance_km, route_factor,
    jitter}``, ``{base_ms, jitter}`` or ``{model = "5g-private", base_ms, handover_per_min,
    handover_ms, handover_duration_ms}``."""
    if isinstance(spec, str):
        spec = {"preset": spec}
    if not isinstance(spec, dict):
        raise SpecError(where, f"a preset name ({', '.join(RTT_PRESETS)}) or a table")
    jitter = distribution_from_spec(spec["jitter"], f"{where}.jitter") if "jitter" in spec else None
    if "preset" in spec:
        if spec["preset"] not in RTT_PRESETS or set(spec) != {"preset"}:
            raise SpecError(
                f"{where}.preset", f"one of {', '.join(RTT_PRESETS)} (and no other keys)"
            )
        return rtt_preset(spec["preset"])
    if spec.get("model") == "5g-private":
        allowed = {
            "model",
            "base_ms",
            "jitter",
            "handover_per_min",
            "handover_ms",
            "handover_duration_ms",
        }
        _reject_unknown(spec, allowed, where)
        kwargs = {k: _num(spec, k, where) for k in allowed - {"model", "jitter"} if k in spec}
        return FiveGPrivate(**kwargs, **({"jitter": jitter} if jitter else {}))
    if "model" in spec:
        raise SpecError(f"{where}.model", f"'5g-private', got {spec['model']!r}")
    if "distance_km" in spec:
        _reject_unknown(spec, {"distance_km", "route_factor", "jitter"}, where)
        factor = _num(spec, "route_factor", where, 1.0) if "route_factor" in spec else 1.0
        return geo_rtt(_num(spec, "distance_km", where), factor, jitter)
    if "base_ms" in spec:
        _reject_unknown(spec, {"base_ms", "jitter"}, where)
        return PathRtt(_num(spec, "base_ms", where), jitter or Fixed(0.0))
    raise SpecError(where, "preset, model = '5g-private', distance_km or base_ms")


def _reject_unknown(spec: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(spec) - allowed)
    if unknown:
        raise SpecError(f"{where}.{unknown[0]}", f"one of {', '.join(sorted(allowed))}")


def network_model_from_spec(spec: dict[str, Any], where: str = "network") -> NetworkModel:
    """A protocol model from a TOML table, e.g. ``{protocol = "http2", rtt = "5g-private",
    loss = 0.01}``. Raises :class:`SpecError` naming the key and what was expected."""
    if not isinstance(spec, dict):
        raise SpecError(where, "a table with a 'protocol' key")
    protocol = spec.get("protocol")
    if protocol not in PROTOCOLS:
        raise SpecError(f"{where}.protocol", f"one of {', '.join(PROTOCOLS)}, got {protocol!r}")
    _reject_unknown(spec, _COMMON_KEYS | _EXTRA_KEYS[protocol], where)
    if "rtt" not in spec:
        raise SpecError(f"{where}.rtt", f"a preset ({', '.join(RTT_PRESETS)}) or an RTT table")
    link_kwargs: dict[str, float] = {}
    for key, low, strict in (
        ("bandwidth_mbps", 0.0, True),
        ("mss_kb", 0.0, True),
        ("rto_ms", 0.0, False),
    ):
        if key in spec:
            link_kwargs[key] = _num(spec, key, where, low, strict)
    if "loss" in spec:
        loss = _num(spec, "loss", where)
        if loss >= 1.0:
            raise SpecError(f"{where}.loss", f"a probability in [0, 1), got {loss!r}")
        link_kwargs["loss"] = loss
    link = Link(rtt_from_spec(spec["rtt"], f"{where}.rtt"), **link_kwargs)
    kwargs: dict[str, Any] = {"link": link}
    for key in ("size_kb", "idle_timeout_ms", "fallback_detect_ms"):
        if key in spec:
            kwargs[key] = _num(spec, key, where)
    for key in ("tls13", "zero_rtt", "keepalive_pings"):
        if key in spec:
            kwargs[key] = _flag(spec, key, where)
    if "hold" in spec:
        kwargs["hold"] = distribution_from_spec(spec["hold"], f"{where}.hold")
    if "connections" in spec:
        n = spec["connections"]
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise SpecError(f"{where}.connections", f"a positive integer, got {n!r}")
        kwargs["connections"] = n
    return PROTOCOLS[protocol](**kwargs)  # type: ignore[return-value]
