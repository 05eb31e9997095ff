"""The fallback's topics, read from the intent catalogue (``[topics.NAME]``, CONFIG.md).

What the fallback decides first is a topic: a ``[topics.NAME]`` entry with ``subject`` words.
Its intents are those naming it (``topic = NAME``) and those it lists (``intents = [...]``: play
and pause, which name no topic; each seat's heating, which the fallback decides as one topic and
tells apart by the seat words). Everything the fallback knows of a topic comes from there: the
words that ground it (``subject``) and name it outright (``explicit``), which way its words
point (``up``/``down``, ``too_little``/``too_much``, ``unclear``), and the label its generative
prompt shows per intent (``labels``). A topic added in a catalogue (an extension named by
``CABIN_TWIN_INTENTS``) is decided, acted on and asked about with no change here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from twin.assistant.catalogue import Catalogue, active_catalogue

_SIGN = {"up": 1, "on": 1, "down": -1, "off": -1}


@dataclass(frozen=True)
class FallbackTopics:
    """The tables the fallback reads, all derived from one catalogue."""

    intents: dict[str, tuple[str, ...]]
    """Each fallback topic and its intents (catalogue order; listed ones in their order)."""
    subject: dict[str, re.Pattern[str]]
    explicit: dict[str, re.Pattern[str]]
    family: dict[str, tuple[str, int]]
    """Each intent with a way: its topic and sign (+1 up/on/open/play/next, -1 the other)."""
    cues: dict[str, tuple[re.Pattern[str], re.Pattern[str]]]
    excess: dict[str, tuple[re.Pattern[str], re.Pattern[str]]]
    unclear: dict[str, re.Pattern[str]]
    labels: dict[str, str]
    """Each intent's prompt label (intents without one have none)."""

    @property
    def topic_of(self) -> dict[str, str]:
        return {i: t for t, intents in self.intents.items() for i in intents}


def _never() -> re.Pattern[str]:
    return re.compile(r"(?!)")


def fallback_topics(catalogue: Catalogue) -> FallbackTopics:
    """The fallback's tables from ``catalogue``."""
    entries = catalogue.intents
    listed = {i: name for name, t in catalogue.topics.items() for i in t.intents}
    intents: dict[str, tuple[str, ...]] = {}
    subject, explicit, cues, excess, unclear = {}, {}, {}, {}, {}
    family: dict[str, tuple[str, int]] = {}
    labels: dict[str, str] = {}
    for name, t in catalogue.topics.items():
        labels.update(t.labels)
        own = tuple(t.intents) + tuple(i for i, e in entries.items()
                                       if e.topic == name and i not in listed)
        if t.subject is None or not own:
            continue
        intents[name] = own
        subject[name] = re.compile(t.subject.pattern())
        explicit[name] = re.compile(t.explicit.pattern()) if t.explicit else _never()
        if t.up is not None and t.down is not None:
            cues[name] = (re.compile(t.up.pattern()), re.compile(t.down.pattern()))
        if t.too_little is not None or t.too_much is not None:
            excess[name] = tuple(re.compile(c.pattern()) if c is not None else _never()
                                 for c in (t.too_little, t.too_much))  # type: ignore[assignment]
        if t.unclear is not None:
            unclear[name] = re.compile(t.unclear.pattern())
        ways = [i for i in own if entries[i].direction in _SIGN]
        for i in ways:
            family[i] = (name, _SIGN[entries[i].direction or ""])
        if not ways and len(t.intents) == 2 and name in cues:
            # play/pause, next/previous: no level the cabin moves, yet a way to read
            family[t.intents[0]], family[t.intents[1]] = (name, 1), (name, -1)
    return FallbackTopics(intents, subject, explicit, family, cues, excess, unclear, labels)


TOPICS_DATA = fallback_topics(active_catalogue())
"""The tables of the catalogue in use (read once per process)."""

__all__ = ["TOPICS_DATA", "FallbackTopics", "fallback_topics"]
