"""Streaming pacing in render: a streamed DUT answer is released at the seed's pace (first 3
pieces as they arrive, then one per 120 ms), never early, in order, to the sink (the HMI)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hil.dut.contract import DutEvent
from hil.dut.stream import PacedRelease, streaming_report
from twin.assistant.pacer import StreamPacer

ROOT = Path(__file__).resolve().parent.parent


def test_release_follows_the_pacer_rule_and_never_goes_early() -> None:
    sent: list[tuple[int, str]] = []
    release = PacedRelease(StreamPacer(), lambda i, text: sent.append((i, text)))
    arrivals = [1.0, 2.0, 3.0, 4.0, 5.0, 300.0]
    for k, t in enumerate(arrivals):
        release.on_event(DutEvent("chunk", t, f"w{k}"))
    release.on_event(DutEvent("answer", 6.0))  # not a piece: ignored
    release.join(10.0)
    # the twin's pacer gives the same schedule: one rule, modelled and real
    assert release.planned == list(StreamPacer().pace(arrivals).emit_ms)
    assert release.planned == [1.0, 2.0, 3.0, 123.0, 243.0, 363.0]
    assert sent == [(k, f"w{k}") for k in range(6)]
    assert all(a >= p for a, p in zip(release.actual, release.planned, strict=True))
    report = streaming_report([release], StreamPacer())
    assert report["streams"] == 1 and report["chunks"] == 6
    assert report["streams_with_violations"] == 0


def test_a_starved_stream_is_flagged() -> None:
    release = PacedRelease(StreamPacer())
    for k, t in enumerate([1.0, 2.0, 3.0, 200.0]):
        release.on_event(DutEvent("chunk", t, str(k)))
    release.join(10.0)
    assert release.violations() == ("token 3: gap 197.0 ms > 140",)


@pytest.mark.slow
def test_streamed_answers_go_to_the_hmi_paced(tmp_path: Path) -> None:
    from hil.run_real import run_real
    from twin.scenario import scenario_from_dict

    raw = {
        "name": "stream", "seed": 3, "requests": 4,
        "workload": {"kind": "poisson", "rate_per_s": 5},
        "stages": {"profile": "ideal"},
        "assistant": {"lang": "en",
                      "queries": str(ROOT / "tests" / "data" / "dut_fallback_queries.jsonl"),
                      "backend": {"kind": "jsonl", "command": [
                          sys.executable, str(ROOT / "examples" / "dut_echo.py"), "--stream"]}},
        "expectations": [{"metric": "dut.failed", "max": 0}],
    }
    result = run_real(scenario_from_dict(raw, "s.toml"), "ci-virtual", None, None, tmp_path)
    streaming = result.report["dut"]["streaming"]
    assert streaming["streams"] == 4
    assert streaming["chunks"] >= 4 * 2  # every fallback query has at least two words
    assert streaming["time_to_first_audio"]["p50_ms"] is not None
    assert result.report["rig"]["safe_state"]  # the safe state was reached on exit
