# Over 400 lines: one reading of several commands the rules left (their parts, each part's answer,
# what is asked, refused or left out), whose steps share one state; split, it would pass it around.
"""Several commands in one sentence the rules left: each answered on its own.

"close the window turn the ac on and make it twenty degrees", "温度调到二十四度风量开三档": the
sentence is cut into its commands (:func:`hil.llm.clauses.command_parts`), the head reads each
part alone (one forward pass each) and :func:`hil.llm.head.head_decision` decides each with its
own topic, threshold and words. The cabin acts on every part it is sure of, asks only about the
part it is unsure of (naming that part's topic), says the range for a part out of range and that
it cannot do a part the cabin lacks. A part whose way or value the words do not give is never
acted on (the head asks, as for one command). A sentence that lists complaints, each about a
function of its own and no order among them ("I'm shivering and I can barely hear the
podcast"), is answered complaint by complaint, each read by the head as an indirect request.

Read whole instead (one decision, as before): a sentence that says somewhere else, later, a
condition, a question, a remark or a refusal anywhere (those words qualify every part), one
said right after another turn (a follow-up), or one with fewer than two commands.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from hil.llm.both_seats import both_seats
from hil.llm.clauses import (
    AMOUNT,
    SET_SAID,
    TOLD,
    WAY,
    ZH_SAME_WAY,
    after_reason,
    before_reason,
    clause_pieces,
    clause_topics,
    clauses,
    command_parts,
    commanding,
    it_order,
    known_order,
    read_alone,
    set_said,
    way_alone,
)
from hil.llm.clauses import lang_of as _lang
from hil.llm.direction import normalised
from hil.llm.grounding import (
    EXPLICIT,
    KEEP,
    NOT_HERE_NOW,
    REMARK,
    TOPIC_OF,
    lacking,
    named_outright,
    named_topics,
    narrowed,
)
from hil.llm.orders import unknown_order
from hil.llm.questions import ask_part, confirm, leave_it
from hil.llm.ruled_clauses import order_among_asides, ruled_clauses
from hil.llm.rules_read import sure_order
from hil.llm.slots import DRIVER, OWN, PASSENGER, read_slots
from hil.llm.values import EN_NUMBER_WORDS
from twin.assistant.binding_words import binds
from twin.assistant.ellipsis import level_for_all, unsequenced, way_said_after
from twin.assistant.feedback import cannot_part, joined
from twin.assistant.leftover import PLAYS_MUSIC
from twin.assistant.nlu import shared_nlu
from twin.assistant.phrasing import SEAT, same_for
from twin.assistant.policy import AssistantPolicy
from twin.assistant.resolver import Turn
from twin.assistant.scope import negated, not_music, out_of_scope
from twin.assistant.speech_words import (
    EN_CORRECTION_MARKS,
    EN_TAKE_BACK,
    ZH_CORRECTION_MARKS,
    ZH_TAKE_BACK,
)

MAX_PARTS = 4
"""At most this many commands are read from one sentence (a forward pass each)."""

_ASKED = ("low_confidence", "direction_unclear", "range")


def several_parts(text: str) -> list[str]:
    """The commands of ``text`` when it is a sentence the fallback answers part by part (see
    the module docstring), ``[text]`` when it is one command the rules read confidently (the
    text the fallback reads: a correction applied, a reason or a lacking device left out),
    else ``[]``. A sentence read whole by those tests whose clauses are two or more orders the
    rules read alone and asides (:func:`hil.llm.ruled_clauses.ruled_clauses`): those orders."""
    parts = _cut(text)
    if parts:
        return parts
    ruled = ruled_clauses(text, _sure)
    return ruled if 2 <= len(ruled) <= MAX_PARTS else []


def _sure(part: str, lang: str) -> tuple[str, str, int | str | None] | None:
    return _ruled(part, lang, reason_first=False)


def _cut(text: str) -> list[str]:
    """:func:`several_parts` by the clauses' shapes."""
    lowered = normalised(text)
    if (out_of_scope(lowered) is not None or NOT_HERE_NOW.search(lowered) or lacking(lowered)
            or REMARK.search(lowered) or not_music(lowered)):
        return []
    both = both_seats(text)
    if both and not (KEEP.search(lowered) or negated(lowered)):
        return both
    parts = command_parts(text, settings=True)
    if _lang(text) == "en":  # "switch the tunes and the air con off": "switch the tunes off"
        parts = way_said_after(parts, lambda p: _ruled(p, "en") is not None and not SEAT.search(p))
    if (KEEP.search(lowered) or negated(lowered)) and not (
            len(parts) >= 2 and _no_confined(text, parts)):
        return []
    if len(parts) == 1 and _UNCLEAR.search(lowered) and not named_topics(lowered):
        return [text]  # "调到二十四" (what was corrected left no thing): asked, never acted on
    if len(parts) == 1 and known_order(text) and (
            _ruled(text, _lang(text), reason_first=False) is not None):
        # one command the rules read once the fallback's reading left out what it should
        # ("turn the music on, no, off" as "turn the music off"): the rules' reading of it
        return [text]
    if len(parts) == 1:  # "a tad less blowy and a tad toastier", "好冷啊，而且广播我根本听不清"
        parts = _felt_list(text)
    return [*parts[:-1], _untagged(parts[-1])] if 2 <= len(parts) <= MAX_PARTS else []


