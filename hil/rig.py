"""Rig files (``rigs/*.toml``): load and validate them, then run a :class:`RigSession`.

A rig names the CAN interface and channel, the serial port, the DBC, and its devices. Each
device names a class (labgrid style: ``class = "HvacEcu"``), the link it sits on (``can`` or
``serial``) and whether it is ``simulated`` (a twin starts) or ``real`` (nothing starts).
The session opens the links, starts the twins (in-process or in a separate process) and the
serial emulator, records the traces, and on every exit commands the safe state.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import can

from devices.actuator import Actuator, CanActuator, CommandResult, Outcome, SerialActuator
from devices.can_port import CanPort
from devices.can_twins import CanTwinHost
from devices.codec import CABIN_DBC, load_dbc, start_values
from devices.critical import critical
from devices.ecu import ECU_CLASSES, build_ecu
from devices.safe_state import SAFE_STATE
from devices.serial_link import SerialLink
from devices.serial_protocol import split_can_body
from hil.links.faults import Fault, FaultPlan
from hil.links.recorder import TraceRecorder
from hil.private_bus import private_channel
from hil.rig_checks import check_devices
from latency_models.distributions import SpecError, distribution_from_spec
from twin.errors import InputError
from twin.paths import PROJECT_ROOT, RIGS_DIR, resolve_named

LINKS = ("can", "serial")
MODES = ("simulated", "real")
TWIN_PLACES = ("inline", "process")
EMULATOR = "emulator"


class LinkError(RuntimeError):
    """A link (CAN interface, serial port, simulated device process) could not be opened."""

    def __init__(self, link: str, reason: str) -> None:
        super().__init__(f"{link}: cannot open: {reason}")
        self.link = link
        self.reason = reason


@dataclass(frozen=True)
class DeviceConfig:
    name: str
    cls: str
    link: str
    mode: str
    node_id: int
    command: str
    status: str
    timeout_ms: float
    delay: dict[str, Any]
    mapping: dict[str, str] = field(default_factory=dict)
    safe_state: dict[str, float] = field(default_factory=dict)

    def twin_config(self, seed: int) -> dict[str, Any]:
        """The plain dict :func:`devices.ecu.build_ecu` takes (crosses process borders)."""
        return {"class": self.cls, "device": self.name, "node_id": self.node_id,
                "command": self.command, "status": self.status, "mapping": self.mapping,
                "delay": self.delay, "seed": seed}


@dataclass(frozen=True)
class Rig:
    name: str
    path: Path
    description: str
    dbc: Path
    can: dict[str, Any]
    serial: dict[str, Any]
    twins: str
    seed: int
    devices: dict[str, DeviceConfig]
    cyclic_status: bool = False


def _get(table: dict[str, Any], key: str, kind: type | tuple[type, ...], file: str, where: str,
         expected: str, default: Any = ...) -> Any:
    if key not in table:
        if default is ...:
            raise InputError(file, f"{where}{key}", f"{expected} (required)")
        return default
    value = table[key]
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise InputError(file, f"{where}{key}", f"{expected}, got {value!r}")
    return value


def _choice(value: str, choices: tuple[str, ...], file: str, key: str) -> str:
    if value not in choices:
        raise InputError(file, key, f"one of {', '.join(choices)}, got {value!r}")
    return value


def _device(name: str, table: Any, file: str, db: Any) -> DeviceConfig:
    at = f"devices.{name}."
    if not isinstance(table, dict):
        raise InputError(file, f"devices.{name}", "a table")
    cls = _get(table, "class", str, file, at, "a device class name")
    _choice(cls, tuple(ECU_CLASSES), file, f"{at}class")
    link = _choice(_get(table, "link", str, file, at, "can or serial"), LINKS, file, f"{at}link")
    mode = _choice(_get(table, "mode", str, file, at, "simulated or real", "simulated"),
                   MODES, file, f"{at}mode")
    spec = ECU_CLASSES[cls].default_spec
    command = _get(table, "command", str, file, at, "a DBC message name",
                   spec.command if spec else ...)
    status = _get(table, "status", str, file, at, "a DBC message name",
                  spec.status if spec else ...)
    for key, msg in (("command", command), ("status", status)):
        try:
            db.get_message_by_name(msg)
        except KeyError:
            raise InputError(file, f"{at}{key}", f"a message in the DBC, got {msg!r}") from None
    node_id = _get(table, "node_id", int, file, at, "an integer node id 0-255",
                   spec.node_id if spec else 0)
    timeout_ms = float(_get(table, "timeout_ms", (int, float), file, at,
                            "a timeout in ms > 0", 50.0))
    if timeout_ms <= 0:
        raise InputError(file, f"{at}timeout_ms", f"a timeout in ms > 0, got {timeout_ms}")
    delay = _get(table, "delay", dict, file, at, "a distribution table",
                 {"dist": "fixed", "value": 1.0})
    try:
        distribution_from_spec(delay, f"{at}delay")
    except SpecError as exc:
        raise InputError(file, exc.key, exc.expected) from None
    mapping = _get(table, "mapping", dict, file, at, "a table command signal -> status signal",
                   {})
    safe = _get(table, "safe_state", dict, file, at, "a table signal -> value", {})
    cmd_names = {s.name for s in db.get_message_by_name(command).signals}
    for sig in [*mapping, *safe]:
        if sig not in cmd_names:
            raise InputError(file, f"{at}{sig}", f"a signal of {command}, got {sig!r}")
    return DeviceConfig(name, cls, link, mode, node_id, command, status, timeout_ms, delay,
                        dict(mapping), dict(safe))


def load_rig(name_or_path: str | Path) -> Rig:
    """Load and validate a rig file (a path, or a name under ``rigs/``)."""
    path = resolve_named(str(name_or_path), RIGS_DIR)
    file = str(path)
    if not path.is_file():
        raise InputError(file, "path", "an existing rig file (or a name in rigs/)")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(file, "toml", f"valid TOML ({exc})") from None
    unknown = set(data) - {"name", "description", "dbc", "can", "serial", "simulation",
                           "devices"}
    if unknown:
        raise InputError(file, sorted(unknown)[0],
                         "one of name, description, dbc, can, serial, simulation, devices")
    name = _get(data, "name", str, file, "", "a rig name")
    dbc_name = _get(data, "dbc", str, file, "", "'cabin' or a DBC path", "cabin")
    dbc = CABIN_DBC if dbc_name == "cabin" else (path.parent / dbc_name).resolve()
    if not dbc.is_file():
        raise InputError(file, "dbc", f"an existing DBC file, got {dbc_name!r}")
    try:
        db = load_dbc(dbc)
    except Exception as exc:  # cantools raises many parse error types
        raise InputError(file, "dbc", f"a DBC cantools can load ({exc})") from None
    can_t = _get(data, "can", dict, file, "", "a [can] table", {})
    serial_t = _get(data, "serial", dict, file, "", "a [serial] table", {})
    sim = _get(data, "simulation", dict, file, "", "a [simulation] table", {})
    devices_t = _get(data, "devices", dict, file, "", "a [devices.NAME] table per device")
    if not devices_t:
        raise InputError(file, "devices", "at least one [devices.NAME] table")
    devices = {n: _device(n, t, file, db) for n, t in devices_t.items()}
    if any(d.link == "can" for d in devices.values()):
        _get(can_t, "interface", str, file, "can.", "a python-can interface name")
        _get(can_t, "channel", (str, int), file, "can.", "a channel")
        _get(can_t, "options", dict, file, "can.", "a table of python-can options", {})
    if any(d.link == "serial" for d in devices.values()):
        _get(serial_t, "port", str, file, "serial.", "'emulator' or a serial port path")
        _get(serial_t, "baudrate", int, file, "serial.", "a baud rate", 115200)
    twins = _choice(_get(sim, "twins", str, file, "simulation.", "inline or process", "inline"),
                    TWIN_PLACES, file, "simulation.twins")
    seed = _get(sim, "seed", int, file, "simulation.", "an integer seed", 0)
    cyclic = _get(sim, "cyclic_status", bool, file, "simulation.", "true or false", False)
    unknown = set(sim) - {"twins", "seed", "cyclic_status"}
    if unknown:
        raise InputError(file, f"simulation.{sorted(unknown)[0]}",
                         "one of twins, seed, cyclic_status")
    check_devices(devices, db, file, safe_values)  # definitions that cannot work: exit 2
    return Rig(name, path, _get(data, "description", str, file, "", "text", ""), dbc, can_t,
               serial_t, twins, seed, devices, cyclic)


def safe_values(rig_device: DeviceConfig, db: Any) -> dict[str, float]:
    """The documented safe state (devices/SAFE_STATE.md); rig ``safe_state`` overrides;
    devices without one go to the command message's start values."""
    values = start_values(db.get_message_by_name(rig_device.command))
    values.update(SAFE_STATE.get(rig_device.cls, {}))
    values.update(rig_device.safe_state)
    return values


