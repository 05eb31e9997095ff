"""The embedded default: a mixed run with the real model and the ci-virtual rig, in lockstep."""

from __future__ import annotations

import json

import can
import pytest

from cabin_twin.cli.main import main

pytestmark = pytest.mark.model


def test_default_run_binds_the_real_model_and_devices(tmp_path):
    status = main(["run", "--requests", "60", "--seed", "11", "--out", str(tmp_path)])
    # the embedded default passes by design: the degrade deadline (80 ms) caps the model's
    # paths, so even a slow machine meets p95 <= 100 ms; a FAIL here is a regression
    assert status == 0
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["verdict"] == "PASS", report["expectations"]
    modes = {s: report["stages"][s]["mode"] for s in report["stages"]}
    assert modes == {"capture": "modelled", "network": "modelled", "scheduling": "modelled",
                     "model_load": "real", "inference": "real", "render": "real"}
    lockstep = report["lockstep"]
    assert lockstep["stages"]["inference"]["calls"] == 60
    assert lockstep["stages"]["render"]["calls"] == 60
    assert abs(lockstep["sim_minus_measured_mean_ms"]) < 5.0
    llm = report["llm_real"]
    assert llm["calls"] >= 1  # the seed makes some requests fall back to the model
    assert llm["calls"] == round(60 * (1 - report["paths"]["rule"]))
    assert report["rig"]["safe_state"] and set(report["rig"]["safe_state"].values()) == {"ok"}
    assert len(list(can.LogReader(str(tmp_path / "can.blf")))) > 0
    assert (tmp_path / "report.html").exists()
