"""The host's side of a CAN bus: one reader thread, waiters by frame id, trace listeners,
and hooks where bus faults plug in (``tx_hook``, ``rx_hook``).

The reader never dies of a frame: a subscriber that raises is counted (``rx_faults``) and the
next frame is read. A watchdog thread checks the reader; a reader that died is recorded in
``reader_failures`` (which fails the run) and restarted, so later commands and the safe state
are still confirmed; a reader stuck longer than ``stall_s`` is recorded too."""

from __future__ import annotations

import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Protocol

import can

from devices.critical import critical

RxCallback = Callable[[can.Message], None]
TxHook = Callable[[can.Message], list[tuple[float, can.Message]]]
RxHook = Callable[[can.Message], bool]


MAX_PENDING_ECHOES = 1024  # distinct own frames awaiting their looped-back copy


def loops_back(bus: can.BusABC) -> bool:
    """Does ``bus`` hand the host its own frames back? udp_multicast does (the OS's multicast
    loopback; python-can cannot filter it), any bus does with ``receive_own_messages``."""
    return type(bus).__name__ == "UdpMulticastBus" or bool(
        getattr(bus, "receive_own_messages", False))


class FrameSink(Protocol):
    def on_message_received(self, msg: can.Message) -> None: ...


class NoteSink(Protocol):
    """A sink that also takes a text note at a time (the ASC trace's event lines)."""

    def log_note(self, text: str, timestamp: float) -> None: ...


