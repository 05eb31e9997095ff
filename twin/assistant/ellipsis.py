"""A part of a sentence said as a fragment that leans on the part before it.

People do not repeat what they just named: "副驾加热关掉，我的开一档" (the second part is
"my seat heating, level one"), "passenger seat heating off, and mine on one please", "switch
off the seat heater on my side and on the passenger side", "音量调到10，再切下一首" (再, "then",
is no part of the command). :func:`leaning` reads such a fragment as the whole command it
stands for, from the part before it; :func:`command_inside` says whether a part carries an
order of its own (a verb with a level, "开一档"), so that it is never left out as an aside.

Only a fragment that names a seat (mine, hers, 我的, 副驾...) borrows: the zone is the one
thing a function has twice in the cabin. The function and, when the fragment says neither a
verb nor a level ("…, and hers too", "…，我的也是"), the request are the previous part's; the
caller keeps the reading only when the rules are sure of it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from twin.assistant.seat_words import (
    EN_COMPANIONS,
    EN_SEAT_HEATERS,
    ZH_COMPANIONS,
    ZH_DRIVER_SEAT,
    ZH_MINE,
)
from twin.assistant.speech_words import EN_HESITATIONS
from twin.assistant.state_words import EN_LEVEL

__all__ = ["OWN_WAY", "command_inside", "leaning", "level_for_all", "named_then_done",
           "seat_said", "seated", "telegraphic", "unsequenced", "value_only", "way_said_after"]

_ZH_THEN = re.compile(r"^(?:然后再|然后|再|接着|随后|之后|完了再|完了)(?=(?:帮我|给我)?"
                      r"(?:把|将|切|换|打开|开|关|调|播放|放|来|暂停|静音|导航|升|降|设|回家))")
"""A Chinese sequence word said before a command's verb ("再切下一首"): not part of it."""

_ZH_DRIVER = rf"(?:{ZH_MINE}|我|{ZH_DRIVER_SEAT}的?)"
_ZH_PASSENGER = rf"(?:副驾驶?的?|乘客的?|旁边的?|她的|他的|她|他|(?:我)?{ZH_COMPANIONS}的?)"
_ZH_FRAGMENT = re.compile(rf"^(?:那|还有|而)?(?:(?P<d>{_ZH_DRIVER})|(?P<p>{_ZH_PASSENGER}))"
                          r"(?P<rest>.*)$")
_ZH_SAME = re.compile(r"^(?:也是?|也一样|一样|同样|也要|也这样)?[吧了啊呀]*$")
_ZH_NOUN = re.compile(r"(?:座椅|座位)?(?:加热|加温)")
"""The seat function a fragment may borrow: heating only (the cabin has no seat ventilation or
massage; a fragment after one must never become a heater request)."""
_ZH_OTHER_SEAT = re.compile(r"通风|按摩|制冷|吹风")
_ZH_ZONE_IN = re.compile(rf"^(?:[把将给])?(?:{_ZH_PASSENGER}|{_ZH_DRIVER})")

_EN_DRIVER = r"(?:mine|my side|my one|my seat|me|for me|the driver'?s?(?: side| one| seat)?)"
_EN_PASSENGER = (r"(?:hers|his|hers as well|the passenger(?:'s| side| one| seat)?|"
                 r"passenger(?:'s| side)?|"
                 rf"(?:my|the) {EN_COMPANIONS}(?:'s)?(?: one| seat)?|hers)")
_EN_FRAGMENT = re.compile(rf"^(?:(?:and|but|then|also|plus)\s+)?(?:(?:on|for)\s+)?"
                          rf"(?:(?P<d>{_EN_DRIVER})|(?P<p>{_EN_PASSENGER}))\b(?P<rest>.*)$",
                          re.IGNORECASE)
_EN_SAME = re.compile(r"^[\s,]*(?:too|as well|also|the same|please|as well please|too please)?"
                      r"[\s,.!]*$", re.IGNORECASE)
_EN_NOUN = re.compile(rf"\b{EN_SEAT_HEATERS}\b", re.IGNORECASE)
_EN_OTHER_SEAT = re.compile(r"ventilat|cooling|cooled|massag|\bfans?\b", re.IGNORECASE)
_EN_ZONE_IN = re.compile(r"\b(?:my|the driver'?s?|driver'?s?|the passenger'?s?|passenger'?s?|"
                         r"her|his|on my side|on the passenger side|on (?:the )?driver'?s? side)"
                         r"(?:\s+side)?\s*", re.IGNORECASE)


