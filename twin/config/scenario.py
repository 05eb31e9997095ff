"""The typed scenario file: every table a strict model, validated once by
:func:`twin.scenario.scenario_from_dict`.

Cross-field rules (all refused at load, naming the key):

- a ``[network]`` protocol model *replaces* the network stage's latency draws, so
  ``[stages.network]`` may then set ``budget_ms`` and ``mode`` but no distribution, ``scale``,
  ``profile`` or ``calibrated``;
- ``[monitoring] degrade_on_alert = true`` needs an enabled ``[assistant]``;
- a ``script`` workload plays its ``arrivals_ms`` once: ``requests`` defaults to their number
  and may not exceed it;
- ``[network]`` and ``[model]`` need an open-loop workload (they are driven by arrival times);
- ``[capture]`` needs a real capture stage, or one calibrated from a file (its settings then
  pick the calibrated capture model's point); audio faults (``noise_burst``,
  ``mic_dropout``, ``clock_drift``) need a real capture stage.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from latency_models.stages import STAGES
from twin.assistant.policy import AssistantPolicy
from twin.config.actuation import Actuation
from twin.config.base import Milliseconds, Probability, Strict, tagged_union
from twin.config.capture import CaptureSection
from twin.config.distributions import DIST_KEYS, DistSpec
from twin.config.faults import AudioFault, FaultSpec
from twin.config.fidelity import FidelityConfig
from twin.config.network import ModelSection, NetworkSection
from twin.verdict.budget import loosening_problem

MAX_REQUESTS = 10_000_000  # per run: a bound on the work one run can do
MAX_SEED = 2**63 - 1
Profile = Literal["ideal", "unoptimised"]


# workload -----------------------------------------------------------------------------------
class PoissonWorkload(Strict):
    """Open-loop Poisson arrivals."""

    kind: Literal["poisson"] = "poisson"
    rate_per_s: float = Field(10.0, gt=0, le=1e6, description="mean arrivals per second")


class VoiceBurstWorkload(Strict):
    """Users who speak every ``period_s`` (jittered); closed loop waits for each answer."""

    kind: Literal["voice_burst"]
    users: int = Field(100, ge=1, le=1_000_000, description="number of users")
    period_s: float = Field(30.0, gt=0, le=86_400, description="think time between requests")
    jitter: float = Field(0.2, ge=0, lt=1, description="fraction of the period, +/-")
    closed_loop: bool = Field(True, description="a user speaks again only after the answer")


class ScriptWorkload(Strict):
    """Arrivals at the listed times, played once."""

    kind: Literal["script"]
    arrivals_ms: list[Milliseconds] = Field(min_length=1, max_length=MAX_REQUESTS,
                                            description="arrival times (ms), any order")


WorkloadSpec = tagged_union("kind", {"poisson": PoissonWorkload,
                                     "voice_burst": VoiceBurstWorkload,
                                     "script": ScriptWorkload}, default="poisson")


# stages -------------------------------------------------------------------------------------
class StageSection(Strict):
    """One stage: its latency model (a distribution table, a profile or a calibration file),
    its budget, and whether its slot is modelled or real.

    The distribution keys (``dist`` and its parameters) sit in the stage table itself.
    """

    reference_title: ClassVar[str] = "stages.<stage>"

    budget_ms: Milliseconds | None = Field(None, description="the stage's budget (ms)")
    scale: float | None = Field(None, ge=0, le=1e4, description="multiply every latency")
    mode: Literal["modelled", "real"] = Field("modelled", description="modelled or real slot")
    backend: str | None = Field(None, min_length=1,
                                description="the real backend by name (implies mode = real)")
    profile: Profile | None = Field(None, description="this stage from another profile")
    calibrated: str | None = Field(None, min_length=1,
                                   description="a file written by twin calibrate")
    distribution: DistSpec | None = Field(None, alias="<distribution>",
                                          description="dist = ... and its parameters")

    @model_validator(mode="before")
    @classmethod
    def _gather_distribution(cls, data: Any) -> Any:
        """Move ``dist`` and its parameters into the nested distribution."""
        if not isinstance(data, dict) or "dist" not in data:
            return data
        inner = {k: v for k, v in data.items() if k in DIST_KEYS}
        return {**{k: v for k, v in data.items() if k not in DIST_KEYS},
                "<distribution>": inner}

    @model_validator(mode="after")
    def _one_source(self) -> StageSection:
        if self.calibrated is not None and self.distribution is not None:
            raise ValueError("either calibrated = FILE or a distribution, not both")
        return self

    @property
    def real(self) -> bool:
        return self.mode == "real" or self.backend is not None

    @property
    def sets_latency(self) -> bool:
        """True when the table changes the stage's latency draws."""
        return any(v is not None for v in (self.distribution, self.calibrated, self.scale,
                                           self.profile))


