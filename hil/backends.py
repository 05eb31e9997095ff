"""The one registry of real stage backends: which real part can fill which stage slot.

A stage is real when its table says ``backend = NAME`` (or ``mode = "real"``, which picks the
stage's default backend), or, for ``render``, when ``twin run --rig`` is given. A backend fills
every slot it serves (``llama_cpp``: ``model_load`` and ``inference``, one model instance).
Opening a backend happens inside the caller's :class:`~contextlib.ExitStack`, so whatever it
holds (a rig session with actuators) is closed on every exit path.

To add a backend: write an ``open`` function and add a :class:`StageBackend` to
:data:`BACKENDS` (see ARCHITECTURE.md, "Where things go").
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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


@dataclass
class RealParts:
    """The opened real parts, handed to :class:`hil.binding.RealBinding`."""

    resolver: Any = None  # an IntentResolver (llama.cpp)
    render: Any = None  # a hil.render.RenderBackend (a rig session)
    stages: dict[str, str] = field(default_factory=dict)  # stage -> backend name
    source: str = "scenario"  # the scenario file, for error messages


@dataclass(frozen=True)
class StageBackend:
    name: str
    stages: tuple[str, ...]  # the slots it fills, together
    open: Callable[[RunContext, ExitStack, RealParts], None]
    help: str = ""


def _open_llama(ctx: RunContext, stack: ExitStack, parts: RealParts) -> None:
    # the model runs in a worker process: a native crash there degrades the run to rules only
    from hil.llm.worker import worker_resolver

    parts.resolver = stack.enter_context(worker_resolver(ctx.model, n_threads=ctx.n_threads))


def _open_rig(ctx: RunContext, stack: ExitStack, parts: RealParts) -> None:
    from hil.render import render_backend  # imports python-can, cantools, pyserial
    from hil.rig import LinkError

    rig = ctx.rig or DEFAULT_RIG
    try:
        parts.render = stack.enter_context(render_backend(
            rig, ctx.out, ctx.scenario.link_faults, ctx.seed, ctx.scenario.source))
    except LinkError as exc:  # a port or interface the rig names cannot be opened: one line
        raise InputError(rig, exc.link, f"a link that opens (cannot open: {exc.reason})"
                         ) from None


def _open_dut(ctx: RunContext, stack: ExitStack, parts: RealParts) -> None:
    from hil.dut.run import open_resolver

    parts.resolver = stack.enter_context(open_resolver(
        dut_of(ctx.scenario), ctx.out, ctx.seed, ctx.scenario.source,
        ctx.scenario.config.faults))


def dut_of(scenario: Scenario) -> Any:
    """The scenario's device under test (``[assistant] backend``/``route``), or None."""
    from twin.config.dut import dut_config

    table = scenario.assistant
    if table is None or not table.enabled:
        return None
    return dut_config({k: v for k in ("backend", "route")
                       if (v := getattr(table, k)) is not None}, scenario.source)


BACKENDS: dict[str, StageBackend] = {
    "llama_cpp": StageBackend("llama_cpp", ("model_load", "inference"), _open_llama,
                              "the real assistant: hassil rules, then SmolLM2 (llama.cpp worker)"),
    "dut": StageBackend("dut", ("model_load", "inference"), _open_dut,
                        "the scenario's device under test ([assistant] backend, hil.dut); "
                        "with a networked DUT also `network` (measured by the proxy)"),
    "rig": StageBackend("rig", ("render",), _open_rig,
                        "commands to a rig's devices (CAN / serial), --rig or ci-virtual"),
}
#: the backend ``mode = "real"`` picks for each stage that has one
DEFAULT_BACKEND: dict[str, str] = {"model_load": "llama_cpp", "inference": "llama_cpp",
                                   "render": "rig"}


def select_backends(scenario: Scenario, rig: str | None) -> dict[str, str]:
    """Stage -> backend name for every real stage (a backend's stages come together)."""
    wanted: dict[str, str] = {}
    for stage, mode in scenario.modes.items():
        if mode != "real":
            continue
        name = scenario.backends.get(stage, DEFAULT_BACKEND.get(stage))
        key = f"stages.{stage}.backend" if stage in scenario.backends else f"stages.{stage}.mode"
        if name is None:
            raise InputError(scenario.source, key, "modelled (real backends exist for "
                             f"{', '.join(sorted(DEFAULT_BACKEND))})")
        backend = BACKENDS.get(name)
        if backend is None or stage not in backend.stages:
            serving = sorted(b.name for b in BACKENDS.values() if stage in b.stages)
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
        selected.update(dict.fromkeys(BACKENDS[name].stages, name))
    if dut is not None and dut.networked:  # its network is real: measured by the proxy
        selected["network"] = "dut"
    return selected


def open_backends(ctx: RunContext, stack: ExitStack) -> RealParts:
    """Open every selected backend once, inside ``stack``."""
    parts = RealParts(stages=select_backends(ctx.scenario, ctx.rig),
                      source=ctx.scenario.source)
    for name in dict.fromkeys(parts.stages.values()):
        BACKENDS[name].open(ctx, stack, parts)
    return parts
