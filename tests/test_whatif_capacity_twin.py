"""twin whatif / twin capacity on the real twin (the sweep machinery has its own tests)."""

from __future__ import annotations

import csv
import json
import subprocess
import sys

import pytest

from cabin_twin.cli.main import main
from twin.capacity import mmc_capacity
from twin.paths import PROJECT_ROOT

MMC = """
name = "mmc"
seed = 3
requests = 30000
[workload]
kind = "poisson"
rate_per_s = 10
[stages]
profile = "ideal"
capture = {dist = "fixed", value = 0.0}
network = {dist = "fixed", value = 0.0}
scheduling = {dist = "fixed", value = 0.0}
model_load = {dist = "fixed", value = 0.0}
render = {dist = "fixed", value = 0.0}
inference = {dist = "gamma", shape = 1.0, scale_ms = 40.0}
[resources]
inference = 2
"""


def test_capacity_finds_the_analytic_mmc_knee(tmp_path):
    """Exponential service (40 ms) on 2 slots, Poisson arrivals: an M/M/2 queue. The twin's
    simulated knee for p95 <= 150 ms matches Erlang C within 5 %."""
    scenario = tmp_path / "mmc.toml"
    scenario.write_text(MMC)
    assert main(["capacity", str(scenario), "--budget-ms", "150", "--tolerance", "0.25",
                 "--out", str(tmp_path / "o")]) == 0
    result = json.loads((tmp_path / "o" / "capacity.json").read_text())
    analytic = mmc_capacity(40.0, 2, 95.0, 150.0)
    assert result["knee"] == pytest.approx(analytic, rel=0.05)
    assert (tmp_path / "o" / "capacity.png").stat().st_size > 0
    html = (tmp_path / "o" / "report.html").read_text()
    assert f"KNEE: {result['knee']:.4g} rate_per_s" in html
    loads = html.split('<h2 id="loads">', 1)[1]  # the first search's table, after the band's
    assert loads.count("<tr>") == len(result["points"]) + 1  # header + every evaluated load
    assert "http://" not in html and "https://" not in html


def test_whatif_grid_with_replications_writes_csv_and_report(tmp_path):
    status = main(["whatif", "smoke", "--vary", "stages.inference.scale=1,3",
                   "--replications", "2", "--requests", "500", "--executor", "serial",
                   "--out", str(tmp_path)])
    assert status == 0
    rows = list(csv.DictReader((tmp_path / "whatif.csv").open()))
    assert [r["stages.inference.scale"] for r in rows] == ["1", "3"]
    slow, fast = float(rows[1]["e2e.p95_ms"]), float(rows[0]["e2e.p95_ms"])
    assert slow > fast
    assert float(rows[0]["e2e.p95_ms.ci95_low"]) <= fast <= float(rows[0]["e2e.p95_ms.ci95_high"])
    html = (tmp_path / "report.html").read_text()
    assert "what-if: smoke" in html and "http://" not in html and "https://" not in html


def test_whatif_varies_a_profile_stage_median_with_table_and_heatmap(tmp_path, capsys):
    status = main(["whatif", "smoke", "--vary", "stages.network.median=10,20,40",
                   "--replications", "2", "--requests", "400", "--executor", "serial",
                   "--out", str(tmp_path)])
    assert status == 0
    table = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in table[1:4]] == ["10", "20", "40"]
    p95 = [float(line.split()[4]) for line in table[1:4]]  # after "p50 [low, high]"
    assert p95[0] < p95[1] < p95[2]
    assert (tmp_path / "whatif_e2e_p95_ms.png").stat().st_size > 0
    rows = list(csv.DictReader((tmp_path / "whatif.csv").open()))
    assert all(int(r["seed"]) < 2**63 for r in rows)  # a replication's seed, not a mean


@pytest.mark.parametrize("vary", ["workload.rate_pr_s=1,2", "stages.inference.scale=", "=1,2",
                                  "stages.gpu.scale=1,2", "network.median_ms=10,20",
                                  "x=nan,inf", "x=range(1,1e12)", "x=range(1,2,1e-12)"])
def test_malformed_vary_is_one_line_exit_2(vary, tmp_path, monkeypatch, capfd):
    """Each bad ``--vary`` through ``main`` in this process (stderr read at the file
    descriptor); the entry point's exit status from a fresh process, the same for every value,
    is checked once below (a process start is ~1-3 s)."""
    monkeypatch.chdir(tmp_path)  # a run that got as far as writing would write here
    assert main(["whatif", "smoke", "--vary", vary, "--executor", "serial"]) == 2
    err = capfd.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def test_a_malformed_vary_exits_2_from_a_fresh_process():
    proc = subprocess.run([sys.executable, "-m", "cabin_twin", "whatif", "smoke", "--vary",
                           "workload.rate_pr_s=1,2", "--executor", "serial"],
                          capture_output=True, text=True, cwd=PROJECT_ROOT, timeout=120)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


def test_a_quantisation_sweep_shows_each_profiles_accuracy_beside_its_latency(tmp_path, capsys):
    """Varying model.quant: each row carries the profile's accuracy (the seed's figures: int2
    76 %, int4 89 %) next to its latency, with no interval (a profile figure is not measured
    over requests), and --metric picks the columns."""
    assert main(["whatif", "edge_network", "--vary", "model.quant=int2,int4",
                 "--replications", "2", "--requests", "300", "--executor", "serial",
                 "--out", str(tmp_path)]) == 0
    header, int2, int4 = capsys.readouterr().out.splitlines()[:3]
    assert "e2e.p95_ms [95% CI]" in header and " model.accuracy " in f"{header} "
    assert "model.accuracy [95% CI]" not in header
    assert int2.split()[0] == "int2" and "0.7600" in int2.split()
    assert int4.split()[0] == "int4" and "0.8900" in int4.split()
    rows = list(csv.DictReader((tmp_path / "whatif.csv").open()))
    assert [float(r["model.accuracy"]) for r in rows] == [0.76, 0.89]
    assert [float(r["model.first_token_p95_ms"]) for r in rows] == [18.0, 23.0]
    assert rows[0]["model.accuracy.ci95_low"] == rows[0]["model.accuracy.ci95_high"]
    assert main(["whatif", "edge_network", "--vary", "model.quant=int2,int4",
                 "--replications", "2", "--requests", "300", "--executor", "serial",
                 "--metric", "model.accuracy", "--metric", "stages.inference.p95_ms",
                 "--out", str(tmp_path / "m")]) == 0
    header = capsys.readouterr().out.splitlines()[0].split()
    assert header == ["model.quant", "model.accuracy", "stages.inference.p95_ms", "[95%", "CI]"]


def test_an_unknown_metric_is_refused_before_the_sweep(tmp_path, capsys):
    assert main(["whatif", "edge_network", "--vary", "model.quant=int2,int4",
                 "--requests", "200", "--executor", "serial", "--metric", "model.acuracy",
                 "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("twin: error: --metric: model.acuracy:")
    assert "model.accuracy" in err[-1] and not (tmp_path / "whatif.csv").exists()