class StagesSection(Strict):
    """``[stages]``: a base profile and per-stage overrides."""

    profile: Profile = Field("ideal", description="the base profile of all six stages")
    capture: StageSection | None = Field(None, description="overrides of the capture stage")
    network: StageSection | None = Field(None, description="overrides of the network stage")
    scheduling: StageSection | None = Field(None, description="overrides of the scheduling stage")
    model_load: StageSection | None = Field(None, description="overrides of the model_load stage")
    inference: StageSection | None = Field(None, description="overrides of the inference stage")
    render: StageSection | None = Field(None, description="overrides of the render stage")

    def of(self, stage: str) -> StageSection | None:
        return getattr(self, stage)  # type: ignore[no-any-return]


class ResourcesSection(Strict):
    """``[resources]``: parallel slots per stage (none: unlimited)."""

    capture: int | None = Field(None, ge=1, le=100_000, description="capture slots")
    network: int | None = Field(None, ge=1, le=100_000, description="network slots")
    scheduling: int | None = Field(None, ge=1, le=100_000, description="scheduling slots")
    model_load: int | None = Field(None, ge=1, le=100_000, description="model_load slots")
    inference: int | None = Field(None, ge=1, le=100_000, description="inference slots")
    render: int | None = Field(None, ge=1, le=100_000, description="render slots")

    def as_dict(self) -> dict[str, int]:
        return {s: getattr(self, s) for s in STAGES if getattr(self, s) is not None}


# assistant, policy, monitoring, expectations -------------------------------------------------
_POLICY = AssistantPolicy()  # the knobs' defaults are the policy's own


class PolicySection(Strict):
    """``[policy]``: the assistant's routing and deadlines."""

    threshold: Probability = Field(_POLICY.threshold,
                                   description="rule confidence that skips the LLM")
    ack_deadline_ms: Milliseconds = Field(_POLICY.ack_deadline_ms, gt=0,
                                          description="acknowledgement due by")
    degrade_deadline_ms: Milliseconds = Field(_POLICY.degrade_deadline_ms, gt=0,
                                              description="answer from the rules after this")
    degrade: bool = Field(_POLICY.degrade, description="degrade at the deadline")

    def build(self) -> AssistantPolicy:
        return AssistantPolicy(**self.model_dump(exclude_unset=True))


class AssistantSection(Strict):
    """``[assistant]``: rules first, a modelled LLM fallback."""

    enabled: bool = Field(True, description="false: run without the assistant")
    lang: Literal["en", "zh-CN", "mixed"] = Field("mixed", description="query language")
    queries: str | None = Field(None, min_length=1,
                                description="labelled query file (default: the shipped one)")
    accuracy: Probability | None = Field(
        None, description="share of correct LLM answers (default: [model]'s, else 0.85)")
    malformed_rate: Probability = Field(0.05, description="share of malformed LLM output")
    rule_ms: DistSpec | None = Field(None, description="rule NLU time (a dist table)")
    # the device under test (validated by twin.config.dut.dut_config)
    backend: Any = Field(None, description="the DUT: a name or {kind = ...} (README)")
    route: Any = Field(None, description="the router's edge/cloud DUTs and limits")
    rules_first: bool = Field(True, description="false: the DUT answers every request")
    stream: dict[str, Any] | None = Field(None, description="{tokens, token_ms}: paced "
                                          "streaming modelled")

    @model_validator(mode="after")
    def _rates(self) -> AssistantSection:
        if self.accuracy is not None and self.accuracy + self.malformed_rate > 1:
            raise ValueError("accuracy + malformed_rate <= 1")
        return self


class MonitoringSection(Strict):
    """``[monitoring]``: window length and the degrade-on-alert control."""

    window_ms: float = Field(1000.0, ge=1, le=3_600_000, description="monitoring window (ms)")
    degrade_on_alert: bool = Field(False, description="switch to rules on the combined alert")
    hold_ms: Milliseconds | None = Field(None, gt=0, description="degrade for (default: window)")
    l1_p95_ms: float = Field(100.0, gt=0, le=1e12, description="alert: e2e p95 above (ms)")
    l3_util_pct: float = Field(95.0, gt=0, le=1e6, description="alert: inference util above (%)")
    l4_jitter_ms: float = Field(20.0, gt=0, le=1e12, description="alert: network jitter above")


class ExpectationSection(Strict):
    """One ``[[expectations]]`` check on a report.json metric."""

    name: str | None = Field(None, description="label (default: the metric)")
    metric: str = Field(min_length=1, description="dotted report key, e.g. e2e.p95_ms")
    max: float | None = Field(None, description="pass when the metric <= max")
    min: float | None = Field(None, description="pass when the metric >= min")
    reason: str | None = Field(None, min_length=1, max_length=2000,
                               description="why: required when it loosens a built-in "
                                           "(e2e.p95_ms, first_feedback.within_budget, "
                                           "degraded.overrun_max_ms)")

    def limit_problem(self) -> tuple[str, str] | None:
        """(key, expected) when the limits are missing or crossed (checked by the file)."""
        if self.max is None and self.min is None:
            return "max", "a limit: 'max' or 'min'"
        if self.max is not None and self.min is not None and self.min > self.max:
            return "min", f"min <= max, got min={self.min}, max={self.max}"
        return None

    @property
    def label(self) -> str:
        return self.name if self.name is not None else self.metric


