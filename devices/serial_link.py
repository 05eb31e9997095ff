"""The host's side of the serial rig: pyserial with bulk reads in one reader thread.

``read(in_waiting or 1)`` instead of ``readline``/``read_until`` (those read one byte per
syscall). When the other side goes away (EIO on a pty, an empty read, a SerialException) the
link is marked down and every waiter is woken at once, so nothing hangs.

A reply is judged by when it came, not by when the waiting thread wakes: the reader stamps the
bytes it reads with the time the OS showed them waiting (``in_waiting``) or its read returned,
and a request whose deadline passes before the reply is dispatched waits on until the reader
has read the port up to the deadline (:attr:`SerialLink.caught_up`). On a loaded host a reply
queued behind a starved reader then still counts; one stamped after the deadline does not.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import TextIO

import serial

from devices.critical import critical
from devices.serial_protocol import FrameDecoder, SerialFrame, encode_frame


class LinkDown(ConnectionError):
    """The serial link is disconnected."""


CATCH_UP_POLL_S = 0.005
"""How often a wait past its deadline looks whether the reader has caught up (this link's
requests, and a CAN command's in :mod:`devices.actuator`)."""

Clock = Callable[[], float]


class SerialLink:
    """Request/response over the framed protocol; replies are matched by ``seq``."""

    def __init__(self, port: serial.Serial, log: TextIO | None = None,
                 clock: Clock = time.monotonic, stall_s: float = 5.0) -> None:
        """``clock``: what replies and deadlines are timed on (a test injects one);
        ``stall_s``: how long a request past its deadline waits at most for a stalled reader."""
        self.port = port
        self.log = log
        self.decoder = FrameDecoder()
        self.down_reason: str | None = None
        self.unmatched = 0
        self.rx_faults: Counter[str] = Counter()
        """Exceptions while handling received bytes, by type (skipped; the reader carries on)."""
        self.reader_failure: str | None = None
        self._seq = 0
        self._lock = threading.Lock()
        self._waiters: dict[int, tuple[threading.Event, list[tuple[SerialFrame, float]]]] = {}
        self._clock = clock
        self.stall_s = stall_s
        self.caught_up = clock()
        """The reader's last look at an empty OS queue: every reply that came before it has
        been dispatched."""
        self.late_replies = 0
        """Replies that came in time but reached their request only after its wait ran out
        (taken: the reader was behind)."""
        self._stop = threading.Event()
        self.on_frame: Callable[[SerialFrame], None] | None = None
        self.accept: Callable[[SerialFrame], bool] | None = None  # fault hook: False hides it
        self._t0 = time.time()
        self._thread = threading.Thread(target=self._run, name="serial-link", daemon=True)
        self._thread.start()

    @classmethod
    def open(cls, path: str, baudrate: int = 115200, log: TextIO | None = None) -> SerialLink:
        return cls(serial.Serial(path, baudrate=baudrate, timeout=0.05, write_timeout=0.5), log)

    def _log(self, direction: str, data: bytes | str) -> None:
        if self.log is not None:
            text = data if isinstance(data, str) else data.hex(" ")
            with self._lock:
                self.log.write(f"{time.time():.6f} {direction} {text}\n")

    def next_seq(self) -> int:
        with self._lock:
            self._seq = (self._seq + 1) & 0xFF
            return self._seq

    def send(self, frame: SerialFrame) -> threading.Event:
        """Write a frame; returns an event set when its reply (same seq) arrives or link dies."""
        if self.down_reason is not None:
            raise LinkDown(self.down_reason)
        event = threading.Event()
        with self._lock:
            self._waiters[frame.seq] = (event, [])
        data = encode_frame(frame)
        with critical():  # a signal must not fall between writing and logging
            try:
                self.port.write(data)
            except serial.SerialTimeoutException:
                # pyserial checks its write timeout after os.write returned: a thread starved
                # on a loaded machine reports a frame that went out as timed out. The link is
                # not down; the reply (or its absence, a timeout) decides the command.
                self._log("WARN", "write timeout reported; waiting for the reply")
            except (serial.SerialException, OSError) as exc:
                self._mark_down(f"write failed: {exc}")
                raise LinkDown(self.down_reason) from exc
            self._log("TX", data)
        return event

    def request(self, frame: SerialFrame, timeout_s: float) -> SerialFrame | None:
        """Send and wait for the reply; None on timeout, :class:`LinkDown` if disconnected.

        The reply counts if it came by the deadline (its stamp, :meth:`_read_loop`), however
        late this thread wakes or the reader hands it over; past the deadline the wait goes on
        until the reader has read the port up to it, at most ``stall_s``."""
        due = self._clock() + timeout_s
        event = self.send(frame)
        woke = event.wait(timeout_s)
        if not woke and self.down_reason is None:
            self._catch_up(event, due)
        with self._lock:
            _, got = self._waiters.pop(frame.seq, (None, []))
        if got and got[0][1] <= due:
            self.late_replies += not woke
            return got[0][0]
        if self.down_reason is not None:
            raise LinkDown(self.down_reason)
        return None

    def _catch_up(self, event: threading.Event, due: float) -> None:
        """Wait while the reader has not looked at the port since ``due`` (a starved thread:
        the reply may be queued unread), up to ``stall_s`` past it; kick a blocked read so an
        idle reader looks at once."""
        cancel = getattr(self.port, "cancel_read", None)
        if cancel is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                cancel()
        while self.caught_up < due and self._clock() < due + self.stall_s:
            if event.wait(CATCH_UP_POLL_S):
                return

    def _mark_down(self, reason: str) -> None:
        if self.down_reason is None:
            self.down_reason = reason
            self._log("DOWN", reason)
        with self._lock:
            for event, _ in self._waiters.values():
                event.set()

    def _run(self) -> None:
        try:
            self._read_loop()
        except BaseException as exc:  # the reader must not die silently: fail every waiter
            self.reader_failure = f"reader thread died: {exc!r}"
            self._mark_down(self.reader_failure)

    def _read_loop(self) -> None:
        while not self._stop.is_set():
            try:
                polled = self._clock()
                waiting = self.port.in_waiting
                seen = self._clock()  # what is waiting now came by then
                if not waiting:
                    self.caught_up = polled
                data = self.port.read(waiting or 1)
            except (serial.SerialException, OSError, TypeError) as exc:
                # pty: EIO once the emulator closes its side; pyserial: "returned no data"
                if not self._stop.is_set():
                    self._mark_down(f"read failed: {exc}")
                return
            if not data:
                continue
            came = seen if waiting else self._clock()  # a blocked read: when it returned
            self._log("RX", data)
            try:
                self._dispatch(data, came)
            except Exception as exc:  # a bad frame must never deafen the host
                self.rx_faults[type(exc).__name__] += 1

    def _dispatch(self, data: bytes, came: float) -> None:
        for frame in self.decoder.feed(data):
            if self.on_frame is not None:
                self.on_frame(frame)
            if self.accept is not None and not self.accept(frame):
                continue
            with self._lock:
                waiter = self._waiters.get(frame.seq)
                if waiter is None or waiter[1]:
                    self.unmatched += 1
                    continue
                waiter[1].append((frame, came))
                waiter[0].set()

    def close(self, timeout_s: float = 1.0) -> None:
        self._stop.set()
        self._thread.join(timeout_s)
        with contextlib.suppress(serial.SerialException, OSError):
            self.port.close()
        if self.log is not None:
            self.log.flush()
