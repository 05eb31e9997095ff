"""Complaints said in other words than the cabin's: the air said by the vents, the body's signs
of a cabin state, someone seated in this car who keeps on complaining.

The fallback grounds a request on its topic's words (:mod:`hil.llm.grounding`). Indirect speech
often names none of them, or names a thing the cabin lacks: "the vents are barely breathing"
(a vent is no function here, the air out of it is the fan's), "my teeth are chattering" (cold,
said by the body), "我奶奶在后头一直搓手" ("一直" reads as a habit, yet she sits in this car, now).
Each reading here is of a role the words play, not of a sentence: the air out of the vents, a
sign and the plain word it means, a seat of this car.
"""

from __future__ import annotations

import re

from hil.llm.here_now import elsewhere
from twin.assistant.scope import out_of_scope
from twin.assistant.seat_words import ZH_COMPANIONS

_VENTS = r"(?:the |these |those |yon |that |this |my |our |your )?(?:\w+ )?vents?\b"
VENT_AIR = re.compile(
    r"\b(?:air|wind|gale|breeze|draught|draft|blast|gust|zephyrs?)\b[^,.;!?]{0,30}?"
    r"\b(?:from|out of|out|through) " + _VENTS + r"|"
    r"\b(?:blow|blown|blowing|flying|flapping)\b[^,.;!?]{0,40}?\bfrom " + _VENTS + r"|"
    r"\bvents? (?:\w+ ){0,3}?(?:blow|blast|breath|puff|whoosh|roar|hiss|wheez|gust|pump|spew|"
    r"howl)\w*|"
    r"\bvents? (?:are|is|'re|'s) (?:\w+ ){0,2}?(?:weak|feeble|pathetic|useless|dead|gasping)\b|"
    # "出风口的风弱得…", "出风口一点风都没有", "出风口跟没开一样": in Chinese the vents told of
    # are the air out of them, unless one is aimed, opened or closed (:data:`_VENT_AIMED`)
    r"出风口"
)
"""The air coming out of the vents, said by the vents ("the vents are barely breathing", "the
air coming out the vents is weak", "出风口的风软绵绵的"): the fan, not a vent to point or close
(:data:`LACKING`)."""
_VENT_AIMED = re.compile(
    r"\b(?:point|aim|direct|redirect|angle|adjust|move|close|shut|open|turn|tilt|swivel)\w* "
    r"(?:\w+ ){0,2}?vents?\b|\bvents? (?:up|down|left|right|towards?|at|to|on|off|closed|open)\b|"
    r"[把将调关开]\S{0,3}出风口|出风口\S{0,4}(?:[往朝向]|调|关|打开|方向|上下|左右|扫|摆|对准)"
)
"""A vent aimed, opened or closed ("point the vents at my feet", "把出风口往上调"): the cabin
has no such function, whatever air the words also name."""


def vent_air(found: re.Match[str], text: str) -> bool:
    """Whether the lacking word ``found`` is a vent the air comes out of (:data:`VENT_AIR`),
    with no vent aimed, opened or closed in ``text`` (:data:`_VENT_AIMED`)."""
    return _VENT_AIMED.search(text) is None and any(
        m.start() <= found.start() < m.end() for m in VENT_AIR.finditer(text))


# the body's signs of a cabin state, said in other words than the state's, each with the plain
# word it means: the words then ground and point the way as the plain word would ("my teeth are
# chattering": cold; "the bass is rattling my fillings": too loud)
_SIGNS: tuple[tuple[re.Pattern[str], str, bool], ...] = (
    (re.compile(
        r"\b(?:teeth|jaw) (?:\w+ ){0,3}?(?:chatter|clatter)\w*|\bchatter\w* (?:teeth|jaw)\b|"
        r"\bgoose ?(?:bumps|pimples|flesh)\b|\bcan (?:\w+ )?see (?:my|our|your|his|her) breath\b|"
        r"\b(?:lips|fingers|fingertips|hands|nose) (?:\w+ ){0,2}?(?:gone|turned|going|turning) "
        r"(?:blue|purple|white)\b"), " cold", True),
    (re.compile(r"鸡皮疙瘩|牙齿?[^，,。]{0,3}(?:打颤|打架|打战|咯咯)|"
                r"嘴唇[^，,。]{0,3}(?:发紫|紫了|发青|青了)"), "冷", True),
    (re.compile(r"\b(?:bass|subwoofer)\b[^,.;!?]{0,20}?\b(?:rattl|shak|pound|thump|vibrat|"
                r"boom)\w*"), " too loud", False),
    (re.compile(r"(?:重?低音|鼓点)[^，,。]{0,4}震"), "太吵", False),
    (re.compile(r"\b(?:reeks?|reeking|stench|pong|whiff|honks? of|niff)\b"), " smell", False),
)
# a sign of being moved, not of the cabin ("this song gives me goosebumps", "吓得我牙齿打颤")
_MOVED = re.compile(
    r"\b(?:song|music|tune|track|film|movie|story|scar(?:y|ed|es)|fright\w*|nervous|excit\w*|"
    r"thrill\w*|thinking|memor\w*|fear|afraid|dentist)\b|听|歌|音乐|电影|故事|吓|怕|紧张|激动|感动|兴奋"
)
_CLAUSE_END = re.compile(r"[,.;!?，。；！？]")


