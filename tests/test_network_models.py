"""Network models: head-of-line blocking, transport loss, handshakes, keepalive, RTT paths."""

from __future__ import annotations

import numpy as np
import pytest

from latency_models.distributions import Fixed, SpecError
from latency_models.network import (
    FiveGPrivate,
    Http2,
    Http11Pool,
    Link,
    PathRtt,
    Quic,
    WebSocket,
    geo_rtt,
    rtt_preset,
)
from latency_models.network_spec import network_model_from_spec


def poisson_arrivals(qps: float, n: int, seed: int = 1) -> np.ndarray:
    return np.cumsum(np.random.default_rng(seed).exponential(1000.0 / qps, n))


def p99(model: object, t: np.ndarray, seed: int = 5) -> float:
    return float(np.percentile(model.sample_at(np.random.default_rng(seed), t), 99))  # type: ignore[attr-defined]


def test_http11_hol_p99_exceeds_http2_same_load_and_seed() -> None:
    t = poisson_arrivals(40.0, 20_000)
    link = Link(rtt_preset("public-internet"))
    http1, http2 = p99(Http11Pool(link, connections=6), t), p99(Http2(link), t)
    assert http1 > 1.5 * http2
    # more connections relieve the pool, so the gap is the pool's queueing (HOL), not the wire
    assert p99(Http11Pool(link, connections=64), t) < 1.1 * http2


def test_http11_slow_response_blocks_its_connection() -> None:
    link = Link(PathRtt(10.0), bandwidth_mbps=1e9)
    pool = Http11Pool(link, connections=1, size_kb=0.0)
    t = np.array([0.0, 5.0, 6.0])
    hold = np.array([500.0, 1.0, 1.0])
    lat = pool.sample_at(np.random.default_rng(0), t, hold_ms=hold)
    # first: TCP+TLS (2 RTT) + 1 RTT; second waits until 30 + 500 then 1 RTT
    assert lat[0] == pytest.approx(30.0)
    assert lat[1] == pytest.approx(530.0 - 5.0 + 10.0)
    assert lat[2] == pytest.approx(530.0 + 10.0 + 1.0 - 6.0 + 10.0)
    # HTTP/2 multiplexes: the slow first response blocks nobody
    lat2 = Http2(link, size_kb=0.0).sample_at(np.random.default_rng(0), t, hold_ms=hold)
    assert lat2.tolist() == pytest.approx([30.0, 10.0, 10.0])


def test_quic_not_worse_than_http2_under_loss() -> None:
    t = poisson_arrivals(40.0, 20_000)
    link = Link(rtt_preset("public-internet"), loss=0.02)
    h2 = Http2(link).sample_at(np.random.default_rng(5), t)
    quic = Quic(link).sample_at(np.random.default_rng(5), t)
    assert np.percentile(quic, 99) <= np.percentile(h2, 99)
    assert np.percentile(quic, 95) <= np.percentile(h2, 95)
    # without loss (and warm connections) the two are the same wire
    clean = Link(rtt_preset("public-internet"))
    same_h2 = Http2(clean).sample_at(np.random.default_rng(5), t)
    same_quic = Quic(clean).sample_at(np.random.default_rng(5), t)
    assert np.median(same_quic) == pytest.approx(np.median(same_h2), rel=0.01)


def test_http2_loss_stalls_other_streams() -> None:
    """Transport HOL: the delay spreads to streams without losses of their own."""
    t = poisson_arrivals(200.0, 5_000)
    link = Link(PathRtt(40.0), loss=0.01)
    h2 = Http2(link).sample_at(np.random.default_rng(3), t)
    quic = Quic(link).sample_at(np.random.default_rng(3), t)
    wire = 40.0 + 32.0 * 8.0 / 50.0
    assert np.mean(h2[1:] > wire + 1e-9) > np.mean(quic[1:] > wire + 1e-9)


def test_handshakes_and_keepalive() -> None:
    rtt = 20.0
    link = Link(PathRtt(rtt), bandwidth_mbps=1e9)
    sparse = np.arange(10) * 10_000.0  # 10 s apart
    dense = np.arange(10) * 100.0
    h2 = Http2(link, size_kb=0.0, idle_timeout_ms=5_000.0, hold=Fixed(1.0))
    assert h2.sample_at(np.random.default_rng(0), sparse).tolist() == pytest.approx([3 * rtt] * 10)
    assert h2.sample_at(np.random.default_rng(0), dense).tolist() == pytest.approx(
        [3 * rtt] + [rtt] * 9
    )
    tls12 = Http2(link, size_kb=0.0, idle_timeout_ms=5_000.0, tls13=False, hold=Fixed(1.0))
    assert tls12.sample_at(np.random.default_rng(0), sparse)[0] == pytest.approx(4 * rtt)
    quic = Quic(link, size_kb=0.0, idle_timeout_ms=5_000.0, hold=Fixed(1.0))
    assert quic.sample_at(np.random.default_rng(0), sparse).tolist() == pytest.approx(
        [2 * rtt] + [rtt] * 9  # 1-RTT handshake once, then 0-RTT resumption
    )
    no_0rtt = Quic(link, size_kb=0.0, idle_timeout_ms=5_000.0, zero_rtt=False, hold=Fixed(1.0))
    assert no_0rtt.sample_at(np.random.default_rng(0), sparse).tolist() == pytest.approx(
        [2 * rtt] * 10
    )
    ws = WebSocket(link, size_kb=0.0, idle_timeout_ms=5_000.0, fallback_detect_ms=50.0)
    ws_lat = ws.sample_at(np.random.default_rng(0), sparse)
    assert ws_lat.tolist() == pytest.approx([4 * rtt + 50.0] + [rtt] * 9)  # pings keep it open
    ws_nopings = WebSocket(link, size_kb=0.0, idle_timeout_ms=5_000.0, keepalive_pings=False)
    assert ws_nopings.sample_at(np.random.default_rng(0), sparse).tolist() == pytest.approx(
        [4 * rtt] * 10
    )
    pool = Http11Pool(link, size_kb=0.0, connections=2, idle_timeout_ms=5_000.0, hold=Fixed(1.0))
    assert pool.sample_at(np.random.default_rng(0), sparse).tolist() == pytest.approx(
        [3 * rtt] * 10
    )
    assert pool.sample_at(np.random.default_rng(0), dense).tolist() == pytest.approx(
        [3 * rtt] + [rtt] * 9  # LIFO reuse keeps one warm connection
    )


