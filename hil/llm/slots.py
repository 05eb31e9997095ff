# Over 400 lines: every slot the fallback reads (numbers, seats, zones, windows, levels) and the
# checks that keep a read number to its own slot, kept together so one reading rules them all.
"""Slots read from the words, once the head has chosen a topic: which intent of the topic and
its value.

* a number is a value only when the words bind it to the slot (:mod:`hil.llm.bound`: an age,
  a time, the weather, another topic's number never is; an unbound number in the command's own
  clause asks); it is read **relative or absolute** by the words around it: "调高20度", "raise
  it by 20", "warmer by two" are steps (+20: out of range, the cabin says the range, never a
  set); "调到二十度", "set it to 20", a bare "二十四度" are settings;
* "max"/"最大"/"最高" and "min"/"最小"/"最低" are the ends of the setting's range;
* the seat and zone words ("副驾", "passenger", "my wife's", "右") choose the passenger's
  heater, "主驾"/"driver"/"my seat" the driver's (not a side of another thing, "旁边的车", nor
  someone elsewhere, "老婆打电话说冷": ask); a level word ("high", "低") its level, read in
  the topic's own spans only and in its sense of a level ("at the next stop" is no off);
* a value acts only when a word said it (:func:`_said`: a number, a level or fraction word,
  the default, a range end), never one made up;
* which way (warmer/cooler, on/off, open/close, louder/quieter, play/pause, next/previous) is
  :func:`hil.llm.direction.direction_of`'s; when the words give none the answer is None and
  the head asks which way.

:func:`read_slots` returns ``(intent, value)`` or None (ask which way). The words that say a
slot are catalogue data, read by :func:`slot_words` (``[topics.NAME.slots]``, CONFIG.md): a
topic's seats and zones, its level words, a window's fractions, and whether a number with one of
the topic's ``units`` is a level (the fan's "两挡"). A topic added in a catalogue with these keys
reads its slots with no change here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hil.llm.bound import (
    ELSEWHERE,
    NOT_LEVEL,
    OTHER_THING,
    UNCLEAR,
    bound_number,
    clause_at,
    slot_numbers,
    topic_clauses,
)
from hil.llm.direction import FAMILY, cant_hear, complaint_of, direction_of
from hil.llm.topics import TOPICS_DATA
from hil.llm.values import (
    EN_NUMBER_WORDS,
    MAX_WORDS,
    MIN_WORDS,
    NOT_MAX,
    end_reached,
    max_said,
    min_said,
    numbers_said,
    window_end,
)
from twin.assistant.catalogue import Catalogue, active_catalogue
from twin.assistant.colloquial import object_unread
from twin.assistant.heard import HOMOPHONE_UNIT, homophone_number
from twin.assistant.intents import INTENTS
from twin.assistant.resolver import Turn
from twin.assistant.shapes import gives_order
from twin.assistant.story_seat import story_seat
from twin.assistant.wish import at_least, current_level

TOPICS = TOPICS_DATA.intents
INTENT_ENTRIES = active_catalogue().intents

_VAGUE = re.compile(
    r"一点|一些|一下|一丢丢|有点|点儿|\ba (?:bit|little|notch|touch)\b|"
    # a lone 一 before a verb ("烟花一炸", "一开窗就吵"): "as soon as", no amount (it set the
    # volume to 1); an amount of a setting is followed by its unit, a pause or the end
    r"(?<![零一二两三四五六七八九十百第\d])一(?=[\u4e00-\u9fff])"
    r"(?![零一二两三四五六七八九十百千万档挡格级度个成半分点下些])")
_RELATIVE = re.compile(
    r"\bby\b|\bmore\b|\bless\b|\bextra\b|调高|调低|升高|降低|提高|调大|调小|加|减|升|降|多|少|"
    r"warmer|cooler|hotter|colder|louder|quieter|\bup\b|\bdown\b|raise|lower|increase|decrease|"
    r"higher|\bnotch|\bplus\b|\bbump|\bcrank|\bnudge|\bboost|\banother\b|再|往上|往下|往[高低大小]|[高低大小](?=[一二两三四五六七八九十\d])|"
    r"\b(?:levels|steps|clicks|bars|settings)\b"  # "six levels" counts steps ("level six" sets)
)
_ABSOLUTE = re.compile(
    r"调到|调至|调成|调为|设为|设到|设成|设置|设定|开到|开成|到|至|为|成|放到|改成"
)
_UNREAD_TARGET = re.compile(
    r"\b(?:up|down)\s+to\b|调到|调至|调成|调为|设为|设到|设成|开到|开成|放到|改成|降到|升到")
"""A setting said with a way ("down to for", a misheard "four"; "调到适中"): when no number is
read, a step in that way could still go the wrong way from the current setting, so ask."""


def said_a_setting(lowered: str) -> bool:
    """Whether the words say a setting ("down to …", "调到…"), read or not."""
    return _UNREAD_TARGET.search(lowered) is not None


_COUNT = "[一二两三四五六七1-7] ?"
"""A level counted in words or digits before its unit ("两挡", "3 档")."""
_STEP_BEFORE = "[大小高低加减升降]"
"""Step words right before a count make it a step ("调大两挡"), not a level."""
_NEVER = re.compile(r"(?!)")


@dataclass(frozen=True)
class SlotTables:
    """One topic's slot words (``[topics.NAME.slots]``), compiled."""

    zones: tuple[tuple[str, re.Pattern[str]], ...] = ()
    own: re.Pattern[str] = _NEVER
    unsaid: re.Pattern[str] = _NEVER
    levels: tuple[tuple[int, re.Pattern[str]], ...] = ()
    fractions: tuple[tuple[int, re.Pattern[str]], ...] = ()
    counted: re.Pattern[str] | None = None
    """A count with the topic's unit said as a level (None: the topic counts no levels)."""
    stepped: re.Pattern[str] = _NEVER
    """The same count right after a step word (a step)."""


