"""The actuator interface: ``command(values)`` sends a DBC command and awaits the status with
a timeout, over CAN (:class:`CanActuator`) or the serial rig (:class:`SerialActuator`).

Every call returns a :class:`devices.outcome.CommandResult` carrying exactly one
:class:`devices.outcome.Outcome` and the reason for it (decided by
:func:`devices.outcome.judge`), so no command can be lost, refused or contradicted without being
reported. A device without a status message (fire-and-forget) ends ``sent``: on the bus, never
confirmed.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import Counter
from typing import Any, Protocol

import can
from cantools.database.can import Database, Message

from devices.binding import Check
from devices.can_port import CanPort
from devices.codec import (
    ALIVE_SIGNAL,
    CMD_COUNTER_SIGNAL,
    RESULT_SIGNAL,
    Result,
    decode_checked,
    encode,
)
from devices.outcome import (  # re-exported: the verdict's names, where callers import them
    CONFIRMED,
    HOLD_SIGNAL,
    NOT_COMPARED,
    CommandResult,
    Outcome,
    compared_signals,
    confirmed_by,
    disagreements,
    judge,
    outcome_counts,
)
from devices.serial_link import CATCH_UP_POLL_S, LinkDown, SerialLink
from devices.serial_protocol import FrameType, SerialFrame, can_body, split_can_body

__all__ = ["CONFIRMED", "HOLD_SIGNAL", "NOT_COMPARED", "Actuator", "CanActuator",
           "CommandResult", "Outcome", "SerialActuator", "compared_signals", "disagreements",
           "judge", "outcome_counts"]


class Actuator(Protocol):
    device: str
    last_status: dict[str, float]
    timeout_s: float

    def command(self, values: dict[str, Any], timeout_s: float | None = None) -> CommandResult: ...

    def ping(self, timeout_s: float) -> float | None: ...

    @property
    def supports_ping(self) -> bool: ...


class _Base:
    def __init__(self, db: Database, device: str, node_id: int, command: str,
                 status: str | None, timeout_s: float,
                 mapping: dict[str, str] | None = None) -> None:
        self.db = db
        self.device = device
        self.node_id = node_id
        self.command_msg: Message = db.get_message_by_name(command)
        self.status_msg: Message | None = (db.get_message_by_name(status)
                                           if status is not None else None)
        self.timeout_s = timeout_s
        self.last_status: dict[str, float] = {}
        self.strict_encode = True  # False once a binding has range-checked every value
        self._counter = itertools.count(1)
        status_signals = {s.name: s for s in self.status_msg.signals} if self.status_msg else {}
        self.mapping = {c: s for c, s in (mapping or {
            sig.name: sig.name for sig in self.command_msg.signals
            if sig.name in status_signals}).items() if c not in NOT_COMPARED}
        self.tolerance = {name: max(abs(float(sig.scale)) / 2, 1e-9)
                          for name, sig in status_signals.items()}
        self.malformed: Counter[str] = Counter()
        """Status frames skipped as malformed, by cause (bad length, unknown Result, ...)."""
        self._judged: set[str] = set(self.mapping.values())
        """Status signals a command is judged on: a frame with one of them outside its DBC range
        is malformed; other signals may sit outside theirs (a vehicle DBC's range can be wrong,
        a start value below it) without hiding the frame."""
        self._last_alive: dict[int, float] = {}
        self.in_flight = threading.Lock()
        """One command in flight per device: a status echoes one counter, so a second command
        sent before the first is answered would take the first one's status as its own."""

    def _decode(self, message: Message, data: bytes
                ) -> tuple[dict[str, float], Result | None] | None:
        """The status values and Result, or None (counted by cause) for a malformed frame."""
        decoded = decode_checked(message, data)
        if decoded.result is Result.BAD_LENGTH:
            self.malformed["bad_length"] += 1
            return None
        if decoded.result is Result.BAD_CHECKSUM:
            self.malformed["bad_crc"] += 1
            return None
        result = None
        if any(s.name == RESULT_SIGNAL for s in message.signals):
            raw = int(decoded.values.get(RESULT_SIGNAL, 0))
            try:
                result = Result(raw)
            except ValueError:
                self.malformed["unknown_result"] += 1
                return None
        if decoded.result is Result.OUT_OF_RANGE and self._judged & {
                v.split("=", 1)[0] for v in decoded.violations}:
            self.malformed["out_of_range"] += 1  # a value the verdict would be judged on
            return None
        alive = decoded.values.get(ALIVE_SIGNAL)
        if alive is not None:
            if alive == self._last_alive.get(message.frame_id):
                self.malformed["repeated_alive_counter"] += 1
                return None
            self._last_alive[message.frame_id] = alive
        return decoded.values, result

    def _decode_status(self, data: bytes) -> tuple[dict[str, float], Result | None] | None:
        assert self.status_msg is not None
        return self._decode(self.status_msg, data)

    def _payload(self, values: dict[str, Any]) -> tuple[int, bytes]:
        counter = next(self._counter) & 0x0F
        return counter, encode(self.command_msg, values, counter=counter,
                               strict=self.strict_encode)

    def _not_sent(self, exc: Exception) -> CommandResult:
        return CommandResult(self.device, 0.0, Outcome.NOT_SENT, f"not sent: {exc}")

    def _judge(self, ms: float, values: dict[str, Any],
               parsed: tuple[dict[str, float], Result | None] | None, timeout_s: float,
               checks: tuple[Check, ...] | None = None,
               seen: dict[str, dict[str, float]] | None = None) -> CommandResult:
        return judge(self.device, ms, values, parsed, self.mapping, self.tolerance, timeout_s,
                     checks, seen)

    def command(self, values: dict[str, Any], timeout_s: float | None = None,
                checks: tuple[Check, ...] | None = None) -> CommandResult:
        """Send ``values``; wait for the status (with ``checks``: until they all hold).
        One command in flight per device, so a status is never taken for another's."""
        self._judged.update(c.signal for c in checks or ())
        with self.in_flight:
            return self._command(values, self.timeout_s if timeout_s is None else timeout_s,
                                 checks)

    def _command(self, values: dict[str, Any], timeout_s: float,
                 checks: tuple[Check, ...] | None) -> CommandResult:
        raise NotImplementedError


