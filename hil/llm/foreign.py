"""An order's object outside this cabin: what an order names that the catalogue does not.

An order in new words ("bung the blower up a notch", "风量给我整大点") is only the cabin's when
the thing it moves is: "turn the church heating down", "把家里的空调打开", "full beam please",
"行车记录仪，把那段存下来", "冰柜再调冷一点" are orders too, of another building's, vehicle's or
device's function. :func:`foreign_order` reads, in each clause that orders, the thing ordered
(the object after an English order verb, the object of 把, the Chinese topic before the order
verb) and the modifier in front of a topic word (a place: "the office AC", "教堂里的暖气"), and
calls it foreign when no word the catalogue names its topics by covers it. The known devices are
the catalogue's own words (:func:`topic_spans`), not a list of others'.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hil.llm.grounding import named_topics
from hil.llm.signs import VENT_AIR
from hil.llm.topics import TOPICS_DATA
from twin.assistant.catalogue import active_catalogue
from twin.assistant.order_words import COURTESY, COURTESY_FILLERS, FOREIGN_ORDER_VERBS, alternation

_EN_ORDER = re.compile(
    r"^(?:\W*(?:" + alternation(COURTESY | COURTESY_FILLERS) + r")\b\W*)*"
    r"(?P<verb>" + alternation(FOREIGN_ORDER_VERBS) + r")\b"
    r"(?: (?:on|off|up|down|in|out|back|over))?"
    r"(?: (?:the|my|our|your|that|this|those|these|some|his|her|their|a|an))?"
    r" (?P<obj>[a-z][a-z'-]+)")
"""An English order verb first in its clause that names no topic of its own, and the first word
of what it orders (a verb of its own topic, "mute", "pause", "skip", "demist", orders whatever it
names: "pause this jawn")."""
_EN_NOT_A_THING = re.compile(
    r"^(?:it|its|it's|this|that|these|those|them|me|us|him|her|everything|things?|stuff|one|more|less|much|lot|bit|"
    r"little|tad|touch|notch|few|couple|all|way|up|down|on|off|back|again|too|so|very|really|"
    r"please|pls|now|then|just|quick|quickly|real|right|here|there|in|out|to|at|by|for|from|"
    r"with|of|and|or|but|if|as|louder|quieter|softer|warmer|cooler|colder|hotter|higher|lower|"
    r"faster|slower|stronger|weaker|bigger|smaller|max|maximum|min|minimum|full|half|level|"
    r"setting|number|degrees?|\d+|one|two|three|four|five|six|seven|eight|nine|ten|car|cabin|"
    r"inside|interior|air|sound|noise|thing|whole|entire|damn|bloody|blasted|flipping|freaking|"
    r"fricking|friggin|dang|darn|whatever|something|anything|same|other|next|previous|last)$")
"""Words after an order verb that name no device of their own (a pronoun, an amount, a way, a
number, the car itself, an intensifier): no object to check."""
_ADVERBS = (r"(?:[再都也就还全]|全部|然后|顺便|给[我额俺咱]?|帮[我额俺咱]|稍微|一下|"
            r"[往向][上下前后大小高低])*")
"""Words between an order's thing and its verb, or before its thing, that are none."""
_ZH_BA = re.compile(r"把(?P<obj>[^，,。！!？?；;把]{1,10}?)" + _ADVERBS + r"(?=(?:调|开|关|打开|"
                    r"关掉|关上|升|降|放|拉|摇|弄|搞|整|换|存|保存|录|擦|刮|亮|灭|锁|收|停|切|吹))")
"""The object of 把 in an order ("把空调打开"), up to its verb."""
_ZH_TOPIC_FIRST = re.compile(
    r"^(?:请|麻烦|帮我|给我|你|先|快|赶紧|那就?|就)*" + _ADVERBS
    + r"(?P<obj>(?:(?!把)[\u4e00-\u9fff]){1,6}?)" + _ADVERBS +
    r"(?=(?:调|打开|关掉|关上|升高|降低|开到|关到|存|保存|录|擦|亮|灭|锁)\S)")
