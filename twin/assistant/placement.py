"""The router in the twin: each fallback request placed on terminal, edge or cloud, as in a
real run.

The same :class:`~twin.assistant.router.Router` decides from the same query and history; it
then observes the modelled latency of the placement it chose (the request's inference draw,
plus, for a networked placement, the round trip its network model gives), in arrival order.
A networked request's network time is counted inside its inference stage, exactly where a real
run measures it (the proxy sits inside the DUT call). Pure: no SimPy, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from latency_models.impairment import Impairment
from twin.assistant.queries import LabelledQuery
from twin.assistant.router import ROUTES, Router, RouterConfig

#: bytes each way of a fallback request (a chat request with 3 turns, and its JSON answer)
REQUEST_BYTES, ANSWER_BYTES = 1500, 400


@dataclass(frozen=True)
class Placements:
    routes: np.ndarray  # (n,) route per request; "" for requests that never reach the router
    network_ms: np.ndarray  # (n,) round trip added to the inference stage


def place(queries: Sequence[LabelledQuery], llm: np.ndarray, inference_ms: np.ndarray,
          networks: dict[str, Impairment | None], config: RouterConfig,
          rng: np.random.Generator) -> Placements:
    """Route every fallback request (``llm`` True) in order; requests the rules answer stay
    unrouted. ``networks`` maps ``edge``/``cloud`` to their network model (None: no
    impairment); a route missing from it falls back to the nearest configured one."""
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
    network = np.zeros(n)
    for i in np.flatnonzero(llm):
        q = queries[i]
        route = router.choose(q.text, q.history)
        if route not in configured:
            route = next(r for r in (route, "edge", "cloud", "terminal") if r in configured)
        routes[i] = route
        network[i] = round_trip[route][i]
        router.observe(route, float(inference_ms[i] + network[i]))  # type: ignore[arg-type]
    return Placements(routes.astype(str), network)


def placement_report(routes: np.ndarray, answered_ms: np.ndarray) -> dict[str, Any]:
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
    return out
