"""Several orders told among asides: each clause the rules read alone, the asides left out.

"明天会下雨吗顺便温度调低三度风量调大一档", "Right my love, twelve-hour shift, heat my seat on
high and get me home", "Heatwave's no joke. AC on, temperature 18, fan on seven.": a story, a
question or an address said beside two or more orders made the fallback read the whole as one
(a "later" or a "no" in the story qualified every part, or :func:`hil.llm.clauses.command_parts`
found no order's shape in a part) and it acted on one command at most. Here each clause of the
sentence is either an order the rules read alone with certainty (a command of a topic the
clause names, said as an order or a setting, not told: no subject, copula, question or feeling,
:data:`hil.llm.clauses.TOLD`) or an aside that is left out: it names no cabin function, or
only one an order acts on (its reason). Read whole, as before, when an aside could bind the
orders: a condition, a remark, a take-back after an order, a no after an order, a "later" or
"elsewhere" not said as a telling of its own ("明天早上，…" is for tomorrow; "明天会下雨吗，…" asks
about tomorrow), an aside that orders or sets something the rules do not read, a way cut off
its thing ("副驾座椅加热|关掉": the thing alone reads as "on"), an aside about a function no
order acts on, two orders on one function, or a clause of an order that itself says later,
elsewhere, no or a lacking device.

Within one part of several commands (:func:`order_among_asides`), the same reading finds the
part's one order among asides ("Long day, lads: temperature to twenty"), which the head, trained
on whole sentences, reads poorly.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hil.llm.clauses import (
    AMOUNT,
    SET_SAID,
    TOLD,
    clause_pieces,
    clause_topics,
    commanding,
    lang_of,
    set_said,
)
from hil.llm.direction import normalised
from hil.llm.grounding import KEEP, NOT_HERE_NOW, REMARK, lacking, named_topics
from twin.assistant.scope import conditional, negated, not_music, out_of_scope
from twin.assistant.speech_words import (
    EN_CORRECTION_MARKS,
    EN_TAKE_BACK,
    ZH_CORRECTION_MARKS,
    ZH_TAKE_BACK,
)
from twin.assistant.state_words import EN_LEVEL

Reading = tuple[str, str, int | str | None]
Read = Callable[[str, str], Reading | None]
"""The rules' sure reading of one clause alone: ``(topic, intent, value)`` or None."""

MAX_PIECES = 12
"""At most this many clauses are read (a rule parse each)."""

_TAKE_BACK = re.compile(rf"\b{EN_TAKE_BACK}\b|{ZH_TAKE_BACK}")


_VALUE = re.compile(rf"{AMOUNT.pattern}|\b{EN_LEVEL}\b|[高中低]档")
"""An amount or a level said in a clause beside an order: that order's value, never an aside."""
_CORRECTED = re.compile(rf"\b{EN_CORRECTION_MARKS}\b|{ZH_CORRECTION_MARKS}|不是")
"""A self-correction said beside an order ("…, no wait", "…，不对"): it may take the order back."""


_FOR_ME = re.compile(r"[给帮替]我")
""""给我座椅加热开一档": the one the order is for, no subject that tells."""


_STOP = re.compile(r"(?<!\d)[:：.!?！？。](?!\d)\s*")
"""A colon or a sentence's end inside a clause ("现在插播一条：音量调到十", "Heatwave's no joke. AC
on"): a pause between an aside and an order."""


def _clauses(text: str) -> list[str]:
    return [s for piece in clause_pieces(text) for s in _STOP.split(piece) if s.strip(" ,，")]


def _told(lowered: str) -> bool:
    return TOLD.search(_FOR_ME.sub("", lowered)) is not None


def _says_no(lowered: str) -> bool:
    return KEEP.search(lowered) is not None or negated(lowered)


def _elsewhen(lowered: str) -> bool:
    """Whether a clause says somewhere else, later, not here and now, or a device the cabin
    lacks."""
    return (out_of_scope(lowered) is not None or NOT_HERE_NOW.search(lowered) is not None
            or lacking(lowered))


