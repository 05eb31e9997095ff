"""DUTs in the bench's fallback slot: :class:`DutResolver` is an ``IntentResolver``.

The real run's inference stage calls ``resolve`` with the degrade budget as the deadline. With
one DUT every fallback request goes to it; with a route table the seed's router
(:class:`twin.assistant.router.Router`) picks ``terminal`` (the local DUT), ``edge`` or ``cloud``
(networked DUTs, each behind its own impairment proxy) per request, reading the live L1-L4
monitor (:mod:`twin.assistant.levels`) and each route's p90, both fed with what it measures
(wall-clock call times, the proxy's holds). Each call's outcome, route, network time, the
router's decision time and the rule that decided are recorded; a request whose DUT failed
(``timeout``, ``crashed``, ...) carries ``failed = True``, and the binding then gives the
policy no answer for it, so the policy takes its degrade path (the rule default at the
degrade deadline) and the run carries on.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hil.dut.contract import OUTCOMES, Dut, DutReply, DutRequest
from hil.dut.faults import FaultSchedule
from hil.dut.proxy import ImpairmentProxy, carried_by, network_ms
from hil.dut.stream import PacedRelease, Sink, streaming_report
from twin.assistant.levels import LevelMonitor, Levels
from twin.assistant.pacer import StreamPacer
from twin.assistant.placement import observe, reason_counts
from twin.assistant.resolver import ResolverResult, Turn
from twin.assistant.router import ROUTES, Router


@dataclass
class DutResult(ResolverResult):
    """A resolver result that remembers the DUT's reply, route and network time."""

    outcome: str = "ok"
    route: str = "terminal"
    reply: DutReply | None = None
    network_ms: float | None = None
    decision_us: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)
    reason: str = ""  # the router rule that placed it
    alarms: tuple[str, ...] = ()  # the monitor's levels in alarm when it was placed

    @property
    def failed(self) -> bool:
        return self.outcome != "ok"


@dataclass
class Placement:
    """A route's DUT and, for a networked one, the proxy in front of it."""

    dut: Dut
    proxy: ImpairmentProxy | None = None


def to_result(reply: DutReply, route: str = "terminal", net: float | None = None,
              decision_us: float = 0.0) -> DutResult:
    timings = {f"dut_{k}": v for k, v in reply.dut_timings.items()}
    timings["total_ms"] = reply.ms
    timings["abandoned"] = float(reply.outcome == "timeout")
    if net is not None:
        timings["network_ms"] = net
    return DutResult(reply.raw, reply.ms, timings, reply.outcome, route, reply, net,
                     decision_us)


