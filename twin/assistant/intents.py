"""The cabin intent set: every intent with the schema of its value.

This is the contract between the rule NLU, every :class:`IntentResolver` and the safety valve:
nothing outside these schemas may ever become an actuator command.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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


def _int(name: str, low: int, high: int, default: int) -> IntentSchema:
    return IntentSchema(name, "int", low, high, default=default)


def _none(name: str) -> IntentSchema:
    return IntentSchema(name)


INTENTS: dict[str, IntentSchema] = {
    s.name: s
    for s in (
        # climate
        _int("climate_set_temperature", 16, 30, 22),
        _int("climate_temperature_up", 1, 5, 1),
        _int("climate_temperature_down", 1, 5, 1),
        _int("climate_set_fan", 0, 7, 3),
        _int("climate_fan_up", 1, 3, 1),
        _int("climate_fan_down", 1, 3, 1),
        _none("climate_ac_on"),
        _none("climate_ac_off"),
        _none("climate_defrost"),
        # seat heating (level 0-3)
        _int("seat_heat_driver", 0, 3, 2),
        _int("seat_heat_passenger", 0, 3, 2),
        # windows (position 0-100 %, 0 = closed)
        _int("window_set_position", 0, 100, 50),
        _none("window_open"),
        _none("window_close"),
        # media
        _none("media_play"),
        _none("media_pause"),
        _none("media_next"),
        _none("media_previous"),
        _int("media_volume_set", 0, 30, 12),
        _int("media_volume_up", 1, 10, 2),
        _int("media_volume_down", 1, 10, 2),
        _none("media_mute"),
        # navigation
        _none("navigate_home"),
        # out of domain
        _none("unknown"),
    )
}

INTENT_NAMES: tuple[str, ...] = tuple(INTENTS)
