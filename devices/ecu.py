"""Simulated devices generated from their binding (:class:`devices.binding.DeviceSpec`).

A :class:`BoundTwin` answers a command frame the way the rig file says the real device
confirms it: every binding whose constants match the frame sets its confirmation signals in
the status message(s), which are sent after the modelled delay. No Python class per device:
a cabin HVAC and a vehicle's climate module are the same code with a different rig file.
Frames outside the bound ranges are rejected (answered with ``Result`` when the status has
one, otherwise silently dropped and counted).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np
from cantools.database.can import Database, Message

from devices.binding import DeviceSpec
from devices.codec import (
    ALIVE_SIGNAL,
    CMD_COUNTER_SIGNAL,
    COUNTER_SIGNAL,
    RESULT_SIGNAL,
    Result,
    decode_checked,
    encode,
    restamp,
    start_values,
)
from latency_models import Distribution, StageModel
from latency_models.distributions import Fixed


@dataclass
class Reply:
    """A status frame to send ``delay_s`` after the command arrived."""

    frame_id: int
    data: bytes
    delay_s: float
    result: Result
    extended: bool = False


class BoundTwin:
    """A simulated device answering from its binding after a modelled delay."""

    def __init__(self, db: Database, spec: DeviceSpec,
                 delay: StageModel | Distribution | None = None, seed: int = 0) -> None:
        self.spec = spec
        self.db = db
        self.command_msg: Message = db.get_message_by_name(spec.command)
        self.status_msgs: list[Message] = [db.get_message_by_name(n)
                                           for n in spec.status_messages()]
        self.state: dict[str, dict[str, float]] = {m.name: start_values(m)
                                                   for m in self.status_msgs}
        if isinstance(delay, Distribution):
            delay = StageModel("render", delay, 20.0)
        self.delay = delay or StageModel("render", Fixed(1.0), 20.0)
        self.rng = np.random.default_rng(seed)
        self.results: Counter[str] = Counter()
        self.rejections: list[str] = []
        self.alive: dict[int, int] = {}  # E2E alive counter per status frame id sent
        self._alive_msgs = {m.frame_id: m for m in self.status_msgs
                            if any(s.name == ALIVE_SIGNAL for s in m.signals)}

    @property
    def device(self) -> str:
        return self.spec.name

    @property
    def node_id(self) -> int:
        return self.spec.node_id

    def next_delay_s(self) -> float:
        return float(self.delay.sample(self.rng, 1)[0]) / 1000.0

    def apply(self, command: dict[str, float]) -> None:
        """Update the reported state from an accepted command, as the binding confirms it."""
        for check, value in self.spec.reactions(command):
            if check.message in self.state:
                self.state[check.message][check.signal] = value

    def status_frame(self, message: Message, counter: int, result: Result) -> bytes:
        values: dict[str, Any] = dict(self.state[message.name])
        names = {s.name for s in message.signals}
        if CMD_COUNTER_SIGNAL in names:
            values[CMD_COUNTER_SIGNAL] = counter & 0x0F
        if RESULT_SIGNAL in names:
            values[RESULT_SIGNAL] = int(result)
        if ALIVE_SIGNAL in names:
            values[ALIVE_SIGNAL] = self.next_alive(message.frame_id)
        return encode(message, values, strict=False)

    def next_alive(self, frame_id: int) -> int:
        """The next E2E alive counter for a status frame (one counter per status message)."""
        self.alive[frame_id] = (self.alive.get(frame_id, 0) + 1) & 0x0F
        return self.alive[frame_id]

    def restamp(self, frame_id: int, data: bytes) -> bytes:
        """A status frame stamped with the next alive counter at the moment it is sent."""
        message = self._alive_msgs.get(frame_id)
        if message is None:
            return data
        return restamp(message, data, self.next_alive(frame_id))

    def handle(self, data: bytes) -> list[Reply]:
        """React to a command frame; never raises on garbage."""
        decoded = decode_checked(self.command_msg, bytes(data), self.spec.ranges)
        counter = int(data[6] & 0x0F) if len(data) > 6 else 0
        if decoded.ok:
            counter = int(decoded.values.get(COUNTER_SIGNAL, counter))
            self.apply(decoded.values)
        else:
            self.rejections.append(f"{self.device}: {decoded.result.name}: {decoded.violations}")
        self.results[decoded.result.name] += 1
        delay = self.next_delay_s() if decoded.ok else 0.0
        replies = []
        for msg in self.status_msgs:
            if decoded.ok or RESULT_SIGNAL in {s.name for s in msg.signals}:
                replies.append(Reply(msg.frame_id, self.status_frame(msg, counter,
                                                                     decoded.result),
                                     delay, decoded.result, msg.is_extended_frame))
        return replies


def share_status(twins: list[BoundTwin]) -> None:
    """Twins that report on the same status message share its state (one module reporting
    for several requests), so no twin sends a stale copy of another's values."""
    shared: dict[str, dict[str, float]] = {}
    for t in twins:
        for name in list(t.state):
            t.state[name] = shared.setdefault(name, t.state[name])


def build_ecu(db: Database, config: dict[str, Any]) -> BoundTwin:
    """A twin from a plain dict (crosses process borders): ``spec`` (DeviceSpec JSON),
    ``delay`` (a distribution spec) and ``seed``."""
    from latency_models import distribution_from_spec

    spec = DeviceSpec.from_json(config["spec"])
    delay = distribution_from_spec(config.get("delay", {"dist": "fixed", "value": 1.0}))
    return BoundTwin(db, spec, delay, int(config.get("seed", 0)))
