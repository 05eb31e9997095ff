"""Network models for the ``network`` stage: RTT paths and transport/protocol behaviour.

Every protocol model has ``sample_at(rng, t_ms, size_kb=None, hold_ms=None) -> ndarray``: the
network's share of each request's latency (ms) entering at ``t_ms`` (any order): waiting for a
connection, handshakes, one RTT, transfer, loss recovery. ``hold_ms`` is how long the server
keeps the request open (it occupies an HTTP/1.1 connection: head-of-line blocking); by default
it is drawn from the model's ``hold``. The seed's figures: fibre RTT ~20 ms Beijing-Guangzhou,
35-80 ms on the public internet, 5G private 12 ms with 60 ms handover spikes.

Assumptions (calibrate where you have measurements): TCP + TLS 1.3 = 2 RTT (TLS 1.2: 3),
WebSocket +1 RTT for the Upgrade, QUIC 1 RTT (0 on resumption); a packet (``mss_kb``) is lost
with ``loss``, TCP recovers by fast retransmit (1 RTT, >= 4 packets) else by ``rto_ms``, QUIC
by 9/8 RTT or a probe timeout (1.5 RTT + 25 ms); on one TCP connection (HTTP/2, WebSocket) a
loss stalls every stream in flight, QUIC streams are independent; bandwidth sharing between
concurrent streams is not modelled.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from latency_models.distributions import Distribution, Fixed, OffsetGamma, ShiftedLognormal

FIBRE_KM_PER_MS = 200.0  # light in glass travels ~2/3 c
TLS13_RTTS = 1
TLS12_RTTS = 2
QUIC_MAX_ACK_DELAY_MS = 25.0


class RttModel(Protocol):
    def rtt_at(self, rng: np.random.Generator, t_ms: np.ndarray) -> np.ndarray:
        """Round-trip time (ms) seen by a request starting at each ``t_ms``."""
        ...


@dataclass(frozen=True)
class PathRtt:
    """A fixed propagation RTT plus per-request queueing jitter."""

    base_ms: float
    jitter: Distribution = field(default_factory=lambda: Fixed(0.0))

    def rtt_at(self, rng: np.random.Generator, t_ms: np.ndarray) -> np.ndarray:
        return self.base_ms + np.maximum(self.jitter.sample(rng, len(t_ms)), 0.0)


def geo_rtt(
    distance_km: float, route_factor: float = 1.0, jitter: Distribution | None = None
) -> PathRtt:
    """RTT over fibre: ``2 * distance * route_factor / 200 km/ms`` plus jitter.

    Beijing-Guangzhou is ~1,900 km, giving the seed's ~20 ms theoretical RTT.
    """
    base = 2.0 * distance_km * route_factor / FIBRE_KM_PER_MS
    return PathRtt(base, jitter if jitter is not None else Fixed(0.0))


@dataclass(frozen=True)
class FiveGPrivate:
    """A 5G private network: ``base_ms`` RTT (seed: 12 ms) with handover spikes (seed: 60 ms).

    Handovers arrive as a Poisson process in time (``handover_per_min``, a car crossing
    cells); during ``handover_duration_ms`` after each, requests see ``handover_ms``.
    """

    base_ms: float = 12.0
    jitter: Distribution = field(default_factory=lambda: OffsetGamma(2.0, 0.5))
    handover_per_min: float = 2.0
    handover_ms: float = 60.0
    handover_duration_ms: float = 300.0

    def handover_starts(self, rng: np.random.Generator, t_lo: float, t_hi: float) -> np.ndarray:
        lo = t_lo - self.handover_duration_ms
        n = rng.poisson(self.handover_per_min / 60_000.0 * max(t_hi - lo, 0.0))
        return np.sort(rng.uniform(lo, t_hi, n))

    def rtt_at(self, rng: np.random.Generator, t_ms: np.ndarray) -> np.ndarray:
        t = np.asarray(t_ms, dtype=float)
        rtt = self.base_ms + np.maximum(self.jitter.sample(rng, t.size), 0.0)
        if t.size == 0:
            return rtt
        starts = self.handover_starts(rng, float(t.min()), float(t.max()))
        idx = np.searchsorted(starts, t, side="right") - 1
        since = t - starts[np.maximum(idx, 0)] if starts.size else np.full(t.size, np.inf)
        in_handover = (idx >= 0) & (since < self.handover_duration_ms)
        return np.where(in_handover, np.maximum(rtt, self.handover_ms), rtt)


def rtt_preset(name: str) -> RttModel:
    """Named paths: ``beijing-guangzhou-fibre``, ``public-internet``, ``5g-private``, ``lan``."""
    presets: dict[str, RttModel] = {
        "beijing-guangzhou-fibre": geo_rtt(1900.0, 1.05, OffsetGamma(2.0, 0.25)),
        # 35-80 ms: floor 35 ms, median ~48 ms, p95 ~75 ms
        "public-internet": PathRtt(0.0, ShiftedLognormal.from_median_p95(48.0, 75.0, 35.0)),
        "5g-private": FiveGPrivate(),
        "lan": PathRtt(0.5, OffsetGamma(2.0, 0.1)),
    }
    if name not in presets:
        raise KeyError(name)
    return presets[name]


RTT_PRESETS = ("beijing-guangzhou-fibre", "public-internet", "5g-private", "lan")


@dataclass(frozen=True)
class Link:
    """The path a protocol runs over: RTT model, bandwidth, per-packet loss."""

    rtt: RttModel
    bandwidth_mbps: float = 50.0
    loss: float = 0.0
    mss_kb: float = 1.4
    rto_ms: float = 200.0

    def packets(self, size_kb: np.ndarray) -> np.ndarray:
        """Upload packets plus one response packet."""
        return np.ceil(np.maximum(size_kb, 0.0) / self.mss_kb).astype(np.int64) + 1

    def transfer_ms(self, size_kb: np.ndarray) -> np.ndarray:
        return np.asarray(size_kb, dtype=float) * 8.0 / self.bandwidth_mbps

    def lost(self, rng: np.random.Generator, packets: np.ndarray) -> np.ndarray:
        if self.loss <= 0.0:
            return np.zeros(packets.shape, dtype=np.int64)
        return rng.binomial(packets, self.loss)

    def tcp_recovery_ms(self, rtt: np.ndarray, packets: np.ndarray) -> np.ndarray:
        """Cost of one lost packet on TCP: fast retransmit, or RTO for short flows."""
        return np.where(packets >= 4, rtt, np.maximum(self.rto_ms, rtt))

    def quic_recovery_ms(self, rtt: np.ndarray, packets: np.ndarray) -> np.ndarray:
        """Cost of one lost packet on QUIC: 9/8 RTT time threshold, or a probe timeout."""
        return np.where(packets >= 3, 1.125 * rtt, 1.5 * rtt + QUIC_MAX_ACK_DELAY_MS)


def _default_hold() -> Distribution:
    # server-side time a request holds its connection (downstream scheduling + inference);
    # the seed's unoptimised inference is 80-300 ms, so the tail is long.
    return ShiftedLognormal.from_median_p95(40.0, 200.0, 5.0)


@dataclass(frozen=True)
class _Protocol:
    link: Link
    size_kb: float = 32.0
    hold: Distribution = field(default_factory=_default_hold)
    idle_timeout_ms: float = 60_000.0
    tls13: bool = True

    kind = ""

    def _tcp_tls_rtts(self) -> int:
        return 1 + (TLS13_RTTS if self.tls13 else TLS12_RTTS)

    def _inputs(
        self,
        rng: np.random.Generator,
        t_ms: np.ndarray,
        size_kb: np.ndarray | None,
        hold_ms: np.ndarray | None,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Sorted times, the order, and per-request rtt, size, hold, packets (in sorted order)."""
        t = np.asarray(t_ms, dtype=float)
        order = np.argsort(t, kind="stable")
        n = t.size
        size = np.full(n, self.size_kb) if size_kb is None else np.asarray(size_kb, float)
        if size.shape != t.shape:
            raise ValueError("size_kb must have the same length as t_ms")
        ts = t[order]
        rtt = self.link.rtt.rtt_at(rng, ts)
        if hold_ms is not None and np.shape(hold_ms) != t.shape:
            raise ValueError("hold_ms must have the same length as t_ms")
        hold = self.hold.sample(rng, n) if hold_ms is None else np.asarray(hold_ms, float)[order]
        return ts, order, rtt, size[order], np.maximum(hold, 0.0), self.link.packets(size[order])

    @staticmethod
    def _unsort(values: np.ndarray, order: np.ndarray) -> np.ndarray:
        out = np.empty_like(values)
        out[order] = values
        return out