def _swap_zh(earlier: str, driver: bool) -> str | None:
    """The previous Chinese part for the other seat ("副驾加热关掉" -> "主驾座椅加热关掉")."""
    noun = _ZH_NOUN.search(earlier)
    if noun is None:
        return None
    zone = "主驾" if driver else "副驾"
    head = _ZH_ZONE_IN.sub("", earlier[:noun.start()])
    return f"{head}{zone}座椅加热{earlier[noun.end():]}"


_EN_THEN = re.compile(r"^(?:(?:and |but )?(?:then|after that|afterwards|also|plus)|and|next up)"
                      r"[\s,]+(?=(?:please |just )?(?:turn|put|set|make|open|close|shut|roll|"
                      r"switch|play|pause|mute|skip|crank|bump|knock|drop|raise|lower|give|"
                      r"head|navigate|navigation|take|drive)\b)",
                      re.IGNORECASE)


def unsequenced(piece: str, lang: str) -> str:
    """``piece`` without a sequence word said before its verb ("再把窗开一点点" -> "把窗开一点点",
    "then turn the volume up" -> "turn the volume up"): a part of a list read as if said alone."""
    text = piece.strip()
    found = (_ZH_THEN if lang == "zh-CN" else _EN_THEN).match(text)
    return text if found is None else text[found.end():]


def seat_said(lang: str, driver: bool, level: object) -> str:
    """A seat heater request said plainly (the previous part's request, on another seat)."""
    if lang == "zh-CN":
        zone = "主驾" if driver else "副驾"
        return f"{zone}座椅加热关闭" if level == 0 else f"{zone}座椅加热调到{level}档"
    owner = "my" if driver else "the passenger"
    return (f"turn off {owner} seat heater" if level == 0
            else f"set {owner} seat heater to level {level}")


def leaning(piece: str, lang: str, earlier: str,
            said: tuple[str, object] | None = None) -> str | None:
    """``piece`` said whole, when it is a fragment that leans on ``earlier`` (the part said
    before it, read by the rules as ``said``, its intent and value, if known): a Chinese
    sequence word dropped ("再切下一首" -> "切下一首"), or a seat named alone, with the
    function (and, if it says no more, the request) of ``earlier``. None when ``piece`` is no
    such fragment."""
    text = piece.strip(" ，,。.!！")
    if (_ZH_OTHER_SEAT if lang == "zh-CN" else _EN_OTHER_SEAT).search(earlier + " " + text):
        return None  # a seat function the cabin lacks: nothing to borrow
    seat_said = said is not None and said[0].startswith("seat_heat_")
    if lang == "zh-CN":
        then = _ZH_THEN.match(text)
        if then is not None:
            return text[then.end():]
        found = _ZH_FRAGMENT.match(text)
        if found is None or _ZH_NOUN.search(text) or (
                _ZH_NOUN.search(earlier) is None and not seat_said):
            return None
        driver = found.group("d") is not None
        rest = found.group("rest")
        if _ZH_SAME.match(rest):
            if seat_said and said is not None:
                return seat_said(lang, driver, said[1])
            return _swap_zh(earlier, driver)
        return f"{'主驾' if driver else '副驾'}座椅加热{rest.lstrip('也都')}"
    found = _EN_FRAGMENT.match(text)
    noun = _EN_NOUN.search(earlier)
    if found is None or _EN_NOUN.search(text) or (noun is None and not seat_said):
        return None
    driver = found.group("d") is not None
    owner = "my" if driver else "the passenger"
    rest = found.group("rest").strip(" ,")
    if said is not None and seat_said and (_EN_SAME.match(rest) or noun is None):
        return seat_said(lang, driver, said[1]) if _EN_SAME.match(rest) else (
            f"{owner} seat heater {rest}")
    if noun is None:
        return None
    if _EN_SAME.match(rest):  # "…, and on the passenger side": the request said again
        head = re.sub(r"\b(?:the|my)\s*$", "", _EN_ZONE_IN.sub("", earlier[:noun.start()]))
        head = head.rstrip()
        tail = _EN_ZONE_IN.sub("", earlier[noun.end():]).strip()
        return " ".join(w for w in (head, owner, noun.group(0), tail) if w)
    return f"{owner} {noun.group(0)} {rest}"