def _felt_list(text: str) -> list[str]:
    """The clauses of a sentence that lists complaints or soft wishes, each about a cabin
    function of its own ("Bit chilly back here and I can barely hear the podcast", "音乐听不清楚
    脚也冻得慌"): each is answered on its own (:func:`felt`), none dropped for the first; [] when
    a clause names no function, two name the same one (a complaint and its reason) or one is an
    order (a complaint beside an order is its reason: "AC开一下，热爆了")."""
    said = clauses(text)
    if not 2 <= len(said) <= MAX_PARTS or any(
            commanding(c) or _ORDERED.search(normalised(c)) for c in said):
        return []
    topics = [narrowed(named_topics(normalised(c)), normalised(c)) for c in said]
    if not all(topics) or any(a & b for i, a in enumerate(topics) for b in topics[i + 1:]):
        return []
    return said


_ORDERED = re.compile(r"[开关]一?下|" + AMOUNT.pattern)
"""An order said in a clause that commands nothing by its shape ("AC开一下", "fan on ten"):
no complaint."""


def felt(part: str) -> bool:
    """Whether ``part`` speaks of a cabin function (its subject words: a feeling, a state) in
    no order's shape ("I can barely hear the podcast", "a tad toastier"): the head reads it as
    an indirect request; a misheard order ("paws the music") never is one."""
    lowered = normalised(part)
    named = narrowed(named_topics(lowered), lowered)
    return bool(named) and not unknown_order(part, named)


_EN_TAG = re.compile(r",\s*(?P<tag>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s*[.!?]*$")
"""One or two words after the last comma of the last part ("…, hè", "…, na krub")."""
_SIDE_WORDS = frozenset(("mine", "hers", "his", "theirs", "ours", "side", "left", "right",
                         "front", "rear", "please", "thanks"))


def _untagged(part: str) -> str:
    """``part`` without a tag said after its last comma ("the volume up two, hè"): words that
    bind nothing (:func:`twin.assistant.binding_words.binds`), name no seat or side and no cabin
    topic; "…, driver's side", "…, mine", "…, the fan" keep their words."""
    tag = _EN_TAG.search(part)
    if tag is None or _lang(part) != "en":
        return part
    words = tag.group("tag").lower().split()
    if any(binds(w) or w in _SIDE_WORDS for w in words) or SEAT.search(tag.group("tag")) or (
            named_topics(normalised(tag.group("tag")))):
        return part
    return part[:tag.start()]


_CANCEL = re.compile(
    rf"\b{EN_TAKE_BACK}\b|\bactually no\b|{ZH_TAKE_BACK}")
"""Words that take back what was said: never confined to one part."""


def _says_no(part: str) -> bool:
    lowered = normalised(part)
    return KEEP.search(lowered) is not None or negated(lowered)


def _no_confined(text: str, parts: Sequence[str]) -> bool:
    """Whether a no is said of one topic in its own part, set off by a pause, and the other
    parts each command with their own verb ("don't touch the window, just turn the AC on and
    put the fan on five", "车窗不用动，把空调打开"): each part is then answered on its own, the no
    with "leave it". Joined by "and" the no may govern both ("don't open the window and turn
    the ac off"), and a no that names no topic ("never mind", "算了") takes back the whole
    sentence: read whole."""
    if _CANCEL.search(normalised(text)):
        return False
    said_no = [p for p in parts if _says_no(p)]
    others = [p for p in parts if not _says_no(p)]
    return (bool(said_no) and bool(others)
            and all(named_topics(normalised(p)) for p in said_no)
            and all(_set_off(text, p) for p in said_no)
            and all(commanding(p) for p in others))