class CanPort:
    """Sends frames, dispatches received frames to subscribers, feeds every frame to sinks.

    ``tx_hook(msg)`` returns ``[(delay_s, frame), ...]`` to send instead of ``msg`` (empty:
    dropped) or raises ``can.CanOperationError`` (e.g. bus-off). ``rx_hook(msg)`` returns False
    to hide a received frame from subscribers (it is still traced: it was on the bus).

    Every frame on the wire is traced once, whoever sent it. On a bus that loops the host's
    own frames back (udp_multicast) the copy of a frame it sent is recognised and skipped;
    another node sending on an id this port transmits is traced and counted in
    ``foreign_on_tx_ids`` (a second sender on a command id), never dispatched.
    """

    def __init__(self, bus: can.BusABC, sinks: list[FrameSink] | None = None,
                 poll_s: float = 0.02, channel: int = 0, stall_s: float = 5.0) -> None:
        """``channel``: this bus's trace channel (0-based; ASC/BLF number it from 1)."""
        self.bus = bus
        self.channel = channel
        self.sinks = list(sinks or [])
        self.tx_hook: TxHook | None = None
        self.rx_hook: RxHook | None = None
        self.poll_s = poll_s
        self._subs: dict[int, tuple[RxCallback, ...]] = {}  # replaced, never changed in place
        self._tx_ids: set[int] = set()
        self._loops_back = loops_back(bus)
        self._echoes: Counter[tuple[int, bytes]] = Counter()  # own frames not yet looped back
        self.foreign_on_tx_ids: Counter[int] = Counter()
        """Frames another node sent on an id this port transmits, by id."""
        self._lock = threading.Lock()
        self._timers: list[threading.Timer] = []
        self._stop = threading.Event()
        self.rx_errors = 0
        self.seen = 0
        """Frames received from other nodes (for tests and health figures)."""
        self.rx_faults: Counter[str] = Counter()
        """Subscriber exceptions by type (the frame is skipped, the reader carries on)."""
        self.reader_failures: list[str] = []
        """Reader deaths and stalls seen by the watchdog (each one fails the run)."""
        self.stall_s = stall_s
        self.beat = self.caught_up = time.monotonic()
        self._thread = self._start_reader()
        self._watchdog = threading.Thread(target=self._watch, name="can-port-watchdog",
                                          daemon=True)
        self._watchdog.start()

    def _start_reader(self) -> threading.Thread:
        self.beat = self.caught_up = time.monotonic()
        thread = threading.Thread(target=self._run, name="can-port", daemon=True)
        thread.start()
        return thread

    def _fail(self, what: str) -> None:
        self.reader_failures.append(what)
        print(f"can-port: {what}", file=sys.stderr)

    def _watch(self, every_s: float = 0.05) -> None:
        stalled = False
        while not self._stop.wait(every_s):
            stalled = self._check(stalled)

    def _check(self, stalled: bool) -> bool:
        """One look at the reader: a death is a failure (and a restart), a stall one failure
        per stall; returns whether it is stalled now."""
        if not self._thread.is_alive():
            if self._stop.is_set():
                return False  # it stopped because close() asked it to (set before it ended)
            self._fail("reader thread died; restarted")
            self._thread = self._start_reader()
            return False
        late = time.monotonic() - self.beat
        if late > self.stall_s and not stalled:
            self._fail(f"reader stuck for more than {self.stall_s:g} s")
        return late > self.stall_s

    def subscribe(self, frame_id: int, callback: RxCallback) -> None:
        with self._lock:  # copy on write: the reader reads it without the lock
            self._subs = {**self._subs, frame_id: (*self._subs.get(frame_id, ()), callback)}

    def _trace(self, msg: can.Message) -> None:
        if not msg.timestamp:
            msg.timestamp = time.time()
        msg.channel = self.channel  # one channel per bus in ASC/BLF
        for sink in self.sinks:
            sink.on_message_received(msg)

    def _note(self, text: str) -> None:
        now = time.time()
        for sink in self.sinks:
            log_note = getattr(sink, "log_note", None)
            if log_note is not None:
                log_note(text, now)

    def send_raw(self, msg: can.Message) -> None:
        """Send without fault hooks (traced)."""
        self._tx_ids.add(msg.arbitration_id)
        with critical():  # a signal must not fall between sending and tracing
            if not msg.is_error_frame:
                if self._loops_back:
                    self._expect_echo((msg.arbitration_id, bytes(msg.data)))
                self.bus.send(msg, timeout=0.1)
            msg.is_rx = False
            msg.timestamp = time.time()
            self._trace(msg)

    def send(self, msg: can.Message) -> None:
        """Send through the fault hook; raises ``can.CanError`` when the bus refuses."""
        self._tx_ids.add(msg.arbitration_id)
        try:
            planned = [(0.0, msg)] if self.tx_hook is None else self.tx_hook(msg)
        except can.CanError as exc:
            marker = getattr(exc, "error_frame", None)  # e.g. bus-off shows as an error frame
            if marker is not None:
                self._trace(marker)
            raise
        if not planned:  # dropped by a link fault: the trace says where the frame would be
            self._note(f"bench: link fault dropped 0x{msg.arbitration_id:X} "
                       f"{bytes(msg.data).hex(' ').upper()}")
        for delay_s, frame in planned:
            if delay_s <= 0:
                self.send_raw(frame)
            else:
                timer = threading.Timer(delay_s, self._send_later, (frame,))
                timer.daemon = True
                self._timers = [t for t in self._timers if t.is_alive()]
                self._timers.append(timer)
                timer.start()

    def _send_later(self, frame: can.Message) -> None:
        if self._stop.is_set():
            return
        try:
            self.send_raw(frame)
        except can.CanError:
            self.rx_errors += 1

    def _next(self) -> can.Message | None:
        """The next frame, waiting up to ``poll_s``. ``beat`` is the reader's last poll (the
        stall watchdog's: it is making progress); ``caught_up`` moves only when the queue is
        seen empty, so every frame received before it has been dispatched (a status watch that
        reads it never takes a frame still queued from a stall for a silence)."""
        polled = self.beat = time.monotonic()
        msg = self.bus.recv(timeout=0.0)
        if msg is None:
            self.caught_up = polled
            msg = self.bus.recv(timeout=self.poll_s)
        return msg

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                msg = self._next()
            except (can.CanError, OSError, ValueError):
                self.rx_errors += 1
                self.caught_up = time.monotonic()  # nothing it could read is waiting
                if self._stop.wait(self.poll_s):
                    return
                continue
            if msg is None:
                continue
            own_id = msg.arbitration_id in self._tx_ids
            if own_id and self._is_echo(msg):
                continue  # our own frame looped back: traced when it was sent
            msg.is_rx = True
            self.seen += 1
            self._trace(msg)
            if own_id:  # another node on an id this host sends: traced, not dispatched
                self.foreign_on_tx_ids[msg.arbitration_id] += 1
                continue
            if self.rx_hook is not None and not self.rx_hook(msg):
                continue
            for cb in self._subs.get(msg.arbitration_id, ()):
                try:
                    cb(msg)
                except Exception as exc:  # a bad frame must never deafen the host
                    self.rx_faults[type(exc).__name__] += 1

    def _expect_echo(self, key: tuple[int, bytes]) -> None:
        with self._lock:
            if len(self._echoes) >= MAX_PENDING_ECHOES:  # copies the bus lost: forget them
                self._echoes.clear()
            self._echoes[key] += 1

    def _is_echo(self, msg: can.Message) -> bool:
        if not self._loops_back:
            return False
        key = (msg.arbitration_id, bytes(msg.data))
        with self._lock:
            if self._echoes.get(key, 0) <= 0:
                return False
            self._echoes[key] -= 1
            if not self._echoes[key]:
                del self._echoes[key]
            return True

    @property
    def reader_alive(self) -> bool:
        return self._thread.is_alive()

    def close(self, timeout_s: float = 1.0) -> None:
        """Stop the reader (pending delayed frames are cancelled) and trace the frames still
        queued on the bus (read, not dispatched); the bus stays open."""
        self._stop.set()
        for timer in self._timers:
            timer.cancel()
        self._thread.join(timeout_s)
        self._watchdog.join(timeout_s)
        if not self._thread.is_alive():
            self._drain()

    def _drain(self, limit: int = 10_000) -> None:
        for _ in range(limit):
            try:
                msg = self.bus.recv(timeout=0.0)
            except (can.CanError, OSError, ValueError):
                return
            if msg is None:
                return
            if msg.arbitration_id in self._tx_ids and self._is_echo(msg):
                continue
            msg.is_rx = True
            self._trace(msg)