def test_unsorted_input_and_determinism() -> None:
    t = poisson_arrivals(40.0, 2_000)
    shuffled = np.random.default_rng(9).permutation(t.size)
    link = Link(rtt_preset("5g-private"), loss=0.01)
    for model in (Http11Pool(link), Http2(link), Quic(link), WebSocket(link)):
        a = model.sample_at(np.random.default_rng(4), t)
        b = model.sample_at(np.random.default_rng(4), t[shuffled])
        assert np.array_equal(a[shuffled], b)
        assert not np.array_equal(a, model.sample_at(np.random.default_rng(5), t))
        assert (a > 0).all()


def test_rtt_paths_match_the_seed() -> None:
    rng = np.random.default_rng(2)
    t = poisson_arrivals(20.0, 100_000)
    assert geo_rtt(1900.0).base_ms == pytest.approx(19.0)
    fibre = rtt_preset("beijing-guangzhou-fibre").rtt_at(rng, t)
    assert 19.0 <= np.median(fibre) <= 22.0
    public = rtt_preset("public-internet").rtt_at(rng, t)
    assert public.min() >= 35.0 and 40.0 <= np.median(public) <= 55.0
    assert 65.0 <= np.percentile(public, 95) <= 85.0
    five_g = FiveGPrivate(handover_per_min=6.0, handover_duration_ms=500.0)
    r5 = five_g.rtt_at(rng, t)
    assert 12.0 <= np.median(r5) <= 14.0
    spikes = np.mean(r5 >= 60.0)
    expected = 6.0 / 60_000.0 * 500.0  # fraction of time inside a handover window
    assert spikes == pytest.approx(expected, rel=0.3)
    no_handover = FiveGPrivate(handover_per_min=0.0).rtt_at(rng, t)
    assert no_handover.max() < 60.0


def test_spec_builds_models() -> None:
    m = network_model_from_spec(
        {"protocol": "http1.1", "connections": 4, "rtt": "public-internet", "loss": 0.01,
         "hold": {"dist": "fixed", "value": 20}}
    )  # fmt: skip
    assert isinstance(m, Http11Pool) and m.connections == 4 and m.link.loss == 0.01
    q = network_model_from_spec(
        {"protocol": "quic", "zero_rtt": False,
         "rtt": {"model": "5g-private", "handover_ms": 80, "handover_per_min": 1}}
    )  # fmt: skip
    assert isinstance(q, Quic) and not q.zero_rtt and isinstance(q.link.rtt, FiveGPrivate)
    assert q.link.rtt.handover_ms == 80.0
    g = network_model_from_spec(
        {"protocol": "http2", "rtt": {"distance_km": 1000, "route_factor": 1.5}}
    )
    assert g.link.rtt.base_ms == pytest.approx(15.0)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("spec", "key"),
    [
        ({"protocol": "http3", "rtt": "lan"}, "net.protocol"),
        ({"protocol": "http2"}, "net.rtt"),
        ({"protocol": "http2", "rtt": "mars"}, "net.rtt.preset"),
        ({"protocol": "http2", "rtt": "lan", "connections": 3}, "net.connections"),
        ({"protocol": "http1.1", "rtt": "lan", "connections": 0}, "net.connections"),
        ({"protocol": "http2", "rtt": "lan", "loss": 1.5}, "net.loss"),
        ({"protocol": "http2", "rtt": "lan", "bandwidth_mbps": 0}, "net.bandwidth_mbps"),
        ({"protocol": "quic", "rtt": "lan", "zero_rtt": "yes"}, "net.zero_rtt"),
        ({"protocol": "http2", "rtt": {"model": "4g"}}, "net.rtt.model"),
        (
            {"protocol": "http2", "rtt": {"base_ms": 5, "jitter": {"dist": "nope"}}},
            "net.rtt.jitter.dist",
        ),
        ({"protocol": "http2", "rtt": {"speed": 3}}, "net.rtt"),
        ({"protocol": "http2", "rtt": "lan", "hold": {"dist": "fixed", "value": -1}}, "net.hold"),
    ],
)
def test_bad_specs_name_the_key(spec: dict, key: str) -> None:
    with pytest.raises(SpecError) as info:
        network_model_from_spec(spec, "net")
    assert info.value.key == key
