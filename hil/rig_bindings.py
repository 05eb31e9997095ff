"""One rig device's bindings, safe state and checks, built and checked against its DBC
(:class:`DeviceBuilder`, driven by :mod:`hil.rig_file`): every problem names its rig key.

A check must be able to fail (no empty confirm, no tolerance as wide as the signal, no check on
a protection signal or on another device's status), and a safe state leaves the cabin at rest
(:data:`AT_REST`).
"""

from __future__ import annotations

import difflib
import math
from typing import Protocol

from cantools.database.can import Database, Message, Signal

from devices.binding import E2E_SIGNALS, Binding, Check, SafeState
from devices.codec import (
    ALIVE_SIGNAL,
    CHECKSUM_SIGNAL,
    CMD_COUNTER_SIGNAL,
    COUNTER_SIGNAL,
    CRC_SIGNAL,
    same_name,
)
from hil.rig_models import (
    FEEDBACK,
    FEEDBACK_SCHEMA,
    ConfirmModel,
    Confirms,
    DeviceModel,
    IntentModel,
)
from twin.assistant.intents import INTENT_NAMES, INTENTS
from twin.errors import InputError

PROTECTION_SIGNALS = frozenset({COUNTER_SIGNAL, CHECKSUM_SIGNAL, CMD_COUNTER_SIGNAL,
                                CRC_SIGNAL, ALIVE_SIGNAL})
"""Signals that protect a frame (counters, checksum, CRC): never a confirmation."""
#: intent -> (what rest means, the share of its value range a safe state may leave it at)
AT_REST: dict[str, tuple[str, float]] = {
    "climate_set_fan": ("off", 0.0),
    "seat_heat_driver": ("off", 0.0),
    "seat_heat_passenger": ("off", 0.0),
    "media_volume_set": ("low", 1 / 3),
}


class RigLoader(Protocol):
    """What a :class:`DeviceBuilder` asks of the rig loader."""

    def fail(self, key: str, expected: str) -> InputError: ...

    def owner_of(self, message: str, bus: str, asking: str) -> str | None: ...

    def _message(self, db: Database, name: str, key: str) -> Message: ...

    def _signal(self, msg: Message, sig: str, key: str) -> Signal: ...