class DutResolver:
    """Fallback requests to one DUT, or routed between terminal, edge and cloud DUTs."""

    def __init__(self, placements: dict[str, Placement], router: Router | None = None,
                 session: str = "bench", monitor: LevelMonitor | None = None) -> None:
        if "terminal" not in placements and len(placements) != 1:
            raise ValueError("a route table needs a terminal DUT")
        self.placements = placements
        self.router = router if len(placements) > 1 else None
        #: the live L1-L4 monitor the router reads (fed with what each call measured)
        self.monitor = monitor if self.router is not None else None
        self._t0 = time.perf_counter()
        #: the router's decisions in thread CPU time (the wall time also holds GIL waits)
        self.decision_cpu_us: list[float] = []
        self.session = session
        self._ids = itertools.count()
        self.pacer = StreamPacer()
        self.stream_sink: Sink | None = None  # set by the run when a rig has an HMI
        self.releases: list[PacedRelease] = []
        self.faults: FaultSchedule | None = None  # [[faults]] dut_* of the scenario
        #: the router, monitor, fault schedule and stream list are shared by concurrent calls
        self._shared = threading.Lock()

    @property
    def dut(self) -> Dut:
        return next(iter(self.placements.values())).dut

    @property
    def concurrency(self) -> int:
        """Requests in flight at once over every placement (each DUT bounds its own)."""
        return sum(p.dut.concurrency for p in self.placements.values())

    def start(self) -> None:
        for placement in self.placements.values():
            placement.dut.start()

    def prepare(self, query: str, history: list[Turn]) -> dict[str, int]:
        """``model_load`` belongs to the DUT: nothing for the bench to prepare."""
        return {}

    def now_ms(self) -> float:
        """The monitor's clock: wall ms since the resolver was made."""
        return (time.perf_counter() - self._t0) * 1000.0

    def _route(self, query: str, history: list[Turn]) -> tuple[str, float, Levels | None]:
        if self.router is None:
            return next(iter(self.placements)), 0.0, None
        c0, t0 = time.thread_time_ns(), time.perf_counter()
        levels = (self.monitor.levels((t0 - self._t0) * 1000.0)
                  if self.monitor is not None else None)
        route: str = self.router.choose(query, history, levels)
        if route not in self.placements:  # an unconfigured route: the nearest one that is
            route = next(r for r in (route, "edge", "cloud", "terminal") if r in self.placements)
        wall_us = (time.perf_counter() - t0) * 1e6
        self.decision_cpu_us.append((time.thread_time_ns() - c0) / 1000.0)
        return route, wall_us, levels

    def resolve(self, query: str, history: list[Turn], lang: str,
                deadline_ms: float | None = None) -> DutResult:
        with self._shared:
            route, decision_us, levels = self._route(query, history)
            placement = self.placements[route]
            request = DutRequest(next(self._ids), query, lang, self.session, tuple(history))
            if self.faults is not None:
                self.faults.before(route, placement)
        started = self.now_ms()
        mark = placement.proxy.mark() if placement.proxy is not None else 0
        release = PacedRelease(self.pacer, self.stream_sink)
        reply = placement.dut.ask(request, deadline_ms, release.on_event)
        release.end()  # the release thread plays the rest out on its own
        net = None  # a request none of whose bytes crossed the proxy has no network time
        if placement.proxy is not None:  # its own bytes, not those of another in flight
            mine = carried_by(placement.proxy.since(mark),
                              placement.dut.connections(request.id))
            net = network_ms(mine) if mine else None
        result = to_result(reply, route, net, decision_us)
        result.extra["request_id"] = request.id  # the DUT log's "bench: request N" lines
        with self._shared:
            if release.arrivals:
                self.releases.append(release)
            if self.router is not None:
                self.router.observe(route, reply.ms)  # type: ignore[arg-type]
                result.reason = self.router.reason
                result.alarms = levels.alarms if levels is not None else ()
            if self.monitor is not None:
                model_ms = reply.ms - (net or 0.0)
                observe(self.monitor, route, started, self.now_ms(), reply.ms, model_ms, net)
        return result

    def close(self) -> None:
        for release in self.releases:
            release.join(5.0)  # bounded: a paced stream plays out in seconds
        if self.faults is not None:
            self.faults.resume_all(self.placements)
        for placement in self.placements.values():
            placement.dut.close()
            if placement.proxy is not None:
                placement.proxy.close()

    def report(self, calls: dict[int, ResolverResult],
               paths: dict[int, str] | None = None) -> dict[str, Any]:
        out = dut_report(calls, {r: p.dut for r, p in self.placements.items()}, paths)
        proxies = {r: p.proxy for r, p in self.placements.items() if p.proxy is not None}
        if proxies:
            out["proxy"] = {r: proxy_report(p) for r, p in proxies.items()}
        if self.router is not None:
            out["router"] = router_report(calls)
            out["router"]["decision_cpu"] = {
                **_ms(self.decision_cpu_us, "us", 2),
                "note": "thread CPU time of the same decisions; the wall-clock 'decision' "
                        "also holds waits for the GIL (pacing, proxy and stream threads)"}
        if self.faults is not None:
            out["faults_injected"] = self.faults.report()
        if self.releases:
            for release in self.releases:
                release.join(5.0)
            out["streaming"] = streaming_report(self.releases, self.pacer)
        return out