class RigSession:
    """Open links, start simulated devices, record traces; safe state on every exit.

    Use as a context manager. ``actuators`` maps device name to an :class:`Actuator`.
    """

    def __init__(self, rig: Rig, out_dir: str | Path | None = None,
                 faults: list[Fault] | None = None, seed: int | None = None,
                 start_timeout_s: float = 10.0) -> None:
        self.rig = rig
        self.db = load_dbc(rig.dbc)
        self.out_dir = Path(out_dir) if out_dir is not None else None
        self.seed = rig.seed if seed is None else seed
        self.start_timeout_s = start_timeout_s
        self.faults = FaultPlan(list(faults or []), self.seed)
        self.actuators: dict[str, Actuator] = {}
        self.recorder: TraceRecorder | None = None
        self.safe_state_results: list[CommandResult] = []
        self._closers: list[Any] = []
        self._emulator: subprocess.Popen[str] | None = None
        self.serial_link: SerialLink | None = None
        self.can_port: CanPort | None = None
        self.twin_host: CanTwinHost | None = None

    # ---- start -------------------------------------------------------------------------
    def __enter__(self) -> RigSession:
        try:
            self._start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _devices(self, link: str, mode: str | None = None) -> list[DeviceConfig]:
        return [d for d in self.rig.devices.values()
                if d.link == link and (mode is None or d.mode == mode)]

    def _twin_configs(self, link: str) -> list[dict[str, Any]]:
        return [d.twin_config(self.seed + i) for i, d in
                enumerate(self._devices(link, "simulated"))]

    def _start(self) -> None:
        if self.out_dir is not None:
            self.recorder = TraceRecorder(self.out_dir)
            self._closers.append(self.recorder.close)
        if self._devices("can"):
            try:
                self._start_can()
            except (can.CanError, ImportError, OSError, ValueError, RuntimeError) as exc:
                raise LinkError(f"can ({self.rig.can.get('interface')})", str(exc)) from exc
        if self._devices("serial"):
            try:
                self._start_serial()
            except (OSError, ValueError, RuntimeError) as exc:  # SerialException is an OSError
                raise LinkError(f"serial ({self.rig.serial.get('port')})", str(exc)) from exc
        self.faults.device_of_frame = {
            self.db.get_message_by_name(d.command).frame_id: d.name
            for d in self.rig.devices.values()
        }
        self.faults.t0 = time.perf_counter()

    def _bus_kwargs(self) -> dict[str, Any]:
        can_t = self.rig.can
        kwargs = dict(can_t.get("options", {}))
        if "bitrate" in can_t:
            kwargs["bitrate"] = can_t["bitrate"]
        # "auto": a private bus per session (virtual channel, or udp_multicast group + port)
        channel, kwargs = private_channel(can_t["interface"], can_t["channel"], kwargs)
        return {"interface": can_t["interface"], "channel": channel, **kwargs}

    def _start_can(self) -> None:
        kwargs = self._bus_kwargs()
        bus = can.Bus(**kwargs)
        self._closers.append(bus.shutdown)
        twins = self._twin_configs("can")
        if twins and self.rig.twins == "inline":
            twin_bus = can.Bus(**kwargs)
            self._closers.append(twin_bus.shutdown)
            ecus = [build_ecu(self.db, c) for c in twins]
            self.twin_host = CanTwinHost(twin_bus, ecus, cyclic=self.rig.cyclic_status).start()
            self._closers.append(self.twin_host.stop)
        elif twins:
            self._start_twin_process(kwargs, twins)
        sinks = [self.recorder] if self.recorder else []
        self.can_port = CanPort(bus, sinks)
        self._closers.append(self.can_port.close)
        self.can_port.tx_hook = self.faults.tx_hook
        status_device = {self.db.get_message_by_name(d.status).frame_id: d.name
                         for d in self._devices("can")}
        self.can_port.rx_hook = lambda m: self.faults.accept_rx(
            status_device.get(m.arbitration_id, "?"))
        for d in self._devices("can"):
            self.actuators[d.name] = CanActuator(self.can_port, self.db, d.name, d.node_id,
                                                 d.command, d.status, d.timeout_ms / 1e3,
                                                 d.mapping or None)

    def _start_twin_process(self, kwargs: dict[str, Any], twins: list[dict[str, Any]]) -> None:
        extra = {k: v for k, v in kwargs.items() if k not in ("interface", "channel")}
        cmd = [sys.executable, "-m", "devices.can_twins", "--interface", kwargs["interface"],
               "--channel", str(kwargs["channel"]), "--dbc", str(self.rig.dbc),
               "--config", json.dumps(twins), "--bus-options", json.dumps(extra),
               *(["--cyclic"] if self.rig.cyclic_status else [])]
        proc = self._spawn(cmd, "READY")
        self._closers.append(lambda: _stop_process(proc))

    def _spawn(self, cmd: list[str], ready_prefix: str) -> subprocess.Popen[str]:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(PROJECT_ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env,
                                start_new_session=True)
        try:
            line = _readline_with_timeout(proc, self.start_timeout_s)
        except BaseException:  # Ctrl-C/SIGTERM during start-up: no orphaned child
            _stop_process(proc)
            raise
        if not line.startswith(ready_prefix):
            _stop_process(proc)
            raise RuntimeError(f"{cmd[2]} did not start (got {line!r})")
        proc.ready_line = line  # type: ignore[attr-defined]
        return proc

    def _start_serial(self) -> None:
        port = self.rig.serial["port"]
        if port == EMULATOR:
            twins = self._twin_configs("serial")
            cmd = [sys.executable, "-m", "devices.serial_emulator", "--dbc", str(self.rig.dbc),
                   "--config", json.dumps(twins)]
            self._emulator = self._spawn(cmd, "PORT ")
            emulator = self._emulator
            self._closers.append(lambda: _stop_process(emulator))
            port = self._emulator.ready_line.split()[1]  # type: ignore[attr-defined]
        log = self.recorder.serial_log if self.recorder else None
        self.serial_link = SerialLink.open(port, int(self.rig.serial.get("baudrate", 115200)),
                                           log)
        self._closers.append(self.serial_link.close)
        status_device = {self.db.get_message_by_name(d.status).frame_id: d.name
                         for d in self._devices("serial")}

        def accept(frame: Any) -> bool:
            body = split_can_body(frame.body)
            device = status_device.get(body[0], "?") if body else "?"
            return self.faults.accept_rx(device)

        self.serial_link.accept = accept
        for d in self._devices("serial"):
            self.actuators[d.name] = SerialActuator(self.serial_link, self.db, d.name,
                                                    d.node_id, d.command, d.status,
                                                    d.timeout_ms / 1e3, d.mapping or None)

    def trace_files(self) -> dict[str, str]:
        """Paths of the CAN traces and the serial log (for report.json), if recording."""
        if self.out_dir is None:
            return {}
        from hil.links.recorder import CAN_ASC, CAN_BLF, SERIAL_LOG

        return {"can_blf": str(self.out_dir / CAN_BLF), "can_asc": str(self.out_dir / CAN_ASC),
                "serial_log": str(self.out_dir / SERIAL_LOG)}

    # ---- faults and stop ---------------------------------------------------------------
    def disconnect_serial(self) -> None:
        """Pull the serial rig's plug: the emulator exits and the host sees EIO."""
        if self._emulator is not None:
            _stop_process(self._emulator)

    def before_command(self) -> None:
        """Apply time-triggered faults that are not per frame (serial disconnect)."""
        if self.faults.serial_disconnect_due():
            self.disconnect_serial()

    def apply_safe_state(self, timeout_s: float = 0.1) -> list[CommandResult]:
        """Command every actuator to its safe state; results are kept and returned."""
        results = []
        for name, actuator in self.actuators.items():
            values = safe_values(self.rig.devices[name], self.db)
            try:
                results.append(actuator.command(values, timeout_s))
            except Exception as exc:  # the safe state must reach every other device
                results.append(CommandResult(name, 0.0, Outcome.ERROR,
                                             f"safe state failed: {exc}"))
        self.safe_state_results = results
        return results

    def close(self) -> None:
        """Safe state, then close links, twins, emulator and recorder (in reverse order).

        Runs as a critical section: a second Ctrl-C/SIGTERM waits until it has finished.
        """
        with critical():
            self._close()

    def _close(self) -> None:
        try:
            if self.actuators and not self.safe_state_results:
                if self.can_port is not None:
                    self.can_port.tx_hook = None  # faults off: the safe state must go out
                    self.can_port.rx_hook = None
                if self.serial_link is not None:
                    self.serial_link.accept = None
                self.apply_safe_state()
        finally:
            while self._closers:
                closer = self._closers.pop()
                try:
                    closer()
                except Exception as exc:  # keep closing the rest
                    print(f"rig: close failed: {exc}", file=sys.stderr)


def _readline_with_timeout(proc: subprocess.Popen[str], timeout_s: float) -> str:
    import selectors

    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        if not sel.select(timeout_s):
            return ""
    return proc.stdout.readline().strip()


def _stop_process(proc: subprocess.Popen[str], timeout_s: float = 3.0) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout_s)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout_s)
    if proc.stdout is not None:
        proc.stdout.close()
