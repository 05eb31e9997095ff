"""No part of several commands dropped without a word.

When an answer acts on some of a sentence's commands, each clause of the sentence (cut at its
pauses and joining words, :data:`twin.assistant.multi.CONJUNCTIONS`) that still asks the cabin
for something no answered command is about is said aloud: a question naming its function (the
catalogue's ``confirm``). A clause asks for something when it names a cabin function outright
(a topic's ``explicit`` words, either language: speech mixes them) with a way word, an order
verb or a number beside it ("…, and I'd like the air con off", "blast the fan to max turn the
AC on": the fan), or when the rules read it alone as a command that acts, sure of it ("the
next track, and like, volume at eighteen": the track). A clause that says no, a condition or
somewhere else ("the window's fine", "车窗不用动") asks nothing; a function already asked
about or refused in the answer's feedback is not asked again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

from twin.assistant.catalogue import active_catalogue
from twin.assistant.commands import Command
from twin.assistant.feedback import ask_part, cannot_part, range_feedback
from twin.assistant.multi import (
    _AGREES,
    _EN_VERB,
    _ZH_VERBISH,
    _ZH_WAY,
    CONJUNCTIONS,
    SURE,
    Part,
    _kind,
)
from twin.assistant.named_index import NamedIndex
from twin.assistant.order_words import EN_STARTS
from twin.assistant.phrasing import _EN_NUMBER, _EN_WAY, _ZH_NUMBER
from twin.assistant.reads import read_once
from twin.assistant.scope import conditional, negated, out_of_scope
from twin.assistant.seat_words import EN_COMPANIONS, ZH_COMPANIONS
from twin.assistant.speech_words import EN_CORRECTION_MARKS, ZH_CORRECTION_MARKS

__all__ = ["ASKS", "PLAYS_MUSIC", "cannot_alone", "confirm", "functions_named", "unsaid"]

_EN_ASKS = re.compile(
    rf"{_EN_WAY.pattern}|\b{_EN_NUMBER}\b|{_EN_VERB.pattern.removeprefix('^')}|"
    r"\b(?:max\w*|min\w*|full|high(?:est)?|low(?:est)?|next|previous|skip|blast|crank|bump|"
    r"kill|open|close|shut|play|pause|mute|take|head|go|get|navigate|drive)\b", re.IGNORECASE)
"""An English clause that asks for something: a way, a number, an order verb."""
_ZH_ASKS = re.compile(rf"{_ZH_WAY.pattern}|{_ZH_VERBISH.pattern}|{_ZH_NUMBER}\s*[度档挡格级%]|\d|"
                      r"最[大小高低]|下一|上一|切歌")
"""A Chinese clause that asks for something: a way, an order verb, a number."""
ASKS = {"en": _EN_ASKS, "zh-CN": _ZH_ASKS}
"""A clause that asks for something, by language."""
_IT = re.compile(r"\b(?:it|that|this one)\b|它", re.IGNORECASE)
"""A pronoun: the clause is about what was said before it."""
_VALUE_ONLY = {
    "en": re.compile(rf"^(?:(?:at|to|on|level|notch|setting|number)\s+)*{_EN_NUMBER}(?:\s+"
                     r"(?:degrees?|percent|notch(?:es)?|please|thanks?))*$", re.IGNORECASE),
    "zh-CN": re.compile(rf"^(?:调到|开到|到|调成|开成)?{_ZH_NUMBER}[度档挡格级%]?"
                        r"(?:吧|就行|就好)?$"),
}
"""A value said alone ("level three", "二十四度"): the function said before it is its own."""
_CORRECTS = {
    "en": re.compile(rf"^(?:oh,?\s+)?{EN_CORRECTION_MARKS}\b", re.IGNORECASE),
    "zh-CN": re.compile(rf"{ZH_CORRECTION_MARKS}|不是"),
}
"""A clause that takes back what was said before it ("no, …", "哦不是", "不是车窗")."""
PLAYS_MUSIC = frozenset(("media_track", "media_volume", "media_mute"))
"""A skip, a volume or a mute plays: no question about the music beside one."""


@cache
def _index(key: str) -> NamedIndex:
    """Each catalogue topic with its ``key`` words (``explicit``: named outright; ``subject``:
    what grounds a request in it, a feeling included), both languages, indexed."""
    topics = []
    for name, topic in active_catalogue().topics.items():
        words = getattr(topic, key)
        said = [p for p in (words.en, words.zh_CN) if p] if words is not None else []
        if said:
            topics.append((name, said))
    return NamedIndex(topics)


def functions_named(clause: str, key: str = "explicit") -> set[str]:
    """The cabin functions ``clause`` names outright (the seat heating once, for either seat),
    or (``key="subject"``) speaks about (read once per clause within a parse)."""
    return set(read_once(f"functions_named:{key}", clause, _index(key).named))


def confirm(topic: str, lang: str) -> str | None:
    """The catalogue's question whether to change ``topic`` at all (its first intent's
    ``confirm``), if it has one."""
    catalogue = active_catalogue()
    return next((e.confirm.get(lang) for e in map(catalogue.intents.__getitem__,
                                                  catalogue.intents_of(topic))
                 if e.confirm is not None), None)


def unsaid(text: str, lang: str, answered: Sequence[Command], feedback: str,
           read: Callable[[str], tuple[Command | None, float, bool]]) -> list[str]:
    """The question for each function a clause of ``text`` asks for and the answer
    (``answered``, its ``feedback``) says nothing of; [] when the answer acts on nothing (a
    question or a refusal answers the whole) or the sentence is one clause. ``read`` gives the
    rules' reading of one clause alone (its command, its confidence). A clause is answered when
    a function it names, or the one its reading alone moves, is acted on."""
    catalogue = active_catalogue()
    acted = {catalogue.topic_of(c.intent) for c in answered if c.actuates}
    clauses = [c.strip() for c in CONJUNCTIONS[lang].split(text) if c and c.strip(" .!?。！？")]
    if not acted or len(clauses) < 2 or conditional(text):
        return []
    taken_back = max((at for at, c in enumerate(clauses) if _CORRECTS[lang].search(c)),
                     default=-1)
    left: list[str] = []
    extra: list[tuple[str, str]] = []  # ("topic" or "said", what): a part read more loosely
    kept = [c for c in clauses[taken_back + 1:] if not (  # "静音 哦不是 暂停": taken back
        negated(c) or out_of_scope(c) is not None)]
    seats = {c.intent for c in answered if c.actuates and c.intent in _SEAT_OF}
    for clause in kept:
        named = functions_named(clause)
        asks = ASKS[lang].search(clause) is not None
        if len(seats) == 1 and _other_seat(clause, next(iter(seats))):
            left.append("seat_heat")  # "heat my seat and my wife's seat": hers not acted on
            continue
        if named & acted:
            continue  # answered
        if not (asks or len(named) == 1) and not functions_named(clause, "subject"):
            continue  # it could ask for nothing: no need to read it alone
        command, confidence, cannot = read(clause)
        alone = catalogue.topic_of(command.intent) if (
            command is not None and command.actuates) else None
        if alone in acted:
            continue
        sure = alone is not None and confidence >= SURE and not (
            _IT.search(clause) or _VALUE_ONLY[lang].match(clause))
        if sure and asks:
            left.append(alone)  # "the next track, and like, volume at eighteen": the track
        elif len(named) == 1 and (asks or not functions_named(clause, "subject") & acted):
            # "…, and the fan's doing nothing"; not a complaint about what was acted on
            # ("空调风直冲我脑门" beside the fan)
            left += named
        elif sure and command is not None and not _reason_for(command, answered):
            extra.append(("topic", alone))  # "…, my feet are frozen, and I can hardly hear…"
        elif asks and not named and (spoken := _spoken_of(clause, acted)):
            extra.append(("topic", spoken))  # "…, and music down a bit": the volume
        elif cannot:
            extra.append(("said", cannot_part(clause, lang)))  # "flick the hazards on": cannot
        elif _ORDER_FIRST[lang].match(clause) and not functions_named(clause, "subject") and not (
                command is not None and command.actuates):
            extra.append(("said", ask_part(clause, lang)))  # "put us on for home": as said
        elif _WISH[lang].search(clause) and (wish := _spoken_of(clause, acted)) is not None and (
                not (command is not None and _reason_for(command, answered))) and (
                clause.strip(" .!?。！？") not in feedback):  # (not asked about as said)
            # a soft wish beside what acted, in words no reading above took ("车里暖和暖和",
            # "脚也冻得慌", "the last song again"): asked, never dropped (a story told beside the
            # orders, "孩子要睡午觉", says no "again", "also" or "a bit": the orders' reason)
            left.append(wish)
    said: list[str] = []
    if extra and _requests(kept, lang, read) > sum(c.actuates for c in answered):
        # more requests said than acted on: the ones read loosely are asked about too
        left += [what for how, what in extra if how == "topic"]
        said = [what for how, what in extra if how == "said" and what not in feedback]
    asked = []
    for topic in dict.fromkeys(left):
        if (question := confirm(topic, lang)) is not None and not _said(
                topic, lang, feedback) and not (topic == "media_playback" and acted & PLAYS_MUSIC):
            asked.append(question)  # (a skip or a volume plays: nothing more to ask of music)
    return asked + said


_ORDER_FIRST = {
    "en": EN_STARTS,
    "zh-CN": re.compile(r"^(?:再|先|然后|也|给我|帮我|麻烦)*(?:把|将|切|换|来[点首个一些段]|"
                        r"(?:放|播)(?!一下|一遍|一次)|暂停|静音|导航|调[到成高低大小])"),
}
"""A clause that starts as an order ("put us on for home", "切掉", "来点音悦"): read as nothing
by the rules, it is asked about as said, never left out."""


def cannot_alone(part: Part, clause: str, lang: str) -> bool:
    """Whether the rules read ``clause`` alone as something the cabin cannot do, said so
    ("flick the hazards on", "打开双闪"): the split's own test (not later, elsewhere or no)."""
    return _kind(part, clause, lang) == "no"


