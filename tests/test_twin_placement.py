"""The twin models the router a real run uses: same decisions from the same queries and
latencies; networked placements add their modelled round trip to the inference stage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from latency_models.impairment import Impairment
from latency_models.network import PathRtt
from twin.assistant.placement import place
from twin.assistant.queries import load_queries
from twin.assistant.router import Router, RouterConfig
from twin.runner import run_scenario
from twin.scenario import scenario_from_dict

ROOT = Path(__file__).resolve().parent.parent
QUERIES = str(ROOT / "tests" / "data" / "dut_fallback_queries.jsonl")


def routed(seed: int = 3) -> dict[str, Any]:
    return {
        "name": "routed", "seed": seed, "requests": 300,
        "workload": {"kind": "poisson", "rate_per_s": 20},
        "stages": {"profile": "ideal"},
        "assistant": {"lang": "en", "queries": QUERIES, "route": {
            "terminal_max_score": 1.0,
            "edge": {"kind": "http", "url": "http://127.0.0.1:9/v1",
                     "network": {"rtt": {"base_ms": 30.0}}},
        }},
    }


def test_place_makes_the_routers_own_decisions() -> None:
    queries = load_queries()[:60]
    llm = np.ones(len(queries), dtype=bool)
    inference = np.linspace(5.0, 90.0, len(queries))
    config = RouterConfig()
    placed = place(queries, llm, inference, {"edge": None, "cloud": None}, config,
                   np.random.default_rng(0))
    router = Router(config)
    expected = []
    for q, ms in zip(queries, inference, strict=True):
        route = router.choose(q.text, q.history)
        router.observe(route, float(ms))
        expected.append(route)
    assert placed.routes.tolist() == expected
    assert not placed.network_ms.any()  # no network model: nothing added


def test_modelled_run_reports_placements_and_adds_the_network() -> None:
    report = run_scenario(scenario_from_dict(routed(), "s.toml")).report
    router = report["router_modelled"]
    assert abs(sum(router["share"].values()) - 1.0) < 1e-3
    assert router["share"]["edge"] > 0 and router["share"]["terminal"] > 0
    assert router["share"]["cloud"] == 0.0  # no cloud configured: never placed there
    # a 30 ms RTT each way round: an edge answer is at least 30 ms later than its inference
    assert router["latency"]["edge"]["p50_ms"] > router["latency"]["terminal"]["p50_ms"] + 25
    again = run_scenario(scenario_from_dict(routed(), "s.toml")).report
    assert again["router_modelled"] == router  # deterministic by seed


def test_no_route_no_router() -> None:
    raw = routed()
    del raw["assistant"]["route"]
    assert "router_modelled" not in run_scenario(scenario_from_dict(raw, "s.toml")).report


def test_impairment_round_trip_is_two_one_way_holds() -> None:
    model = Impairment(PathRtt(30.0))
    one_way = model.one_way_ms(np.random.default_rng(0), np.zeros(1), np.array([1500]))[0]
    assert abs(one_way - (15.0 + 1500 * 8 / 50_000)) < 1e-9
