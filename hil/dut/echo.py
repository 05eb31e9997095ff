"""A TCP echo peer on loopback: what the impairment proxy's fidelity and overhead are measured
against (``twin bench dut_proxy_fidelity`` and the proxy's tests). Real sockets, one daemon
thread per connection; closing the listening socket stops it."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def tcp_echo_server(backlog: int = 16) -> Iterator[tuple[str, int]]:
    """Serve an echo on ``127.0.0.1`` and yield its address; the listener closes on exit."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(backlog)

    def serve(conn: socket.socket) -> None:
        with conn:
            while data := conn.recv(65536):
                conn.sendall(data)

    def accept() -> None:
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:  # the listener was closed: stop accepting
                return
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield srv.getsockname()
    finally:
        srv.close()
