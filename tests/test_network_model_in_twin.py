"""[network] protocol models and [model] profiles inside twin runs."""

from __future__ import annotations

import numpy as np
import pytest

from tests.helpers import scenario
from twin.errors import InputError
from twin.runner import run_scenario

LOAD = {"kind": "poisson", "rate_per_s": 100}


def net(protocol: str) -> dict:
    return {"protocol": protocol, "rtt": "5g-private", "loss": 0.01}


def test_http11_head_of_line_blocking_shows_in_the_twin():
    runs = {p: run_scenario(scenario(workload=LOAD, network=net(p), requests=4000))
            for p in ("http1.1", "http2", "quic")}
    p99 = {p: r.report["stages"]["network"]["p99_ms"] for p, r in runs.items()}
    assert p99["http1.1"] > p99["http2"] >= p99["quic"]


def test_model_profile_scales_inference_and_sets_llm_accuracy():
    int4 = run_scenario(scenario(model={"model": "qwen2-0.5b", "quant": "int4"}))
    fp16 = run_scenario(scenario(model={"model": "qwen2-0.5b", "quant": "fp16"}))
    ratio = (fp16.report["stages"]["inference"]["p50_ms"]
             / int4.report["stages"]["inference"]["p50_ms"])
    assert ratio == pytest.approx(53.0 / 23.0, rel=0.02)  # first-token p95 ratio from the seed


def test_edge_placement_adds_network_rtt():
    terminal = run_scenario(scenario(model={"model": "qwen2-0.5b", "quant": "int4"}))
    cloud = run_scenario(scenario(model={"model": "qwen2-0.5b", "quant": "int4",
                                         "placement": "cloud"}))
    extra = (cloud.timings.stage_ms[:, 1] - terminal.timings.stage_ms[:, 1])
    assert np.all(extra > 0) and np.median(extra) > 30  # public internet RTT, 35-80 ms


@pytest.mark.parametrize(("table", "key"), [
    ({"network": {"protocol": "carrier_pigeon", "rtt": "lan"}}, "network.protocol"),
    ({"network": {"protocol": "http2"}}, "network.rtt"),
    ({"model": {"model": "qwen2-0.5b", "quant": "int3"}}, "model.quant"),
    ({"network": net("http2"), "workload": {"kind": "voice_burst", "closed_loop": True}},
     "network"),
])
def test_bad_network_or_model_tables_name_the_key(table, key):
    with pytest.raises(InputError) as err:
        run_scenario(scenario(**table), requests=10)
    assert err.value.key == key
