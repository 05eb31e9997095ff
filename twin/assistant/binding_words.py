"""The English words that bind an order said beside them, one table for every reading.

:mod:`twin.assistant.colloquial` reads a tag, a call or someone addressed away only when it binds
nothing (:func:`binds`); :mod:`twin.assistant.en_structure` reads an order said again the same
way. Kept apart from both so neither imports the other's table.
"""

from __future__ import annotations

import re

__all__ = ["EN_DIGITS", "EN_NUMBERS", "EN_TENS", "TAG_BINDS", "binds"]

EN_NUMBERS = (r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
              r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty)")
"""A number said in English, as digits or a word."""
EN_DIGITS = r"(?:one|two|three|four|five|six|seven|eight|nine)"
"""A digit said as a word, after :data:`EN_TENS` ("twenty-three")."""
EN_TENS = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
"""Tens said as a word, before :data:`EN_DIGITS`."""

TAG_BINDS = frozenset((
    "i", "we", "you", "they", "he", "she", "it", "who", "someone", "somebody", "nobody", "no one",
    "everyone", "don't", "dont", "never", "not", "no", "nope", "didn't", "can't", "cant", "won't",
    "wont", "shouldn't", "couldn't", "wouldn't", "do", "did", "does", "to", "will", "would",
    "should", "could", "can", "may", "might", "must", "shall", "gonna", "wanna", "gotta", "and",
    "then", "if", "when", "or", "but", "so", "before", "after", "until", "till", "once", "unless",
    "later", "tomorrow", "tonight", "soon", "first", "instead", "rather", "why", "how", "what",
    "where", "whether", "wait", "stop", "maybe", "perhaps", "eventually", "afterwards", "yet",
    "more", "less", "halfway", "all", "way", "bit", "little", "lot", "notch", "notches", "step",
    "steps", "level", "levels", "degree", "degrees", "percent", "max", "maximum", "min",
    "minimum", "high", "low", "medium", "full", "for", "at", "by", "with", "in", "of", "from",
    "the", "a", "an", "my", "your", "his", "her", "our", "their", "this", "that", "these", "those",
    "up", "down", "on", "off", "back", "out", "again", "over", "too", "also", "either",
    "window", "windows", "fan", "music", "radio", "volume", "song", "track", "seat", "seats",
    "heat", "heater", "temperature", "temp", "ac", "aircon", "defrost", "home", "glass",
    "louder", "quieter", "softer", "warmer", "cooler", "hotter", "colder", "higher", "lower",
    "driver", "passenger", "sir", "madam", "ma'am", "stopped", "paused", "muted", "here", "there",
    "inside", "outside", "everywhere", "silent", "vibrate", "speaker", "shuffle", "repeat", "loop",
    "hold", "standby", "charge", "charging", "mute", "loud", "quiet", "nah", "otherwise",
    "navigation",
))
"""Words that bind or change an order said beside it (a person who does it, a refusal, a
time, a condition, how much, whose, where, a mode, a cabin word): never read away as a tag, nor
as someone addressed before a comma ("Dad, turn …" loses "Dad,"; "no, turn …" keeps "no"). A
tag is also kept when it is a number or an -ly adverb (:func:`binds`); said first before a comma
("actually, …", "honestly, …") such a word is read away as ever."""


_NUMBER_WORD = re.compile(rf"^(?:{EN_NUMBERS}|\w+teen|\w+ty|hundred|half|quarter|zero)$",
                          re.IGNORECASE)


def binds(word: str) -> bool:
    """Whether ``word``, said beside an order, binds or changes it (:data:`TAG_BINDS`, a
    number, an adverb of how): no tag."""
    word = word.lower()
    return word in TAG_BINDS or _NUMBER_WORD.match(word) is not None or word.endswith("ly")
