"""A follow-up the rules left, read against the last turn: "too hot now, turn it down a notch"
after the seat heating was put on, "副驾也开一下" after the driver's seat.

The head's prompt is the query alone (history is never prefilled), so a follow-up that names no
topic, or only a feeling of the last turn's seat, reads as nothing to the head. Here the last
turn's topic carries over, and the words still decide which way: a seat's level moves a step
from the last one (down for "too hot", "turn it down"; up for "colder", "more"), another seat
said ("副驾", "the passenger's") takes the last level, "off" is 0, a range end said ("副驾也开
开最高", "on max") is that end; a short "the same for
someone" ("same for me", "and mine", "her too", "我也来一个", "给我也开一下") is the last level on
that person's seat (:func:`twin.assistant.phrasing.same_for`, the rules' reading too: the
speaker's is the driver's). For the temperature, the fan,
the volume and the window the words must name no other topic and read completely
(:func:`hil.llm.slots.read_slots`: "a bit lower", "还是有点冷"), else nothing is carried over
and the line is answered as a first turn.
"""

from __future__ import annotations

import re

from hil.llm.clauses import clauses, commanding
from hil.llm.direction import direction_of
from hil.llm.grounding import EXPLICIT, TOPIC_OF, named_topics
from hil.llm.slots import DRIVER, OWN, PASSENGER, read_slots
from hil.llm.values import max_said, min_said
from twin.assistant.intents import INTENTS
from twin.assistant.phrasing import same_for
from twin.assistant.resolver import Turn
from twin.assistant.vocabulary import STEP_FAMILIES

_OFF = re.compile(r"\boff\b|\bkill\b|关|停")
_DOWN = re.compile(
    r"\bdown\b|\blower\b|\bless\b|too (?:hot|warm)|burning|太热|太烫|烫|调低|降|小一|低一"
)
_UP = re.compile(r"\bup\b|\bhigher\b|\bmore\b|warmer|cold|chilly|冷|凉|调高|升|大一|高一|加")
# words that point back at what was just done ("turn it down a notch", "too hot now", "还是")
_ABOUT_IT = re.compile(
    r"\bnow\b|\bstill\b|\bit\b|\bthat\b|\btoo\b|as well|also|a notch|也|还|再|它"
)
_CARRIED = {"climate_temperature", "climate_fan", "media_volume", "window"}
# "more"/"less" naming nothing ("bit more o' that", "a little less", "再来一点") go the last
# step's way (or against it), like the rules' followup_more/followup_less; "more air" names a
# topic and "turn it up more" says a way: those stay absolute
_MORE = re.compile(r"\bmore\b|再来一?点")
_LESS = re.compile(r"\bless\b")


Carried = tuple[str, str, int | str | None]


def follow_up(lowered: str, named: set[str], last: Turn) -> Carried | None:
    """``(topic, intent, value)`` of a follow-up to ``last`` said in ``lowered`` (a normalised,
    in-scope, unrefused query whose topic words are ``named``), or None when it is not one."""
    topic = TOPIC_OF.get(last.intent)
    if topic is None or any(EXPLICIT[t].search(lowered) for t in named - {topic}):
        return None
    whose = same_for(lowered) if topic == "seat_heat" and not named else None
    if whose is not None:
        intent = f"seat_heat_{whose}"
        level = last.value if isinstance(last.value, int) else INTENTS[intent].default
        assert isinstance(level, int)
        return "seat_heat", intent, _end_said(lowered, intent, level)
    if topic == "seat_heat" and named <= {"seat_heat", "climate_temperature"} and (
            "seat_heat" in named or PASSENGER.search(lowered) or _ABOUT_IT.search(lowered)):
        step = _seat_step(lowered, last)
        return None if step is None else ("seat_heat", *step)
    if topic in _CARRIED and not named <= {topic}:
        lowered = _said_alone(lowered)
        named = named_topics(lowered)
    if topic in _CARRIED and not named and (way := _relative_way(lowered, last)) is not None:
        up, down, _ = STEP_FAMILIES[last.intent]
        intent = up if way > 0 else down
        read = read_slots(topic, lowered, intent)
        value = read[1] if read is not None and read[0] == intent else INTENTS[intent].default
        return topic, intent, value
    if topic in _CARRIED and named <= {topic}:  # "a bit lower", "还是有点冷" after the temperature
        read = read_slots(topic, lowered, last.intent)
        return None if read is None else (topic, *read)
    return None


def _relative_way(lowered: str, last: Turn) -> int | None:
    """+1/-1 when ``lowered`` says only "more" or only "less" of the last step (no way word of
    its own): the last step's way for "more", against it for "less"; else None."""
    family = STEP_FAMILIES.get(last.intent)
    more, less = _MORE.search(lowered) is not None, _LESS.search(lowered) is not None
    if family is None or family[2] == 0 or more == less:
        return None
    if direction_of(family[0], _LESS.sub(" ", _MORE.sub(" ", lowered))):
        return None  # "turn it up more": the way is said
    return family[2] if more else -family[2]


def _said_alone(lowered: str) -> str:
    """The one clause of ``lowered`` naming no topic when every other clause tells a state and
    orders nothing ("nah make it five actually, it's stuffy in here": the follow-up is said
    alone, the state is its reason); else ``lowered`` as it is."""
    parts = clauses(lowered)
    bare = [c for c in parts if not named_topics(c)]
    if len(parts) < 2 or len(bare) != 1 or any(commanding(c) for c in parts):
        return lowered
    return bare[0]


def _end_said(lowered: str, intent: str, level: int) -> int:
    """The seat's top level when ``lowered`` says a range's top ("副驾也开 开最高", "passenger
    too, on max"), its lowest that heats for the bottom ("min"; 0 is off), else ``level``: a
    range end said in a follow-up is never the last turn's level."""
    schema = INTENTS[intent]
    assert schema.low is not None and schema.high is not None
    if max_said(lowered):
        return schema.high
    if min_said(lowered):
        return max(1, schema.low)
    return level


def _seat_step(lowered: str, last: Turn) -> tuple[str, int] | None:
    """The seat and level a seat follow-up asks for; None when it says no way and no seat."""
    if not any(p.search(lowered) for p in (_OFF, _DOWN, _UP, PASSENGER, DRIVER, OWN)) and not (
            max_said(lowered) or min_said(lowered)):
        return None  # "no, leave it", "ok": nothing to carry over
    if PASSENGER.search(lowered):
        intent = "seat_heat_passenger"
    elif DRIVER.search(lowered) or OWN.search(lowered):  # the catalogue's seat words
        intent = "seat_heat_driver"
    else:
        intent = last.intent
    schema = INTENTS[intent]
    assert schema.low is not None and schema.high is not None
    level = last.value if isinstance(last.value, int) else schema.default
    assert isinstance(level, int)
    if _OFF.search(lowered):
        return intent, schema.low
    if (end := _end_said(lowered, intent, level)) != level:
        return intent, end
    if _DOWN.search(lowered):
        return intent, max(schema.low, level - 1)
    if _UP.search(lowered):
        return intent, min(schema.high, level + 1)
    return intent, level
