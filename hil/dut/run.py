"""Open the scenario's DUT(s) for a real run (with a proxy in front of each networked one and
the router between them), and close them on every exit path."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from hil.dut import DutFailure, open_dut
from hil.dut.faults import FaultSchedule, dut_faults
from hil.dut.proxy import ImpairmentProxy
from hil.dut.resolver import DutResolver, Placement
from latency_models.distributions import SpecError
from latency_models.impairment import impairment_from_spec
from twin.assistant.queries import load_queries
from twin.assistant.router import Router
from twin.config.dut import AssistantDut
from twin.errors import InputError


def placement(backend: Any, out: Path, seed: int, where: str, source: str) -> Placement:
    """The DUT for ``backend``; an HTTP one with ``network`` goes through a new proxy."""
    network = getattr(backend, "network", None)
    if network is None:
        return Placement(open_dut(backend, out, source, where))
    try:
        impairment = impairment_from_spec(network.model_dump(), f"{where}.network")
    except SpecError as exc:
        raise InputError(source, exc.key, exc.expected) from None
    parts = urlsplit(backend.url)
    proxy = ImpairmentProxy((parts.hostname or "127.0.0.1", parts.port or 80), impairment, seed)
    url = urlunsplit((parts.scheme, f"127.0.0.1:{proxy.port}", parts.path, "", ""))
    try:
        dut = open_dut(backend.model_copy(update={"url": url}), out, source, where)
    except BaseException:
        proxy.close()
        raise
    return Placement(dut, proxy)


@contextlib.contextmanager
def open_resolver(config: AssistantDut, out: Path, seed: int,
                  source: str = "<scenario>", faults: Any = None) -> Iterator[Any]:
    """A started :class:`DutResolver` for ``config`` (a DUT that fails to start is not an
    error here: its requests record ``unavailable`` and degrade, and the verdict shows it)."""
    placements: dict[str, Placement] = {}
    resolver: DutResolver | None = None
    try:
        placements["terminal"] = placement(config.backend, out, seed, "assistant.backend",
                                           source)
        router = monitor = None
        if config.route is not None:
            for i, name in enumerate(("edge", "cloud"), start=1):
                backend = getattr(config.route, name)
                if backend is not None:
                    placements[name] = placement(backend, out, seed + i,
                                                 f"assistant.route.{name}", source)
            router = Router(config.route.router_config())
            # session start: score the labelled query texts now, not on their first decision
            router.warm(q.text for q in load_queries())
            monitor = config.route.monitor()
        resolver = DutResolver(placements, router, monitor=monitor)
        injections = dut_faults(faults)
        if injections:
            resolver.faults = FaultSchedule(injections)
        for p in placements.values():
            with contextlib.suppress(DutFailure):
                p.dut.start()
        yield resolver
    finally:
        if resolver is not None and resolver.faults is not None:
            resolver.faults.resume_all(placements)
        for p in placements.values():
            p.dut.close()
            if p.proxy is not None:
                p.proxy.close()
