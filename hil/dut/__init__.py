"""Devices under test (DUTs): any assistant behind one contract, found by name.

:mod:`hil.dut.contract` defines the request, the events and the outcomes; each adapter is a
:class:`~hil.dut.contract.Dut` with a few hooks. :func:`open_dut` opens what a scenario's
``[assistant] backend`` (:mod:`twin.config.dut`) describes; the adapter is looked up by its
``kind`` in :data:`ADAPTERS` (``module:class``), so adding one is adding a line.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any

from hil.dut.contract import OUTCOMES, Dut, DutFailure, DutReply, DutRequest

__all__ = ["ADAPTERS", "OUTCOMES", "Dut", "DutFailure", "DutReply", "DutRequest", "open_dut"]

ADAPTERS: dict[str, str] = {
    "inprocess": "hil.dut.inprocess:InProcessDut",
    "shipped": "hil.dut.inprocess:InProcessDut",
    "worker": "hil.dut.worker:WorkerDut",
    "jsonl": "hil.dut.jsonl:JsonLinesDut",
    "http": "hil.dut.http:HttpDut",
}


def _adapter(kind: str) -> type[Dut]:
    module, _, name = ADAPTERS[kind].partition(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


def _shipped_options(backend: Any) -> dict[str, Any]:
    return {"model": backend.model, "threads": backend.threads}


def open_dut(backend: Any, log_dir: Path | None = None) -> Dut:
    """A :class:`Dut` for a :mod:`twin.config.dut` backend model (not started yet)."""
    common = {"timeout_ms": backend.timeout_ms, "start_timeout_s": backend.start_timeout_s}
    cls = _adapter(backend.kind)
    if backend.kind == "inprocess":
        return cls(backend.entry, backend.options, **common)  # type: ignore[call-arg]
    if backend.kind == "shipped":
        return cls("hil.dut.shipped:factory", _shipped_options(backend),  # type: ignore[call-arg]
                   **common)
    stderr = None if log_dir is None else log_dir / f"dut-{backend.kind}.log"
    if backend.kind == "worker":
        return cls(**_shipped_options(backend), **common)  # type: ignore[call-arg]
    if backend.kind == "jsonl":
        return cls(backend.command, cwd=backend.cwd, stderr_path=stderr,  # type: ignore[call-arg]
                   **common)
    if backend.kind == "http":
        key = os.environ.get(backend.api_key_env) if backend.api_key_env else None
        return cls(backend.url, model=backend.model,  # type: ignore[call-arg]
                   stream=backend.stream, response_format=backend.response_format,
                   max_tokens=backend.max_tokens, api_key=key, **common)
    raise DutFailure("unavailable", f"no adapter for kind {backend.kind!r}")
