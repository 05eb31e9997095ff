"""Streaming pacing modelled in the twin by the same rule a real run applies."""

from __future__ import annotations

import numpy as np
import pytest

from twin.assistant.pacer import StreamPacer
from twin.assistant.streaming import StreamModel, streaming_modelled
from twin.errors import InputError
from twin.runner import run_scenario
from twin.scenario import scenario_from_dict


def test_steady_decode_is_paced_and_clean() -> None:
    answer = np.array([10.0, 20.0, 30.0, 40.0])
    out = streaming_modelled(answer, np.array([True, False, True, True]),
                             StreamModel(tokens=6, token_ms=8.0))
    assert out["streams"] == 3
    # first audio is the first token: at the answer time
    assert out["time_to_first_audio"]["p50_ms"] == 30.0
    # 3 tokens as they come (0, 8, 16 ms), then one per 120 ms: 136, 256, 376
    assert out["playback_ms"] == 376.0 and out["gap_ms"] == 120.0
    assert out["streams_with_violations"] == 0
    assert list(StreamPacer().pace([0, 8, 16, 24, 32, 40]).emit_ms) == [
        0, 8, 16, 136, 256, 376]


def test_slow_decode_is_flagged() -> None:
    out = streaming_modelled(np.array([5.0]), np.array([True]),
                             StreamModel(tokens=4, token_ms=30.0))
    assert out["violations"] == ["first 3 tokens at 60.0 ms > 50"]
    assert out["streams_with_violations"] == 1


def test_scenario_key_and_bad_value() -> None:
    raw = {"name": "s", "seed": 1, "requests": 200,
           "workload": {"kind": "poisson", "rate_per_s": 20}, "stages": {"profile": "ideal"},
           "assistant": {"lang": "en", "stream": {"tokens": 8, "token_ms": 8}}}
    report = run_scenario(scenario_from_dict(raw, "s.toml")).report
    llm_share = report["paths"]["llm"]
    assert report["streaming_modelled"]["streams"] == round(llm_share * 200)
    raw["assistant"]["stream"] = {"tokens": 8, "token_ms": -1}
    with pytest.raises(InputError) as info:
        run_scenario(scenario_from_dict(raw, "s.toml"))
    assert info.value.key == "assistant.stream.token_ms"
