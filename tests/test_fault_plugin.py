"""A fault kind is one module: tests/fault_kind_brownout.py, registered under the
``twin.faults`` entry-point group (as an installed plugin would be), is found by name,
configured from a scenario and run by ``twin run``."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import tomli_w

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = {
    "name": "brownout", "seed": 3, "requests": 200,
    "workload": {"kind": "poisson", "rate_per_s": 20}, "stages": {"profile": "ideal"},
}


def _plugin_path(tmp_path: Path) -> Path:
    """A dist-info folder: what ``pip install`` leaves for a package declaring the entry
    point ``brownout = "tests.fault_kind_brownout:BrownoutFault"``."""
    site = tmp_path / "site"
    dist = site / "brownout_plugin-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: brownout-plugin\n"
                                   "Version: 1.0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text(
        "[twin.faults]\nbrownout = tests.fault_kind_brownout:BrownoutFault\n",
        encoding="utf-8")
    return site


def _run(tmp_path: Path, name: str, faults: list[dict], site: Path | None) -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(tomli_w.dumps({**SCENARIO, "faults": faults}), encoding="utf-8")
    out = tmp_path / name
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        str(p) for p in (ROOT, site) if p is not None)}
    proc = subprocess.run([sys.executable, "-m", "cabin_twin", "run", str(path), "--out",
                           str(out)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode in (0, 1), proc.stderr
    assert "Traceback" not in proc.stderr and "warning: fault kind" not in proc.stderr
    return out


def _inference(out: Path) -> list[float]:
    with (out / "requests.csv").open(encoding="utf-8") as fh:
        return [float(r["inference_ms"]) for r in csv.DictReader(fh)]


def test_a_fault_kind_from_outside_the_package_is_found_configured_and_run(tmp_path):
    site = _plugin_path(tmp_path)
    fault = {"kind": "brownout", "start_ms": 2000, "duration_ms": 3000,
             "extra_ms_per_request": 40}
    with_fault = _run(tmp_path, "with", [fault], site)
    without = _run(tmp_path, "without", [], site)
    report = json.loads((with_fault / "report.json").read_text(encoding="utf-8"))
    entry = report["faults"][0]
    assert (entry["kind"], entry["stages"], entry["start_ms"]) == (
        "brownout", ["inference"], 2000.0)
    slower = [round(a - b, 6) for a, b in zip(_inference(with_fault), _inference(without),
                                                strict=True)]
    hit = [d for d in slower if d]
    assert entry["requests_hit"] == len(hit) > 0
    assert set(hit) == {40.0}  # the configured value reached the behaviour


def test_without_the_plugin_the_kind_is_an_unknown_kind(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(tomli_w.dumps({**SCENARIO, "faults": [{"kind": "brownout"}]}),
                    encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "cabin_twin", "run", str(path), "--out",
                           str(tmp_path / "o")], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2
    assert "faults[0].kind" in proc.stderr and "rtt_spike" in proc.stderr
