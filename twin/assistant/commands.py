"""Actuator commands and the safety valve.

A :class:`Command` can only be built by :func:`make_command` (used by the rule NLU and the
valve): its constructor checks a private key and the intent's schema, so nothing outside
:data:`~twin.assistant.intents.INTENTS` can ever become a command. :func:`validate_output`
parses every resolver output and either returns a command or names why it was rejected.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Literal, get_args

from twin.assistant.intents import INTENTS

_FACTORY_KEY = object()

ValveReason = Literal[
    "malformed_json",
    "not_an_object",
    "missing_key",
    "unknown_intent",
    "bad_value",
    "empty_feedback",
]
VALVE_REASONS: tuple[str, ...] = get_args(ValveReason)


@dataclass(frozen=True)
class Command:
    """A schema-valid cabin command. Build it with :func:`make_command`, never directly."""

    intent: str
    value: int | str | None
    _key: object = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self._key is not _FACTORY_KEY:
            raise TypeError("Command is built only by twin.assistant.commands.make_command()")
        schema = INTENTS.get(self.intent)
        if schema is None or not schema.accepts(self.value):
            raise ValueError(f"{self.intent!r}={self.value!r} is outside the intent schema")

    @property
    def actuates(self) -> bool:
        """False for ``unknown`` (nothing reaches an actuator)."""
        return self.intent != "unknown"

    def to_dict(self) -> dict[str, int | str | None]:
        return {"intent": self.intent, "value": self.value}


def make_command(intent: object, value: object) -> Command | None:
    """The command for ``intent``/``value``, or None when either is outside the schemas.

    Integral floats (``22.0``) are accepted as ints; nothing else is coerced.
    """
    if not isinstance(intent, str) or intent not in INTENTS:
        return None
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if not INTENTS[intent].accepts(value):
        return None
    return Command(intent, value, _FACTORY_KEY)  # type: ignore[arg-type]


UNKNOWN = make_command("unknown", None)
assert UNKNOWN is not None


@dataclass(frozen=True)
class ValveOutcome:
    """A resolver output after the valve: a command and its feedback, or a rejection reason."""

    command: Command | None
    feedback: str
    reason: ValveReason | None
    detail: str = ""

    @property
    def passed(self) -> bool:
        return self.reason is None


def _reject(reason: ValveReason, detail: str) -> ValveOutcome:
    return ValveOutcome(None, "", reason, detail[:120])


def validate_output(raw: object) -> ValveOutcome:
    """Parse and validate one resolver output (``{"intent", "value", "feedback"}`` JSON)."""
    if not isinstance(raw, str):
        return _reject("malformed_json", f"output is {type(raw).__name__}, not text")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        return _reject("malformed_json", str(exc))
    if not isinstance(data, dict):
        return _reject("not_an_object", f"JSON {type(data).__name__}")
    for key in ("intent", "feedback"):
        if key not in data:
            return _reject("missing_key", key)
    intent = data["intent"]
    if not isinstance(intent, str) or intent not in INTENTS:
        return _reject("unknown_intent", repr(intent))
    value = data.get("value")
    command = make_command(intent, value)
    if command is None:
        return _reject("bad_value", f"{intent}={value!r}")
    feedback = data["feedback"]
    if not isinstance(feedback, str) or not feedback.strip():
        return _reject("empty_feedback", repr(feedback))
    return ValveOutcome(command, feedback.strip(), None)
