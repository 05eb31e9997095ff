"""What a wildcard play template took as its object, read for whether it is music: "put {query}
on", "stick {query} on", "i want to hear {query}" take any words, so "put the dashcam on" or "i
want to hear the bus times" read as a title to play. (Chinese objects are read before, by
:func:`~twin.assistant.scope.not_a_song`: 我想听股票行情 goes to the fallback, which refuses.)

The object is read in this order:

1. a media word in it or in the words said around it (music, a song, the radio, a playlist, a
   band ...) makes it media: play stands ("put the music back on", "my liked songs");
2. a thing one is told (:func:`~twin.assistant.scope.not_music`'s words, and the heads of
   :data:`_TOLD_HEADS`: the score, the bus times, the exchange rate, my horoscope) is not media;
3. an object said as a thing (a determiner first: the, my, some ...) whose head word names a
   cabin device (heater, warmer, blower, demister ...) is the cabin's (the fallback decides), and
   one whose head names a machine or a part (:data:`_DEVICE_HEADS`) is not media; nor, when it is
   put or switched on (not played or heard: "play the gambler" is a song), is one made like a
   machine's name after the, my, this ...: an agent noun ("the bread **maker**", "the tumble
   **drier**") or a system said as a gerund ("the central **locking**").

Not media is out of domain, said by the rules. Anything else keeps its play: a title or an artist
said bare ("put adele on"), a band named with "the" ("the beatles", "the killers": a plural
head), a genre or a mood ("some grime")."""

from __future__ import annotations

import re

from twin.assistant.device_words import EN_OTHER_DEVICES
from twin.assistant.scope import not_music


def _words(words: str) -> frozenset[str]:
    """A family of words written one space apart, each with its plural (-s, -es)."""
    singular = words.split()
    return frozenset(singular + [w + ("es" if w.endswith(("s", "x", "ch", "sh")) else "s")
                                 for w in singular])


_DETERMINER = r"(?:the|my|our|your|his|her|their|this|that|these|those|a|an|some|me|ma)"
_DEFINITE = frozenset(
    ("the", "my", "our", "your", "his", "her", "their", "this", "that", "me", "ma"))
"""The determiners of a thing one owns or is there ("the bread maker", "my hairdryer"); a title
said with "a" or "some" is a kind ("a banger", "some crooner") and never read for its shape."""
_OBJECT = re.compile(
    rf"^(?P<det>{_DETERMINER})\s+(?:[\w'/-]+\s+){{0,3}}?(?P<head>[\w'/-]+)"
    r"(?:\s+(?:at|in|from)\s+.*)?$", re.IGNORECASE)
"""A thing named with its determiner and up to three words before its head ("the rear parking
sensors"), a place or source after it ("the telly at home", "the news from cnn")."""
_WORD = re.compile(r"[\w'-]+")

_MEDIA_EN = _words("""
music song tune track album playlist radio stereo station mix podcast audiobook band singer
artist genre banger cover
""")
"""Words that make an object media wherever they stand ("the music back", "the madonna song
again"), agent nouns that are music among them ("a banger", "the cover")."""
_TOLD_HEADS = _words("""
score result price stock share traffic message text voicemail time rate number horoscope list
definition date schedule address meeting fact status location update event alert detail answer
level balance contact reminder recipe feed tweet hour bill timing appointment inbox population
pressure
""")
"""Heads of a thing one is told that the catalogue does not play: the score, the prices, the bus
times, the exchange rate, my reminders, the definition (what a voice assistant reads out)."""
_DEVICE_HEADS = frozenset(EN_OTHER_DEVICES) | _words("""
headlamp beam foglight sidelight indicator blinker flasher hazard
camera cam dashcam webcam sensor monitor hotspot wifi wi-fi bluetooth router
charger tracker alarm satnav gps radar control assist mode
engine ignition handbrake brake skylight
door boot trunk tailgate gate garage glovebox flap port socket plug screen display wheel
massage massager thermostat timer internet system blanket
hob cooker dryer washer dishwasher machine toaster iron
vacuum hoover roomba mower lawnmower sprinkler immersion dehumidifier
humidifier purifier fryer grill telly
""")
"""Heads of a machine or a part the cabin has no function for (:data:`EN_OTHER_DEVICES`, and
cameras, sensors, car parts, appliances at home)."""
_CABIN_HEADS = _words("""
heater warmer heating fan blower demister defroster defogger aircon conditioning conditioner
climate
""")
"""Heads of a cabin device ("the rear seat heater", "the bum warmer"): the fallback decides."""
_MADE_LIKE_A_DEVICE = re.compile(r"^(?:[a-z]{3,}(?:er|or)|[a-z]{4,}(?<!th)ing)$")
"""A singular agent noun ("maker", "drier", "projector") or a gerund naming a system ("locking",
"lighting"; never "something"): the shape of a machine's or a function's name."""
_PLAYED = re.compile(r"\b(?:play|hear|listen)", re.IGNORECASE)
"""A verb of playing or hearing: its object may be a title made like a machine's name."""


def object_kind(query: str, said: str = "") -> str | None:
    """``"not_media"`` when the wildcard's ``query`` names a thing one is told or a device
    outside the catalogue, ``"cabin"`` when it names a cabin device, else None (media, a title,
    an artist, a genre, an unknown word: play stands). ``said`` is the sentence the template
    matched (its words around the object; the object alone when empty)."""
    thing, said = query.strip().lower(), (said or query).lower()
    if _MEDIA_EN.intersection(_WORD.findall(said)):
        return None
    found = _OBJECT.match(thing)
    if found is None:
        return None
    head = found.group("head")
    if head in _CABIN_HEADS:
        return "cabin"
    if head in _TOLD_HEADS or head in _DEVICE_HEADS or not_music(thing):
        return "not_media"
    switched_on = found.group("det") in _DEFINITE and _PLAYED.search(said) is None
    return "not_media" if switched_on and _MADE_LIKE_A_DEVICE.match(head) else None
