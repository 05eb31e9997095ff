"""Intent bindings: how a cabin intent becomes a DBC frame, and which status confirms it.

A :class:`DeviceSpec` is plain data (it crosses process borders as JSON): the command message,
the status message, one :class:`Binding` per served intent, the safe state and the allowed
range of every bound signal. The rig file (``hil.rig_file``) builds and checks it against the
DBC; the host encodes commands with :meth:`Binding.encode`; the simulated twin
(:mod:`devices.ecu`) answers from the same spec, so a vehicle needs no Python class.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

#: Signals the cabin codec fills itself (counter and checksum): never bound, never held.
E2E_SIGNALS = frozenset({"Counter", "Checksum"})


class Refused(ValueError):
    """A command that must not be encoded (value out of range, no current value to hold)."""


@dataclass(frozen=True)
class Check:
    """One status condition that confirms a command.

    The expected value is ``value`` when set (a constant; ``label`` names its VAL_ entry for an
    enum check), otherwise the sent value of command signal ``source`` times ``scale`` plus
    ``offset``. ``kind`` is ``equal`` (within half a status resolution), ``tolerance`` or
    ``enum``.
    """

    message: str
    signal: str
    kind: str = "equal"
    value: float | None = None
    label: str | None = None
    source: str | None = None
    scale: float = 1.0
    offset: float = 0.0
    tolerance: float = 0.0

    def expected(self, sent: dict[str, float]) -> float:
        if self.value is not None:
            return self.value
        assert self.source is not None
        return float(sent[self.source]) * self.scale + self.offset

    def holds(self, status: dict[str, float], sent: dict[str, float]) -> bool:
        got = status.get(self.signal)
        if got is None:
            return False
        return abs(float(got) - self.expected(sent)) <= self.tolerance + 1e-9

    def describe(self, sent: dict[str, float] | None = None) -> str:
        if self.label is not None:
            want = self.label
        elif self.value is not None:
            want = _fmt(self.value)
        elif sent is not None and self.source in sent:
            want = _fmt(self.expected(sent))
        else:
            lin = "" if (self.scale, self.offset) == (1.0, 0.0) else (
                f"*{_fmt(self.scale)}{'+' if self.offset >= 0 else ''}{_fmt(self.offset)}")
            want = f"sent {self.source}{lin}"
        tol = f" ±{_fmt(self.tolerance)}" if self.kind == "tolerance" else ""
        return f"{self.message}.{self.signal} == {want}{tol}"


@dataclass(frozen=True)
class Binding:
    """How one intent's value becomes command-signal values.

    ``signal`` takes the value: ``levels[value - low]`` when ``levels`` is set, else
    ``value * scale + offset``; ``relative`` bindings add that to the current value (up/down
    intents) and clip to the signal's range. ``set`` holds constants for other signals.
    """

    intent: str
    signal: str | None = None
    scale: float = 1.0
    offset: float = 0.0
    levels: tuple[float, ...] | None = None
    low: int = 0
    relative: bool = False
    set: dict[str, float] = field(default_factory=dict)
    confirm: tuple[Check, ...] = ()

    def convert(self, value: int) -> float:
        """The signal value for an (absolute) intent value."""
        if self.levels is not None:
            index = int(value) - self.low
            if not 0 <= index < len(self.levels):
                raise Refused(f"{self.intent}: no level for value {value}")
            return self.levels[index]
        return float(value) * self.scale + self.offset


@dataclass(frozen=True)
class SafeState:
    """What the device is commanded to on every exit: ``send`` constants, ``hold`` command
    signals at the last reported value of a status signal (a stop must not move anything)."""

    send: dict[str, float]
    hold: dict[str, str] = field(default_factory=dict)
    confirm: tuple[Check, ...] = ()
    why: str = ""


@dataclass(frozen=True)
class DeviceSpec:
    """A bound device: what a host sends and what its twin answers."""

    name: str
    command: str
    status: str | None
    node_id: int = 0
    intents: dict[str, Binding] = field(default_factory=dict)
    safe_state: SafeState = field(default_factory=lambda: SafeState({}))
    ranges: dict[str, tuple[float, float]] = field(default_factory=dict)
    motion: bool = False
    fire_and_forget: bool = False

    # ---- host side --------------------------------------------------------------------
    def check_range(self, values: dict[str, float]) -> None:
        """Refuse values outside the bound ranges (before anything is encoded)."""
        for sig, value in values.items():
            rng = self.ranges.get(sig)
            if rng is None:
                continue
            if not math.isfinite(value) or not rng[0] - 1e-9 <= value <= rng[1] + 1e-9:
                raise Refused(f"{sig}={_fmt(value)} outside its range "
                              f"[{_fmt(rng[0])}, {_fmt(rng[1])}]")

    def encode(self, intent: str, value: Any, current: dict[str, float]) -> dict[str, float]:
        """Command-signal values for ``intent``/``value`` on top of ``current`` (a copy).

        Raises :class:`Refused` with the reason when a value falls outside its range.
        """
        b = self.intents[intent]
        out = dict(current)
        out.update(b.set)
        if b.signal is not None:
            if value is None:
                raise Refused(f"{intent} needs a value")
            if b.relative:
                low, high = self.ranges.get(b.signal, (-math.inf, math.inf))
                target = float(current.get(b.signal, 0.0)) + b.convert(value)
                out[b.signal] = min(max(target, low), high)
            else:
                out[b.signal] = b.convert(value)
        self.check_range({k: out[k] for k in (*b.set, *([b.signal] if b.signal else []))})
        return out

    def safe_values(self, current: dict[str, float], status: dict[str, float],
                    confirmed: bool = False) -> dict[str, float]:
        """The safe-state command. A held signal takes the last reported status value, else
        (``confirmed``: the device confirmed a command of this session) the value last
        commanded; with neither, nothing is sent (:class:`Refused`): this session has not
        moved the device, and no value is known that would not move it."""
        out = dict(current)
        out.update(self.safe_state.send)
        for cmd_sig, status_sig in self.safe_state.hold.items():
            if status_sig in status:
                out[cmd_sig] = float(status[status_sig])
            elif not (confirmed and cmd_sig in current):
                raise Refused(f"safe state not sent: {cmd_sig} must hold the reported "
                              f"{status_sig}, and none was reported (this session did not "
                              "move the device)")
        return out

    def checks(self, intent: str | None) -> tuple[Check, ...]:
        """The confirmation checks of an intent (None: of the safe state)."""
        return self.safe_state.confirm if intent is None else self.intents[intent].confirm

    def status_messages(self) -> list[str]:
        """Every message a confirmation reads (the device status first)."""
        names = [self.status] if self.status else []
        for c in (*self.safe_state.confirm,
                  *(c for b in self.intents.values() for c in b.confirm)):
            if c.message not in names:
                names.append(c.message)
        return names

    # ---- twin side --------------------------------------------------------------------
    def reactions(self, sent: dict[str, float]) -> list[tuple[Check, float]]:
        """What a well-behaved device reports after ``sent``: each binding (and the safe
        state) whose constants all match the frame contributes its confirmation values."""
        out: list[tuple[Check, float]] = []
        candidates: list[tuple[dict[str, float], tuple[Check, ...]]] = [
            (b.set, b.confirm) for b in self.intents.values()]
        candidates.append((self.safe_state.send, self.safe_state.confirm))
        for constants, checks in candidates:
            if all(abs(float(sent.get(k, math.nan)) - v) <= 1e-6 for k, v in
                   constants.items()):
                for c in checks:
                    if c.source is None or c.source in sent:
                        out.append((c, c.expected(sent)))
        return out

    # ---- transport ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> DeviceSpec:
        def checks(items: list[dict[str, Any]]) -> tuple[Check, ...]:
            return tuple(Check(**c) for c in items)

        intents = {}
        for name, b in data["intents"].items():
            b = dict(b)
            b["confirm"] = checks(b["confirm"])
            b["levels"] = tuple(b["levels"]) if b["levels"] is not None else None
            intents[name] = Binding(**b)
        safe = dict(data["safe_state"])
        safe["confirm"] = checks(safe["confirm"])
        ranges = {k: (float(v[0]), float(v[1])) for k, v in data["ranges"].items()}
        return DeviceSpec(**{**data, "intents": intents, "safe_state": SafeState(**safe),
                             "ranges": ranges})


def _fmt(x: float) -> str:
    return f"{x:g}"
