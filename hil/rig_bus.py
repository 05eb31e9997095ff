"""The rest of the bus around a rig session: the host's cycle watch over every device's
status (:mod:`devices.status_watch`), the ``ecu_silent`` driver that silences twins on the
scenario clock, and the replayed background trace (:mod:`hil.links.replay`) on each bus.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import can

from devices.actuator import CanActuator
from devices.can_port import CanPort
from devices.status_watch import StatusWatch, Watched
from hil.links.faults import FaultPlan
from hil.links.replay import Replay, Trace

Silence = Callable[[frozenset[str]], None]


def status_watch(devices: Iterable[Any], actuators: dict[str, Any],
                 ports: dict[str, CanPort], db_of: Callable[[str], Any],
                 faults: FaultPlan) -> StatusWatch:
    """A watch over every status message of the CAN ``devices`` (rig :class:`DeviceConfig`)
    with a cycle time in its database (``GenMsgCycleTime``); each one is subscribed now, so
    its age counts from the start, not from the first command that checks it."""
    watched = []
    for d in devices:
        actuator = actuators.get(d.name)
        if not isinstance(actuator, CanActuator) or d.bus not in ports:
            continue
        port = ports[d.bus]
        for name in d.spec.status_messages():
            message = db_of(d.name).get_message_by_name(name)
            cycle_ms = message.cycle_time or 0
            if cycle_ms <= 0:
                continue
            actuator.watch(message)
            watched.append(Watched(d.name, name, cycle_ms / 1e3,
                                   _seen(actuator, message.frame_id), _beat(port)))
    return StatusWatch(watched, faults.clock_ms)


def _seen(actuator: CanActuator, frame_id: int) -> Callable[[], float | None]:
    return lambda: actuator.status_seen.get(frame_id)


def _beat(port: CanPort) -> Callable[[], float]:
    return lambda: port.caught_up


def process_silence(proc: subprocess.Popen[bytes]) -> Silence:
    """Silences the twins of a ``python -m devices.can_twins`` process (a line on its stdin)."""
    def apply(devices: frozenset[str]) -> None:
        if proc.stdin is None or proc.poll() is not None:
            return
        with contextlib.suppress(OSError, ValueError):  # it exited: nothing left to silence
            proc.stdin.write(f"silent {','.join(sorted(devices))}\n".encode())
            proc.stdin.flush()
    return apply


class SilenceDriver:
    """Applies ``ecu_silent`` on the scenario clock: every ``every_s`` it asks the fault plan
    which devices are silent now and hands each change to every ``silence`` callback (a twin
    host, a twin process, the host's filter for real devices). :meth:`stop` ends every
    silence (the safe state must be answered)."""

    def __init__(self, faults: FaultPlan, devices: list[str], silence: list[Silence],
                 every_s: float = 0.001) -> None:
        self.faults = faults
        self.devices = devices
        self.silence = silence
        self.every_s = every_s
        self.now: frozenset[str] = frozenset()
        #: each change: the scenario ms, ``time.monotonic()`` and the devices silent from then
        self.changes: list[tuple[float, float, list[str]]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ecu-silent", daemon=True)

    def start(self) -> SilenceDriver:
        self._thread.start()
        return self

    def _apply(self, silent: frozenset[str]) -> None:
        if silent == self.now:
            return
        self.now = silent
        self.changes.append((self.faults.clock_ms(), time.monotonic(), sorted(silent)))
        for apply in self.silence:
            apply(silent)

    def _run(self) -> None:
        while not self._stop.wait(self.every_s):
            self._apply(frozenset(self.faults.silent_now(self.devices)))

    def stop(self, timeout_s: float = 1.0) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout_s)
        self._apply(frozenset())

    def onset_before(self, device: str, wall_s: float) -> float | None:
        """The ``time.monotonic()`` at which ``device``'s latest silence before ``wall_s``
        began (None: it was not silenced then)."""
        onset, silent = None, False
        for _, at, devices in self.changes:
            if at > wall_s:
                break
            now = device in devices
            if now and not silent:
                onset = at
            silent = now
        return onset if silent else None

    def summary(self) -> list[dict[str, Any]]:
        """Each change on the scenario clock: the devices silent from then on."""
        return [{"at_ms": round(ms, 3), "silent": devices} for ms, _, devices in self.changes]


def time_outages(watch: StatusWatch, silencer: SilenceDriver | None) -> None:
    """Stamp each outage with the wall time since its device was silenced (if it was)."""
    if silencer is None:
        return
    for outage in watch.lost:
        onset = silencer.onset_before(outage.device, outage.wall_s)
        if onset is not None:
            outage.after_silence_ms = (outage.wall_s - onset) * 1e3


def open_replays(trace: Trace, rig: Any, bus_args: dict[str, dict[str, Any]],
                 stack: contextlib.ExitStack) -> list[Replay]:
    """A :class:`Replay` per CAN bus with frames in ``trace``: trace channel k (0-based) on
    the bus with index k; a one-channel trace on a one-bus rig goes there whatever its
    channel. Each one sends from its own bus handle (another node); closed on ``stack``."""
    buses = [b for b in rig.buses.values() if b.name in bus_args]
    channels = sorted(trace.frames)
    pairs = ([(buses[0], channels[0])] if len(buses) == 1 and len(channels) == 1 else
             [(b, b.index) for b in buses if b.index in trace.frames])
    unused = sum(len(trace.frames[c]) for c in channels if c not in {c for _, c in pairs})
    if unused:
        print(f"replay: {unused} frames of {trace.path} on trace channels no bus of the rig "
              "has: left out", file=sys.stderr)
    replays = []
    for bus, channel in pairs:
        db = bus.db
        ids = {db.get_message_by_name(name).frame_id for d in rig.devices.values()
               if d.bus == bus.name for name in (d.command, *d.spec.status_messages())}
        ids |= {m.frame_id for m in db.messages if m.name.startswith("Diag_")}
        handle = can.Bus(**bus_args[bus.name])
        stack.callback(handle.shutdown)
        replay = Replay(trace.frames[channel], handle, ids, f"replay-{bus.name}")
        stack.callback(replay.stop)
        replays.append(replay)
    return replays


def start_rest_of_bus(session: Any) -> None:
    """A :class:`hil.rig.RigSession`'s cycle watch (cyclic status on), its ``ecu_silent``
    driver (if one is due) and its replays (if a trace is given), each closed on its stack."""
    can_devices = [d for d in session.rig.devices.values() if d.bus in session.can_ports]
    if session.rig.cyclic_status:
        session.status_watch = status_watch(can_devices, session.actuators, session.can_ports,
                                            session.db, session.faults).start()
        session._stack.callback(session.status_watch.stop)
    if session.faults.has("ecu_silent"):
        real = {d.name for d in can_devices if d.mode == "real"}

        def hide(silent: frozenset[str]) -> None:
            session._hidden = silent & real
        session.silencer = SilenceDriver(session.faults, [d.name for d in can_devices],
                                         [*session._silence, hide]).start()
        session._stack.callback(session.silencer.stop)
    if session.trace is not None:
        session.replays = open_replays(session.trace, session.rig, session._bus_args,
                                       session._stack)


def begin_on_lockstep(session: Any, env: Any) -> None:
    """Hand ``session`` (a :class:`hil.rig.RigSession`) the run's scenario clock for what keys
    on no request (``ecu_silent``, the cycle watch's stamps, a replayed trace): 0 until the run
    starts (a process at time 0 marks it, once the lockstep clock is anchored), then the
    lockstep's ``env.wall_ms``. Each ``ecu_silent`` window is held: the clock does not leap
    idle time into or across it."""
    started = threading.Event()

    def begin() -> Any:
        started.set()
        return
        yield  # a generator: SimPy runs it as the run's first event

    env.process(begin())
    session.begin(lambda: env.wall_ms() if started.is_set() else 0.0)
    if hasattr(env, "held"):  # a silence lasts its length on the wall: no leap over it
        env.held.extend((f.start_ms, f.start_ms + f.duration_ms)
                        for f in getattr(session.faults, "faults", ()) if f.kind == "ecu_silent")