class CanActuator(_Base):
    """A device behind a :class:`CanPort`; one command in flight at a time."""

    def __init__(self, port: CanPort, db: Database, device: str, node_id: int, command: str,
                 status: str | None, timeout_s: float = 0.05,
                 mapping: dict[str, str] | None = None) -> None:
        super().__init__(db, device, node_id, command, status, timeout_s, mapping)
        self.port = port
        self._lock = threading.Lock()
        self._expect: int | None = None
        self._got: tuple[dict[str, float], Result | None] | None = None
        self._checks: tuple[Check, ...] | None = None
        self._sent: dict[str, float] = {}
        self._seen: dict[str, dict[str, float]] = {}
        self._event = threading.Event()
        self._due_wall: float | None = None  # the wall-clock deadline of the command in flight
        self._due: float = 0.0  # the same on time.monotonic()
        self._ping: tuple[int, threading.Event] | None = None
        self._subscribed: set[int] = set()
        self.status_seen: dict[int, float] = {}
        """``time.monotonic()`` of the last valid frame of each status message, by frame id
        (what :class:`devices.status_watch.StatusWatch` reads)."""
        if self.status_msg is not None:
            self._subscribe(self.status_msg)
        has_diag = _has(db, "Diag_Request")
        self._diag_req = db.get_message_by_name("Diag_Request") if has_diag else None
        if self._diag_req is not None:
            port.subscribe(db.get_message_by_name("Diag_Response").frame_id, self._on_pong)
        self._ping_seq = itertools.count(1)

    def watch(self, message: Message) -> None:
        """Read ``message`` from now on (its age is then known before any command checks it)."""
        self._subscribe(message)

    def _subscribe(self, message: Message) -> None:
        if message.frame_id not in self._subscribed:
            self._subscribed.add(message.frame_id)
            self.port.subscribe(message.frame_id, lambda m: self._on_status(message, m))

    def _on_status(self, message: Message, msg: can.Message) -> None:
        parsed = self._decode(message, bytes(msg.data))
        if parsed is None:
            return
        self.status_seen[message.frame_id] = time.monotonic()  # its age: the cycle watch
        values = parsed[0]
        with self._lock:
            if message is self.status_msg:
                self.last_status = values  # also unsolicited: a safe state may hold it
            if self._expect is None or self._got is not None or not self._in_time(msg):
                return
            counter = values.get(CMD_COUNTER_SIGNAL)
            if counter is not None and int(counter) != self._expect:
                return
            self._seen[message.name] = values
            rejected = parsed[1] is not None and parsed[1] is not Result.ACCEPTED
            if self._checks is None:
                if message is not self.status_msg:
                    return
            elif not rejected and not confirmed_by(self._checks, self._seen, self._sent):
                return  # keep waiting: a later status may still confirm it
            self._got = parsed
            self._event.set()

    def _in_time(self, msg: can.Message) -> bool:
        """Whether ``msg`` reached the bus by the deadline of the command in flight: by its
        bus time stamp where the bus stamps frames on the host's wall clock (python-can's
        virtual and socketcan buses), else by when the reader hands it over."""
        due, now = self._due_wall, time.time()
        if due is not None and due - 3600.0 < msg.timestamp <= now + 1.0:
            return msg.timestamp <= due  # a wall-clock stamp (not a device's own clock)
        return time.monotonic() <= self._due

    def _wait(self, timeout_s: float) -> None:
        """Wait for the status up to ``timeout_s``, then, while the port's reader has not yet
        read the bus up to the deadline (a host thread stalled on a loaded machine: the status
        may be queued unread), until it has: a frame that reached the bus in time confirms
        the command however late the host reads it (:meth:`_in_time`), one after does not.
        The reader stalled longer than its ``stall_s`` is a failure of its own
        (:class:`devices.can_port.CanPort`), so the wait ends there."""
        if self._event.wait(timeout_s) or self._due_wall is None:
            return
        while self.port.caught_up < self._due and (
                time.monotonic() < self._due + self.port.stall_s):
            if self._event.wait(CATCH_UP_POLL_S):
                return

    def _on_pong(self, msg: can.Message) -> None:
        data = bytes(msg.data)
        if len(data) >= 2 and self._ping is not None and data[0] == self.node_id and (
            data[1] == self._ping[0]
        ):
            self._ping[1].set()

    def _command(self, values: dict[str, Any], timeout_s: float,
                 checks: tuple[Check, ...] | None) -> CommandResult:
        try:
            counter, data = self._payload(values)
        except Exception as exc:  # cantools refuses values outside the DBC: nothing sent
            return self._not_sent(exc)
        for c in checks or ():
            self._subscribe(self.db.get_message_by_name(c.message))
        with self._lock:
            self._expect, self._got = counter, None
            self._checks, self._sent, self._seen = checks, dict(values), {}
            self._event.clear()
            self._due_wall, self._due = time.time() + timeout_s, time.monotonic() + timeout_s
        msg = can.Message(arbitration_id=self.command_msg.frame_id, data=data,
                          is_extended_id=self.command_msg.is_extended_frame)
        t0 = time.perf_counter()
        try:
            self.port.send(msg)
        except can.CanError as exc:
            with self._lock:
                self._expect = None
            return CommandResult(self.device, (time.perf_counter() - t0) * 1e3, Outcome.ERROR,
                                 f"send failed: {exc}")
        if self.status_msg is None:  # fire-and-forget: nothing will ever confirm it
            with self._lock:
                self._expect = None
            return CommandResult(self.device, (time.perf_counter() - t0) * 1e3, Outcome.SENT,
                                 "fire-and-forget: no status message to confirm it")
        self._wait(timeout_s)
        ms = (time.perf_counter() - t0) * 1e3
        with self._lock:
            got, self._expect, self._due_wall = self._got, None, None
            seen = dict(self._seen)
        if got is None and seen:  # status frames came, none confirmed the command
            got = (next(iter(seen.values())), None)
        return self._judge(ms, values, got, timeout_s, checks, seen)

    @property
    def supports_ping(self) -> bool:
        """Pings need the cabin Diag_Request/Diag_Response messages and a node id."""
        return self._diag_req is not None and bool(self.node_id)

    def ping(self, timeout_s: float) -> float | None:
        """Round trip of a Diag_Request to this node in ms, None on timeout or no diag."""
        if self._diag_req is None or not self.node_id:
            return None
        seq = next(self._ping_seq) & 0xFF
        event = threading.Event()
        self._ping = (seq, event)
        data = encode(self._diag_req, {"Target": self.node_id, "Seq": seq})
        t0 = time.perf_counter()
        try:
            self.port.send_raw(can.Message(arbitration_id=self._diag_req.frame_id, data=data,
                                           is_extended_id=self._diag_req.is_extended_frame))
        except can.CanError:
            return None
        ok = event.wait(timeout_s)
        self._ping = None
        return (time.perf_counter() - t0) * 1e3 if ok else None


