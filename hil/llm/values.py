"""Slot values from the query text: a small number parser (en + zh) and feedback templates.

The model decides the intent; the value of an ``int`` intent is read from the words the user
said (digits, English number words, Chinese numerals), or the schema default when none is given.
Out-of-range numbers are passed through unchanged: the safety valve, not the resolver, rejects
them.
"""

from __future__ import annotations

import re

from twin.assistant.commands import make_command
from twin.assistant.feedback import clarify, feedback_for, range_feedback
from twin.assistant.intents import IntentSchema

_EN_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
            "eighty": 80, "ninety": 90}  # fmt: skip
_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
              "八": 8, "九": 9}  # fmt: skip
_DIGITS = re.compile(r"-?\d+")
_ZH_NUMBER = re.compile(r"(?<![零一二两三四五六七八九十百])[零一二两三四五六七八九十百]+"
                        r"(?![零一二两三四五六七八九十百下])")
"""A Chinese numeral, whole; not 零下 ("below zero": no number 0)."""
EN_NUMBER_WORDS = re.compile(
    r"\b(?:(" + "|".join(_EN_TENS) + r")(?:[\s-]+(" + "|".join(_EN_UNITS) + r"))?|("
    + "|".join(_EN_UNITS) + r"))\b"
)
"""A number said in English words ("twenty-two", "seven"): the tens and the unit as groups."""
NUMERAL = re.compile(
    r"-?\d+|" + EN_NUMBER_WORDS.pattern + r"|[零一二两三四五六七八九十百]+(?![点些下会])"
)
"""A number as said (digits, English words, Chinese numerals; not the vague "一点")."""
_ZH_VAGUE = re.compile(
    r"一点|一些|一下|一会|有点|"
    # words a numeral is part of, no amount: 一直 (all along), 一起 (together), 一样, 一句 (a
    # line: "歌词一句都听不清" was read as volume 1), 两边 (both sides), 万一, 唯一 ...
    r"一直|一起|一样|一般|一定|一边|一路|一共|一切|一旦|一向|一阵|一句|一个字|一声|一口|"
    r"一眼|一遍|一时|一整|统一|万一|唯一|两边|两侧|三心二意"
)
_COUPLE = re.compile(r"\ba couple\b(?! of (?:minutes?|hours?|seconds?|days?|times?)\b)")
""""a couple (of) degrees" is two (a couple of minutes is a time, not an amount)."""
_AS_FAR = (r"(?= (?:it|they|you|we|i|possible|can|could|ever|humanly|allowed|permitted|"
           r"(?:she|he)(?: will|'ll| can)? go(?:es)?\b|"  # "as hot as she goes": the car's end
           r"the (?:car|system|dial|knob|setting) (?:will|can|goes)))")
""""as cold as it goes", "as loud as possible": the setting's end; "as cold as a morgue", "as
hot as hell" is a simile of the cabin's state, a complaint (it set 16 °C on a cold cabin)."""
MAX_WORDS = re.compile(
    r"\bmax(?:imum|ed)?\b|\bhighest\b|\bfull(?:y| blast| power)?\b|all the way up|as (?:high|"
    r"loud|strong|warm|hot) as" + _AS_FAR + r"|最大|最高|最强|最猛|全开|"
    # 满 is a top only said of a setting pushed to it ("拉满", "开到满", "满档"): inside a word
    # it is no setting's ("满月酒", "满天飞", "圆满", "满意"; a party's 满 set the volume to 30)
    r"(?:开|调|加|拉|打|放|拧|到|推|扭|弄|整|给)满|满档"
)
NOT_MAX = re.compile(
    r"\bfull of\b|\b(?:is|are|am|was|were|so|too|getting|packed|car's|it's|i'm|we're)\s+full\b|"
    r"满满|满头|满身|满脸|满车|满是|满了|塞满|装满|坐满|挤满|充满|满意|不满|满足|"
    # a top said of the state already reached, not asked for ("空调已经开到最大了还是热",
    # "the fan's already on max and I'm still boiling"): the complaint after it is the wish
    r"(?:已经|早就)(?:开|调|打|放|拧)?(?:到|成|得)?(?:最大|最高|最强|最猛|满|全开)|"
    # 都 is "both" in an order ("前排座椅加热都开到最高"): "already" only with 了 after the top
    r"都(?:开|调|打|放|拧)?(?:到|成|得)?(?:最大|最高|最强|最猛|全开)了|"
    r"(?:最大|最高|最强|最猛|全开)了(?=[，,。\s]*(?:还是|还|可|但|依然|仍然))|"
    r"\balready (?:on |at |up to |set to |turned up to |going )?(?:the )?(?:max(?:imum)?|"
    r"full(?: blast)?|highest)\b|\b(?:already|is|are|'s|'re) maxed(?: out)?\b|"
    # a top said of the thing a state is likened to ("跟吹风机开到最大一样", "like a leaf blower
    # on max"): the likeness is the complaint, not the setting asked for
    r"(?:跟|像|好像|如同|好比)[^，,。]{1,12}?(?:开到|调到|开成|开得|开|调)?(?:最大|最高|最强|最猛|"
    r"满档?|全开)[^，,。]{0,2}?(?:一样|似的|一般|那样)|"
    r"(?<!'d )(?<!\bi )(?<!would )(?<!\bwe )(?<!\byou )(?<!they )(?<!\bdo )\blike "
    r"(?:(?:sitting|standing|being|riding|driving) (?:[\w'-]+ ){0,3}?)?"
    r"(?:a|an|the|some) (?:[\w'-]+ ){1,4}?(?:(?:on|at|going) (?:full(?: blast| throttle| "
    r"tilt)?|max(?:imum)?|the max)|turned (?:all the way )?up(?: full)?)\b"
)
""""full"/"满" said of the car or of people ("the car's full of boxes", "车里塞得满满的",
"满头大汗") or of a state ("充满电" charged, "满意" pleased, "不满"): no setting's end or seat
level (a story said before "调到五档" set the fan to 7). One reading for both resolvers: the
head's slots (:mod:`hil.llm.slots`) and the grammar-constrained :func:`extract_value`."""
MIN_WORDS = re.compile(
    r"\bmin(?:imum)?\b|\blowest\b|all the way down|as (?:low|quiet|weak|cool|cold) as"
    + _AS_FAR + r"|最小|最低|最弱"
)