_WAYISH = {"en": re.compile(rf"{_EN_WAY.pattern}|\b{_EN_NUMBER}\b|\b(?:max\w*|min\w*|full|high|"
                           r"low|medium|a bit|a little|a touch|a notch)\b", re.IGNORECASE),
           "zh-CN": re.compile(rf"{_ZH_WAY.pattern}|{_ZH_NUMBER}\s*[度档挡格级%]|\d|最[大小高低]|"
                               r"(?:放|开|续|关|打开|安排|整)[上起掉]?[吧啊呀]?$")}
"""A way, an amount or (Chinese) an order verb said after its thing, in a clause ("music down a
bit", "my seat on medium", "音乐小声一点", "歌给我放上")."""
_EN_STATE = re.compile(r"\b(?:is|are|was|were|am|can'?t|cannot|won'?t)\b|\w'(?:s|re)\b",
                       re.IGNORECASE)
"""A clause said as a state ("the windscreen's fogged up"): no order, however it ends."""


def _requests(clauses: Sequence[str], lang: str,
              read: Callable[[str], tuple[Command | None, float, bool]]) -> int:
    """How many of ``clauses`` ask for something of their own: an order said first, a
    function named with a way, an order verb or a number, or a function spoken of with a way
    or an amount; a clause about "it" or only a value is the one before it. With none of
    those, the complaints the rules read alone as commands ("my feet are frozen, and I can
    hardly hear the news": two)."""
    own = [c for c in clauses if not (_IT.search(c) or _VALUE_ONLY[lang].match(c))]
    orders = sum(1 for c in own if _ORDER_FIRST[lang].match(c) or (
        functions_named(c) and ASKS[lang].search(c)) or (
        functions_named(c, "subject") and _WAYISH[lang].search(c) and not (
            lang == "en" and _EN_STATE.search(c))))
    if orders:
        return orders
    return sum(1 for c in own if (r := read(c))[0] is not None and r[0].actuates and r[1] >= SURE)


