"""The real ``render`` stage: an intent becomes an HMI ack plus an actuator command, and the
wall-clock time from command to confirming status is measured.

How an intent becomes a frame is the rig file's business (``[devices.NAME.intents]``, see
:mod:`hil.rig_file`): the device that binds the intent gets it, the device that binds
``feedback`` shows the ack. An intent no device binds is reported with ``device`` None.

``RenderBackend(session).execute(intent, value) -> RenderOutcome``; :meth:`RenderBackend.stats`
gives the per-device figures for ``report.json["devices"]``.
"""

from __future__ import annotations

import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from devices.actuator import CONFIRMED, CommandResult, Outcome, outcome_counts
from devices.binding import Refused
from hil.links.faults import faults_from_spec
from hil.rig import RigSession, load_rig
from hil.rig_bus import time_outages
from hil.rig_file import FEEDBACK
from twin.assistant.intents import INTENT_NAMES, INTENTS


def intent_routes(rig: str = "ci-virtual") -> dict[str, str]:
    """Intent -> the device of ``rig`` that serves it (the rig file's bindings)."""
    loaded = load_rig(rig)
    return {intent: name for name, dev in loaded.devices.items() for intent in dev.spec.intents
            if intent != FEEDBACK}


NO_COMMAND = "none"
"""The outcome of an intent that commands no device (``unknown``: nothing to confirm)."""
UNSERVED = "unserved"
"""The outcome of a cabin intent no device of the rig serves: nothing happened in the cabin
(a built-in expectation fails the run unless ``[actuation] unserved`` allows the intent)."""
_NOT_COMMANDED = (NO_COMMAND, UNSERVED)


_DONE = CONFIRMED | {Outcome.SENT, Outcome.UNTOUCHED}
"""Outcomes that are not a failure: confirmed, sent to a fire-and-forget device, or (a safe
state only) not needed because the session never commanded the device."""


@dataclass
class RenderOutcome:
    """One rendered intent. ``ms`` is command -> status (0 when nothing was commanded).

    ``outcome`` is the command's :class:`Outcome` (``"none"`` when the intent commands no
    device, ``"unserved"`` when no device of the rig serves it); ``ack_outcome`` the HMI
    acknowledgement's. ``failed`` is what the verdict uses.
    """

    ms: float
    device: str | None
    outcome: str
    reason: str = ""
    ack_ms: float | None = None
    ack_outcome: str | None = None
    ack_reason: str = ""
    intent: str = ""
    value: Any = None
    #: wall clock (epoch s, ``time.time()``) when the render began: the report links a failed
    #: command to its lines in can.asc and serial.log by it
    sent_at: float | None = None

    @property
    def ok(self) -> bool:
        return self.outcome in _NOT_COMMANDED or self.outcome in CONFIRMED

    @property
    def unserved(self) -> bool:
        return self.outcome == UNSERVED

    @property
    def timeout(self) -> bool:
        return self.outcome == Outcome.TIMED_OUT

    @property
    def rejected(self) -> bool:
        return self.outcome == Outcome.REJECTED

    @property
    def error(self) -> str | None:
        """Why the command failed (None when it did not: confirmed, sent to a
        fire-and-forget device, or nothing to command)."""
        if self.ok or self.outcome in _DONE:
            return None
        return self.reason or self.outcome

    @property
    def failed(self) -> bool:
        """The command or its acknowledgement was not confirmed (a fire-and-forget device's
        ``sent`` is all it can do: not a failure, never counted as confirmed)."""
        ack_failed = self.ack_outcome is not None and self.ack_outcome not in _DONE
        return (self.outcome not in _DONE and self.outcome not in _NOT_COMMANDED) or ack_failed

    @property
    def why(self) -> str:
        """The reason(s) of a failed request, empty when it did not fail."""
        parts = []
        if self.outcome not in _DONE and self.outcome not in _NOT_COMMANDED:
            parts.append(f"{self.device or '-'} {self.outcome}: {self.reason}")
        if self.ack_outcome is not None and self.ack_outcome not in _DONE:
            parts.append(f"ack {self.ack_outcome}: {self.ack_reason}")
        return "; ".join(parts)


