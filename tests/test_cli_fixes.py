"""CLI cases issue 12 found wrong: --seed 0 is a seed, --load-key takes the name --help offers."""

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
    status = main(["capacity", "smoke", "--load-key", "rate_per_s", "--requests", "40",
                   "--max-evals", "3", "--seed", "0", "--out", str(tmp_path)])
    assert status in (0, 1)
    result = json.loads((tmp_path / "capacity.json").read_text(encoding="utf-8"))
    assert result["load_name"] == "rate_per_s" and len(result["points"]) >= 1