_ZH_ORDER = re.compile(r"(?:打开|关闭|关掉|关上|开到|调到|调成|开[一二两三四五六七八九十\d]|"
                       r"[一二两三四五六七八九十\d]档|最大|最小|调高|调低|调大|调小)")
_EN_ORDER = re.compile(r"\b(?:turn|switch|set|put|crank)\b.*\b(?:on|off|up|down|to)\b|"
                       r"\b(?:on|at|to) (?:level )?(?:one|two|three|high|low|medium|max|\d)\b",
                       re.IGNORECASE)


def command_inside(piece: str, lang: str) -> bool:
    """Whether ``piece`` gives an order of its own (a verb with its object, a level: "我的开一档",
    "mine on one"): a part the rules cannot read that does is no aside to leave out."""
    return (_ZH_ORDER if lang == "zh-CN" else _EN_ORDER).search(piece) is not None


_LEVELS = {"one": 1, "two": 2, "three": 3, "1": 1, "2": 2, "3": 3, "low": 1, "medium": 2,
           "mid": 2, "high": 3, "max": 3, "一": 1, "二": 2, "两": 2, "三": 3, "低": 1, "中": 2,
           "高": 3, "最高": 3}
_EN_ALL = re.compile(r"^(?:both|both of them|all of them|the two of them|each)\s+(?:on|at|to)\s+"
                     rf"(?:level\s+)?(?P<n>{EN_LEVEL})"
                     r"(?:\s+please)?$", re.IGNORECASE)
_ZH_ALL = re.compile(r"^(?:都|全都|两个都|俩都|一起)(?:开|调|开到|调到)?"
                     r"(?:(?P<n>[一二两三123]|低|中|高)[档挡]|(?P<top>最高)[档挡]?)[吧]?$")


def level_for_all(piece: str, lang: str) -> int | None:
    """The seat level a last part gives every seat named before it ("…, both on high",
    "…，都开三档"), or None."""
    found = (_ZH_ALL if lang == "zh-CN" else _EN_ALL).match(piece.strip(" ，,。.!！"))
    return None if found is None else _LEVELS[(found.group("n") or found.group("top")).lower()]


_ZH_VALUE = re.compile(r"(?:开到|调到|调成|调至|开成|放到|设到|开在|调在)"
                       r"(?:(?:最高|最低|最大|最小)[档挡级]?|[一二两三四五六七八九十\d]+[档挡级])[吧啊呀了就行好]*$|"
                       r"^(?:就|那就|直接|干脆)?(?:最高|最低|最大|最小|[一二两三123])[档挡级][吧啊呀了就行好]*$")
_EN_VALUE = re.compile(rf"^(?:(?:actually|no|well|{EN_HESITATIONS}|like|just|and|but|maybe|ideally|"
                       r"preferably|then|make it|put it|set it|turn it)[\s,]+){0,3}"
                       r"(?:on|at|to|up to|down to|onto)\s+(?:level\s+|the\s+)?"
                       r"(?:one|two|three|four|five|six|seven|\d+|low|medium|mid|high|max|"
                       r"maximum|minimum|full|highest|lowest)(?:\s+(?:please|thanks|setting))?$",
                       re.IGNORECASE)


def value_only(piece: str, lang: str) -> bool:
    """Whether ``piece`` says only a value, a level with no thing ("开到最高档", "原则上开到最高
    档", "on high", "actually to three"): said after a command, it is that command's value (the
    same thing, the same zone), never a command of its own on some default zone."""
    text = piece.strip(" ，,。.!！")
    return (_ZH_VALUE if lang == "zh-CN" else _EN_VALUE).search(text) is not None


_ZH_OTHERS = (rf"妈|爸|老妈|老爸|妈妈|爸爸|{ZH_COMPANIONS}|朋友|同事|老人|孩子|"
              r"儿子|女儿|奶奶|爷爷|外婆|外公|姥姥|姥爷|客人|乘客|她|他")
_ZH_SEATED = re.compile(rf"^(?P<who>我|(?:我|我的)?(?:{_ZH_OTHERS}))(?:是)?(?:坐|在)(?:在)?"
                        r"(?:副驾驶?|副驾驶?(?:位|座)|前排右边|右前)(?:上|位|座|那儿?)?(?:的)?"
                        r"[哈啊呀呢]?[，,。\s]+(?P<rest>.+)$")