def _set_off(text: str, part: str) -> bool:
    """Whether ``part`` of ``text`` is set off from the rest by punctuation on each side it
    has a neighbour."""
    at = text.find(part)
    if at < 0:
        return False
    before, after = text[:at].rstrip(), text[at + len(part):].lstrip()
    return ((not before or before[-1] in ",，;；。!！") and (not after or part[-1] in ",，;；。!！"
            or after[0] in ",，;；。!！"))


_WISHED = re.compile(
    r"\b(?:heated|warmed|cooled|turned|switched|put|set)(?: (?:up|down|on|off))? "
    r"(?:(?:please|now|then) )?(?:on|to|at|up to) (?:high|low|medium|max(?:imum)?|min(?:imum)?|"
    r"full|level \w+|\d+|one|two|three|four|five|six|seven)\b|开到?(?:最高|最低|[一二三1-3]档)")
"""A wish said as the state wanted, with its level ("both seats heated on high", "fan turned
up to five"): a command as much as a verb first is."""


def _worded(part: str) -> tuple[str, str, int | str | None] | None:
    """``(topic, intent, value)`` of a part whose words alone command one topic completely: a
    verb of its own or a setting said without one (:func:`hil.llm.clauses.set_said`: "seat
    heating for passenger on medium"), that one topic named outright and nothing else, and its
    way (and value) read from the words, never from the head ("把空调打开", "knock the volume
    down a notch").
    The head reads a short part poorly (it learnt whole sentences); a sentence that says
    somewhere else, later, a question or a no never gets here (:func:`several_parts`)."""
    lowered = normalised(part)
    named = narrowed(named_topics(lowered), lowered)
    # "…, warmer by 2": its way names it
    outright = named if way_alone(part) else named_outright(part)
    if len(outright) != 1 or named != outright or _says_no(part) or not (
            commanding(part) or _WISHED.search(lowered)
            or (set_said(part) and not _NO_WORD.search(lowered))):
        return None
    topic = next(iter(outright))
    read = read_slots(topic, lowered, "unknown")  # the words alone decide the way
    return None if read is None else (topic, *read)


_NO_WORD = re.compile(r"\b(?:no|not|never|nope)\b|[不别甭没]")
"""A no said in a setting without a verb ("no seat heating for her on medium"): never read."""


_UNCLEAR = re.compile(
    r"^(?:请|帮我|给我|麻烦|那就|就)?(?:调到|调成|调至|设到|设成|设为|开到)\s*(?:\d|[一二两三四五六七八九十])|"
    r"^(?:(?:please|ok|okay|now|just) )*(?:set|make|put|turn|bring) (?:it|that|this)(?: up| down)? "
    r"(?:(?:to|at|on) )?(?:\d|" + EN_NUMBER_WORDS.pattern + r")")
"""A setting said with its number and no thing at all ("set it to 24" with nothing before)."""


def _ruled(part: str, lang: str, reason_first: bool = True
           ) -> tuple[str, str, int | str | None] | None:
    """``(topic, intent, value)`` when the rules read ``part`` alone confidently as one command
    of a fallback topic ("music down", "heat up a bit"): a part is a plain command more often
    than the whole sentence is, and the rules are more precise than the head. With
    ``reason_first``, also the command after a reason said first."""
    alone = after_reason(part) if reason_first else None
    plain = unsequenced(part, lang)  # "再把窗开一点点", "then turn the volume up": as if alone
    # "close the window the hail's freezing": the order before a reason said after it
    said = [unsequenced(t, lang) for t in before_reason(part)] if reason_first else []
    for text in dict.fromkeys(t for t in (part, plain, alone, *said) if t is not None):
        rules = shared_nlu(lang).parse(text, [])
        if rules.split or not rules.actuates or rules.confidence < AssistantPolicy().threshold:
            continue
        assert rules.command is not None
        topic = TOPIC_OF.get(rules.command.intent)
        if topic is not None:
            return topic, rules.command.intent, rules.command.value
    return None



_EDGE = " ,.:;!?\"'"


def _seats_ruled(part: str, lang: str) -> list[tuple[str, str, int | str | None]]:
    """Each seat's heater command when the rules read ``part`` alone confidently as the
    heaters of both seats ("both seat heaters to three", "两个前排座椅加热都开最高"); else []."""
    rules = shared_nlu(lang).parse(part, [])
    if len(rules.split) < 2 or rules.confidence < AssistantPolicy().threshold:
        return []
    read = [(TOPIC_OF.get(r.command.intent), r.command.intent, r.command.value)
            for r in rules.split if r.command is not None and r.actuates]
    if len(read) != len(rules.split) or any(t != "seat_heat" for t, _, _ in read):
        return []
    return [(t, i, v) for t, i, v in read if t is not None]


