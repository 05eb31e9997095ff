"""Scenario files (TOML): read once, validated by the typed model, built into a
:class:`Scenario`.

The model (:mod:`twin.config.scenario`) refuses unknown keys at every level, non-finite and
out-of-range numbers and broken cross-field rules. Every problem raises
:class:`twin.errors.InputError` naming the file, the dotted key and what was expected; the CLI
prints it as one line and exits 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from latency_models.distributions import SpecError
from latency_models.faults import Fault
from latency_models.profiles import profile
from latency_models.stages import STAGES, StageModel
from twin.config.base import parse
from twin.config.distributions import DistSpec
from twin.config.faults import LinkFault, TwinFaultBase
from twin.config.scenario import (
    AssistantSection,
    ExpectationSection,
    MonitoringSection,
    PoissonWorkload,
    PolicySection,
    ScenarioFile,
    ScriptWorkload,
    VoiceBurstWorkload,
)
from twin.errors import InputError
from twin.files import load_toml
from twin.paths import SCENARIOS_DIR, resolve_named

DEFAULT_SCENARIO = "default"
Workload = PoissonWorkload | VoiceBurstWorkload | ScriptWorkload


@dataclass(frozen=True)
class Expectation:
    name: str
    metric: str
    max: float | None = None
    min: float | None = None
    reason: str | None = None  # why it loosens a built-in (twin.verdict.budget)


@dataclass
class Scenario:
    """A validated scenario: the typed file (:attr:`config`) plus what it builds (stage
    models, twin faults). Nothing downstream reads the TOML again."""

    name: str
    description: str
    seed: int
    requests: int
    workload: Workload
    stages: dict[str, StageModel]
    modes: dict[str, str]
    resources: dict[str, int]
    faults: list[Fault]
    policy: PolicySection
    expectations: list[Expectation]
    engine: str = "auto"
    source: str = "<dict>"
    config: ScenarioFile = field(default_factory=ScenarioFile)
    link_faults: list[LinkFault] = field(default_factory=list)
    backends: dict[str, str] = field(default_factory=dict)  # stage -> named real backend

    @property
    def monitoring(self) -> MonitoringSection:
        return self.config.monitoring

    @property
    def assistant(self) -> AssistantSection | None:
        return self.config.assistant

    def with_config(self, **changes: Any) -> Scenario:
        """The same scenario with top-level sections of the typed file replaced."""
        config = self.config.model_copy(update=changes)
        return replace(self, config=config,
                       expectations=_expectations(config.expectations))


def find_scenario(name_or_path: str | None) -> Path:
    """The scenario file for a name (``smoke``) or a path; the embedded default for None."""
    path = resolve_named(name_or_path or DEFAULT_SCENARIO, SCENARIOS_DIR)
    if not path.is_file():
        names = ", ".join(sorted(p.stem for p in SCENARIOS_DIR.glob("*.toml")))
        raise InputError(str(path), "scenario", f"an existing TOML file or one of: {names}")
    return path


def read_scenario(name_or_path: str | None = None) -> tuple[dict[str, Any], str]:
    """The parsed TOML document of a scenario and its path (what ``--vary`` edits)."""
    path = find_scenario(name_or_path)
    return load_toml(path), str(path)


def load_scenario(name_or_path: str | None = None) -> Scenario:
    """Read and validate a scenario file (the embedded default when no name is given)."""
    raw, source = read_scenario(name_or_path)
    return scenario_from_dict(raw, source)


def scenario_from_dict(raw: dict[str, Any], source: str = "<dict>") -> Scenario:
    """Validate a parsed scenario table against the typed model and build it."""
    config = parse(ScenarioFile, raw, source)
    problem = config.cross_field_problem()
    if problem is not None:
        raise InputError(source, *problem)
    stages, modes, backends = _stages(config, source)
    twin_faults = [f for f in config.faults if isinstance(f, TwinFaultBase)]
    return Scenario(
        name=config.name if config.name is not None else Path(source).stem,
        description=config.description,
        seed=config.seed,
        requests=config.request_count,
        workload=config.workload,
        stages=stages,
        modes=modes,
        resources=config.resources.as_dict(),
        # link faults last: on the same clock, without shifting the twin faults' draws
        faults=[f.build() for f in twin_faults] + [f.build() for f in config.faults
                                                   if isinstance(f, LinkFault)],
        policy=config.policy,
        expectations=_expectations(config.expectations),
        engine=config.engine,
        source=source,
        config=config,
        link_faults=[f for f in config.faults if isinstance(f, LinkFault)],
        backends=backends,
    )


def _expectations(sections: list[ExpectationSection]) -> list[Expectation]:
    return [Expectation(e.label, e.metric,
                        None if e.max is None else float(e.max),
                        None if e.min is None else float(e.min),
                        e.reason.strip() if e.reason else None) for e in sections]


def _stages(config: ScenarioFile, source: str
            ) -> tuple[dict[str, StageModel], dict[str, str], dict[str, str]]:
    models = profile(config.stages.profile)
    modes = dict.fromkeys(STAGES, "modelled")
    backends: dict[str, str] = {}
    for key in STAGES:
        t = config.stages.of(key)
        if t is None:
            continue
        model = models[key]
        if t.profile is not None:
            model = profile(t.profile)[key]
        dist_spec = t.distribution
        if t.calibrated is not None:
            dist_spec = _calibrated(source, t.calibrated, key)
        if dist_spec is not None:
            try:
                dist = dist_spec.build()
            except SpecError as exc:
                raise InputError(source, f"stages.{key}.{exc.key}", exc.expected) from None
            model = StageModel(key, dist, model.budget_ms)
        if t.scale is not None:
            model = StageModel(key, model.dist.scaled(float(t.scale)), model.budget_ms)
        if t.budget_ms is not None:
            model = StageModel(key, model.dist, float(t.budget_ms))
        modes[key] = "real" if t.real else "modelled"
        if t.backend is not None:
            backends[key] = t.backend
        models[key] = model
    return models, modes, backends


def _calibrated(source: str, path_text: str, stage: str) -> Any:
    """The distribution of ``stage`` in a file written by ``twin calibrate``."""
    path = Path(path_text)
    if not path.is_absolute():
        base = Path(source).parent if Path(source).exists() else Path.cwd()
        path = path if path.exists() else base / path
    try:
        table = load_toml(path)["stages"][stage]
    except (KeyError, TypeError, InputError):
        raise InputError(source, f"stages.{stage}.calibrated",
                         f"a readable calibration file with [stages.{stage}], got {path_text!r}"
                         ) from None
    return parse(DistSpec, table, str(path), f"stages.{stage}")
