"""What became of one command: the :class:`Outcome` of a :class:`CommandResult`, decided by
:func:`judge` from the status that answered it (the transports in :mod:`devices.actuator`
only send and collect).

A command is *confirmed* only when its device answered ``Result = 0`` and the status agrees
with what was commanded (or has no signal to compare: ``acknowledged``). With ``checks`` (from
the device's binding, :mod:`devices.binding`) the status agrees when every check holds.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from devices.binding import Check
from devices.codec import (
    ALIVE_SIGNAL,
    CHECKSUM_SIGNAL,
    CMD_COUNTER_SIGNAL,
    COUNTER_SIGNAL,
    CRC_SIGNAL,
    RESULT_SIGNAL,
    Result,
)


class Outcome(StrEnum):
    """What became of one command. Every command ends in exactly one of these (a command to a
    device with a status is only ever "sent" in flight: it then resolves to one of the others;
    only a fire-and-forget device's command ends ``sent``)."""

    STATUS_MATCHES = "status_matches"  # Result accepted, status values equal the command
    ACKNOWLEDGED = "acknowledged"  # Result accepted, no status signal to compare with
    MISMATCH = "mismatch"  # Result accepted, but the status contradicts the command
    REJECTED = "rejected"  # the device answered with a Result other than accepted
    TIMED_OUT = "timed_out"  # sent, no valid status before the timeout
    SENT = "sent"  # fire-and-forget device (no status message): on the bus, never confirmed
    NOT_SENT = "not_sent"  # never went out (encode refused, no such device, valve refused)
    ERROR = "error"  # the link failed (send error, serial link down, exception)
    UNTOUCHED = "untouched"  # safe state only: never commanded this session, nothing to undo


CONFIRMED = frozenset({Outcome.STATUS_MATCHES, Outcome.ACKNOWLEDGED})
"""Outcomes that count as "the cabin did what it was told"."""

NOT_COMPARED = frozenset({COUNTER_SIGNAL, CHECKSUM_SIGNAL, CMD_COUNTER_SIGNAL, RESULT_SIGNAL,
                          ALIVE_SIGNAL, CRC_SIGNAL})
HOLD_SIGNAL = "Stop"
"""A command with ``Stop = 1`` holds the current position: its ``Position`` is not compared
(cabin.dbc: "Position is ignored")."""


@dataclass
class CommandResult:
    """What happened to one command. ``ms`` is wall clock from send to status (or give-up);
    ``reason`` says why the outcome is what it is (empty when confirmed)."""

    device: str
    ms: float
    outcome: Outcome = Outcome.ERROR
    reason: str = ""
    result: Result | None = None
    status: dict[str, float] = field(default_factory=dict)

    @property
    def confirmed(self) -> bool:
        return self.outcome in CONFIRMED

    @property
    def ok(self) -> bool:
        return self.confirmed

    @property
    def timeout(self) -> bool:
        return self.outcome is Outcome.TIMED_OUT

    @property
    def rejected(self) -> bool:
        return self.outcome is Outcome.REJECTED

    @property
    def verdict(self) -> str:
        """``ok`` when confirmed, else the outcome (the short form in ``rig.safe_state``)."""
        return "ok" if self.confirmed else self.outcome.value

    @property
    def error(self) -> str | None:
        """The reason of an unconfirmed command, None when confirmed."""
        return None if self.confirmed else (self.reason or self.outcome.value)


def outcome_counts(results: list[CommandResult]) -> dict[str, int]:
    """Count per outcome, every outcome present (zeros included)."""
    counts = Counter(r.outcome for r in results)
    return {o.value: counts.get(o, 0) for o in Outcome}


def compared_signals(command: dict[str, Any], status: dict[str, float],
                     mapping: dict[str, str]) -> list[tuple[str, str]]:
    """(command signal, status signal) pairs the status can confirm for this command."""
    held = bool(command.get(HOLD_SIGNAL))
    return [(c, s) for c, s in mapping.items() if c in command and s in status
            and not (held and c == "Position")]


def disagreements(command: dict[str, Any], status: dict[str, float],
                  mapping: dict[str, str], tolerance: dict[str, float]) -> list[str]:
    """Mapped command signals whose status value differs from the commanded value (by more
    than half a status step)."""
    bad = []
    for cmd_sig, status_sig in compared_signals(command, status, mapping):
        want, got = float(command[cmd_sig]), float(status[status_sig])
        if not (math.isfinite(got) and abs(want - got) <= tolerance.get(status_sig, 0.5)):
            bad.append(f"{status_sig}={got:g} (commanded {cmd_sig}={want:g})")
    return bad


def judge(device: str, ms: float, command: dict[str, Any],
          parsed: tuple[dict[str, float], Result | None] | None, mapping: dict[str, str],
          tolerance: dict[str, float], timeout_s: float,
          checks: tuple[Check, ...] | None = None,
          seen: dict[str, dict[str, float]] | None = None) -> CommandResult:
    """The outcome of a command from the status that answered it (None: none did). With
    ``checks`` (the binding's confirmation) the status messages ``seen`` must satisfy them all;
    without, every mapped same-named signal is compared."""
    if parsed is None:
        return CommandResult(device, ms, Outcome.TIMED_OUT,
                             f"no valid status within {timeout_s * 1e3:g} ms")
    values, result = parsed
    if result is not None and result is not Result.ACCEPTED:
        return CommandResult(device, ms, Outcome.REJECTED,
                             f"device rejected the command: {result.name}", result, values)
    if checks:
        seen = seen or {}
        failed = [c for c in checks if not c.holds(seen.get(c.message, {}), command)]
        if failed:
            got = [(c, seen.get(c.message, {}).get(c.signal)) for c in failed]
            return CommandResult(device, ms, Outcome.MISMATCH,
                                 "status contradicts the command: " + ", ".join(
                                     f"{c.signal}={'-' if v is None else f'{v:g}'} "
                                     f"(expected {c.describe(command)})" for c, v in got),
                                 Result.ACCEPTED, values)
        return CommandResult(device, ms, Outcome.STATUS_MATCHES, "", Result.ACCEPTED, values)
    compared = compared_signals(command, values, mapping)
    bad = disagreements(command, values, mapping, tolerance)
    if bad:
        return CommandResult(device, ms, Outcome.MISMATCH,
                             "status contradicts the command: " + ", ".join(bad),
                             Result.ACCEPTED, values)
    outcome = Outcome.STATUS_MATCHES if compared else Outcome.ACKNOWLEDGED
    return CommandResult(device, ms, outcome, "", Result.ACCEPTED, values)


def confirmed_by(checks: tuple[Check, ...], seen: dict[str, dict[str, float]],
               sent: dict[str, float]) -> bool:
    return all(c.holds(seen.get(c.message, {}), sent) for c in checks)
