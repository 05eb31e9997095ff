"""Scenario files (TOML): parsing and validation into a :class:`Scenario`.

Every problem raises :class:`twin.errors.InputError` naming the file, the dotted key and what
was expected; the CLI prints it as one line and exits 2.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from latency_models.distributions import SpecError, distribution_from_spec
from latency_models.faults import Fault, fault_from_spec
from latency_models.profiles import PROFILES, profile
from latency_models.stages import STAGES, StageModel
from twin.errors import InputError
from twin.paths import SCENARIOS_DIR, resolve_named

DEFAULT_SCENARIO = "default"
WORKLOAD_KINDS = ("poisson", "voice_burst", "script")
STAGE_KEYS = {"budget_ms", "scale", "mode", "profile", "backend", "calibrated"}
TOP_KEYS = {
    "name", "description", "seed", "requests", "engine", "workload", "stages", "resources",
    "faults", "policy", "expectations", "monitoring", "assistant", "devices", "network", "model",
    "actuation",  # twin.config.actuation (validated where the run is real)
}


@dataclass(frozen=True)
class Workload:
    kind: str
    rate_per_s: float = 10.0
    users: int = 100
    period_s: float = 30.0
    jitter: float = 0.2
    closed_loop: bool = True
    arrivals_ms: tuple[float, ...] = ()


@dataclass(frozen=True)
class Expectation:
    name: str
    metric: str
    max: float | None = None
    min: float | None = None


@dataclass
class Scenario:
    """A validated scenario; ``raw`` keeps the parsed TOML for later issues' keys."""

    name: str
    description: str
    seed: int
    requests: int
    workload: Workload
    stages: dict[str, StageModel]
    modes: dict[str, str]
    resources: dict[str, int]
    faults: list[Fault]
    policy: dict[str, Any]
    expectations: list[Expectation]
    engine: str = "auto"
    source: str = "<dict>"
    raw: dict[str, Any] = field(default_factory=dict)