def _framed(part: str, lang: str) -> tuple[str, str, int | str | None] | None:
    """The rules' reading of an English ``part`` not shaped as a known order once words said
    around its command that bind nothing are left out (a call, a tag: "breaker breaker blower
    on six", "the tunes down a notch each mate", "DJ voice, folks: back one song"): up to four
    words first and three last, none a number, a cabin word, a no, a time or a person
    (:func:`twin.assistant.binding_words.binds`), none naming a topic; what is left an order or
    a setting by its own words (never a bare thing: "paws the music" is asked about) and its
    reading's topic one the part names. None when no such reading is sure."""
    if lang != "en":
        return None
    words = part.split()
    named = narrowed(named_topics(normalised(part)), normalised(part))
    for first in range(min(4, len(words) - 1) + 1):
        for last in range(min(3, len(words) - first - 1) + 1):
            left_out = words[:first] + words[len(words) - last:]
            if not left_out or any(binds(w.strip(_EDGE)) or not w.strip(_EDGE)
                                   for w in left_out):
                continue
            if named_topics(normalised(" ".join(left_out))):
                continue
            rest = " ".join(words[first:len(words) - last]).strip(_EDGE)
            if not (commanding(rest) or set_said(rest)):
                continue  # a bare thing left ("paws| the music"): a misheard verb, never away
            ruled = _ruled(rest, lang, reason_first=False)
            if ruled is not None and ruled[0] in named:
                return ruled
    return None


def _asked(part: str, like: Any, lang: str) -> Any:
    """The question about a part shaped as an order whose verb or thing the cabin does not
    know (:func:`hil.llm.orders.unknown_order`): whether to change the one topic it names
    ("paws the music": the music), else what it should change, naming the part as said
    ("音亮调到五"). ``like``: another part's decision, of the same type."""
    lowered = normalised(part)
    named = narrowed(named_topics(lowered), lowered)
    if len(named) == 1:
        topic = next(iter(named))
        return like._replace(intent="unknown", value=None, feedback=confirm(topic, lang),
                             why="low_confidence", topic=topic)
    return like._replace(intent="unknown", value=None, feedback=ask_part(part, lang),
                         why="low_confidence", topic=None)


_SEAT_INTENTS = ("seat_heat_driver", "seat_heat_passenger")


def _seat_levels(parts: Sequence[str], decisions: list[Any], act: Callable[..., Any],
                 lang: str) -> list[Any]:
    """The seat level said last for every seat ("warm my wife's seat and mine, both on high",
    "…，两个都开到三档": :func:`twin.assistant.ellipsis.level_for_all`, the rules' reading) given
    to each part that heats a seat it names; the decisions unchanged when no such level is
    said ("both on": each seat's own reading)."""
    last = re.split(r"[,，;；。]", parts[-1])[-1]
    level = level_for_all(last, lang)
    if level is None:
        return decisions
    out = []
    for text, d in zip(parts, decisions, strict=True):
        lowered = normalised(text)
        seat = d.intent if d.intent in _SEAT_INTENTS else None
        if seat is None and d.topic == "seat_heat" and d.why in _ASKED and any(
                p.search(lowered) for p in (DRIVER, PASSENGER, OWN)):
            read = read_slots("seat_heat", lowered, "unknown")  # the seat its words name
            seat = None if read is None else read[0]
        out.append(d if seat is None else act("seat_heat", seat, level, lang))
    return out


def _other_seat(text: str, before: Any, act: Callable[..., Any], lang: str) -> Any:
    """The seat heating of the other seat ``text`` names right after ``before`` heated one
    ("副驾的关掉，我的开一档", "…in high, and for me in low"), its level read from ``text`` or, for
    the same again ("…, and for me too", "我的也是"), ``before``'s level; None
    when ``before`` acted on no seat or ``text`` names no other seat."""
    if before is None or before.topic != "seat_heat" or before.intent == "unknown":
        return None
    whose = same_for(text)  # "…on high, and for me too": the same level for the other seat
    if whose is not None:
        seat = f"seat_heat_{whose}"
        return act("seat_heat", seat, before.value, lang) if seat != before.intent else None
    lowered = normalised(text)
    if not any(p.search(lowered) for p in (DRIVER, PASSENGER, OWN)):
        return None  # no seat named ("…，原则上开到最高档"): never the slots' default seat
    read = read_slots("seat_heat", lowered, before.intent)
    return act("seat_heat", *read, lang) if read is not None and read[0] != before.intent else None


