"""The serial link judges a reply by when it came, not by when the waiting thread wakes.

On a loaded host the link's reader can hand a reply over long after it came (the same
weakness the CAN wait had, ``tests/test_devices_twins.py``). The link runs on an injected clock
and a port whose bytes the test hands in, so every "in time" and "late" here is the test's
clock, never the wall clock; real waits only order the threads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest

from devices.serial_link import SerialLink
from devices.serial_protocol import FrameType, SerialFrame, can_body, encode_frame


class Clock:
    """A clock that moves only when the test says."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Port:
    """A serial port in memory: ``answer(frame)`` plays the device; a read blocks until bytes
    come, ``cancel_read`` or ``close`` (no time-out of its own: an idle reader must be kicked)."""

    def __init__(self) -> None:
        self.answer: Callable[[SerialFrame], None] = lambda frame: None
        self.kicks = 0
        self._buf = bytearray()
        self._cancel = False
        self._closed = False
        self._cv = threading.Condition()

    @property
    def in_waiting(self) -> int:
        with self._cv:
            return len(self._buf)

    def feed(self, data: bytes) -> None:
        with self._cv:
            self._buf += data
            self._cv.notify_all()

    def read(self, size: int = 1) -> bytes:
        with self._cv:
            self._cv.wait_for(lambda: self._buf or self._cancel or self._closed)
            if self._closed:
                raise OSError("closed")
            self._cancel = False
            out = bytes(self._buf[:size])
            del self._buf[:size]
            return out

    def write(self, data: bytes) -> int:
        self.answer(SerialFrame(data[2], data[3], data[4:-2]))
        return len(data)

    def cancel_read(self) -> None:
        with self._cv:
            self.kicks += 1
            self._cancel = True
            self._cv.notify_all()

    def close(self) -> None:
        with self._cv:
            self._closed = True
            self._cv.notify_all()


STATUS = can_body(0x511, bytes(8))
TIMEOUT_S = 0.05  # the deadline, on the test's clock (and the first wait's length)


@pytest.fixture
def rig() -> Iterator[tuple[SerialLink, Port, Clock]]:
    port, clock = Port(), Clock()
    link = SerialLink(port, clock=clock, stall_s=5.0)  # type: ignore[arg-type]
    yield link, port, clock
    port.close()
    link.close()


def _answer_at(port: Port, clock: Clock, at: float, seq_offset: int = 0) -> None:
    """The device answers every command with a status that comes at ``at`` on the clock."""

    def answer(frame: SerialFrame) -> None:
        clock.now = at
        port.feed(encode_frame(SerialFrame(FrameType.STATUS, frame.seq + seq_offset, STATUS)))

    port.answer = answer


def _hold_reader(link: SerialLink) -> tuple[threading.Event, threading.Event]:
    """Hold the reader on the first frame it decodes (a starved host thread)."""
    held, release = threading.Event(), threading.Event()

    def hook(frame: SerialFrame) -> None:
        if not held.is_set():
            held.set()
            assert release.wait(10.0)

    link.on_frame = hook
    return held, release


def _request(link: SerialLink) -> tuple[threading.Thread, list[SerialFrame | None]]:
    out: list[SerialFrame | None] = []
    frame = SerialFrame(FrameType.COMMAND, link.next_seq(), can_body(0x510, bytes(8)))
    thread = threading.Thread(target=lambda: out.append(link.request(frame, TIMEOUT_S)))
    thread.start()
    return thread, out


def _past_deadline(port: Port) -> None:
    """Wait (ordering only) until the request has given up its first wait and kicked the
    reader: it is now waiting for the reader to catch up."""
    for _ in range(2000):
        if port.kicks:
            return
        threading.Event().wait(0.005)
    raise AssertionError("the request never waited past its deadline")


def test_a_reply_in_time_counts_though_the_reader_hands_it_over_late(rig) -> None:
    link, port, clock = rig
    _answer_at(port, clock, 0.001)  # 1 ms after the command: well inside the 50 ms
    held, release = _hold_reader(link)
    thread, out = _request(link)
    assert held.wait(10.0)
    _past_deadline(port)
    clock.now = 1.0  # the reader hands it over 0.95 s past the deadline
    release.set()
    thread.join(10.0)
    assert not thread.is_alive()
    assert out[0] is not None and out[0].type == FrameType.STATUS
    assert link.late_replies == 1


def test_a_reply_after_the_deadline_is_a_timeout_though_handed_over_at_once(rig) -> None:
    link, port, clock = rig
    _answer_at(port, clock, 0.06)  # 10 ms past the deadline, read at once
    thread, out = _request(link)
    thread.join(10.0)
    assert not thread.is_alive()
    assert out == [None]
    assert link.late_replies == 0


def test_a_late_reply_behind_a_held_reader_is_still_a_timeout(rig) -> None:
    link, port, clock = rig
    _answer_at(port, clock, 0.3)
    held, release = _hold_reader(link)
    thread, out = _request(link)
    assert held.wait(10.0)
    _past_deadline(port)
    clock.now = 1.0
    release.set()
    thread.join(10.0)
    assert not thread.is_alive() and out == [None]


def test_an_idle_reader_is_kicked_and_a_silent_device_times_out(rig) -> None:
    link, port, clock = rig

    def silent(frame: SerialFrame) -> None:
        clock.now = 0.2  # time passes; nothing comes
    port.answer = silent
    thread, out = _request(link)  # the reader blocks in a read that never times out
    thread.join(10.0)
    assert not thread.is_alive() and out == [None]
    assert port.kicks == 1 and link.caught_up >= TIMEOUT_S


def test_a_reader_stalled_past_stall_s_ends_the_wait(rig) -> None:
    link, port, clock = rig
    _answer_at(port, clock, 0.001, seq_offset=1)  # a frame for no one: the reader holds on it
    held, release = _hold_reader(link)
    thread, out = _request(link)
    assert held.wait(10.0)
    _past_deadline(port)
    clock.now = TIMEOUT_S + 5.0  # the link's stall_s past the deadline
    thread.join(10.0)
    release.set()
    assert not thread.is_alive() and out == [None]
    assert link.caught_up < TIMEOUT_S  # it did end without the reader