def plain_signs(lowered: str) -> str:
    """``lowered`` with each of the body's signs of a cabin state (:data:`_SIGNS`) followed by
    the plain word it means, unless its clause tells of being moved (:data:`_MOVED`: a sign
    that can be one of feeling, not of the cabin)."""
    for pattern, plain, feeling in _SIGNS:
        found = pattern.search(lowered)
        if found is None:
            continue
        start = max((m.end() for m in _CLAUSE_END.finditer(lowered, 0, found.start())),
                    default=0)
        end = next((m.start() for m in _CLAUSE_END.finditer(lowered, found.end())), len(lowered))
        if not feeling or _MOVED.search(lowered, start, end) is None:
            lowered = lowered[:found.end()] + plain + lowered[found.end():]
    return lowered


_SEATED = re.compile(
    r"后头|后面|后边|后排|后座|副驾|旁边|身边|\bin the back\b|\b(?:next to|beside) me\b|"
    r"\bpassenger seat\b")
"""A seat of this car, where someone told of sits ("我奶奶在后头", "my wife next to me")."""
SEATED_ZH = (r"孩子|小孩|宝宝|娃|乘客|老人|人|朋友|[爸妈]|爷爷|奶奶|姥姥|姥爷|外公|外婆|"
             + ZH_COMPANIONS)
"""Someone who sits in the back ("后排俩孩子", "后座奶奶"): told of, no device of the back row
(:data:`hil.llm.grounding.LACKING`)."""
_KEEPS_ON = re.compile(r"一直(?:在)?")


def seated_now(courteous: str) -> bool:
    """Whether a line read as someone else's habit (:func:`twin.assistant.scope.out_of_scope`
    says ``someone_else``) tells of someone seated in this car who keeps on now ("我奶奶在后头
    一直搓手，说冻得慌", "我女朋友一直在抱怨" beside "副驾的椅子"): a seat of this car is named
    (:data:`_SEATED`) and without "一直" nothing puts the line out of scope ("一直喜欢…" is still
    a habit)."""
    return _SEATED.search(courteous) is not None and out_of_scope(
        _KEEPS_ON.sub("", courteous)) is None


# a likeness: what the cabin is like or worse than ("like the inside of a boiling kettle",
# "hotter than my kitchen on a saturday night", "比我们后厨灶台边上还热", "跟冰箱似的"), up to
# the clause's end (English) or its closing word (Chinese); said after a state ("is like a",
# "colder than my", "steamed up like a"), never "like" as a filler ("at like fifteen") or a wish
_LIKENESS = re.compile(
    r"(?:\b(?:is|'s|are|'re|feels?|looks?|seems?|sounds?|smells?|gone|up|just|exactly|more|all)"
    r" like|\b(?:\w+er|worse) than) (?:a|an|the|my|our|his|her|their|your|some|sitting|being|"
    r"standing|driving|inside)\b[^,.;!?]*|"
    r"(?:比|跟|像|如同|好像)[^，,。；;！!？?]{1,16}?(?:还|更|一样|似的|一般)")
"""A likeness and its object: what the words compare the cabin to, not where they are."""
_TENSE = re.compile(r"\b(?:will|'ll|gonna|going to|would|was|were|had|used to)\b|会|将|明天|昨天|"
                    r"那会|以前")
"""Another time said outside a likeness ("the seat will be like ice tomorrow")."""


def unliked(courteous: str) -> str | None:
    """``courteous`` without its likenesses (:data:`_LIKENESS`), for the scope only, when it has
    one and what is left tells of this cabin now: a place, a device or a time named inside a
    likeness ("like a fridge", "colder than a tombstone at midnight", "比后厨还热") tells what the
    cabin is like, not where or when the line is. None when there is no likeness, or the rest
    tells of another time (:data:`_TENSE`, :func:`hil.llm.here_now.elsewhere`); what is out of
    scope outside the likeness ("my office is like a fridge") still is."""
    rest = _LIKENESS.sub(" ", courteous)
    if rest == courteous or _TENSE.search(rest) or elsewhere(rest):
        return None
    return rest


_BESIDE_ME = re.compile(r"\b(?:next to|beside) me(?: up front| in the front)?\b")
_BACK_ROW = re.compile(r"\b(?:back|rear)\b|\bkids?\b|\bchild")
_THIRD_PERSON = re.compile(r"\b(?:she|he|her|his|him)\b")


def seated_beside(lowered: str) -> str:
    """``lowered`` with someone said to sit "next to me" / "beside me" read as sitting in the
    passenger seat ("my nan beside me says her seat is like ice": her seat, not the speaker's
    "me"), when the line tells of that person ("she", "her", "his") and not of the back row or
    a child (the seat beside the speaker may then be a back seat)."""
    if _BACK_ROW.search(lowered) or not _THIRD_PERSON.search(lowered):
        return lowered  # a back seat, or a thing beside the speaker ("the glass beside me")
    return _BESIDE_ME.sub("in the passenger seat", lowered)


_AT_AN_EVENT = re.compile(
    r"[^，,。；;！!？?\s]{1,10}?的时候|那会儿?|那时候?|\b(?:while|whilst|during)\b|"
    r"\bat the (?:theatre|theater|cinema|movies|concert|match|game|show|play|gig|opera|ballet)\b")
"""A time told by an event ("看话剧的时候", "while she watched the play", "at the cinema"): the
line may tell of that time, not of this cabin now."""


def at_an_event(lowered: str) -> bool:
    """Whether ``lowered`` tells a time by an event (:data:`_AT_AN_EVENT`): a state told then
    is no complaint the head's cabin mass may act on without its topic
    (:func:`hil.llm.head._cabin_reads`); "我媳妇看话剧的时候在座位上扭来扭去" tells of the
    theatre, not of the seat here."""
    return _AT_AN_EVENT.search(lowered) is not None
