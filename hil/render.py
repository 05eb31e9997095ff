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
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from devices.actuator import CommandResult
from devices.binding import Refused
from hil.links.faults import faults_from_spec
from hil.rig import RigSession, load_rig
from hil.rig_file import FEEDBACK
from twin.assistant.intents import INTENT_NAMES, INTENTS


def intent_routes(rig: str = "ci-virtual") -> dict[str, str]:
    """Intent -> the device of ``rig`` that serves it (the rig file's bindings)."""
    loaded = load_rig(rig)
    return {intent: name for name, dev in loaded.devices.items() for intent in dev.spec.intents
            if intent != FEEDBACK}


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
    outcome: str = ""  # ok / sent / rejected / mismatch / timeout / error / not_sent / ""


class RenderBackend:
    """Sends cabin intents to the rig's devices through their bindings."""

    def __init__(self, session: RigSession) -> None:
        self.session = session
        ack = session.rig.serves(FEEDBACK)
        self.ack_device = ack if ack in session.actuators else None
        self.results: dict[str, list[CommandResult]] = defaultdict(list)

    def _ack(self, intent: str, out: list[CommandResult]) -> None:
        if self.ack_device is None:
            return
        text_id = INTENT_NAMES.index(intent) + 1 if intent in INTENT_NAMES else 1
        try:
            out.append(self.session.command_intent(FEEDBACK, text_id)[1])
        except Refused as exc:
            out.append(CommandResult(self.ack_device, 0.0, error=f"not sent: {exc}"))

    def execute(self, intent: str, value: int | None = None) -> RenderOutcome:
        """Ack on the HMI, command the device, wait for its status (bounded by its timeout)."""
        self.session.before_command()
        served = self.session.rig.serves(intent) if intent != FEEDBACK else None
        device = served if served in self.session.actuators else None
        acks: list[CommandResult] = []
        ack_thread = threading.Thread(target=self._ack, args=(intent, acks))
        ack_thread.start()
        if device is None:
            return self._done(ack_thread, acks, RenderOutcome(0.0, None, ok=True))
        schema = INTENTS.get(intent)
        if schema is not None and schema.kind != "none" and not schema.accepts(value):
            return self._done(ack_thread, acks, RenderOutcome(
                0.0, device, ok=False, error=f"value {value!r} refused for {intent}",
                outcome="not_sent"))
        try:
            _, result = self.session.command_intent(intent, value)
        except Refused as exc:  # out of range: nothing was sent
            return self._done(ack_thread, acks, RenderOutcome(
                0.0, device, ok=False, error=f"not sent: {exc}", outcome="not_sent"))
        self.results[device].append(result)
        return self._done(ack_thread, acks, RenderOutcome(
            result.ms, device, result.ok, result.timeout, result.rejected, result.error,
            outcome=result.outcome))

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
            "sent_unconfirmed": sum(r.sent for r in rs),
            "mismatches": sum(r.mismatch for r in rs),
            "p50_ms": q[0], "p95_ms": q[1], "p99_ms": q[2],
            "timeouts": sum(r.timeout for r in rs),
            "rejections": sum(r.rejected for r in rs),
            "errors": sum(r.error is not None and not (r.timeout or r.rejected or r.mismatch)
                          for r in rs),
        }
    return out