class SerialActuator(_Base):
    """A device on the serial rig: DBC payloads carried in COMMAND/STATUS frames."""

    def __init__(self, link: SerialLink, db: Database, device: str, node_id: int, command: str,
                 status: str, timeout_s: float = 0.05,
                 mapping: dict[str, str] | None = None) -> None:
        super().__init__(db, device, node_id, command, status, timeout_s, mapping)
        self.link = link

    def _command(self, values: dict[str, Any], timeout_s: float,
                 checks: tuple[Check, ...] | None) -> CommandResult:
        assert self.status_msg is not None, "serial devices always answer with a status"
        try:
            _, data = self._payload(values)
        except Exception as exc:  # cantools refuses values outside the DBC: nothing sent
            return self._not_sent(exc)
        frame = SerialFrame(FrameType.COMMAND, self.link.next_seq(),
                            can_body(self.command_msg.frame_id, data))
        t0 = time.perf_counter()
        try:
            reply = self.link.request(frame, timeout_s)
        except LinkDown as exc:
            return CommandResult(self.device, (time.perf_counter() - t0) * 1e3, Outcome.ERROR,
                                 f"serial link down: {exc}")
        ms = (time.perf_counter() - t0) * 1e3
        parsed = None
        if reply is not None and reply.type == FrameType.STATUS:
            body = split_can_body(reply.body)
            if body is not None and body[0] == self.status_msg.frame_id:
                parsed = self._decode_status(body[1])
        if parsed is not None:
            self.last_status = parsed[0]
        seen = {self.status_msg.name: parsed[0]} if parsed else {}
        return self._judge(ms, values, parsed, timeout_s, checks, seen)

    supports_ping = True

    def ping(self, timeout_s: float) -> float | None:
        t0 = time.perf_counter()
        try:
            reply = self.link.request(SerialFrame(FrameType.PING, self.link.next_seq()), timeout_s)
        except LinkDown:
            return None
        return (time.perf_counter() - t0) * 1e3 if reply is not None else None


def _has(db: Database, name: str) -> bool:
    try:
        db.get_message_by_name(name)
    except KeyError:
        return False
    return True
