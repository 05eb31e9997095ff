"""The real ``render`` stage: an intent becomes an HMI ack plus an actuator command, and the
wall-clock time from command to status is measured.

``RenderBackend(session).execute(intent, value) -> RenderOutcome``; :meth:`RenderBackend.stats`
gives the per-device figures for ``report.json["devices"]``.
"""

from __future__ import annotations

import threading
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from devices.actuator import CONFIRMED, CommandResult, Outcome, outcome_counts
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
NO_COMMAND = "none"
"""The outcome of an intent that commands no device (nothing to confirm)."""


@dataclass
class RenderOutcome:
    """One rendered intent. ``ms`` is command -> status (0 when nothing was commanded).

    ``outcome`` is the command's :class:`Outcome` (``"none"`` when the intent commands no
    device); ``ack_outcome`` the HMI acknowledgement's. ``failed`` is what the verdict uses.
    """

    ms: float
    device: str | None
    outcome: str
    reason: str = ""
    ack_ms: float | None = None
    ack_outcome: str | None = None
    ack_reason: str = ""

    @property
    def ok(self) -> bool:
        return self.outcome == NO_COMMAND or self.outcome in CONFIRMED

    @property
    def timeout(self) -> bool:
        return self.outcome == Outcome.TIMED_OUT

    @property
    def rejected(self) -> bool:
        return self.outcome == Outcome.REJECTED

    @property
    def error(self) -> str | None:
        return None if self.ok else (self.reason or self.outcome)

    @property
    def failed(self) -> bool:
        """The command or its acknowledgement was not confirmed."""
        ack_failed = self.ack_outcome is not None and self.ack_outcome not in CONFIRMED
        return not self.ok or ack_failed

    @property
    def why(self) -> str:
        """The reason(s) of a failed request, empty when it did not fail."""
        parts = []
        if not self.ok:
            parts.append(f"{self.device or '-'} {self.outcome}: {self.reason}")
        if self.ack_outcome is not None and self.ack_outcome not in CONFIRMED:
            parts.append(f"ack {self.ack_outcome}: {self.ack_reason}")
        return "; ".join(parts)


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

    def _command(self, intent: str, value: int | None, plan: Plan | None) -> CommandResult | None:
        """Command the intent's device; None when the intent commands no device."""
        if plan is None:
            return None
        device = plan[0]
        if device not in self.session.actuators:
            return CommandResult(device, 0.0, Outcome.NOT_SENT,
                                 f"rig {self.session.rig.name!r} has no device {device!r} "
                                 f"for {intent}")
        schema = INTENTS.get(intent)
        if schema is not None and schema.kind != "none" and not schema.accepts(value):
            return CommandResult(device, 0.0, Outcome.NOT_SENT,
                                 f"value {value!r} refused for {intent}")
        try:
            values = plan[1](self._current(device), value)
        except Exception as exc:  # a plan that cannot build its command: nothing sent
            return CommandResult(device, 0.0, Outcome.NOT_SENT, f"not sent: {exc!r}")
        result = self.session.actuators[device].command(values)
        if result.confirmed:
            self._commanded[device] = values
        return result

    def execute(self, intent: str, value: int | None = None) -> RenderOutcome:
        """Ack on the HMI, command the device, wait for its status (bounded by its timeout)."""
        self.session.before_command()
        plan = INTENT_PLANS.get(intent)
        device = plan[0] if plan and plan[0] in self.session.actuators else None
        acks: list[CommandResult] = []
        ack_thread = threading.Thread(target=self._ack, args=(intent, device, acks))
        ack_thread.start()
        try:
            result = self._command(intent, value, plan)
        finally:
            ack_thread.join(2.0)  # the ack itself is bounded by the HMI timeout
        if result is None:
            outcome = RenderOutcome(0.0, None, NO_COMMAND)
        else:
            self.results[result.device].append(result)
            outcome = RenderOutcome(result.ms, result.device, result.outcome.value,
                                    result.reason)
        if self.ack_device is not None:
            ack = acks[0] if acks else CommandResult(
                self.ack_device, 2000.0, Outcome.TIMED_OUT, "ack still in flight after 2 s")
            self.results[self.ack_device].append(ack)
            outcome.ack_ms = ack.ms if ack.confirmed else None
            outcome.ack_outcome, outcome.ack_reason = ack.outcome.value, ack.reason
        return outcome

    def stats(self) -> dict[str, dict[str, Any]]:
        """Per device: count, ok, p50/p95/p99 of answered commands (ms), timeouts,
        rejections, errors, and the count of every outcome."""
        return device_stats(self.results)

    def actuation(self) -> dict[str, Any]:
        """``report.json["actuation"]``: outcomes overall, per device and per cause (with the
        reason), malformed status frames by cause, and the safe state per device."""
        return actuation_summary(self.results, self.session)

    def report(self) -> dict[str, Any]:
        """Everything device-side for ``report.json``: ``devices`` (per-device stats),
        ``actuation`` (outcomes and reasons) plus ``rig`` (name, trace files, faults injected,
        safe-state outcome per device; the safe state is known once the session has closed)."""
        session = self.session
        return {
            "devices": self.stats(),
            "actuation": self.actuation(),
            "rig": {
                "name": session.rig.name,
                "traces": session.trace_files(),
                "faults_injected": dict(session.faults.injected),
                "safe_state": {r.device: r.verdict for r in session.safe_state_results},
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
        answered = np.array([r.ms for r in rs if r.result is not None])
        q = (np.percentile(answered, [50, 95, 99]).round(3).tolist() if answered.size
             else [None, None, None])
        counts = outcome_counts(rs)
        out[device] = {
            "commands": len(rs),
            "ok": sum(r.confirmed for r in rs),
            "p50_ms": q[0], "p95_ms": q[1], "p99_ms": q[2],
            "timeouts": counts[Outcome.TIMED_OUT],
            "rejections": counts[Outcome.REJECTED],
            "errors": counts[Outcome.ERROR],
            "outcomes": counts,
        }
    return out


def _causes(results: dict[str, list[CommandResult]]) -> list[dict[str, Any]]:
    """Unconfirmed commands grouped by device, outcome and reason (most frequent first)."""
    counts: Counter[tuple[str, str, str]] = Counter(
        (r.device, r.outcome.value, r.reason) for rs in results.values() for r in rs
        if not r.confirmed)
    return [{"device": d, "outcome": o, "reason": why, "count": n}
            for (d, o, why), n in counts.most_common()]


def actuation_summary(results: dict[str, list[CommandResult]],
                      session: RigSession | None = None) -> dict[str, Any]:
    """Outcome counts overall and per device, failure causes, malformed frames, safe state."""
    every = [r for rs in results.values() for r in rs]
    counts = outcome_counts(every)
    summary: dict[str, Any] = {
        "commands": len(every),
        "confirmed": sum(r.confirmed for r in every),
        "outcomes": counts,
        "not_sent": counts[Outcome.NOT_SENT],
        "timed_out": counts[Outcome.TIMED_OUT],
        "timed_out_fraction": round(counts[Outcome.TIMED_OUT] / len(every), 6) if every
        else 0.0,
        "rejected": counts[Outcome.REJECTED],
        "mismatched": counts[Outcome.MISMATCH],
        "errors": counts[Outcome.ERROR],
        "per_device": {d: outcome_counts(rs) for d, rs in sorted(results.items())},
        "causes": _causes(results),
    }
    if session is not None:
        malformed: Counter[str] = Counter()
        for actuator in session.actuators.values():
            malformed.update(getattr(actuator, "malformed", {}))
        summary["malformed_status"] = dict(sorted(malformed.items()))
        port, link = session.can_port, session.serial_link
        failures = list(port.reader_failures) if port is not None else []
        if link is not None and link.reader_failure:
            failures.append(f"serial: {link.reader_failure}")
        summary["reader_failures"] = failures
        summary["reader_failed"] = len(failures)
        faults: Counter[str] = Counter(port.rx_faults if port is not None else {})
        faults.update(link.rx_faults if link is not None else {})
        summary["rx_faults"] = dict(sorted(faults.items()))
        safe = {r.device: {"outcome": r.outcome.value, "reason": r.reason}
                for r in session.safe_state_results}
        missing = [d for d in session.actuators if d not in safe]
        safe.update({d: {"outcome": "not_sent", "reason": "safe state never commanded"}
                     for d in missing})
        summary["safe_state"] = safe
        summary["safe_state_unconfirmed"] = sum(
            s["outcome"] not in CONFIRMED for s in safe.values())
    return summary
