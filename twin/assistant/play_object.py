"""What a wildcard play template took as its object, read for what it names: "put {query} on",
"stick {query} on", "i want to hear {query}" take any words, so "put the dashcam on" or "i want
to hear the stock prices" read as a title to play. An object said as a thing (a determiner first:
the, my, some ...) whose head word names a machine or a part (a light, a camera, a sensor, an
appliance) or a thing to hear that is not media (the score, the results, the prices, the news)
is not a title: out of domain. A cabin device's head (heater, warmer, blower, demister ...) is the
cabin's: the fallback decides. A title said bare ("put blinding lights on", "put adele on") or an
unknown head ("put the beatles on") keeps its play."""

from __future__ import annotations

import re

from twin.assistant.device_words import EN_OTHER_DEVICES


def _heads(words: str) -> frozenset[str]:
    """A family of head words written one space apart."""
    return frozenset(words.split())


_DETERMINER = r"(?:the|my|our|your|his|her|their|this|that|these|those|a|an|some|me|ma)"
_OBJECT = re.compile(
    rf"^{_DETERMINER}\s+(?:[\w'/-]+\s+){{0,3}}?(?P<head>[\w'/-]+)"
    r"(?:\s+(?:at|in|from)\s+.*)?$", re.IGNORECASE)
"""A thing named with its determiner and up to three words before its head ("the rear parking
sensors"), a place or source after it ("the telly at home", "the news from cnn")."""
_DEVICE_HEADS = frozenset(EN_OTHER_DEVICES) | _heads("""
headlamp headlamps beam beams foglights sidelights
indicator indicators blinker blinkers flasher flashers hazard hazards
camera cameras cam dashcam webcam sensor sensors monitor hotspot wifi wi-fi bluetooth router
charger tracker alarm satnav gps radar control assist mode
engine ignition handbrake brake brakes massage massager
hob cooker dryer washer dishwasher machine toaster iron
vacuum hoover roomba mower lawnmower sprinkler sprinklers immersion dehumidifier
humidifier purifier fryer grill telly
""")
"""Heads of a machine or a part the cabin has no function for (:data:`EN_OTHER_DEVICES`, and
cameras, sensors, car parts, appliances at home)."""
_HEAR_HEADS = _heads("""
score scores result results price prices stock stocks shares headlines forecast weather news
traffic message messages texts emails voicemail voicemails joke jokes riddle riddles time
""")
"""Heads of a thing to hear that the catalogue does not play (the score, the news, a joke)."""
_CABIN_HEADS = _heads("""
heater heaters warmer warmers heating fan fans blower blowers demister demisters defroster
defrosters defogger defoggers aircon conditioning conditioner climate
""")
"""Heads of a cabin device ("the rear seat heater", "the bum warmer"): the fallback decides."""


def object_kind(query: str) -> str | None:
    """``"not_media"`` when the wildcard's ``query`` names a device outside the catalogue or a
    thing to hear that is not media, ``"cabin"`` when it names a cabin device, else None (a
    title, an artist, a media word, an unknown head: play stands)."""
    found = _OBJECT.match(query.strip().lower())
    if found is None:
        return None
    head = found.group("head")
    if head in _CABIN_HEADS:
        return "cabin"
    return "not_media" if head in _DEVICE_HEADS or head in _HEAR_HEADS else None
