"""The actuator interface: ``command(values)`` sends a DBC command and awaits the status with
a timeout, over CAN (:class:`CanActuator`) or the serial rig (:class:`SerialActuator`).

Every call returns a :class:`CommandResult` that is exactly one of ok / sent / rejected /
mismatch / timeout / error, so no command can be lost without being reported. With
``checks`` (from the device's binding, :mod:`devices.binding`) a command is ``ok`` only when
the status confirms it; a device without a status message (fire-and-forget) is ``sent``.
"""

from __future__ import annotations

import itertools
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

import can
from cantools.database.can import Database, Message

from devices.binding import Check
from devices.can_port import CanPort
from devices.codec import CMD_COUNTER_SIGNAL, RESULT_SIGNAL, Result, decode_checked, encode
from devices.serial_link import LinkDown, SerialLink
from devices.serial_protocol import FrameType, SerialFrame, can_body, split_can_body


@dataclass
class CommandResult:
    """What happened to one command. ``ms`` is wall clock from send to status (or give-up)."""

    device: str
    ms: float
    ok: bool = False
    timeout: bool = False
    rejected: bool = False
    error: str | None = None
    result: Result | None = None
    status: dict[str, float] = field(default_factory=dict)
    sent: bool = False  # fire-and-forget: on the bus, nothing can confirm it
    mismatch: bool = False  # status seen, but it never confirmed the command
    not_sent: bool = False  # refused before encoding (the error says why)

    @property
    def outcome(self) -> str:
        if self.ok:
            return "ok"
        if self.sent:
            return "sent"
        if self.rejected:
            return "rejected"
        if self.mismatch:
            return "mismatch"
        if self.not_sent:
            return "not_sent"
        if self.timeout:
            return "timeout"
        return "error"


class Actuator(Protocol):
    device: str
    last_status: dict[str, float]

    def command(self, values: dict[str, Any], timeout_s: float | None = None) -> CommandResult: ...

    def ping(self, timeout_s: float) -> float | None: ...

    @property
    def supports_ping(self) -> bool: ...


def _judge(device: str, ms: float, decoded_values: dict[str, float] | None,
           result: Result | None, checks: tuple[Check, ...] | None = None,
           sent: dict[str, float] | None = None,
           seen: dict[str, dict[str, float]] | None = None) -> CommandResult:
    if decoded_values is None:
        return CommandResult(device, ms, timeout=True, error="no status before the timeout")
    if result is not None and result is not Result.ACCEPTED:
        return CommandResult(device, ms, rejected=True, result=result, status=decoded_values,
                             error=f"device rejected the command: {result.name}")
    if checks and not _confirmed(checks, seen or {}, sent or {}):
        failed = [c for c in checks if not c.holds((seen or {}).get(c.message, {}), sent or {})]
        got = ", ".join(f"{c.signal}={(seen or {}).get(c.message, {}).get(c.signal, '-')}"
                        for c in failed)
        return CommandResult(device, ms, mismatch=True, status=decoded_values,
                             error=f"status did not confirm {failed[0].describe(sent)} "
                                   f"(got {got})")
    return CommandResult(device, ms, ok=True, result=Result.ACCEPTED, status=decoded_values)


def _confirmed(checks: tuple[Check, ...], seen: dict[str, dict[str, float]],
               sent: dict[str, float]) -> bool:
    return all(c.holds(seen.get(c.message, {}), sent) for c in checks)


class _Base:
    def __init__(self, db: Database, device: str, node_id: int, command: str,
                 status: str | None, timeout_s: float) -> None:
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

    def _decode(self, message: Message, data: bytes
                ) -> tuple[dict[str, float], Result | None] | None:
        decoded = decode_checked(message, data)
        if decoded.result in (Result.BAD_LENGTH, Result.BAD_CHECKSUM):
            return None
        has_result = any(s.name == RESULT_SIGNAL for s in message.signals)
        result = Result(int(decoded.values.get(RESULT_SIGNAL, 0))) if has_result else None
        return decoded.values, result

    def _decode_status(self, data: bytes) -> tuple[dict[str, float], Result | None] | None:
        assert self.status_msg is not None
        return self._decode(self.status_msg, data)

    def _payload(self, values: dict[str, Any]) -> tuple[int, bytes]:
        counter = next(self._counter) & 0x0F
        return counter, encode(self.command_msg, values, counter=counter,
                               strict=self.strict_encode)


