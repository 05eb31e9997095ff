"""The rig file's typed models (what ``rigs/*.toml`` may say) and the loaded rig
(:class:`Rig`, its :class:`BusConfig` and :class:`DeviceConfig`). :mod:`hil.rig_file` loads
and checks one; defaults are written here, once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from cantools.database.can import Database
from pydantic import Field

from devices.binding import DeviceSpec
from devices.codec import load_dbc
from twin.assistant.intents import INTENT_NAMES, IntentSchema
from twin.config.base import Finite, NonNegative, Strict

SERIAL = "serial"
#: The HMI feedback a render stage shows for every intent (value: the intent's number).
FEEDBACK = "feedback"
FEEDBACK_SCHEMA = IntentSchema(FEEDBACK, "int", 1, len(INTENT_NAMES), default=1)

Number = Finite | str  # a physical value, or the name of a VAL_ entry
Range = Annotated[list[Finite], Field(min_length=2, max_length=2)]


# ---- the file, as typed models ---------------------------------------------------------
class CanBusModel(Strict):
    """A CAN bus: any python-can interface; ``dbc`` is ``"cabin"`` or a path."""

    interface: str = Field(min_length=1, description="python-can interface: virtual, "
                           "udp_multicast, socketcan, pcan, vector, ...")
    channel: Annotated[str, Field(min_length=1)] | Annotated[int, Field(ge=0)] = Field(
        description='the interface\'s channel ("auto" on virtual: a private bus per session)')
    bitrate: Annotated[int, Field(gt=0, le=8_000_000)] | None = Field(
        None, description="bit/s, passed to can.Bus")
    options: dict[str, str | int | float | bool] = Field(
        default_factory=dict, description="more can.Bus keyword arguments")
    dbc: str = Field("cabin", description='"cabin" or a DBC path relative to the rig file '
                     "(any database cantools reads, as for database)")
    database: str | None = Field(None, description='the bus database, "cabin" or a path '
                                 "relative to the rig file: DBC, ARXML (AUTOSAR 3/4), KCD or "
                                 "SYM, by suffix (the clearer name for dbc; give one of them)")
    strict: bool = Field(True, description="false: accept overlapping signals (warns, "
                         "naming the messages)")


class SerialModel(Strict):
    """The serial bench port (``"emulator"`` starts the pty emulator)."""

    port: str = Field(min_length=1, description='a serial port, or "emulator"')
    baudrate: Annotated[int, Field(gt=0, le=4_000_000)] = Field(115200, description="baud")
    dbc: str = Field("cabin", description="the DBC of the frames the serial protocol carries")
    strict: bool = Field(True, description="false: accept overlapping signals")


class SimulationModel(Strict):
    """How the simulated devices run."""

    twins: Literal["inline", "process"] = Field(
        "inline", description="twins in this process, or one process per bus")
    seed: Annotated[int, Field(ge=0, le=2**63 - 1)] = Field(0, description="delay draws")
    cyclic_status: bool = Field(True, description="twins send each status every "
                                "GenMsgCycleTime ms (as a car's ECUs do) and the host fails "
                                "the run when one stays away past its cycle timeout; false: "
                                "status only in reply to a command")


class ConfirmModel(Strict):
    """A status check: ``value`` (a number or a VAL_ name) or the sent value of the bound
    signal times ``scale`` plus ``offset``; ``tolerance`` makes it a tolerance check."""

    message: str | None = Field(None, description="status message (default: the device's)")
    signal: str = Field(description="the status signal checked")
    value: Number | None = Field(None, description="expected constant, or a VAL_ name (enum)")
    scale: Finite = Field(1.0, description="expected = sent value * scale + offset")
    offset: Finite = Field(0.0, description="see scale")
    tolerance: NonNegative | None = Field(
        None, description="allowed difference (default: half a resolution)")


Confirms = ConfirmModel | list[ConfirmModel]


class IntentModel(Strict):
    """How one intent becomes a frame (see the README's rig-file section)."""

    signal: str | None = Field(None, description="command signal taking the intent's value")
    scale: Finite = Field(1.0, description="signal = value * scale + offset")
    offset: Finite = Field(0.0, description="see scale")
    levels: list[Finite] | None = Field(None, description="signal = levels[value - lowest]")
    relative: bool = Field(False, description="add to the current value (up/down intents)")
    set: dict[str, Number] = Field(default_factory=dict,
                                   description="constants for other signals (number or VAL_)")
    confirm: Confirms | None = Field(None, description="status check(s); default: the "
                                     "same-named status signal")


class SafeStateModel(Strict):
    """What the device is commanded to on every exit (devices/SAFE_STATE.md)."""

    send: dict[str, Number] = Field(description="constants sent (number or VAL_ name)")
    hold: dict[str, str] = Field(default_factory=dict, description="command signal = the last "
                                 "reported value of this status signal")
    confirm: Confirms | None = Field(None, description="status check(s)")
    why: str = Field(min_length=1, description="why this state is safe")


class DeviceModel(Strict):
    """One device: its bus, messages, timing, ranges, safe state and intent bindings."""

    bus: str = Field(description='a [buses.NAME], or "serial"')
    mode: Literal["simulated", "real"] = Field(
        "simulated", description="simulated: a twin generated from the bindings answers")
    node_id: Annotated[int, Field(ge=0, le=255)] = Field(
        0, description="Diag ping target (cabin DBC)")
    command: str = Field(description="the command message")
    status: str | None = Field(None, description="the status message (or fire_and_forget)")
    fire_and_forget: bool = Field(False, description="no status: sent, never confirmed")
    motion: bool = Field(False, description="its safe state may only stop it")
    timeout_ms: Annotated[float, Field(gt=0, le=60_000, allow_inf_nan=False)] = Field(
        50.0, description="wait for the confirming status")
    delay: dict[str, Any] = Field(default_factory=lambda: {"dist": "fixed", "value": 1.0},
                                  description="the twin's actuation delay (a distribution)")
    ranges: dict[str, Range] = Field(default_factory=dict, description="[low, high] per "
                                     "signal where the DBC has none ([0|0]) or a wrong one")
    safe_state: SafeStateModel = Field(description="required, explicit")
    intents: dict[str, IntentModel] = Field(min_length=1, description="[devices.NAME.intents."
                                            "INTENT]; feedback is the HMI ack")


class RigModel(Strict):
    """A rig TOML file."""

    reference_title: ClassVar[str] = "top level (rig file)"

    name: str = Field(min_length=1, description="the rig's name")
    description: str = Field("", description="one line")
    buses: dict[str, CanBusModel] = Field(default_factory=dict,
                                          description="[buses.NAME], one per CAN bus")
    serial: SerialModel | None = Field(None, description="the serial bench port")
    simulation: SimulationModel = Field(default_factory=SimulationModel,
                                        description="simulated devices")
    devices: dict[str, DeviceModel] = Field(min_length=1, description="[devices.NAME]")


# ---- the loaded rig --------------------------------------------------------------------
@dataclass(frozen=True)
class BusConfig:
    """One bus of a rig; ``index`` is its trace channel (0-based; ASC/BLF show index+1)."""

    name: str
    kind: str  # "can" or "serial"
    dbc: Path
    strict: bool
    index: int = 0
    interface: str = ""
    channel: str | int = ""
    bitrate: int | None = None
    options: dict[str, Any] | None = None
    port: str = ""
    baudrate: int = SerialModel.model_fields["baudrate"].default  # written once: the model's

    @property
    def db(self) -> Database:
        return load_dbc(self.dbc, self.strict)


@dataclass(frozen=True)
class DeviceConfig:
    name: str
    bus: str
    mode: str
    timeout_ms: float
    delay: dict[str, Any]
    spec: DeviceSpec

    @property
    def link(self) -> str:
        return SERIAL if self.bus == SERIAL else "can"

    @property
    def command(self) -> str:
        return self.spec.command

    @property
    def status(self) -> str | None:
        return self.spec.status

    @property
    def node_id(self) -> int:
        return self.spec.node_id

    def twin_config(self, seed: int) -> dict[str, Any]:
        """The plain dict :func:`devices.ecu.build_ecu` takes (crosses process borders)."""
        return {"spec": self.spec.to_json(), "delay": self.delay, "seed": seed}


@dataclass(frozen=True)
class Rig:
    name: str
    path: Path
    description: str
    buses: dict[str, BusConfig]
    twins: str
    seed: int
    devices: dict[str, DeviceConfig]
    cyclic_status: bool = True
    warnings: tuple[str, ...] = ()

    def db(self, device: str) -> Database:
        return self.buses[self.devices[device].bus].db

    def serves(self, intent: str) -> str | None:
        """The device bound to ``intent`` (None when no device serves it)."""
        return next((n for n, d in self.devices.items() if intent in d.spec.intents), None)