def _it_read(text: str, said: str, before: Any, lang: str
             ) -> tuple[str, str, int | str | None] | None:
    """``(topic, intent, value)`` of an order on "it" (:func:`hil.llm.clauses.it_order`) said
    right after the part ``said``, on which ``before`` acted: the rules' reading of it with that
    part as the turn before (as a follow-up's "it"), on that part's topic (the music's: its
    volume); None when nothing acted before, the rules are unsure or read another topic."""
    if before is None or before.intent == "unknown" or not it_order(text):
        return None
    rules = shared_nlu(lang).parse(text, [Turn(said, before.intent, before.value)])
    if rules.split or not rules.actuates or rules.confidence < AssistantPolicy().threshold:
        return None
    assert rules.command is not None
    topic = TOPIC_OF.get(rules.command.intent)
    if topic != before.topic and (topic, before.topic) != ("media_volume", "media_playback"):
        return None  # "open the window and turn it up": not the volume; asked, never guessed
    return topic, rules.command.intent, rules.command.value


def _same_way(text: str, before: str, lang: str) -> tuple[str, str, int | str | None] | None:
    """``(topic, intent, value)`` of ``text``, one thing named outright with "the same" and no
    way of its own, said after ``before`` commanded another thing: the way ``before`` said after
    its thing, said of this one ("音量调大，风量也是" -> "风量调大"), when the rules read that
    confidently as this thing's command; else None."""
    found = ZH_SAME_WAY.match(normalised(text)) if lang == "zh-CN" else None
    if found is None:
        return None
    thing, earlier = named_outright(found.group("thing")), named_outright(before)
    if len(thing) != 1 or len(earlier) != 1 or thing == earlier:
        return None
    said = normalised(before)
    named = EXPLICIT[next(iter(earlier))].search(said)
    way = said[named.end():] if named is not None else ""
    ruled = _ruled(found.group("thing") + way, lang, reason_first=False) if way else None
    if ruled is None or {ruled[0]} != thing or "set" in ruled[1].split("_"):
        return None  # a number set on one thing is no number for another ("风量三档，音量也是")
    return ruled


class Several:
    """The answer to a sentence of several commands: each part's decision (acted on, asked
    about, left as it is or said impossible), what is said, and the part asked about."""

    def __init__(self, parts: list[Any], said: list[str], first: Any, lang: str) -> None:
        self.parts, self.said, self.first = parts, said, first
        self.acted = [d for d in parts if d.intent != "unknown"]
        self.feedback = joined(said, lang)

    def answer(self) -> dict[str, object]:
        """The resolver's JSON answer: the first command acted on (or the question) and every
        part with its own feedback (:func:`twin.assistant.policy.decide`), so that no part is
        dropped without a word in the report either."""
        head = self.acted[0] if self.acted else self.first
        out: dict[str, object] = {"intent": head.intent, "value": head.value,
                                  "feedback": self.feedback}
        if not self.acted and head.why:
            out["abstain"] = head.why
        if head.topic is not None:
            out["topic"] = head.topic
        if len(self.said) >= 2:
            out["commands"] = [{"intent": d.intent, "value": d.value, "feedback": said}
                               for d, said in zip(self.parts, self.said, strict=True)]
        return out