"""A Chinese order whose thing comes first ("冰柜再调冷一点", "空调开到最大").
"""
_ZH_NOT_A_THING = re.compile(r"^(?:它|它们|这|那|这个|那个|这些|那些|全部|都|一下|稍微|"
                             r"车|车里|车内|车上|里面|我|我们|你|他|她|声音|音|风|温度|热|冷)$")
"""Objects of an order that name no device of their own, or the cabin itself."""
_ZH_PLACE = re.compile(
    r"(?P<place>[\u4e00-\u9fff]{1,4}?)(?:里面?|那边|那儿|那里|上面)的$|"
    r"(?P<building>[\u4e00-\u9fff]{0,3}(?:家|屋|房|厅|室|楼|馆|堂|店|司|院|校|厂|站|场|宿舍|单位))"
    r"的$")
"""A place before a device: "教堂里的暖气", "家里的空调", "办公室的空调"."""
_ZH_CABIN_PLACE = re.compile(r"车|舱|这|座|驾|排|窗|前|后|左|右|身|脚|头|脸")
"""A Chinese place word of this cabin ("车里的空调", "副驾那边的窗")."""
_EN_PLACE_BEFORE = re.compile(
    r"\b(?:the|my|our|your|his|her|their|this|that|a|an) (?P<word>[a-z]+) $")
_EN_CABIN_MOD = re.compile(
    r"^(?:the|my|our|your|this|that|these|those|a|an|some|car|car's|cabin|front|driver|"
    r"driver's|drivers|passenger|passenger's|passengers|left|right|both|all|side|seat|main|"
    r"turn|switch|put|set|make|open|close|shut|crank|bump|raise|lower|on|off|up|down|the|"
    r"and|then|please|just|now|more|less|full|max|it|in|of|to|with|her|his|their|its|me|"
    r"damn|bloody|blasted|little|bit|whole|window|windows|seats|fan|heat|heater|heated|air|"
    r"music|radio|stereo|volume|sound|climate|temperature|defrost|windscreen|windshield)$")
"""A word before an English topic word that keeps it this cabin's (a determiner, a seat, a
side, an order's own word, another topic word)."""


def _known() -> list[re.Pattern[str]]:
    """The catalogue's words for its topics: each topic's subject and outright words
    (:data:`hil.llm.topics.TOPICS_DATA`), the rules' topic words in every language, the vents'
    air."""
    known = [*TOPICS_DATA.subject.values(), *TOPICS_DATA.explicit.values(), VENT_AIR]
    return known + [p for words in active_catalogue().words.values() for _, p in words]


_KNOWN = _known()


def topic_spans(text: str) -> list[tuple[int, int]]:
    """Where the catalogue's words for its topics (:func:`_known`) are said in ``text``."""
    return [m.span() for p in _KNOWN for m in p.finditer(text) if m.end() > m.start()]


_PERSONS = frozenset(name for name, t in active_catalogue().topics.items()
                     if t.slots is not None and t.slots.zones and name in TOPICS_DATA.subject)
"""Topics the catalogue says belong to a seat (its ``zones``): the only ones a person holds."""
_HELD = re.compile(
    r"(?:她|他|她们|他们|人家|别人)的[\u4e00-\u9fff]{0,2}$|\b(?:her|his|their)(?: [a-z]+)? $")
"""A person holding the thing named next ("把她的加热关掉", "switch her heating off")."""


def _held_elsewhere(clause: str, topic: str) -> bool:
    """Whether a word of ``topic`` in ``clause`` is held by a person (:data:`_HELD`) though the
    topic belongs to no seat (:data:`_PERSONS`): the person's own device ("her heating" is her
    seat's, never the cabin's temperature)."""
    pattern = TOPICS_DATA.subject.get(topic)
    return topic not in _PERSONS and pattern is not None and any(
        _HELD.search(clause[:m.start()]) for m in pattern.finditer(clause))


