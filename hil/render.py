"""The real ``render`` stage: an intent becomes an HMI ack plus an actuator command, and the
wall-clock time from command to status is measured.

``RenderBackend(session).execute(intent, value) -> RenderOutcome``; :meth:`RenderBackend.stats`
gives the per-device figures for ``report.json["devices"]``.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from devices.actuator import CommandResult
from hil.links.faults import faults_from_spec
from hil.rig import RigSession, load_rig
from twin.assistant.intents import INTENT_NAMES, INTENTS

Values = dict[str, Any]
Plan = tuple[str, Callable[[Values, int | None], Values]]


def _clip(x: float, low: float, high: float) -> float:
    return float(min(max(x, low), high))


def _set(**fixed: Any) -> Callable[[Values, int | None], Values]:
    return lambda cur, v: {**cur, **fixed}


def _put(signal: str) -> Callable[[Values, int | None], Values]:
    return lambda cur, v: {**cur, signal: v}


def _step(signal: str, sign: int, low: float, high: float) -> Callable[[Values, int | None],
                                                                         Values]:
    return lambda cur, v: {**cur, signal: _clip(cur[signal] + sign * (v or 1), low, high)}


INTENT_PLANS: dict[str, Plan] = {
    "climate_set_temperature": ("hvac", _put("TargetTemp")),
    "climate_temperature_up": ("hvac", _step("TargetTemp", +1, 16, 30)),
    "climate_temperature_down": ("hvac", _step("TargetTemp", -1, 16, 30)),
    "climate_set_fan": ("hvac", _put("Fan")),
    "climate_fan_up": ("hvac", _step("Fan", +1, 0, 7)),
    "climate_fan_down": ("hvac", _step("Fan", -1, 0, 7)),
    "climate_ac_on": ("hvac", _set(AC=1)),
    "climate_ac_off": ("hvac", _set(AC=0)),
    "climate_defrost": ("hvac", _set(Fan=7, AC=1)),
    "seat_heat_driver": ("seat", _put("DriverLevel")),
    "seat_heat_passenger": ("seat", _put("PassengerLevel")),
    "window_set_position": ("window", lambda cur, v: {**cur, "Position": v, "Stop": 0}),
    "window_open": ("window", _set(Position=100, Stop=0)),
    "window_close": ("window", _set(Position=0, Stop=0)),
    "media_play": ("media", _set(Action=1)),
    "media_pause": ("media", _set(Action=2)),
    "media_next": ("media", _set(Action=3)),
    "media_previous": ("media", _set(Action=4)),
    "media_volume_set": ("media", lambda cur, v: {**cur, "Volume": v, "Action": 0}),
    "media_volume_up": ("media", _step("Volume", +1, 0, 30)),
    "media_volume_down": ("media", _step("Volume", -1, 0, 30)),
    "media_mute": ("media", _set(Mute=1, Action=0)),
}
"""Intent -> (device, function of current command values and the intent value)."""

ICONS = {"hvac": 1, "seat": 2, "window": 3, "media": 4}


@dataclass
class RenderOutcome:
    """One rendered intent. ``ms`` is command -> status (0 when nothing was commanded)."""

    ms: float
    device: str | None
    ok: bool
    timeout: bool = False
    rejected: bool = False
    error: str | None = None
    ack_ms: float | None = None


class RenderBackend:
    """Maps cabin intents to device commands on a running :class:`RigSession`."""

    def __init__(self, session: RigSession, ack_device: str = "hmi") -> None:
        self.session = session
        self.ack_device = ack_device if ack_device in session.actuators else None
        self.results: dict[str, list[CommandResult]] = defaultdict(list)
        self._commanded: dict[str, Values] = {}

    def _current(self, device: str) -> Values:
        """The values last commanded (start values before the first command)."""
        if device not in self._commanded:
            from devices.codec import start_values

            msg = self.session.db.get_message_by_name(self.session.rig.devices[device].command)
            values = start_values(msg)
            status = self.session.actuators[device].last_status
            values.update({k: v for k, v in status.items() if k in values})
            self._commanded[device] = values
        values = {k: v for k, v in self._commanded[device].items()
                  if k not in ("Counter", "Checksum")}
        if "Action" in values:  # media transport actions are one-shot
            values["Action"] = 0
        return values

    def _ack(self, intent: str, device: str | None, out: list[CommandResult]) -> None:
        if self.ack_device is None:
            return
        text_id = INTENT_NAMES.index(intent) + 1 if intent in INTENT_NAMES else 0
        values = {"Chime": 1, "Icon": ICONS.get(device or "", 0), "TextId": text_id}
        out.append(self.session.actuators[self.ack_device].command(values))

    def execute(self, intent: str, value: int | None = None) -> RenderOutcome:
        """Ack on the HMI, command the device, wait for its status (bounded by its timeout)."""
        self.session.before_command()
        plan = INTENT_PLANS.get(intent)
        device = plan[0] if plan and plan[0] in self.session.actuators else None
        acks: list[CommandResult] = []
        ack_thread = threading.Thread(target=self._ack, args=(intent, device, acks))
        ack_thread.start()
        try:
            if plan is None or device is None:
                return self._done(ack_thread, acks, RenderOutcome(0.0, None, ok=True))
            schema = INTENTS.get(intent)
            if schema is not None and schema.kind != "none" and not schema.accepts(value):
                return self._done(ack_thread, acks, RenderOutcome(
                    0.0, device, ok=False, error=f"value {value!r} refused for {intent}"))
            values = plan[1](self._current(device), value)
            result = self.session.actuators[device].command(values)
        except Exception as exc:  # encode refused a value: nothing was sent
            return self._done(ack_thread, acks, RenderOutcome(
                0.0, device, ok=False, error=f"not sent: {exc}"))
        if result.ok:
            self._commanded[device] = values
        self.results[device].append(result)
        return self._done(ack_thread, acks, RenderOutcome(
            result.ms, device, result.ok, result.timeout, result.rejected, result.error))

    def _done(self, ack_thread: threading.Thread, acks: list[CommandResult],
              outcome: RenderOutcome) -> RenderOutcome:
        ack_thread.join(2.0)  # the ack itself is bounded by the HMI timeout
        if acks and self.ack_device is not None:
            self.results[self.ack_device].append(acks[0])
            outcome.ack_ms = acks[0].ms if acks[0].ok else None
        return outcome

    def stats(self) -> dict[str, dict[str, Any]]:
        """Per device: count, ok, p50/p95/p99 of answered commands (ms), timeouts,
        rejections, errors."""
        return device_stats(self.results)

    def report(self) -> dict[str, Any]:
        """Everything device-side for ``report.json``: ``devices`` (per-device stats) plus
        ``rig`` (name, trace files, faults injected, safe-state outcome per device; the
        safe state is known once the session has closed)."""
        session = self.session
        return {
            "devices": self.stats(),
            "rig": {
                "name": session.rig.name,
                "traces": session.trace_files(),
                "faults_injected": dict(session.faults.injected),
                "safe_state": {r.device: r.outcome for r in session.safe_state_results},
            },
        }


@contextmanager
def render_backend(rig: str, out_dir: str | Path | None = None,
                   fault_specs: list[dict[str, Any]] | None = None, seed: int | None = None,
                   scenario_file: str = "scenario") -> Iterator[RenderBackend]:
    """Load a rig, validate the scenario's link faults, open the session, yield the backend.

    Bad rig files or fault entries raise :class:`twin.errors.InputError`. On leaving the block
    (normally or by exception) the safe state is commanded and the traces are closed; call
    :meth:`RenderBackend.report` after the block for the complete report.
    """
    loaded = load_rig(rig)
    faults = faults_from_spec(fault_specs or [], scenario_file, set(loaded.devices))
    with RigSession(loaded, out_dir, faults=faults, seed=seed) as session:
        yield RenderBackend(session)


def device_stats(results: dict[str, list[CommandResult]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for device, rs in sorted(results.items()):
        answered = np.array([r.ms for r in rs if r.ok or r.rejected])
        q = (np.percentile(answered, [50, 95, 99]).round(3).tolist() if answered.size
             else [None, None, None])
        out[device] = {
            "commands": len(rs),
            "ok": sum(r.ok for r in rs),
            "p50_ms": q[0], "p95_ms": q[1], "p99_ms": q[2],
            "timeouts": sum(r.timeout for r in rs),
            "rejections": sum(r.rejected for r in rs),
            "errors": sum(r.error is not None and not (r.timeout or r.rejected) for r in rs),
        }
    return out