def several_decision(
    decide: Callable[[str, bool], Any], act: Callable[..., Any], parts: Sequence[str],
    lang: str,
    dropped: Sequence[str] = (),
    text: str = "",
) -> Several | None:
    """Each part decided on its own (``decide(text, whole)``: :func:`hil.llm.head.head_decision`
    on ``text`` with the head's probabilities for it, or with those for the whole sentence when
    ``whole``, tried when the part's own are unsure; ``act``: :func:`hil.llm.head._act`); a
    part that names no topic but a seat after a seat's command is that command for the seat it
    names ("副驾的关掉，我的开一档"). None when no part is acted on or asked about. ``text``, the
    whole sentence: a clause of it that no part answers is asked about (:func:`_left`)."""
    decisions: list[Any] = []
    guessed: list[int] = []  # parts only shaped as orders: asked about after the loop
    extra: dict[int, list[Any]] = {}  # the other seats of a part the rules read for each seat
    # a list of complaints, no order among them (:func:`_felt_list`): each read as a request;
    # a complaint beside an order is its reason ("fan on ten eh, the team's roasting")
    complaints = bool(text) and command_parts(text) == [text] and bool(_felt_list(text))
    for at, text in enumerate(parts):
        before = decisions[-1] if decisions else None
        if at and (same := _same_way(text, parts[at - 1], lang)) is not None:
            decisions.append(act(*same, lang))  # "音量调大，风量也是": the fan up too
            continue
        if (it := _it_read(text, parts[at - 1] if at else "", before, lang)) is not None:
            decisions.append(act(*it, lang))  # "put on some music, and crank it up"
            continue
        if not _says_no(text) and len(seats := _seats_ruled(text, lang)) >= 2:
            # "…, both seat heaters to three": each seat's command, none dropped for the first
            decisions.append(act(*seats[0], lang))
            extra[len(decisions) - 1] = [act(*seat, lang) for seat in seats[1:]]
            continue
        if not known_order(text) and (seat := _other_seat(text, before, act, lang)) is not None:
            decisions.append(seat)  # "…on high, and for me in low": the other seat's level
            continue
        indirect = complaints and not known_order(text) and felt(text)
        if not known_order(text) and not indirect and not _says_no(text) and (
                framed := _framed(text, lang)) is not None:
            decisions.append(act(*framed, lang))  # "breaker breaker blower on six"
            continue
        if not known_order(text) and not indirect and (set_said(text) or read_alone(text)) and (
                plain := order_among_asides(text, _sure, lang)) is not None:
            # "…，挡风玻璃除个雾", "…, the window closed": a setting or an order the rules read
            decisions.append(act(*plain, lang))
            continue
        if not known_order(text) and not indirect and (
                _says_no(text) or unknown_order(text, clause_topics(text))
                or (sure := sure_order(text, lang)) is None):
            guessed.append(len(decisions))
            decisions.append(None)
            continue
        if not known_order(text) and not indirect:
            # "…then get me home": no word of the fallback's orders, but the rules' sure order
            # (never a misheard verb's, "paws the music": asked)
            decisions.append(act(*sure, lang))
            continue
        ruled = _ruled(text, lang) or order_among_asides(text, _sure, lang)
        if ruled is not None and not _says_no(text):
            decisions.append(act(*ruled, lang))
            continue
        d = decide(text, False)
        if _says_no(text):  # "车窗不用动": that topic is left as it is, nothing asked
            topic = next(iter(sorted(named_outright(text) or named_topics(normalised(text)))))
            decisions.append(d._replace(intent="unknown", value=None, feedback=leave_it(lang),
                                        why="negated", topic=topic))
            continue
        if d.intent == "unknown" and d.why in ("out_of_domain", "low_confidence"):
            # a part is short: the head's reading of the whole sentence counts for it too
            whole = decide(text, True)
            d = whole if whole.intent != "unknown" else d
        if d.intent == "unknown" and (framed := _framed(text, lang)) is not None:
            d = act(*framed, lang)  # "whack the tunes up two good buddy": the head unsure
        named = named_outright(text)
        if indirect and d.intent == "unknown" and d.why not in _ASKED:
            d = _asked(text, d, lang)  # a complaint the head is unsure of: asked, never dropped
        elif d.intent == "unknown" and d.why in ("out_of_domain", "low_confidence") and (
                (worded := _worded(text)) is not None):
            d = act(*worded, lang)
        elif d.why == "out_of_domain" and len(named) == 1:
            # a part that names a cabin function outright is no request the cabin lacks: ask
            topic = next(iter(named))
            d = d._replace(feedback=confirm(topic, lang), why="low_confidence", topic=topic)
        if d.why == "not_grounded" and before is not None and before.topic == "seat_heat" and (
                before.intent != "unknown"):
            seat = _other_seat(text, before, act, lang)
            # the same seat twice, or no seat read: ask about the seat heating
            d = seat if seat is not None else d._replace(
                feedback=confirm("seat_heat", lang), why="low_confidence", topic="seat_heat")
        decisions.append(d)
    for at in guessed:  # never acted on: the words that would say what are not the cabin's
        like = next((d for d in decisions if d is not None), None) or decide(parts[at], False)
        decisions[at] = _asked(parts[at], like, lang)
    if extra:  # each seat's command a part of its own, said with the part's words
        parts = [p for at, p in enumerate(parts) for _ in range(1 + len(extra.get(at, [])))]
        decisions = [e for at, d in enumerate(decisions) for e in (d, *extra.get(at, []))]
    decisions = _seat_levels(parts, decisions, act, lang)
    parts, decisions = _each_named(parts, decisions, lang)
    acted = [d for d in decisions if d.intent != "unknown"]
    if not acted and not any(d.why in _ASKED for d in decisions):
        return None  # nothing of it for the cabin: the sentence is read whole
    said: list[str] = []
    for text, d in zip(parts, decisions, strict=True):
        if d.intent != "unknown" or d.why in _ASKED or d.why == "negated":
            said.append(d.feedback)
        else:
            said.append(cannot_part(text, lang))
    if acted:  # a device the cabin lacks, left out of even one command: said impossible
        for clause in dropped:  # the functions it also names outright: asked about
            asked = [decisions[0]._replace(intent="unknown", value=None, why="low_confidence",
                                           topic=t, feedback=confirm(t, lang))
                     for t in sorted(named_outright(clause))]
            said += [cannot_part(clause, lang), *(a.feedback for a in asked)]
            decisions += [decisions[0]._replace(intent="unknown", value=None, why="out_of_scope",
                                                topic=None), *asked]
    if acted and text:  # a clause no part read ("…, and the fan's doing nothing"): asked
        answered = {d.topic for d in decisions if d.topic is not None}
        whole = {normalised(p) for p in parts}  # a part is answered (acted, asked or refused)
        for clause in (c for c in _left(text, answered) if normalised(c) not in whole):
            asked = _asked(clause, decisions[0], lang)
            if asked.feedback not in said:
                decisions.append(asked)
                said.append(asked.feedback)
    first = next((d for d in decisions if d.why in _ASKED), decisions[0])
    return Several(decisions, said, first, lang)


