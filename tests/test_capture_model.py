"""The capture endpointing model without audio: points fitted from outcomes, keyed by the VAD
settings, interpolated along the minimum silence (never extrapolated), drawn by a modelled
run whose premature endpoints cut the words; calibration files and run folders with one-line
errors."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import tomli_w

from hil.capture_calibrate import calibrate_capture, sample_from_folder, stage_table
from latency_models.capture import CaptureModel, NotCovered, fit_point
from latency_models.distributions import SpecError
from twin.capture_model import heard_share, prefix
from twin.errors import InputError
from twin.runner import run_scenario
from twin.scenario import scenario_from_dict

SETTINGS = {"vad": "silero", "threshold": 0.5, "aggressiveness": 2, "frame_ms": 30,
            "min_speech_ms": 250.0, "snr_db": 20.0, "timeout_ms": 3000.0,
            "audio": "generated"}
LAG = np.linspace(100.0, 180.0, 60)  # the VAD's lag behind the true end, a spread of values


def _point(min_silence: float, premature: int = 0, timeout: int = 0, **settings: Any):
    outcome = ["ok"] * LAG.size + ["premature"] * premature + ["timeout"] * timeout
    latency = [*(LAG + min_silence), *([-200.0] * premature), *([3010.0] * timeout)]
    heard = [1.0] * LAG.size + [0.5] * premature + [1.0] * timeout
    return fit_point({**SETTINGS, **settings}, min_silence, outcome, latency, heard)


def _model() -> CaptureModel:
    return CaptureModel((_point(100.0, premature=20), _point(300.0)))


def test_a_point_round_trips_through_its_spec() -> None:
    point = _point(300.0, premature=3, timeout=2)
    again = CaptureModel.from_spec(CaptureModel((point,)).to_spec()).points[0]
    assert again.counts == {"ok": 60, "premature": 3, "timeout": 2}
    assert again.key == point.key and again.min_silence_ms == 300.0
    assert again.ok_ms is not None and point.ok_ms is not None
    assert float(again.ok_ms.quantile(0.5)) == pytest.approx(float(point.ok_ms.quantile(0.5)))
    # the WebRTC mode is not Silero's key: a Silero point matches any aggressiveness
    assert again.key == _point(300.0, aggressiveness=0).key
    assert _point(300.0, vad="webrtc").key != _point(300.0, vad="webrtc", aggressiveness=0).key


def test_between_two_minimum_silences_the_model_interpolates() -> None:
    model = _model()
    exact = model.at(SETTINGS, 300.0)
    assert exact.shares == {"ok": 1.0, "premature": 0.0, "timeout": 0.0}
    mid = model.at(SETTINGS, 200.0)
    # shares linearly: 20 of 80 premature at 100 ms, none at 300 ms
    assert mid.shares["premature"] == pytest.approx(0.5 * 20 / 80)
    # latency quantiles move one for one with the minimum silence (decision = onset + it)
    draws = mid.sample(np.random.default_rng(1), 40_000)
    ok = draws.latency_ms[draws.outcome == "ok"]
    for q in (0.1, 0.5, 0.9):
        assert np.quantile(ok, q) == pytest.approx(np.quantile(LAG, q) + 200.0, rel=0.02)
    cut = draws.outcome == "premature"
    assert np.all(draws.latency_ms[cut] == -200.0) and np.all(draws.heard_fraction[cut] == 0.5)
    assert np.all(draws.stage_ms[cut] == 0.0)
    # deterministic by seed
    again = mid.sample(np.random.default_rng(1), 40_000)
    assert np.array_equal(draws.latency_ms, again.latency_ms)


def test_settings_the_calibration_never_measured_have_no_answer() -> None:
    model = _model()
    with pytest.raises(NotCovered, match=r"capture.min_silence_ms: .*100, 300 ms.*got 500"):
        model.at(SETTINGS, 500.0)
    with pytest.raises(NotCovered, match=r"capture.min_silence_ms"):
        model.at(SETTINGS, 50.0)
    with pytest.raises(NotCovered, match=r"^capture.snr_db: .*got .*snr_db=10"):
        model.at({**SETTINGS, "snr_db": 10.0}, 300.0)
    with pytest.raises(NotCovered, match=r"^capture.vad: "):
        model.at({**SETTINGS, "vad": "webrtc"}, 300.0)


@pytest.mark.parametrize(("change", "key"), [
    ({"surprise": 1}, "capture_model.points[0].surprise"),
    ({"outcomes": {"ok": -1}}, "capture_model.points[0].outcomes.ok"),
    ({"outcomes": {"ok": 0}}, "capture_model.points[0].outcomes"),
    ({"min_silence_ms": float("nan")}, "capture_model.points[0].min_silence_ms"),
    ({"vad": ""}, "capture_model.points[0].vad"),
    ({"premature_heard_fraction": {"dist": "empirical", "samples": [1.5]}},
     "capture_model.points[0].premature_heard_fraction"),
    ({"ok_ms": {"dist": "empirical", "samples": [-3.0]}}, "capture_model.points[0].ok_ms"),
])
def test_a_bad_point_names_its_key(change: dict[str, Any], key: str) -> None:
    spec = CaptureModel((_point(300.0, premature=1),)).to_spec()
    spec["points"][0].update(change)
    with pytest.raises(SpecError) as err:
        CaptureModel.from_spec(spec)
    assert err.value.key == key


def test_a_missing_distribution_and_a_duplicate_point_are_refused() -> None:
    spec = CaptureModel((_point(300.0, premature=1),)).to_spec()
    del spec["points"][0]["premature_early_ms"]
    with pytest.raises(SpecError, match="premature_early_ms: expected a distribution"):
        CaptureModel.from_spec(spec)
    twice = CaptureModel((_point(300.0), _point(300.0))).to_spec()
    with pytest.raises(SpecError, match=r"points\[1\]: expected one point per setting"):
        CaptureModel.from_spec(twice)


def test_a_cut_keeps_a_proper_prefix_of_words_or_characters() -> None:
    assert prefix("set the temperature to 22", 0.4) == "set the"
    assert prefix("turn on", 0.99) == "turn"  # premature: at least the last word is lost
    assert prefix("把空调调到26度", 0.5) == "把空调调"
    assert heard_share("set the temperature to 22", "set the") == pytest.approx(0.4)
    assert heard_share("把空调调到26度", "把空调") == pytest.approx(3 / 8)


def _calibration(tmp_path: Path, model: CaptureModel) -> Path:
    path = tmp_path / "capture.toml"
    record = {"model": model.to_spec()}
    path.write_text(stage_table(record, "test"), encoding="utf-8")
    return path


def _twin(path: Path, **capture: Any) -> dict[str, Any]:
    return {"name": "twin", "seed": 3, "requests": 400,
            "workload": {"kind": "poisson", "rate_per_s": 20.0},
            "stages": {"profile": "ideal", "capture": {"calibrated": str(path)}},
            "capture": {"vad": "silero", "snr_db": 20, **capture},
            "assistant": {"lang": "en"}}


def test_a_modelled_run_draws_endpoints_and_cuts_what_the_assistant_hears(
        tmp_path: Path) -> None:
    path = _calibration(tmp_path, _model())
    result = run_scenario(scenario_from_dict(_twin(path, min_silence_ms=100), "twin.toml"))
    block = result.report["capture_model"]
    assert block["requests"] == 400 and 0.15 < block["premature_fraction"] < 0.35
    assert block["latency_ms"]["p50_ms"] == pytest.approx(np.median(LAG) + 100, rel=0.03)
    cols = result.extra_columns
    arrays = result.request_arrays()
    cut = np.asarray(cols["capture_outcome"]) == "premature"
    assert np.all(np.asarray(arrays["capture_ms"])[cut] < 1e-3)
    plain = run_scenario(scenario_from_dict(_twin(path, min_silence_ms=300), "twin.toml"))
    said = np.asarray(plain.extra_columns["query"])  # the same seed: the same queries, whole
    assert plain.report["capture_model"]["premature"] == 0
    for full, heard in zip(said[cut], np.asarray(cols["query"])[cut], strict=True):
        assert full.split()[: len(heard.split())] == heard.split()
        assert len(heard.split()) < len(full.split())
    entry = next(e for e in result.report["expectations"]
                 if e["metric"] == "capture_model.premature_fraction")
    assert entry["builtin"] and not entry["passed"]
    fine = next(e for e in plain.report["expectations"]
                if e["metric"] == "capture_model.premature_fraction")
    assert fine["passed"]


def test_a_minimum_silence_outside_the_calibration_is_one_line(tmp_path: Path) -> None:
    path = _calibration(tmp_path, _model())
    scenario = scenario_from_dict(_twin(path, min_silence_ms=800), "twin.toml")
    with pytest.raises(InputError, match=r"twin.toml: capture.min_silence_ms: expected a "
                                         r"minimum silence within the calibrated ones"):
        run_scenario(scenario)


def test_capture_settings_need_a_real_or_a_calibrated_capture_stage(tmp_path: Path) -> None:
    raw = _twin(tmp_path / "x.toml")
    raw["stages"] = {"profile": "ideal"}
    with pytest.raises(InputError, match=r"capture: expected a real capture stage .* or one "
                                         r"calibrated from a file"):
        scenario_from_dict(raw, "twin.toml")


def test_a_bad_capture_model_in_a_calibration_file_names_file_and_key(tmp_path: Path) -> None:
    spec = _model().to_spec()
    spec["points"][1]["outcomes"]["ok"] = -4
    path = tmp_path / "capture.toml"
    path.write_text(tomli_w.dumps({"stages": {"capture": {"dist": "fixed", "value": 1.0}},
                                   "capture_model": spec}), encoding="utf-8")
    with pytest.raises(InputError, match=r"capture.toml: capture_model.points\[1\]."
                                         r"outcomes.ok: expected a count >= 0"):
        run_scenario(scenario_from_dict(_twin(path, min_silence_ms=300), "twin.toml"))


def _run_folder(tmp: Path, name: str, min_silence: float, rows: list[tuple[str, float]],
                settings: dict[str, Any] | None = None) -> Path:
    folder = tmp / name
    folder.mkdir()
    block = {"settings": {**SETTINGS, "min_silence_ms": min_silence}} if settings is None \
        else settings
    (folder / "report.json").write_text(json.dumps({"capture_real": block}))
    with (folder / "requests.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["request", "capture_outcome", "capture_latency_ms", "capture_text",
                    "capture_heard"])
        for i, (outcome, ms) in enumerate(rows):
            heard = "turn on" if outcome == "premature" else "turn on the fan"
            w.writerow([i, outcome, ms, "turn on the fan", heard])
    return folder


def test_runs_fitted_from_their_folders(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    rows = [("ok", float(v)) for v in 300 + rng.gamma(8, 15, 96)] + [("premature", -150.0)] * 4
    rng.shuffle(rows)  # type: ignore[arg-type]
    samples = [sample_from_folder(_run_folder(tmp_path, "a", 300, rows))]
    assert samples[0].heard[samples[0].outcome == "premature"].tolist() == [0.5] * 4
    record = calibrate_capture(samples)
    point = record["points"][0]
    assert point["outcomes"] == {"ok": 96, "premature": 4, "timeout": 0}
    check = point["held_back"]
    assert check["calibration"] == 75 and check["held_back"] == 25
    assert {"ok_p50", "ok_p95", "premature_share", "timeout_share"} <= set(check)
    assert record["passed"] is True and record["checks"] == 4
    twice = [samples[0], samples[0]]
    with pytest.raises(InputError, match="one run per setting and minimum silence"):
        calibrate_capture(twice)


@pytest.mark.parametrize(("args", "expected"), [
    (["--runs", "missing"], r"missing: --runs: expected a real capture run's output folder"),
    (["--runs", "{bad_csv}"], r"requests.csv: capture_latency_ms: expected numbers"),
    (["--runs", "{no_capture}"], r"report.json: capture_real: expected a run whose capture "),
    (["--runs", "{old}"], r"capture_real.settings: expected the settings of a real capture"),
    (["--min-silence", "5,300"], r"argument --min-silence: expected distinct minimum"),
    (["--min-silence", "300,300"], r"argument --min-silence: expected distinct minimum"),
    (["--runs", "{ok}", "--min-silence", "300"], r"--runs: runs: expected either --runs"),
])
def test_bad_calibrate_capture_input_is_one_line(tmp_path: Path, args: list[str],
                                                 expected: str) -> None:
    folders = {
        "bad_csv": _run_folder(tmp_path, "bad_csv", 300, [("ok", "soon")]),  # type: ignore[list-item]
        "no_capture": tmp_path / "no_capture",
        "old": _run_folder(tmp_path, "old", 300, [("ok", 400.0)], settings={"vad": {}}),
        "ok": _run_folder(tmp_path, "ok", 300, [("ok", 400.0)]),
    }
    folders["no_capture"].mkdir()
    (folders["no_capture"] / "report.json").write_text("{}")
    argv = [a.format(**folders) for a in args]
    done = subprocess.run([sys.executable, "-m", "cabin_twin.cli.main", "calibrate", "--stage",
                           "capture", "--out", str(tmp_path / "out"), *argv],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and re.search(expected, lines[0]), done.stderr


def test_capture_flags_need_the_capture_stage(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "cabin_twin.cli.main", "calibrate",
                           "--runs", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "--runs: stage: expected --stage capture" in done.stderr.strip()


def _endpoint(probs: list[float], **kw: Any) -> Any:
    from hil.capture.vad import Endpointer

    ep = Endpointer(0.5, 300.0, 30, 90.0, **kw)
    for p in probs:
        if ep.push(p):
            break
    return ep


def test_a_speculative_endpointer_starts_early_and_counts_the_starts_speech_cancelled() -> None:
    # speech 600 ms, a 180 ms pause, speech 300 ms, then silence
    probs = [0.0] * 3 + [0.9] * 20 + [0.1] * 6 + [0.9] * 10 + [0.1] * 20
    plain = _endpoint(probs)
    early = _endpoint(probs, early_ms=120)
    assert early.ended_at_ms == plain.ended_at_ms == (3 + 20 + 6 + 10) * 30 + 300
    assert early.cancelled == 1  # the pause: started at 120 ms of it, then speech
    assert early.early_at_ms == (3 + 20 + 6 + 10) * 30 + 120  # the confirmed start
    assert plain.early_at_ms is None and plain.cancelled == 0
    # a blip shorter than the minimum speech never starts anything
    blip = _endpoint([0.0] * 3 + [0.9] * 2 + [0.1] * 20, early_ms=120)
    assert blip.early_at_ms is None and blip.ended_at_ms is None
    # the hysteresis band continues a silence: no cancel
    band = _endpoint([0.9] * 10 + [0.1] * 5 + [0.4] * 2 + [0.1] * 10, early_ms=120)
    assert band.cancelled == 0 and band.early_at_ms == 10 * 30 + 120


def test_an_early_start_at_or_past_the_minimum_silence_is_refused(tmp_path: Path) -> None:
    raw = _twin(tmp_path / "x.toml", min_silence_ms=300, early_ms=300)
    with pytest.raises(InputError, match=r"capture: expected early_ms below min_silence_ms"):
        scenario_from_dict(raw, "twin.toml")


def test_a_speculative_point_draws_its_wasted_starts(tmp_path: Path) -> None:
    n = LAG.size
    wasted = [0] * (n // 2) + [1] * (n // 4) + [2] * (n - n // 2 - n // 4)
    point = fit_point({**SETTINGS, "early_ms": 120.0}, 300.0, ["ok"] * n, LAG + 120.0,
                      [1.0] * n, wasted)
    assert point.wasted_starts == (n // 2, n // 4, n - n // 2 - n // 4)
    model = CaptureModel.from_spec(CaptureModel((point,)).to_spec())
    with pytest.raises(NotCovered, match=r"^capture.early_ms"):  # speculation keys the model
        model.at(SETTINGS, 300.0)
    path = _calibration(tmp_path, model)
    result = run_scenario(scenario_from_dict(_twin(path, min_silence_ms=300, early_ms=120),
                                             "twin.toml"))
    drawn = np.asarray(result.extra_columns["capture_wasted"])
    assert np.mean(drawn) == pytest.approx(np.mean(wasted), abs=0.1)
    spec = result.report["capture_model"]["speculative"]
    assert spec["early_ms"] == 120 and spec["wasted_starts"] == int(drawn.sum())
    bad = CaptureModel((point,)).to_spec()
    bad["points"][0]["wasted_starts"] = [1, 2]
    with pytest.raises(SpecError, match=r"wasted_starts: expected a list of request counts"):
        CaptureModel.from_spec(bad)
