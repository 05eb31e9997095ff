"""`twin calibrate`: loaded-machine detection, render calibration on a rig, its file in a run."""

from __future__ import annotations

import json

import numpy as np
import pytest

from cabin_twin.cli.main import main
from hil.calibrate import machine_load
from tests.helpers import scenario
from twin.runner import run_scenario


def test_a_loaded_machine_is_detected_and_said():
    quiet = machine_load(np.full(100, 10.0) + np.arange(100) * 0.01, 0.1, 0.2)
    assert not quiet["loaded"] and quiet["warnings"] == []
    samples = np.concatenate([np.full(95, 10.0), np.full(5, 80.0)])  # 5 far outside the rest
    busy = machine_load(samples, 9.0, 12.0)
    assert busy["loaded"] and busy["outliers"] == 5
    assert any("load average 12.0" in w for w in busy["warnings"])


def test_render_calibration_writes_a_per_device_file_a_run_uses(tmp_path):
    status = main(["calibrate", "--stage", "render", "--rig", "ci-virtual", "--commands", "60",
                   "--out", str(tmp_path)])
    assert status in (0, 1)  # the verdict depends on the machine; the files do not
    record = json.loads((tmp_path / "calibration.json").read_text())
    assert record["commands"] == 60 and record["devices"]
    assert "warnings" in record["machine"]
    def render_p50(path):
        sc = scenario(requests=500, stages={"profile": "ideal",
                                            "render": {"calibrated": str(path)}})
        return run_scenario(sc).report["stages"]["render"]["p50_ms"]

    # the file's per-device models drive the run: ten times their base cost, ten times the p50
    text = (tmp_path / "render.toml").read_text()
    tenfold = tmp_path / "tenfold.toml"
    lines = [f"base_ms = {float(line.split('=')[1]) * 10}" if line.startswith("base_ms") else line
             for line in text.splitlines()]
    tenfold.write_text("\n".join(lines) + "\n")
    base, scaled = render_p50(tmp_path / "render.toml"), render_p50(tenfold)
    assert scaled / base == pytest.approx(10.0, rel=0.15)


def test_calibrate_refuses_an_unknown_stage(capsys):
    assert main(["calibrate", "--stage", "network"]) == 2
    assert "--stage" in capsys.readouterr().err
