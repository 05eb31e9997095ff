"""A cabin word a recogniser cut, clipped or misheard, read as the one word meant, before
:mod:`twin.assistant.slips`' other slips (the rules and the fallback read the same text):
"de frost"/"de-frost" is "defrost" (likewise de fog, de mist(er), de icer), "vol" beside
"up"/"down" or after "the" is "volume", "necks song" is "next song", a heat word ("warmer",
"heater") as the object of "put ... on" in a line that names a seat is the seat heater, and in
Chinese 夏/吓 before 一首/一曲 is 下 (next), "音乐停了" as an item of a list of orders is the
stop ordered, and the dialect's 嫑/覅 is 不要."""

from __future__ import annotations

import re
from functools import cache

from twin.assistant.catalogue import active_catalogue

_DE_CUT = re.compile(r"\bde(?:\s+(frost(?:er)?|fog(?:ger)?|mist(?:er)?|ic(?:e|er))|"
                     r"-(frost(?:er)?|ic(?:e|er)))\b", re.IGNORECASE)
"""A de- device word cut in two by a pause ("de frost", "de fog", "de mister", "de icer") or
a hyphen the readers do not know ("de-frost", "de-icer"): one word. "de-fog", "de-mist" keep
their hyphen (:mod:`twin.assistant.colloquial` and the fallback read them so)."""
_VOL = re.compile(r"\bvol\b(?!\.)(?=\s+(?:up|down)\b)|(?<=\bthe )vol\b(?!\.)|"
                  r"(?:(?<=\bturn up )|(?<=\bturn down ))vol\b(?!\.)", re.IGNORECASE)
""""vol" clipped from "volume" beside its way or after "the" ("turn the vol down", "vol up
two"); "vol. 2" of an album keeps its word."""
_NEXT_HEARD = re.compile(r"\b(?:necks|nex)\b(?=\s+(?:song|track|tune|one|station|chapter|episode)"
                         r"\b)", re.IGNORECASE)
""""next" heard as "necks" before what it skips ("necks song"); "my necks sore" keeps it."""
_SEAT_BELT = re.compile(r"\bseats?\s*belts?\b", re.IGNORECASE)
"""A seat belt: no seat named."""
_SEAT_ALSO = ("backside", "arse")
"""Words for the seat the catalogue's (``seat_heat``'s subject) lacks."""


@cache
def _seat_said() -> re.Pattern[str]:
    """A seat named: the catalogue's words for the seat heating's subject ("seat", "bum",
    "my back"), or :data:`_SEAT_ALSO`."""
    subject = active_catalogue().topics["seat_heat"].subject
    said = subject.en if subject is not None and subject.en else "seat"
    return re.compile(rf"(?:{said})|\b(?:{'|'.join(_SEAT_ALSO)})\b", re.IGNORECASE)


_HEAT_OBJECT = re.compile(
    r"\b((?:put|stick|switch|turn|pop|whack|bung|flick|get)\s+(?:the|my|me|that|a)\s+)"
    r"(warmers?|heaters?)(?=\s+on\b(?!\s+(?:\S+\s+){0,2}seats?\b))", re.IGNORECASE)
"""A heat word as the object of "put ... on" ("put the warmer on"): with a seat named in the
line, the seat heater ("my seat is cold, put the warmer on"); "pop the heater on my seat" says
its seat already and keeps its words."""
_NEXT_HEARD_ZH = re.compile(r"(?:(?<![\u4e00-\u9fff])|(?<=[切换放到来听播]))[夏吓]"
                            r"(?=[一1](?:首|曲)(?![\u4e00-\u9fff]{0,4}没))")
"""下 (next) heard as 夏/吓 where a word begins or after an order (切/换/放/到…), before
一首/一曲 ("音量小点 夏一首"); "夏天一首歌都没听", "吓一首歌都没放" keep their words."""
_STOPPED_ITEM = re.compile(
    r"(?:^|(?<=[\s，,、；;]))((?:音乐|歌曲?|广播|收音机|电台))停了(?=[\s，,、；;])")
"""A media item said as "X停了" where an item begins and ends, in a list of orders (see
:data:`_ORDER_ITEM`): the stop ordered ("音乐停了 车窗关上 回家 ..."), written 停掉."""
_ORDER_ITEM = re.compile(
    r"(?:^|[\s，,、；;])[^\s，,、；;]{0,6}(?:关上|关掉|关闭|打开|开启|回家|导航|暂停|播放|静音|"
    r"[上下]一[首曲]|调[高低大小到成]|[开关][大小])[^\s，,、；;了]{0,4}(?=$|[\s，,、；;])")
"""Another item of the line said as an order (its verb, no 了 after it: "车窗关上", "回家"
... "导航回家"); "车窗关上了" is told."""
_DONT_ZH = re.compile(r"[嫑覅]")
"""A dialect's 不要 written as one character (嫑, 覅): "嫑全开" is 不要全开."""


def en_words(text: str) -> str:
    """``text`` with an English cut, clipped or misheard cabin word read as meant."""
    lowered = text.lower()
    if "de" in lowered:
        text = _DE_CUT.sub(lambda m: "de" + (m.group(1) or m.group(2)), text)
    if "vol" in lowered:
        text = _VOL.sub("volume", text)
    if "ne" in lowered:
        text = _NEXT_HEARD.sub("next", text)
    if _seat_said().search(_SEAT_BELT.sub(" ", text)):
        text = _HEAT_OBJECT.sub(lambda m: m.group(1) + "seat heater", text)
    return text


def zh_words(text: str) -> str:
    """``text`` with 夏/吓 before 一首/一曲 read as 下, a media item "X停了" among orders as
    the stop ordered and 嫑/覅 as 不要."""
    if "夏" in text or "吓" in text:
        text = _NEXT_HEARD_ZH.sub("下", text)
    if "停了" in text and _STOPPED_ITEM.search(text) and _ORDER_ITEM.search(
            _STOPPED_ITEM.sub("", text)):
        text = _STOPPED_ITEM.sub(lambda m: m.group(1) + "停掉", text)
    return _DONT_ZH.sub("不要", text) if ("嫑" in text or "覅" in text) else text
