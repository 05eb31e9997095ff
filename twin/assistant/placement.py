"""The router in the twin: each fallback request placed on terminal, edge or cloud, as in a
real run.

The same :class:`~twin.assistant.router.Router` decides from the same query and history; it
then observes the modelled latency of the placement it chose (the request's inference draw,
plus, for a networked placement, the round trip its network model gives), in arrival order.
A networked request's round trip is simulated inside its inference stage, exactly where a real
run makes the DUT call (the proxy sits inside it, and the degrade deadline covers it); after the
run :func:`attribute_network` moves it into the request's ``network`` slot, in modelled and real
runs alike (a real run moves the proxy's measured time). Pure: no SimPy, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from latency_models.impairment import Impairment
from latency_models.stages import INFERENCE, MODEL_LOAD, NETWORK, SCHEDULING
from twin.assistant.levels import LevelMonitor
from twin.assistant.queries import LabelledQuery
from twin.assistant.router import ROUTES, Router, RouterConfig
from twin.timings import Timings

#: bytes each way of a fallback request (a chat request with 3 turns, and its JSON answer)
REQUEST_BYTES, ANSWER_BYTES = 1500, 400


@dataclass(frozen=True)
class Placements:
    routes: np.ndarray  # (n,) route per request; "" for requests that never reach the router
    network_ms: np.ndarray  # (n,) round trip added to the inference stage
    reasons: np.ndarray | None = None  # (n,) the router rule that decided ("" unrouted)


def place(queries: Sequence[LabelledQuery], llm: np.ndarray, inference_ms: np.ndarray,
          networks: dict[str, Impairment | None], config: RouterConfig,
          rng: np.random.Generator, monitor: LevelMonitor | None = None,
          arrivals_ms: np.ndarray | None = None) -> Placements:
    """Route every fallback request (``llm`` True) in order; requests the rules answer stay
    unrouted. ``networks`` maps ``edge``/``cloud`` (and ``terminal``, for a networked backend)
    to their network model (None: no impairment); a route missing from it falls back to the
    nearest configured one. With ``monitor``, the router reads the L1-L4 levels before each
    decision and the monitor is fed what each request took, as a real run does (stamped with
    ``arrivals_ms``; without them, closed loop, with the running sum of answer times)."""
    n = len(queries)
    configured = ["terminal", *[r for r in ("edge", "cloud") if r in networks]]
    round_trip = {}
    for route in configured:
        model = networks.get(route)
        if model is None:
            round_trip[route] = np.zeros(n)
        else:
            t = np.zeros(n)
            round_trip[route] = (model.one_way_ms(rng, t, np.full(n, REQUEST_BYTES))
                                 + model.one_way_ms(rng, t, np.full(n, ANSWER_BYTES)))
    router = Router(config)
    routes = np.full(n, "", dtype=object)
    reasons = np.full(n, "", dtype=object)
    network = np.zeros(n)
    clock = 0.0
    for i in np.flatnonzero(llm):
        q = queries[i]
        now = float(arrivals_ms[i]) if arrivals_ms is not None else clock
        levels = monitor.levels(now) if monitor is not None else None
        route = router.choose(q.text, q.history, levels)
        reasons[i] = router.reason
        if route not in configured:
            route = next(r for r in (route, "edge", "cloud", "terminal") if r in configured)
        routes[i] = route
        network[i] = round_trip[route][i]
        took = float(inference_ms[i] + network[i])
        router.observe(route, took)  # type: ignore[arg-type]
        clock = now + took
        if monitor is not None:
            observe(monitor, route, now, clock, took, float(inference_ms[i]),
                    network[i] if networks.get(route) is not None else None)
    return Placements(routes.astype(str), network, reasons.astype(str))


def observe(monitor: LevelMonitor, route: str, start_ms: float, end_ms: float,
            answer_ms: float, model_ms: float, network_ms: float | None) -> None:
    """What one routed request tells the L1-L4 monitor (the same in real and modelled runs):
    its answer time (L1); on the terminal, the local model's call time and busy span (L2, L3);
    through a network, its round trip (L4)."""
    monitor.observe_answer(end_ms, answer_ms)
    if route == "terminal":
        monitor.observe_llm(end_ms, model_ms)
        monitor.observe_busy(start_ms, end_ms)
    if network_ms is not None:
        monitor.observe_network(end_ms, network_ms)


def placement_report(routes: np.ndarray, answered_ms: np.ndarray,
                     reasons: np.ndarray | None = None) -> dict[str, Any]:
    """Placement share and latency per placement over the routed requests."""
    routed = routes != ""
    n = max(int(routed.sum()), 1)
    out: dict[str, Any] = {"share": {}, "latency": {}}
    for route in ROUTES:
        mask = routes == route
        values = answered_ms[mask]
        out["share"][route] = round(float(mask.sum()) / n, 4)
        out["latency"][route] = {"requests": int(mask.sum()), **{
            f"p{q}_ms": (round(float(np.percentile(values, q)), 3) if values.size else None)
            for q in (50, 95, 99)}}
    if reasons is not None:
        out["reasons"] = reason_counts(reasons[routed].tolist())
    return out


def reason_counts(reasons: Sequence[str]) -> dict[str, int]:
    """How many decisions each router rule made (``score``, ``p90``, ``l4_keep_local``...)."""
    out: dict[str, int] = {}
    for r in reasons:
        out[r] = out.get(r, 0) + 1
    return dict(sorted(out.items()))


def attribute_network(timings: Timings, network_ms: np.ndarray) -> Timings:
    """The timeline with each request's networked-DUT time in its ``network`` slot.

    A networked DUT's round trip happens inside the DUT call (the request leg, the DUT's work,
    the answer leg), which sits in the ``inference`` slot, where the degrade deadline covers it.
    The six-stage order puts ``network`` first, so after the run the time is moved: the
    ``network`` slot grows by the request's network time and ``scheduling``, ``model_load``
    and the inference stage's arrival shift by it, so ``inference`` keeps only the rest. End to
    end, queueing and when each request left inference are unchanged. Only network time spent
    before the request left inference is on its path (a request that degraded at the deadline
    while its answer was still on the wire carries the part up to the deadline). Real runs pass
    the proxy's measured time per request; modelled runs the drawn round trip. Pure.
    """
    net = np.nan_to_num(np.asarray(network_ms, dtype=float), nan=0.0, posinf=0.0)
    arrived = timings.stage_arrival[:, INFERENCE]
    room = np.nan_to_num(timings.leave[:, INFERENCE] - arrived, nan=0.0)
    shift = np.clip(np.minimum(net, room), 0.0, None)
    stage_arrival, start = timings.stage_arrival.copy(), timings.start.copy()
    end, leave = timings.end.copy(), timings.leave.copy()
    for k in (SCHEDULING, MODEL_LOAD):
        for a in (stage_arrival, start, end, leave):
            a[:, k] += shift
    end[:, NETWORK] += shift
    leave[:, NETWORK] += shift
    stage_arrival[:, INFERENCE] += shift
    start[:, INFERENCE] = np.minimum(start[:, INFERENCE] + shift, end[:, INFERENCE])
    return Timings(timings.arrival, stage_arrival, start, end, leave, timings.fault_hit,
                   timings.engine)
