"""The real capture stage in lockstep: utterances played frame by frame through a real VAD,
the stage ended at the end-of-speech decision, the request's clock started at the true end of
speech; premature endpoints cut the request at the last word before the decision, missed ones
end at the timeout as failed captures; both are requests.csv outcomes and built-in
expectations; the audio faults come from the one fault registry."""

from __future__ import annotations

import copy
import csv
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hil.run_real import run_real
from latency_models.stages import STAGES
from tests.helpers import assert_verdict_apart_from_wall_clock
from twin.config.faults import FAULT_KINDS
from twin.errors import InputError
from twin.scenario import scenario_from_dict

pytestmark = pytest.mark.slow
REQUESTS = 6


def _raw(capture: dict[str, Any] | None = None, faults: list[dict[str, Any]] | None = None,
         **extra: Any) -> dict[str, Any]:
    return {"name": "cap", "seed": 4, "requests": REQUESTS,
            "workload": {"kind": "poisson", "rate_per_s": 3.0},
            "stages": {"profile": "ideal", "capture": {"mode": "real"}},
            "capture": {"vad": "webrtc", "min_silence_ms": 300, "frame_ms": 30,
                        **(capture or {})},
            "assistant": {"lang": "en"}, "faults": faults or [], **extra}


def _run(raw: dict[str, Any], out: Path) -> tuple[dict[str, Any], list[dict[str, str]]]:
    result = run_real(scenario_from_dict(raw, "cap.toml"), None, None, None, out)
    rows = [dict(zip(result.request_arrays().keys(), values, strict=True))
            for values in zip(*[np.asarray(v).tolist() for v in
                                result.request_arrays().values()], strict=True)]
    return result.report, rows


def _builtin(report: dict[str, Any], metric: str) -> dict[str, Any]:
    return next(e for e in report["expectations"] if e["metric"] == metric)


