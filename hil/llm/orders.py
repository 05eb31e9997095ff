"""Clauses shaped as orders whose verb or thing the cabin does not know, and a reason said first.

Speech recognition mishears a word, and people use words nobody listed: "音亮调到五" (音量),
"paws the music" (pause), "set the wolume to five". Beside a clause the cabin understands, such
a clause is still an order, and leaving it out of the answer drops it without a word. Its
*shape* says it is an order even when its words do not: a Chinese verb of setting after a thing
("<thing>调到五", "把<thing>关小"); an English verb of the cabin's before a thing ("set the
<thing> to five"); an English imperative of an unknown verb before a thing the cabin knows
("paws the music"). :func:`unknown_order` finds these shapes; the fallback asks about such a
part (:mod:`hil.llm.several`), never acts on it.

:func:`so_cut` cuts a reason said first from the command after it ("it's freezing back here so
heat on", "太冷了所以把温度调高"): "so" after a clause that commands nothing, before one that
does.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hil.llm.direction import normalised
from hil.llm.grounding import KEEP
from twin.assistant.order_words import COURTESY, COURTESY_SPOKEN, UNKNOWN_ORDER_VERBS, alternation
from twin.assistant.scope import negated, out_of_scope

# words before a Chinese order that are not its thing: courtesy, "then", "also", pronouns
_ZH_NOT_THING = r"请|帮|给|麻烦|先|再|也|顺便|然后|你|就|把|它|这|那|调|开|关|都|还|再"
_ZH_ORDER = re.compile(
    r"^(?:请|帮我|给我|麻烦你?|先|再|也|顺便|然后|你|就)*把?"
    r"(?:(?!" + _ZH_NOT_THING + r")[\u4e00-\u9fff]){1,4}?(?:给我|也|再|都)?"
    r"(?:调到|调成|调至|开到|调[大小高低]|开[大小高低]|关[大小]|打开|关掉|关上|关闭|开启)"
)
"""A Chinese verb of setting after a thing of one to four characters ("音亮调到五")."""
_ZH_STEP = re.compile(
    r"^(?:首先|先)(?:把|给我|帮我)?(?!这样|那样|等|说|别|不)[\u4e00-\u9fff]{2,5}[吧啊呀]?$")
"""The first step of a list said with 先 ("先除个雾，再…"): an order, read or not."""
_EN_COURTESY = r"^(?:(?:" + alternation(COURTESY | COURTESY_SPOKEN) + r")[,\s]+)*"
_EN_THING = r"(?:up |down |on |off )?(?:the|my|your|our|that|this) [a-z']+"
_EN_KNOWN_VERB = re.compile(
    _EN_COURTESY + r"(?:" + alternation(UNKNOWN_ORDER_VERBS) + r") " + _EN_THING)
"""A verb of the cabin's before a thing ("set the wolume to five")."""
_EN_ANY_VERB = re.compile(
    _EN_COURTESY + r"(?!(?:it|it's|its|i|i'm|im|we|we're|you|you're|they|they're|he|she|that|"
    r"that's|this|there|there's|what|the|my|is|are|was|were|be|been|so|too|very|really|"
    r"love|like|hate|enjoy|miss|know|think|see|hear|got|get|want|need|feel|mean|said|say|"
    r"nice|great|good|what's|how|why|where|when|who)\b)"
    r"[a-z][a-z']+ (?:the|my|your|our|that|this) [a-z']+")
"""An imperative of a verb the cabin does not know before a thing ("paws the music")."""


def unknown_order(clause: str, named: set[str]) -> bool:
    """Whether ``clause`` (whose topic words are ``named``) is shaped as an order: with no
    topic named, a verb of setting before or after a thing (that thing is then a word the cabin
    does not know); with a topic named, an English imperative of any verb before it; either
    way a first step said with 先 ("先除个雾"). Never a
    refusal or a clause out of scope. The caller checks first that the clause does not command
    in words the cabin knows."""
    lowered = normalised(clause)
    if negated(lowered) or KEEP.search(lowered) or out_of_scope(lowered) is not None:
        return False
    if not named:
        return bool(_ZH_ORDER.search(lowered) or _ZH_STEP.search(lowered)
                    or _EN_KNOWN_VERB.search(lowered))
    return bool(_EN_ANY_VERB.search(lowered) or _ZH_STEP.search(lowered))


_SO = re.compile(r"\s*(?:\bso\b|\band so\b|所以)[,，]?\s*|\s+(?=(?:could|can|would|will) you\b)")


def so_cut(clause: str, commanding: Callable[[str], bool]) -> list[str]:
    """``clause`` cut at a "so" (所以), or before a "could you", said after a reason and before
    a command (``commanding``): "it's freezing back here so heat on" -> the reason and "heat
    on", "she's landed we're off could you set the heat to 24" -> the remark and the request;
    ``[clause]`` otherwise ("it's so hot", "so turn it up")."""
    for m in _SO.finditer(clause):
        before, after = clause[:m.start()].strip(" ,，"), clause[m.end():].strip(" ,，")
        if before and after and not commanding(before) and commanding(after):
            return [before, after]
    return [clause]


__all__ = ["so_cut", "unknown_order"]
