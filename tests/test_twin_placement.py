"""The twin models the router a real run uses: same decisions from the same queries and
latencies; a networked placement's modelled round trip is simulated inside the DUT call and
reported in the request's network stage, as a real run reports the proxy's measurement."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from latency_models.impairment import Impairment
from latency_models.network import PathRtt
from latency_models.stages import INFERENCE, NETWORK, SCHEDULING
from twin.assistant.placement import attribute_network, place
from twin.assistant.queries import load_queries
from twin.assistant.router import Router, RouterConfig
from twin.runner import run_scenario
from twin.scenario import scenario_from_dict
from twin.timings import Timings

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


def _timeline(net_leave: float, inf_arrival: float, inf_leave: float) -> Timings:
    """One request: capture 0-5, network 5-net_leave, then back to back up to inference."""
    bounds = [0.0, 5.0, net_leave, net_leave + 1.0, net_leave + 2.0, inf_arrival]
    arrival = np.array([bounds], dtype=float)
    leave = np.array([[5.0, net_leave, net_leave + 1.0, net_leave + 2.0, inf_leave,
                       inf_leave + 3.0]])
    return Timings(np.zeros(1), arrival, arrival.copy(), leave.copy(), leave,
                   np.zeros((1, 0), dtype=bool), "des")


def test_attribute_network_moves_the_round_trip_out_of_inference() -> None:
    t = _timeline(5.0, 7.0, 57.0)  # network slot empty; the DUT call (with network) 50 ms
    moved = attribute_network(t, np.array([20.0]))
    assert moved.stage_ms[0, NETWORK] == 20.0
    assert moved.stage_ms[0, INFERENCE] == 30.0
    assert moved.stage_ms[0, SCHEDULING] == t.stage_ms[0, SCHEDULING]
    assert moved.e2e_ms[0] == t.e2e_ms[0]  # nothing added or lost end to end
    assert moved.leave[0, INFERENCE] == t.leave[0, INFERENCE]
    # a request that left at the degrade deadline carries only what was on its path
    cut = attribute_network(t, np.array([80.0]))
    assert cut.stage_ms[0, NETWORK] == 50.0 and cut.stage_ms[0, INFERENCE] == 0.0
    same = attribute_network(t, np.array([0.0]))
    assert np.array_equal(same.stage_ms, t.stage_ms)


def test_modelled_network_stage_is_the_duts_network() -> None:
    result = run_scenario(scenario_from_dict(routed(), "s.toml"))
    report, t = result.report, result.timings
    routes = result.extra_columns["route"]
    edge = routes == "edge"
    assert edge.any() and (~edge).any()
    # 30 ms RTT: each edge request's network slot holds its round trip; others cross none
    assert (t.stage_ms[edge, NETWORK] > 29.0).all()
    assert (t.stage_ms[~edge, NETWORK] == 0.0).all()
    assert report["stages"]["network"]["mode"] == "modelled"
    assert report["dut_network"]["requests"] == int(edge.sum())
    assert report["stages"]["network"]["dut_network"] == report["dut_network"]
    assert set(result.extra_columns["network_source"][edge]) == {"modelled"}
    # the inference stage no longer holds it: the modelled call minus its network
    assert np.median(t.stage_ms[edge, INFERENCE]) < np.median(t.stage_ms[edge, NETWORK])
