"""The CAN port's watchdog: a reader that ends because the port is closing is no failure (the
watchdog's look after its wait can see it ended, on a loaded machine). A reader that dies is
one: tests/test_receivers.py plants that."""

from __future__ import annotations

import uuid

import can

from devices.can_port import CanPort


def _port() -> tuple[can.BusABC, CanPort]:
    bus = can.Bus(interface="virtual", channel=f"wd-{uuid.uuid4().hex[:8]}")
    return bus, CanPort(bus)


def test_a_reader_stopped_by_close_is_not_a_death() -> None:
    bus, port = _port()
    try:
        port.close()
        assert not port._thread.is_alive()
        # the watchdog's look that raced close(): its wait returned just before the stop
        assert port._check(False) is False
        assert port.reader_failures == []
        assert not port._thread.is_alive()  # and nothing was restarted
    finally:
        bus.shutdown()

