"""A :class:`RigSession` runs a loaded rig (:mod:`hil.rig_file`): it opens every bus, starts
the simulated devices (in-process or in a separate process, one host per bus) and the serial
emulator, records the traces (one channel per bus), turns intents into frames through the
devices' bindings, and on every exit commands each device's safe state.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import can

from devices.actuator import Actuator, CanActuator, CommandResult, Outcome, SerialActuator
from devices.binding import E2E_SIGNALS, Refused
from devices.can_port import CanPort
from devices.can_twins import CanTwinHost
from devices.codec import start_values
from devices.critical import critical
from devices.ecu import build_ecu
from devices.serial_link import SerialLink
from devices.serial_protocol import split_can_body
from devices.status_watch import StatusWatch
from hil import process
from hil.links.faults import Fault, FaultPlan
from hil.links.recorder import TraceRecorder
from hil.links.replay import Replay, read_trace
from hil.private_bus import private_channel
from hil.rig_bus import Silence, SilenceDriver, process_silence, start_rest_of_bus
from hil.rig_file import SERIAL, BusConfig, DeviceConfig, Rig, load_rig
from twin.paths import PROJECT_ROOT

__all__ = ["LinkError", "Rig", "RigSession", "load_rig"]

EMULATOR = "emulator"
SAFE_STATE_MIN_WAIT_S = 0.1  # a safe-state command waits at least this (devices/SAFE_STATE.md)


class LinkError(RuntimeError):
    """A link (CAN interface, serial port, simulated device process) could not be opened."""

    def __init__(self, link: str, reason: str) -> None:
        super().__init__(f"{link}: cannot open: {reason}")
        self.link = link
        self.reason = reason


class RigSession:
    """Open links, start simulated devices, record traces; safe state on every exit.

    Use as a context manager. ``actuators`` maps device name to an :class:`Actuator`.
    """

    def __init__(self, rig: Rig, out_dir: str | Path | None = None,
                 faults: list[Fault] | None = None, seed: int | None = None,
                 start_timeout_s: float = 30.0, replay: str | Path | None = None) -> None:
        """``replay``: a BLF/ASC trace sent as background traffic from :meth:`begin` on."""
        self.rig = rig
        self.trace = read_trace(replay) if replay is not None else None
        self.replays: list[Replay] = []
        self._bus_args: dict[str, dict[str, Any]] = {}
        self._twin_procs: dict[str, subprocess.Popen[bytes]] = {}
        self.out_dir = Path(out_dir) if out_dir is not None else None
        self.seed = rig.seed if seed is None else seed
        self.start_timeout_s = start_timeout_s
        self.faults = FaultPlan(list(faults or []), self.seed)
        self.actuators: dict[str, Actuator] = {}
        self.recorder: TraceRecorder | None = None
        self.safe_state_results: list[CommandResult] = []
        self.can_ports: dict[str, CanPort] = {}
        self.twin_hosts: dict[str, CanTwinHost] = {}
        self.status_watch: StatusWatch | None = None
        """The host's cycle watch over every status with a cycle time (cyclic status on)."""
        self.silencer: SilenceDriver | None = None
        self._silence: list[Silence] = []
        self._hidden: frozenset[str] = frozenset()  # real devices ecu_silent hides
        self.serial_link: SerialLink | None = None
        self._emulator: subprocess.Popen[bytes] | None = None
        self._commanded: dict[str, dict[str, float]] = {}
        self.confirmed: set[str] = set()  # devices that confirmed a command of this session
        self.sent: set[str] = set()  # devices this session sent a command to
        self._stack = contextlib.ExitStack()

    @property
    def can_port(self) -> CanPort | None:
        """The first CAN bus's port (rigs with one bus)."""
        return next(iter(self.can_ports.values()), None)

    @property
    def twin_host(self) -> CanTwinHost | None:
        return next(iter(self.twin_hosts.values()), None)

    def db(self, device: str) -> Any:
        return self.rig.db(device)

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

    def _devices(self, bus: str, mode: str | None = None) -> list[DeviceConfig]:
        return [d for d in self.rig.devices.values()
                if d.bus == bus and (mode is None or d.mode == mode)]

    def _twin_configs(self, bus: str) -> list[dict[str, Any]]:
        names = list(self.rig.devices)
        return [d.twin_config(self.seed + names.index(d.name))
                for d in self._devices(bus, "simulated") if d.status is not None]

    def _start(self) -> None:
        if self.out_dir is not None:
            self.recorder = TraceRecorder(self.out_dir, self.channel_names())
            self._stack.callback(self.recorder.close)
        for bus in self.rig.buses.values():
            if not self._devices(bus.name):
                continue
            if bus.kind == SERIAL:
                try:
                    self._start_serial(bus)
                except (OSError, ValueError, RuntimeError) as exc:  # SerialException: OSError
                    raise LinkError(f"serial ({bus.port})", str(exc)) from exc
            else:
                try:
                    self._start_can(bus)
                except (can.CanError, ImportError, OSError, ValueError, RuntimeError) as exc:
                    raise LinkError(f"can {bus.name} ({bus.interface})", str(exc)) from exc
        self.faults.device_of_frame = {
            self.db(d.name).get_message_by_name(d.command).frame_id: d.name
            for d in self.rig.devices.values()
        }
        self.faults.t0 = time.perf_counter()
        start_rest_of_bus(self)

    def begin(self, clock_ms: Callable[[], float] | None = None) -> None:
        """Time zero of the scenario: faults that key on no request (``ecu_silent``) and the
        replayed trace run on ``clock_ms`` from now (default: the wall clock from now)."""
        self.faults.t0 = time.perf_counter()
        if clock_ms is not None:
            self.faults.clock = clock_ms
        for replay in self.replays:
            replay.start(self.faults.clock_ms)

    def channel_names(self) -> dict[int, dict[str, str]]:
        """Trace channel (as ASC/BLF number it, from 1) -> bus name and DBC file."""
        return {b.index + 1: {"bus": b.name, "dbc": str(b.dbc)}
                for b in self.rig.buses.values() if b.kind != SERIAL}

    def _bus_kwargs(self, bus: BusConfig) -> dict[str, Any]:
        kwargs = dict(bus.options or {})
        if bus.bitrate is not None:
            kwargs["bitrate"] = bus.bitrate
        # "auto": a private bus per session (virtual channel, or udp_multicast group + port)
        channel, kwargs = private_channel(bus.interface, bus.channel, kwargs)
        return {"interface": bus.interface, "channel": channel, **kwargs}

    def _start_can(self, bus: BusConfig) -> None:
        kwargs = self._bus_kwargs(bus)
        self._bus_args[bus.name] = kwargs
        host_bus = can.Bus(**kwargs)
        self._stack.callback(host_bus.shutdown)
        twins = self._twin_configs(bus.name)
        if twins and self.rig.twins == "inline":
            twin_bus = can.Bus(**kwargs)
            self._stack.callback(twin_bus.shutdown)
            ecus = [build_ecu(bus.db, c) for c in twins]
            host = CanTwinHost(twin_bus, ecus, cyclic=self.rig.cyclic_status,
                               realtime=self.rig.cyclic_status).start()
            self.twin_hosts[bus.name] = host
            self._stack.callback(host.stop)
            self._silence.append(host.set_silent)
        elif twins:
            self._start_twin_process(bus, kwargs, twins)
        sinks = [self.recorder] if self.recorder else []
        port = CanPort(host_bus, sinks, channel=bus.index)
        self.can_ports[bus.name] = port
        self._stack.callback(port.close)
        # the twins stop before the port closes: every frame they send is read and traced
        self._stack.callback(self._stop_twins, bus.name)
        port.tx_hook = self.faults.tx_hook
        status_device = {bus.db.get_message_by_name(m).frame_id: d.name
                         for d in self._devices(bus.name) for m in d.spec.status_messages()}

        def accept(m: can.Message) -> bool:
            device = status_device.get(m.arbitration_id, "?")
            return device not in self._hidden and self.faults.accept_rx(device)
        port.rx_hook = accept
        for d in self._devices(bus.name):
            actuator = CanActuator(port, bus.db, d.name, d.node_id, d.command, d.status,
                                   d.timeout_ms / 1e3)
            actuator.strict_encode = False  # the binding range-checks every value
            self.actuators[d.name] = actuator

    def _stop_twins(self, bus: str) -> None:
        if bus in self.twin_hosts:
            self.twin_hosts[bus].stop()
        if bus in self._twin_procs:
            _stop_process(self._twin_procs[bus])

    def _start_twin_process(self, bus: BusConfig, kwargs: dict[str, Any],
                            twins: list[dict[str, Any]]) -> None:
        extra = {k: v for k, v in kwargs.items() if k not in ("interface", "channel")}
        cmd = [sys.executable, "-m", "devices.can_twins", "--interface", kwargs["interface"],
               "--channel", str(kwargs["channel"]), "--dbc", str(bus.dbc),
               "--config", json.dumps(twins), "--bus-options", json.dumps(extra),
               *(["--cyclic"] if self.rig.cyclic_status else []),
               *([] if bus.strict else ["--non-strict"])]
        proc = self._spawn(cmd, "READY", stdin=subprocess.PIPE)  # stdin: ecu_silent
        self._stack.callback(_stop_process, proc)
        self._twin_procs[bus.name] = proc
        self._silence.append(process_silence(proc))

    def _spawn(self, cmd: list[str], ready_prefix: str,
               stdin: Any = subprocess.DEVNULL) -> subprocess.Popen[bytes]:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(PROJECT_ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
        proc = process.spawn(cmd, env=env, stdin=stdin)
        try:
            line = process.first_line(proc, self.start_timeout_s)
        except BaseException:  # Ctrl-C/SIGTERM during start-up: no orphaned child
            _stop_process(proc)
            raise
        if not line.startswith(ready_prefix):
            _stop_process(proc)
            raise RuntimeError(f"{cmd[2]} did not start (got {process.printable(line)!r})")
        proc.ready_line = line  # type: ignore[attr-defined]
        return proc

    def _start_serial(self, bus: BusConfig) -> None:
        port = bus.port
        if port == EMULATOR:
            cmd = [sys.executable, "-m", "devices.serial_emulator", "--dbc", str(bus.dbc),
                   "--config", json.dumps(self._twin_configs(SERIAL)),
                   *([] if bus.strict else ["--non-strict"])]
            self._emulator = self._spawn(cmd, "PORT ")
            self._stack.callback(_stop_process, self._emulator)
            port = self._emulator.ready_line.split()[1]  # type: ignore[attr-defined]
        log = self.recorder.serial_log if self.recorder else None
        self.serial_link = SerialLink.open(port, bus.baudrate, log)
        self._stack.callback(self.serial_link.close)
        status_device = {bus.db.get_message_by_name(d.status).frame_id: d.name
                         for d in self._devices(SERIAL) if d.status}

        def accept(frame: Any) -> bool:
            body = split_can_body(frame.body)
            device = status_device.get(body[0], "?") if body else "?"
            return self.faults.accept_rx(device)

        self.serial_link.accept = accept
        for d in self._devices(SERIAL):
            actuator = SerialActuator(self.serial_link, bus.db, d.name, d.node_id, d.command,
                                      d.status, d.timeout_ms / 1e3)
            actuator.strict_encode = False
            self.actuators[d.name] = actuator

    def trace_files(self) -> dict[str, Any]:
        """Paths of the CAN traces and the serial log (for report.json), if recording, and
        the bus on each trace channel."""
        if self.out_dir is None:
            return {}
        from hil.links.recorder import CAN_ASC, CAN_BLF, SERIAL_LOG

        return {"can_blf": str(self.out_dir / CAN_BLF), "can_asc": str(self.out_dir / CAN_ASC),
                "serial_log": str(self.out_dir / SERIAL_LOG),
                "channels": {str(k): v for k, v in self.channel_names().items()}}

    # ---- intents -----------------------------------------------------------------------
    def current(self, device: str) -> dict[str, float]:
        """The values last commanded (start values, updated from the status, before the
        first command); counter and checksum left out."""
        if device not in self._commanded:
            values = start_values(self.db(device).get_message_by_name(
                self.rig.devices[device].command))
            status = self.actuators[device].last_status
            values.update({k: v for k, v in status.items() if k in values})
            self._commanded[device] = values
        return {k: v for k, v in self._commanded[device].items() if k not in E2E_SIGNALS}

    def command_intent(self, intent: str, value: Any,
                       timeout_s: float | None = None) -> tuple[str, CommandResult]:
        """Encode ``intent`` through its binding, send it, await its confirmation.

        Raises :class:`devices.binding.Refused` (nothing sent) when a value is out of range
        and ``KeyError`` when no device of this rig serves the intent.
        """
        device = self.rig.serves(intent)
        if device is None or device not in self.actuators:
            raise KeyError(intent)
        spec = self.rig.devices[device].spec
        values = spec.encode(intent, value, self.current(device))
        self.faults.note_command(device)
        if self.rig.devices[device].bus == SERIAL:
            self.faults.serial_down_hit()
        self.sent.add(device)
        result = self.actuators[device].command(values, timeout_s,
                                                checks=spec.checks(intent) or None)
        if result.ok or result.outcome is Outcome.SENT:
            self._commanded[device] = values
        if result.ok:
            self.confirmed.add(device)
        return device, result

    # ---- faults and stop ---------------------------------------------------------------
    def disconnect_serial(self) -> None:
        """Pull the serial rig's plug: the emulator exits and the host sees EIO."""
        if self._emulator is not None:
            _stop_process(self._emulator)

    def before_command(self) -> None:
        """Apply time-triggered faults that are not per frame (serial disconnect)."""
        if self.faults.serial_disconnect_due():
            self.disconnect_serial()

    def apply_safe_state(self, timeout_s: float | None = None) -> list[CommandResult]:
        """Command every actuator to its safe state; results are kept and returned. Each waits
        ``timeout_s``, by default its device's ``timeout_ms``, at least SAFE_STATE_MIN_WAIT_S."""
        results = []
        for name, actuator in self.actuators.items():
            spec = self.rig.devices[name].spec
            wait_s = timeout_s or max(SAFE_STATE_MIN_WAIT_S, actuator.timeout_s)
            try:
                values = spec.safe_values(self.current(name), actuator.last_status,
                                          name in self.confirmed)
                results.append(actuator.command(values, wait_s,
                                                checks=spec.safe_state.confirm or None))
            except Refused as exc:
                if name not in self.sent:  # nothing was moved: no position to hold is needed
                    results.append(CommandResult(
                        name, 0.0, Outcome.UNTOUCHED, "safe state not needed: this session "
                        f"never commanded {name} (nothing moved it, and it reported no "
                        "value to hold)"))
                else:
                    results.append(CommandResult(name, 0.0, Outcome.NOT_SENT, str(exc)))
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
            for replay in self.replays:
                replay.stop()  # the safe state on a quiet bus
            if self.silencer is not None:
                self.silencer.stop()  # every ECU sends again: the safe state is answered
            if self.status_watch is not None:
                self.status_watch.stop()  # the run's outages are known; the exit is not one
            if self.actuators and not self.safe_state_results:
                for port in self.can_ports.values():
                    port.tx_hook = None  # faults off: the safe state must go out
                    port.rx_hook = None
                if self.serial_link is not None:
                    self.serial_link.accept = None
                self.apply_safe_state()
        finally:
            stack, self._stack = self._stack, contextlib.ExitStack()
            _close_all(stack)


def _close_all(stack: contextlib.ExitStack) -> None:
    """Unwind ``stack`` (ExitStack runs every closer even when one fails; report it)."""
    try:
        stack.close()
    except Exception as exc:
        print(f"rig: close failed: {exc}", file=sys.stderr)


def _stop_process(proc: subprocess.Popen[bytes], timeout_s: float = 3.0) -> None:
    process.stop(proc, term_s=timeout_s, kill_s=timeout_s)