_WISH = {
    "en": re.compile(r"\b(?:again|as well|also|a tad|a touch|a bit|a little|more|less)\b",
                     re.IGNORECASE),
    "zh-CN": re.compile(r"([\u4e00-\u9fff]{2})\1|一些|一点|点儿|再|也"),
}
"""A clause said as a wish beside others: "again", "also", "a bit", a doubled verb ("暖和暖和")."""
_SEAT_OF = {"seat_heat_driver": "driver", "seat_heat_passenger": "passenger"}
_OTHER_SEAT = {
    "driver": re.compile(r"\b(?:mine|for me|my (?:own )?(?:seat|side)|(?:the )?driver'?s?)\b|主驾|"
                         r"驾驶|我的|我这|我和|我跟|^我(?=座)", re.IGNORECASE),
    "passenger": re.compile(rf"\b(?:passenger'?s?|hers|her|his|(?:my|the) {EN_COMPANIONS}'?s?)"
                            rf"\b|副驾|乘客|{ZH_COMPANIONS}|她|他", re.IGNORECASE),
}
"""The words naming each front seat by whose it is (the shared companion lists)."""
_SEATED = re.compile(r"\bseats?\b|warmers?|heaters?|heat|座|加热", re.IGNORECASE)


def _other_seat(clause: str, acted: str) -> bool:
    """Whether ``clause`` asks for the seat heater of the seat other than the one acted on
    (``acted``, a seat intent): it names a seat or its heater and the other seat's owner ("heat
    my seat and my wife's seat", "我和副驾的座椅加热都调到二档" with one seat acted on)."""
    other = "passenger" if _SEAT_OF[acted] == "driver" else "driver"
    return bool(_SEATED.search(clause) and _OTHER_SEAT[other].search(clause))


