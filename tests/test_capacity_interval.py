"""The knee with an interval: each replication repeats the search on its own seed (common
random numbers within it), the knees' spread gives the interval, and every replication runs
the same loads for the curve's band. Checked against a latency whose knee per seed is known."""

from __future__ import annotations

import json
import math

from cabin_twin.cli.main import main
from twin.capacity import find_capacity, replicate_knee

BUDGET = 100.0
OFFSET = {11: -10.0, 12: 0.0, 13: 10.0, 14: 5.0}  # each seed shifts the whole curve


def latency(load: float, seed: int) -> float:
    """p95 grows 0.5 ms per unit of load from 50 ms; the seed shifts it: the knee of seed s
    is at (BUDGET - 50 - OFFSET[s]) / 0.5 exactly."""
    return 50.0 + 0.5 * load + OFFSET[seed]


def test_each_replication_finds_its_own_knee_and_the_interval_covers_them() -> None:
    base = find_capacity(lambda x: latency(x, 12), BUDGET, low=1, tolerance=1, integer=True)
    assert base.knee == 100.0
    seeds = [11, 12, 13, 14]
    rep = replicate_knee(latency, base, seeds, integer=True, low=1)
    assert rep["knee"]["per_replication"] == [120.0, 100.0, 80.0, 90.0]
    assert rep["knee"]["mean"] == 97.5
    assert 80.0 <= rep["knee"]["ci95_low"] < 97.5 < rep["knee"]["ci95_high"] <= 120.0
    loads = rep["loads"]
    assert loads[0] == 79.0 and loads[-1] == 121.0 and len(loads) == 5  # across the knees
    for point in rep["curve"]:  # the band: the mean over seeds, the seeds' spread around it
        values = [latency(point["load"], s) for s in seeds]
        assert point["values_ms"] == values
        assert math.isclose(point["mean_ms"], sum(values) / 4)
        assert min(values) <= point["ci95_low"] <= point["mean_ms"] <= point["ci95_high"]
    assert rep["knee"]["not_converged"] == []


def test_a_replication_whose_lowest_load_misses_is_named() -> None:
    base = find_capacity(lambda x: latency(x, 12), BUDGET, low=1, tolerance=1, integer=True)
    OFFSET[15] = 60.0  # 50 + 0.5 + 60 > 100 at the lowest load
    try:
        rep = replicate_knee(latency, base, [12, 15], integer=True, low=1)
    finally:
        del OFFSET[15]
    assert rep["knee"]["per_replication"][0] == 100.0
    assert math.isnan(rep["knee"]["per_replication"][1])
    assert rep["knee"]["not_converged"][0].startswith("replication 2: the lowest load 1")


def test_capacity_cli_writes_the_interval(tmp_path, capsys) -> None:
    code = main(["capacity", "commute_ideal", "--requests", "80", "--tolerance", "128",
                 "--max-evals", "12", "--replications", "2", "--out", str(tmp_path)])
    assert code == 0, capsys.readouterr().err
    result = json.loads((tmp_path / "capacity.json").read_text())
    rep = result["replicated"]
    assert rep["replications"] == 2 and len(rep["knee"]["per_replication"]) == 2
    assert len(rep["curve"]) == len(rep["loads"]) >= 2
    assert "95 % CI" in capsys.readouterr().err
