"""A story of how tired the speaker is, told before clear orders ("搬了一天家累得不想动，
直接导航回家，…", "moved house all day and I'm wrecked, just take me home and …"): the orders alone.

Such a preface names no cabin function and asks nothing, but its words (a negation about talking,
an afternoon's work) made the rules leave the line and the fallback refuse it whole as out of
scope. :func:`after_story` drops the parts before the first order, when every one of them names
no cabin function, gives no order, binds nothing (no condition, no question) and one tells
tiredness; otherwise the text is as said.
"""

from __future__ import annotations

import re

from twin.assistant.catalogue import topic_words
from twin.assistant.ellipsis import command_inside
from twin.assistant.order_words import en_starts_order
from twin.assistant.scope import conditional

__all__ = ["after_story"]

_PAUSE = {"zh-CN": re.compile(r"[，,。；;！!]"), "en": re.compile(r"[,;]")}
_TIRED = {
    "zh-CN": re.compile(r"累|困|乏|疲|没劲|没力气|腿软|腰酸|够呛|折腾"),
    "en": re.compile(r"\b(?:tired|knackered|exhausted|shattered|wrecked|worn out|done in|zonked|"
                     r"wiped(?: out)?|sleepy|pooped|cream crackered|dead on my feet|drained|"
                     r"beat|spent)\b", re.IGNORECASE),
}
"""Tiredness told (the story's point: the speaker wants the orders done, nothing else)."""
_ZH_ORDER = re.compile(r"^(?:那就|那|就|直接|赶紧|快|麻烦|请|帮我|给我)*(?:导航|打开|关|放|播|调|"
                       r"开|来|切|换|把|静音|暂停)")
"""A Chinese part that starts as an order."""
_ZH_BINDS = re.compile(r"如果|要是|的话|等|之后|以后|再说|吗|呢|？|\?|别|不要|不用|车")
"""A preface word that may bind or undo the order after it (a condition, a time, a question,
a refusal said to the cabin, the car itself): the text stays as said ("不想说话" refuses no
order; 别/不要/不用 may)."""
_EN_BINDS = re.compile(r"\b(?:if|when|once|unless|until|after|before|later|don'?t|do not|"
                       r"never|not|no|car)\b|\?", re.IGNORECASE)


def _story(part: str, lang: str) -> bool:
    """Whether ``part`` only tells something: no cabin function, no order, nothing bound."""
    binds = _ZH_BINDS if lang == "zh-CN" else _EN_BINDS
    return (topic_words(part, lang) is None and not command_inside(part, lang)
            and not conditional(part) and binds.search(part) is None)


def _orders(part: str, lang: str) -> bool:
    """Whether ``part`` starts as an order."""
    part = part.strip()
    return (_ZH_ORDER.match(part) is not None if lang == "zh-CN"
            else en_starts_order(part) or part.lower().startswith("home please"))


def after_story(text: str, lang: str) -> str:
    """``text`` from its first order on, when what comes before it is a story of tiredness
    (see the module); otherwise ``text`` as said."""
    tired = _TIRED.get(lang)
    if tired is None or tired.search(text) is None:
        return text
    cuts = [m.end() for m in _PAUSE[lang].finditer(text)]
    for at in cuts:
        head, rest = text[:at], text[at:]
        if not _orders(rest, lang):
            continue
        pieces = [p for p in _PAUSE[lang].split(head) if p.strip()]
        if (pieces and tired.search(head) is not None
                and all(_story(p, lang) for p in pieces)):
            return rest.strip()
        return text
    return text