def _ms(values: list[float], unit: str = "ms", digits: int = 3) -> dict[str, float | None]:
    if not values:
        return {f"p{q}_{unit}": None for q in (50, 95, 99)}
    arr = np.asarray(values)
    return {f"p{q}_{unit}": round(float(np.percentile(arr, q)), digits) for q in (50, 95, 99)}


#: distinct failure messages kept in the report (the most frequent first)
TOP_ERRORS = 5


def dut_report(calls: dict[int, ResolverResult], duts: dict[str, Dut],
               paths: dict[int, str] | None = None) -> dict[str, Any]:
    """``report.json`` ``dut``: outcomes per request, the most frequent failure messages
    (an HTTP error's status and body), what the safety valve did with the answers, latency,
    time to first event, starts, and the measured network time of networked DUTs."""
    results = [c for c in calls.values() if isinstance(c, DutResult)]
    outcomes = {o: sum(r.outcome == o for r in results) for o in OUTCOMES}
    errors = Counter((r.outcome, r.reply.error) for r in results
                     if r.outcome != "ok" and r.reply is not None)
    ok = [r.ms for r in results if r.outcome == "ok"]
    acks = [a for r in results if r.reply is not None
            if (a := r.reply.first("ack")) is not None]
    nets = [r.network_ms for r in results if r.network_ms is not None]
    out: dict[str, Any] = {
        "backends": {route: dut.kind for route, dut in duts.items()},
        "requests": len(results),
        "outcomes": outcomes,
        "failed": len(results) - outcomes["ok"],
        "answered": outcomes["ok"] + outcomes["degraded"],
        "errors": [{"outcome": o, "count": n, "error": e}
                   for (o, e), n in errors.most_common(TOP_ERRORS)],
        "answer_ok": _ms(ok),
        "first_ack": _ms(acks),
        "starts": {route: dut.starts for route, dut in duts.items()},
        "concurrency": {route: dut.concurrency for route, dut in duts.items()},
    }
    if paths is not None:  # the answers in time, and what the safety valve did with them
        in_time = [i for i, c in calls.items() if getattr(c, "outcome", "") == "ok"]
        out["valve"] = {"accepted": sum(paths.get(i) == "llm" for i in in_time),
                        "rejected": sum(paths.get(i) == "valve" for i in in_time)}
    notes = {route: dut.format_note for route, dut in duts.items()
             if getattr(dut, "format_note", "")}
    if notes:
        out["response_format"] = {route: {"used": duts[route].format_used,  # type: ignore[attr-defined]
                                          "note": note} for route, note in notes.items()}
    if nets:
        out["network_real"] = {
            "requests": len(nets), **_ms(nets),
            "note": "held by the impairment proxy (upload + answer), measured per request; "
                    "on the timeline it is the request's network stage (moved out of the DUT "
                    "call in inference after the run)"}
    return out


def proxy_report(proxy: ImpairmentProxy) -> dict[str, Any]:
    """What the proxy applied: planned and applied holds per chunk, and its send lateness."""
    chunks = list(proxy.chunks)
    late = [c.late_ms for c in chunks if c.late_ms == c.late_ms]
    return {"chunks": len(chunks),
            "planned": _ms([c.planned_ms for c in chunks]),
            "applied": _ms([c.applied_ms for c in chunks]),
            "send_late": _ms(late)}


def router_report(calls: dict[int, ResolverResult]) -> dict[str, Any]:
    """Placement share, latency per placement and the router's decision time."""
    results = [c for c in calls.values() if isinstance(c, DutResult)]
    n = max(len(results), 1)
    out: dict[str, Any] = {"share": {}, "latency": {}}
    for route in ROUTES:
        mine = [r for r in results if r.route == route]
        out["share"][route] = round(len(mine) / n, 4)
        out["latency"][route] = {"requests": len(mine), **_ms([r.ms for r in mine]),
                                 "failed": sum(r.failed for r in mine)}
    out["decision"] = _ms([r.decision_us for r in results], "us", 2)
    out["reasons"] = reason_counts([r.reason for r in results if r.reason])
    out["alarms"] = reason_counts([a for r in results for a in r.alarms])
    return out
