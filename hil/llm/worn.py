"""A song told worn out by its repeats: the next track.

"this is the fourth time this tune has come round", "这歌放到现在都第四遍了": the song playing
is named (the catalogue's playback or track words, :mod:`hil.llm.grounding`) and the times it
has played are counted, as a state of now, with no liking said ("heard it five times, love it"
asks nothing). The fallback's head puts such lines on ``unknown`` (a story of where the song
started, no order), and the playback named reads as *play*, a topic the words alone never act
on; the count is what says *skip it* (:func:`worn_out`). The order, the question, the refusal
and the scope are the caller's (:func:`hil.llm.head.decided`).
"""

from __future__ import annotations

import re

_TIMES = re.compile(
    r"\b(?:(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|umpteenth|hundredth|"
    r"\d+(?:st|nd|rd|th)) time|(?:three|four|five|six|seven|eight|nine|ten|dozen|hundred|\d+) "
    r"times)\b|"
    r"(?:第|了|都)[二两三四五六七八九十几百\d]+[遍回次]了"
)
"""A count of times said of now: an ordinal time ("the fourth time"), a number of times, or a
Chinese count ending in 了 ("第四遍了", "放了四回了")."""
_LIKED = re.compile(
    r"\b(?:love|loving|adore|favou?rite|banger|great|brilliant|amazing|i (?:really )?like)\b|"
    r"喜欢|好听|爱听|真棒|听不腻|百听不厌"
)
"""Liking said beside the count: the repeats are the user's choice, nothing to skip."""
_ASKED_AGAIN = re.compile(
    r"\b(?:play|put|replay|(?<!on )repeat|loop|again|one more)\b|再(?:放|播|来|听)|重新(?:放|播)"
)
"""The song asked for again ("play it a fifth time", "再放一遍"): an order, not a complaint."""
_SONG = frozenset({"media_playback", "media_track"})


def worn_out(lowered: str, named: set[str]) -> bool:
    """Whether ``lowered`` (normalised) tells that the song playing has come round again and
    again: it names the song (``named`` holds the playback or a track), counts its times
    (:data:`_TIMES`), says no liking (:data:`_LIKED`) and does not ask for it again
    (:data:`_ASKED_AGAIN`)."""
    return bool(named & _SONG) and _TIMES.search(lowered) is not None and not (
        _LIKED.search(lowered) or _ASKED_AGAIN.search(lowered))