def slot_words(catalogue: Catalogue) -> dict[str, SlotTables]:
    """Each topic with ``slots`` and its compiled slot words."""
    out = {}
    for name, topic in catalogue.topics.items():
        slots = topic.slots
        if slots is None:
            continue
        counted = stepped = None
        if slots.counted and topic.units is not None:
            units = "|".join(re.escape(u) for u in (*topic.units.en, *topic.units.zh_CN))
            counted = re.compile(f"(?<!{_STEP_BEFORE}){_COUNT}(?:{units})")
            # "调大两挡", "往大里调一档": a step, not a level
            stepped = re.compile(
                f"(?:{_STEP_BEFORE}|往[大小高低上下][^，,。到成至\\d]{{0,3}}?){_COUNT}(?:{units})")
        out[name] = SlotTables(
            zones=tuple((i, re.compile(c.pattern())) for i, c in slots.zones.items()),
            own=re.compile(slots.own.pattern()) if slots.own is not None else _NEVER,
            unsaid=re.compile(slots.unsaid.pattern()) if slots.unsaid is not None else _NEVER,
            levels=tuple((w.value, re.compile(w.pattern())) for w in slots.levels),
            fractions=tuple((w.value, re.compile(w.pattern())) for w in slots.fractions),
            counted=counted, stepped=stepped or _NEVER)
    return out


SLOTS = slot_words(active_catalogue())
_NONE = SlotTables()
PASSENGER = dict(SLOTS.get("seat_heat", _NONE).zones).get("seat_heat_passenger", _NEVER)
"""The words naming the front passenger's seat (the seat heating's zone words in the
catalogue): the follow-up and clause readers ask whether a sentence names it."""
DRIVER = dict(SLOTS.get("seat_heat", _NONE).zones).get("seat_heat_driver", _NEVER)
"""The words naming the driver's seat (the catalogue's zone words)."""
OWN = SLOTS.get("seat_heat", _NONE).own
"""The speaker's own seat ("mine", "我的"; the catalogue's ``own`` words): the driver's."""


_HAN = re.compile(r"[\u4e00-\u9fff]")
_CRACK = re.compile(
    r"\bcrack|\ba (?:bit|little|tad|touch|smidge)\b|\bslightly\b|缝|一点|一些|一丢|[开降留]点"
)
_AIRING = re.compile(r"fresh air|some air|透气|通通风")
_OPEN_VERB = re.compile(r"\bopen|\broll (?:it |the \w+ )?down|\bdown\b|打开|开|降|摇下")
CRACK_POSITION = 20
"""A window opened "a crack" / "一条缝": the position the rules' templates give it (percent)."""


