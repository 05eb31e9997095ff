"""An in-process TCP impairment proxy: the scenario's network model applied to real bytes.

:class:`ImpairmentProxy` listens on 127.0.0.1 (a free port) and forwards each connection to an
upstream ``host:port``. Every chunk read from either side is held for
:meth:`latency_models.impairment.Impairment.one_way_ms` (one draw per chunk from a seeded
stream) and released in order. Per chunk it records the planned hold (the draw), the applied
hold (release due time minus arrival: at least the draw, more when an earlier chunk of the same
direction is still held), the lateness of the actual send and the client's port; a request's
network time is what its bytes were held: the chunks of the connection it used, while it used it
(:func:`carried_by`), not whatever crossed meanwhile (another request in flight, or the late
answer of one that timed out).

Threads, not asyncio: ``time.sleep`` releases within tens of microseconds, asyncio's
selector-based timers round up to whole milliseconds. Two threads per direction (a reader and
an in-order sender), so a held chunk never delays reading the next.

Fault injection (:meth:`inject`): ``http_503`` answers the next upstream request with an HTTP
503 instead of forwarding it; ``reset`` resets the next connection that sends (RST both sides).
"""

from __future__ import annotations

import contextlib
import queue
import socket
import struct
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from hil.dut.contract import Carrier
from latency_models.impairment import Impairment

Direction = Literal["up", "down"]
ProxyFault = Literal["http_503", "reset"]
_BUF = 65536
_503 = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
        b"Content-Length: 33\r\nConnection: close\r\n\r\n{\"error\": \"injected by the proxy\"}")


@dataclass
class Chunk:
    """One forwarded chunk."""

    conn: int
    direction: Direction
    size: int
    received: float  # perf_counter seconds
    planned_ms: float
    applied_ms: float
    late_ms: float = float("nan")
    peer: int = 0  # the client's TCP port (its end of the connection)


def _rst(sock: socket.socket) -> None:
    """Close with a TCP reset (SO_LINGER 0)."""
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RD)  # wakes a thread blocked in recv; sends nothing
    sock.close()


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)  # wakes the threads blocked on it
    sock.close()


