# Over 400 lines: the clause readings (reasons, lacking devices, orders said back to back, parts)
# all judge the same clauses with the same words; orders.py and corrections.py hold the rest.
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

Two more kinds of clause are read here, both common in speech nobody here wrote:

* a **self-correction** ("set the temp to 20, no wait, make that 23", "温度调到24度，不对，25度"):
  the number said after the correction replaces the one before it (:func:`corrected`), so
  neither the model nor the slots see the number taken back;
* a **reason** beside a command ("mute it real quick, I need to hear the GPS", "先静音，我要听一下
  导航", "turn the music down a bit, the baby's asleep"): a clause that commands a cabin topic
  is answered, the clauses that only say why are left out silently (:attr:`Focus.reasons`).
  A reason that says no, a joke or a correction is never left out: the sentence is read whole.

:func:`own_clauses` is the part of a sentence the slots read once a topic is chosen: without
the clauses that name another topic only ("cool it down two degrees and drop the fan a notch":
the fan's step is not "two").
"""

from __future__ import annotations

import re
from typing import NamedTuple

from hil.llm.corrections import CORRECTION, corrected
from hil.llm.direction import NOT_SO, normalised
from hil.llm.grounding import (
    EXPLICIT,
    KEEP,
    NOT_HERE_NOW,
    lacking,
    named_topics,
    narrowed,
    topic_word_starts,
)
from hil.llm.orders import so_cut, unknown_order
from hil.llm.rules_read import sure_order
from hil.llm.slots import OWN, PASSENGER
from twin.assistant.ellipsis import command_inside, level_for_all, value_only
from twin.assistant.heard import rejoined
from twin.assistant.order_words import EN_ORDER_VERBS
from twin.assistant.scope import beside_kind, conditional, negated, out_of_scope, told_beside
from twin.assistant.seat_words import EN_COMPANIONS
from twin.assistant.speech_words import EN_CLAUSE_START, EN_CRIES, EN_HESITATIONS
from twin.assistant.state_words import EN_COMPARATIVES, EN_MORE_LESS

_ORDER_VERBS = (EN_ORDER_VERBS + r"|give|navigate|defrost|demist|nudge|dial|pop|flip")
"""English verbs a command starts with (a command said after another without a pause)."""
_CLIPPED_BEFORE = (_ORDER_VERBS + r"|stick|whack|bung|chuck|the|my|our|heat|warm|cool|"
                   r"(?:can|could|would) you|please")
_WAY_WORDS = ("up", "down", "on", "off", "bit", "notch", "more", "less", "max", "halfway",
              "louder", "quieter", "warmer", "cooler")
"""Words a command ends with: a clipped joiner after one joins the next command."""
# conjunctions, punctuation, and (Chinese) the start of another verb phrase: real speech says
# "关闭空调关闭座椅通风" without a pause ("a hundred and twenty" is one number, no two clauses)
_SPLIT = re.compile(
    r"\s*(?:[,;，、；。]|(?<=\s)[-\u2013\u2014]+(?=\s)|"  # a spaced dash: a pause
    r"\band then\b|\band also\b|\band\b(?<!hundred and)|\bthen\b|\bplus\b|"
    # a joiner clipped by the speaker or the recogniser ("an'", "an", "n", "nd", "&") before an
    # order ("wind the window up an stick the heater on")
    r"(?<!\S)(?:an'?|'n'?|n'?|nd|&)(?=\s+(?:" + _CLIPPED_BEFORE + r")\b)|"
    r"(?:" + "|".join(rf"(?<=\b{w} )" for w in _WAY_WORDS) + r")(?:an'|'n'?|n'?|nd|&)(?=\s)|"
    r"并且|然后|顺便|同时|还有|另外|同埋|以及)\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])|"
    r"(?<=\S)(?=打开|关闭|关掉|关上|关了|开启|开一下|播放|放一首|来一首)"
)
# functions and modes the cabin does not have, said as a clause of their own (beyond the
# devices :data:`hil.llm.grounding.LACKING` names): an air-circulation or driving mode, a
# ventilation mode, a seat's position
_MODES = re.compile(
    r"内循环|外循环|循环模式|\w{0,4}模式|全车通风|(?:打开|开启|关闭|关掉)通风|自然通风|热风|冷风模式|"
    r"直立|放倒|前移|后移|记忆|\bmode\b|recirculat"
)


# a clause that commands: a verb first (after courtesy words)
_COMMAND = re.compile(
    r"^(?:(?:ok|okay|hey|please|so|and|just|now|you|quick(?:ly)?|can you|could you|would you|will "
    rf"you|can u|pls|{EN_HESITATIONS}|ah)[,\s]+)*"
    r"(?:turn|switch|put|set|make|open|close|shut|crack|roll|mute|unmute|"
    r"silence|play|pause|hold|stop|skip|resume|raise|lower|drop|bump|crank|bring|give|take|"
    r"navigate|warm|cool|heat|start|kill|go back|defrost|demist|clear|knock|wind|nudge|dial|"
    r"pop|flip|whack|stick|go|let(?!'s| us\b| me know\b))\b|"
    r"^(?:请|帮我|给我|麻烦|先|再|快|赶紧|你)*(?:把|打开|关|开|调|播|放|静音|暂停|切|换|升|降|来|加|减)"
)
# where a reason is said apart from its command: after a pause or a "because"
_REASON_SPLIT = re.compile(r"\s*[,;，、；。!?！？]\s*|\s+(?:because|since|cause|cos)\s+|因为|"
                           rf"(?<=\w)\s+(?={EN_CLAUSE_START})")
AMOUNT = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|half|halfway|"
    r"quarters?|thirds?|percent|degrees?|notch(?:es)?|levels?|of the way|all the way|"
    r"max(?:imum)?|min(?:imum)?|highest|lowest|full)\b|[一二两三四五六七八九十百]+(?:度|档|挡|成)|一半|分之|百分|最大|最小|最高|最低")
"""Words of an amount: a clause with one says how much, never why."""
WAY = re.compile(
    rf"\b{EN_MORE_LESS}\b|"
    r"\b(?:up|down|on|off)\W*$|"  # "…, and the AC on" (not "sat on a frozen lake")
    r"[大小高低]一?[点些]|[大小高低]点儿|继续|续上|接着|挂起|停|开|关|回")
"""A way said in a clause (beside a number, :data:`AMOUNT`): it asks for something."""
# never a mere reason: a joke, a taking back, a wish to leave things alone
_NOT_A_REASON = re.compile(
    r"kidding|joking|\bjk\b|开玩笑|逗你|骗你|"
    # a step of a list ("先除个雾，再把温度调高", "first defog it, then …"): asked about or said
    # impossible when it is not read, never left out as a reason
    r"^\W*(?:首先|先)(?!说|别|不|这样|等)|^\W*first(?:ly)?\b")


class Focus(NamedTuple):
    """The text to answer, the clauses left out for devices the cabin lacks (said back as
    things it cannot do; empty when the request is read whole) and the reasons left out
    silently."""

    text: str
    dropped: tuple[str, ...]
    reasons: tuple[str, ...] = ()


_ZH_VERB = re.compile(r"(?<!空)调|[开关播放来切换升降加减停暂静]")


def clauses(text: str) -> list[str]:
    """``text`` cut at conjunctions, punctuation and Chinese verb-phrase starts; not before a
    verb that follows its bare topic ("冷气关掉", "把空调打开": one clause)."""
    out: list[str] = []
    at = 0
    for cut in _SPLIT.finditer(text):
        piece = text[at:cut.start()]
        if cut.start() == cut.end() and piece.strip() and not _ZH_VERB.search(piece):
            continue  # a topic and then its verb: no cut
        out.append(piece)
        at = cut.end()
    out.append(text[at:])
    return [c.strip() for c in out if c and c.strip()]


def _lacking(clause: str) -> bool:
    lowered = normalised(clause)
    return (lacking(lowered) or _MODES.search(lowered) is not None
            or out_of_scope(lowered) == "other_device"
            or (told_beside(lowered) and beside_kind(lowered) == "other_device"))


def _names_cabin_function(clause: str) -> bool:
    lowered = normalised(clause)
    if out_of_scope(lowered) is not None or _lacking(clause):
        return False
    return any(EXPLICIT[t].search(lowered) for t in named_topics(lowered))


def _commands_cabin(clause: str) -> bool:
    """A clause that commands a cabin topic in words ("crank the music up"), said beside a
    device the cabin lacks ("honk the horn crank the music up"): the cabin's part."""
    return commanding(clause) and not _lacking(clause) and out_of_scope(
        normalised(clause)) is None


def _joiner(text: str) -> str:
    """How kept clauses are joined again: with a comma, so they stay clauses."""
    return ", " if re.search(r"[a-z]", text.lower()) else "，"


_ZH_COMMENT = re.compile(
    r"关掉|关上|关了|关闭|打开|开启|开起|放起来|[开调搞弄整](?:到|成|大|小|高|低)|关小|[升降]|加大|减小|"
    r"暂停|静音|[大小高低]一?[点些]|"
    # a stop said after its thing ("音乐先停下", "歌停一下"); "停了" may be a state told
    r"停(?:下|一下|掉|止)|"
    # more or less of it ("鼓风机再加点", "风量减一些"): its way up or down
    r"[加减]一?[点些]|"
    # a verb said twice, softened ("哈气给去一去", "雾除一除", "风调调"): an order
    r"([去除擦吹调开关降升弄整搞换切])一?\1(?!心)(?![\u4e00-\u9fff]*[吗呢？?])")
"""A Chinese command said after its topic ("冷气关掉", "声音再开大点", "温度升一度", "音乐关小",
"雾除一除", "歌放起来")."""
_ADDRESSED = (r"(?:,? (?:dear|love|luv|mate|hun|honey|babe|darling|pal|buddy|bud|sweetie|"
              r"la|lah|eh|yeah|thanks|cheers))?")
"""A term of address or a thanks after a command ("the heat lower dear"): no part of it."""
_EN_WAY_AFTER = re.compile(
    r"^(?:(?:and|then|so|just|please|ok|okay|now)\s+)*(?:the |my |your |our )?"
    r"(?!(?:it|it's|its|i|i'm|we|we're|you|they|he|she|that|this|there|is|are|was|were|be|"
    r"been|so|too|very|really|all|fed)\b)[a-z]+(?: (?!(?:is|are|was|were|be|been|all)\b)[a-z]+)?"
    # an amount before the way: "the fan one step less", "temperature two degrees higher"
    r"(?: (?:a|one|two|three|four|five|\d+) (?:step|notch|degree|level|click|bit|touch|tad)s?)?"
    r" (?:up|down|on|off|higher|lower|louder|quieter|warmer|cooler|more|less|stronger|weaker)"
    r"(?: (?:a (?:bit|little|notch|touch|tad)|a couple|please|now|too|as well|then|"
    r"(?:by |to )?(?:\d+|one|two|three|four|five)"
    r"(?: (?:degrees?|notch(?:es)?|levels?|clicks?))?))*" + _ADDRESSED + r"[.!?]*$")
"""An English command said as its topic and its way ("music down", "heat on a bit")."""
_EN_WAY_BEFORE = re.compile(
    r"^(?:(?:and|then|so|just|please|ok|okay|now)\s+)*(?:a (?:bit|little|touch|tad|lot) )?"
    r"(?:quieter|louder|softer|warmer|cooler|colder|more|less) (?:the |my |our )?"
    r"[a-z]+(?: [a-z]+)?(?: (?:please|now|too|as well|then))*" + _ADDRESSED + r"[.!?]*$")
"""An English command said as its way before its topic ("quieter music", "more air please")."""
_EN_WAY_ALONE = re.compile(
    r"^(?:(?:and|then|so|just|please|ok|okay|now|also|plus)\s+)*"
    r"(?:(?:a (?:bit|little|touch|tad|couple(?: of)?)|(?:\d+|one|two|three|four|five)) ?"
    r"(?:degrees?|notch(?:es)?|levels?|clicks?|steps?)? )?"
    + EN_COMPARATIVES +
    r"(?: (?:by|about) (?:\d+|one|two|three|four|five)(?: (?:degrees?|notch(?:es)?|levels?|clicks?|"
    r"steps?))?)?(?: (?:please|now|too|as well|then))*" + _ADDRESSED + r"[.!?]*$")
"""An English command said as its way alone, as an item of a list ("…, warmer by 2", "also
a bit cooler"): the way names its topic (warmer: the temperature; louder: the volume)."""


def commanding(clause: str) -> bool:
    """Whether ``clause`` commands a topic it names (a verb first, a Chinese verb after its
    topic, or its excess said as a wish: :data:`hil.llm.direction.NOT_SO`)."""
    lowered = normalised(clause)
    return (_COMMAND.search(lowered) is not None or _ZH_COMMENT.search(lowered) is not None
            or NOT_SO.search(clause.lower()) is not None  # "风别那么猛": less of it
            or _EN_WAY_AFTER.search(lowered) is not None
            or _EN_WAY_BEFORE.search(lowered) is not None
            or _EN_WAY_ALONE.search(lowered) is not None) and bool(named_topics(lowered))


_EN_IT_ORDER = re.compile(
    r"^(?:(?:and|then|so|now|also|plus|just|please)\s+)*(?:turn|crank|bump|pump|knock|bring|"
    r"whack|switch|dial|nudge)\s+it\s+(?:up|down)(?:\s+(?:a bit|a little|a notch|a touch|"
    r"a lot|please|now|too|loud|some more))*[.!?]*$")
"""An English order on "it" with its way alone ("…, and crank it up"): said after an order, an
order on the thing that order named."""


def it_order(clause: str) -> bool:
    """Whether ``clause`` is an English order on "it" said with its way (:data:`_EN_IT_ORDER`)."""
    return _EN_IT_ORDER.search(normalised(clause)) is not None


def way_alone(clause: str) -> bool:
    """Whether ``clause`` is an English order said as its way alone ("warmer by 2")."""
    return _EN_WAY_ALONE.search(normalised(clause)) is not None


_STATE_NOT = re.compile(
    r"\b(?:it's|it is|that's|that is|is|are|was|were|we're|we are|they're|they are|i'm|i am|"
    r"he's|she's)(?: (?:still|just|really))? not\b|(?<=\w)'s not\b|(?<=\w)'re not\b")
"""A state said with "not" ("it's not moving"): no refusal of anything."""
_DURATION = re.compile(
    r"\b(?:\d+|a|an|one|two|three|four|five|ten|fifteen|twenty|thirty|forty|fifty|sixty|few|"
    r"couple of) (?:minutes?|mins?|hours?|hrs?|seconds?|secs?|days?|weeks?|months?|years?)\b|"
    r"[\d一二两三四五六七八九十几半]+(?:分钟|个?小时|秒钟?|天)")
"""A time said in a story ("sat here twenty minutes"): no amount of a setting."""


def _reason(clause: str) -> bool:
    """A clause that only says why: no topic named outright, no no, no joke, nothing left."""
    lowered = normalised(clause)
    if KEEP.search(lowered) or _NOT_A_REASON.search(lowered) or ZH_SAME_WAY.match(lowered):
        return False  # …; "…，音乐也是": the same again, never a reason
    if negated(lowered) and (named_topics(lowered) or negated(_STATE_NOT.sub(" ", lowered))):
        return False  # a no; "the traffic's not moving", naming nothing of the cabin, is a state
    if NOT_HERE_NOW.search(lowered):
        return False  # "after this song, skip": a condition, not a reason
    if PASSENGER.search(lowered):
        return False  # it says whose seat: "the passenger is cold, heat their seat"
    if level_for_all(clause, lang_of(clause)) or value_only(clause, lang_of(clause)):
        return False  # "…, both on high", "…, on high": the level of what was said before it
    if AMOUNT.search(_DURATION.sub(" ", lowered)):
        return False  # it says how much: "open the window, like, a quarter of the way"
    if CORRECTION.search(lowered) or _COMMAND.search(lowered):
        return False
    if any(EXPLICIT[t].search(lowered) for t in named_topics(lowered)):
        return False
    return not read_alone(clause)  # an order the rules read alone ("…，挡风玻璃除个雾")


_ASIDE_LAST = re.compile(
    r"(?:(?<=[.!?])\s+|(?<=[。！？]))(?P<s>[^.!?。！？\d]{1,40}?)[.!?。！？]*$|"
    r"[\s,]+(?P<c>" + EN_CRIES + r"(?:\s+[a-z']+){0,2})[.!]*$", re.IGNORECASE)
"""A sentence said last on its own, or a cry said after an order without a pause ("…cooler by
one. Objection sustained.", "…then get me home what a wedding")."""


def _aside_last(text: str) -> tuple[str, str] | None:
    """``(the order, the aside)`` when ``text`` ends on a sentence or a cry
    (:data:`_ASIDE_LAST`) that names no cabin topic, no amount, no no and no other place or
    time, after words that order something the cabin knows: the aside is no part of its own
    (read with the last order, it made that order unsure and asked about)."""
    found = _ASIDE_LAST.search(text)
    if found is None:
        return None
    aside = found.group("s") or found.group("c")
    rest = text[:found.start()].strip()
    lowered = normalised(aside)
    if (not rest or named_topics(lowered) or AMOUNT.search(lowered) or negated(lowered)
            or KEEP.search(lowered) or NOT_HERE_NOW.search(lowered)
            or out_of_scope(lowered) not in (None, "question") or not known_order(rest)):
        return None
    return rest, aside.strip()


def focus(text: str) -> Focus:
    """The request with a self-correction applied, without its clauses for devices the cabin
    lacks (when another clause names a cabin function outright) and without the clauses that
    only give a reason beside a command (a sentence or a cry said last among them:
    :func:`_aside_last`); else ``text`` whole."""
    text = corrected(rejoined(text))  # "温 度调低一度": a word a pause cut is one word
    if (aside := _aside_last(text)) is not None:
        inner = focus(aside[0])
        return inner._replace(reasons=(*inner.reasons, aside[1]))
    # a device the cabin lacks said with no pause before a command ("beep the horn turn the
    # music up"): a clause of its own
    parts = [p for c in clauses(text) for p in _device_cut(c)]
    said = [c.strip() for c in _REASON_SPLIT.split(text) if c and c.strip()]
    if len(parts) < 2 and len(said) < 2:
        return Focus(text, ())
    whole = out_of_scope(normalised(text))
    if conditional(text) or any(
            out_of_scope(normalised(c)) not in (None, "other_device")
            and not (whole in (None, "other_device") and told_beside(normalised(c)))
            for c in parts + said):
        # somewhere else, later, a question, or a time or place said first for what follows
        # ("出了涵洞，再开窗": no reason beside a command): the whole request
        return Focus(text, ())
    # "close the window the ferry horn is about to blow": the device is in the reason only
    cut = [next((s for s in before_reason(c) if commanding(s) and not _lacking(s)), c)
           if _lacking(c) else c for c in parts]
    if cut != parts and not any(_lacking(c) for c in cut):
        return Focus(_joiner(text).join(cut), (), tuple(
            c[len(s):].strip(" ,，") for c, s in zip(parts, cut, strict=True) if c != s))
    dropped = tuple(c for c in parts if _lacking(c))
    if not dropped:
        commands = [c for c in said if commanding(c)]
        reasons = tuple(c for c in said if c not in commands and _reason(c))
        if commands and reasons and len(commands) + len(reasons) == len(said):
            return Focus(_joiner(text).join(commands), (), reasons)
        return Focus(text, ())
    if not any(_names_cabin_function(c) or _commands_cabin(c) for c in parts):
        return Focus(text, ())
    kept = [c for c in parts if c not in dropped]
    return Focus(_joiner(text).join(kept), dropped)


def own_clauses(text: str, topic: str) -> str:
    """``text`` without the clauses that command another topic and not ``topic`` (for reading
    ``topic``'s slots from a sentence about several things; "the passenger is cold, heat their
    seat" keeps its first clause, which commands nothing); ``text`` when that leaves
    nothing."""
    parts = clauses(text)
    if len(parts) < 2:
        return text
    kept = []
    for c in parts:
        named = narrowed(named_topics(c), c)
        lowered = normalised(c)
        other = named - {topic}
        commands_other = bool(other) and topic not in named and (
            _COMMAND.search(lowered) is not None
            or any(EXPLICIT[t].search(lowered) for t in other))
        if not commands_other:
            kept.append(c)
    return _joiner(text).join(kept) if kept else text


# where a clause that names two topics holds two commands said back to back: before an English
# command verb ("close the window turn the ac on"), before a Chinese topic named outright once
# the part before it has said its amount ("温度调到二十四度风量开三档", not "空调温度十八度")
_VERB_START = re.compile(
    r"(?<=\w )(?=(?:" + _ORDER_VERBS + r")\b|(?:heat|warm|cool)(?: up)? (?:my|the|her|his|our|your|"
    r"their|us|seats?)\b)")
_SEAT_FRAGMENT = re.compile(
    r"\bmine\b|\bhers\b|\bher (?:seat|side)\b|我的|我这边|主驾|副驾|"
    rf"\b(?:{EN_COMPANIONS}|passenger)'?s\b")


_WAY_LAST = re.compile(
    r"[a-z] (?:up|down|on|off)(?: (?:a (?:bit|little|touch|tad|notch)|more|less|please))? $")
"""A command said as its thing and a way ("window up", "radio on"): a topic word right after it
starts the next command ("window up heat on my seat")."""
_THEN_LAST = re.compile(r"(?:再|然后|顺便|还有|也)$")
"""A connective left at the end of a command cut off before the next: it belongs to the next."""


def clause_topics(clause: str) -> set[str]:
    lowered = normalised(clause)
    return narrowed(named_topics(lowered), lowered)


def _back_to_back(clause: str) -> list[str]:
    """``clause`` cut where a second command starts without a pause (see :data:`_VERB_START`);
    ``[clause]`` when no cut leaves a topic on both sides, or a device the cabin lacks before
    the cut ("honk the horn crank the music up": the horn is said impossible, the music read)."""
    lacked = _lacks_device(clause)
    few = len(clause_topics(clause)) < 2 and len(named_topics(clause.lower())) < 2
    if few and not lacked:
        return [clause]
    lowered = clause.lower()
    cuts = [m.start() for m in _VERB_START.finditer(lowered)]
    starts = sorted({m.start() for t in clause_topics(clause)
                     for m in EXPLICIT[t].finditer(lowered)})
    for at in starts[1:]:
        before = clause[:at]
        last = max((s for s in starts if s < at), default=0)
        if AMOUNT.search(clause[last:at].lower()) and not re.search(r"[a-z]", lowered[at:at + 1]):
            cuts.append(at)
    cuts += [at for at in topic_word_starts(lowered) if _WAY_LAST.search(lowered[:at])]
    for at in sorted(cuts):
        before, after = clause[:at].strip(" ,，"), clause[at:].strip(" ,，")
        if (tail := _THEN_LAST.search(before)) is not None:  # "…二十四度再" + "放点音乐"
            before, after = before[:tail.start()], tail.group(0) + after
        if clause_topics(after) and ((clause_topics(before) and not few) or (
                lacked and _lacks_device(before) and not clause_topics(before)
                and not named_topics(normalised(before)))):
            return [before, *_back_to_back(after)]
    return [clause]


def _device_cut(clause: str) -> list[str]:
    """``clause`` cut after a device the cabin lacks when that piece names nothing the cabin
    has (:func:`_back_to_back`); else ``[clause]``."""
    if not _lacks_device(clause):
        return [clause]
    pieces = _back_to_back(clause)
    if any(_lacks_device(p) and named_topics(normalised(p)) for p in pieces):
        return [clause]
    return pieces


def _lacks_device(piece: str) -> bool:
    """Whether ``piece`` names a device the cabin does not have (the horn, the wipers)."""
    return out_of_scope(piece.lower()) == "other_device"


def clause_pieces(text: str) -> list[str]:
    """``text``'s clauses, each cut also after a reason said first ("it's freezing back here
    so heat on": :func:`hil.llm.orders.so_cut`) and where a second command follows without a
    pause."""
    return [p for clause in clauses(text) for said in so_cut(clause, commanding)
            for p in _back_to_back(said)]


def known_order(part: str) -> bool:
    """Whether some clause of ``part`` commands a topic it names, or names one outright (its
    verb and thing are words the cabin knows): else the part is an order only by its shape
    (:func:`hil.llm.orders.unknown_order`), never acted on."""
    return any(commanding(p) or _names_outright(p) for p in [part, *clause_pieces(part)])


def after_reason(part: str) -> str | None:
    """The command of ``part`` said after a reason ("she's landed we're off, could you set the
    heat to 24" -> "could you set the heat to 24"), when the clauses before it order nothing and
    say no seat and no amount the command would need; else None."""
    pieces = clause_pieces(part)
    if len(pieces) < 2 or any(_orders(p) or _QUALIFIES.search(normalised(p))
                              for p in pieces[:-1]):
        return None
    return pieces[-1]


_ZH_DONE_AT = re.compile(r"(?<=[上下开关掉了度档挡格点些])(?![上下开关掉了])(?=[\u4e00-\u9fff]{3})")
"""Where a Chinese order may end with a story said right after it ("把车窗关上|我儿子在睡觉呢")."""
_EN_STORY_AT = re.compile(
    rf"[\s,;]+(?={EN_CLAUSE_START}|(?i:(?:yer|ye|me)\s+(?:[\w']+\s+){{0,4}}?"
    r"(?:is|are|was|were|has|have|keeps?)\b))")
"""Where an English order may end with a story said right after it ("close the window| the
ferry horn is about to blow", "… yer man behind us is smoking")."""


def before_reason(part: str) -> list[str]:
    """The orders ``part`` may be once a reason said after it, with no pause or after one, is
    left out ("close the window the hail's freezing" -> "close the window", "风小一点，篮球打完
    一身汗吹着冷" -> "风小一点"), longest first: each cut leaves a clause that only says why (no
    topic named outright, no amount, no seat, no no, no way: :func:`_reason`); [] when none."""
    lowered = part.lower()
    cuts = {m.start() for m in _EN_STORY_AT.finditer(lowered)} if lang_of(part) == "en" else {
        m.start() for m in _ZH_DONE_AT.finditer(part)}
    cuts |= {m.start() for m in re.finditer(r"[,，;；]", part)}
    out = []
    for at in sorted(cuts, reverse=True):
        said, why = part[:at].strip(" ,，;；"), part[at:].strip(" ,，;；")
        if said and len(why) >= 3 and _reason(why) and not _WAY_SAID.search(normalised(why)):
            out.append(said)
    return out


_WAY_SAID = re.compile(r"\b(?:louder|quieter|softer|warmer|cooler|hotter|colder|higher|lower|more|"
                       r"less|up|down|on|off)\b|" + _ZH_COMMENT.pattern)
"""A way said in a clause ("…, and louder", "声音再开大点"): a command's, never a reason."""


def _orders(piece: str) -> bool:
    return commanding(piece) or _names_outright(piece) or unknown_order(piece, clause_topics(piece))


_OWN_WAY = re.compile(r"[开关停也]|一样|\b(?:on|off|too|also|as well|same)\b")
"""A way said in a seat's clause ("副驾的也开", "and hers off"): a command of its own."""


def _seat_unsaid(before: str, piece: str) -> bool:
    """Whether ``piece`` only tells whose seat and how much for a seat's command ``before`` that
    said neither ("座椅加热 主驾 三"): the same command, never another seat's."""
    return (_QUALIFIES.search(before.lower()) is None and OWN.search(normalised(before)) is None
            and _OWN_WAY.search(piece.lower()) is None)


def command_parts(text: str, settings: bool = False) -> list[str]:
    """The commands of a sentence that asks for several: its clauses, cut also where a second
    command follows without a pause, with a clause that names no topic kept with the one before
    it (a reason, a hesitation: "fan on three and, uh, ...", or the one after it when it comes
    first) unless it names a seat after a seat's command ("副驾的关掉，我的开一档"): then it is
    that command for the other seat. A clause shaped as an order whose thing or verb the cabin
    does not know (a misheard word: "音亮调到五", "paws the music":
    :func:`hil.llm.orders.unknown_order`) is a part of its own, so that it is asked about,
    never dropped. Clauses said first that order nothing ("孩子睡了", "it's freezing back here
    so ...") are the reason for what follows, whatever they name: kept with the first command
    when at least two orders follow.
    With ``settings``, a clause that says a setting without a verb of its own
    (:func:`set_said`: "…, the music to ten") or that the rules read alone as an order
    (:func:`read_alone`: "前挡除个雾") is an order too (the answer's cut; the head's
    training keeps the plain one).
    ``[text]`` when fewer than two commands are found."""
    joiner = _joiner(text)
    pieces = clause_pieces(text)
    def ordered(piece: str) -> bool:
        return _orders(piece) or (settings and read_alone(piece))

    lead = next((i for i, p in enumerate(pieces) if ordered(p)), len(pieces))
    if sum(ordered(p) for p in pieces[lead:]) < 2:
        lead = 0
    said_first = "".join(p + joiner for p in pieces[:lead])  # "我是坐副驾的哈，": kept with it
    parts: list[str] = []
    topics: list[set[str]] = []
    orders: list[bool] = []
    for piece in pieces[lead:]:
        named = clause_topics(piece)
        # a level with no thing after a command ("…，原则上开到最高档", "…, on high") is that
        # command's value: never a part of its own (asked about, or read on a default zone)
        unknown = not named and unknown_order(piece, named) and not (
            parts and value_only(piece, lang_of(piece)))
        # "空调关了，音乐也是": a thing said the same after an order is an order of its own
        own = _orders(piece) or bool(
            orders and orders[-1] and ZH_SAME_WAY.match(normalised(piece))) or bool(
            settings and (set_said(piece) or read_alone(piece)))
        if not named and not parts and not unknown:
            said_first += piece + joiner
            continue
        # another seat said after a seat's command ("…, and for me in low"): its own command
        seat = not named and not unknown and "seat_heat" in topics[-1] and bool(
            _SEAT_FRAGMENT.search(piece.lower()) or OWN.search(normalised(piece))) and not (
            _seat_unsaid(parts[-1], piece))
        # "put on some music, and crank it up": an order on "it" after an order is its own
        then_it = not named and not unknown and orders[-1] and it_order(piece) if parts else False
        if not named and not unknown and not seat and not then_it:
            parts[-1] = parts[-1] + joiner + piece
            # "再说这声音，调小两格": a thing named, then its way said alone: an order
            orders[-1] = orders[-1] or own or command_inside(piece, lang_of(piece))
            continue
        piece, said_first = said_first + piece, ""
        parts.append(piece)
        orders.append(own or seat or then_it)
        # a thing the cabin does not know, or the other seat: a topic of its own
        topics.append(named or {f"{'?' if unknown else 'it' if then_it else 'seat_heat'}:"
                                f"{len(parts)}"})
    _sitter_joined(parts, topics, orders, joiner)
    _reasons_joined(parts, topics, orders, joiner)
    _repeats_dropped(parts, topics, orders)
    _felt_topics_dropped(parts, topics, orders, joiner)
    if len(parts) < 2 or not all(topics):
        return [text]
    if any(a & b for i, a in enumerate(topics) for b in topics[i + 1:]):
        return [text]  # one topic twice: a complaint and its reason, not two commands
    if not all(orders):
        return [text]  # a part that only says why ("刚才那首还没听完"): one command, read whole
    if not any(known_order(p) for p in parts):
        return [text]  # every part only shaped as an order: nothing known to act on
    return parts


SET_SAID = re.compile(
    r"\b(?:on|off|up|down|paused|muted|unmuted|shut|closed|open|opened|to|at|next|previous|"
    r"back|louder|quieter|softer|warmer|cooler|higher|lower|more|less)\b|" + AMOUNT.pattern
    + r"|继续|暂停|静音|播放|[开关放停]")
"""A way or a value said beside a thing: what a setting says, without a verb."""
TOLD = re.compile(
    r"\b(?:i|i'm|im|i've|we|we're|we've|you|you're|he|she|they|it|it's|its|is|are|was|were|am|"
    r"be|been|can|can't|cant|cannot|could|do|don't|dont|does|did|have|has|had|if|when|so|too|"
    r"because|since|why|what|how|like)\b|'s\b|'re\b|'m\b|[吗呢嘛？?]|太|好[冷热吵闷]|不[清见到]|冻|"
    r"死了|热得|冷得|怎么|什么|为什么|有点|我(?!的|这)|刚|从|让")
"""Words of a clause that tells (a subject, a copula, a question, a feeling): no setting."""


_MEASURE = re.compile(r"(?<=[除开关调放来降升加减提])(?:个|一下)(?=[\u4e00-\u9fff])")
"""A measure word between a verb and its object ("除个雾", "除一下雾")."""


def read_alone(piece: str) -> bool:
    """Whether ``piece`` is an order said without a word that tells, that names its thing
    outright once a measure word is left out ("前挡除个雾" as "前挡除雾") and that the rules read
    alone (:func:`hil.llm.rules_read.sure_order`): an order of its own beside another order
    (the cut only; for the head such a form names no function outright, cdbc630)."""
    lowered = normalised(piece)
    plain = _MEASURE.sub("", lowered)
    if TOLD.search(lowered) is not None or not any(
            EXPLICIT[t].search(plain) for t in named_topics(plain)):
        return False
    return sure_order(piece, lang_of(piece)) is not None


def set_said(piece: str) -> bool:
    """Whether ``piece`` says a setting without a verb of its own, beside an order ("fan
    off and the music paused", "…, the music to ten", "有声书继续放"): a thing named
    with its way or value and no word that tells or asks; an order of its own, read alone."""
    lowered = normalised(piece)
    return (bool(clause_topics(piece)) and SET_SAID.search(lowered) is not None
            and TOLD.search(lowered) is None)


def lang_of(text: str) -> str:
    return "zh-CN" if re.search(r"[\u4e00-\u9fff]", text) else "en"


_FILLER = re.compile(rf"\b(?:please|pls|{EN_HESITATIONS}|i said|again|now|just)\b|"
                     r"[^\w\u4e00-\u9fff]+|[啊吧呀嘛哈了]")


def _repeats_dropped(parts: list[str], topics: list[set[str]], orders: list[bool]) -> None:
    """A command said twice ("open the window, open the window and …", "把窗户打开 把窗户打开"):
    once, the repeat left out (in place); said again right after with a word more ("the heat,
    lower, the heat lower dear"), once as said the longer way; a part that says the same topic
    otherwise stays."""
    seen: list[str] = []
    i = 0
    while i < len(parts):
        said = _FILLER.sub("", parts[i].lower())
        if said and said in seen:
            del parts[i], topics[i], orders[i]
            continue
        if i and seen[-1] and said and topics[i] == topics[i - 1] and (
                said.startswith(seen[-1]) or seen[-1].startswith(said)):
            longer = i if len(said) > len(seen[-1]) else i - 1
            parts[i - 1], orders[i - 1] = parts[longer], orders[i - 1] or orders[i]
            seen[-1] = max(said, seen[-1], key=len)
            del parts[i], topics[i], orders[i]
            continue
        seen.append(said)
        i += 1


_SITS = re.compile(
    r"^\W*(?:and |so |cos |because )?(?:he|she|they|(?:he|she|they)(?:'s|'re| is| are))\b"
    r"[^,.;]{0,24}\b(?:passenger(?: seat| side)?|up front|in (?:the )?front|shotgun)\b|"
    r"^\W*(?:因为)?(?:他|她|他们)(?:坐|在)(?:在)?副驾", re.IGNORECASE)
"""A clause that tells where the person a seat's order is for sits ("…, she's in the
passenger seat, …", "他坐副驾"): that order's seat, not the reason of the next command."""


def _sitter_joined(parts: list[str], topics: list[set[str]], orders: list[bool],
                   joiner: str) -> None:
    """A part that only tells where someone sits (:data:`_SITS`), after a seat's order: joined
    to that order, whose seat it names. In place."""
    i = 1
    while i < len(parts):
        if not orders[i] and orders[i - 1] and "seat_heat" in topics[i - 1] and (
                _SITS.search(parts[i])):
            parts[i - 1:i + 1] = [parts[i - 1] + joiner + parts[i]]
            topics[i - 1:i + 1] = [topics[i - 1]]
            orders[i - 1:i + 1] = [orders[i - 1]]
            continue
        i += 1


def _reasons_joined(parts: list[str], topics: list[set[str]], orders: list[bool],
                    joiner: str) -> None:
    """Among three or more parts, one that neither commands nor names its topic outright is a
    reason said with its neighbour ("老爷子睡着了，音量调小点，同时温度升一度": the first part is
    why the volume goes down): joined to the next part (the last to the one before), which keeps
    its own topics. In place."""
    i = 0
    while len(parts) > 2 and i < len(parts):
        if orders[i]:
            i += 1
            continue
        if i + 1 < len(parts):
            parts[i:i + 2] = [parts[i] + joiner + parts[i + 1]]
            topics[i:i + 2] = [topics[i + 1]]
            orders[i:i + 2] = [orders[i + 1]]
        else:
            parts[i - 1:] = [parts[i - 1] + joiner + parts[i]]
            topics[i - 1:] = [topics[i - 1]]
            orders[i - 1:] = [orders[i - 1]]


def _felt_topics_dropped(parts: list[str], topics: list[set[str]], orders: list[bool],
                         joiner: str) -> None:
    """A topic a part only feels ("the fog out here is thick", "the baby's cold") while another
    part names it outright ("defrost on", "turn the temperature up") is that part's reason, not
    a second command of the topic: dropped from the part; a part left with no topic is the
    reason of the next part (the last: of the one before). In place."""
    outright = [{t for t in ts if t in EXPLICIT and EXPLICIT[t].search(normalised(p))}
                for p, ts in zip(parts, topics, strict=True)]
    for i, ts in enumerate(topics):
        felt = {t for t in ts - outright[i]
                if any(t in o for j, o in enumerate(outright) if j != i)}
        if felt and len(parts) > 1:
            topics[i] = ts - felt
    i = 0
    while len(parts) > 1 and i < len(parts):
        if topics[i]:
            i += 1
            continue
        at = i if i + 1 < len(parts) else i - 1
        parts[at:at + 2] = [parts[at] + joiner + parts[at + 1]]
        topics[at:at + 2] = [topics[at] | topics[at + 1]]
        orders[at:at + 2] = [orders[at + 1] if at == i else orders[at]]


ZH_SAME_WAY = re.compile(r"^(?:还有|那|那就|再把|把|然后)?(?P<thing>[\u4e00-\u9fff]{1,6}?)"
                          r"(?:也是|也一样|也这样|也同样|一样)[吧啊呀哈的]*[。！!]*$")
"""A thing said with "the same" after another thing's command ("音量调大，风量也是"): that way."""
_QUALIFIES = re.compile(_SEAT_FRAGMENT.pattern + "|" + PASSENGER.pattern + "|" + AMOUNT.pattern)
"""Words in a reason that the command after it needs (whose seat, how much)."""


def _names_outright(clause: str) -> bool:
    lowered = normalised(clause)
    return any(EXPLICIT[t].search(lowered) for t in named_topics(lowered)) or (
        _SEAT_FRAGMENT.search(lowered) is not None and not named_topics(lowered))
