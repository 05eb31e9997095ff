"""Which number of a sentence is a slot's value: only one the words bind to the slot.

The fallback's slot reader (:mod:`hil.llm.slots`) once took the first number it found, so an
age ("my 3 year old is cold, turn the heat up" stepped the temperature by 3), a time ("at 3
o'clock heat my seat" set level 3), the weather ("外面零下三度" read 零 as level 0: the seat
heater off) or a told state ("it's 28 in here, turn it down" stepped it down by 28) became a
setting. A number is now a value only with positive evidence that it is the slot's
(:func:`bound_number`):

* a setting or step word right before it ("to", "at", "by", "up", "调到", "加", "高") or the
  topic's own noun ("volume 5", "风量三", "seat heater 2");
* or a setting's unit right after it ("度", "档", "degrees", "levels", "%"), unless the clause
  before it tells a state (outside, in here, 外面, 车里 …: "外面三十度" is the weather);
* or the number said alone as a clause ("heat my seat, three").

A number that counts or names something else (a time, an age, a distance, a track, a bus line:
"3 o'clock", "两岁", "track 5", "三号线") is never a value. Any other number is unclear: in a
clause that names no topic of the cabin it is a story's and is left out; in the command's own
clause the reader asks (:data:`UNCLEAR`) rather than guessing.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Final

from hil.llm.topics import TOPICS_DATA
from hil.llm.values import NUMERAL, parse_number, prepared_numbers

UNCLEAR: Final = "unclear"
""":func:`bound_number`'s answer when the command's own clause says a number that is not bound
to its slot: ask, never act on it."""

_CUT = re.compile(r"[，,。！!？?；;、]|\s+(?:and|so|but|because|cause|'cause|cos|coz)\s+|"
                  r"因为|所以|但是|不过|然后")
"""Where a clause ends: punctuation or a conjunction (not a subject and its verb: "my seat is too
hot" is one clause, its complaint the seat's)."""
_NOT_SLOT_AFTER = re.compile(
    r"^\s*(?:o'?clock|a\.?m\b|p\.?m\b|:\d|h\b|hours?|hrs?|minutes?|mins?|seconds?|secs?|years?|"
    r"yrs?|months?|weeks?|days?|nights?|times?|kms?\b|kilomet|miles?|met(?:er|re)s?|feet|foot|"
    r"inch|people|persons?|kids?|children|pounds?|bucks|dollars?|quid|euros?|yuan|kuai|"
    r"st\b|nd\b|rd\b|th\b|below|under|outside|out\b|in here|"
    r"岁|个月|个小时|个钟|小时|钟头|分钟|秒|点钟|点半|点了|号|路|线|站|楼|层|公里|米|块|元|次|遍|"
    r"天|年|月|周|首|集|位|个人|口|人|个孩子|个娃|趟|圈|以下|以上)")
"""A word after a number that says what it counts or names, no setting: a time, an age, a
distance, a sum, an ordinal, the weather ("5 below")."""
_NOT_SLOT_BEFORE = re.compile(
    r"(?:\b(?:track|song|tune|exit|route|highway|junction|gate|platform|room|number|no\.|bus|"
    r"line|channel|episode|chapter|page|row|the|it'?s|it is|past|after|before|within|"
    r"until|till)|第|才|已经|都)\s*$")
"""Words right before a number that make it no setting: a name ("track 5", "三号线" is after), an
ordinal (第), a told amount ("it's 28", "才两个月")."""
_SIGN = re.compile(r"(?:\bminus|零下|负)\s*$")
"""A sign said before a number: the number is below zero ("set the temperature minus 5" is out
of range; "零下" is no number 0)."""
_MARK_BEFORE = re.compile(
    r"(?:\b(?:to|at|by|on|onto|set|level|setting|notch|up|down|plus|pct|make it|keep it|put it|"
    r"another|extra|more)|调到|调至|调成|调为|设为|设到|设成|设置|设定|开到|开成|放到|改成|降到|升到|"
    r"到|至|为|成|加|减|高|低|大|小|升|降|调|开|拉|来|再)\s*"
    r"(?:about|around|roughly|approximately|like|maybe|大概|大约|差不多)?\s*"
    r"(?:(?<=\bon )|(?<=\bto )|(?<=\bat )|(?<=\bonto ))?(?:number|no\.?|#)?\s*$")
"""A setting or step word right before a number: the number is the slot's ("on number three":
the setting's number, not a name as in "track number 5")."""
_UNIT_AFTER = re.compile(
    r"^\s*(?:°|度|档|挡|格|级|%|pct\b|percent|degrees?\b|deg\b|notch(?:es)?\b|levels?\b|"
    r"steps?\b|clicks?\b|bars?\b|stages?\b|speeds?\b|points?\b|成|c\b|个(?:档|挡|格|级|度))")
"""A setting's unit right after a number."""
_STATE_BEFORE = re.compile(
    r"outside|out there|in here|in the car|feels like|it'?s|it is|we'?re at|外面|室外|车外|车里|"
    r"车内|气温|天气|现在|已经|都")
"""Words of a clause that tell a state before its number ("it's 30 degrees", "外面三十度"):
a unit after the number then binds nothing."""
_ALONE = re.compile(r"^\s*(?:please|thanks|just|uh|um|吧|啊|呀|就行|谢谢)?\s*$")
"""What a number said alone as a clause may have beside it ("heat my seat, three please")."""


# words that look like a seat's slot and are not: a side of another thing, someone elsewhere,
# a level word in another sense
OTHER_THING = re.compile(
    r"(?:旁边|右边|右侧|右前|左边|左前)(?:的)?(?:那辆|那个|那些|那条)?"
    r"(?=车|车道|后视镜|镜子|窗|门|路|人行道|司机)|"
    r"\b(?:passenger|driver|right(?:-hand)?|left(?:-hand)?)(?:'s)?(?: side)? (?=(?:window|door|"
    r"mirror|wing mirror|airbag|lane|footwell|sun ?visor)s?\b)")
"""A seat's side said of another thing ("旁边的车好吵", "the passenger window is fogged", "右边
车道"): no seat named."""
ELSEWHERE = re.compile(
    r"打电话|来电话|发消息|发微信|视频|在家|在公司|在后面那辆|\b(?:called|calling|rang|texted|messaged|"
    r"on the phone|behind us|ahead of us|in (?:the|another|her|his|their) (?:other )?car|at home|"
    r"at work|following us)\b")
"""A person said to be elsewhere ("my friend is driving behind us", "老婆打电话说冷"): the words
naming them name no seat of this cabin; ask which seat."""


NOT_LEVEL = re.compile(
    r"\b(?:next|bus|last|first|pit|rest|truck|train|tram) stop\b|\b(?:can'?t|cannot|won'?t|"
    r"couldn'?t|didn'?t|don'?t|never) stop\b|\bstop(?:s|ped)? (?:at|by|for|off|over|in)\b|"
    r"\blittle (?:one|girl|boy|kid|guy|baby|man|lady|brother|sister|sis|bro|angel|monster|fella|"
    r"tyke|princess|prince|mite|dude|thing)s?\b|\bhigh (?:road|street|school|way|tide|beam)s?\b|"
    r"\b(?:feeling|feel|felt|running|ran|bit) low\b|\blow on\b|\b(?:we'?re|i'?m|be) off\b|"
    r"\boff (?:to|we go)\b|停车|停好|停在|停靠|停下车|车停|[号路线站]停|"
    r"关心|关系|关于|关注|过关|海关|相关")
"""Level words said in another sense ("at the next stop", "my little girl", "feeling low",
"we're off to the beach", "停车场", "三号线停了"): no seat level."""


def _spans(text: str) -> list[tuple[int, int]]:
    """``text`` cut into the spans its slots are read in: at punctuation and conjunctions, and
    in a clause naming several topics outright, before each but the first ("副驾座椅加热关了她说烫
    温度调低一度风量二档": the seat's, the temperature's and the fan's own spans; "stop the seat
    heater" stays whole)."""
    clauses, at = [], 0
    for cut in _CUT.finditer(text):
        clauses.append((at, cut.start()))
        at = cut.end()
    clauses.append((at, len(text)))
    spans = []
    for lo, hi in clauses:
        starts = sorted({m.start() + lo for pattern in TOPICS_DATA.explicit.values()
                         for m in pattern.finditer(text[lo:hi])})
        edges = [lo, *starts[1:], hi]
        spans += [(a, b) for a, b in pairwise(edges) if text[a:b].strip()]
    return spans


def clause_at(text: str, start: int) -> tuple[int, int]:
    """The span of ``text`` (:func:`_spans`) holding position ``start``."""
    return next(((lo, hi) for lo, hi in _spans(text) if lo <= start < hi), (0, len(text)))


def _others(span: str, topic: str, numbers: bool = False) -> bool:
    """Whether ``span`` names another topic and not ``topic``: another command's words; for a
    number (``numbers``) the AC is no other topic of the temperature or the fan ("空调二十三"),
    for a level word it is ("fan down ac off")."""
    housing = {"climate_ac"} if numbers and topic.startswith("climate_") else set()
    return not _names_topic(span, topic) and any(
        _names_topic(span, other) for other in TOPICS_DATA.subject
        if other != topic and other not in housing)


def _names_topic(clause: str, topic: str) -> bool:
    subject = TOPICS_DATA.subject.get(topic)
    explicit = TOPICS_DATA.explicit.get(topic)
    return any(p is not None and p.search(clause) for p in (subject, explicit))


def _ends_with(tail: str, pattern: re.Pattern[str] | None) -> bool:
    """Whether ``tail`` ends with a word of ``pattern`` ("seat heater ", "风量")."""
    if pattern is None:
        return False
    found = list(pattern.finditer(tail))
    return bool(found) and re.fullmatch(r"\w*\s*", tail[found[-1].end():]) is not None


def _kind(text: str, start: int, end: int, topic: str, nouns: tuple[re.Pattern[str], ...],
          signed: bool = False) -> str:
    """``"bound"``, ``"other"`` (counts or names something else), ``"another"`` (in another
    topic's span) or ``"unclear"``; a number
    below zero (``signed``) with only a unit after it is the weather ("刚从零下八度的外面进来")."""
    lo, hi = clause_at(text, start)
    before, after = text[lo:start], text[end:hi]
    if _NOT_SLOT_AFTER.search(after):
        return "other"
    if _others(text[lo:hi], topic, numbers=True):
        return "another"  # "再把温度调高一度": the temperature's number, no seat level
    tail = before[-16:]
    named = any(_ends_with(tail, p) for p in (TOPICS_DATA.explicit.get(topic),
                                              TOPICS_DATA.subject.get(topic), *nouns))
    if _MARK_BEFORE.search(before) or named:
        return "bound"
    if _NOT_SLOT_BEFORE.search(before):
        return "other"
    if _UNIT_AFTER.search(after):
        return "other" if signed or _STATE_BEFORE.search(before) else "bound"
    if _ALONE.search(before) and _ALONE.search(after):
        return "bound"
    return "unclear"


def slot_numbers(text: str, topic: str, nouns: tuple[re.Pattern[str], ...] = ()
                 ) -> list[tuple[int, str]]:
    """Each number of ``text`` with its kind for ``topic``'s slot: ``"bound"``, ``"other"`` (it
    counts or names something else), ``"another"`` (said in another topic's span),
    ``"unclear"`` (in the command's own clause: one naming the topic, or the only clause) or
    ``"story"`` (an unclear number in a clause naming no such topic). ``nouns``: more words
    that name the slot (a seat's zone words: "副驾 二")."""
    prepared = prepared_numbers(text)
    out = []
    for m in NUMERAL.finditer(prepared):
        value = parse_number(m.group())
        if value is None:
            continue
        sign = _SIGN.search(prepared[:m.start()])
        if sign is not None:  # "minus five", "零下三度": a number below zero, its sign apart
            value = -value
        start = sign.start() if sign is not None else m.start()
        kind = _kind(prepared, start, m.end(), topic, nouns, sign is not None)
        if kind == "unclear":
            lo, hi = clause_at(prepared, m.start())
            own = (lo == 0 and hi == len(prepared)) or _names_topic(prepared[lo:hi], topic)
            kind = "unclear" if own else "story"
        out.append((value, kind))
    return out


def bound_number(text: str, topic: str, nouns: tuple[re.Pattern[str], ...] = ()
                 ) -> int | str | None:
    """The first number ``text`` binds to ``topic``'s slot (see the module's docstring); else
    :data:`UNCLEAR` when the command's own clause says a number not bound to it (ask); else
    None. ``text``: lower-cased, its vague amounts and counted things already left out
    (:func:`hil.llm.slots.amounts`)."""
    read = slot_numbers(text, topic, nouns)
    bound = next((v for v, kind in read if kind == "bound"), None)
    if bound is not None:
        return bound
    return UNCLEAR if any(kind == "unclear" for _, kind in read) else None


_TOO = re.compile(r"\b(?:too|as well|also|either)\b|也|都|同样")
"""A span saying its command is the one before ("turn the fan off, and the seat heater too"):
the span before it is read with it."""


def topic_clauses(text: str, topic: str) -> str:
    """``text`` without its spans (:func:`_spans`) that name another topic and not ``topic``,
    nor the spans naming no topic right after one of them ("窗户也，关了吧": the window's 关);
    ``text`` when every span would go. A seat's level word is read there only: "关窗，座椅加热
    开一下" and "副驾座椅加热开上窗户也关了吧" are no "off" for the seat; a span said "too" keeps
    the span before it ("turn the fan off, and the seat heater too": off)."""
    spans = _spans(text)
    dropped: list[tuple[int, int]] = []
    for k, (lo, hi) in enumerate(spans):
        span = text[lo:hi]
        if _others(span, topic) and not (
                k + 1 < len(spans) and _TOO.search(text[slice(*spans[k + 1])])):
            dropped.append((lo, hi))
        elif dropped and dropped[-1] == spans[k - 1] and not any(
                _names_topic(span, t) for t in TOPICS_DATA.subject):
            dropped.append((lo, hi))  # naming nothing, it goes on about the topic before it
    if not dropped or len(dropped) == len(spans):
        return text
    for lo, hi in reversed(dropped):  # the spans of another topic masked, the rest as said
        text = text[:lo] + " , " + text[hi:]
    return text