def _reason_for(felt: Command, answered: Sequence[Command]) -> bool:
    """Whether a complaint read alone as ``felt`` (warmer, cooler) is the reason of a command
    that acts beside it ("it's freezing, close the window"), not a request of its own."""
    agrees = _AGREES.get(felt.intent)
    acting = [c for c in answered if c.actuates]
    if felt.intent.startswith("media_") and any(c.intent.startswith("media_") for c in acting):
        return True  # "pause the music, the judge is on the phone": why it is paused
    if felt.intent == "climate_temperature_down" and any(
            c.intent == "climate_ac_on" for c in acting):
        return True  # "空调打开，热死了": the AC cools
    return agrees is not None and any(agrees(c.intent, c.value) for c in acting)


def _spoken_of(clause: str, acted: set[str | None]) -> str | None:
    """The one function an order-shaped clause speaks of in words that are not its name
    ("music down a bit": the volume, "skip this one": the track), when nothing acted on it
    (nor on the music, when it speaks of the music); the music itself only when nothing
    narrower is said."""
    spoken = functions_named(clause, "subject")
    media = {t for t in acted if t is not None and t.startswith("media_")}
    if spoken & acted or (media and all(t.startswith("media_") for t in spoken)):
        return None  # (beside a pause, "the judge is on the phone" is why: no mute asked)
    narrower = spoken - {"media_playback"} or spoken
    return next(iter(narrower)) if len(narrower) == 1 else None


def _said(topic: str, lang: str, feedback: str) -> bool:
    """Whether ``feedback`` already asks about ``topic`` or says the range of one of its
    intents ("I can set the temperature from 16 to 30 °C.")."""
    catalogue = active_catalogue()
    mine = [i for i in catalogue.intents if catalogue.topic_of(i) == topic]
    return confirm(topic, lang) in feedback or any(
        (said := range_feedback(i, lang)) is not None and said in feedback for i in mine)
