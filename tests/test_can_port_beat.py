"""The reader's ``caught_up`` (what a status watch reads) moves only when the bus's queue is
seen empty: a frame that queued while the reader was busy is dispatched before ``caught_up``
passes the time it arrived, so a watch never sees a fresh reader beside a stale status (a false
outage the flaky16 helper traced at load 9-13). ``beat``, the stall watchdog's, still moves on
every poll: a reader behind a flood is making progress, not stuck. Ordering of monotonic stamps
only: no wall-clock bound is asserted."""

from __future__ import annotations

import threading
import time
import uuid

import can

from devices.can_port import CanPort

STATUS_ID = 0x310


def test_a_frame_queued_while_the_reader_is_busy_is_dispatched_before_the_beat_passes_it(
) -> None:
    channel = f"beat-{uuid.uuid4().hex[:8]}"
    host_bus = can.Bus(interface="virtual", channel=channel)
    ecu = can.Bus(interface="virtual", channel=channel)
    entered = [threading.Event(), threading.Event()]
    release = [threading.Event(), threading.Event()]
    calls: list[int] = []

    def on_status(msg: can.Message) -> None:
        k = len(calls)
        calls.append(k)
        if k < 2:
            entered[k].set()
            release[k].wait(10.0)  # bounded: a broken test never hangs the suite

    port = CanPort(host_bus, poll_s=0.01)
    port.subscribe(STATUS_ID, on_status)
    try:
        ecu.send(can.Message(arbitration_id=STATUS_ID, data=b"\x01", is_extended_id=False))
        assert entered[0].wait(10.0)  # the reader is inside the first frame's dispatch
        queued_at = time.monotonic()
        ecu.send(can.Message(arbitration_id=STATUS_ID, data=b"\x02", is_extended_id=False))
        release[0].set()
        assert entered[1].wait(10.0)  # now inside the second frame's dispatch
        # the second frame arrived after queued_at and is not dispatched yet: the reader has
        # not seen its queue empty since, so its beat is older than that frame
        assert port.caught_up < queued_at
        release[1].set()
        deadline = time.monotonic() + 10.0
        while port.caught_up < queued_at and time.monotonic() < deadline:
            time.sleep(0.01)
        assert port.caught_up >= queued_at  # caught up: it moves on
        assert not port.reader_failures
        assert port.beat >= queued_at  # it polled again after the second frame
    finally:
        for event in release:
            event.set()
        port.close()
        host_bus.shutdown()
        ecu.shutdown()