def _single_connection_handshakes(
    ts: np.ndarray, busy_until: np.ndarray, idle_timeout_ms: float
) -> np.ndarray:
    """True where a request finds the shared connection closed (first use or idle too long)."""
    last_end = np.maximum.accumulate(busy_until)
    prev = np.concatenate(([-np.inf], last_end[:-1]))
    cold = (ts - prev) > idle_timeout_ms
    cold[:1] = True  # the first request always opens the connection
    return cold


def _transport_hol_delay(
    rng: np.random.Generator, starts: np.ndarray, active_ms: np.ndarray, lost: np.ndarray,
    cost: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Stall of each request by every loss recovery that starts while it is in flight.

    A lost packet of request j at a uniform time in its flight stalls the whole TCP connection
    for ``cost[j]``; request i is delayed by the costs of events inside [start_i, end_i].
    """
    src = np.repeat(np.arange(starts.size), lost)
    if src.size == 0:
        return np.zeros(starts.size)
    when = starts[src] + rng.random(src.size) * active_ms[src]
    order = np.argsort(when)
    when, costs = when[order], cost[src][order]
    cum = np.concatenate(([0.0], np.cumsum(costs)))
    lo = np.searchsorted(when, starts, side="left")
    hi = np.searchsorted(when, starts + active_ms, side="right")
    return cum[hi] - cum[lo]


@dataclass(frozen=True)
class Http11Pool(_Protocol):
    """HTTP/1.1 keep-alive pool of ``connections``: one request per connection at a time.

    A request takes the most recently freed idle connection (LIFO, as urllib3 does) or waits
    for the first to free up; a slow response (long ``hold``) blocks its connection, so
    requests behind it queue: head-of-line blocking. A connection idle longer than
    ``idle_timeout_ms`` (keep-alive) was closed and pays a new TCP+TLS handshake.
    """

    connections: int = 6
    kind = "http1.1"

    def sample_at(
        self,
        rng: np.random.Generator,
        t_ms: np.ndarray,
        size_kb: np.ndarray | None = None,
        hold_ms: np.ndarray | None = None,
    ) -> np.ndarray:
        ts, order, rtt, size, hold, packets = self._inputs(rng, t_ms, size_kb, hold_ms)
        lost = self.link.lost(rng, packets)
        wire = rtt + self.link.transfer_ms(size) + lost * self.link.tcp_recovery_ms(rtt, packets)
        handshake_ms = self._tcp_tls_rtts() * rtt
        latency = np.empty(ts.size)
        # idle: a stack of free times (-inf: never opened); busy: a heap of release times
        idle: list[float] = [-math.inf] * self.connections
        busy: list[float] = []
        columns = (ts.tolist(), wire.tolist(), handshake_ms.tolist(), hold.tolist())
        for i, (t, w, hs, h) in enumerate(zip(*columns, strict=True)):
            while busy and busy[0] <= t:
                idle.append(heapq.heappop(busy))  # freed in time order: newest ends on top
            freed = idle.pop() if idle else heapq.heappop(busy)
            start = max(t, freed)
            cold = freed == -math.inf or start - freed > self.idle_timeout_ms
            net = (hs if cold else 0.0) + w
            heapq.heappush(busy, start + net + h)
            latency[i] = start - t + net
        return self._unsort(latency, order)


@dataclass(frozen=True)
class _OneConnection(_Protocol):
    """A protocol that carries every request on one connection: it opens cold (first use, or
    after ``idle_timeout_ms`` idle) and pays ``_handshake_ms``; losses are recovered by
    ``_recovery_ms``. The draws are made in one order for all of them: the link's RTT and the
    hold (in ``_inputs``), then the lost packets, then what the recovery draws."""

    def _idle_timeout_ms(self) -> float:
        return self.idle_timeout_ms

    def _handshake_ms(self, rtt: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def _recovery_ms(self, rng: np.random.Generator, start: np.ndarray, wire: np.ndarray,
                     rtt: np.ndarray, packets: np.ndarray, lost: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def sample_at(
        self,
        rng: np.random.Generator,
        t_ms: np.ndarray,
        size_kb: np.ndarray | None = None,
        hold_ms: np.ndarray | None = None,
    ) -> np.ndarray:
        ts, order, rtt, size, hold, packets = self._inputs(rng, t_ms, size_kb, hold_ms)
        wire = rtt + self.link.transfer_ms(size)
        cold = _single_connection_handshakes(ts, ts + wire + hold, self._idle_timeout_ms())
        handshake = np.where(cold, self._handshake_ms(rtt), 0.0)
        lost = self.link.lost(rng, packets)
        recovery = self._recovery_ms(rng, ts + handshake, wire, rtt, packets, lost)
        return self._unsort(handshake + wire + recovery, order)


@dataclass(frozen=True)
class _OneTcpConnection(_OneConnection):
    """Every stream on one TCP connection: a lost packet stalls all of them in flight."""

    def _recovery_ms(self, rng: np.random.Generator, start: np.ndarray, wire: np.ndarray,
                     rtt: np.ndarray, packets: np.ndarray, lost: np.ndarray) -> np.ndarray:
        return _transport_hol_delay(rng, start, wire, lost,
                                    self.link.tcp_recovery_ms(rtt, packets))


@dataclass(frozen=True)
class Http2(_OneTcpConnection):
    """HTTP/2 (gRPC): all requests multiplexed as streams on one TCP connection.

    No waiting for a connection, but a lost packet stalls every stream in flight until TCP
    recovers it: head-of-line blocking at the transport. Idle connection closes after
    ``idle_timeout_ms`` and the next request pays TCP+TLS again.
    """

    kind = "http2"

    def _handshake_ms(self, rtt: np.ndarray) -> np.ndarray:
        return self._tcp_tls_rtts() * rtt


@dataclass(frozen=True)
class Quic(_OneConnection):
    """QUIC (HTTP/3): 1-RTT handshake, 0-RTT on resumption; streams independent.

    A lost packet delays only its own stream (no HOL across streams) and recovers faster
    than TCP's RTO. After an idle close the client resumes with 0-RTT when ``zero_rtt``.
    """

    zero_rtt: bool = True
    kind = "quic"

    def _handshake_ms(self, rtt: np.ndarray) -> np.ndarray:
        first = np.zeros(rtt.size, dtype=bool)
        first[:1] = True
        return np.where(first, 1.0, 0.0 if self.zero_rtt else 1.0) * rtt

    def _recovery_ms(self, rng: np.random.Generator, start: np.ndarray, wire: np.ndarray,
                     rtt: np.ndarray, packets: np.ndarray, lost: np.ndarray) -> np.ndarray:
        return lost * self.link.quic_recovery_ms(rtt, packets)


@dataclass(frozen=True)
class WebSocket(_OneTcpConnection):
    """WebSocket on one TCP connection: TCP+TLS+Upgrade handshake once, then persistent.

    Pings keep it open (``keepalive_pings``), so only the first request pays the handshake
    (plus ``fallback_detect_ms`` when it is the fallback after a blocked gRPC attempt);
    without pings it closes when idle like any connection. A loss stalls all messages in
    flight (one TCP stream).
    """

    keepalive_pings: bool = True
    fallback_detect_ms: float = 0.0
    kind = "websocket"

    def _idle_timeout_ms(self) -> float:
        return math.inf if self.keepalive_pings else self.idle_timeout_ms

    def _handshake_ms(self, rtt: np.ndarray) -> np.ndarray:
        return (self._tcp_tls_rtts() + 1) * rtt + self.fallback_detect_ms


NetworkModel = Http11Pool | Http2 | Quic | WebSocket
PROTOCOLS: dict[str, type[_Protocol]] = {
    "http1.1": Http11Pool,
    "http2": Http2,
    "quic": Quic,
    "websocket": WebSocket,
}
