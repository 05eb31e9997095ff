"""A wish said without a number, answered never against its way from any start state.

"Crack the window", "I need some fresh air", "turn my seat heater on", "turn on the fan" say a
way (open, on) and no number; the rules' templates and the fallback answer them with a level (a
crack is 20 %, a seat heater on is level 2, a fan on level 3). Set as said, that level moves the
function *against* the wish whenever it already stands past it: the window open at 50 % would
close to 20 % for "fresh air". :func:`at_least` keeps such a level on the wish's side of the
state the conversation leaves the function in (:func:`current_level`: the last setting said,
else the state a run starts from), so the answer is right, or no move at all, from any start.
"""

from __future__ import annotations

from collections.abc import Sequence

from twin.assistant.catalogue import active_catalogue
from twin.assistant.intents import INTENTS
from twin.assistant.resolver import Turn

_ENDS = {"on": "high", "off": "low"}


def current_level(topic: str, history: Sequence[Turn]) -> int | None:
    """The topic's state before the request: the last absolute value said in the history (an
    on/off of a topic with a level setter is its range's top/bottom: "open the window" is
    100 %), else its setter's default (the state a run starts from); None for no level."""
    catalogue = active_catalogue()
    setter = catalogue.setter(topic)
    for turn in reversed(history):
        entry = catalogue.intents.get(turn.intent)
        if entry is None or entry.topic != topic:
            continue
        if entry.direction == "set" and isinstance(turn.value, int):
            return turn.value
        if entry.direction in _ENDS and setter is not None:
            return getattr(INTENTS[setter], _ENDS[entry.direction])  # type: ignore[no-any-return]
    default = INTENTS[setter].default if setter is not None else None
    return default if isinstance(default, int) else None


def at_least(intent: str, level: int, way: int, history: Sequence[Turn]) -> int:
    """``level`` of ``intent`` (a set) chosen for a wish of ``way`` (+1 up/open/on, -1 down)
    said without a number, kept on the wish's side of the current state: an opening wish never
    closes a window open wider, an "on" never turns down a seat heater already warmer (the
    state is kept: no move)."""
    entry = active_catalogue().intents.get(intent)
    current = current_level(entry.topic, history) if entry and entry.topic else None
    if current is None:
        return level
    return max(level, current) if way > 0 else min(level, current)


def stepped(intent: str, way: int, history: Sequence[Turn]) -> int:
    """One step of ``intent``'s level (its catalogue ``step``, else 1) of ``way`` from the
    current state (:func:`current_level`, else the intent's default), within its range."""
    schema = INTENTS[intent]
    entry = active_catalogue().intents[intent]
    current = current_level(entry.topic, history) if entry.topic else None
    if not isinstance(current, int):
        current = schema.default
    step = entry.value.step if entry.value is not None and entry.value.step else 1
    assert isinstance(current, int) and schema.low is not None and schema.high is not None
    return min(schema.high, max(schema.low, current + way * step))


WISH_WAYS = {"up": 1, "down": -1}
"""A template group's ``metadata: {wish: up|down}``: its fixed value stands for a wish of that
way said without a number (read by :func:`at_least` in the rules)."""