# the file -----------------------------------------------------------------------------------
class ScenarioFile(Strict):
    """A scenario TOML file."""

    name: str | None = Field(None, min_length=1, description="default: the file's stem")
    description: str = Field("", description="one line shown in the report")
    seed: int = Field(1, ge=0, le=MAX_SEED, description="the run's seed")
    requests: int | None = Field(None, ge=1, le=MAX_REQUESTS,
                                 description="requests per run (default 1000; script: "
                                             "its arrivals)")
    engine: Literal["auto", "des", "fast"] = Field("auto", description="simulation engine")
    workload: WorkloadSpec = Field(default_factory=PoissonWorkload,
                                   description="arrival process, chosen by kind")
    stages: StagesSection = Field(default_factory=StagesSection,
                                  description="a base profile and per-stage overrides")
    resources: ResourcesSection = Field(default_factory=ResourcesSection,
                                        description="parallel slots per stage")
    faults: list[FaultSpec] = Field(default_factory=list, max_length=1000,
                                    description="[[faults]], chosen by kind (twin or link)")
    policy: PolicySection = Field(default_factory=PolicySection,
                                  description="the assistant's routing and deadlines")
    expectations: list[ExpectationSection] = Field(
        default_factory=list, max_length=1000, description="[[expectations]] on report metrics")
    monitoring: MonitoringSection = Field(default_factory=MonitoringSection,
                                          description="windows and degrade-on-alert")
    assistant: AssistantSection | None = Field(None, description="the assistant under test "
                                                                 "(none: no assistant)")
    network: NetworkSection | None = Field(None, description="a transport protocol model")
    model: ModelSection | None = Field(None, description="a size x quantisation profile")
    fidelity: FidelityConfig = Field(default_factory=FidelityConfig,
                                     description="tolerances of twin fidelity")
    actuation: Actuation = Field(default_factory=Actuation,
                                 description="allowances for actuation failures (strict "
                                             "by default; loosening needs a reason)")
    capture: CaptureSection | None = Field(None, description="a real capture stage's audio, "
                                           "VAD and endpointer")

    def cross_field_problem(self) -> tuple[str, str] | None:
        """The first cross-field rule the file breaks, as (dotted key, expected), or None."""
        for i, expectation in enumerate(self.expectations):
            problem = expectation.limit_problem()
            if problem is not None:
                return f"expectations[{i}].{problem[0]}", problem[1]
        loosening = loosening_problem(self.expectations)
        if loosening is not None:
            return loosening
        capture_real = self.stages.capture is not None and self.stages.capture.real
        capture_fitted = (self.stages.capture is not None
                          and self.stages.capture.calibrated is not None)
        if self.capture is not None and not (capture_real or capture_fitted):
            return "capture", ("a real capture stage ([stages.capture] mode = \"real\") to "
                               "hear, or one calibrated from a file (calibrated = FILE)")
        for i, fault in enumerate(self.faults):
            if isinstance(fault, AudioFault) and not capture_real:
                return (f"faults[{i}].kind", f"a real capture stage for the audio fault "
                        f"{fault.kind!r} ([stages.capture] mode = \"real\")")
        if self.network is not None:
            stage = self.stages.network
            if stage is not None and stage.sets_latency:
                return ("stages.network", "no latency keys (dist, scale, profile, calibrated) "
                        "when [network] models the network stage: it replaces its draws")
        if self.monitoring.degrade_on_alert and not (
                self.assistant is not None and self.assistant.enabled):
            return ("monitoring.degrade_on_alert",
                    "an [assistant] table (degrade mode switches the assistant to rules)")
        if isinstance(self.workload, ScriptWorkload) and self.requests is not None and (
                self.requests > len(self.workload.arrivals_ms)):
            return ("requests", f"at most the {len(self.workload.arrivals_ms)} arrivals of the "
                    f"script (it plays them once), got {self.requests}")
        open_loop = not (isinstance(self.workload, VoiceBurstWorkload)
                         and self.workload.closed_loop)
        for key in ("network", "model"):
            if getattr(self, key) is not None and not open_loop:
                return (key, "an open-loop workload (poisson, script, or voice_burst with "
                             "closed_loop = false): the model needs arrival times")
        return None

    @property
    def request_count(self) -> int:
        if self.requests is not None:
            return self.requests
        if isinstance(self.workload, ScriptWorkload):
            return len(self.workload.arrivals_ms)
        return 1000
