# Over 400 lines: the rig file's typed models, their DBC checks and the loader are one
# module; the models and the checks belong apart from the loader.
"""Rig files (``rigs/*.toml``): the typed model, and every binding checked against its DBC.

A rig names its buses (each CAN bus with its own python-can interface, channel and DBC; at
most one serial port), the simulation settings and its devices. Each device sits on one bus
and says, per intent it serves, how the intent becomes a frame and which status confirms it
(``[devices.NAME.intents.INTENT]``), plus its explicit safe state. Nothing about a device
lives in code: the cabin ECUs and a vehicle's modules are bound the same way.

Bad files raise :class:`twin.errors.InputError` (one line: file, dotted key, expected).
"""

from __future__ import annotations

import difflib
import math
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from cantools.database.can import Database, Message, Signal
from pydantic import Field

from devices.binding import E2E_SIGNALS, Binding, Check, DeviceSpec, SafeState
from devices.codec import CABIN_DBC, load_dbc, overlapping
from hil.rig_checks import check_devices
from latency_models.distributions import SpecError, distribution_from_spec
from twin.assistant.intents import INTENT_NAMES, INTENTS, IntentSchema
from twin.config.base import Finite, NonNegative, Strict, parse
from twin.config.distributions import DistSpec
from twin.errors import InputError
from twin.paths import RIGS_DIR, resolve_named

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
    channel: str | int = Field(description='the interface\'s channel ("auto" on virtual: a '
                               "private bus per session)")
    bitrate: Annotated[int, Field(gt=0, le=8_000_000)] | None = Field(
        None, description="bit/s, passed to can.Bus")
    options: dict[str, str | int | float | bool] = Field(
        default_factory=dict, description="more can.Bus keyword arguments")
    dbc: str = Field("cabin", description='"cabin" or a DBC path relative to the rig file')
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
    cyclic_status: bool = Field(False, description="status frames every GenMsgCycleTime ms")


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
    baudrate: int = 115200

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
    cyclic_status: bool = False
    warnings: tuple[str, ...] = ()

    def db(self, device: str) -> Database:
        return self.buses[self.devices[device].bus].db

    def serves(self, intent: str) -> str | None:
        """The device bound to ``intent`` (None when no device serves it)."""
        return next((n for n, d in self.devices.items() if intent in d.spec.intents), None)


# ---- loading ---------------------------------------------------------------------------
def load_rig(name_or_path: str | Path) -> Rig:
    """Load a rig file (a path, or a name under ``rigs/``) and check it against its DBCs."""
    path = resolve_named(str(name_or_path), RIGS_DIR)
    file = str(path)
    if not path.is_file():
        raise InputError(file, "path", "an existing rig file (or a name in rigs/)")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(file, "toml", f"valid TOML ({exc})") from None
    model = parse(RigModel, data, file)
    return _Loader(path, model).rig()


