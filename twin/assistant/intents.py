"""The cabin intent set: every intent with the schema of its value, from the catalogue.

This is the contract between the rule NLU, every :class:`IntentResolver` and the safety valve:
nothing outside these schemas may ever become an actuator command. The intents, their ranges
and defaults are data (:mod:`twin.assistant.catalogue`, ``catalogue.toml``); this module keeps
the typed view every other module imports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from twin.assistant.catalogue import active_catalogue
from twin.config.intents import IntentEntry

ValueKind = Literal["none", "int", "enum"]


@dataclass(frozen=True)
class IntentSchema:
    """An intent name and the type and range of its value."""

    name: str
    kind: ValueKind = "none"
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    default: int | str | None = None

    def accepts(self, value: object) -> bool:
        """True when ``value`` fits this schema exactly (bools are not ints)."""
        if self.kind == "none":
            return value is None
        if self.kind == "int":
            return (
                isinstance(value, int)
                and not isinstance(value, bool)
                and self.low is not None
                and self.high is not None
                and self.low <= value <= self.high
            )
        return isinstance(value, str) and value in self.choices


def schema_of(name: str, entry: IntentEntry) -> IntentSchema:
    """The valve's schema of one catalogue entry."""
    slot = entry.value
    if slot is None:
        return IntentSchema(name)
    if slot.kind == "enum":
        return IntentSchema(name, "enum", choices=tuple(slot.choices), default=slot.default)
    return IntentSchema(name, "int", slot.low, slot.high, default=slot.default)


INTENTS: dict[str, IntentSchema] = {
    name: schema_of(name, entry) for name, entry in active_catalogue().intents.items()
}

INTENT_NAMES: tuple[str, ...] = tuple(INTENTS)
