"""Capacity search against the exact M/M/c (Erlang C) response-time percentile."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from twin.capacity import (
    CapacityResult,
    erlang_c,
    find_capacity,
    make_evaluate,
    mmc_capacity,
    mmc_response_percentile,
    percentile_metric,
    write_capacity,
)
from twin.errors import InputError


def test_erlang_c_known_values() -> None:
    # M/M/1: P(wait) = rho; textbook M/M/2 with a = 1: C = 1/3
    assert math.isclose(erlang_c(1, 0.7), 0.7, rel_tol=1e-12)
    assert math.isclose(erlang_c(2, 1.0), 1.0 / 3.0, rel_tol=1e-12)
    assert erlang_c(3, 3.0) == 1.0


def test_mm1_percentile_is_exponential() -> None:
    # M/M/1 response time ~ Exp(mu - lambda): p95 = ln(20) / (mu - lambda)
    qps, service_ms = 30.0, 20.0  # mu = 0.05/ms, lambda = 0.03/ms
    expected = math.log(20.0) / (0.05 - 0.03)
    assert math.isclose(mmc_response_percentile(qps, service_ms, 1, 95), expected, rel_tol=1e-9)


def test_mmc_percentile_matches_monte_carlo() -> None:
    """Kiefer-Wolfowitz FCFS simulation of M/M/3 agrees with the formula within 3 %."""
    rng = np.random.default_rng(11)
    n, qps, service_ms, c = 150_000, 90.0, 20.0, 3
    arrivals = np.cumsum(rng.exponential(1000.0 / qps, n))
    service = rng.exponential(service_ms, n)
    free = [0.0] * c
    response = np.empty(n)
    for i in range(n):
        k = min(range(c), key=free.__getitem__)
        start = max(arrivals[i], free[k])
        free[k] = start + service[i]
        response[i] = free[k] - arrivals[i]
    simulated = float(np.percentile(response[n // 10 :], 95))
    assert simulated == pytest.approx(mmc_response_percentile(qps, service_ms, c, 95), rel=0.03)


@pytest.mark.parametrize(
    ("servers", "service_ms", "budget_ms"), [(1, 20.0, 100.0), (4, 25.0, 100.0), (8, 40.0, 150.0)]
)
def test_search_finds_analytic_knee(servers: int, service_ms: float, budget_ms: float) -> None:
    truth = mmc_capacity(service_ms, servers, 95.0, budget_ms)
    calls: list[float] = []

    def evaluate(qps: float) -> float:
        calls.append(qps)
        return mmc_response_percentile(qps, service_ms, servers, 95.0)

    result = find_capacity(evaluate, budget_ms, low=1.0, tolerance=0.5, max_evals=40)
    assert result.converged
    assert result.knee is not None and result.first_failing is not None
    assert result.knee <= truth <= result.first_failing
    assert truth - result.knee <= 0.5
    assert result.evaluations == len(set(calls)) <= 40
    assert result.monotone


def test_integer_users_and_eval_cap() -> None:
    def evaluate(users: float) -> float:
        assert users == int(users)
        return mmc_response_percentile(users / 30.0, 20.0, 1, 95.0)  # one request per 30 s

    truth = mmc_capacity(20.0, 1, 95.0, 100.0) * 30.0  # users at one request per 30 s
    full = find_capacity(evaluate, 100.0, low=10, integer=True, tolerance=1, load_name="users")
    assert full.knee is not None and full.knee <= truth < full.knee + 1
    capped = find_capacity(evaluate, 100.0, low=10, integer=True, tolerance=1, max_evals=5)
    assert not capped.converged and capped.evaluations == 5
    assert capped.knee is not None and capped.knee <= truth


def test_infeasible_and_non_monotone() -> None:
    nothing = find_capacity(lambda load: 500.0, 100.0, low=5.0)
    assert nothing.knee is None and nothing.evaluations == 1
    # a dip above the knee: reported, not hidden
    result = CapacityResult(
        10.0, 12.0, 100.0, 95.0, "qps", 1.0, 3, True, "", [(10, 90), (12, 120), (20, 80)]
    )
    assert not result.monotone


def test_write_capacity_json_and_png(tmp_path: Path) -> None:
    result = find_capacity(lambda q: mmc_response_percentile(q, 20.0, 2, 95.0), 100.0, low=1.0)
    json_path, png_path = write_capacity(result, tmp_path)
    data = json.loads(json_path.read_text())
    assert data["knee"] == result.knee and data["load_name"] == "qps"
    assert len(data["points"]) == result.evaluations
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


SEEDS_SEEN: list[int] = []


def mmc_point(raw: dict[str, Any], seed: int) -> dict[str, Any]:
    """A report-shaped point: e2e p95 of M/M/c at the scenario's QPS (analytic)."""
    SEEDS_SEEN.append(seed)
    qps = raw["workload"]["qps"]
    res = raw["resources"]["inference"]
    p95 = mmc_response_percentile(qps, res["service_ms"], res["capacity"], 95.0)
    return {"scenario": "mmc", "e2e": {"p95_ms": p95, "budget_ms": 100.0}}


def test_make_evaluate_plugs_a_point_function_into_the_search() -> None:
    raw = {
        "seed": 3,
        "workload": {"qps": 1.0},
        "resources": {"inference": {"capacity": 4, "service_ms": 25.0}},
    }
    SEEDS_SEEN.clear()
    evaluate = make_evaluate(raw, "workload.qps", mmc_point, seed=3, metric=percentile_metric(95))
    result = find_capacity(evaluate, 100.0, low=1.0, tolerance=0.5)
    truth = mmc_capacity(25.0, 4, 95.0, 100.0)
    assert result.knee is not None and 0 <= truth - result.knee <= 0.5
    assert set(SEEDS_SEEN) == {3}  # common random numbers: one seed at every load
    assert raw["workload"]["qps"] == 1.0  # the scenario dict is not mutated
    with pytest.raises(InputError, match=r"scenario: workload\.users: expected an existing"):
        make_evaluate(raw, "workload.users", mmc_point, seed=3)
    with pytest.raises(InputError, match=r"e2e\.p90_ms: expected a metric"):
        make_evaluate(raw, "workload.qps", mmc_point, seed=3, metric="e2e.p90_ms")(1.0)


def test_percentile_metric() -> None:
    assert percentile_metric(99) == "e2e.p99_ms"
    with pytest.raises(InputError, match="--percentile: 90: expected one of 50, 95, 99"):
        percentile_metric(90)
