"""A calibration written by `twin calibrate` is a stage model a scenario can use."""

from __future__ import annotations

import numpy as np
import pytest

from hil.calibrate import _fidelity, stage_table
from latency_models.distributions import ShiftedLognormal, SplicedPareto
from latency_models.fitting import fit_samples
from tests.helpers import scenario
from twin.errors import InputError


def test_fitted_stage_table_round_trips_into_a_scenario(tmp_path):
    truth = SplicedPareto(ShiftedLognormal(3.0, 0.2, 5.0), 40.0, 0.06, 3.0)
    measured = truth.sample(np.random.default_rng(1), 3000)
    record = {"fit": fit_samples(measured).as_dict()}
    path = tmp_path / "inference.toml"
    path.write_text(stage_table(record))
    sc = scenario(stages={"profile": "ideal", "inference": {"calibrated": str(path)}})
    drawn = sc.stages["inference"].sample(np.random.default_rng(2), 20_000)
    for q in (50, 95, 99):
        assert np.percentile(drawn, q) == pytest.approx(np.percentile(measured, q), rel=0.06)


def test_fidelity_reports_relative_error_per_percentile():
    dist = ShiftedLognormal(3.0, 0.3, 0.0)
    measured = dist.sample(np.random.default_rng(3), 50_000) * 1.1  # 10 % slower than fitted
    fid = _fidelity(dist, measured)
    for q in ("p50", "p95", "p99"):
        assert fid[q]["rel_error"] == pytest.approx(-1 / 11, abs=0.01)


def test_missing_calibration_file_names_the_key(tmp_path):
    with pytest.raises(InputError) as err:
        scenario(stages={"inference": {"calibrated": str(tmp_path / "nope.toml")}})
    assert err.value.key == "stages.inference.calibrated"