_ZH_MINE = re.compile(r"(?:我的|我这个|我这边的?|我这儿的?|我)(?=座椅|座位|屁股)")
_ZH_THEIRS = re.compile(r"(?:她的|他的|她那边的?|他那边的?|她那儿的?|他那儿的?|她|他)"
                        r"(?=座椅|座位|屁股)")
_EN_OTHERS = (rf"my (?:{EN_COMPANIONS}|mum|mom|mam|dad|mother|father|nan|gran|grandma|grandpa|"
              r"girlfriend|boyfriend|friend|son|daughter|mate)|(?:she|he)")
_EN_SEATED = re.compile(rf"^(?P<who>i'?m|i am|(?:{_EN_OTHERS})(?:'s| is))(?: sitting| sat)?\s+"
                        r"(?:in|on) the (?:front )?passenger(?:'s)? (?:seat|side)"
                        r"\s*[,;.]\s*(?:so\s+)?(?P<rest>.+)$", re.IGNORECASE)
_EN_MINE = re.compile(r"\b(?:my|the)\s+(?=(?:seat|heated seat|butt warmer|bum warmer)\b)",
                      re.IGNORECASE)
_EN_THEIRS = re.compile(r"\b(?:her|his|the)\s+(?=(?:seat|heated seat|butt warmer|bum warmer)\b)",
                        re.IGNORECASE)
_DRIVER_SAID = re.compile(rf"{ZH_DRIVER_SEAT}|\bdriver", re.IGNORECASE)


def seated(text: str, lang: str) -> str | None:
    """The seat request of ``text`` said for the passenger's seat, when the sentence first says
    who sits there ("我坐副驾，把我的座椅加热打开", "I'm in the passenger seat, turn my seat heater
    on": "my" seat is the passenger's); None when it says no such thing, or names the driver."""
    found = (_ZH_SEATED if lang == "zh-CN" else _EN_SEATED).match(text.strip())
    if found is None or _DRIVER_SAID.search(found.group("rest")):
        return None
    rest = found.group("rest")
    speaker = found.group("who").lower() in ("我", "i'm", "im", "i am")
    other = (_ZH_THEIRS if speaker else _ZH_MINE) if lang == "zh-CN" else (
        re.compile(r"\b(?:her|his)\s+(?=seat|heated)", re.IGNORECASE) if speaker
        else re.compile(r"\bmy\s+(?=seat|heated|butt|bum)", re.IGNORECASE))
    if other.search(rest):  # the other seat named as someone's: read as said
        return None
    if lang == "zh-CN":
        if re.search(r"座椅|座位|加热", rest) is None:
            return None
        said = (_ZH_MINE if speaker else _ZH_THEIRS).sub("副驾", rest)
        if "副驾" not in said:
            said = re.sub(r"(?<!座椅)(?<!座位)(?=(?:座椅|座位)?加热)", "副驾", said, count=1)
        return said.replace("副驾屁股", "副驾座椅")
    if re.search(r"\bseat|\bheater|\bwarmer", rest, re.IGNORECASE) is None:
        return None
    return (_EN_MINE if speaker else _EN_THEIRS).sub("the passenger ", rest)


_EN_THING = re.compile(r"^(?:the|my|our)?\s*(?P<t>[a-z]+(?:\s+[a-z]+)?)[.!]*$", re.IGNORECASE)
_EN_WAY = (r"(?:up|down|on|off|open|shut|closed?|louder|quieter|warmer|cooler|higher|lower|"
           r"one|two|three|four|five|six|seven|[1-9])")
_EN_WAY_ONLY = re.compile(rf"^(?:(?P<v>turn|put|switch|close|open|shut|pause|play|mute|stop)\s+it"
                          rf"(?:\s+(?P<w>{_EN_WAY}))?|(?P<bare>{_EN_WAY}(?:\s+{_EN_WAY})?))"
                          r"(?:\s+please)?[.!]*$", re.IGNORECASE)


def named_then_done(pieces: list[str], topic: Callable[[str], str | None]) -> list[str]:
    """English fragments said as sentences: a thing named alone, then its way or "<verb> it"
    ("Window. Close it. Fan. Up." -> "close the window", "fan up"): each pair is one command.
    ``topic`` names the function a piece's words name (None: no thing of the cabin)."""
    out: list[str] = []
    for piece in pieces:
        thing = _EN_THING.match(out[-1]) if out else None
        way = _EN_WAY_ONLY.match(piece)
        if thing is None or way is None or topic(out[-1]) is None or topic(piece) is not None:
            out.append(piece)
            continue
        name = thing.group("t")
        out[-1] = (f"{way.group('v')} the {name}" + (f" {way.group('w')}" if way.group("w") else "")
                   if way.group("v") else f"{name} {way.group('bare')}")
    return out


