"""The capture model calibrated from a real capture run: fitted, then drawn by a modelled run
that must reproduce the measured endpoints (outcome shares and ok latency quantiles); and
``twin fidelity`` on a real capture stage, whose report has a capture row.

The real run plays eSpeak NG utterances in lockstep through WebRTC VAD, with audio faults on
a share of the requests so all three outcomes occur: microphone dropouts mid-utterance
(premature endpoints) and noise after the speech (missed endpoints, at a 1.2 s timeout)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hil.capture_calibrate import calibrate_capture, sample_from_columns, stage_table
from hil.fidelity import run_fidelity
from hil.fidelity_report import format_table
from hil.run_real import run_real
from latency_models.capture import CaptureModel
from twin.runner import RunResult, run_scenario
from twin.scenario import Scenario, scenario_from_dict

pytestmark = pytest.mark.slow
MEASURED = 80
MODELLED = 20_000
CAPTURE = {"vad": "webrtc", "aggressiveness": 0, "min_silence_ms": 300, "min_speech_ms": 100,
           "snr_db": 20, "timeout_ms": 1200}
FAULTS = [{"kind": "mic_dropout", "at": 0.6, "length_ms": 900, "probability": 0.25},
          {"kind": "noise_burst", "at": 1.0, "length_ms": 5000, "level_db": 0.0,
           "probability": 0.25}]


def _raw(**extra: Any) -> dict[str, Any]:
    return {"name": "capture_mix", "seed": 7, "requests": MEASURED,
            "workload": {"kind": "poisson", "rate_per_s": 6.0},
            "stages": {"profile": "ideal", "capture": {"mode": "real"}},
            "capture": dict(CAPTURE), "assistant": {"lang": "en"}, "faults": FAULTS, **extra}


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> RunResult:
    out = tmp_path_factory.mktemp("real")
    return run_real(scenario_from_dict(_raw(), "capture_mix.toml"), None, None, None, out)


def _modelled(calibration: Path, n: int) -> Scenario:
    raw = _raw(requests=n, faults=[])
    raw["workload"] = {"kind": "poisson", "rate_per_s": 50.0}
    raw["stages"] = {"profile": "ideal", "capture": {"calibrated": str(calibration)}}
    return scenario_from_dict(raw, "capture_twin.toml")


def test_a_calibration_from_a_real_capture_run_round_trips(real: RunResult,
                                                           tmp_path: Path) -> None:
    sample = sample_from_columns(real.report, real.extra_columns, "real run")
    counts = {o: int(np.count_nonzero(sample.outcome == o)) for o in ("ok", "premature",
                                                                       "timeout")}
    assert sum(counts.values()) == MEASURED and min(counts.values()) >= 5, counts
    record = calibrate_capture([sample])
    path = tmp_path / "capture.toml"
    path.write_text(stage_table(record, "test"), encoding="utf-8")
    twin = run_scenario(_modelled(path, MODELLED))
    block = twin.report["capture_model"]
    assert block["requests"] == MODELLED and block["model"]["from"][0]["requests"] == MEASURED
    # Outcome shares: the model's share is the measured one exactly (its counts), so a
    # modelled run's share is Binomial(M, p) / M: within 4 standard errors but for a chance
    # of 6e-5.
    for outcome, key in (("premature", "premature_fraction"), ("timeout", "failed_fraction")):
        p = counts[outcome] / MEASURED
        assert abs(block[key] - p) <= 4 * math.sqrt(p * (1 - p) / MODELLED), outcome
    # Ok latency: fit_samples keeps a parametric fit only when its p50/p95/p99 are within 5 %
    # of the measured ones (else the measured values themselves), so the model is within 5 %;
    # the modelled run's quantile from m draws adds Monte Carlo error, bounded (DKW, 1e-4) by
    # the model's own quantiles at q -/+ eps: the tolerance is 5 % plus that spread.
    fitted = CaptureModel.from_spec(record["model"]).points[0].ok_ms
    assert fitted is not None
    drawn = np.asarray(twin.extra_columns["capture_latency_ms"])[
        np.asarray(twin.extra_columns["capture_outcome"]) == "ok"]
    measured = sample.latency_ms[sample.outcome == "ok"]
    eps = math.sqrt(math.log(2 / 1e-4) / (2 * drawn.size))
    for q in (0.5, 0.95):
        spread = float(fitted.quantile(min(q + eps, 0.9999)) - fitted.quantile(q - eps))
        m = float(np.quantile(measured, q))
        assert abs(float(np.quantile(drawn, q)) - m) <= 0.05 * m + spread, q
    # the capture stage's time: the latency for ok and timeout requests, nothing for a cut one
    stage = np.asarray(twin.request_arrays()["capture_ms"])
    outcome = np.asarray(twin.extra_columns["capture_outcome"])
    assert np.all(stage[outcome == "premature"] < 1e-3)
    assert np.all(stage[outcome == "timeout"] >= 1200 - 1)


def test_fidelity_on_a_real_capture_stage_has_a_capture_row(tmp_path: Path) -> None:
    def runner(scenario: Scenario, seed: int, n: int) -> tuple[RunResult, list[Any]]:
        folder = tmp_path / f"real-{seed}"
        result = run_real(scenario, None, seed, n, folder)
        return result, list(result.calls)

    raw = _raw(requests=24)
    result = run_fidelity(scenario_from_dict(raw, "capture_mix.toml"), runner, tmp_path)
    rows = result.record["comparison"]["rows"]
    assert result.record["real_stages"] == ["capture"]
    row = rows["capture"]
    assert row["n_measured"] == row["n_predicted"] == 24
    assert set(row["endpoints"]) == {"premature", "timeout"}
    assert "[[capture_model.points]]" in Path(result.record["calibration"]).read_text()
    assert result.modelled.report["capture_model"]["requests"] == 24
    table = format_table(result.record)
    assert any(line.split()[:2] == ["capture", "24"] for line in table.splitlines())
