"""The device under test in a scenario: ``[assistant] backend = ...`` (and the router's
``[assistant.route]``), as strict models.

``backend`` is a name (``"shipped"``: the rules + llama.cpp in this process, the default;
``"worker"``: the same in a child process) or an inline table with a ``kind``:

- ``{kind = "inprocess", entry = "package.module:factory", options = {...}}``
- ``{kind = "jsonl", command = ["./my-dut", "--flag"]}``
- ``{kind = "http", url = "http://127.0.0.1:8080/v1", model = "...", stream = true}``

Every kind takes ``timeout_ms`` (a request's hard cap) and ``start_timeout_s``. An ``http``
backend may carry ``network = {rtt = "5g-private", loss = 0.01, ...}``: the bench then puts its
impairment proxy in front of it (ARCHITECTURE.md, "device under test"). Only parsing lives
here (``twin`` imports no I/O); the bench's DUT adapters open what these describe.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import Field

from twin.assistant.levels import LevelMonitor, LevelRule
from twin.assistant.router import RouterConfig
from twin.config.base import Positive, PositiveInt, Strict, parse
from twin.errors import InputError

EntryPoint = Annotated[str, Field(pattern=r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")]


class _Common(Strict):
    timeout_ms: Positive = 5000.0
    start_timeout_s: Positive = 60.0


class Impairment(Strict):
    """The network between the bench and a networked DUT (applied to real bytes)."""

    rtt: str | dict[str, Any] = "lan"
    bandwidth_mbps: Positive = 50.0
    loss: Annotated[float, Field(ge=0, lt=1, allow_inf_nan=False)] = 0.0
    mss_kb: Positive = 1.4
    rto_ms: Positive = 200.0


class ShippedBackend(_Common):
    kind: Literal["shipped"]
    model: str | None = None
    threads: PositiveInt = 2


class WorkerBackend(_Common):
    kind: Literal["worker"]
    model: str | None = None
    threads: PositiveInt = 2


class InProcessBackend(_Common):
    kind: Literal["inprocess"]
    entry: EntryPoint
    options: dict[str, Any] = Field(default_factory=dict)


class JsonLinesBackend(_Common):
    kind: Literal["jsonl"]
    command: Annotated[list[str], Field(min_length=1)]
    cwd: str | None = None


class HttpBackend(_Common):
    kind: Literal["http"]
    url: Annotated[str, Field(pattern=r"^https?://[^/\s]+")]
    model: str = "default"
    stream: bool = False
    response_format: Literal["json_schema", "json_object", "none"] = "json_schema"
    max_tokens: PositiveInt = 64
    api_key_env: str | None = None
    network: Impairment | None = None


Backend = Annotated[
    ShippedBackend | WorkerBackend | InProcessBackend | JsonLinesBackend | HttpBackend,
    Field(discriminator="kind"),
]


_ROUTER = RouterConfig()  # the router's limits and the monitor's alarm limits have
_LEVELS = LevelRule()  # their defaults there
_ROUTER_KEYS = {"terminal_max_score", "edge_max_score", "terminal_p90_ms", "edge_p90_ms",
                "cloud_p90_ms", "window"}


class Route(Strict):
    """The router: ``terminal`` is the assistant's ``backend``; ``edge`` and ``cloud`` are
    networked DUTs. Score and p90 limits as in :class:`twin.assistant.router.RouterConfig`;
    the L1-L4 monitor's alarm limits as in :class:`twin.assistant.levels.LevelRule` (the
    seed's)."""

    edge: Backend | None = None
    cloud: Backend | None = None
    terminal_max_score: Positive = _ROUTER.terminal_max_score
    edge_max_score: Positive = _ROUTER.edge_max_score
    terminal_p90_ms: Positive = _ROUTER.terminal_p90_ms
    edge_p90_ms: Positive = _ROUTER.edge_p90_ms
    cloud_p90_ms: Positive = _ROUTER.cloud_p90_ms
    window: PositiveInt = _ROUTER.window
    levels: bool = Field(True, description="the router reads the live L1-L4 monitor before "
                         "each decision (false: each route's p90 only)")
    l1_ms: Positive = Field(_LEVELS.l1_ms,
                            description="L1 alarm: routed answers' p95 above this")
    l2_llm_ms: Positive = Field(_LEVELS.l2_llm_ms, description="L2 alarm: the local model's "
                                "call p95 above this (offload)")
    l3_util_pct: Positive = Field(_LEVELS.l3_util_pct, description="L3 alarm: the local model "
                                  "busy more than this share of the last second (offload)")
    l4_rtt_ms: Positive = Field(_LEVELS.l4_rtt_ms, description="L4 alarm (with jitter): the "
                                "networked round trip's median above this (keep local)")
    l4_jitter_ms: Positive = Field(_LEVELS.l4_jitter_ms, description="L4 alarm (with RTT): "
                                   "mean absolute difference of consecutive round trips above "
                                   "this")
    monitor_window_ms: Positive = Field(5000.0, description="the monitor forgets samples "
                                        "older than this (an alarm clears when its cause "
                                        "stops being measured)")

    def level_rule(self) -> LevelRule:
        return LevelRule(self.l1_ms, self.l2_llm_ms, self.l3_util_pct, self.l4_rtt_ms,
                         self.l4_jitter_ms)

    def monitor(self) -> LevelMonitor | None:
        """A fresh L1-L4 monitor for the router (None when ``levels = false``)."""
        if not self.levels:
            return None
        return LevelMonitor(self.level_rule(), window=self.window,
                            window_ms=self.monitor_window_ms)

    def router_config(self) -> RouterConfig:
        return RouterConfig(**self.model_dump(include=_ROUTER_KEYS))


class AssistantDut(Strict):
    backend: Backend = Field(default_factory=lambda: ShippedBackend(kind="shipped"))
    route: Route | None = None

    @property
    def networked(self) -> bool:
        """Some placement is behind the impairment proxy (a backend with ``network``): the
        ``network`` stage is then that network, real in a real run."""
        backends = [self.backend]
        if self.route is not None:
            backends += [self.route.edge, self.route.cloud]
        return any(getattr(b, "network", None) is not None for b in backends)


def _expand(value: Any) -> Any:
    """A bare name ``"shipped"`` / ``"worker"`` is the table ``{kind = name}``."""
    return {"kind": value} if isinstance(value, str) else value


def dut_config(assistant: dict[str, Any] | None, source: str) -> AssistantDut | None:
    """The DUT settings of an ``[assistant]`` table; None when it names no backend or route
    (the shipped assistant, embedded, as before)."""
    if not isinstance(assistant, dict) or not ({"backend", "route"} & set(assistant)):
        return None
    data: dict[str, Any] = {}
    if "backend" in assistant:
        data["backend"] = _expand(assistant["backend"])
    if "route" in assistant:
        route = assistant["route"]
        if isinstance(route, dict):
            route = {k: _expand(v) if k in ("edge", "cloud") else v for k, v in route.items()}
        data["route"] = route
    try:
        return parse(AssistantDut, data, source, "assistant")
    except InputError as exc:  # drop pydantic's union tag: backend.http.url -> backend.url
        key = re.sub(r"\.(shipped|worker|inprocess|jsonl|http)(?=\.)", "", exc.key)
        raise InputError(exc.file, key, exc.expected) from None


__all__ = ["AssistantDut", "Backend", "HttpBackend", "Impairment", "Route", "dut_config"]
