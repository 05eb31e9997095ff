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
from urllib.parse import urlsplit

from pydantic import ConfigDict, Discriminator, Field, Tag, field_validator

from twin.assistant.levels import LevelMonitor, LevelRule
from twin.assistant.router import RouterConfig
from twin.config.base import Positive, PositiveInt, Strict, parse
from twin.errors import InputError

EntryPoint = Annotated[str, Field(pattern=r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")]


#: bounds that keep every wait finite and every allocation small
MAX_TIMEOUT_MS = 600_000.0
MAX_START_TIMEOUT_S = 3600.0
MAX_TOKENS = 8192
MAX_CONCURRENCY = 256


class _Common(Strict):
    timeout_ms: Annotated[float, Field(gt=0, le=MAX_TIMEOUT_MS, allow_inf_nan=False,
                                       description="a request's hard cap (ms)")] = 5000.0
    start_timeout_s: Annotated[float, Field(gt=0, le=MAX_START_TIMEOUT_S, allow_inf_nan=False,
                                            description="a (re)start's bound (s)")] = 60.0


Concurrency = Annotated[int, Field(ge=1, le=MAX_CONCURRENCY, description=(
    "requests the DUT serves at once (the bench queues the rest in `scheduling`)"))]


class AdapterSettings(_Common):
    """The base of an adapter's own config model (a plugin's ``Config`` subclasses it)."""

    kind: str
    concurrency: Concurrency = 1


class Impairment(Strict):
    """The network between the bench and a networked DUT (applied to real bytes)."""

    rtt: str | dict[str, Any] = "lan"
    bandwidth_mbps: Positive = 50.0
    loss: Annotated[float, Field(ge=0, lt=1, allow_inf_nan=False)] = 0.0
    mss_kb: Positive = 1.4
    rto_ms: Positive = 200.0


_MODEL = Field(None, description="GGUF file (default: the shipped SmolLM2-135M)")
_THREADS = Field(2, description="llama.cpp threads")


class ShippedBackend(_Common):
    kind: Literal["shipped"]
    model: str | None = _MODEL
    threads: PositiveInt = _THREADS


class WorkerBackend(_Common):
    kind: Literal["worker"]
    model: str | None = _MODEL
    threads: PositiveInt = _THREADS


class InProcessBackend(_Common):
    kind: Literal["inprocess"]
    entry: EntryPoint = Field(description="module:factory; factory(**options) returns the "
                              "handler (checked before the run)")
    options: dict[str, Any] = Field(default_factory=dict,
                                    description="keyword arguments of the factory")
    concurrency: Concurrency = 1


class JsonLinesBackend(_Common):
    kind: Literal["jsonl"]
    command: Annotated[list[str], Field(min_length=1, description=(
        "the program and its arguments (JSON lines on stdin/stdout)"))]
    cwd: str | None = Field(None, description="its working folder")


class HttpBackend(_Common):
    kind: Literal["http"]
    url: Annotated[str, Field(pattern=r"^https?://[^/\s]+", max_length=2048,
                              description="base URL, before /chat/completions")]
    model: str = Field("default", description="the model name sent to the server")
    stream: bool = Field(False, description="server-sent events (ack, chunks)")
    response_format: Literal["auto", "json_schema", "json_object", "none"] = Field(
        "auto", description="auto: json_schema, and json_object once a server refuses it "
        "(llama_cpp.server does)")
    max_tokens: Annotated[int, Field(gt=0, le=MAX_TOKENS)] = 64
    several: bool = Field(False, description="the response format's schema also offers a "
                          "commands list (several commands in one answer); off by default, as "
                          "a small model under a grammar may run past max_tokens with it. The "
                          "answer's commands are read either way")
    api_key_env: str | None = Field(None, description="environment variable holding a "
                                    "bearer token")
    network: Impairment | None = Field(None, description="an impairment proxy in front "
                                       "(rtt, loss, ...)")
    concurrency: Concurrency = 1

    @field_validator("url")
    @classmethod
    def _url(cls, url: str) -> str:
        if any(c.isspace() or not c.isprintable() for c in url):
            raise ValueError("a URL without spaces or control characters")
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError as exc:
            raise ValueError(f"a URL with a valid host and port ({exc})") from None
        if not parts.hostname:
            raise ValueError("a URL with a host")
        if port is not None and not 1 <= port <= 65535:
            raise ValueError("a port from 1 to 65535")
        return url


#: the kinds shipped with the bench; an adapter of any other kind is a plugin, found by name
#: in the bench's entry point group (like python-can's ``can.interface``)
BUILTIN_KINDS = ("shipped", "worker", "inprocess", "jsonl", "http")


class PluginBackend(_Common):
    """An adapter of another kind: the common keys are checked here, the kind and the rest by
    the adapter's own config model when the bench opens it (before the run starts)."""

    model_config = ConfigDict(extra="allow", strict=True, allow_inf_nan=False, frozen=True)

    kind: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,63}$",
                               description="a built-in kind or an installed adapter's name")]
    concurrency: Concurrency = 1

    def settings(self) -> dict[str, Any]:
        """Every key of the table (the adapter's config model validates them)."""
        return {**self.model_dump(), **(self.model_extra or {})}


def _kind_tag(value: Any) -> str:
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    return kind if kind in BUILTIN_KINDS else "plugin"


Backend = Annotated[
    Annotated[ShippedBackend, Tag("shipped")] | Annotated[WorkerBackend, Tag("worker")]
    | Annotated[InProcessBackend, Tag("inprocess")] | Annotated[JsonLinesBackend, Tag("jsonl")]
    | Annotated[HttpBackend, Tag("http")] | Annotated[PluginBackend, Tag("plugin")],
    Discriminator(_kind_tag),
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
        key = re.sub(r"\.(shipped|worker|inprocess|jsonl|http|plugin)(?=\.|$)", "", exc.key)
        raise InputError(exc.file, key, exc.expected) from None


__all__ = ["BUILTIN_KINDS", "AdapterSettings", "AssistantDut", "Backend", "HttpBackend",
           "Impairment", "PluginBackend", "Route", "dut_config"]
