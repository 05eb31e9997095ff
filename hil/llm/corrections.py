"""A speaker taking back what they just said: what is answered is what was said last.

Speech corrects itself mid-sentence: "set the temp to 20, no wait, make that 23", "调到二十二
不对 二十四", "turn the fan up, no, down", "mute the- actually no pause the music", "open the
window, no, close it". :func:`corrected` rewrites the sentence as meant, so that neither the
model, the slots nor the several-command reader ever see the part taken back:

* a **number** after the correction replaces the last number before it (same topic, or none
  named after it);
* a **way** alone after it ("down", "调低") replaces the way said before it;
* a **command** after it (a verb, or a topic named) replaces the clause before it, back to the
  last pause or joiner ("turn the AC on and mute the- actually no pause the music" keeps the AC);
  a pronoun in it ("close it") stands for the thing the clause taken back named.

A weak mark ("actually", "sorry", "oops") takes a clause back only when what follows names the
same topic or none and adds nothing ("…, actually turn the fan up too" is an addition, kept);
a correction that leaves nothing recognisable after it changes nothing, and the head then reads
the sentence whole (and asks when it is unsure what was meant).
"""

from __future__ import annotations

import re

from hil.llm.grounding import EXPLICIT, named_topics, narrowed
from hil.llm.values import EN_NUMBER_WORDS, NUMERAL
from twin.assistant.order_words import EN_ORDER_VERBS
from twin.assistant.speech_words import EN_HESITATIONS

_STRONG = (r"\b(?:no|nah|nope),? wait\b|\bwait,? no\b|\b(?:no|nah|nope),? make (?:that|it)\b|"
           r"\bmake that\b|\bi mean\b|\bor rather\b|\bactually,? no\b|\b(?:no|nah),? actually\b|"
           r"\bno no\b|\bno,? sorry\b|\bsorry,? no\b|[哦啊呃噢]?不对(?:不对)?|"
           r"[哦啊呃噢]不是|[哦啊呃噢]不(?![要用])|我是说|说错了|应该是|不是不是|错了错了")
_WEAK = r"\bsorry\b|\bactually\b|\boops\b"
_WAY_EN = (r"up|down|on|off|higher|lower|louder|quieter|softer|warmer|cooler|hotter|colder|"
           r"open|close|shut")
_VERB_EN = EN_ORDER_VERBS + r"|go|heat|warm|cool"
_NO = r"(?:no|nah|naw|nope)"
"""A bare "no" as said ("twenty one naw twenty two", "nah, down"): a mark between two amounts."""
_MARK = (r"(?:" + _STRONG + "|" + _WEAK + r"|"
         # a bare "no" between two numbers, ways or commands: "twenty-two, no, twenty-three",
         # "turn the fan up, no, down", "open the window, no, close it"
         r"(?<=[,，] )" + _NO + r"(?:[,，](?= )|(?= (?:\d|" + EN_NUMBER_WORDS.pattern + r"|(?:"
         + _WAY_EN + "|" + _VERB_EN + r")\b)))|"
         # said without a pause between two amounts: "twenty two no twenty four", "halfway no
         # all the way"
         r"(?<=[a-z0-9] )" + _NO + r"(?= (?!one\b)(?:\d|" + EN_NUMBER_WORDS.pattern
         + r"|all the way|halfway|full(?:y)?\b|max)))")
CORRECTION = re.compile(_MARK + r"(?:[,，\s]*(?:" + _MARK + "))*")
"""A correction mark, or several said together ("no wait, make that")."""
_WEAK_ONLY = re.compile(r"^(?:" + _WEAK + r"|[,，\s])+$")
_ADDING = re.compile(r"\b(?:too|as well|also|and)\b|也|还|再")
_BOUNDARY = re.compile(r"[,;，、；。]|\band then\b|\band\b|\bthen\b|并且|然后|同时|还有|另外|顺便|"
                       r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])|再(?=[把给帮开关调放播])")
_WAY_ALONE_EN = re.compile(r"^(?:(?:turn|put|go|make) (?:it )?)?(" + _WAY_EN + r")(?: it)?$")
_WAY_LAST_EN = re.compile(r"\b(?:" + _WAY_EN + r")\b")
_WAY_ALONE_ZH = re.compile(
    r"^(?:调|开|往|再)?(?:[高低大小]|热|冷)一?[点些]?$|^(?:打开|关掉|关上|关闭|开|关)$")
_WAY_LAST_ZH = re.compile(r"(?:调|开|往)?[高低大小](?:一?[点些])?|打开|关掉|关上|关闭|开启")
_VERB_START = re.compile(
    rf"^(?:(?:please|just|can you|could you|{EN_HESITATIONS})[,\s]+)*(?:" + _VERB_EN + r")\b|"
    r"^(?:请|帮我|给我|麻烦)?(?:把|打开|关|开|调|播|放|静音|暂停|切|换|升|降)")
_AMOUNT_EN = re.compile(
    r"\b(?:halfway|half way|all the way|a (?:bit|little|crack|touch|tad)|fully|full|"
    r"max(?:imum)?|min(?:imum)?|(?:a )?quarter(?: of the way)?|(?:a )?third(?: of the way)?)\b")