class _Loader:
    def __init__(self, path: Path, model: RigModel) -> None:
        self.path = path
        self.file = str(path)
        self.model = model
        self.warnings: list[str] = []

    def fail(self, key: str, expected: str) -> InputError:
        return InputError(self.file, key, expected)

    def rig(self) -> Rig:
        m = self.model
        buses: dict[str, BusConfig] = {}
        for i, (name, b) in enumerate(m.buses.items()):
            if name == SERIAL:
                raise self.fail(f"buses.{name}", "a bus name other than 'serial' (reserved "
                                "for the [serial] port)")
            buses[name] = BusConfig(name, "can", self._dbc(f"buses.{name}", b.dbc, b.strict),
                                    b.strict, i, b.interface, b.channel, b.bitrate,
                                    dict(b.options))
        if m.serial is not None:
            s = m.serial
            buses[SERIAL] = BusConfig(SERIAL, SERIAL, self._dbc("serial", s.dbc, s.strict),
                                      s.strict, len(m.buses), port=s.port,
                                      baudrate=s.baudrate)
        check_devices(m.devices, buses, self.file)  # across devices; cannot work: exit 2
        devices = {name: self._device(name, d, buses) for name, d in m.devices.items()}
        served: dict[str, str] = {}
        for name, d in devices.items():
            for intent in d.spec.intents:
                if intent in served:
                    raise self.fail(f"devices.{name}.intents.{intent}",
                                    f"each intent bound once (already bound by "
                                    f"devices.{served[intent]})")
                served[intent] = name
        for w in self.warnings:
            print(f"warning: {w}", file=sys.stderr)
        sim = m.simulation
        return Rig(m.name, self.path, m.description, buses, sim.twins, sim.seed, devices,
                   sim.cyclic_status, tuple(self.warnings))

    def _dbc(self, key: str, name: str, strict: bool) -> Path:
        dbc = CABIN_DBC if name == "cabin" else (self.path.parent / name).resolve()
        if not dbc.is_file():
            raise self.fail(f"{key}.dbc", f"an existing DBC file, got {name!r}")
        try:
            load_dbc(dbc, True)
        except Exception as exc:  # cantools raises many parse error types
            detail = " ".join(str(exc).split())[:200]
            if strict:
                raise self.fail(f"{key}.dbc", f"a DBC cantools loads strictly ({detail}); "
                                "set strict = false to accept overlapping signals") from None
            try:
                load_dbc(dbc, False)
            except Exception as exc2:
                raise self.fail(f"{key}.dbc", f"a DBC cantools can load ({exc2})") from None
            clash = [m.name for m in load_dbc(dbc, False).messages if overlapping(m)]
            self.warnings.append(f"{self.file}: {key}.dbc: loaded with strict = false: "
                                 f"{detail}; messages with overlapping signals (decoded "
                                 f"signal by signal): {', '.join(clash)}")
        return dbc

    # ---- one device ---------------------------------------------------------------------
    def _device(self, name: str, d: DeviceModel, buses: dict[str, BusConfig]) -> DeviceConfig:
        at = f"devices.{name}"
        if d.bus not in buses:
            raise self.fail(f"{at}.bus", _choice_text(d.bus, list(buses), "a bus of this rig"))
        db = buses[d.bus].db
        parse(DistSpec, d.delay, self.file, f"{at}.delay")  # the scenario's typed model
        try:
            distribution_from_spec(d.delay, f"{at}.delay")
        except SpecError as exc:
            raise self.fail(exc.key, exc.expected) from None
        cmd = self._message(db, d.command, f"{at}.command")
        status = self._message(db, d.status, f"{at}.status") if d.status else None
        if status is not None and status.name == cmd.name:
            raise self.fail(f"{at}.status", "a status message other than the command (the "
                            "host never reads back the frames it sends: it would always time "
                            "out)")
        if d.fire_and_forget == (status is not None):
            raise self.fail(f"{at}.status" if not d.fire_and_forget else f"{at}.fire_and_forget",
                            "a status message, or fire_and_forget = true (never both)")
        if d.fire_and_forget and d.bus == SERIAL:
            raise self.fail(f"{at}.fire_and_forget", "false on the serial link (its devices "
                            "always answer)")
        ranges = {sig: self._range(cmd, sig, r, f"{at}.ranges.{sig}")
                  for sig, r in d.ranges.items()}
        dev = _Dev(self, at, db, cmd, status, d, ranges)
        intents = {intent: dev.binding(intent, b) for intent, b in d.intents.items()}
        safe = dev.safe_state()
        used = {s for b in intents.values() for s in (*b.set, *([b.signal] if b.signal else []))}
        used |= set(safe.send) | set(safe.hold)
        for sig in used:
            ranges.setdefault(sig, effective_range(cmd.get_signal_by_name(sig)))
        if d.bus == SERIAL:
            for c in (*safe.confirm, *(c for b in intents.values() for c in b.confirm)):
                if c.message != d.status:
                    raise self.fail(f"{at}.status", "serial devices confirm on their status "
                                    f"message only, got a check on {c.message}")
        spec = DeviceSpec(name, cmd.name, status.name if status else None, d.node_id,
                          intents, safe, ranges, d.motion, d.fire_and_forget)
        return DeviceConfig(name, d.bus, d.mode, d.timeout_ms, dict(d.delay), spec)

    def _message(self, db: Database, name: str, key: str) -> Message:
        try:
            return db.get_message_by_name(name)
        except KeyError:
            names = [m.name for m in db.messages]
            raise self.fail(key, _choice_text(name, names, "a message in the DBC")) from None

    def _range(self, msg: Message, sig: str, r: list[float], key: str) -> tuple[float, float]:
        signal = self._signal(msg, sig, key.rsplit(".", 1)[0])
        low, high = float(r[0]), float(r[1])
        raw_low, raw_high = raw_range(signal)
        if not (low <= high and raw_low - 1e-9 <= low and high <= raw_high + 1e-9):
            raise self.fail(key, f"[low, high] with low <= high inside what {sig} can carry "
                            f"[{raw_low:g}, {raw_high:g}], got {r}")
        return low, high

    def _signal(self, msg: Message, sig: str, key: str) -> Signal:
        try:
            return msg.get_signal_by_name(sig)
        except KeyError:
            names = [s.name for s in msg.signals]
            raise self.fail(key, _choice_text(sig, names, f"a signal of {msg.name}")) from None