_PRONOUN_ONE = re.compile(
    r"\b(?:the|this|that|little|wee|young|which|each|every|no|any|some|another|other|last|"
    r"next|right|wrong|big|small|new|old|loved|only)\s+ones?\b|\bones?'s\b|\bone (?:of|who)\b",
    re.IGNORECASE,
)
""""one" as a pronoun, no number: "the little one's asleep", "this one", "one of them"."""


_EN_COUNT = (r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
             r"fifteen|twenty|thirty|forty|fifty|a couple of|a few)")
_NO_THING = (r"(?:degrees?|notch(?:es)?|steps?|levels?|clicks?|bars?|settings?|stages?|speeds?|"
             r"points?|percent|times|more|less|thanks|cheers|please|this|does|always|plus|minus|"
             # a determiner after the count starts another phrase ("down by twenty the
             # fireworks are loud"): the count is the step, no count of fireworks
             r"the|my|your|our|their|his|her|its|that|these|those|"
             r"unless|perhaps|yes|is|was|and|or|on|up|down|to|at)\b")
_COUNTED_THING = re.compile(
    rf"\b{_EN_COUNT}\s+(?:(?!{_NO_THING})[a-z]+\s+)?(?!{_NO_THING})[a-z]{{3,}}s\b|"
    r"(?:\d+|[一二两三四五六七八九十几]+)(?:个(?=[\u4e00-\u9fff])(?![档挡格级度吧啊呀嘛哈])|天|晚上?|夜|岁|次|遍|小时|钟头|"
    r"分钟|公里|口子|位|件|箱|趟|圈)",
    re.IGNORECASE,
)
"""A number counting something that is no setting ("three nights in a row", "two night shifts",
"两个小时", "三岁"): a story said before the command, not its value ("I've done three nights in
a row … put my seat heater on low" set level 3). A 个 with no noun after it measures the step
itself ("音量减小十二个" is 12, not a count read away to the default 2)."""


