"""ECU logic shared by the CAN twins and the serial rig emulator (no I/O here).

An :class:`Ecu` turns a command frame into a status frame: it range-checks the decoded command
itself (cantools does not on decode), rejects visibly (status ``Result`` != 0 and a counter),
and tells the transport how long the modelled actuation takes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
from cantools.database.can import Database

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


@dataclass(frozen=True)
class EcuSpec:
    """Which DBC messages an ECU listens and answers on, and how command maps to status."""

    device: str
    node_id: int
    command: str
    status: str
    mapping: dict[str, str] = field(default_factory=dict)


@dataclass
class Reply:
    """A status frame to send ``delay_s`` after the command arrived (``data`` None: silent)."""

    frame_id: int
    data: bytes | None
    delay_s: float
    result: Result


class Ecu:
    """A generic DBC twin: echoes mapped command signals into the status after a delay.

    Any DBC works: give the command/status message names and a signal mapping. When the
    status message has ``CmdCounter``/``Result`` signals, rejections are answered with a status
    frame carrying the reason; otherwise a rejected command gets no answer (still counted).
    """

    default_spec: ClassVar[EcuSpec | None] = None

    def __init__(
        self,
        db: Database,
        spec: EcuSpec | None = None,
        delay: StageModel | Distribution | None = None,
        seed: int = 0,
    ) -> None:
        spec = spec or self.default_spec
        if spec is None:
            raise ValueError(f"{type(self).__name__} needs an EcuSpec")
        self.spec = spec
        self.db = db
        self.command_msg = db.get_message_by_name(spec.command)
        self.status_msg = db.get_message_by_name(spec.status)
        status_names = {s.name for s in self.status_msg.signals}
        mapping = spec.mapping or {
            s.name: s.name for s in self.command_msg.signals if s.name in status_names
        }
        self.mapping = {k: v for k, v in mapping.items() if k not in (COUNTER_SIGNAL,)}
        self.state: dict[str, float] = start_values(self.status_msg)
        self._answers_rejects = RESULT_SIGNAL in status_names
        if isinstance(delay, Distribution):
            delay = StageModel("render", delay, 20.0)
        self.delay = delay or StageModel("render", Fixed(1.0), 20.0)
        self.rng = np.random.default_rng(seed)
        self.results: Counter[str] = Counter()
        self.rejections: list[str] = []
        self.alive = 0  # the E2E alive counter of the status frames this ECU sends

    @property
    def device(self) -> str:
        return self.spec.device

    def next_delay_s(self) -> float:
        return float(self.delay.sample(self.rng, 1)[0]) / 1000.0

    def apply(self, command: dict[str, float]) -> None:
        """Update the state from an accepted command (subclasses add device behaviour)."""
        for cmd_sig, status_sig in self.mapping.items():
            if cmd_sig in command:
                self.state[status_sig] = command[cmd_sig]

    def status_frame(self, counter: int, result: Result) -> bytes:
        values: dict[str, Any] = dict(self.state)
        names = {s.name for s in self.status_msg.signals}
        if CMD_COUNTER_SIGNAL in names:
            values[CMD_COUNTER_SIGNAL] = counter & 0x0F
        if RESULT_SIGNAL in names:
            values[RESULT_SIGNAL] = int(result)
        if ALIVE_SIGNAL in names:
            values[ALIVE_SIGNAL] = self.next_alive()
        return encode(self.status_msg, values)

    def next_alive(self) -> int:
        """The next E2E alive counter for a status frame this ECU sends."""
        self.alive = (self.alive + 1) & 0x0F
        return self.alive

    def restamp(self, data: bytes) -> bytes:
        """A status frame stamped with the next alive counter at the moment it is sent."""
        if not any(s.name == ALIVE_SIGNAL for s in self.status_msg.signals):
            return data
        return restamp(self.status_msg, data, self.next_alive())

    def handle(self, data: bytes) -> Reply:
        """React to a command frame; never raises on garbage."""
        decoded = decode_checked(self.command_msg, bytes(data))
        counter = int(data[6] & 0x0F) if len(data) > 6 else 0
        if decoded.ok:
            counter = int(decoded.values.get(COUNTER_SIGNAL, counter))
            self.apply(decoded.values)
        else:
            self.rejections.append(f"{self.device}: {decoded.result.name}: {decoded.violations}")
        self.results[decoded.result.name] += 1
        answer = decoded.ok or self._answers_rejects
        frame = self.status_frame(counter, decoded.result) if answer else None
        delay = self.next_delay_s() if decoded.ok else 0.0
        return Reply(self.status_msg.frame_id, frame, delay, decoded.result)


def _spec(device: str, node: int, prefix: str) -> EcuSpec:
    return EcuSpec(device, node, f"{prefix}_Cmd", f"{prefix}_Status")


class HvacEcu(Ecu):
    default_spec = _spec("hvac", 1, "HVAC")


class SeatEcu(Ecu):
    default_spec = _spec("seat", 2, "Seat")


class WindowEcu(Ecu):
    """Moves to ``Position``; ``Stop=1`` holds the current position."""

    default_spec = _spec("window", 3, "Window")

    def apply(self, command: dict[str, float]) -> None:
        if not command.get("Stop"):
            self.state["Position"] = command["Position"]
        self.state["Stopped"] = 1


class MediaEcu(Ecu):
    """Volume and mute follow the command; Action plays, pauses or skips tracks."""

    default_spec = _spec("media", 4, "Media")

    def apply(self, command: dict[str, float]) -> None:
        self.state["Volume"] = command["Volume"]
        self.state["Mute"] = command["Mute"]
        action = int(command.get("Action", 0))
        if action == 1:
            self.state["Playing"] = 1
        elif action == 2:
            self.state["Playing"] = 0
        elif action == 3:
            self.state["Track"] = min(self.state["Track"] + 1, 65535)
        elif action == 4:
            self.state["Track"] = max(self.state["Track"] - 1, 0)


class HmiEcu(Ecu):
    """The HMI head unit: shows the chime/icon/text it is asked to."""

    default_spec = EcuSpec("hmi", 5, "HMI_Feedback", "HMI_Status")


ECU_CLASSES: dict[str, type[Ecu]] = {
    cls.__name__: cls for cls in (Ecu, HvacEcu, SeatEcu, WindowEcu, MediaEcu, HmiEcu)
}
ECU_CLASSES["DbcTwin"] = Ecu


def build_ecu(db: Database, config: dict[str, Any]) -> Ecu:
    """An ECU from a plain dict (used across processes): ``class``, ``device``, ``seed``,
    ``delay`` (a distribution spec) and, for ``DbcTwin``, ``node_id``, ``command``,
    ``status``, ``mapping``."""
    from latency_models import distribution_from_spec

    cls = ECU_CLASSES[config["class"]]
    spec = cls.default_spec
    if spec is None or "command" in config:
        spec = EcuSpec(
            config["device"],
            int(config.get("node_id", 0)),
            config["command"],
            config["status"],
            dict(config.get("mapping", {})),
        )
    elif config.get("device", spec.device) != spec.device:
        spec = EcuSpec(config["device"], spec.node_id, spec.command, spec.status, spec.mapping)
    delay = distribution_from_spec(config.get("delay", {"dist": "fixed", "value": 1.0}))
    return cls(db, spec, delay, int(config.get("seed", 0)))