def _covered(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    """Whether any topic word's span overlaps ``span``."""
    return any(s < span[1] and span[0] < e for s, e in spans)


def _a_thing(obj: str) -> bool:
    """Whether a Chinese order's object ``obj`` names a thing (not a pronoun, the cabin, nor
    only words between a thing and its verb, :data:`_ADVERBS`)."""
    return bool(obj) and not _ZH_NOT_A_THING.match(obj) and not re.fullmatch(_ADVERBS, obj)


def _last(m: re.Match[str]) -> tuple[int, int]:
    """The span of the last two characters of ``m``'s object (one if it has one): a Chinese
    noun's head is its end ("热气球落地那段" is a stretch of video, not the heat; "座椅加热" is
    the seat's heat), said by one topic word ("音凉" is no word of the catalogue's: its "凉" is
    a feeling, not the thing ordered)."""
    end = m.start("obj") + len(m["obj"].rstrip())
    return max(m.start("obj"), end - 2), end


def _head_covered(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    """Whether one topic word's span holds all of ``span``."""
    return any(s <= span[0] and span[1] <= e for s, e in spans)


def _foreign_object(clause: str) -> bool:
    """Whether ``clause`` orders a thing no catalogue word names, or a topic word held by a
    place that is not this cabin."""
    spans = topic_spans(clause)
    en = _EN_ORDER.search(clause)
    if en and not _EN_NOT_A_THING.match(en["obj"]) and not _covered(en.span("obj"), spans):
        rest = clause[en.end("obj"):].split()
        nxt = rest[0] if rest else ""
        # "turn the church heating down": the next word a topic word, said with a place
        at = en.end("obj") + 1  # a topic word starting there, not inside it ("theater")
        if not (nxt and any(s == at for s, _ in spans)):
            return True
    for m in _ZH_BA.finditer(clause):
        obj = m["obj"].strip()
        if _a_thing(obj) and not _head_covered(_last(m), spans):
            return True
    zh = _ZH_TOPIC_FIRST.search(clause)
    if zh and _a_thing(zh["obj"]) and not _head_covered(_last(zh), spans):
        return True
    for start, _ in spans:
        before = clause[:start].rstrip()
        place = _ZH_PLACE.search(before)
        if place and not _ZH_CABIN_PLACE.search(place.group(0)):
            return True
        word = _EN_PLACE_BEFORE.search(clause[:start])
        if (word and not _EN_CABIN_MOD.match(word["word"])
                and not _covered(word.span("word"), spans)):
            return True
    return False


_DESCRIBED = re.compile(r"[开调吹弄搞整放关]得(?![高低大小快慢亮暗强弱热冷凉暖]?一?[点些])")
"""A state told with 得 ("暖气开得太足了", "吹得糊我一脸"): how something is, not an order
("调得高一点" is one)."""


def foreign_order(lowered: str, clauses: Callable[[str], list[str]],
                  orders: Callable[[str], bool]) -> bool:
    """Whether a clause of ``lowered`` that orders (``orders``) orders a thing outside this
    cabin (module docstring), or tells how a thing is run with 得 (no order at all)."""
    return _foreign_of([c for c in clauses(lowered) if orders(c)])


def _foreign_of(ordered: list[str]) -> bool:
    return any(_DESCRIBED.search(c) or _foreign_object(c) for c in ordered)


def orders_its_topic(lowered: str, topic: str, clauses: Callable[[str], list[str]],
                     orders: Callable[[str], bool]) -> bool:
    """Whether a clause of ``lowered`` orders (``orders``) and names ``topic`` itself, no clause
    gives a person a topic that is no seat's (:func:`_held_elsewhere`), and no clause orders a
    thing outside this cabin (:func:`foreign_order`)."""
    every = clauses(lowered)
    ordered = [c for c in every if orders(c)]
    return (any(topic in named_topics(c) for c in ordered)
            and not any(_held_elsewhere(c, topic) for c in every)
            and not _foreign_of(ordered))


_OFF = re.compile(r"关|\boff\b|\bkill\b|\bshut\b")
"""An order to switch something off."""


def off_kept(lowered: str, intent: str, value: int | str | None) -> bool:
    """Whether ``intent``/``value`` keeps an order to switch off (:data:`_OFF`) one: no word of
    it, or the catalogue's way of the intent is off, none (a mute, a pause) or its set value the
    off value; never a step up or down, nor a setting above off."""
    if not _OFF.search(lowered):
        return True
    entry = active_catalogue().intents.get(intent)
    if entry is None:
        return False
    off = entry.value.off if entry.value is not None else None
    return entry.direction in (None, "off") or (entry.direction == "set" and value == off)
