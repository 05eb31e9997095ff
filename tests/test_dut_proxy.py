"""The impairment proxy applies its network model to real bytes: the holds it records match the
configured distribution (p50 and p95 within 2 %), bytes arrive intact and in order, and its
injected faults (HTTP 503, connection reset) become DUT outcomes."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from hil.dut.contract import DutRequest
from hil.dut.echo import tcp_echo_server
from hil.dut.http import HttpDut
from hil.dut.proxy import ImpairmentProxy, network_ms
from latency_models.distributions import ShiftedLognormal
from latency_models.impairment import Impairment
from latency_models.network import PathRtt

ROOT = Path(__file__).resolve().parent.parent


MODEL = Impairment(PathRtt(2.0, ShiftedLognormal.from_median_p95(1.0, 4.0)))


@pytest.mark.slow
def test_applied_holds_match_the_configured_distribution() -> None:
    # 32,000 chunks: enough that the sample's own p95 noise is well inside 2 %
    conns, per_conn, size = 16, 1000, 100
    received: list[bool] = []
    with tcp_echo_server() as echo, ImpairmentProxy(echo, MODEL, seed=11) as proxy:

        def client(k: int) -> None:
            with socket.create_connection(("127.0.0.1", proxy.port)) as s:
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                s.settimeout(10)
                for j in range(per_conn):
                    msg = bytes([k]) * (size - 4) + j.to_bytes(4, "big")
                    s.sendall(msg)
                    got = b""
                    while len(got) < size:
                        got += s.recv(size - len(got))
                    received.append(got == msg)

        threads = [threading.Thread(target=client, args=(k,)) for k in range(conns)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        chunks = list(proxy.chunks)
    assert len(received) == conns * per_conn and all(received)  # intact, in order
    applied = np.array([c.applied_ms for c in chunks])
    assert len(applied) == 2 * conns * per_conn  # one hold per chunk, each way
    reference = MODEL.one_way_ms(np.random.default_rng(0), np.zeros(400_000),
                                 np.full(400_000, size))
    for q in (50, 95):
        configured = float(np.percentile(reference, q))
        got = float(np.percentile(applied, q))
        assert abs(got - configured) <= 0.02 * configured, (q, got, configured)
    # request/response on each connection: nothing queued behind another chunk
    planned = np.array([c.planned_ms for c in chunks])
    assert np.allclose(applied, planned, atol=1e-9)


def test_in_order_release_and_loss_costs_a_retransmission() -> None:
    lossy = Impairment(PathRtt(10.0), loss=0.5, rto_ms=200.0)
    holds = lossy.one_way_ms(np.random.default_rng(1), np.zeros(20_000), np.full(20_000, 100))
    # one packet each: lost with p = 0.5, recovered by the RTO (a short flow)
    assert set(np.round(np.unique(holds), 6)) <= {5.016, 205.016, 405.016, 605.016, 805.016}
    assert abs(np.mean(holds > 100) - 0.5) < 0.02
    bulky = Impairment(PathRtt(10.0), loss=0.0, bandwidth_mbps=8.0)
    assert bulky.one_way_ms(np.random.default_rng(1), np.zeros(1), np.array([100_000]))[0] \
        == 5.0 + 100.0  # 100 kB at 8 Mbit/s


def test_proxy_faults_are_http_error_and_reset() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, str(ROOT / "examples" / "dut_echo_http.py"),
                               "--port", str(port)])
    try:
        with ImpairmentProxy(("127.0.0.1", port), MODEL, seed=2) as proxy:
            dut = HttpDut(f"http://127.0.0.1:{proxy.port}/v1", timeout_ms=2000,
                          start_timeout_s=30)
            dut.start()
            mark = proxy.mark()
            assert dut.ask(DutRequest(0, "x")).outcome == "ok"
            assert network_ms(proxy.since(mark)) >= 2.0  # at least the base RTT was held
            proxy.inject("http_503")
            assert dut.ask(DutRequest(1, "x")).outcome == "http_error"
            proxy.inject("reset")
            assert dut.ask(DutRequest(2, "x")).outcome == "reset"
            assert dut.ask(DutRequest(3, "x")).outcome == "ok"  # reconnected
            dut.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_a_503_closes_its_connection_so_a_late_body_takes_no_later_fault() -> None:
    """An injected 503 says "Connection: close" and closes: the body of that request, sent
    after its headers, can never take the fault injected for the next request."""
    upstream = socket.socket()
    upstream.bind(("127.0.0.1", 0))
    upstream.listen()
    with ImpairmentProxy(upstream.getsockname(), None, seed=1) as proxy:
        proxy.inject("http_503")
        client = socket.create_connection(("127.0.0.1", proxy.port), timeout=10)
        client.sendall(b"POST /v1 HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n")
        answer = b""
        while b"injected by the proxy" not in answer:
            part = client.recv(4096)
            assert part, answer
            answer += part
        assert answer.startswith(b"HTTP/1.1 503")
        proxy.inject("reset")
        with contextlib.suppress(OSError):  # the late body: the connection is closed
            client.sendall(b"{}")
        for _ in range(30):  # give a proxy that kept reading the time to take the fault
            with proxy._lock:
                assert proxy._faults == ["reset"]  # still waiting for the next request
            threading.Event().wait(0.01)
        client.close()
    upstream.close()
