"""Slots read from the words, once the head has chosen a topic: which intent of the topic and
its value.

* a number is read **relative or absolute** by the words around it: "调高20度", "raise it by
  20", "warmer by two" are steps (+20: out of range, the cabin says the range, never a set);
  "调到二十度", "set it to 20", a bare "二十四度" are settings;
* "max"/"最大"/"最高" and "min"/"最小"/"最低" are the ends of the setting's range;
* the seat and zone words ("副驾", "passenger", "my wife's", "右") choose the passenger's
  heater, "主驾"/"driver"/"my seat" the driver's; a level word ("high", "低") its level;
* which way (warmer/cooler, on/off, open/close, louder/quieter, play/pause, next/previous) is
  :func:`hil.llm.direction.direction_of`'s; when the words give none the answer is None and
  the head asks which way.

:func:`read_slots` returns ``(intent, value)`` or None (ask which way).
"""

from __future__ import annotations

import re

from hil.llm.direction import FAMILY, direction_of
from hil.llm.topics import TOPICS_DATA
from hil.llm.values import parse_number
from twin.assistant.catalogue import active_catalogue
from twin.assistant.intents import INTENTS

TOPICS = TOPICS_DATA.intents
INTENT_ENTRIES = active_catalogue().intents

_VAGUE = re.compile(r"一点|一些|一下|一丢丢|有点|点儿|\ba (?:bit|little|notch|touch)\b")
_RELATIVE = re.compile(
    r"\bby\b|\bmore\b|\bless\b|\bextra\b|调高|调低|升高|降低|提高|调大|调小|加|减|升|降|多|少|"
    r"warmer|cooler|hotter|colder|louder|quieter|\bup\b|\bdown\b|raise|lower|increase|decrease|"
    r"higher|\bnotch|再|往上|往下|[高低大小](?=[一二两三四五六七八九十\d])"
)
_ABSOLUTE = re.compile(
    r"\bto\b|\bat\b|\bset\b|\blevel\b|调到|调至|调成|调为|设为|设到|设成|设置|设定|开到|开成|"
    r"到|至|为|成|放到|改成"
)
MAX_WORDS = re.compile(
    r"\bmax(?:imum|ed)?\b|\bhighest\b|\bfull(?:y| blast| power)?\b|all the way up|as (?:high|"
    r"loud|strong|warm|hot) as|最大|最高|最强|最猛|满|全开"
)
MIN_WORDS = re.compile(
    r"\bmin(?:imum)?\b|\blowest\b|all the way down|as (?:low|quiet|weak|cool|cold) as|"
    r"最小|最低|最弱"
)
_FAN_LEVEL = re.compile(r"(?<![大小高低加减升降])[一二两三四五六七1-7] ?[档挡]")
_FAN_STEP = re.compile(r"[大小高低加减升降][一二两三四五六七1-7] ?[档挡]")
PASSENGER = re.compile(
    r"passenger|\b(?:my |the )?(?:wife|husband|partner|girlfriend|boyfriend|mom|mum|mother|"
    r"dad|father|friend|son|daughter)'?s?\b|co-?driver|shotgun|right(?:-hand)? seat|副驾|右前|"
    r"\bhers\b|\bher (?:seat|side)\b|"
    r"\b(?:for|to) (?:my |the |our )?(?:madam|missus|missis|missy|wifey|lady|better half|"
    r"spouse|fianc\w*|her|passenger)\b|\bmy (?:madam|missus|missis|wifey|lady|better half)\b|"
    r"右边|右侧|老婆|老公|媳妇|女朋友|男朋友|爱人|太太|旁边|给她"
)
"""The front passenger's seat: named, or the person who by convention sits there, the speaker's
wife or partner ("abeg on the seat warmer for my madam", "给她开座椅加热")."""
_SOMEONE_ELSE = re.compile(
    r"\b(?:for|to) (?:my |the |our |your |this )?(?:kids?|child(?:ren)?|baby|boy|girl|son|"
    r"daughter|mum|mom|mother|mama|dad|father|papa|grand\w*|granny|nan|brother|sister|bro|sis|"
    r"aunt\w*|uncle|cousin|friend|mate|buddy|colleague|boss|guest|visitor|him|them|"
    r"everyone|everybody|oga|pikin)\b|"
    r"给(?:我|咱)?(?:的)?(?:妈|爸|孩子|小孩|宝宝|儿子|女儿|闺女|奶奶|爷爷|姥姥|外婆|姥爷|外公|"
    r"朋友|同事|领导|老板|客人|哥|姐|弟|妹|他们?|大家)"
)
"""A seat heater for someone else, not known to sit in front ("for my mum", "给孩子"): which
seat is theirs is not said, so never the driver's by default (ask)."""
_DRIVER = re.compile(r"driver|\bmy seat|\bmine\b|left(?:-hand)? seat|主驾|驾驶位|左前|我的座|我这")
_LEVELS = (
    (0, re.compile(r"\boff\b|turn (?:it )?off|switch (?:it )?off|\bstop\b|kill|too (?:hot|warm)|"
                   r"burning|cooking|roasting|on fire|关|停|太热|太烫|烫|热死")),
    (3, re.compile(r"\bhigh(?:est)?\b|\bmax|\bfull\b|hottest|warmest|最高|最大|高档|三档|满")),
    (1, re.compile(r"\blow(?:est)?\b|\bgentle\b|\bbit\b|\blittle\b|低档|一档|最低|小")),
    (2, re.compile(r"\bmedium\b|\bmid\b|中档|二档|两档")),
)


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