_WAYLESS = re.compile(r"^(?:(?:(?:can|could|would|will) you|please|just)\s+)*(?:(?:turn|put|set|"
                      r"switch|bring|get|make|heat|warm)\s+)?(?:the|my|our)?\s*[a-z']+"
                      r"(?:\s+[a-z']+){0,2}$", re.IGNORECASE)
"""A part that names one thing with at most a plain verb ("turn the volume", "volume",
"heat my seat")."""
_EN_VERBS = (r"turn|set|put|switch|make|bring|get|open|close|shut|play|pause|stop|mute|skip|crank|"
             r"bump|knock|drop|raise|lower|heat|warm|cool|take|navigate|go|give|start|kill|roll|wind")
_WAY_AFTER = re.compile(rf"^(?!(?:{_EN_VERBS})\b)(?:the|my|our|her|his)?\s*[a-z']+"
                        r"(?:\s+[a-z']+){0,2}?\s+"
                        r"(?P<way>(?:(?:up|down|on|off)\b|(?:to|at)(?=\s+\w))"
                        r"(?:\s+(?:level\s+)?[a-z0-9]+){0,2}?"
                        r"(?:\s+(?:please|thanks|too|as well))?)$", re.IGNORECASE)
"""A thing and its way or value after it, nothing else ("the fan up", "the volume to five",
"fan down please", "the passenger seat to level three"); not an order of its own ("set the
temperature to 24")."""
_ZONE_LAST = re.compile(r"\b(?:driver|passenger|front)(?:'?s)?$", re.IGNORECASE)
_ZONE_THING = re.compile(r"^(?:the\s+)?(?:driver|passenger|front)(?:'?s)?(?:\s+side)?\s+"
                         r"(?P<thing>seat\s.+)$", re.IGNORECASE)
"""One seat's zone said bare before "and" shares the other's thing and way ("turn the driver
and passenger seat heaters off")."""
OWN_WAY = re.compile(r"\b(?:up|down|on|off|to|at|higher|lower|louder|quieter|warmer|cooler)\b",
                     re.IGNORECASE)
"""A part that says its own way ("…, and the fan down too"): it takes none from another."""


def way_said_after(pieces: list[str], sure: Callable[[str], bool]) -> list[str]:
    """English parts that name a thing and no way take the way or value said after the next
    thing ("turn the volume and the fan up" -> "turn the volume up", "set the fan and the
    volume to five", "heat my seat and hers on high"; a bare zone, its thing too: "the driver
    and passenger seat heaters off"), unless the caller is ``sure`` of the part as said."""
    out = list(pieces)
    for i in range(len(out) - 1):
        later = _WAY_AFTER.match(out[i + 1])
        if later is None or not _WAYLESS.match(out[i]) or OWN_WAY.search(out[i]) or sure(out[i]):
            continue
        zoned = _ZONE_THING.match(out[i + 1])
        if zoned is not None and _ZONE_LAST.search(out[i]):
            out[i] = f"{out[i]} {zoned.group('thing')}"
        else:
            out[i] = f"{out[i]} {later.group('way')}"
    return out


_EN_BARE = {"home": "take me home", "music": "play music", "some music": "play music",
            "tunes": "play music", "some tunes": "play music", "the radio": "play the radio",
            "radio": "play the radio"}
"""Things said alone as a whole sentence that mean going or playing them."""
_EN_GO = re.compile(r"^(?:go|now|please|thanks|let'?s go|go go go|ta)$", re.IGNORECASE)


def telegraphic(pieces: list[str]) -> list[str]:
    """English said in one-word sentences ("home. music. go."): home is going home, music is
    playing it, a last "go"/"now" is no part. Only when every piece is such a word, a
    "go"/"now" among them and at least two things named; else the pieces as said."""
    words = [p.strip(" .!").lower() for p in pieces]
    things = [w for w in words if w in _EN_BARE]
    if len(things) < 2 or len(things) + sum(bool(_EN_GO.match(w)) for w in words) != len(words) \
            or len(things) == len(words):
        return pieces
    return [_EN_BARE[w] for w in things]
