"""The AMX guard: keep llama.cpp off its AMX kernels where they crash.

A llama.cpp built natively on a CPU with AMX (Intel Sapphire Rapids and newer) compiles the AMX
matrix kernels; the first decode then dies with a general protection fault at ``ldtilecfg``
(upstream llama.cpp #20824). Loading the model with ``use_extra_bufts = False`` keeps the
weights out of the AMX buffer type (and out of CPU weight repacking, which Q4_0 speed relies on
elsewhere), so the guard applies only when the CPU has AMX *and* the library was built with it.

:func:`decide` is pure (CPU flags + ``llama_print_system_info()`` text in, a
:class:`GuardDecision` out); :func:`current` reads this machine. ``CABIN_TWIN_AMX_GUARD``
overrides the decision: ``auto`` (default), ``on`` (always disable extra buffer types), ``off``
(never; reproduces the crash on an affected build).
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ENV = "CABIN_TWIN_AMX_GUARD"
CPU_AMX_FLAGS = ("amx_tile", "amx_int8", "amx_bf16")
_FEATURE = re.compile(r"([A-Z][A-Z0-9_]*)\s*=\s*([0-9]+)")


@dataclass(frozen=True)
class GuardDecision:
    """Whether the model loads with ``use_extra_bufts = False``, and why."""

    cpu_amx: bool
    library_amx: bool
    disable_extra_bufts: bool
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def cpu_flags(cpuinfo: str) -> frozenset[str]:
    """The feature flags of the first processor in ``/proc/cpuinfo`` text."""
    for line in cpuinfo.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "flags":
            return frozenset(value.split())
    return frozenset()


def library_features(system_info: str) -> dict[str, bool]:
    """``llama_print_system_info()`` text as ``{"AVX2": True, "AMX_INT8": True, ...}``."""
    return {name: value != "0" for name, value in _FEATURE.findall(system_info)}


def decide(flags: Iterable[str], system_info: str, override: str = "auto") -> GuardDecision:
    """The guard's decision for a CPU with ``flags`` and a library reporting ``system_info``."""
    flags = set(flags)
    cpu_amx = any(f in flags for f in CPU_AMX_FLAGS)
    library_amx = any(on for name, on in library_features(system_info).items()
                      if name.startswith("AMX"))
    mode = override.strip().lower() or "auto"
    if mode not in ("auto", "on", "off"):
        raise ValueError(f"{ENV} must be auto, on or off, not {override!r}")
    if mode == "on":
        return GuardDecision(cpu_amx, library_amx, True, f"forced on by {ENV}=on")
    if mode == "off":
        return GuardDecision(cpu_amx, library_amx, False, f"forced off by {ENV}=off")
    if cpu_amx and library_amx:
        return GuardDecision(cpu_amx, library_amx, True,
                             "CPU has AMX and llama.cpp was built with AMX kernels "
                             "(llama.cpp #20824): model loads with use_extra_bufts=False")
    if cpu_amx:
        return GuardDecision(cpu_amx, library_amx, False,
                             "CPU has AMX, llama.cpp built without AMX kernels: nothing to guard")
    return GuardDecision(cpu_amx, library_amx, False, "no AMX on this CPU: nothing to guard")


def read_cpu_flags(path: Path = Path("/proc/cpuinfo")) -> frozenset[str]:
    """This machine's CPU flags (empty where ``/proc/cpuinfo`` does not exist)."""
    try:
        return cpu_flags(path.read_text(errors="replace"))
    except OSError:
        return frozenset()


def system_info() -> str:
    """``llama_cpp.llama_print_system_info()`` as text (loads the library, runs no kernel)."""
    import llama_cpp

    return llama_cpp.llama_print_system_info().decode("utf-8", errors="replace").strip()


@functools.cache
def current() -> GuardDecision:
    """The decision for this machine and the installed llama-cpp-python (cached)."""
    return decide(read_cpu_flags(), system_info(), os.environ.get(ENV, "auto"))


@contextlib.contextmanager
def patched_defaults(factory: str, **overrides: Any) -> Iterator[None]:
    """While open, the llama.cpp defaults ``factory`` (``"llama_model_default_params"``,
    ``"llama_context_default_params"``) return their params with ``overrides`` set.

    ``Llama.__init__`` takes no ``use_extra_bufts`` or ``n_seq_max`` argument; it builds its
    params from these functions, which this wraps. Not thread-safe: hold it only around one
    ``Llama(...)`` construction.
    """
    import llama_cpp.llama_cpp as raw

    original = getattr(raw, factory)

    def patched() -> Any:
        params = original()
        for key, value in overrides.items():
            setattr(params, key, value)
        return params

    setattr(raw, factory, patched)
    try:
        yield
    finally:
        setattr(raw, factory, original)


def model_params(**overrides: Any) -> contextlib.AbstractContextManager[None]:
    """While open, ``llama_cpp.Llama`` starts from default model params with ``overrides`` set."""
    return patched_defaults("llama_model_default_params", **overrides)


def load_llama(decision: GuardDecision, **kwargs: Any) -> Any:
    """``llama_cpp.Llama(**kwargs)``, with ``use_extra_bufts = False`` when ``decision`` says so."""
    import llama_cpp

    overrides = {"use_extra_bufts": False} if decision.disable_extra_bufts else {}
    with model_params(**overrides):
        llm = llama_cpp.Llama(**kwargs)
    if decision.disable_extra_bufts and llm.model_params.use_extra_bufts:
        raise RuntimeError("the AMX guard could not set use_extra_bufts=False")
    return llm
