"""A DUT in the bench's fallback slot: :class:`DutResolver` is an ``IntentResolver``.

The real run's inference stage calls ``resolve`` with the degrade budget as the deadline. Each
call's outcome is recorded; a request whose DUT failed (``timeout``, ``crashed``, ...) carries
``failed = True``, and the binding then gives the policy no answer for it, so the policy takes
its degrade path (the rule default at the degrade deadline) and the run carries on.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hil.dut.contract import OUTCOMES, Dut, DutReply, DutRequest
from twin.assistant.resolver import ResolverResult, Turn


@dataclass
class DutResult(ResolverResult):
    """A resolver result that remembers the DUT's reply."""

    outcome: str = "ok"
    route: str = "terminal"
    reply: DutReply | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def failed(self) -> bool:
        return self.outcome != "ok"


def to_result(reply: DutReply, route: str = "terminal") -> DutResult:
    timings = {f"dut_{k}": v for k, v in reply.dut_timings.items()}
    timings["total_ms"] = reply.ms
    timings["abandoned"] = float(reply.outcome == "timeout")
    return DutResult(reply.raw, reply.ms, timings, reply.outcome, route, reply)


class DutResolver:
    """One DUT answers every fallback request."""

    def __init__(self, dut: Dut, session: str = "bench") -> None:
        self.dut = dut
        self.session = session
        self._ids = itertools.count()

    def start(self) -> None:
        self.dut.start()

    def prepare(self, query: str, history: list[Turn]) -> dict[str, int]:
        """``model_load`` belongs to the DUT: nothing for the bench to prepare."""
        return {}

    def resolve(self, query: str, history: list[Turn], lang: str,
                deadline_ms: float | None = None) -> DutResult:
        request = DutRequest(next(self._ids), query, lang, self.session, tuple(history))
        return to_result(self.dut.ask(request, deadline_ms))

    def close(self) -> None:
        self.dut.close()

    def report(self, calls: dict[int, ResolverResult]) -> dict[str, Any]:
        return dut_report(calls, {"terminal": self.dut})


def _ms(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50_ms": None, "p95_ms": None, "p99_ms": None}
    arr = np.asarray(values)
    return {f"p{q}_ms": round(float(np.percentile(arr, q)), 3) for q in (50, 95, 99)}


def dut_report(calls: dict[int, ResolverResult], duts: dict[str, Dut]) -> dict[str, Any]:
    """``report.json`` ``dut``: outcomes per request, latency, time to first event, starts."""
    results = [c for c in calls.values() if isinstance(c, DutResult)]
    outcomes = {o: sum(r.outcome == o for r in results) for o in OUTCOMES}
    ok = [r.ms for r in results if r.outcome == "ok"]
    acks = [a for r in results if r.reply is not None
            if (a := r.reply.first("ack")) is not None]
    return {
        "backends": {route: dut.kind for route, dut in duts.items()},
        "requests": len(results),
        "outcomes": outcomes,
        "failed": len(results) - outcomes["ok"],
        "answer_ok": _ms(ok),
        "first_ack": _ms(acks),
        "starts": {route: dut.starts for route, dut in duts.items()},
    }
