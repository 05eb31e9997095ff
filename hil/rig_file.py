"""Rig files (``rigs/*.toml``): loaded into a :class:`Rig` and every binding checked against
its DBC (the models are :mod:`hil.rig_models`, one device's bindings :mod:`hil.rig_bindings`).

A rig names its buses (each CAN bus with its own python-can interface, channel and DBC; at
most one serial port), the simulation settings and its devices. Each device sits on one bus
and says, per intent it serves, how the intent becomes a frame and which status confirms it
(``[devices.NAME.intents.INTENT]``), plus its explicit safe state. Nothing about a device
lives in code: the cabin ECUs and a vehicle's modules are bound the same way.

Bad files raise :class:`twin.errors.InputError` (one line: file, dotted key, expected).
"""

from __future__ import annotations

import sys
from pathlib import Path

from cantools.database.can import Database, Message, Signal

from devices.binding import DeviceSpec
from devices.codec import CABIN_DBC, DATABASE_SUFFIXES, load_dbc, overlapping
from hil.rig_bindings import (
    AT_REST,
    PROTECTION_SIGNALS,
    DeviceBuilder,
    choice_text,
    effective_range,
    raw_range,
)
from hil.rig_checks import check_devices
from hil.rig_models import (
    FEEDBACK,
    FEEDBACK_SCHEMA,
    SERIAL,
    BusConfig,
    CanBusModel,
    ConfirmModel,
    DeviceConfig,
    DeviceModel,
    IntentModel,
    Rig,
    RigModel,
    SafeStateModel,
    SerialModel,
    SimulationModel,
)
from hil.rig_options import check_bus_options
from latency_models.distributions import SpecError, distribution_from_spec
from twin.config.base import parse
from twin.config.distributions import DistSpec
from twin.errors import InputError
from twin.files import load_toml
from twin.paths import RIGS_DIR, resolve_named

__all__ = ["AT_REST", "FEEDBACK", "FEEDBACK_SCHEMA", "PROTECTION_SIGNALS", "SERIAL",
           "BusConfig", "CanBusModel", "ConfirmModel", "DeviceConfig", "DeviceModel",
           "IntentModel", "Rig", "RigModel", "SafeStateModel", "SerialModel", "SimulationModel",
           "effective_range", "load_rig", "raw_range"]


MAX_RIG_BYTES = 1_000_000  # a rig file is a few kB; a bound on what is read


def load_rig(name_or_path: str | Path) -> Rig:
    """Load a rig file (a path, or a name under ``rigs/``) and check it against its DBCs."""
    path = resolve_named(str(name_or_path), RIGS_DIR)
    file = str(path)
    if not path.is_file():
        raise InputError(file, "path", "an existing rig file (or a name in rigs/)")
    if path.stat().st_size > MAX_RIG_BYTES:
        raise InputError(file, "path", f"a rig file of at most {MAX_RIG_BYTES // 1000} kB")
    data = load_toml(path, MAX_RIG_BYTES)
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

    def owner_of(self, message: str, bus: str, asking: str) -> str | None:
        """The other device on ``bus`` whose status or command ``message`` is, if any."""
        for name, d in self.model.devices.items():
            if name != asking and d.bus == bus and message in (d.status, d.command):
                return name
        return None

    def _check_node_ids(self) -> None:
        """Node ids (the Diag ping target; 0: none) are unique per bus: a ping two devices
        answer proves neither is there."""
        seen: dict[tuple[str, int], str] = {}
        for name, d in self.model.devices.items():
            if not d.node_id:
                continue
            other = seen.setdefault((d.bus, d.node_id), name)
            if other != name:
                raise self.fail(f"devices.{name}.node_id", f"a node id no other device on bus "
                                f"{d.bus} has (devices.{other} has {d.node_id})")

    def rig(self) -> Rig:
        m = self.model
        buses: dict[str, BusConfig] = {}
        for i, (name, b) in enumerate(m.buses.items()):
            if name == SERIAL:
                raise self.fail(f"buses.{name}", "a bus name other than 'serial' (reserved "
                                "for the [serial] port)")
            if b.database is not None and "dbc" in b.model_fields_set:
                raise self.fail(f"buses.{name}.database", "one of database and dbc, not both")
            db_key = "database" if b.database is not None else "dbc"
            buses[name] = BusConfig(name, "can", self._dbc(f"buses.{name}", b.database or b.dbc,
                                                           b.strict, db_key),
                                    b.strict, i, b.interface, b.channel, b.bitrate,
                                    dict(b.options))
        if m.serial is not None:
            s = m.serial
            buses[SERIAL] = BusConfig(SERIAL, SERIAL, self._dbc("serial", s.dbc, s.strict),
                                      s.strict, len(m.buses), port=s.port,
                                      baudrate=s.baudrate)
        check_devices(m.devices, buses, self.file)  # across devices; cannot work: exit 2
        self._buses = buses
        self._check_node_ids()
        for name, b in m.buses.items():
            check_bus_options(b.interface, b.options, self.file, f"buses.{name}.options")
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

    def _dbc(self, key: str, name: str, strict: bool, field: str = "dbc") -> Path:
        dbc = CABIN_DBC if name == "cabin" else (self.path.parent / name).resolve()
        at = f"{key}.{field}"
        if not dbc.is_file():
            raise self.fail(at, f"an existing database file, got {name!r}")
        if dbc.suffix.lower() not in DATABASE_SUFFIXES:
            raise self.fail(at, f"a database cantools reads ({', '.join(DATABASE_SUFFIXES)}), "
                            f"got {name!r}")
        try:
            load_dbc(dbc, True)
        except Exception as exc:  # cantools raises many parse error types
            detail = " ".join(str(exc).split())[:200]
            if strict:
                raise self.fail(at, f"a database cantools loads strictly ({detail}); "
                                "set strict = false to accept overlapping signals") from None
            try:
                load_dbc(dbc, False)
            except Exception as exc2:
                detail2 = " ".join(str(exc2).split())[:200]
                raise self.fail(at, f"a database cantools can load ({detail2})") from None
            clash = [m.name for m in load_dbc(dbc, False).messages if overlapping(m)]
            self.warnings.append(f"{self.file}: {at}: loaded with strict = false: "
                                 f"{detail}; messages with overlapping signals (decoded "
                                 f"signal by signal): {', '.join(clash)}")
        return dbc

    # ---- one device ---------------------------------------------------------------------
    def _device(self, name: str, d: DeviceModel, buses: dict[str, BusConfig]) -> DeviceConfig:
        at = f"devices.{name}"
        if d.bus not in buses:
            raise self.fail(f"{at}.bus", choice_text(d.bus, list(buses), "a bus of this rig"))
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
        dev = DeviceBuilder(self, at, db, cmd, status, d, ranges)
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
            raise self.fail(key, choice_text(name, names, "a message in the DBC")) from None

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
            raise self.fail(key, choice_text(sig, names, f"a signal of {msg.name}")) from None
