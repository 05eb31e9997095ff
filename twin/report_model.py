"""The typed model of ``report.json``: what every run writes, checked when it is written.

The contract keys (scenario, seed, requests, the six stages' p50/p95/p99, budget and mode,
e2e, perception, expectations' name, metric, limit, value, passed) are typed strictly: no
coercion, finite numbers or null. The sections a floor adds when it takes part (the assistant,
a real run, a rig, a DUT) are optional typed blocks that accept keys added later, so a new key
extends the report without touching this model; a new section is a new optional field here.
the CLI package's ``reference`` module writes its JSON Schema to docs/report.schema.json and the
key tables to docs/REPORT.md.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

Ms = float | None  # a latency in ms; null where there is no such latency (no samples)
Fraction = float


class _Contract(BaseModel):
    """A contract section: its keys typed strictly; keys a later issue adds are allowed."""

    model_config = ConfigDict(strict=True, allow_inf_nan=False, extra="allow")


class _Fixed(_Contract):
    model_config = ConfigDict(strict=True, allow_inf_nan=False, extra="forbid")


class Block(_Contract):
    """A section another floor adds; its keys are extended freely (see its writer)."""

    def get(self, key: str, default: Any = None) -> Any:
        """A key of the section, read as from the dict it was written from."""
        return getattr(self, key, default)

    def as_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_unset=True)


class StageEntry(_Contract):
    reference_title: ClassVar[str] = "stages.<stage>"
    p50_ms: Ms = Field(description="median time in the stage, queueing included (ms)")
    p95_ms: Ms = Field(description="95th percentile (ms)")
    p99_ms: Ms = Field(description="99th percentile (ms)")
    budget_ms: float = Field(description="the stage's budget (ms)")
    mode: Literal["modelled", "real"] = Field(description="drawn from a model, or measured")
    share_of_e2e_p95: Fraction | None = Field(
        None, description="the stage's share of the e2e time among requests at or above the "
                          "e2e p95 (those in the p95's HdrHistogram bucket or above)")
    queue_p95_ms: Ms = Field(None, description="p95 of the time queued for the stage's slots "
                                               "(HdrHistogram, 0 for a request that did not "
                                               "queue)")


class Stages(_Fixed):
    """One entry per stage, in request order (the names are a contract)."""

    capture: StageEntry = Field(description="mic array, VAD, audio slicing")
    network: StageEntry = Field(description="upload to edge or cloud")
    scheduling: StageEntry = Field(description="dispatch, instance choice")
    model_load: StageEntry = Field(description="adapter load, history restore, prompt build")
    inference: StageEntry = Field(description="the rules, then the model's decision")
    render: StageEntry = Field(description="TTS, actuator command, UI update")


class E2E(_Contract):
    reference_title: ClassVar[str] = "e2e"
    p50_ms: Ms = Field(description="median end-to-end latency (ms)")
    p95_ms: Ms = Field(description="95th percentile (ms)")
    p99_ms: Ms = Field(description="99th percentile (ms)")
    budget_ms: float = Field(description="the end-to-end budget (ms)")
    within_budget: Fraction | None = Field(None, description="share of requests within it")


class Perception(_Contract):
    reference_title: ClassVar[str] = "perception"
    instant: Fraction = Field(ge=0, le=1, description="share of requests <= 100 ms")
    acceptable: Fraction = Field(ge=0, le=1, description="share in (100, 300] ms")
    sluggish: Fraction = Field(ge=0, le=1, description="share > 300 ms")
    failed: Fraction | None = Field(None, ge=0, le=1,
                                    description="share whose command failed (real render)")


class Limit(_Contract):
    reference_title: ClassVar[str] = "expectations[].limit"
    max: float | None = Field(None, description="the value must be at most this")
    min: float | None = Field(None, description="the value must be at least this")


class Expectation(_Contract):
    reference_title: ClassVar[str] = "expectations[]"
    name: str = Field(description="what is expected, in words")
    metric: str = Field(description="the dotted report key judged")
    limit: Limit = Field(description="the bound(s) it is judged against")
    value: float | None = Field(description="the metric's value (null: not measured)")
    passed: bool = Field(description="whether it held")
    skipped: str | None = Field(None, description="why it could not be checked")
    error: str | None = Field(None, description="why the run could not be judged")
    error_type: str | None = Field(None, description="the kind of error")
    builtin: bool | None = Field(None, description="judged on every run, not written in the "
                                                   "scenario")
    reason: str | None = Field(None, description="why this is expected (or loosened)")
    causes: list[str] | None = Field(None, description="what made it fail")
    loosened: str | bool | None = Field(None, description="a built-in loosened by the "
                                                          "scenario: its reason")

    @property
    def status(self) -> Literal["passed", "failed", "not_checked", "skipped", "error"]:
        """``error`` (the run could not be judged), ``failed``, ``not_checked`` (failed
        because it could not be measured), ``skipped`` (held: no data) or ``passed``."""
        if self.error:
            return "error"
        if not self.passed:
            return "not_checked" if self.skipped else "failed"
        return "skipped" if self.skipped else "passed"


class FaultEntry(_Contract):
    reference_title: ClassVar[str] = "faults[]"
    kind: str = Field(description="the fault kind")
    start_ms: float = Field(description="when it starts (simulated ms)")
    duration_ms: float | None = Field(description="how long (null: until the end)")
    every_ms: float | None = Field(None, description="its period, when it repeats")
    stages: list[str] = Field(description="the stages it slows")
    requests_hit: int = Field(ge=0, description="requests that met it")


class Monitoring(_Contract):
    reference_title: ClassVar[str] = "monitoring"
    window_ms: float = Field(description="the L1-L4 monitor's window (ms)")
    windows: int = Field(ge=0, description="windows measured")
    alerts: int = Field(ge=0, description="windows whose combined condition fired")
    max_l1_p95_ms: float | None = Field(None, description="worst window's user-perceived p95")
    max_l3_util_pct: float | None = Field(None, description="worst window's accelerator use")
    max_l4_jitter_ms: float | None = Field(None, description="worst window's network jitter")


class ModelEntry(_Contract):
    reference_title: ClassVar[str] = "model"
    name: str = Field(description="the profile, model-quant (e.g. qwen2-0.5b-int4)")
    model: str = Field(description="the model's name")
    quant: str = Field(description="its quantisation")
    placement: str = Field(description="where it runs: terminal, edge or cloud")
    first_token_p95_ms: float = Field(gt=0, description="the profile's first-token p95 (ms)")
    latency_scale: float = Field(gt=0, description="inference latency relative to the "
                                                   "reference profile (qwen2-0.5b-int4)")
    accuracy: Fraction = Field(ge=0, le=1, description="the profile's intent accuracy (its "
                                                       "figure, not measured in this run)")
    source: str = Field("", description="where the figures come from")


class Latency(Block):
    """Percentiles of an assistant latency, from the end of speech (ms)."""

    p50_ms: Ms = None
    p95_ms: Ms = None
    p99_ms: Ms = None
    budget_ms: float | None = None
    within_budget: Fraction | None = None


class PolicyEntry(Block):
    threshold: float
    ack_deadline_ms: float
    degrade_deadline_ms: float
    degrade: bool


class Chunked(Block):
    """A run made in chunks (``twin run --chunk-requests N``, :mod:`twin.chunked`)."""

    reference_title: ClassVar[str] = "chunked"
    chunk_requests: int = Field(ge=1, description="requests per chunk")
    chunks: int = Field(ge=1, description="chunks run")
    carried_max: int = Field(ge=0, description="most requests carried over a chunk boundary "
                                               "(still in flight at a shared stage)")
    sampled_every: int = Field(ge=1, description="requests.csv (and the timings kept) hold "
                                                 "every k-th request and the last")
    sampled_requests: int = Field(ge=0, description="requests kept in the sample")


class Report(_Contract):
    """The top level. Keys marked required are in every report; the others are written when
    the part they describe took part in the run."""

    reference_title: ClassVar[str] = "report.json"
    verdict: Literal["PASS", "FAIL", "ERROR"] | None = Field(
        None, description="PASS, FAIL (an expectation failed or could not be checked) or "
                          "ERROR (the run could not finish)")
    scenario: str = Field(description="the scenario's name")
    description: str = Field("", description="the scenario's description")
    seed: int = Field(ge=0, description="the seed of every draw")
    requests: int = Field(ge=0, description="requests run")
    engine: str = Field(description="which engine ran it (fast or des)")
    stages: Stages = Field(description="per stage")
    e2e: E2E = Field(description="end to end, from the end of speech")
    perception: Perception = Field(description="perception classes, as fractions of requests")
    faults: list[FaultEntry] = Field(default_factory=list, description="the latency faults")
    monitoring: Monitoring | None = Field(None, description="the L1-L4 monitor's summary")
    expectations: list[Expectation] = Field(description="every verdict, the scenario's and the "
                                                        "built-in ones")
    # the assistant under test (an [assistant] table)
    paths: dict[str, Fraction] | None = Field(None, description="share of requests per path "
                                                                "(rule, llm, degraded, valve)")
    intent_accuracy: dict[str, float | None] | None = Field(
        None, description="share of correct intents, overall and per path")
    valve_events: Block | None = Field(None, description="the safety valve: count, reasons")
    degraded: Block | None = Field(None, description="requests answered at the deadline")
    first_feedback: Latency | None = Field(None, description="ack or answer, the earlier")
    ack: Latency | None = Field(None, description="the acknowledgement")
    answer: Latency | None = Field(None, description="the meaningful answer")
    policy: PolicyEntry | None = Field(None, description="the assistant's knobs as run")
    router_modelled: Block | None = Field(None, description="the modelled router's placements")
    streaming_modelled: Block | None = Field(None, description="modelled token pacing")
    degrade_on_alert: Block | None = Field(None, description="the degrade-on-alert control")
    dut_network: Block | None = Field(None, description="a networked DUT's round trips")
    model: ModelEntry | None = Field(None, description="the [model] profile: size x "
                                                       "quantisation, latency and accuracy")
    # a real run (the hardware floor)
    lockstep: Block | None = Field(None, description="pacing lateness and real-call error")
    llm_real: Block | None = Field(None, description="the real model's calls")
    capture_real: Block | None = Field(None, description="the real capture stage: VAD, "
                                       "endpoints (ok, premature, timeout), latency")
    capture_model: Block | None = Field(None, description="a calibrated capture model's drawn "
                                        "endpoints (ok, premature, timeout), latency")
    llm_worker: Block | None = Field(None, description="the model worker process")
    model_crash: Block | None = Field(None, description="the model worker's crash")
    dut: Block | None = Field(None, description="the device under test: outcomes per request")
    render_real: Block | None = Field(None, description="commands sent to the rig's devices")
    devices: Block | None = Field(None, description="per device: its traffic and state")
    actuation: Block | None = Field(None, description="command outcomes, per device")
    rig: Block | None = Field(None, description="the rig: traces, injected faults, safe state")
    interrupted: bool | None = Field(None, description="the run was interrupted")
    interrupted_by: str | None = Field(None, description="SIGINT or SIGTERM")
    requests_completed: int | None = Field(None, ge=0, description="requests that finished")
    requests_planned: int | None = Field(None, ge=0, description="requests planned")
    otel: Block | None = Field(None, description="the OpenTelemetry export: file, traces, "
                                                 "collector")
    chunked: Chunked | None = Field(None, description="a run made in chunks: the chunk, and "
                                                      "what is sampled or from histograms")

    #: the dotted keys whose non-finite values were written as null (set by parse_report)
    _non_finite: list[str] = PrivateAttr(default_factory=list)

    @property
    def non_finite(self) -> list[str]:
        return self._non_finite

    def judged_verdict(self) -> Literal["PASS", "FAIL", "ERROR"]:
        """``ERROR`` (the run could not finish: interrupted, a crash), ``FAIL`` (an
        expectation failed or could not be checked) or ``PASS``."""
        if self.interrupted or any(e.error for e in self.expectations):
            return "ERROR"
        return "PASS" if all(e.passed for e in self.expectations) else "FAIL"

    def failing(self) -> list[Expectation]:
        return [e for e in self.expectations if not e.passed]


class ReportError(ValueError):
    """A report that does not match :class:`Report`: a bug in the writer, never bad input."""


def strict_json(value: Any, where: str = "") -> tuple[Any, list[str]]:
    """``value`` with every non-finite float replaced by None, and the dotted keys replaced."""
    if isinstance(value, float) and not math.isfinite(value):
        return None, [where or "(top level)"]
    if isinstance(value, dict):
        out, bad = {}, []
        for key, item in value.items():
            out[key], more = strict_json(item, f"{where}.{key}" if where else str(key))
            bad += more
        return out, bad
    if isinstance(value, list | tuple):
        pairs = [strict_json(item, f"{where}[{i}]") for i, item in enumerate(value)]
        return [p[0] for p in pairs], [b for p in pairs for b in p[1]]
    return value, []


def parse_report(report: Report | dict[str, Any], where: str = "report.json") -> Report:
    """The one parse of a run's report: non-finite numbers as null (named in
    ``Report.non_finite``), the overall ``verdict`` judged, the whole checked against the
    model. A :class:`Report` is returned as it is. Every writer reads what this returns."""
    if isinstance(report, Report):
        return report
    clean, bad = strict_json({k: v for k, v in report.items() if k != "verdict"})
    model = validate_report(clean, where)
    model.verdict = model.judged_verdict()
    model._non_finite = bad
    return model


def validate_report(report: dict[str, Any], where: str = "report.json") -> Report:
    """``report`` as a :class:`Report`; :class:`ReportError` names the first wrong key."""
    try:
        return Report.model_validate(report)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise ReportError(f"{where}: {key}: {first['msg']}, got {first.get('input')!r:.80}"
                          ) from None


def json_schema() -> dict[str, Any]:
    """The JSON Schema of ``report.json`` (draft 2020-12)."""
    schema = Report.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