_ZH_CLAUSE = re.compile(r"[，,。！!？?；;、]|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
_STORY_NUMBER = re.compile(
    r"(?<![\d一二两三四五六七八九十百几])(?:\d+|[一二两三四五六七八九十百几]+)"
    r"(?![\d一二两三四五六七八九十百几])(?=[\u4e00-\u9fff])"
    r"(?!度|档|挡|格|级|个[档挡格级度]|点|下|成|分之|吧|呗|啊|呀|嘛|了|哈|哦|就|好|行|可以|左右|"
    r"上下|谢|然后|再|和|跟|把|吧)")
"""A Chinese number run into a word that is no unit of a setting nor a particle ("三分球",
"十分", "吵了三回"): in a clause naming no cabin topic outright, a story's count."""


def _story_counts(text: str) -> str:
    """``text`` without the numbers of its Chinese clauses that name no cabin topic outright
    and count something else (:data:`_STORY_NUMBER`: "声音大点，三分球进了": the volume gets
    no 3)."""
    from hil.llm.grounding import EXPLICIT, named_topics  # grounding reads the catalogue

    parts = [c for c in _ZH_CLAUSE.split(text) if c.strip()]
    if len(parts) < 2:
        return text
    for clause in parts:
        outright = any(EXPLICIT[t].search(clause) for t in named_topics(clause))
        if not outright and _STORY_NUMBER.search(clause):
            text = text.replace(clause, _STORY_NUMBER.sub(" ", clause), 1)
    return text


def amounts(text: str) -> str:
    """``text`` without the words that look like a number and are none (vague "一点"/"a bit",
    "one" as a pronoun: "the little one's asleep", a count of things: "three nights", a story
    clause's count: "三分球进了")."""
    return _COUNTED_THING.sub(" ", _PRONOUN_ONE.sub(" ", _VAGUE.sub(" ", _story_counts(text))))


_STEP_COUNT = re.compile(
    rf"(?<!\bto )(?<!\bat )(?<!\bon )(?<!\blevel )\b{_EN_COUNT}\s+(?:more\s+)?"
    r"(?:levels?|notch(?:es)?|steps?|clicks?|bars?|stages?|speeds?)\b")
"""An amount of levels said with no target ("boost the fan one level", "nerf the volume two
notches"): a step by that many, never a setting (the fan once went down to 1 when the speaker
wanted it one level up); "fan to level one", "on one", "at level 1" stay settings."""


_ABSOLUTE_EN = re.compile(
    r"\b(?:to|at|on|set|level)\b(?: [\w'-]+){0,2}? (?:\d|" + EN_NUMBER_WORDS.pattern + ")")
"""An English target word that binds a number said within two words after it ("up to 22",
"set it at twenty", "to about level four", "the fan on four"); an "at" or "to" of an idiom
far from the number ("done at last, fan up one", "back to work, volume down two") binds none:
the step stands (the fan once went *down* to 1 on "…at last fan up one")."""


def _relative(text: str, lowered: str) -> bool:
    """Whether a number in ``text`` is a step: an amount of levels with no target
    (:data:`_STEP_COUNT`), or a step word and no "to"-word before it."""
    if _STEP_COUNT.search(lowered):
        return True
    if (_ABSOLUTE.search(lowered) or _ABSOLUTE_EN.search(lowered)) and not re.search(
            r"\bby\b", lowered):
        return False
    return _RELATIVE.search(lowered) is not None


END_SHARE = 0.1
"""The share of a setting's range at each end that a set against the words' way may not reach:
"it's freezing" never sets the coldest ("as cold as a morgue" set 16 °C), "还不够响" never the
quietest ("一炸" read as volume 1)."""


def _against(topic_set: str, value: int, way: int | None) -> tuple[str, int] | None:
    """``(topic_set, value)``, or None (ask) when the words want it one way (``way``: +1 up, -1
    down) and ``value`` is within :data:`END_SHARE` of the range's other end: a complaint
    never moves the setting the way it complains of."""
    schema = INTENTS[topic_set]
    assert schema.low is not None and schema.high is not None
    edge = END_SHARE * (schema.high - schema.low)
    if (way > 0 and value <= schema.low + edge) or (way < 0 and value >= schema.high - edge):
        return None
    return topic_set, value


_ENDS_AS = (r"(?:(?:\b(?:to|at|on|make it|put it|set it|keep it)|调到|开到|调成)\s*(?:the\s*)?)?"
            r"(?:\b{words}\b(?= ?(?:setting|level|possible|temperature|it (?:can|will) go|"
            r"please|$))|(?:{zh})(?=[吧啊呀]|$|，|,))")
_COLDEST = re.compile(_ENDS_AS.format(words="(?:coldest|coolest|chilliest)", zh="最冷|最凉"))
_HOTTEST = re.compile(_ENDS_AS.format(words="(?:hottest|warmest)", zh="最热|最暖"))
"""The temperature's ends said as the setting ("coldest please", "make it the warmest it can
go", "调到最冷"; "coldest please" once stepped it *up*, its feeling word read as a way); "the
coldest car ever" is a complaint, read as before."""


_PIECE = re.compile(r"[，,。；;！!？?\s]+")
"""Pieces of a Chinese line said apart by a pause or a space ("kong调关了 风也调小一点")."""


def _level_unowned(own: str, topic: str, up: str, words: SlotTables) -> bool:
    """Whether the level word of ``own`` is said in a piece naming no topic (an unread thing:
    "kong调关了", "把那个关了") while another piece names ``topic`` and steps it a way: the
    level is not surely this topic's, and a step is no "off" (once the fan was turned off)."""
    if _HAN.search(own) is None:
        return False  # English words are cut by spaces: no piece of a line
    pieces = [p for p in _PIECE.split(own) if p]
    leveled = [p for p in pieces if any(found.search(p) for _, found in words.levels)]
    return bool(leveled) and all(
        not any(p2 is not None and p2.search(p) for p2 in TOPICS_DATA.subject.values())
        for p in leveled) and any(
        p not in leveled and TOPICS_DATA.subject[topic].search(p) is not None
        and direction_of(up, p) for p in pieces)


def _level(topic: str, topic_set: str, up: str, down: str, text: str, words: SlotTables
           ) -> tuple[str, int | str | None] | None:
    """A topic with a setting and steps (temperature, fan, volume); a number only when the
    words bind it to the slot (:func:`hil.llm.bound.bound_number`), else ask."""
    lowered = text.lower()
    schema = INTENTS[topic_set]
    assert schema.low is not None and schema.high is not None
    if topic == "climate_temperature" and _COLDEST.search(lowered):  # "coldest please"
        return _against(topic_set, schema.low, direction_of(up, _COLDEST.sub(" ", lowered)))
    if topic == "climate_temperature" and _HOTTEST.search(lowered):
        return _against(topic_set, schema.high, direction_of(up, _HOTTEST.sub(" ", lowered)))
    # the way said besides the end ("freezing, put it on max"), else the end said as a
    # source's state ("heat's going full whack in here": an excess, never an order of the top)
    said = complaint_of(up, lowered)
    if max_said(lowered):
        return _against(topic_set, schema.high, -1 if said < 0 else direction_of(
            up, MAX_WORDS.sub(" ", lowered)))
    if min_said(lowered):
        low = 1 if topic_set == "climate_set_fan" else schema.low  # the fan's 0 is off
        return _against(topic_set, low, 1 if said > 0 else direction_of(
            up, MIN_WORDS.sub(" ", lowered)))
    own = topic_clauses(lowered, topic)  # "fan down two ac off": the AC's off, not the fan's
    level = next((v for v, found in words.levels if found.search(own)), None)
    if level is not None and _level_unowned(own, topic, up, words):
        return None  # "kong调关了 风也调小一点": whose off is unsure, the fan's way a step: ask
    if level is not None:
        return topic_set, level  # "kill the fan", "把风扇关掉": the fan's off, no step down
    way = direction_of(up, text) or 0
    number = bound_number(amounts(lowered), topic)
    if number == UNCLEAR:
        return None
    stepped = words.stepped.search(lowered) is not None
    if (number is not None and words.counted is not None and words.counted.search(lowered)
            and not stepped):
        return topic_set, number  # "风量调两挡": level 2 ("调大两挡" is a step)
    if number is not None:
        if _relative(own, own) or stepped:
            if way == 0:
                return None
            return (up if way > 0 else down), number
        return _against(topic_set, number, way)
    if way == 0 or said_a_setting(lowered):
        return None
    return (up if way > 0 else down), INTENTS[up].default


_EN_AMOUNT = (r"(?:top|highest|max(?:imum)?|maxed|full(?: blast| power| whack)?|lowest|"
              r"min(?:imum)?|bottom|high|low|medium|middle|mid|(?:number|level|notch|setting) \w+|"
              r"\d+|" + EN_NUMBER_WORDS.pattern + ")")
_VALUE_ALONE = re.compile(
    r"^\W*(?:(?:and|but|just|oh|so|yeah) )?(?:(?:put|set|turn|make|crank|whack) (?:it |them )?)?"
    r"(?:(?:on|to|at|unto|up to|onto|all the way to) )?(?:the |its |it's |their |her |his )?"
    rf"(?:very )?{_EN_AMOUNT}(?: (?:one|setting|level|notch|heat|degrees?|percent|please|thanks|"
    r"mate|love|pal|yeah|ok|okay))*\W*$|"
    r"^\W*(?:开|调|来|放|拉|给我)?(?:到|成)?(?:最高|最大|最低|最小|顶格|满|高|中|低|"
    r"[一二两三四五六七八九十\d]+)(?:档|挡|级|度)?(?:吧|啊|呀|就行|就好|谢谢)?\W*$")
"""A clause that says only a value ("…, top setting", "unto its highest", "three please",
"最高档吧"): the command's own slot, said after it."""


def with_values(command: str, reasons: tuple[str, ...]) -> str:
    """``command`` with the clauses left out beside it that say only a value
    (:data:`_VALUE_ALONE`) said after it: "heat the passenger seat for the missus, top setting"
    is level 3, not the default the command alone would give."""
    values = [r for r in reasons if _VALUE_ALONE.search(r.lower())]
    return " , ".join((command, *values))


def told_seat(text: str) -> tuple[str, tuple[str, ...]] | None:
    """The seat a story in ``text`` names (:func:`twin.assistant.story_seat.story_seat`, the
    language by the script): the whole sentence is then read for the seat, story and all."""
    return story_seat(text, "zh-CN" if _HAN.search(text) else "en")


def _seat(topic: str, members: tuple[str, ...], text: str, words: SlotTables,
          last: Turn | None = None) -> tuple[str, int | str | None] | None:
    """The seat (the intent whose zone words match, else the first: the speaker's) and its
    level; None when the sentence names another seat and the speaker's own (two commands:
    "座椅加热副驾的关掉，我的开一档" set the passenger's to the driver's level), or a person
    whose seat is not said (ask which seat). A story naming whose comfort is meant chooses the
    seat as the rules do (:mod:`twin.assistant.story_seat`)."""
    lowered = text.lower()
    zoned = OTHER_THING.sub(" ", lowered)  # "旁边的车", "the passenger window": no seat
    found = [(i, m) for i, zone in words.zones if (m := zone.search(zoned))]
    if any(ELSEWHERE.search(zoned[slice(*clause_at(zoned, m.start()))]) for _, m in found):
        return None  # "my friend is driving behind us", "老婆打电话说冷": not in this seat; ask
    said = [i for i, _ in found]
    story = told_seat(text)
    if story is not None:  # "my wife is freezing so turn the seat heater on": as the rules read
        if story[0] != "passenger":
            return None  # a child, a parent, or both of them: ask which seat, never one for both
        said = [i for i in members if i.endswith("_passenger")]
    elif (any(i != members[0] for i in said) and words.own.search(lowered)) or len(set(said)) > 1:
        return None  # two seats said in one command: never one of them for both
    if said:
        intent = said[0]
    elif words.unsaid.search(lowered):
        return None  # for someone whose seat is not said: ask which seat
    else:  # no seat said: the speaker's (the topic's first intent)
        intent = members[0]
    zones = tuple(zone for _, zone in words.zones)  # "座椅加热 副驾 二": the seat's level
    number = bound_number(amounts(lowered), topic, zones)  # only a number bound to the seat
    if number == UNCLEAR:
        return None
    if number is not None and not re.search(r"\b(?:one|1)'?s\b", lowered):
        return intent, number
    # "坐满了人 … 开低档": 满 is the car's, not the level; a level word only in the seat's own
    # clauses and in its sense of a level ("停车场好冷", "my little girl", "at the next stop": none)
    said = NOT_LEVEL.sub(" ", NOT_MAX.sub(" ", topic_clauses(lowered, topic)))
    for level, found in words.levels:
        if found.search(said):
            return intent, level
    if max_said(said):  # "as hot as she goes", "as warm as it'll go": the seat's top level
        return intent, INTENTS[intent].high
    if min_said(said):  # "heated seat on, minimum": the lowest level that heats (0 is off)
        return intent, max(1, INTENTS[intent].low or 0)
    level = INTENTS[intent].default  # on: never below the level the last turn left it at
    assert isinstance(level, int)
    return intent, at_least(intent, level, 1, () if last is None else (last,))


_STATE_SAID = re.compile(
    r"\b(?:the|an?|that|this|my|her|his|our|your|every|each|all the) (?:wide )?(?:open|opened|shut|"
    r"closed) (?:\w+ )?windows?\b|\bwindows?(?:'s|'re| is| are| was| were| has| have| had| been)+"
    r"(?: (?:still|wide|all|left))* (?:open|shut|closed)\b|\bwith (?:every|each|all the|"
    r"the) windows? (?:shut|closed|open)\b|"
    r"(?:开|关)着的(?:车)?窗户?|(?:车)?窗户?(?:一直|还|都)?(?:开|关)着(?![吧呢])|关得(?:严严实实|死死的?|好好的)|"
    r"\b(?:ac|a/c|air ?con\w*|air conditioning|aircon)(?:'s| is| has| been| was| still| not)+ "
    r"(?:off|on)\b|(?:空调|冷气)(?:还|一直|到现在都还|都还)?(?:关着|没开)"
)
"""A window's or the AC's state said as the state it is in ("rain through the open window", "窗户开
着，虫子往里飞", "the AC's been off since we left"): a complaint about the cabin as it is, no
order of that way (the fallback once opened the window for the flies coming in)."""


def _window(topic: str, set_: str, open_: str, close: str, text: str, words: SlotTables
            ) -> tuple[str, int | str | None] | None:
    """A position with open and close (the window)."""
    lowered = text.lower()
    number = bound_number(amounts(lowered), topic)
    if isinstance(number, int) and re.search(r"%|percent|百分之|成", lowered):
        return set_, number
    end = window_end(lowered)  # "all the way up": closed, never the top of the range
    if end == 0:
        return close, None
    way = direction_of(open_, _STATE_SAID.sub(" ", text)) or 0
    if end is not None or max_said(lowered):
        # "all the way" or "fully" is the end the way says: "wind the window all the way up",
        # "close the window fully" close it (they once opened it fully); open to the end is
        # the open intent ("open the window fully"), as the rules read it, not a set to 100
        return (close, None) if way < 0 else (open_, None)
    if re.search(r"\bhalf(?:way| way)?\b|'alf ?way\b|一半|开半", lowered):  # "'alfway": dropped h
        return set_, 50
    fraction = next((f for f, found in words.fractions if found.search(lowered)), None)
    if fraction is not None:
        # "open it a quarter of the way": that much open; closed by a quarter is ambiguous
        return (set_, fraction) if way >= 0 else None
    if way == 0:
        return None
    if way > 0 and (_CRACK.search(lowered) or (
            _AIRING.search(lowered) and not _OPEN_VERB.search(lowered))):
        # "开条缝", "crack it", and a wish for some air without a word of opening ("i need
        # some fresh air", "想透透气"): a little, as the rules' templates answer them; a smell or
        # stuffiness ("车里有股味道", "it's stuffy") opens it
        return set_, CRACK_POSITION
    return (open_ if way > 0 else close), None


def _pair(up: str, down: str, text: str, head_member: str) -> tuple[str, None] | None:
    """Two intents with no value (on/off, play/pause, next/previous): the words decide; with
    none, the head's own choice in the topic when it is one of them and the family has no
    risky side (media playback and tracks), else ask."""
    way = direction_of(up, _STATE_SAID.sub(" ", text)) or 0
    if way:
        return (up if way > 0 else down), None
    if head_member == down and FAMILY[up][0] == "media_playback" and cant_hear(text):
        return None  # "can't make out a word the singer says": never a pause; ask
    if up.startswith("media_") and head_member in (up, down) and (
            complaint_of(up, text) != (-1 if head_member == up else 1)):
        return head_member, None  # never the way a complaint of state complains of
    return None


def _shape(topic: str) -> tuple[str, tuple[str, ...]]:
    """How a topic's intents read (from the catalogue's directions): ``level`` (set, up, down:
    ``(set, up, down)``), ``position`` (set, open, close), ``seats`` (several settings told apart
    by the seat words), ``pair`` (two ways without a value: ``(up, down)``), else ``plain``."""
    members = TOPICS.get(topic, ())
    ways = {INTENT_ENTRIES[i].direction: i for i in members if i in INTENT_ENTRIES}
    family = {FAMILY[i][1]: i for i in members if i in FAMILY}
    if {"set", "up", "down"} <= set(ways) and len(members) == 3:
        return "level", (ways["set"], ways["up"], ways["down"])
    if {"set", "on", "off"} <= set(ways) and len(members) == 3:
        return "position", (ways["set"], ways["on"], ways["off"])
    if len(members) > 1 and all(INTENT_ENTRIES[i].direction == "set" for i in members):
        return "seats", members
    if len(members) == 2 and set(family) == {1, -1}:
        return "pair", (family[1], family[-1])
    return "plain", members


def _kept_level(intent: str, last: Turn | None) -> int | None:
    """The level ``last`` left a seat's heater at (:func:`twin.assistant.wish.current_level`):
    an "on" kept there is read from the conversation, not made up."""
    topic = active_catalogue().intents[intent].topic
    return current_level(topic, () if last is None else (last,)) if topic else None


def _said(read: tuple[str, int | str | None], text: str, words: SlotTables) -> bool:
    """Whether a value read comes from the words: a number said, a level or fraction word said,
    the setting's default, an end of its range, a window's crack or half. A level made up from
    no word ("零下" once read as 0: the seat heater off for the cold) never acts."""
    intent, value = read
    if not isinstance(value, int):
        return True
    schema = INTENTS[intent]
    lowered = text.lower()
    if max_said(lowered) or min_said(lowered):
        return True  # an end of the range, said ("风量调到最小" is the fan's 1: its 0 is off)
    numbers = numbers_said(lowered)
    said = {*numbers, *(-n for n in numbers), schema.default, schema.low, schema.high,
            CRACK_POSITION, 50}
    said |= {v for v, found in (*words.levels, *words.fractions) if found.search(lowered)}
    return value in said


_EARLIER = re.compile(
    r"\b(?:than|then) (?:it was|it were|they were|before|earlier|it used to be|last time|"
    r"a (?:minute|moment|second|while|bit) ago|"
    r"(?:when|before) we (?:got in|started|set off|left))\b|"
    r"比(?:刚才|刚刚|方才|之前|原来|以前|上车的?时候)", re.IGNORECASE)
_ZH_ASKED_MORE = re.compile(r"再|一点|一些|点儿|[调开关放]")
"""A state compared with an earlier one ("it's louder than before", "比刚才冷多了"): the change
said, not which way it is wanted (a relief or a complaint); with no order beside it
(:func:`gives_order`, "再…一点") the fallback reads no way from it and asks."""


def _earlier_state(text: str) -> bool:
    """Whether ``text`` only compares a state with an earlier one (:data:`_EARLIER`)."""
    if _EARLIER.search(text) is None:
        return False
    lang = "zh-CN" if _HAN.search(text) else "en"
    return not gives_order(text, lang) and (lang == "en" or _ZH_ASKED_MORE.search(text) is None)


def crack_kept(read: tuple[str, int | str | None] | None, text: str, last: Turn | None
               ) -> tuple[str, int | str | None] | None:
    """``read`` with a window's crack said with no number ("crack the window", "i need some
    fresh air", "开条缝") kept on the opening side of the window's state after ``last``
    (:func:`twin.assistant.wish.at_least`): a crack never closes a window open wider."""
    if read is None or read[1] != CRACK_POSITION or CRACK_POSITION in numbers_said(text.lower()):
        return read
    if active_catalogue().intents[read[0]].topic != "window":
        return read
    return read[0], at_least(read[0], CRACK_POSITION, 1, () if last is None else (last,))


def read_slots(topic: str, text: str, head_member: str, last: Turn | None = None
               ) -> tuple[str, int | str | None] | None:
    """The intent and value of ``topic`` said in ``text`` (``head_member``: the head's most
    probable intent of the topic; ``last``: the conversation's last turn, the state a crack of
    the window is kept above); None when the words give no way and one is needed."""
    shape, members = _shape(topic)
    words = SLOTS.get(topic, _NONE)
    text = HOMOPHONE_UNIT.sub(homophone_number, text)  # "make that too degrees cooler": two
    if shape in ("level", "seats", "position") and len(
            {v for v, kind in slot_numbers(amounts(text), topic) if kind != "other"}) > 1:
        # "back one tune and loudness to eighteen": which number is the topic's? ask; a number
        # that counts or names something else ("it's 18 in here, set it to 22") is no candidate
        return None
    if object_unread(text):
        return None  # "put the tunes on banana": a word after "on" no reading knows; ask
    if shape in ("level", "seats", "pair") and _earlier_state(text):
        return None  # "it's louder than before": which way is not said; ask
    if shape in ("level", "seats", "position") and end_reached(text.lower()):
        return None  # "座椅加热已经开到最高了": the end is reached, not asked for; ask
    read = (_level(topic, *members, text, words) if shape == "level" else
            _seat(topic, members, text, words, last) if shape == "seats" else
            _window(topic, *members, text, words) if shape == "position" else None)
    if shape in ("level", "seats", "position"):
        said = read is None or _said(read, text, words) or (
            shape == "seats" and read[1] == _kept_level(read[0], last))
        return crack_kept(read if said else None, text, last)
    if shape == "pair":
        return _pair(*members, text, head_member)
    return head_member, None  # defrost, mute, home: nothing to read