class _Dev:
    """Builds one device's bindings; every problem names its rig key."""

    def __init__(self, loader: _Loader, at: str, db: Database, cmd: Message,
                 status: Message | None, model: DeviceModel,
                 ranges: dict[str, tuple[float, float]]) -> None:
        self.loader, self.at, self.db, self.cmd, self.status = loader, at, db, cmd, status
        self.model, self.ranges = model, ranges

    def fail(self, key: str, expected: str) -> InputError:
        return self.loader.fail(f"{self.at}.{key}", expected)

    def range_of(self, sig: str) -> tuple[float, float]:
        return self.ranges.get(sig) or effective_range(self.cmd.get_signal_by_name(sig))

    def value(self, msg: Message, sig: str, v: float | str, key: str) -> tuple[float, str | None]:
        """A physical value; a string is looked up in the signal's VAL_ table (``key`` is the
        full dotted key of the value)."""
        signal = self.loader._signal(msg, sig, key)
        if isinstance(v, str):
            choices = {str(n): raw for raw, n in (signal.choices or {}).items()}
            if v not in choices:
                raise self.loader.fail(key, _choice_text(
                    v, list(choices), f"a value name of {msg.name}.{sig} (VAL_)"))
            return float(signal.conversion.raw_to_scaled(choices[v], decode_choices=False)), v
        return float(v), None

    def in_range(self, sig: str, value: float, key: str, what: str) -> None:
        low, high = self.range_of(sig)
        if not (math.isfinite(value) and low - 1e-9 <= value <= high + 1e-9):
            raise self.fail(key, f"{what} inside the range of {sig} [{low:g}, {high:g}], "
                            f"got {value:g}")

    def constants(self, table: dict[str, float | str], key: str) -> dict[str, float]:
        out = {}
        for sig, v in table.items():
            if sig in E2E_SIGNALS:
                raise self.fail(f"{key}.{sig}", "a signal other than Counter/Checksum (the "
                                "codec fills them)")
            value, _ = self.value(self.cmd, sig, v, f"{self.at}.{key}.{sig}")
            self.in_range(sig, value, f"{key}.{sig}", "a value")
            out[sig] = value
        return out

    def binding(self, intent: str, b: IntentModel) -> Binding:
        key = f"intents.{intent}"
        schema = FEEDBACK_SCHEMA if intent == FEEDBACK else INTENTS.get(intent)
        if schema is None or intent == "unknown":
            raise self.fail(key, _choice_text(intent, [*INTENT_NAMES[:-1], FEEDBACK],
                                              "a cabin intent"))
        set_ = self.constants(b.set, f"{key}.set")
        signal = b.signal
        if signal is not None:
            self.loader._signal(self.cmd, signal, f"{self.at}.{key}.signal")
            if schema.kind != "int":
                raise self.fail(f"{key}.signal", f"no signal: {intent} takes no value (use "
                                "set = { Signal = value })")
            if signal in set_:
                raise self.fail(f"{key}.set.{signal}", "a signal other than the bound one")
            if b.scale == 0:
                raise self.fail(f"{key}.scale", "a non-zero scale")
        elif schema.kind == "int":
            raise self.fail(f"{key}.signal", f"the command signal taking {intent}'s value")
        elif not set_:
            raise self.fail(f"{key}.set", "at least one constant signal value")
        low = schema.low or 0
        if b.levels is not None:
            if b.relative or signal is None:
                raise self.fail(f"{key}.levels", "levels only on an absolute bound signal")
            want = (schema.high or 0) - low + 1
            if len(b.levels) != want:
                raise self.fail(f"{key}.levels", f"{want} levels, one per value {low}.."
                                f"{schema.high}, got {len(b.levels)}")
        binding = Binding(intent, signal, b.scale, b.offset,
                          tuple(float(x) for x in b.levels) if b.levels else None, low,
                          b.relative, set_)
        if signal is not None and not b.relative:
            for v in range(low, (schema.high or 0) + 1):
                self.in_range(signal, binding.convert(v), f"{key}.signal",
                              f"{intent}={v} converted")
        confirm = self.confirms(b.confirm, f"{key}.confirm", signal, set_)
        sent = ([binding.convert(v) for v in range(low, (schema.high or 0) + 1)]
                if signal is not None and not b.relative else [])
        for c in confirm:
            self.carried(c, [{signal: x} for x in sent] if c.source else [{}], f"{key}.confirm")
        return Binding(intent, signal, b.scale, b.offset, binding.levels, low, b.relative,
                       set_, confirm)

    def confirms(self, given: Confirms | None, key: str, source: str | None,
                 constants: dict[str, float]) -> tuple[Check, ...]:
        if self.status is None:
            if given:
                raise self.fail(key, "no confirm on a fire-and-forget device")
            return ()
        if given is None:  # default: the same-named status signals
            names = {s.name for s in self.status.signals}
            out = []
            if source is not None and source in names:
                out.append(self._echo(self.status, source, source, 1.0, 0.0))
            for sig, v in constants.items():
                if sig in names and sig != source:
                    out.append(Check(self.status.name, sig, "equal", v,
                                     tolerance=_half_step(self.status, sig)))
            if not out:
                raise self.fail(key, f"a confirm = {{ signal = ... }} naming the status "
                                f"signal that confirms it ({self.status.name} has no signal of "
                                "the same name), or fire_and_forget = true on the device")
            return tuple(out)
        items = given if isinstance(given, list) else [given]
        return tuple(self.check(c, f"{key}[{i}]" if isinstance(given, list) else key, source)
                     for i, c in enumerate(items))

    def check(self, c: ConfirmModel, key: str, source: str | None) -> Check:
        assert self.status is not None
        msg = self.status if c.message is None else self.loader._message(
            self.db, c.message, f"{self.at}.{key}.message")
        if msg.name == self.cmd.name:
            raise self.fail(f"{key}.message", "a status message other than the command")
        self.loader._signal(msg, c.signal, f"{self.at}.{key}.signal")
        if c.value is not None:
            value, label = self.value(msg, c.signal, c.value, f"{self.at}.{key}.value")
            kind = "enum" if label else ("tolerance" if c.tolerance is not None else "equal")
            tol = c.tolerance if c.tolerance is not None else _half_step(msg, c.signal)
            return Check(msg.name, c.signal, kind, value, label, tolerance=tol)
        if source is None:
            raise self.fail(f"{key}.value", "the expected value (this intent binds no signal "
                            "whose sent value could be compared)")
        if c.tolerance is not None:
            return Check(msg.name, c.signal, "tolerance", source=source, scale=c.scale,
                         offset=c.offset, tolerance=c.tolerance)
        return self._echo(msg, c.signal, source, c.scale, c.offset)

    def carried(self, c: Check, sents: list[dict[str, float]], key: str) -> None:
        """Refuse a check expecting a value its status signal cannot carry (it could never
        confirm; a twin could not even answer it)."""
        low, high = raw_range(self.db.get_message_by_name(c.message).get_signal_by_name(
            c.signal))
        for sent in sents:
            want = c.expected(sent)
            if not low - c.tolerance - 1e-9 <= want <= high + c.tolerance + 1e-9:
                raise self.fail(key, f"a check {c.message}.{c.signal} can pass: it expects "
                                f"{want:g}, the signal carries [{low:g}, {high:g}]")

    def _echo(self, msg: Message, sig: str, source: str, scale: float, offset: float) -> Check:
        step = abs(self.cmd.get_signal_by_name(source).scale * scale)
        tol = _half_step(msg, sig) + step / 2
        return Check(msg.name, sig, "equal", source=source, scale=scale, offset=offset,
                     tolerance=tol)

    def safe_state(self) -> SafeState:
        s = self.model.safe_state
        send = self.constants(s.send, "safe_state.send")
        for cmd_sig, status_sig in s.hold.items():
            self.loader._signal(self.cmd, cmd_sig, f"{self.at}.safe_state.hold")
            if self.status is None:
                raise self.fail("safe_state.hold", "no hold on a fire-and-forget device (no "
                                "status reports the value to hold)")
            self.loader._signal(self.status, status_sig, f"{self.at}.safe_state.hold.{cmd_sig}")
            if cmd_sig in send:
                raise self.fail(f"safe_state.hold.{cmd_sig}", "a signal not also in send")
        if self.model.motion:
            self._stop_only(send)
            free = [sg.name for sg in self.cmd.signals if sg.name not in E2E_SIGNALS
                    and sg.name not in send and sg.name not in s.hold]
            if free:
                raise self.fail("safe_state.hold", f"every other command signal held at its "
                                f"reported value on a motion device (missing {free[0]})")
        confirm = self.confirms(s.confirm, "safe_state.confirm", None, send)
        for c in confirm:
            self.carried(c, [send], "safe_state.confirm")
        return SafeState(send, dict(s.hold), confirm, s.why)

    def _stop_only(self, send: dict[str, float]) -> None:
        """A motion device's safe state may not send a value any intent moves it with."""
        for intent, b in self.model.intents.items():
            for sig, value in send.items():
                moves = sig == b.signal
                if sig in b.set:
                    moves = moves or abs(self.value(self.cmd, sig, b.set[sig], "")[0]
                                         - value) < 1e-9
                if moves:
                    raise self.fail(f"safe_state.send.{sig}", f"a stop only: a motion "
                                    f"device's safe state must not send {sig} as "
                                    f"{intent} does (it moves the device); hold it at the "
                                    "reported value instead")

# ---- helpers ---------------------------------------------------------------------------
def raw_range(signal: Signal) -> tuple[float, float]:
    """The physical values a signal's bits can carry."""
    bits = signal.length
    lo, hi = ((-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if signal.is_signed
              else (0, 2 ** bits - 1))
    a, b = lo * signal.scale + signal.offset, hi * signal.scale + signal.offset
    return (min(a, b), max(a, b))


def effective_range(signal: Signal) -> tuple[float, float]:
    """The DBC [min|max]; where the DBC gives none (or ``[0|0]``), what the bits can carry."""
    low, high = signal.minimum, signal.maximum
    if low is None or high is None or low == high:
        return raw_range(signal)
    return float(low), float(high)


def _half_step(msg: Message, sig: str) -> float:
    return abs(msg.get_signal_by_name(sig).scale) / 2


def _choice_text(given: str, options: list[str], what: str) -> str:
    close = difflib.get_close_matches(given, options, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"{what}, got {given!r}{hint}"
