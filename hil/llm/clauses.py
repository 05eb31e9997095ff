"""The part of a request the fallback answers: a clause for a device the cabin lacks is left out.

Real in-car speech often joins two commands without a conjunction ("关闭空调关闭座椅通风",
"打开座椅通风播放音乐", "关了车窗打开内循环"). When one of them is for something the cabin does not
have (seat ventilation, lights, blinds, a driving or air-circulation mode) and another names a
cabin function outright ("空调", "播放"), the right answer acts on the cabin's part and nothing
else; reading the sentence whole, the fallback said it cannot do any of it (the lacking device
puts the whole line out of scope, and the head's ``unknown`` outweighs the topic).

:func:`focus` returns the text the model and the words then read: the request without the
clauses for lacking devices, when such a clause sits beside one that names a cabin function
outright; otherwise the request unchanged (a sentence about one thing, and every sentence whose
other parts say somewhere else, later, a question or someone else, is read whole: those words
qualify the whole request, not one clause of it).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from hil.llm.direction import normalised
from hil.llm.grounding import EXPLICIT, LACKING, named_topics
from twin.assistant.scope import out_of_scope

# conjunctions, punctuation, and (Chinese) the start of another verb phrase: real speech says
# "关闭空调关闭座椅通风" without a pause
_SPLIT = re.compile(
    r"\s*(?:[,;，、；。]|\band then\b|\band also\b|\band\b|\bthen\b|\bplus\b|并且|然后|顺便|同时|"
    r"还有|另外)\s*|"
    r"(?<=\S)(?=打开|关闭|关掉|关上|关了|开启|开一下|播放|放一首|来一首)"
)
# functions and modes the cabin does not have, said as a clause of their own (beyond the
# devices :data:`hil.llm.grounding.LACKING` names): an air-circulation or driving mode, a
# ventilation mode, a seat's position
_MODES = re.compile(
    r"内循环|外循环|循环模式|\w{0,4}模式|全车通风|(?:打开|开启|关闭|关掉)通风|自然通风|热风|冷风模式|"
    r"直立|放倒|前移|后移|记忆|\bmode\b|recirculat"
)


class Focus(NamedTuple):
    """The text to answer and the clauses left out (empty when the request is read whole)."""

    text: str
    dropped: tuple[str, ...]


def clauses(text: str) -> list[str]:
    """``text`` cut at conjunctions, punctuation and Chinese verb-phrase starts."""
    return [c.strip() for c in _SPLIT.split(text) if c and c.strip()]


def _lacking(clause: str) -> bool:
    lowered = normalised(clause)
    return (LACKING.search(lowered) is not None or _MODES.search(lowered) is not None
            or out_of_scope(lowered) == "other_device")


def _names_cabin_function(clause: str) -> bool:
    lowered = normalised(clause)
    if out_of_scope(lowered) is not None or _lacking(clause):
        return False
    return any(EXPLICIT[t].search(lowered) for t in named_topics(lowered))


def focus(text: str) -> Focus:
    """The request without its clauses for devices the cabin lacks, when another clause names
    a cabin function outright; else ``text`` whole."""
    parts = clauses(text)
    if len(parts) < 2:
        return Focus(text, ())
    if any(out_of_scope(normalised(c)) not in (None, "other_device") for c in parts):
        return Focus(text, ())  # somewhere else, later, a question: the whole request
    dropped = tuple(c for c in parts if _lacking(c))
    if not dropped or not any(_names_cabin_function(c) for c in parts):
        return Focus(text, ())
    kept = [c for c in parts if c not in dropped]
    joiner = " " if re.search(r"[a-z]", text.lower()) else ""
    return Focus(joiner.join(kept), dropped)