class DeviceBuilder:
    """Builds one device's bindings; every problem names its rig key."""

    def __init__(self, loader: RigLoader, at: str, db: Database, cmd: Message,
                 status: Message | None, model: DeviceModel,
                 ranges: dict[str, tuple[float, float]]) -> None:
        self.loader, self.at, self.db, self.cmd, self.status = loader, at, db, cmd, status
        self.model, self.ranges = model, ranges
        self.name = at.split(".", 1)[1]

    def fail(self, key: str, expected: str) -> InputError:
        return self.loader.fail(f"{self.at}.{key}", expected)

    def range_of(self, sig: str) -> tuple[float, float]:
        return self.ranges.get(sig) or effective_range(self.cmd.get_signal_by_name(sig))

    def value(self, msg: Message, sig: str, v: float | str, key: str) -> tuple[float, str | None]:
        """A physical value; a string is looked up in the signal's VAL_ table (``key`` is the
        full dotted key of the value)."""
        signal = self.loader._signal(msg, sig, key)
        if isinstance(v, str):
            choices = {str(n): raw for raw, n in (signal.choices or {}).items()}
            if v not in choices:  # either spelling: "Gebläse", "Geblaese", as in the file
                v = next((n for n in choices if same_name(v, n)), v)
            if v not in choices:
                raise self.loader.fail(key, choice_text(
                    v, list(choices), f"a value name of {msg.name}.{sig} (VAL_)"))
            return float(signal.conversion.raw_to_scaled(choices[v], decode_choices=False)), v
        return float(v), None

    def in_range(self, sig: str, value: float, key: str, what: str) -> None:
        low, high = self.range_of(sig)
        if not (math.isfinite(value) and low - 1e-9 <= value <= high + 1e-9):
            raise self.fail(key, f"{what} inside the range of {sig} [{low:g}, {high:g}], "
                            f"got {value:g}")

    def constants(self, table: dict[str, float | str], key: str) -> dict[str, float]:
        out = {}
        for sig, v in table.items():
            if sig in E2E_SIGNALS:
                raise self.fail(f"{key}.{sig}", "a signal other than Counter/Checksum (the "
                                "codec fills them)")
            value, _ = self.value(self.cmd, sig, v, f"{self.at}.{key}.{sig}")
            self.in_range(sig, value, f"{key}.{sig}", "a value")
            out[sig] = value
        return out

    def binding(self, intent: str, b: IntentModel) -> Binding:
        key = f"intents.{intent}"
        schema = FEEDBACK_SCHEMA if intent == FEEDBACK else INTENTS.get(intent)
        if schema is None or intent == "unknown":
            raise self.fail(key, choice_text(intent, [*INTENT_NAMES[:-1], FEEDBACK],
                                              "a cabin intent"))
        set_ = self.constants(b.set, f"{key}.set")
        signal = b.signal
        if signal is not None:
            self.loader._signal(self.cmd, signal, f"{self.at}.{key}.signal")
            if schema.kind != "int":
                raise self.fail(f"{key}.signal", f"no signal: {intent} takes no value (use "
                                "set = { Signal = value })")
            if signal in set_:
                raise self.fail(f"{key}.set.{signal}", "a signal other than the bound one")
            if b.scale == 0:
                raise self.fail(f"{key}.scale", "a non-zero scale")
        elif schema.kind == "int":
            raise self.fail(f"{key}.signal", f"the command signal taking {intent}'s value")
        elif not set_:
            raise self.fail(f"{key}.set", "at least one constant signal value")
        low = schema.low or 0
        if b.levels is not None:
            if b.relative or signal is None:
                raise self.fail(f"{key}.levels", "levels only on an absolute bound signal")
            want = (schema.high or 0) - low + 1
            if len(b.levels) != want:
                raise self.fail(f"{key}.levels", f"{want} levels, one per value {low}.."
                                f"{schema.high}, got {len(b.levels)}")
        binding = Binding(intent, signal, b.scale, b.offset,
                          tuple(float(x) for x in b.levels) if b.levels else None, low,
                          b.relative, set_)
        if signal is not None and not b.relative:
            for v in range(low, (schema.high or 0) + 1):
                self.in_range(signal, binding.convert(v), f"{key}.signal",
                              f"{intent}={v} converted")
        confirm = self.confirms(b.confirm, f"{key}.confirm", signal, set_)
        sent = ([binding.convert(v) for v in range(low, (schema.high or 0) + 1)]
                if signal is not None and not b.relative else [])
        for c in confirm:
            self.carried(c, [{signal: x} for x in sent] if c.source else [{}], f"{key}.confirm")
        return Binding(intent, signal, b.scale, b.offset, binding.levels, low, b.relative,
                       set_, confirm)

    def confirms(self, given: Confirms | None, key: str, source: str | None,
                 constants: dict[str, float]) -> tuple[Check, ...]:
        if self.status is None:
            if given:
                raise self.fail(key, "no confirm on a fire-and-forget device")
            return ()
        if given is None:  # default: the same-named status signals
            names = {s.name for s in self.status.signals}
            out = []
            if source is not None and source in names:
                out.append(self._echo(self.status, source, source, 1.0, 0.0))
            for sig, v in constants.items():
                if sig in names and sig != source:
                    out.append(Check(self.status.name, sig, "equal", v,
                                     tolerance=_half_step(self.status, sig)))
            if not out:
                raise self.fail(key, f"a confirm = {{ signal = ... }} naming the status "
                                f"signal that confirms it ({self.status.name} has no signal of "
                                "the same name), or fire_and_forget = true on the device")
            return tuple(out)
        if isinstance(given, list) and not given:
            raise self.fail(key, "at least one check (an empty confirm checks nothing; leave "
                            "confirm out for the default check, or set fire_and_forget = true)")
        items = given if isinstance(given, list) else [given]
        return tuple(self.check(c, f"{key}[{i}]" if isinstance(given, list) else key, source)
                     for i, c in enumerate(items))

    def check(self, c: ConfirmModel, key: str, source: str | None) -> Check:
        assert self.status is not None
        msg = self.status if c.message is None else self.loader._message(
            self.db, c.message, f"{self.at}.{key}.message")
        if msg.name == self.cmd.name:
            raise self.fail(f"{key}.message", "a status message other than the command")
        owner = self.loader.owner_of(msg.name, self.model.bus, self.name)
        if owner is not None and msg.name != self.model.status:  # (one module may report
            # for two devices: then it is each one's own status)
            raise self.fail(f"{key}.message", f"a status message of this device, not "
                            f"{msg.name} ({owner}'s): another device's frame proves nothing "
                            "about this one")
        self.loader._signal(msg, c.signal, f"{self.at}.{key}.signal")
        if c.signal in PROTECTION_SIGNALS:
            raise self.fail(f"{key}.signal", f"a status signal other than {c.signal} (a "
                            "protection signal: counter and CRC say the frame is intact, not "
                            "that the device did anything)")
        if c.tolerance is not None:
            low, high = raw_range(msg.get_signal_by_name(c.signal))
            if c.tolerance >= high - low:
                raise self.fail(f"{key}.tolerance", f"a tolerance below the span of "
                                f"{c.signal} ({high - low:g}): a check must be able to fail, "
                                f"got {c.tolerance:g}")
        if c.value is not None:
            value, label = self.value(msg, c.signal, c.value, f"{self.at}.{key}.value")
            kind = "enum" if label else ("tolerance" if c.tolerance is not None else "equal")
            tol = c.tolerance if c.tolerance is not None else _half_step(msg, c.signal)
            return Check(msg.name, c.signal, kind, value, label, tolerance=tol)
        if source is None:
            raise self.fail(f"{key}.value", "the expected value (this intent binds no signal "
                            "whose sent value could be compared)")
        if c.tolerance is not None:
            return Check(msg.name, c.signal, "tolerance", source=source, scale=c.scale,
                         offset=c.offset, tolerance=c.tolerance)
        return self._echo(msg, c.signal, source, c.scale, c.offset)

    def carried(self, c: Check, sents: list[dict[str, float]], key: str) -> None:
        """Refuse a check expecting a value its status signal cannot carry (it could never
        confirm; a twin could not even answer it)."""
        low, high = raw_range(self.db.get_message_by_name(c.message).get_signal_by_name(
            c.signal))
        for sent in sents:
            want = c.expected(sent)
            if not low - c.tolerance - 1e-9 <= want <= high + c.tolerance + 1e-9:
                raise self.fail(key, f"a check {c.message}.{c.signal} can pass: it expects "
                                f"{want:g}, the signal carries [{low:g}, {high:g}]")

    def _echo(self, msg: Message, sig: str, source: str, scale: float, offset: float) -> Check:
        step = abs(self.cmd.get_signal_by_name(source).scale * scale)
        tol = _half_step(msg, sig) + step / 2
        return Check(msg.name, sig, "equal", source=source, scale=scale, offset=offset,
                     tolerance=tol)

    def safe_state(self) -> SafeState:
        s = self.model.safe_state
        send = self.constants(s.send, "safe_state.send")
        if self.model.motion and self.status is None:
            self._motion_without_status(send)
        for cmd_sig, status_sig in s.hold.items():
            self.loader._signal(self.cmd, cmd_sig, f"{self.at}.safe_state.hold")
            if self.status is None:
                raise self.fail("safe_state.hold", "no hold on a fire-and-forget device (no "
                                "status reports the value to hold)")
            self.loader._signal(self.status, status_sig, f"{self.at}.safe_state.hold.{cmd_sig}")
            if cmd_sig in send:
                raise self.fail(f"safe_state.hold.{cmd_sig}", "a signal not also in send")
        if self.model.motion:
            self._stop_only(send)
            free = [sg.name for sg in self.cmd.signals if sg.name not in E2E_SIGNALS
                    and sg.name not in send and sg.name not in s.hold]
            if free:
                raise self.fail("safe_state.hold", f"every other command signal held at its "
                                f"reported value on a motion device (missing {free[0]})")
        self._at_rest(send)
        confirm = self.confirms(s.confirm, "safe_state.confirm", None, send)
        for c in confirm:
            self.carried(c, [send], "safe_state.confirm")
        return SafeState(send, dict(s.hold), confirm, s.why)

    def _at_rest(self, send: dict[str, float]) -> None:
        """A safe state leaves the cabin at rest: the signal an intent of :data:`AT_REST`
        binds is sent, at a value that intent gives for its resting values."""
        for intent, (what, share) in AT_REST.items():
            b = self.model.intents.get(intent)
            schema = INTENTS.get(intent)
            if b is None or b.signal is None or b.relative or schema is None:
                continue
            low, high = schema.low or 0, schema.high or 0
            top = low + int((high - low) * share)
            binding = Binding(intent, b.signal, b.scale, b.offset,
                              tuple(float(x) for x in b.levels) if b.levels else None, low)
            allowed = [binding.convert(v) for v in range(low, top + 1)]
            rest = (f"{_fmt(allowed[0])}" if len(allowed) == 1 else
                    f"{_fmt(min(allowed))}..{_fmt(max(allowed))}")
            key = f"safe_state.send.{b.signal}"
            if b.signal not in send:
                raise self.fail(key, f"{b.signal} sent {what} ({rest}, what {intent} "
                                f"{low}..{top} sends): left out it keeps the last value")
            value = send[b.signal]
            if not min(allowed) - 1e-9 <= value <= max(allowed) + 1e-9:
                raise self.fail(key, f"{b.signal} {what} ({rest}, what {intent} {low}..{top} "
                                f"sends), got {_fmt(value)}")

    def _motion_without_status(self, send: dict[str, float]) -> None:
        """A motion device nothing reports back can only be stopped by values that cannot
        move it: every command signal sent at a stop value, none held (one message for
        every way the safe state can miss that)."""
        why = ("a motion device without a status message: nothing reports a position to "
               "hold, so send every command signal at a value no intent moves it with, or "
               "give the device a status message (devices/SAFE_STATE.md)")
        if self.model.safe_state.hold:
            raise self.fail("safe_state.hold", f"no hold: {why}")
        for intent, b in self.model.intents.items():
            if b.signal is not None:
                raise self.fail(f"safe_state.send.{b.signal}", f"a status message for this "
                                f"device: {intent} moves it with any value of {b.signal}; "
                                f"{why}")
        for sg in self.cmd.signals:
            if sg.name not in E2E_SIGNALS and sg.name not in send:
                raise self.fail(f"safe_state.send.{sg.name}", f"a stop value for {sg.name}: "
                                f"{why}")
        self._stop_only(send, why)

    def _stop_only(self, send: dict[str, float], instead: str = "hold it at the reported "
                   "value instead") -> None:
        """A motion device's safe state may not send a value any intent moves it with."""
        for intent, b in self.model.intents.items():
            for sig, value in send.items():
                moves = sig == b.signal
                if sig in b.set:
                    moves = moves or abs(self.value(self.cmd, sig, b.set[sig], "")[0]
                                         - value) < 1e-9
                if moves:
                    raise self.fail(f"safe_state.send.{sig}", f"a stop only: a motion "
                                    f"device's safe state must not send {sig} as "
                                    f"{intent} does (it moves the device); {instead}")


def raw_range(signal: Signal) -> tuple[float, float]:
    """The physical values a signal's bits can carry."""
    bits = signal.length
    lo, hi = ((-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if signal.is_signed
              else (0, 2 ** bits - 1))
    a, b = lo * signal.scale + signal.offset, hi * signal.scale + signal.offset
    return (min(a, b), max(a, b))


def effective_range(signal: Signal) -> tuple[float, float]:
    """The DBC [min|max]; where the DBC gives none (or ``[0|0]``), what the bits can carry."""
    low, high = signal.minimum, signal.maximum
    if low is None or high is None or low == high:
        return raw_range(signal)
    return float(low), float(high)


def _half_step(msg: Message, sig: str) -> float:
    return abs(msg.get_signal_by_name(sig).scale) / 2


def _fmt(x: float) -> str:
    return f"{x:g}"


def choice_text(given: str, options: list[str], what: str) -> str:
    close = difflib.get_close_matches(given, options, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"{what}, got {given!r}{hint}"
