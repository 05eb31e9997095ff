"""Both front seats said at once, read as one seat-heating command per seat.

"both seats heated on high", "我跟我老婆的座椅加热都打开", "主驾副驾座椅加热都要开": the words for
both are replaced by each seat's, the level and the way read from the rest of the sentence
(:func:`hil.llm.several.several_parts` answers each seat's command on its own).
"""

from __future__ import annotations

import re

from hil.llm.direction import normalised
from hil.llm.grounding import named_topics, narrowed
from twin.assistant.seat_words import EN_COMPANIONS, ZH_BOTH_FRONT, ZH_COMPANIONS

_BOTH = re.compile(
    r"\bboth (?:front |of the |of our )?seats?\b|\bboth of (?:us|ours)\b|"
    rf"\b(?:me|mine|my seat) and (?:my |the )?(?:{EN_COMPANIONS}|passenger)"
    r"(?:'s)?\b|两个(?:前排)?座(?:椅|位)?|前排(?:座椅|座位)?(?=(?:加热)?都)|"
    rf"{ZH_BOTH_FRONT}的?|"
    rf"(?:我|主驾)的?(?:跟|和|与)我?(?:{ZH_COMPANIONS}|副驾)的?|副驾的?(?:跟|和|与)主驾的?|"
    # the two seats one after the other ("the driver and the passenger"), or after "both of us"
    r"\b(?:the )?(?:driver|passenger)(?:'s)?(?: seat)?,? (?:and|&) (?:the )?"
    r"(?:driver|passenger)(?:'s)?(?: seats?)?\b")
"""Both front seats said at once ("both seats heated", "我跟我老婆的座椅加热都打开")."""
_SEATS = {"en": ("driver's seat", "passenger seat"), "zh": ("主驾", "副驾")}


def both_seats(text: str) -> list[str]:
    """A seat-heating command for both front seats, as one command per seat (the words for
    both replaced by each seat's: the level and the way read from the rest); [] when the
    sentence is not that, or names another topic too."""
    lowered = normalised(text)
    found = _BOTH.search(lowered)
    if found is None or narrowed(named_topics(lowered), lowered) != {"seat_heat"}:
        return []
    seats = _SEATS["zh" if re.search(r"[\u4e00-\u9fff]", found.group(0)) else "en"]
    said = "座椅" if "座" in found.group(0) else ""  # "前排座椅" -> "主驾座椅"
    rest = _BOTH.sub(" ", lowered[found.end():])  # "both of us, the driver and the passenger"
    rest = re.sub(r"都要(?=[开关调])", "", rest)  # "主驾副驾座椅加热都要开": each seat's "开"
    return [lowered[:found.start()] + seat + said + rest for seat in seats]


__all__ = ["both_seats"]