_AMOUNT_ALONE = re.compile(r"^(?:to |by |just )?(" + _AMOUNT_EN.pattern + r")(?: please)?$")
_ZH_DOING = re.compile(r"[开关调放播停升降]|一半|全|最大|最小")
"""A Chinese correction that says what to do without its thing ("全开"): the thing before it."""
_PRONOUN = re.compile(r"\b(?:it|that|them)\b")
_ONE = re.compile(r"\b(?:the|this|that|previous|next|other|last|another|new|old) one\b")
""""one" as a pronoun ("the previous one"), no number."""


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group(0))


MAX_MARKS = 3
"""At most this many corrections are applied to one sentence."""


def _topics(text: str) -> set[str]:
    lowered = text.lower()
    return narrowed(named_topics(lowered), lowered)


def _thing(clause: str) -> str | None:
    """The words that name the one topic of ``clause`` outright ("the window"), if any."""
    topics = _topics(clause)
    if len(topics) != 1:
        return None
    found = EXPLICIT[next(iter(topics))].search(clause.lower())
    return None if found is None else clause[found.start():found.end()]


def _zh(text: str) -> bool:
    return re.search(r"[\u4e00-\u9fff]", text) is not None


def _once(text: str) -> str | None:
    """``text`` with its last correction applied, or None when it cannot be applied."""
    marks = list(CORRECTION.finditer(text.lower()))
    if not marks:
        return None
    mark = marks[-1]
    # the sentence's own end is no part of the correction ("…, no, a quarter.")
    before, after = text[:mark.start()], text[mark.end():].strip(" ,，。.!?！？-")
    head = before.rstrip(" ,，。-—")
    if not head.strip():  # said first: only a number after it is a correction to apply
        return after if NUMERAL.search(after.lower()) else None
    ends = _BOUNDARY.search(after.lower())  # what the correction says, and what follows it
    said = after if ends is None else after[:ends.start()].rstrip(" ,，")
    rest = after[len(said):]  # with the pause or joiner before it
    if not said:
        return None
    fixed = _replaced(text, head, said, weak=_WEAK_ONLY.match(mark.group(0)) is not None)
    return None if fixed is None else fixed + rest


def _replaced(text: str, head: str, after: str, weak: bool) -> str | None:
    """``head`` (what was said before the correction) with the correction ``after`` applied."""
    cut = list(_BOUNDARY.finditer(head.lower()))
    start = cut[-1].end() if cut else 0
    start += len(head[start:]) - len(head[start:].lstrip(" ,，"))
    prefix, clause = head[:start], head[start:]
    was, now = _topics(clause), _topics(after)
    said = list(NUMERAL.finditer(_ONE.sub(_blank, after.lower())))
    taken_back = list(NUMERAL.finditer(_ONE.sub(_blank, head.lower())))
    if said and (not now or now <= was) and (taken_back or not now):
        number = after[said[-1].start():said[-1].end()]  # it replaces the number before it
        if not taken_back:
            return head + ("" if _zh(text) else " ") + after
        last = taken_back[-1]
        return head[:last.start()] + number + head[last.end():]
    if weak and (_ADDING.search(after.lower()) or (now and not now <= was)):
        return None  # "…, actually turn the fan up too": an addition, not a correction
    if not (was or _VERB_START.search(clause.lower())):
        return None  # nothing before it was an order: a hesitation, kept as said
    lowered = after.lower()
    way = _WAY_ALONE_ZH.match(lowered) if _zh(after) else _WAY_ALONE_EN.match(lowered)
    if way is not None and not now:  # "turn the fan up, no, down"
        found = list((_WAY_LAST_ZH if _zh(after) else _WAY_LAST_EN).finditer(clause.lower()))
        if found:
            said_way = after if _zh(after) else way.group(1)
            at = found[-1]
            return prefix + clause[:at.start()] + said_way + clause[at.end():]
    amount = _AMOUNT_ALONE.match(lowered)
    if amount is not None and not now:  # "open it halfway, no, all the way"
        found = list(_AMOUNT_EN.finditer(clause.lower()))
        if found:
            at = found[-1]
            return prefix + clause[:at.start()] + amount.group(1) + clause[at.end():]
    if now or _VERB_START.search(lowered) or (_zh(after) and _ZH_DOING.search(after)):
        # a command of its own replaces the clause
        thing = _thing(clause)
        if not now and thing is not None:  # "open the window, no, close it"
            if _zh(after):
                after = thing + after
            elif _PRONOUN.search(lowered):
                after = _PRONOUN.sub(thing, after, count=1)
        verb = _VERB_START.search(clause.lower())
        if verb is not None and not _zh(after) and not _VERB_START.search(lowered):
            after = clause[:verb.end()] + " " + after  # "play the next song, no, the last one"
        return prefix + after
    return None


def corrected(text: str) -> str:
    """``text`` as meant once each correction in it is applied (see the module docstring);
    ``text`` unchanged when none applies."""
    for _ in range(MAX_MARKS):
        fixed = _once(text)
        if fixed is None or fixed == text:
            break
        text = fixed.strip()
    return text


__all__ = ["CORRECTION", "MAX_MARKS", "corrected"]