class _Reader:
    """Typed access to a TOML table, raising InputError with the dotted key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, expected: str) -> InputError:
        return InputError(self.source, key, expected)

    def table(self, value: Any, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(key, f"a table, got {type(value).__name__}")
        return value

    def number(self, table: dict[str, Any], key: str, where: str, default: Any = None,
               low: float | None = None, integer: bool = False) -> Any:
        if key not in table:
            if default is None:
                raise self.fail(f"{where}{key}", "a value (required)")
            return default
        value = table[key]
        ok = isinstance(value, int) if integer else isinstance(value, int | float)
        if isinstance(value, bool) or not ok:
            kind = "an integer" if integer else "a number"
            raise self.fail(f"{where}{key}", f"{kind}, got {value!r}")
        if low is not None and value < low:
            raise self.fail(f"{where}{key}", f"a value >= {low}, got {value!r}")
        return value

    def string(self, table: dict[str, Any], key: str, where: str, default: str | None = None,
               choices: tuple[str, ...] | None = None) -> str:
        value = table.get(key, default)
        if not isinstance(value, str):
            raise self.fail(f"{where}{key}", f"a string, got {value!r}")
        if choices is not None and value not in choices:
            raise self.fail(f"{where}{key}", f"one of {', '.join(choices)}, got {value!r}")
        return value


def find_scenario(name_or_path: str | None) -> Path:
    """The scenario file for a name (``smoke``) or a path; the embedded default for None."""
    path = resolve_named(name_or_path or DEFAULT_SCENARIO, SCENARIOS_DIR)
    if not path.is_file():
        names = ", ".join(sorted(p.stem for p in SCENARIOS_DIR.glob("*.toml")))
        raise InputError(str(path), "scenario", f"an existing TOML file or one of: {names}")
    return path


def load_scenario(name_or_path: str | None = None) -> Scenario:
    """Read and validate a scenario file (the embedded default when no name is given)."""
    path = find_scenario(name_or_path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(str(path), "toml", f"valid TOML ({exc})") from None
    except UnicodeDecodeError:
        raise InputError(str(path), "toml", "a UTF-8 text file") from None
    return scenario_from_dict(raw, str(path))


def scenario_from_dict(raw: dict[str, Any], source: str = "<dict>") -> Scenario:
    """Validate a parsed scenario table."""
    r = _Reader(source)
    raw = copy.deepcopy(raw)
    unknown = sorted(set(raw) - TOP_KEYS)
    if unknown:
        raise r.fail(unknown[0], f"a known top-level key ({', '.join(sorted(TOP_KEYS))})")
    name = r.string(raw, "name", "", default=Path(source).stem)
    engine = r.string(raw, "engine", "", default="auto", choices=("auto", "des", "fast"))
    stages, modes = _stages(r, r.table(raw.get("stages", {}), "stages"))
    return Scenario(
        name=name,
        description=r.string(raw, "description", "", default=""),
        seed=int(r.number(raw, "seed", "", default=1, low=0, integer=True)),
        requests=int(r.number(raw, "requests", "", default=1000, low=1, integer=True)),
        workload=_workload(r, r.table(raw.get("workload", {"kind": "poisson"}), "workload")),
        stages=stages,
        modes=modes,
        resources=_resources(r, r.table(raw.get("resources", {}), "resources")),
        faults=_faults(r, raw.get("faults", [])),
        policy=dict(r.table(raw.get("policy", {}), "policy")),
        expectations=_expectations(r, raw.get("expectations", [])),
        engine=engine,
        source=source,
        raw=raw,
    )


def _workload(r: _Reader, w: dict[str, Any]) -> Workload:
    kind = r.string(w, "kind", "workload.", default="poisson", choices=WORKLOAD_KINDS)
    allowed = {
        "poisson": {"kind", "rate_per_s"},
        "voice_burst": {"kind", "users", "period_s", "jitter", "closed_loop"},
        "script": {"kind", "arrivals_ms"},
    }[kind]
    extra = sorted(set(w) - allowed)
    if extra:
        raise r.fail(f"workload.{extra[0]}", f"a {kind} key: one of {', '.join(sorted(allowed))}")
    if kind == "poisson":
        return Workload(kind, rate_per_s=float(r.number(w, "rate_per_s", "workload.", 10.0, 1e-9)))
    if kind == "voice_burst":
        closed = w.get("closed_loop", True)
        if not isinstance(closed, bool):
            raise r.fail("workload.closed_loop", f"true or false, got {closed!r}")
        jitter = float(r.number(w, "jitter", "workload.", 0.2, 0.0))
        if jitter >= 1:
            raise r.fail("workload.jitter", f"a fraction of the period in [0, 1), got {jitter}")
        return Workload(
            kind,
            users=int(r.number(w, "users", "workload.", 100, 1, integer=True)),
            period_s=float(r.number(w, "period_s", "workload.", 30.0, 1e-6)),
            jitter=jitter,
            closed_loop=closed,
        )
    arrivals = w.get("arrivals_ms")
    if (
        not isinstance(arrivals, list)
        or not arrivals
        or any(isinstance(a, bool) or not isinstance(a, int | float) or a < 0 for a in arrivals)
    ):
        raise r.fail("workload.arrivals_ms", "a non-empty list of times >= 0 in ms")
    return Workload(kind, arrivals_ms=tuple(sorted(float(a) for a in arrivals)))


def _stages(r: _Reader, s: dict[str, Any]) -> tuple[dict[str, StageModel], dict[str, str]]:
    base_name = r.string(s, "profile", "stages.", default="ideal", choices=tuple(PROFILES))
    models = profile(base_name)
    modes = dict.fromkeys(STAGES, "modelled")
    for key, table in s.items():
        if key == "profile":
            continue
        if key not in STAGES:
            raise r.fail(f"stages.{key}", f"a stage name ({', '.join(STAGES)}) or 'profile'")
        t = r.table(table, f"stages.{key}")
        where = f"stages.{key}."
        model = models[key]
        if "profile" in t:
            model = profile(r.string(t, "profile", where, choices=tuple(PROFILES)))[key]
        dist_spec = {k: v for k, v in t.items() if k not in STAGE_KEYS}
        if "calibrated" in t:
            if dist_spec:
                raise r.fail(f"{where}calibrated", "either a calibration file or a distribution")
            dist_spec = _calibrated(r, r.string(t, "calibrated", where), key)
        if dist_spec:
            try:
                dist = distribution_from_spec(dist_spec, f"stages.{key}")
            except SpecError as exc:
                raise r.fail(exc.key, exc.expected) from None
            model = StageModel(key, dist, model.budget_ms)
        if "scale" in t:
            factor = float(r.number(t, "scale", where, low=0.0))
            model = StageModel(key, model.dist.scaled(factor), model.budget_ms)
        if "budget_ms" in t:
            model = StageModel(key, model.dist, float(r.number(t, "budget_ms", where, low=0.0)))
        modes[key] = r.string(t, "mode", where, default="modelled", choices=("modelled", "real"))
        models[key] = model
    return models, modes


def _calibrated(r: _Reader, path_text: str, stage: str) -> dict[str, Any]:
    """The distribution table of ``stage`` in a file written by ``twin calibrate``."""
    path = Path(path_text)
    if not path.is_absolute():
        base = Path(r.source).parent if Path(r.source).exists() else Path.cwd()
        path = path if path.exists() else base / path
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))["stages"][stage]
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        raise r.fail(f"stages.{stage}.calibrated",
                     f"a readable calibration file with [stages.{stage}], got {path_text!r}"
                     ) from None
    return dict(table)


def _resources(r: _Reader, res: dict[str, Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for key in res:
        if key not in STAGES:
            raise r.fail(f"resources.{key}", f"a stage name ({', '.join(STAGES)})")
        out[key] = int(r.number(res, key, "resources.", low=1, integer=True))
    return out


def _faults(r: _Reader, faults: Any) -> list[Fault]:
    if not isinstance(faults, list):
        raise r.fail("faults", "an array of tables ([[faults]])")
    out = []
    for i, spec in enumerate(faults):
        kind = str(spec.get("kind", "")) if isinstance(spec, dict) else ""
        if kind.startswith(("can_", "serial_")) or kind in ("device_silent", "bus_off"):
            continue  # device-level faults: taken by the rig (hil), not by the latency twin
        try:
            out.append(fault_from_spec(spec, f"faults[{i}]"))
        except SpecError as exc:
            raise r.fail(exc.key, exc.expected) from None
    return out


def _expectations(r: _Reader, exps: Any) -> list[Expectation]:
    if not isinstance(exps, list):
        raise r.fail("expectations", "an array of tables ([[expectations]])")
    out = []
    for i, e in enumerate(exps):
        where = f"expectations[{i}]."
        t = r.table(e, f"expectations[{i}]")
        extra = sorted(set(t) - {"name", "metric", "max", "min"})
        if extra:
            raise r.fail(f"{where}{extra[0]}", "one of name, metric, max, min")
        metric = r.string(t, "metric", where)
        if "max" not in t and "min" not in t:
            raise r.fail(f"{where}max", "a limit: 'max' or 'min'")
        lo = r.number(t, "min", where, default=float("nan"))
        hi = r.number(t, "max", where, default=float("nan"))
        name = r.string(t, "name", where, default=metric)
        out.append(Expectation(
            name, metric,
            max=None if "max" not in t else float(hi),
            min=None if "min" not in t else float(lo),
        ))
    return out