@pytest.fixture(scope="module")
def plain_run(tmp_path_factory: pytest.TempPathFactory
              ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``_run(_raw())`` once for the module (a real-time run of a few seconds): the clock test
    and the drift test's baseline assert different things on the same run."""
    return _run(_raw(), tmp_path_factory.mktemp("plain"))


def _plain(plain_run: tuple[dict[str, Any], list[dict[str, Any]]]
           ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return copy.deepcopy(plain_run)  # a test's changes never reach the other's


def test_capture_runs_real_and_starts_the_clock_at_the_end_of_speech(plain_run: Any) -> None:
    report, rows = _plain(plain_run)
    assert {s: report["stages"][s]["mode"] for s in STAGES} == {
        s: "real" if s == "capture" else "modelled" for s in STAGES}
    block = report["capture_real"]
    assert block["outcomes"] == {"ok": REQUESTS, "premature": 0, "timeout": 0}
    assert block["vad"]["name"] == "webrtc" and block["audio_set"]["clips"] >= 40
    # one real call per frame played: at least the speech plus the minimum silence
    assert report["lockstep"]["stages"]["capture"]["calls"] == block["frames"]
    assert block["frames"] >= REQUESTS * (300 / 30)
    for row in rows:
        assert row["capture_outcome"] == "ok"
        # the stage lasts from the true end of speech to the decision: at least the minimum
        # silence less one frame (the silence may start inside the frame the speech ended in)
        assert row["capture_ms"] == pytest.approx(row["capture_latency_ms"], abs=1e-6)
        assert row["capture_ms"] >= 300 - 30
        assert row["capture_heard"] == row["query"]
    e2e = np.array([r["e2e_ms"] for r in rows])
    assert np.all(e2e >= np.array([r["capture_ms"] for r in rows]))
    assert _builtin(report, "capture_real.premature_fraction")["passed"]
    assert _builtin(report, "capture_real.failed_fraction")["passed"]


def test_a_dropout_longer_than_the_minimum_silence_cuts_the_request(tmp_path: Path) -> None:
    dropout = {"kind": "mic_dropout", "at": 0.6, "length_ms": 900}
    # speech before the dropout is long enough to count (a short command's first 60 %)
    report, rows = _run(_raw({"min_speech_ms": 100}, [dropout]), tmp_path)
    assert report["capture_real"]["faults"] == {"mic_dropout": REQUESTS}
    early = [r for r in rows if r["capture_outcome"] == "premature"]
    assert report["capture_real"]["premature"] == len(early) >= REQUESTS // 2
    for row in rows:  # the assistant got what was heard
        assert row["query"] == row["capture_heard"]
    for row in early:  # the words before the decision: a proper prefix of what was said
        assert row["capture_latency_ms"] < 0 and row["capture_ms"] == 0.0
        said, heard = row["capture_text"].split(), row["capture_heard"].split()
        assert heard == said[: len(heard)] and len(heard) < len(said)
    for row in rows:  # a dropout over the end of speech: the request is whole
        if row["capture_outcome"] == "ok":
            assert row["capture_heard"] == row["capture_text"]
    entry = _builtin(report, "capture_real.premature_fraction")
    assert entry == {**entry, "value": round(len(early) / REQUESTS, 4), "passed": False,
                     "limit": {"max": 0.01}}


def test_noise_after_the_speech_keeps_the_vad_open_until_the_timeout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a clock that moves only when the lockstep waits (a VAD call takes no time): the
    decision lands on the first frame boundary at or after the timeout. On the wall clock a
    frame's VAD call lasts its wall time, a wait for a CPU included (at load 12 a request
    ended 42.8 ms past the timeout: no fixed bound holds there)."""
    from hil import binding
    from hil.lockstep import LockstepEnvironment
    from tests.test_lockstep import FakeClock

    monkeypatch.setattr(binding, "LockstepEnvironment", lambda: LockstepEnvironment(
        realtime=False, clock=FakeClock()))
    burst = {"kind": "noise_burst", "at": 1.0, "length_ms": 5000, "level_db": 0.0}
    raw = _raw({"timeout_ms": 1200, "aggressiveness": 0}, [burst])
    report, rows = _run(raw, tmp_path)
    assert report["capture_real"]["failed"] >= REQUESTS - 1
    timed_out = [r for r in rows if r["capture_outcome"] == "timeout"]
    for row in timed_out:
        assert 1200 - 1e-6 <= row["capture_ms"] < 1200 + 30, row  # the timeout, frame-aligned
        assert row["capture_heard"] == row["query"]  # the words were all said
    assert not _builtin(report, "capture_real.failed_fraction")["passed"]


def test_loosening_a_capture_limit_needs_a_reason_and_is_marked(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"capture: expected .*a 'reason'"):
        scenario_from_dict(_raw({"max_premature_fraction": 1.0}), "cap.toml")
    dropout = {"kind": "mic_dropout", "at": 0.6, "length_ms": 900}
    report, _ = _run(_raw({"max_premature_fraction": 1.0, "reason": "dropout drill",
                           "min_speech_ms": 100},
                          [dropout]), tmp_path)
    entry = _builtin(report, "capture_real.premature_fraction")
    assert entry["passed"] and entry["loosened"] == "dropout drill"


@pytest.mark.parametrize(("change", "key"), [
    ({"stages": {"profile": "ideal"}}, "capture"),
    ({"capture": {"frame_ms": 25}}, "capture.frame_ms"),
    ({"capture": {"vad": "energy"}}, "capture.vad"),
    ({"capture": {"min_silence_ms": -5}}, "capture.min_silence_ms"),
    ({"capture": {"hangover_ms": 5}}, "capture.hangover_ms"),
    ({"stages": {"profile": "ideal"}, "capture": None,
      "faults": [{"kind": "noise_burst"}]}, "faults[0].kind"),
])
def test_bad_capture_settings_are_one_line_naming_the_key(change: dict[str, Any],
                                                          key: str) -> None:
    raw = {**_raw(), **change}
    if raw.get("capture") is None:
        raw.pop("capture", None)
    with pytest.raises(InputError, match=re.escape(f"cap.toml: {key}: expected")):
        scenario_from_dict(raw, "cap.toml")


def test_the_audio_faults_are_in_the_one_registry() -> None:
    assert {k: FAULT_KINDS[k].domain for k in ("noise_burst", "mic_dropout", "clock_drift")} \
        == dict.fromkeys(("noise_burst", "mic_dropout", "clock_drift"), "audio")


def test_a_fast_audio_clock_makes_the_reader_fall_behind(tmp_path: Path, plain_run: Any
                                                        ) -> None:
    """A source 20 % fast: the reader (nominal rate) falls behind by a sixth of the audio it
    read (1 - 1/1.2), so the decision comes later than without drift, by about that much (half
    of it asserted: the two runs' pacing on a loaded machine differs by a few ms)."""
    _, rows = _plain(plain_run)
    drift = {"kind": "clock_drift", "ppm": 200_000}
    fast, drifted = _run(_raw(faults=[drift]), tmp_path / "fast")
    for a, b in zip(rows, drifted, strict=True):
        assert a["capture_clip"] == b["capture_clip"]
        assert b["capture_ms"] > a["capture_ms"] + 0.08 * a["capture_speech_ms"]
    assert fast["capture_real"]["faults"] == {"clock_drift": REQUESTS}


def test_the_requests_csv_has_the_capture_columns(tmp_path: Path) -> None:
    import tomli_w

    from cabin_twin.cli.main import main

    path = tmp_path / "cap.toml"
    path.write_text(tomli_w.dumps(_raw()), encoding="utf-8")
    status = main(["run", str(path), "--out", str(tmp_path / "out")])
    assert status in (0, 1)
    with (tmp_path / "out" / "requests.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == REQUESTS
    assert {r["capture_outcome"] for r in rows} == {"ok"}
    assert all(float(r["capture_latency_ms"]) > 0 and r["capture_clip"].endswith(".wav")
               for r in rows)


@pytest.mark.model
def test_the_shipped_capture_scenario_runs_four_stages_real(shared_run: Any) -> None:
    """capture, model_load, inference and render real (ci-virtual); report.json marks each.
    The run (`twin run capture_real --requests 12`) is shared with test_scenarios_cli.py's
    structural check (tests/conftest.py SHARED_RUNS)."""
    status, out = shared_run("capture_real")
    import json

    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert {s: report["stages"][s]["mode"] for s in STAGES} == {
        "capture": "real", "network": "modelled", "scheduling": "modelled",
        "model_load": "real", "inference": "real", "render": "real"}
    assert report["capture_real"]["vad"]["name"] == "silero"
    assert report["capture_real"]["outcomes"]["ok"] + report["capture_real"]["premature"] \
        + report["capture_real"]["failed"] == 12
    # the machine's speed decides only the latency expectations (BENCHMARKS.md)
    assert_verdict_apart_from_wall_clock(report, status)


def test_a_speculative_start_saves_the_rest_of_the_silence_and_counts_waste(
        tmp_path: Path) -> None:
    # a 250 ms dropout early in the utterance: longer than the early start, shorter than the
    # minimum silence: the speculative start it triggers is cancelled (wasted), nothing is cut
    dropout = {"kind": "mic_dropout", "at": 0.3, "length_ms": 250}
    capture = {"vad": "silero", "min_silence_ms": 500, "min_speech_ms": 100}
    base, plain = _run(_raw(capture, [dropout]), tmp_path / "plain")
    report, rows = _run(_raw({**capture, "early_ms": 150}, [dropout]), tmp_path / "early")
    block = report["capture_real"]
    assert base["capture_real"]["outcomes"] == {"ok": REQUESTS, "premature": 0, "timeout": 0}
    spec = block["speculative"]
    assert spec["early_ms"] == 150 and spec["confirmed_starts"] == REQUESTS
    assert spec["wasted_starts"] >= REQUESTS // 2  # the dropouts, heard as silence
    assert spec["saved_ms_p50"] == pytest.approx(500 - 150, abs=30)  # whole frames
    assert sum(r["capture_wasted"] for r in rows) == spec["wasted_starts"]
    for row, ref in zip(rows, plain, strict=True):
        # the rest of the request took as long as its own stages did (they ran after the
        # confirmation and were moved back to the early start)
        rest = sum(row[f"{s}_ms"] for s in STAGES[1:])
        assert row["e2e_ms"] - row["capture_ms"] == pytest.approx(rest, abs=0.01)
        if row["capture_outcome"] == "ok":  # it starts at the early decision, whole
            assert row["capture_heard"] == row["capture_text"]
            assert 150 - 30 <= row["capture_ms"] < 500 - 30
            assert row["capture_ms"] < ref["capture_ms"] - 250
        else:  # the confirmed silence began before the end: the early start cut it
            assert row["capture_outcome"] == "premature" and row["capture_ms"] == 0.0
    assert block["outcomes"]["ok"] >= REQUESTS - 1
