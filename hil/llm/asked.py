"""The topic a question of the fallback is about (:func:`asked_topic`).

A line the fallback asks about often names a thing and says a quality of it ("the seat is
freezing", "frost on the windscreen", "the aircon's too cold for me"). The head's mass goes to
the quality's topic (the temperature) and the grounding words to the thing's; the question
names the thing's topic when the quality is what that thing itself changes (a seat warms, the
defrost clears frost or fog from the glass), and the quality's when the thing only carries it
(the AC named with a cold felt and no way of the AC said: the temperature). Otherwise a topic
named outright (:data:`hil.llm.grounding.EXPLICIT`) beats one named only by a reason ("fan on
ten eh, the team's roasting": the fan).
"""

from __future__ import annotations

import re

from hil.llm.direction import direction_of
from hil.llm.grounding import EXPLICIT, TOPICS
from hil.llm.topics import TOPICS_DATA

_NEVER = re.compile(r"(?!)")
_SEAT = re.compile(
    (TOPICS_DATA.subject["seat_heat"].pattern + "|" if "seat_heat" in TOPICS_DATA.subject else "")
    + r"椅|坐垫|加热垫|驾驶位|[主副]驾|\bheat(?:ed|ing) pad\b|\bcushion\b"
)
"""A seat said as a thing: the seat heating's own words, a chair (椅, even mistyped "做椅"), its
cushion or heating pad, the driver's or passenger's place."""
_WARMS = re.compile(r"加热|烘|\bheat(?:ed|er|ing)?\b|\bwarm(?:er|ing|th)?\b")
"""The seat's function said: heating or warming it."""
_ICE = re.compile(r"冰|\bic(?:e|y)\b")
"""Ice said of a seat ("这皮子跟冰面似的"): a cold the seat's heating answers."""
_GLASS = re.compile(r"\bwind(?:screen|shield)s?\b|\bglass\b|玻璃|前挡")
"""The glass the defrost clears."""
_FOG = (TOPICS_DATA.subject.get("climate_defrost", _NEVER))
_STRONG = TOPICS_DATA.excess.get("climate_fan", (_NEVER, _NEVER))
_DRY = re.compile(r"(?:眼睛|嘴|喉咙|皮肤|脸)\S{0,2}干|干(?:得|燥)|\bdry\b|\bdrying\b")
"""The air told too strong or too weak ("冷风太大了", "hot air blasting too hard"), or drying
(the catalogue's "drying" of the fan, said of the eyes or skin): the fan's own qualities."""
_SILENT = re.compile(r"\bsilen(?:t|ce)\b|\bno (?:sound|noise)\b|(?:声音|声)\S{0,2}关(?![小低])|"
                     r"关(?:掉|了|上)?(?:声音|声)")
"""The sound wanted gone ("I need the speakers silent", "把声音全关了"): the mute's own quality,
not a level of the volume."""
_TEMP = "climate_temperature"


def _way(topic: str, lowered: str) -> int:
    """The way ``lowered`` points in ``topic``'s first directed intent (0: none, or no such)."""
    ways = [i for i, (t, _) in TOPICS_DATA.family.items() if t == topic]
    return (direction_of(ways[0], lowered) or 0) if ways else 0


def _strength(lowered: str) -> bool:
    """Whether the air is told too strong, too weak or drying (the fan's own qualities)."""
    return any(p.search(lowered) for p in (*_STRONG, _DRY))


def _thing(topic: str, lowered: str, named: set[str] | None = None) -> str | None:
    """The topic of the thing ``lowered`` names when the quality said of it is what the thing
    changes (this module's docstring), for a question the head put on
    ``topic``; None when no such thing is named. The air (the fan's, of ``named``) told too
    strong or weak is the fan's; told cold or hot and no strength, the temperature's; the
    sound wanted silent, the mute's."""
    named = named or set()
    if topic == "media_volume" and "media_mute" in TOPICS and _SILENT.search(lowered):
        return "media_mute"
    if "climate_fan" in named and topic in (_TEMP, "climate_ac") and _strength(lowered):
        return "climate_fan"  # "热风呼呼地吹，太猛了"
    if topic == "climate_fan" and _TEMP in named and not _strength(lowered) and (
            _ICE.search(lowered) or _way(_TEMP, lowered) != 0):
        return _TEMP  # "the vents are blowing freezing air on my hands"
    if topic != _TEMP:
        return None
    if "seat_heat" in TOPICS and _SEAT.search(lowered) and (
            _WARMS.search(lowered) or _ICE.search(lowered) or _way(_TEMP, lowered) == 1):
        return "seat_heat"  # "驾驶位这皮子跟冰面似的", "warm the passenger seat up"
    if "climate_defrost" in TOPICS and _GLASS.search(lowered) and _FOG.search(lowered):
        return "climate_defrost"  # "frost on the inside of the windshield"
    return None


def asked_topic(topic: str, named: set[str], lowered: str) -> str:
    """The topic a question on ``lowered`` names, the head having put it on ``topic`` among the
    grounded topics ``named``: ``topic`` when named outright; else a thing's topic by
    :func:`_thing`; else the one other topic of ``named`` named outright, unless that is the AC said
    with a way of the temperature and none of its own ("空调吹得我冻死了": the temperature);
    else ``topic``."""
    if EXPLICIT[topic].search(lowered):
        return topic
    thing = _thing(topic, lowered, named)
    if thing is not None:
        return thing
    said = [t for t in sorted(named) if EXPLICIT[t].search(lowered)]
    if len(said) != 1:
        return topic
    if topic == _TEMP and said[0] == "climate_ac" and _way(_TEMP, lowered) != 0 and (
            _way("climate_ac", lowered) == 0):
        return topic  # the AC only carries the cold felt
    return said[0]


def thing_named(topic: str, lowered: str) -> bool:
    """Whether ``lowered`` names ``topic``'s thing with the quality that thing changes ("warm
    the passenger seat up as high as it goes": the seat, whatever "it" stands for)."""
    return _thing(_TEMP, lowered) == topic