END_REACHED = re.compile(
    r"(?:已经|早就)(?:是|开|调|打|放|拧|降)?(?:到|成|得|在)?(?:最大|最高|最强|最猛|满|全开|最低|"
    r"最小|最弱)|(?:最大|最高|最强|最猛|全开|最低|最小)了(?=[，,。\s]*(?:还是|还|可|但|依然|仍然))|"
    r"\balready (?:on |at |up to |down to |set to |turned (?:up|down) to |going )?"
    r"(?:the |its |it's )?"
    r"(?:max(?:imum)?|full(?: blast)?|highest|lowest|min(?:imum)?|top|bottom)\b|"
    r"\b(?:already|is|are|'s|'re) (?:maxed|bottomed)(?: out)?\b|"
    r"\balready (?:all the way|fully|wide) (?:up|down|open|closed|shut)\b|"
    r"\b(?:is|are|'s|'re) (?:already )?(?:on|at) (?:the |its )?(?:max(?:imum)?|full|highest|lowest|"
    r"min(?:imum)?|top|bottom)\b(?=.*\b(?:still|and still|but|yet)\b)"
)
"""A setting's end said as already reached ("座椅加热已经开到最高了", "风量已经最大了", "the
volume's maxed out", "the fan's on max and I'm still boiling"): a state, not the end asked
for; the fallback reads no level or setting from it (it asks), so a default level never
lowers a seat heater said to be at its top."""


def end_reached(lowered: str) -> bool:
    """Whether ``lowered`` says a setting is already at its end (:data:`END_REACHED`)."""
    return END_REACHED.search(lowered) is not None


def max_said(lowered: str) -> bool:
    """Whether ``lowered`` says a setting's top ("max", "最大", "开满"), not "full of" or
    "满满的" (:data:`NOT_MAX`)."""
    return MAX_WORDS.search(NOT_MAX.sub(" ", lowered)) is not None


def min_said(lowered: str) -> bool:
    """Whether ``lowered`` says a setting's bottom ("min", "lowest", "最低")."""
    return MIN_WORDS.search(lowered) is not None


_WINDOW_SHUT = re.compile(
    r"\b(?:all the way|fully|right|completely) (?:up|closed?|shut)\b|"
    r"\b(?:up|closed?|shut) (?:all the way|fully|completely)\b|全部关|全关上|关严|关紧")
_WINDOW_OPEN = re.compile(r"all the way (?:down|open)|全部打开")


def window_end(lowered: str) -> int | None:
    """A window's end said with up/down words: "all the way up" is shut (0), "all the way
    down" open (100); a level's top and bottom are the other way round (None: neither said)."""
    if _WINDOW_SHUT.search(lowered):
        return 0
    return 100 if _WINDOW_OPEN.search(lowered) else None