def number_of(text: str) -> int | None:
    """The number said in ``text`` (vague "一点"/"a bit" and "one" as a pronoun, "the little
    one's asleep", are no number), else None."""
    return parse_number(_PRONOUN_ONE.sub(" ", _VAGUE.sub(" ", text)))


def _relative(text: str, lowered: str) -> bool:
    """Whether a number in ``text`` is a step: a step word and no "to"-word before it."""
    if _ABSOLUTE.search(lowered) and not re.search(r"\bby\b", lowered):
        return False
    return _RELATIVE.search(lowered) is not None


def _level(topic_set: str, up: str, down: str, text: str) -> tuple[str, int | str | None] | None:
    """A topic with a setting and steps (temperature, fan, volume)."""
    lowered = text.lower()
    schema = INTENTS[topic_set]
    assert schema.low is not None and schema.high is not None
    if MAX_WORDS.search(lowered):
        return topic_set, schema.high
    if MIN_WORDS.search(lowered):
        low = 1 if topic_set == "climate_set_fan" else schema.low  # the fan's 0 is off
        return topic_set, low
    way = direction_of(up, text) or 0
    number = number_of(text)
    if (number is not None and topic_set == "climate_set_fan" and _FAN_LEVEL.search(lowered)
            and not _FAN_STEP.search(lowered)):
        return topic_set, number  # "风量调两挡": level 2 ("调大两挡" is a step)
    if number is not None:
        if _relative(text, lowered) or (topic_set == "climate_set_fan"
                                         and _FAN_STEP.search(lowered)):
            if way == 0:
                return None
            return (up if way > 0 else down), number
        return topic_set, number
    if way == 0:
        return None
    return (up if way > 0 else down), INTENTS[up].default


_SPEAKER_SEAT = re.compile(r"\bmine\b|\bmy (?:own )?(?:seat|side)|\bme\b|我的|我这|我自己|"
                           r"主驾|(?<!副)驾驶")
"""The speaker's own seat, however said: with the passenger's in the same sentence, two seats."""


def _seat(text: str, head_member: str) -> tuple[str, int | str | None] | None:
    """The seat heater and its level; None when the sentence names both seats (two commands:
    "座椅加热副驾的关掉，我的开一档" set the passenger's to the driver's level)."""
    lowered = text.lower()
    if PASSENGER.search(lowered) and _SPEAKER_SEAT.search(lowered):
        return None
    if PASSENGER.search(lowered):
        intent = "seat_heat_passenger"
    elif _DRIVER.search(lowered):
        intent = "seat_heat_driver"
    elif _SOMEONE_ELSE.search(lowered):
        return None  # for someone whose seat is not said: ask which seat
    else:  # no seat said: the speaker's, the driver's
        intent = "seat_heat_driver"
    number = number_of(text)
    if number is not None and not re.search(r"\b(?:one|1)'?s\b", lowered):
        return intent, number
    for level, words in _LEVELS:
        if words.search(lowered):
            return intent, level
    return intent, INTENTS[intent].default


_FRACTIONS = (
    (75, re.compile(r"\bthree[- ]quarters?\b|四分之三")),
    (25, re.compile(r"\b(?:a|one)[- ]quarter\b|\bquarter of the way\b|四分之一")),
    (67, re.compile(r"\btwo[- ]thirds\b|三分之二")),
    (33, re.compile(r"\b(?:a|one)[- ]third\b|三分之一")),
)
"""A window's position said as a fraction of the way, in percent open."""


def _window(text: str) -> tuple[str, int | str | None] | None:
    lowered = text.lower()
    number = number_of(text)
    if number is not None and re.search(r"%|percent|百分之|成", lowered):
        return "window_set_position", number
    if MAX_WORDS.search(lowered) or re.search(r"all the way (?:down|open)|全部打开", lowered):
        return "window_set_position", 100
    if re.search(r"\bhalf(?:way| way)?\b|一半|开半", lowered):
        return "window_set_position", 50
    way = direction_of("window_open", text) or 0
    fraction = next((f for f, words in _FRACTIONS if words.search(lowered)), None)
    if fraction is not None:
        # "open it a quarter of the way": that much open; closed by a quarter is ambiguous
        return ("window_set_position", fraction) if way >= 0 else None
    if way == 0:
        return None
    if way > 0 and (_CRACK.search(lowered) or (
            _AIRING.search(lowered) and not _OPEN_VERB.search(lowered))):
        # "开条缝", "crack it", and a wish for some air without a word of opening ("i need
        # some fresh air", "想透透气"): a little, as the rules' templates answer them; a smell or
        # stuffiness ("车里有股味道", "it's stuffy") opens it
        return "window_set_position", CRACK_POSITION
    return ("window_open" if way > 0 else "window_close"), None


def _pair(up: str, down: str, text: str, head_member: str) -> tuple[str, None] | None:
    """Two intents with no value (on/off, play/pause, next/previous): the words decide; with
    none, the head's own choice in the topic when it is one of them and the family has no
    risky side (media playback and tracks), else ask."""
    way = direction_of(up, text) or 0
    if way:
        return (up if way > 0 else down), None
    if up.startswith("media_") and head_member in (up, down):
        return head_member, None
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


def read_slots(topic: str, text: str, head_member: str) -> tuple[str, int | str | None] | None:
    """The intent and value of ``topic`` said in ``text`` (``head_member``: the head's most
    probable intent of the topic); None when the words give no way and one is needed."""
    shape, members = _shape(topic)
    if shape == "level":
        return _level(*members, text)
    if shape == "seats":
        return _seat(text, head_member)
    if shape == "position":
        return _window(text)
    if shape == "pair":
        return _pair(*members, text, head_member)
    return head_member, None  # defrost, mute, home: nothing to read
