"""Known bugs to plant (with ``monkeypatch``) to prove each property can fail and shrinks.

Each returns ``(target, attribute, replacement)`` for ``monkeypatch.setattr``. These are test
seams only: nothing in the product imports this module.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from twin import assisted
from twin.assistant import commands, policy

LATE_MS = 30.0


def late_degrade_timer() -> tuple[Any, str, Any]:
    """The degrade timer fires ``LATE_MS`` after the policy's deadline."""
    real = assisted.prepare

    def prepare(plan: Any, config: Any) -> Any:
        ap = real(plan, config)
        if plan.deadline_ms is not None:
            plan.deadline_ms = plan.deadline_ms + LATE_MS
        return ap

    return assisted, "prepare", prepare


def leaky_valve() -> tuple[Any, str, Any]:
    """The valve checks the intent but lets an out-of-range integer value through."""
    real = commands.validate_output

    def validate_output(raw: object) -> commands.ValveOutcome:
        outcome = real(raw)
        if outcome.reason != "bad_value" or not isinstance(raw, str):
            return outcome
        import json

        data = json.loads(raw)
        if not isinstance(data.get("value"), int):
            return outcome
        leaked = object.__new__(commands.Command)  # what a valve without a range check builds
        object.__setattr__(leaked, "intent", data["intent"])
        object.__setattr__(leaked, "value", data["value"])
        object.__setattr__(leaked, "_key", None)
        return commands.ValveOutcome(leaked, str(data.get("feedback") or "OK"), None)

    return policy, "validate_output", validate_output


def ack_after_answer() -> tuple[Any, str, Any]:
    """No early ack: the first feedback waits for the answer (or the degraded answer)."""
    real = assisted.decide

    def decide(*args: Any, **kwargs: Any) -> Any:
        d = real(*args, **kwargs)
        return replace(d, ack_ms=d.first_feedback_ms)

    return assisted, "decide", decide