class RenderBackend:
    """Sends cabin intents to the rig's devices through their bindings."""

    def __init__(self, session: RigSession) -> None:
        self.session = session
        ack = session.rig.serves(FEEDBACK)
        self.ack_device = ack if ack in session.actuators else None
        self.results: dict[str, list[CommandResult]] = defaultdict(list)
        self.unserved: Counter[str] = Counter()  # intent -> requests no device served
        self._count_lock = threading.Lock()  # render runs requests side by side

    def _ack(self, intent: str, out: list[CommandResult]) -> None:
        if self.ack_device is None:
            return
        text_id = INTENT_NAMES.index(intent) + 1 if intent in INTENT_NAMES else 1
        try:
            out.append(self.session.command_intent(FEEDBACK, text_id)[1])
        except Refused as exc:
            out.append(CommandResult(self.ack_device, 0.0, Outcome.NOT_SENT,
                                     f"not sent: {exc}"))

    def execute(self, intent: str, value: int | None = None) -> RenderOutcome:
        """Ack on the HMI, command the device, wait for its status (bounded by its timeout)."""
        sent_at = time.time()
        self.session.before_command()
        served = self.session.rig.serves(intent) if intent != FEEDBACK else None
        device = served if served in self.session.actuators else None
        acks: list[CommandResult] = []
        ack_thread = threading.Thread(target=self.session.faults.carry(self._ack),
                                      args=(intent, acks))  # the ack is the same request's
        ack_thread.start()
        try:
            result = self._command(intent, value, device)
        finally:
            ack_thread.join(2.0)  # the ack itself is bounded by the HMI timeout
        if result is None:
            cabin = intent in INTENTS and intent != "unknown"
            outcome = (RenderOutcome(0.0, None, UNSERVED, "no device of the rig serves it",
                                     intent=intent) if cabin
                       else RenderOutcome(0.0, None, NO_COMMAND, intent=intent))
            if cabin:
                with self._count_lock:
                    self.unserved[intent] += 1
        else:
            self.results[result.device].append(result)
            outcome = RenderOutcome(result.ms, result.device, result.outcome.value,
                                    result.reason, intent=intent)
        if self.ack_device is not None:
            ack = acks[0] if acks else CommandResult(
                self.ack_device, 2000.0, Outcome.TIMED_OUT, "ack still in flight after 2 s")
            self.results[self.ack_device].append(ack)
            outcome.ack_ms = ack.ms if ack.confirmed else None
            outcome.ack_outcome, outcome.ack_reason = ack.outcome.value, ack.reason
        outcome.value, outcome.sent_at = value, sent_at
        return outcome

    def _command(self, intent: str, value: int | None,
                 device: str | None) -> CommandResult | None:
        """Command the intent's device through its binding; None when no device binds it."""
        if device is None:
            return None
        schema = INTENTS.get(intent)
        if schema is not None and schema.kind != "none" and not schema.accepts(value):
            return CommandResult(device, 0.0, Outcome.NOT_SENT,
                                 f"value {value!r} refused for {intent}")
        try:
            _, result = self.session.command_intent(intent, value)
        except Refused as exc:  # out of range: nothing was sent
            return CommandResult(device, 0.0, Outcome.NOT_SENT, f"not sent: {exc}")
        return result

    def stats(self) -> dict[str, dict[str, Any]]:
        """Per device: count, ok, p50/p95/p99 of answered commands (ms), timeouts,
        rejections, errors, and the count of every outcome."""
        return device_stats(self.results)

    def actuation(self) -> dict[str, Any]:
        """``report.json["actuation"]``: outcomes overall, per device and per cause (with the
        reason), malformed status frames by cause, the safe state per device, and the cabin
        commands apart from the HMI's acknowledgements (``cabin_commands``, ``cabin_confirmed``,
        ``acknowledgements``)."""
        summary = actuation_summary(self.results, self.session)
        acks = self.results.get(self.ack_device, []) if self.ack_device is not None else []
        summary.update(
            acknowledgements=len(acks),
            acknowledgements_confirmed=sum(r.confirmed for r in acks),
            cabin_commands=summary["commands"] - len(acks),
            cabin_confirmed=summary["confirmed"] - sum(r.confirmed for r in acks),
            cabin_sent_unconfirmed=summary["sent_unconfirmed"] - sum(
                r.outcome == Outcome.SENT for r in acks),
            unserved=sum(self.unserved.values()), unserved_allowed=0,
            unserved_by_intent=dict(self.unserved.most_common()))
        return summary

    def report(self) -> dict[str, Any]:
        """Everything device-side for ``report.json``: ``devices`` (per-device stats) plus
        ``rig`` (name, trace files, faults injected, safe-state outcome per device; the
        safe state is known once the session has closed)."""
        session = self.session
        return {
            "devices": self.stats(),
            "actuation": self.actuation(),
            "rig": {
                "name": session.rig.name,
                "traces": session.trace_files(),
                "faults_injected": dict(session.faults.injected),
                "safe_state": {r.device: r.verdict for r in session.safe_state_results},
                **({"replay": {"file": str(session.trace.path),
                               "buses": {r.name: r.summary() for r in session.replays}}}
                   if session.trace is not None else {}),
            },
        }


