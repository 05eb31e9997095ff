"""Devices under test (DUTs): any assistant behind one contract, found by name.

:mod:`hil.dut.contract` defines the request, the events and the outcomes; each adapter is a
:class:`~hil.dut.contract.Dut` with a few hooks and a :meth:`~hil.dut.contract.Dut.from_config`
that builds it from its config model. :func:`adapter` finds an adapter by its ``kind`` in one
place, as python-can finds ``can.interface`` backends: the built-in table :data:`ADAPTERS`
(``module:class``, imported on first use), then the entry point group ``cabin_twin.dut``
(:data:`ENTRY_POINT_GROUP`), where a package outside the bench adds one: a
:class:`~hil.dut.contract.Dut` subclass whose ``Config`` (a
:class:`twin.config.dut.AdapterSettings`) types its table. :func:`open_dut` opens what a
scenario's ``[assistant] backend`` describes; an unknown kind or a bad table is refused there,
before the run starts.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from hil.dut.contract import OUTCOMES, Dut, DutFailure, DutReply, DutRequest
from twin.config.dut import BUILTIN_KINDS
from twin.errors import InputError

__all__ = ["ADAPTERS", "ENTRY_POINT_GROUP", "OUTCOMES", "Dut", "DutFailure", "DutReply",
           "DutRequest", "adapter", "adapter_names", "open_dut"]

#: where a package outside the bench registers a DUT adapter by name
ENTRY_POINT_GROUP = "cabin_twin.dut"

ADAPTERS: dict[str, str] = {
    "inprocess": "hil.dut.inprocess:InProcessDut",
    "shipped": "hil.dut.inprocess:ShippedDut",
    "worker": "hil.dut.worker:WorkerDut",
    "jsonl": "hil.dut.jsonl:JsonLinesDut",
    "http": "hil.dut.http:HttpDut",
}


def adapter_names() -> tuple[str, ...]:
    """Every adapter kind: built in, then the installed plugins (nothing is imported)."""
    found = {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)} - set(ADAPTERS)
    return (*BUILTIN_KINDS, *sorted(found))


def adapter(kind: str) -> type[Dut]:
    """The adapter class of ``kind``: built in, else from the entry point group
    ``cabin_twin.dut``; :class:`LookupError` when there is none."""
    if kind in ADAPTERS:
        module, _, name = ADAPTERS[kind].partition(":")
        cls = getattr(importlib.import_module(module), name)
    else:
        found = [ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == kind]
        if not found:
            raise LookupError(f"no DUT adapter {kind!r} (built in: {', '.join(ADAPTERS)}; "
                              f"others come from the entry point group {ENTRY_POINT_GROUP})")
        cls = found[0].load()
    if not (isinstance(cls, type) and issubclass(cls, Dut)):
        raise LookupError(f"the DUT adapter {kind!r} is not a hil.dut.contract.Dut subclass")
    return cls  # type: ignore[no-any-return]


def open_dut(backend: Any, log_dir: Path | None = None, source: str = "<scenario>",
             where: str = "assistant.backend") -> Dut:
    """A :class:`Dut` for a :mod:`twin.config.dut` backend model (not started yet); an
    adapter's own settings are checked here (:class:`twin.errors.InputError`)."""
    if backend.kind not in adapter_names():
        raise InputError(source, f"{where}.kind", f"one of {', '.join(adapter_names())} (an "
                         f"adapter built in or installed in the entry point group "
                         f"{ENTRY_POINT_GROUP}), got {backend.kind!r}")
    try:
        cls = adapter(backend.kind)
    except (Exception, SystemExit) as exc:  # a plugin that does not load: an ERROR verdict
        return BrokenDut(backend, f"{type(exc).__name__}: {exc}")
    config = cls.validate_config(backend, source, where)  # InputError: bad input, exit 2
    try:
        return cls.from_config(config, log_dir)
    except (Exception, SystemExit) as exc:
        return BrokenDut(backend, f"{type(exc).__name__} while opening: {exc}")


class BrokenDut(Dut):
    """Stands in for an adapter that could not be loaded or built: every request is
    ``error`` with why, so the run ends with a report and an ERROR verdict."""

    def __init__(self, backend: Any, why: str) -> None:
        super().__init__(timeout_ms=getattr(backend, "timeout_ms", 5000.0),
                         start_timeout_s=getattr(backend, "start_timeout_s", 30.0))
        self.kind = str(getattr(backend, "kind", "?"))
        self.why = why

    def _launch(self) -> None:
        raise DutFailure("error", self.why)

    def _exchange(self, request: DutRequest, deadline: float, events: Any
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        raise DutFailure("error", self.why)
