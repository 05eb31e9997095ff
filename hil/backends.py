"""The one registry of real stage backends: which real part can fill which stage slot.

A stage is real when its table says ``backend = NAME`` (or ``mode = "real"``, which picks the
stage's default backend), or, for ``render``, when ``twin run --rig`` is given. A backend fills
every slot it serves (``llama_cpp``: ``model_load`` and ``inference``, one model instance).
Opening a backend happens inside the caller's :class:`~contextlib.ExitStack`, so whatever it
holds (a rig session with actuators) is closed on every exit path.

A backend is one module with an ``open`` function registered by :func:`stage_backend`: the
built-ins are the modules of :mod:`hil.stage_backends` (found by listing the package); others
are found by name through the entry-point group ``cabin_twin.stage_backend``
(``NAME = "module:open_function"``), as python-can finds ``can.interface`` plugins.
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import pkgutil
from collections.abc import Callable, Generator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from latency_models.stages import STAGES
from twin.errors import InputError
from twin.scenario import Scenario

DEFAULT_RIG = "ci-virtual"


@dataclass(frozen=True)
class RunContext:
    """What a backend may need to open: the scenario and the ``twin run`` options."""

    scenario: Scenario
    rig: str | None
    out: Path
    seed: int
    model: str | None = None
    n_threads: int = 2
    replay: Path | None = None  # a trace replayed on the rig's bus (twin run --replay)


#: a stage's real work: a SimPy process body ``work(env, index, timeline)``
Work = Callable[..., Generator[Any, Any, Any]]


@dataclass
class RealParts:
    """The opened real parts, handed to :class:`hil.binding.RealBinding`."""

    resolver: Any = None  # an IntentResolver (llama.cpp)
    render: Any = None  # a hil.render.RenderBackend (a rig session)
    stages: dict[str, str] = field(default_factory=dict)  # stage -> backend name
    work: dict[str, Work] = field(default_factory=dict)  # a backend's own work for a stage
    source: str = "scenario"  # the scenario file, for error messages
    #: a backend's hooks into the run, each optional: ``bind(plan, assisted_plan)`` once the
    #: plan is drawn; ``retime(timings, rows) -> timings`` after the run (``rows``: each
    #: timing row's request index); ``columns(n) -> {name: array}`` for requests.csv;
    #: ``report() -> {key: block}`` for report.json (after the backends closed)
    hooks: list[Any] = field(default_factory=list)


class BackendHooks:
    """What a binding does with its backends' :attr:`RealParts.hooks` (a mixin: the binding
    has ``parts``)."""

    parts: RealParts

    def _hooks(self, name: str) -> list[Any]:
        return [getattr(h, name) for h in self.parts.hooks if hasattr(h, name)]

    def bind_hooks(self, plan: Any, ap: Any) -> None:
        for bind in self._hooks("bind"):
            bind(plan, ap)

    def retime(self, timings: Any, rows: np.ndarray | None = None) -> Any:
        """The run's timings as the backends place them (``rows``: the request index of each
        row; default all): a real capture stage moves each request's arrival to the moment
        its user stopped speaking."""
        rows = np.arange(timings.n) if rows is None else rows
        for retime in self._hooks("retime"):
            timings = retime(timings, rows)
        return timings

    def backend_columns(self, n: int) -> dict[str, np.ndarray]:
        """requests.csv columns the backends add (per request, ``n`` rows)."""
        out: dict[str, np.ndarray] = {}
        for columns in self._hooks("columns"):
            out.update(columns(n))
        return out

    def hook_reports(self) -> dict[str, Any]:
        """report.json blocks the backends add (after they closed)."""
        out: dict[str, Any] = {}
        for report in self._hooks("report"):
            out.update(report())
        return out


@dataclass(frozen=True)
class StageBackend:
    name: str
    stages: tuple[str, ...]  # the slots it fills, together
    open: Callable[[RunContext, ExitStack, RealParts], None]
    help: str = ""
    default_for: tuple[str, ...] = ()  # the stages whose ``mode = "real"`` picks it


_REGISTRY: dict[str, StageBackend] = {}
BUILTIN_PACKAGE = "hil.stage_backends"
ENTRY_POINT_GROUP = "cabin_twin.stage_backend"


def stage_backend(name: str, stages: tuple[str, ...], *, help: str = "",
                  default_for: tuple[str, ...] = ()
                  ) -> Callable[[Callable[[RunContext, ExitStack, RealParts], None]],
                                Callable[[RunContext, ExitStack, RealParts], None]]:
    """Register the decorated ``open(ctx, stack, parts)`` as the backend ``name`` for
    ``stages``. ``open`` puts what it opened into ``parts`` (a ``resolver``, a ``render``, or
    a stage's own work in ``parts.work[stage]``) and its clean-up on ``stack``."""

    def register(open_fn: Callable[[RunContext, ExitStack, RealParts], None]
                 ) -> Callable[[RunContext, ExitStack, RealParts], None]:
        _add(StageBackend(name, tuple(stages), open_fn, help, tuple(default_for)))
        return open_fn

    return register


def _add(backend: StageBackend) -> None:
    known = _REGISTRY.get(backend.name)
    if known is not None and known.open is not backend.open:
        raise ValueError(f"stage backend {backend.name!r} is registered twice")
    bad = [s for s in (*backend.stages, *backend.default_for) if s not in STAGES]
    if bad or not backend.stages or not set(backend.default_for) <= set(backend.stages):
        raise ValueError(f"stage backend {backend.name!r}: stages among {', '.join(STAGES)} "
                         f"(default_for among its own), got {backend.stages}, "
                         f"{backend.default_for}")
    for other in _REGISTRY.values():
        clash = set(other.default_for) & set(backend.default_for)
        if other.name != backend.name and clash:
            raise ValueError(f"stage backend {backend.name!r}: {other.name!r} is already the "
                             f"default for {', '.join(sorted(clash))}")
    _REGISTRY[backend.name] = backend


@functools.cache
def _load_builtins() -> None:
    package = importlib.import_module(BUILTIN_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__, f"{BUILTIN_PACKAGE}."):
        importlib.import_module(info.name)


def _load_entry_points(only: str | None = None) -> None:
    """Import the entry points of :data:`ENTRY_POINT_GROUP` (``only``: that name's)."""
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if (only is not None and ep.name != only) or ep.name in _REGISTRY:
            continue
        try:
            ep.load()
        except (ImportError, AttributeError) as exc:
            raise InputError(f"entry point {ENTRY_POINT_GROUP}:{ep.name}", ep.value,
                             f"an importable stage backend ({exc})") from None
        if ep.name not in _REGISTRY:
            raise InputError(f"entry point {ENTRY_POINT_GROUP}:{ep.name}", ep.value,
                             f"a module registering @stage_backend({ep.name!r}, ...)")


def find_backend(name: str) -> StageBackend | None:
    """The backend registered as ``name`` (built-ins first, then the entry points)."""
    _load_builtins()
    if name not in _REGISTRY:
        _load_entry_points(name)
    return _REGISTRY.get(name)


def _registered(name: str) -> StageBackend:
    backend = find_backend(name)
    if backend is None:
        raise KeyError(f"no stage backend {name!r}")
    return backend


def all_backends() -> dict[str, StageBackend]:
    """Every backend by name: the built-ins and every entry point."""
    _load_builtins()
    _load_entry_points()
    return dict(_REGISTRY)


def default_backend(stage: str) -> str | None:
    """The backend ``mode = "real"`` picks for ``stage`` (None: the stage has none)."""
    _load_builtins()
    for backend in _REGISTRY.values():
        if stage in backend.default_for:
            return backend.name
    return next((b.name for b in all_backends().values() if stage in b.default_for), None)


def dut_of(scenario: Scenario) -> Any:
    """The scenario's device under test (``[assistant] backend``/``route``), or None."""
    from twin.config.dut import dut_config

    table = scenario.assistant
    if table is None or not table.enabled:
        return None
    return dut_config({k: v for k in ("backend", "route")
                       if (v := getattr(table, k)) is not None}, scenario.source)


def select_backends(scenario: Scenario, rig: str | None) -> dict[str, str]:
    """Stage -> backend name for every real stage (a backend's stages come together)."""
    wanted: dict[str, str] = {}
    for stage, mode in scenario.modes.items():
        if mode != "real":
            continue
        name = scenario.backends.get(stage) or default_backend(stage)
        key = f"stages.{stage}.backend" if stage in scenario.backends else f"stages.{stage}.mode"
        if name is None:
            defaults = sorted(s for s in STAGES if default_backend(s) is not None)
            raise InputError(scenario.source, key, "modelled (real backends exist for "
                             f"{', '.join(defaults)})")
        backend = find_backend(name)
        if backend is None or stage not in backend.stages:
            serving = sorted(b.name for b in all_backends().values() if stage in b.stages)
            raise InputError(scenario.source, key,
                             f"a backend for {stage}: {', '.join(serving)}, got {name!r}")
        wanted[stage] = name
    if rig:
        wanted["render"] = wanted.get("render", "rig")
    dut = dut_of(scenario)
    if dut is not None:  # a DUT in the scenario makes the assistant's stages real
        wanted["model_load"] = wanted["inference"] = "dut"
    assistant = scenario.assistant
    if ("inference" in wanted or "model_load" in wanted) and (
            assistant is None or not assistant.enabled):
            stage = "inference" if "inference" in wanted else "model_load"
            raise InputError(scenario.source, f"stages.{stage}.mode",
                             "modelled, or an enabled [assistant] (the real model answers "
                             "its queries)")
    selected: dict[str, str] = {}
    for name in dict.fromkeys(wanted.values()):
        selected.update(dict.fromkeys(_registered(name).stages, name))
    if dut is not None and dut.networked:  # its network is real: measured by the proxy
        selected["network"] = "dut"
    return selected


def open_backends(ctx: RunContext, stack: ExitStack) -> RealParts:
    """Open every selected backend once, inside ``stack``."""
    parts = RealParts(stages=select_backends(ctx.scenario, ctx.rig),
                      source=ctx.scenario.source)
    for name in dict.fromkeys(parts.stages.values()):
        _registered(name).open(ctx, stack, parts)
    return parts
