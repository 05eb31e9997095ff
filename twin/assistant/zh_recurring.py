"""Chinese shapes that recur across real drivers' sets (:func:`twin.assistant.colloquial.plainly`
reads :data:`READINGS` before the register table, :data:`LAST` after it and before
:data:`twin.assistant.zh_structure.LAST`).

Each came back in three or more blind-written sets, not only in one set's misses: a complaint
or an order told with what its cause does to the driver, the fog on the glass with the view
lost ("…全是雾 啥也看不见", "打开除霜 山上起雾了") and the air or the sound with an ache
("风扇关了吧 吹得我头疼", "宿醉头疼 音乐太吵了"); and not knowing the way home, in any
shape. Like the table, a reading only drops a clause or says it plainly: it never adds a
request.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["LAST", "READINGS"]

_GLASS = r"(?:前挡风玻璃|挡风玻璃|前挡玻璃|前挡|车窗玻璃|车玻璃|玻璃|车窗|窗户)"
_FOG = r"(?:雾|哈气|水汽|白汽|雾气|水雾)"
_BLIND = (r"(?:[，,。\s]*(?:[啥什么](?:也|都)|路(?:都|也)?|前面(?:的路)?(?:都|也)?|都)?"
          r"(?:看不见|看不清|瞅不见|瞅不清|瞧不见|看不到)(?:路|前面|后面)?(?:了|啊|呀)?)")
"""What fog does to the view, said after it ("啥也看不见", "路都看不清")."""

_NOT = re.compile(r"[不没别]|吗|呢|[？?]|关|停|散|好了|干净")
"""A clause that refuses, asks or says the fog is gone: the order is not read away from it."""


def _fog_story(m: re.Match[str]) -> str:
    """A defrost order alone when the clause after it tells only of fog or the view."""
    story = re.sub(_BLIND, "", m.group("s"))
    return m.group(0) if _NOT.search(m.group("o")) or _NOT.search(story) else m.group("o")


READINGS: tuple[tuple[Any, ...], ...] = (
    # the glass's inside said between it and its fog ("玻璃里面全是雾", "玻璃里头起了一层白汽"):
    # fog on the glass
    (re.compile(_GLASS + r"(?:的)?(?:里面|里头|里边|内侧)(?:全是|都是|起了?|蒙了|结了|糊了|有)?"
                r"(?:一层|层|一片)?(?:白)?" + _FOG + r"(?:了)?"), "玻璃上全是雾"),
    # fog on the glass, then what it does to the view ("…全是雾 啥也看不见"): the fog
    (re.compile(r"(?P<f>" + _GLASS + r"[^，,。！!？?\s]{0,6}?" + _FOG + r"(?:了)?)"
                + _BLIND + r"$"),
     lambda m: m.group(0) if _NOT.search(m.group("f")) or "外" in m.group("f") else m.group("f")),
    # a defrost order, then the glass or the fog told after it ("把除霜打开，前头玻璃看不见",
    # "打开除霜 山上起雾了"): the order
    (re.compile(r"^(?P<o>[^，,。！!？?\s]*(?:除霜|除雾)[^，,。！!？?\s]*)[，,。！!\s]+"
                r"(?P<s>[^，,。！!？?\s]{0,8}?(?:" + _FOG + r"|" + _GLASS + r")"
                r"[^，,。！!？?\s]{0,8}|"
                r"[^，,。！!？?\s]{0,8}?" + _BLIND + r")$"),
     _fog_story, ("除",)),
)
"""Readings made before the register table (see the module doc)."""

_ACHE = re.compile(r"^[^，,。！!？?\s]{0,8}?(?:疼|痛)(?:了|死了|得很|得慌)?$")
"""A clause that ends in an ache ("吹得我脸疼", "宿醉头疼", "脑仁疼")."""
_AIR = re.compile(r"风|空调|冷气")
_SOUND = re.compile(r"音|声|歌|曲|乐|吵")
_LOWER = re.compile(r"关|调小|开小|小[一点些]|调低|低[一点些]|减|停|静音|暂停|"
                    r"太吵|太大|太响|太猛|太强")
_LIKE = re.compile(r"(?:跟|像|好像)[^，,。！!？?\s]{1,8}(?:一样|似的)")
_BOUND = re.compile(r"[不没别他她]|吗|呢|说|外|以前|昨|上次")


def _ache(m: re.Match[str]) -> str:
    """An ache said beside an order or complaint that lowers the air or the sound ("风扇关了吧
    吹得我头疼", "宿醉头疼 音乐太吵了"): the order; beside a simile of the same air or sound
    ("风量跟刮台风一样，吹得我脸疼"): the complaint. An ache blown (吹) goes with the air, one
    made by noise (吵, 震) with the sound; else as said."""
    first, second = m.group("x"), m.group("y")
    ache, other = (first, second) if _ACHE.match(first) else (second, first)
    if not _ACHE.match(ache) or _ACHE.match(other) or _BOUND.search(ache) or _BOUND.search(other):
        return m.group(0)
    way = "air" if "吹" in ache else "sound" if re.search(r"吵|震", ache) else None
    said = "air" if _AIR.search(other) else "sound" if _SOUND.search(other) else None
    if said is None or way not in (None, said):
        return m.group(0)
    if _LOWER.search(other):
        return re.sub(r"^这个?", "", other)
    if way is not None and _LIKE.search(other):
        return "风太大了" if way == "air" else "太吵了"
    return m.group(0)


_LOST = re.compile(
    r"^(?:(?P<s>[^，,。！!？?]{1,14})[，,。！!\s]+)?(?:我|我们|咱们?)?(?P<a>[^，,。！!？?\s不没吗她他说]{0,4}?)"
    r"(?:找不[着到]|认不[得出]|(?:不|没)(?:认得|认识|知道|晓得|记得))"
    r"(?:回家的路|(?:怎么|咋个|咋|怎样|该怎么|该咋)(?:走)?回家|回家(?:怎么|咋个|咋|怎样|该怎么|该咋)走)"
    r"(?:了|啊|呀|咯|喽)?$")
"""Not knowing the way home, a story told first after a pause and a few words between
("拖车把车拉走了，我这会儿也不认得回家的路了", "我找不着回家的路了"), the way said as how to go
home ("路一封，我都不知道咋回家了", "不晓得回家怎么走")."""
_OTHER = re.compile(r"他|她|说|吗|呢|如果|要是|的话|明天|下次|以后|要不要")


_HAND = re.compile(
    r"^(?P<o>[^，,。！!？?\s不别没吗呢]*(?:车窗|窗户|窗子)[^，,。！!？?\s不别没吗呢关]*(?:打开|开|降下|摇下|放下)"
    r"[^，,。！!？?\s不别没吗呢关]*)[，,。！!\s]+(?:我)?(?:要|得|好)?(?:给|跟|向)[^，,。！!？?\s]{1,6}?"
    r"(?:递|拿|付|交|扫|塞|给|出示|看)[^，,。！!？?\s不别没吗呢]{0,6}$")
"""A window opened and what it is opened for, said after it: something handed to someone
outside ("把车窗打开 给收费员递一下卡", "窗户降下来，要给保安看下证件")."""


LAST: tuple[tuple[Any, ...], ...] = (
    # a window opened to hand something through it (see _HAND): the order
    (_HAND, lambda m: m.group("o"), ("窗",)),
    # not knowing the way home asks for it (see _LOST), never another's way nor a condition
    (_LOST, lambda m: m.group(0) if _OTHER.search(m.group("s") or "") else "导航回家",
     ("回家",)),
    # an ache beside an order or complaint lowering what causes it (see _ache)
    (re.compile(r"^(?P<x>[^，,。！!？?\s]{1,20})[，,。！!\s]+(?P<y>[^，,。！!？?\s]{1,20})$"),
     _ache, ("疼", "痛")),
)
"""Readings made after the register table, before :data:`twin.assistant.zh_structure.LAST`."""
