"""Typed ``[network]`` (transport protocol model) and ``[model]`` (size x quantisation) tables.

They validate every key up front; :meth:`NetworkSection.build` and :meth:`ModelSection.build`
then hand the validated table to the model code in :mod:`latency_models`.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, field_validator

from latency_models.model_profiles import QUANTS, ModelProfile, profile_from_spec
from latency_models.network import RTT_PRESETS, NetworkModel
from latency_models.network_spec import network_model_from_spec
from twin.config.base import Milliseconds, Strict, either, tagged_union
from twin.config.distributions import DistSpec

RttPreset = Literal["beijing-guangzhou-fibre", "public-internet", "5g-private", "lan"]
assert tuple(RttPreset.__args__) == RTT_PRESETS  # type: ignore[attr-defined]


class RttByPreset(Strict):
    """A named RTT path as a table."""

    reference_title: ClassVar[str] = "rtt table: preset"
    preset: RttPreset = Field(description="a named RTT path")


class RttFiveG(Strict):
    """A 5G private network with handover spikes."""

    reference_title: ClassVar[str] = "rtt table: model = \"5g-private\""

    model: Literal["5g-private"] = Field(description="the 5G private network model")
    base_ms: Milliseconds = Field(12.0, description="RTT between handovers (ms)")
    jitter: DistSpec | None = Field(None, description="queueing jitter added per request")
    handover_per_min: float = Field(2.0, ge=0, le=6000, description="handovers per minute")
    handover_ms: Milliseconds = Field(60.0, description="RTT during a handover (ms)")
    handover_duration_ms: Milliseconds = Field(300.0, description="how long a handover lasts")


class RttByDistance(Strict):
    """Fibre RTT from the distance: 2 x distance x route_factor / 200 km per ms."""

    reference_title: ClassVar[str] = "rtt table: distance_km"

    distance_km: float = Field(ge=0, le=40_000, description="one-way distance (km)")
    route_factor: float = Field(1.0, ge=1, le=100, description="route length / distance")
    jitter: DistSpec | None = Field(None, description="queueing jitter added per request")


class RttFixed(Strict):
    """A fixed propagation RTT plus jitter."""

    reference_title: ClassVar[str] = "rtt table: base_ms"
    base_ms: Milliseconds = Field(description="fixed propagation RTT (ms)")
    jitter: DistSpec | None = Field(None, description="queueing jitter added per request")


def _rtt_form(value: Any) -> str | None:
    if not isinstance(value, dict):
        return None
    for key in ("preset", "model", "distance_km", "base_ms"):
        if key in value:
            return key
    return None


RttTable = tagged_union("rtt", {"preset": RttByPreset, "model": RttFiveG,
                                "distance_km": RttByDistance, "base_ms": RttFixed},
                        select=_rtt_form)
RttSpec = either(scalar=RttPreset, table=RttTable)


class _NetworkCommon(Strict):
    """A transport protocol model of the network stage (replaces its draws)."""

    rtt: RttSpec = Field(description="a preset name or an RTT table (preset, model = "
                                     "'5g-private', distance_km or base_ms)")
    bandwidth_mbps: float = Field(50.0, gt=0, le=1e6, description="link bandwidth (Mbit/s)")
    loss: float = Field(0.0, ge=0, lt=1, description="packet loss probability")
    mss_kb: float = Field(1.4, gt=0, le=64, description="packet size (kB)")
    rto_ms: Milliseconds = Field(200.0, description="retransmission timeout (ms)")
    size_kb: float = Field(32.0, ge=0, le=1e6, description="upload size per request (kB)")
    hold: DistSpec | None = Field(None, description="how long the server holds a request")
    idle_timeout_ms: Milliseconds = Field(60_000.0, description="idle connection timeout (ms)")
    tls13: bool = Field(True, description="TLS 1.3 (false: TLS 1.2, one more RTT)")

    def build(self) -> NetworkModel:
        return network_model_from_spec(_dump(self), "network")


class Http11Network(_NetworkCommon):
    protocol: Literal["http1.1"]
    connections: int = Field(6, ge=1, le=10_000, description="connection pool size")


class Http2Network(_NetworkCommon):
    protocol: Literal["http2"]


class QuicNetwork(_NetworkCommon):
    protocol: Literal["quic"]
    zero_rtt: bool = Field(True, description="0-RTT resumption")


class WebSocketNetwork(_NetworkCommon):
    protocol: Literal["websocket"]
    keepalive_pings: bool = Field(True, description="keep-alive pings keep it open")
    fallback_detect_ms: Milliseconds = Field(0.0, description="time to detect a blocked gRPC")


NetworkSection = tagged_union("protocol", {"http1.1": Http11Network, "http2": Http2Network,
                                           "quic": QuicNetwork, "websocket": WebSocketNetwork})


class ModelSection(Strict):
    """A model size x quantisation profile (the seed's figures for known pairs)."""

    model: str = Field(min_length=1, description="model name, e.g. qwen2-0.5b")
    quant: str = Field(description=f"quantisation: {', '.join(QUANTS)}")
    first_token_p95_ms: Annotated[Milliseconds, Field(gt=0)] | None = Field(
        None, description="first-token p95 (ms); needed for pairs without built-in figures")
    accuracy: float | None = Field(None, ge=0, le=1, description="intent accuracy")
    hardware: str | None = Field(None, description="where it runs (free text)")
    source: str | None = Field(None, description="where the figures come from (free text)")
    placement: Literal["terminal", "edge", "cloud"] | None = Field(
        None, description="where the model runs (default: the profile's; terminal)")
    rtt: RttSpec | None = Field(None, description="overrides the placement's RTT path")

    @field_validator("quant")
    @classmethod
    def _quant(cls, value: str) -> str:
        if value.lower() not in QUANTS:
            raise ValueError(f"one of {', '.join(QUANTS)}")
        return value

    def build(self) -> ModelProfile:
        return profile_from_spec(_dump(self), "model")



def _dump(model: Strict) -> dict[str, Any]:
    """The table as written (only the keys given), for the model builders."""
    return model.model_dump(exclude_unset=True, by_alias=True)