def zh_to_int(text: str) -> int | None:
    """Convert a Chinese numeral up to 999 (``二十六``, ``十``, ``百``, ``一百``) to an int."""
    if not text or any(ch not in _ZH_DIGITS and ch not in "十百" for ch in text):
        return None
    total, current = 0, 0
    for ch in text:
        if ch in _ZH_DIGITS:
            current = _ZH_DIGITS[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        else:  # 百
            total += (current or 1) * 100
            current = 0
    return total + current


_EN_HUNDRED = re.compile(
    r"\b(a|one|two|three|four|five|six|seven|eight|nine)[\s-]+hundred"
    r"(?:[\s-]+(?:and[\s-]+)?((?:" + "|".join(_EN_TENS) + r")(?:[\s-]+(?:" + "|".join(_EN_UNITS)
    + r"))?|" + "|".join(_EN_UNITS) + r"))?"
    r"\b(?!\s+(?:times|things|"
    r"ways|reasons|people|kilomet\w*|km|miles|met\w*|yards|years|days|bucks|dollars|quid|pounds|"
    r"yuan|kuai)\b)",
    re.IGNORECASE,
)
""""a hundred", "two hundred", "a hundred and twenty": read as digits (out of every range but
the volume's and the window's, where a hundred is the top)."""


def _hundreds(match: re.Match[str]) -> str:
    said, rest = match.group(1).lower(), match.group(2)
    hundreds = 100 * (1 if said in ("a", "one") else _EN_UNITS[said])
    if rest:  # "a hundred and twenty": 120, never 100
        words = re.split(r"[\s-]+", rest.lower())
        hundreds += sum(_EN_TENS.get(w, 0) + _EN_UNITS.get(w, 0) for w in words)
    return str(hundreds)


def parse_number(text: str) -> int | None:
    """The first number in ``text``: digits (with "a hundred" read as 100), then English
    words, then Chinese numerals."""
    text = _EN_HUNDRED.sub(_hundreds, text)
    match = _DIGITS.search(text)
    if match:
        return int(match.group())
    lowered = _COUPLE.sub("two", text.lower())
    word = EN_NUMBER_WORDS.search(lowered)
    if word:
        tens, unit, alone = word.groups()
        if alone:
            return _EN_UNITS[alone]
        return _EN_TENS[tens] + (_EN_UNITS[unit] if unit else 0)
    if "百分之" in text:
        zh = _ZH_NUMBER.search(text.split("百分之", 1)[1])
        return zh_to_int(zh.group()) if zh else None
    zh = _ZH_NUMBER.search(_ZH_VAGUE.sub("", text))
    return zh_to_int(zh.group()) if zh else None


_FRACTION = re.compile(
    r"([零一二两三四五六七八九十百]+|\d+)\s*(?:分之|/)\s*([零一二两三四五六七八九十百]+|\d+)")
"""A fraction ("四分之三", "3/4"): one amount, not two numbers."""


def _fraction(match: re.Match[str]) -> str:
    den, num = (int(g) if g.isdigit() else zh_to_int(g) for g in match.groups())
    if "分之" not in match.group():
        den, num = num, den  # "3/4": numerator first
    return f" {round(100 * num / den)} " if den and num is not None else " "


def prepared_numbers(text: str) -> str:
    """``text`` lower-cased with its numbers as :data:`NUMERAL` finds them one by one: "a
    hundred" as digits, "百分之二十" as "pct 二十", "四分之三" as 75, the vague "一点" and "a couple
    of minutes" left out."""
    text = _EN_HUNDRED.sub(_hundreds, text).replace("百分之", " pct ")
    text = _FRACTION.sub(_fraction, text)
    return _ZH_VAGUE.sub(" ", _COUPLE.sub("two", text.lower()))


def numbers_said(text: str) -> list[int]:
    """Every number said in ``text``, in order, each read as :func:`parse_number` reads one
    ("百分之二十" is one number, 20; "四分之三" one, 75 (percent); the vague "一点" none)."""
    lowered = prepared_numbers(text)
    return [n for m in NUMERAL.finditer(lowered) if (n := parse_number(m.group())) is not None]


def extract_value(schema: IntentSchema, text: str) -> int | str | None:
    """The value for ``schema`` said in ``text``, else the schema default (``None`` for none)."""
    if schema.kind == "none":
        return None
    lowered = text.lower()
    if schema.kind == "enum":
        for choice in schema.choices:
            if choice.lower() in lowered:
                return choice
        return schema.default
    end = window_end(lowered) if schema.name == "window_set_position" else None
    if end is not None:
        return end
    if max_said(lowered):
        return schema.high
    if min_said(lowered):
        return schema.low
    number = parse_number(text)
    return schema.default if number is None else number


def feedback(intent: str, value: int | str | None, lang: str) -> str:
    """What the cabin says, from the rules' localised templates (never an intent name); the
    range it can set when ``value`` is outside the schema."""
    command = make_command(intent, value)
    if command is None:
        return range_feedback(intent, lang) or clarify(lang)
    return feedback_for(command, lang)