class CanActuator(_Base):
    """A device behind a :class:`CanPort`; one command in flight at a time."""

    def __init__(self, port: CanPort, db: Database, device: str, node_id: int, command: str,
                 status: str | None, timeout_s: float = 0.05) -> None:
        super().__init__(db, device, node_id, command, status, timeout_s)
        self.port = port
        self._lock = threading.Lock()
        self._expect: int | None = None
        self._got: tuple[dict[str, float], Result | None] | None = None
        self._checks: tuple[Check, ...] | None = None
        self._sent: dict[str, float] = {}
        self._seen: dict[str, dict[str, float]] = {}
        self._event = threading.Event()
        self._ping: tuple[int, threading.Event] | None = None
        self._subscribed: set[int] = set()
        if self.status_msg is not None:
            self._subscribe(self.status_msg)
        has_diag = _has(db, "Diag_Request")
        self._diag_req = db.get_message_by_name("Diag_Request") if has_diag else None
        if self._diag_req is not None:
            port.subscribe(db.get_message_by_name("Diag_Response").frame_id, self._on_pong)
        self._ping_seq = itertools.count(1)

    def _subscribe(self, message: Message) -> None:
        if message.frame_id not in self._subscribed:
            self._subscribed.add(message.frame_id)
            self.port.subscribe(message.frame_id, lambda m: self._on_status(message, m))

    def _on_status(self, message: Message, msg: can.Message) -> None:
        parsed = self._decode(message, bytes(msg.data))
        if parsed is None:
            return
        values = parsed[0]
        with self._lock:
            if message is self.status_msg:
                self.last_status = values  # also unsolicited: a safe state may hold it
            if self._expect is None or self._got is not None:
                return
            counter = values.get(CMD_COUNTER_SIGNAL)
            if counter is not None and int(counter) != self._expect:
                return
            self._seen[message.name] = values
            rejected = parsed[1] is not None and parsed[1] is not Result.ACCEPTED
            if self._checks is None:
                if message is not self.status_msg:
                    return
            elif not rejected and not _confirmed(self._checks, self._seen, self._sent):
                return  # keep waiting: a later status may still confirm it
            self._got = parsed
            self._event.set()

    def _on_pong(self, msg: can.Message) -> None:
        data = bytes(msg.data)
        if len(data) >= 2 and self._ping is not None and data[0] == self.node_id and (
            data[1] == self._ping[0]
        ):
            self._ping[1].set()

    def command(self, values: dict[str, Any], timeout_s: float | None = None,
                checks: tuple[Check, ...] | None = None) -> CommandResult:
        """Send ``values``; wait for the status (with ``checks``: until they all hold)."""
        timeout_s = self.timeout_s if timeout_s is None else timeout_s
        counter, data = self._payload(values)
        for c in checks or ():
            self._subscribe(self.db.get_message_by_name(c.message))
        with self._lock:
            self._expect, self._got = counter, None
            self._checks, self._sent, self._seen = checks, dict(values), {}
            self._event.clear()
        msg = can.Message(arbitration_id=self.command_msg.frame_id, data=data,
                          is_extended_id=self.command_msg.is_extended_frame)
        t0 = time.perf_counter()
        try:
            self.port.send(msg)
        except can.CanError as exc:
            return CommandResult(self.device, (time.perf_counter() - t0) * 1e3,
                                 error=f"send failed: {exc}")
        if self.status_msg is None:  # fire-and-forget: nothing will ever confirm it
            with self._lock:
                self._expect = None
            return CommandResult(self.device, (time.perf_counter() - t0) * 1e3, sent=True)
        self._event.wait(timeout_s)
        ms = (time.perf_counter() - t0) * 1e3
        with self._lock:
            got, self._expect = self._got, None
            seen = dict(self._seen)
        if got is None and seen:  # status frames came, none confirmed the command
            got = (next(iter(seen.values())), None)
        return _judge(self.device, ms, *(got if got else (None, None)), checks=checks,
                      sent=dict(values), seen=seen)

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
                 status: str, timeout_s: float = 0.05) -> None:
        super().__init__(db, device, node_id, command, status, timeout_s)
        self.link = link

    def command(self, values: dict[str, Any], timeout_s: float | None = None,
                checks: tuple[Check, ...] | None = None) -> CommandResult:
        """Send ``values`` in a COMMAND frame; the STATUS reply must pass ``checks``."""
        timeout_s = self.timeout_s if timeout_s is None else timeout_s
        assert self.status_msg is not None, "serial devices always answer with a status"
        _, data = self._payload(values)
        frame = SerialFrame(FrameType.COMMAND, self.link.next_seq(),
                            can_body(self.command_msg.frame_id, data))
        t0 = time.perf_counter()
        try:
            reply = self.link.request(frame, timeout_s)
        except LinkDown as exc:
            return CommandResult(self.device, (time.perf_counter() - t0) * 1e3,
                                 error=f"serial link down: {exc}")
        ms = (time.perf_counter() - t0) * 1e3
        parsed = None
        if reply is not None and reply.type == FrameType.STATUS:
            body = split_can_body(reply.body)
            if body is not None and body[0] == self.status_msg.frame_id:
                parsed = self._decode_status(body[1])
        if parsed is not None:
            self.last_status = parsed[0]
        seen = {self.status_msg.name: parsed[0]} if parsed else {}
        return _judge(self.device, ms, *(parsed if parsed else (None, None)), checks=checks,
                      sent=dict(values), seen=seen)

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