def order_read(piece: str, read: Read, lang: str) -> Reading | None:
    """The rules' reading of ``piece`` when it is an order of its own: read alone with
    certainty, on a topic it names, not told, and saying no later, elsewhere, no or remark."""
    lowered = normalised(piece)
    if _told(lowered) or _says_no(lowered) or _elsewhen(lowered) or conditional(lowered) or (
            REMARK.search(lowered) or not_music(lowered)):
        return None
    ruled = read(piece, lang)
    return ruled if ruled is not None and ruled[0] in clause_topics(piece) else None


def _aside_ok(piece: str, before_orders: bool, acted: set[str]) -> bool:
    """Whether ``piece``, a clause that is no order the rules read, may be left out beside
    the orders (see the module docstring)."""
    lowered = normalised(piece)
    if commanding(piece) or set_said(piece) or conditional(lowered) or REMARK.search(lowered):
        return False
    if SET_SAID.search(lowered) and not _told(lowered):
        return False  # a way cut off its thing ("副驾座椅加热|关掉"): the thing alone is no order
    if _TAKE_BACK.search(lowered) or _says_no(lowered):
        # "算了，放点音乐…": a story taken back before the orders; after them it takes them back
        return before_orders and not named_topics(lowered)
    if _elsewhen(lowered) and not _told(lowered):
        return False  # "明天早上，…", "later, …": the orders' own time
    named = clause_topics(piece) or named_topics(lowered)
    # a reason beside the order it is about ("这个音乐厚吵哦，先暂停啦"), told, never a wish
    return not named or (_told(lowered) and bool(named & acted))


def ruled_clauses(text: str, read: Read) -> list[str]:
    """The orders of ``text`` (two or more, each a clause the rules read alone, on distinct
    topics; the same order said twice counted once) when every other clause is an aside that
    may be left out; else []."""
    lang = lang_of(text)
    pieces = _clauses(text)
    if not 2 <= len(pieces) <= MAX_PIECES:
        return []
    orders: list[tuple[int, str]] = []
    readings: list[Reading] = []
    asides: list[tuple[int, str]] = []
    for at, piece in enumerate(pieces):
        ruled = order_read(piece, read, lang)
        if ruled is None:
            asides.append((at, piece))
        elif ruled in readings:
            continue  # "关窗关窗": one order said twice
        elif any(r[0] == ruled[0] for r in readings):
            return []  # one function moved twice: a correction or a list the rules should read
        else:
            orders.append((at, piece))
            readings.append(ruled)
    if len(orders) < 2:
        return []
    first = orders[0][0]
    acted = {r[0] for r in readings}
    if not all(_aside_ok(piece, at < first, acted) for at, piece in asides):
        return []
    return [piece for _, piece in orders]


def order_among_asides(part: str, read: Read, lang: str) -> Reading | None:
    """The rules' reading of the one order of ``part``, a part of several commands, when its
    other clauses are asides that may be left out beside it (a call, a story, a sentence's end:
    "Long day, lads: temperature to twenty", "Right then! The window shut", "累死了，音量调到十",
    "the window shut."): the
    head reads such a short part poorly, the rules read its order alone with certainty. None
    when no clause or two are such orders, an aside says an amount, a level or a correction
    ("…, level three like", "…, no wait"), or could bind it otherwise (:func:`ruled_clauses`'
    tests)."""
    pieces = _clauses(part)
    if not 1 <= len(pieces) <= MAX_PIECES:
        return None
    found = [(at, ruled) for at, piece in enumerate(pieces)
             if (ruled := order_read(piece, read, lang)) is not None]
    if len(found) != 1:
        return None
    at, ruled = found[0]
    asides = [(i, piece) for i, piece in enumerate(pieces) if i != at]
    if any(_VALUE.search(lowered) or _CORRECTED.search(lowered)
           for lowered in (normalised(piece) for _, piece in asides)):
        return None  # "…, level three like": the order's own value; "…, no wait": taken back
    return ruled if all(_aside_ok(piece, i < at, {ruled[0]}) for i, piece in asides) else None


__all__ = ["MAX_PIECES", "order_among_asides", "order_read", "ruled_clauses"]
