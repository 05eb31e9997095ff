"""CLI edge cases: --seed 0 is a seed, --load-key takes the name --help offers."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from cabin_twin.cli.main import main
from twin.sweep import parse_varies, random_points


def _points(path: Path) -> list[float]:
    with path.open(encoding="utf-8") as fh:
        return sorted({float(row["workload.rate_per_s"]) for row in csv.DictReader(fh)})


def test_whatif_random_honours_seed_zero(tmp_path: Path) -> None:
    args = ["whatif", "smoke", "--vary", "workload.rate_per_s=range(5,60)", "--random", "2",
            "--replications", "1", "--executor", "serial", "--requests", "30"]
    assert main([*args, "--seed", "0", "--out", str(tmp_path / "zero")]) == 0
    drawn = sorted(float(p["workload.rate_per_s"]) for p in random_points(
        parse_varies(["workload.rate_per_s=range(5,60)"]), 2, 0))
    assert _points(tmp_path / "zero" / "whatif.csv") == drawn  # seed 0, not the scenario's


def test_capacity_takes_the_bare_load_key_help_offers(tmp_path: Path) -> None:
    status = main(["capacity", "handover_spikes", "--load-key", "rate_per_s", "--requests",
                   "40", "--max-evals", "3", "--seed", "0", "--out", str(tmp_path)])
    result = json.loads((tmp_path / "capacity.json").read_text(encoding="utf-8"))
    assert result["load_name"] == "rate_per_s" and len(result["points"]) >= 1
    # handover_spikes misses the 100 ms p95 even at 1 request/s: no knee, exit 1
    assert result["knee"] is None and status == 1


def test_capacity_exits_0_only_on_a_converged_knee(tmp_path: Path) -> None:
    common = ["capacity", "cold_start", "--requests", "300", "--seed", "0", "--tolerance", "4"]
    assert main([*common, "--out", str(tmp_path / "full")]) == 0
    full = json.loads((tmp_path / "full" / "capacity.json").read_text(encoding="utf-8"))
    assert full["converged"] and full["knee"] is not None
    # the same search cut short: a knee-so-far is not an answer
    assert main([*common, "--max-evals", "4", "--out", str(tmp_path / "cut")]) == 1
    cut = json.loads((tmp_path / "cut" / "capacity.json").read_text(encoding="utf-8"))
    assert not cut["converged"] and "max_evals" in cut["reason"]


def test_capacity_refuses_a_scenario_without_a_shared_resource(capsys, tmp_path) -> None:
    # smoke has no [resources]: latency cannot grow with load, the old search reported a
    # "knee" of 536,870,912 requests/s with converged false and exit 0
    assert main(["capacity", "smoke", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "smoke.toml: resources:" in err[0] and "no capacity knee" in err[0]
    assert not (tmp_path / "capacity.json").exists()