@contextmanager
def render_backend(rig: str, out_dir: str | Path | None = None,
                   fault_specs: list[dict[str, Any]] | None = None, seed: int | None = None,
                   scenario_file: str = "scenario",
                   replay: str | Path | None = None) -> Iterator[RenderBackend]:
    """Load a rig, validate the scenario's link faults, open the session, yield the backend.

    Bad rig files or fault entries raise :class:`twin.errors.InputError`. On leaving the block
    (normally or by exception) the safe state is commanded and the traces are closed; call
    :meth:`RenderBackend.report` after the block for the complete report.
    """
    loaded = load_rig(rig)
    faults = faults_from_spec(fault_specs or [], scenario_file, set(loaded.devices),
                              rig=f"rig {loaded.name}")
    with RigSession(loaded, out_dir, faults=faults, seed=seed, replay=replay) as session:
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
            "answered": int(answered.size),  # the samples under p50/p95/p99
            "ok": sum(r.confirmed for r in rs),
            "p50_ms": q[0], "p95_ms": q[1], "p99_ms": q[2],
            "timeouts": counts[Outcome.TIMED_OUT],
            "rejections": counts[Outcome.REJECTED],
            "errors": counts[Outcome.ERROR],
            "sent_unconfirmed": counts[Outcome.SENT],
            "mismatches": counts[Outcome.MISMATCH],
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
        "sent_unconfirmed": counts[Outcome.SENT],
        "per_device": {d: outcome_counts(rs) for d, rs in sorted(results.items())},
        "causes": _causes(results),
    }
    if session is not None:
        malformed: Counter[str] = Counter()
        for actuator in session.actuators.values():
            malformed.update(getattr(actuator, "malformed", {}))
        summary["malformed_status"] = dict(sorted(malformed.items()))
        ports, link = session.can_ports, session.serial_link
        multi = len(ports) > 1
        failures = [f"{name}: {f}" if multi else f
                    for name, port in ports.items() for f in port.reader_failures]
        if link is not None and link.reader_failure:
            failures.append(f"serial: {link.reader_failure}")
        summary["reader_failures"] = failures
        summary["reader_failed"] = len(failures)
        faults: Counter[str] = Counter()
        for port in ports.values():
            faults.update(port.rx_faults)
        faults.update(link.rx_faults if link is not None else {})
        summary["rx_faults"] = dict(sorted(faults.items()))
        safe = {r.device: {"outcome": r.outcome.value, "reason": r.reason}
                for r in session.safe_state_results}
        missing = [d for d in session.actuators if d not in safe]
        safe.update({d: {"outcome": "not_sent", "reason": "safe state never commanded"}
                     for d in missing})
        summary["safe_state"] = safe
        watch = session.status_watch
        if watch is not None:
            time_outages(watch, session.silencer)
        lost = [o.as_dict() for o in watch.lost] if watch is not None else []
        if session.silencer is not None:
            summary["ecu_silent"] = session.silencer.summary()
        summary["status_lost"] = len(lost)  # outages past the cycle timeout (ecu_silent)
        summary["status_lost_events"] = lost[:100]
        summary["status_ages"] = watch.ages() if watch is not None else {}
        summary["status_watch_lag"] = watch.host_lag() if watch is not None else {}
        summary["safe_state_unconfirmed"] = sum(
            s["outcome"] not in _DONE for s in safe.values())  # fire-and-forget: sent
    return summary