class ImpairmentProxy:
    """Forward ``127.0.0.1:self.port`` to ``upstream`` through ``impairment``."""

    def __init__(self, upstream: tuple[str, int], impairment: Impairment | None,
                 seed: int = 0, connect_timeout_s: float = 5.0) -> None:
        self.upstream = upstream
        self.impairment = impairment
        self.rng = np.random.default_rng(seed)
        self.connect_timeout_s = connect_timeout_s
        self.chunks: list[Chunk] = []
        self._lock = threading.Lock()
        self._faults: list[ProxyFault] = []
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(16)
        self.port: int = self._listener.getsockname()[1]
        self._t0 = time.perf_counter()
        self._closed = threading.Event()
        self._sockets: set[socket.socket] = set()
        self._conns = 0
        self._thread = threading.Thread(target=self._accept, name="proxy-accept", daemon=True)
        self._thread.start()

    @property
    def url_host(self) -> str:
        return f"127.0.0.1:{self.port}"

    def inject(self, fault: ProxyFault) -> None:
        """Apply ``fault`` to the next upstream chunk."""
        with self._lock:
            self._faults.append(fault)

    # model --------------------------------------------------------------------------------
    def hold_ms(self, size: int, now: float) -> float:
        if self.impairment is None:
            return 0.0
        with self._lock:
            t = np.array([(now - self._t0) * 1e3])
            return float(self.impairment.one_way_ms(self.rng, t, np.array([size]))[0])

    # plumbing -----------------------------------------------------------------------------
    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                client, (_, peer) = self._listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.upstream, self.connect_timeout_s)
            except OSError:
                _rst(client)  # upstream down: the client sees a reset, as it would directly
                continue
            for s in (client, server):
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                s.settimeout(None)
            with self._lock:
                self._conns += 1
                conn = self._conns
                self._sockets.update((client, server))
            pair = (client, server)
            for direction, src, dst in (("up", client, server), ("down", server, client)):
                q: queue.SimpleQueue[tuple[float, bytes, Chunk] | None] = queue.SimpleQueue()
                threading.Thread(target=self._read, args=(conn, direction, src, q, pair, peer),
                                 daemon=True, name=f"proxy-{direction}-r").start()
                threading.Thread(target=self._send, args=(dst, q, pair), daemon=True,
                                 name=f"proxy-{direction}-s").start()

    def _read(self, conn: int, direction: Direction, src: socket.socket,
              q: queue.SimpleQueue[tuple[float, bytes, Chunk] | None],
              pair: tuple[socket.socket, socket.socket], peer: int) -> None:
        last_due = 0.0
        try:
            while True:
                data = src.recv(_BUF)
                now = time.perf_counter()
                if not data:
                    break
                if direction == "up" and self._faults:
                    with self._lock:
                        fault = self._faults.pop(0) if self._faults else None
                    if fault == "reset":
                        self._close_pair(pair, reset=True)
                        break  # the sender is told the stream ended (no thread left waiting)
                    if fault == "http_503":  # says "Connection: close", and does it: the
                        pair[0].sendall(_503)  # rest of this request (a body sent apart from
                        self._close_pair(pair, reset=False)  # its headers) must not take the
                        break  # next injected fault
                planned = self.hold_ms(len(data), now)
                due = max(now + planned / 1e3, last_due)
                last_due = due
                chunk = Chunk(conn, direction, len(data), now, planned, (due - now) * 1e3,
                              peer=peer)
                with self._lock:
                    self.chunks.append(chunk)
                q.put((due, data, chunk))
        except OSError:
            pass
        q.put(None)

    def _send(self, dst: socket.socket,
              q: queue.SimpleQueue[tuple[float, bytes, Chunk] | None],
              pair: tuple[socket.socket, socket.socket]) -> None:
        try:
            while (item := q.get()) is not None:
                due, data, chunk = item
                wait = due - time.perf_counter()
                if wait > 0:
                    time.sleep(wait)
                chunk.late_ms = (time.perf_counter() - due) * 1e3
                dst.sendall(data)
            dst.shutdown(socket.SHUT_WR)  # pass the end of stream on
        except OSError:
            self._close_pair(pair, reset=False)

    def _close_pair(self, pair: tuple[socket.socket, socket.socket], reset: bool) -> None:
        for s in pair:
            with self._lock:
                self._sockets.discard(s)
            if reset:
                _rst(s)
            else:
                _shut(s)

    # records ------------------------------------------------------------------------------
    def mark(self) -> int:
        with self._lock:
            return len(self.chunks)

    def since(self, mark: int) -> list[Chunk]:
        with self._lock:
            return self.chunks[mark:]

    def close(self) -> None:
        self._closed.set()
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        self._thread.join(timeout=2.0)
        with self._lock:
            sockets = list(self._sockets)
            self._sockets.clear()
        for s in sockets:
            _shut(s)

    def __enter__(self) -> ImpairmentProxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def carried_by(chunks: Iterable[Chunk], carriers: Sequence[Carrier]) -> list[Chunk]:
    """The chunks one request's bytes made: those that crossed a connection it used
    (:meth:`hil.dut.contract.Dut.connections`) while it held it."""
    return [c for c in chunks
            if any(c.peer == k.port and k.start <= c.received <= k.end for k in carriers)]


def network_ms(chunks: list[Chunk]) -> float:
    """A request's network time from its chunks: the first upstream chunk's hold plus the last
    downstream chunk's hold (what the answer waited for on the way out and back)."""
    up = [c.applied_ms for c in chunks if c.direction == "up"]
    down = [c.applied_ms for c in chunks if c.direction == "down"]
    return (up[0] if up else 0.0) + (down[-1] if down else 0.0)
