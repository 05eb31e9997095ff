"""Open the scenario's DUT(s) for a real run, and close them on every exit path."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hil.dut import DutFailure, open_dut
from hil.dut.resolver import DutResolver
from twin.config.dut import AssistantDut


@contextlib.contextmanager
def open_resolver(config: AssistantDut, out: Path, seed: int) -> Iterator[Any]:
    """A started :class:`DutResolver` for ``config`` (a DUT that fails to start is not an
    error here: its requests record ``unavailable`` and degrade, and the verdict shows it)."""
    dut = open_dut(config.backend, out)
    resolver = DutResolver(dut)
    try:
        with contextlib.suppress(DutFailure):
            resolver.start()
        yield resolver
    finally:
        resolver.close()
