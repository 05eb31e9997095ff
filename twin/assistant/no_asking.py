"""A part that only says not to ask ("啥也别问", "别废话", "no questions", "don't ask me
anything"): no cabin command and no part of one.

Said between pauses next to complete orders ("温度降三度，风量加一档，啥也别问"), it is how to
answer (without a question), not a request; read as a part, it cost the line its rule reading and
turned into an "unknown" part and a question in the fallback. :func:`without_asking` drops it
when an order is left beside it; a line that says only this keeps its words.
"""

from __future__ import annotations

import re

__all__ = ["without_asking"]

_ZH = re.compile(
    r"(?:^|(?<=[，,。！!；;\s]))\s*(?:你\s*)?(?:(?:甚|啥|什么|甚么|么|嘛|任何)(?:也|都)?)?"
    r"(?:别|不要|不用|甭|莫|勿|无需|不必)(?:再|多|跟我|给我)?"
    r"(?:问|废话|啰嗦|罗嗦|啰唆|唠叨|确认|墨迹|磨叽)(?:我)?(?:了|啦|哈|啊|哦|喔|咯)?"
    r"[。！!.]*\s*$")
"""A last part that says not to ask or talk (甚 is Shanxi's 什么)."""
_EN = re.compile(
    r"(?:,|\.|;|!|\s-|\s(?=and\s))\s*(?:and\s+|just\s+|but\s+)*"
    r"(?:no questions(?: asked)?|no (?:chit ?chat|"
    r"need to (?:ask|confirm))|(?:don'?t|do not|dont) (?:bother )?(?:ask(?:ing)?|question)"
    r"(?: me)?(?: anything| any questions| questions)?)(?: please| thanks| mate| ok(?:ay)?)?"
    r"[.!]*\s*$", re.IGNORECASE)
"""A last part, after a pause, that says not to ask."""
_LEFT = {"zh-CN": re.compile(r"[\u4e00-\u9fff]{2}"), "en": re.compile(r"[a-z]{2}", re.I)}


def without_asking(text: str, lang: str) -> str:
    """``text`` without a last part that only says not to ask, when something is said before
    it; otherwise ``text`` as said."""
    pattern = _ZH if lang == "zh-CN" else _EN
    if lang == "zh-CN" and not re.search("[问话嗦唆叨认迹叽]", text):
        return text
    if lang != "zh-CN" and not re.search(r"ask|question|chat|confirm", text, re.IGNORECASE):
        return text
    m = pattern.search(text)
    if m is None:
        return text
    left = text[:m.start()].rstrip(" ，,；;")
    return left if _LEFT[lang].search(left) else text
