"""The impairment proxy applies its network model to real bytes: the holds it records match the
configured distribution (p50 and p95 within 2 %), bytes arrive intact and in order, its
injected faults (HTTP 503, connection reset) become DUT outcomes, and a request's network time
is its own bytes' holds, whatever else crossed the proxy meanwhile."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hil.dut.contract import Carrier, Dut, DutFailure, DutRequest, Events
from hil.dut.echo import tcp_echo_server
from hil.dut.http import HttpDut
from hil.dut.proxy import Chunk, Direction, ImpairmentProxy, carried_by, network_ms
from hil.dut.resolver import DutResolver, Placement
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
            # the connection the adapter says it used is the one the proxy saw the bytes on
            mine = carried_by(proxy.since(mark), dut.connections(0))
            assert {c.direction for c in mine} == {"up", "down"}
            assert mine == proxy.since(mark)  # nothing else crossed
            assert network_ms(mine) >= 2.0  # at least the base RTT was held
            assert dut.connections(0) == []  # handed out once
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


class ScriptedNetworkDut(Dut):
    """A networked DUT whose bytes are scripted into a proxy's record: per request, the chunks
    that cross (client port, direction, hold ms) while it runs, in that order, and whether it
    answers; a request uses the connections of the ports it names as its own."""

    def __init__(self, proxy: ImpairmentProxy,
                 script: dict[int, tuple[list[tuple[int, Direction, float]], set[int], bool]]
                 ) -> None:
        super().__init__(timeout_ms=60_000.0)
        self.proxy, self.script = proxy, script
        self.carriers: dict[int, list[Carrier]] = {}

    def _exchange(self, request: DutRequest, deadline: float, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        crossing, own, answers = self.script[request.id]
        start = time.perf_counter()
        for port, direction, hold in crossing:
            with self.proxy._lock:
                self.proxy.chunks.append(Chunk(0, direction, 100, time.perf_counter(), hold,
                                               hold, peer=port))
        self.carriers[request.id] = [Carrier(p, start, time.perf_counter()) for p in own]
        if not answers:
            raise DutFailure("timeout", "no whole answer by the deadline")
        events.add("answer")
        return {"intent": "unknown", "value": None, "feedback": ""}, {}

    def connections(self, request_id: int) -> list[Carrier]:
        return self.carriers.pop(request_id, [])


def test_a_request_is_charged_its_own_bytes_not_those_in_flight_beside_it() -> None:
    """Forced overlap, no clock: request 0 times out with only its upload held (4 ms); its
    answer (30 ms) crosses the proxy after request 1's own answer, inside request 1's call;
    request 2 never reaches the network (no connection) while a stray chunk crosses. Each is
    charged what its own connection held while it held it."""
    with ImpairmentProxy(("127.0.0.1", 9), None) as proxy:  # upstream never dialled
        dut = ScriptedNetworkDut(proxy, {
            0: ([(5001, "up", 4.0)], {5001}, False),
            1: ([(5002, "up", 4.0), (5002, "down", 4.0), (5001, "down", 30.0)], {5002}, True),
            2: ([(5003, "down", 30.0)], set(), False),
        })
        resolver = DutResolver({"edge": Placement(dut, proxy)})
        results = [resolver.resolve("x", [], "en", 1000.0) for _ in range(3)]
    assert [r.outcome for r in results] == ["timeout", "ok", "timeout"]
    assert [r.network_ms for r in results] == [4.0, 8.0, None]