def _each_named(parts: Sequence[str], decisions: list[Any], lang: str
                ) -> tuple[list[str], list[Any]]:
    """Every function a part names outright answered: a part run on from two commands
    ("fan up one both seat heaters to three", "previous song volume 20") decided as one is
    asked about each function it names that its decision did not act on, never dropped."""
    out_parts: list[str] = []
    out: list[Any] = []
    for text, d in zip(parts, decisions, strict=True):
        named = named_outright(text)
        left = sorted(named - ({d.topic} if d.intent != "unknown" else set()))
        if len(named) < 2 or d.why == "negated" or not left:
            out_parts.append(text)
            out.append(d)
            continue
        if d.intent != "unknown":
            out_parts.append(text)
            out.append(d)
        for topic in left:
            out_parts.append(text)
            out.append(d._replace(intent="unknown", value=None, feedback=confirm(topic, lang),
                                  why="low_confidence", topic=topic))
    return out_parts, out


_TWO_THINGS = re.compile(
    r"^(?:(?:can|could|would|will) you |please |just )*(?:turn|set|put|switch|bring|crank) "
    r"(?P<a>(?:the|my|our) [a-z' ]+?) (?:and|&) (?P<b>(?:the|my|our) [a-z' ]+?) "
    r"(?:up|down|on|off|to|at)\b")
"""One verb and one way said for two things ("set the blower and the tunes to four")."""


def _listed(lowered: str) -> set[str]:
    """The topics of the two things one verb and way are said for (:data:`_TWO_THINGS`)."""
    found = _TWO_THINGS.match(lowered)
    return set() if found is None else {
        t for thing in found.group("a", "b") for t in narrowed(named_topics(thing), thing)}


def _left(text: str, answered: set[str]) -> list[str]:
    """Each clause of ``text`` that speaks of a function no answered part is about
    (``answered``: their topics) with a way or an amount ("the sound is too low and …",
    "有声书继续放 …"), that asks to go home ("… then head for home"), or that names it without
    a word that tells (:data:`hil.llm.clauses.TOLD`: "…, and the last song again", "…，首歌跳过"):
    the clauses to ask about, in order. A clause taken back, refused, about somewhere else, or
    about the music alone beside a skip or a volume asks nothing."""
    said = clauses(text)
    back = max((at for at, c in enumerate(said) if _CANCEL.search(normalised(c))
                or _TAKEN_BACK.search(normalised(c))), default=-1)
    left: list[str] = []
    for clause in said[back + 1:]:
        lowered = normalised(clause)
        if _says_no(clause) or out_of_scope(lowered) is not None or NOT_HERE_NOW.search(lowered):
            continue
        topics = narrowed(named_topics(lowered), lowered)
        if not topics or topics & answered or (topics <= {"media_playback"} and (
                answered & PLAYS_MUSIC)):
            continue
        if topics == {"navigate_home"} or WAY.search(lowered) or AMOUNT.search(lowered) or (
                commanding(clause)) or TOLD.search(lowered) is None:
            left.append(clause)
    return left


_TAKEN_BACK = re.compile(rf"^{EN_CORRECTION_MARKS}\b|{ZH_CORRECTION_MARKS}|不是")
"""A clause that takes back what was said before it (the correction marks, and "不是")."""


def unread(text: str, decision: Any, lang: str,
           decide: Callable[[str, bool], Any] | None = None) -> Several | None:
    """The whole sentence acted on as one command (``decision``) while it names other cabin
    functions outright ("yo previous track volume to eighteen fan on two": the volume read, the
    track and the fan not) or shares its verb and way with another thing ("set the blower and
    the tunes to four": the fan read, the tunes not): the command, then a question about each
    function left, so that no part of a list is dropped without a word. With ``decide`` (as
    for :func:`several_decision`), a function left that one clause of its own names is first
    decided on that clause alone (:func:`_own_clause`), acted on when sure. None when it acted
    on nothing or names no other function, or says somewhere else, later, a remark or a no
    (read whole, as said)."""
    lowered = normalised(text)
    if decision.intent == "unknown" or decision.topic is None or (
            out_of_scope(lowered) is not None or NOT_HERE_NOW.search(lowered)
            or REMARK.search(lowered) or KEEP.search(lowered) or negated(lowered)):
        return None
    left = sorted((named_outright(text) | _listed(lowered)) - {decision.topic})
    asked = [_own_clause(text, t, decision, decide, lang) or decision._replace(
        intent="unknown", value=None, feedback=confirm(t, lang), why="low_confidence", topic=t)
             for t in left]
    for clause in _left(text, {decision.topic, *left}):  # "…, then head for home": asked
        acted = {d.topic for d in (decision, *asked) if d.intent != "unknown"}
        a = _decided(clause, decision, decide)
        if a is None or a.topic in acted:  # one function acted on once ("…白雾 赶紧除个雾")
            a = _asked(clause, decision, lang)
        if a.feedback not in {b.feedback for b in asked}:
            asked.append(a)
    if not asked:
        return None
    first = next((a for a in asked if a.intent == "unknown"), asked[0])
    return Several([decision, *asked], [decision.feedback, *(a.feedback for a in asked)],
                   first, lang)


_THEN_AT = re.compile(
    r"(?<=[\u4e00-\u9fff])(?=(?:再|然后|完了|接着|顺便)(?:把|给|帮|来|放|开|关|调|导航))")
"""Where a Chinese run-on says its next order after a "then" without a pause ("给我整个下一首|再把
音量调到十八")."""


def _own_clause(text: str, topic: str, decision: Any, decide: Callable[[str, bool], Any] | None,
                lang: str) -> Any:
    """The decision on the one clause of ``text`` (its clauses, cut also at a sentence's end and
    before a Chinese "then": :data:`_THEN_AT`) that names ``topic`` outright and not the topic
    ``decision`` acted on ("工地灰太大了赶紧关窗 再把风量开到四档": the fan read whole, the window
    asked), decided alone (``decide``) when it acts on ``topic``; else None (asked). Never a
    clause that says no, a correction, later or elsewhere, nor one the other clauses also name."""
    if decide is None:
        return None
    pieces = [s for piece in clause_pieces(text) for s in _THEN_AT.split(piece) if s.strip(" ,，")]
    naming = [p for p in pieces if topic in named_outright(p)]
    if len(naming) != 1 or decision.topic in named_outright(naming[0]):
        return None
    return _decided(naming[0], decision, decide, topic)


_UNDONE = re.compile(r"\bun-\w")
"""A verb undone by a hyphened "un-" ("un-pause the tunes"): the verb alone reads the other way."""


def _decided(clause: str, decision: Any, decide: Callable[[str, bool], Any] | None,
             topic: str | None = None) -> Any:
    """``decide``'s decision on ``clause`` alone when it acts on ``topic`` (by default the one
    topic the clause names, not the one ``decision`` acted on); else None. Never a clause
    that says no, a correction, later, elsewhere or a verb undone (:data:`_UNDONE`), nor a
    clause that names no topic outright (``topic`` None) and says no order's verb, way or
    amount: a thing named bare ("ciao music, pausa": its way said beside it) or a complaint,
    the reason of the order read ("…座椅加热关了吧 杠热")."""
    lowered = normalised(clause)
    # "…, and then the music, a little more strong", "俺这座椅加热关了吧 杠热": no order
    bare = topic is None and not (commanding(clause) or SET_SAID.search(lowered)
                                  or WAY.search(lowered) or AMOUNT.search(lowered))
    if topic is None:
        named = narrowed(named_topics(lowered), lowered)
        topic = next(iter(named)) if len(named) == 1 else None
    if decide is None or topic is None or topic == decision.topic or _says_no(clause) or (
            bare) or (
            _UNDONE.search(lowered) or _CANCEL.search(lowered) or _TAKEN_BACK.search(lowered)
            or out_of_scope(lowered) is not None or NOT_HERE_NOW.search(lowered)):
        return None
    d = decide(clause, False)
    return d if d.intent != "unknown" and d.topic == topic else None


__all__ = ["MAX_PARTS", "Several", "several_decision", "several_parts", "unread"]
