"""What the fallback says when it does not act: a question that names the topic the user spoke
about (never a direction the user already gave), or, on a request the cabin cannot serve,
that it cannot do that in the car. The sentences are the catalogue's (an intent's ``ask`` and
``confirm``, the ``leave`` phrase)."""

from __future__ import annotations

import re
from collections.abc import Callable

from hil.llm.clauses import clauses, commanding
from hil.llm.direction import direction_of
from hil.llm.grounding import TOPICS
from hil.llm.here_now import elsewhere
from hil.llm.topics import TOPICS_DATA
from twin.assistant.catalogue import active_catalogue
from twin.assistant.commands import make_command
from twin.assistant.feedback import ask_back, feedback_for


def _first(topic: str, key: str) -> str | None:
    """The first of the head topic's intents (:data:`hil.llm.grounding.TOPICS`) whose catalogue
    entry has the question ``key`` (``ask``: which way, ``confirm``: whether at all)."""
    intents = active_catalogue().intents
    return next((i for i in TOPICS.get(topic, ())
                 if i in intents and getattr(intents[i], key) is not None), None)


def way_given(topic: str, words: str) -> bool:
    """Whether ``words`` point one way in ``topic`` (:func:`hil.llm.direction.direction_of`:
    "four more levels of fan", "风量再加两档"), though no value was read from them."""
    ways = [i for i, (t, _) in TOPICS_DATA.family.items() if t == topic]
    return bool(ways) and direction_of(ways[0], words) not in (0, None)


def which_way(topic: str, lang: str, words: str = "") -> str:
    """Asks which way ("Warmer or cooler?"): only when the words gave no direction; when they
    gave one (:func:`way_given`), whether to change ``topic`` at all (:func:`confirm`), so that
    no question names back a way the user said ("more fan" is never asked "more or less?")."""
    intent = _first(topic, "ask")
    if intent is None or (words and way_given(topic, words)):
        return confirm(topic, lang)
    return ask_back(intent, lang)


def confirm(topic: str, lang: str) -> str:
    """Asks whether to change ``topic`` at all (the head is unsure), naming no direction."""
    intent = _first(topic, "confirm")
    entry = active_catalogue().intents.get(intent or "")
    if entry is None or entry.confirm is None:
        return ask_back(None, lang)
    return entry.confirm.get(lang)


def ask_part(what: str, lang: str) -> str:
    """Asks again about one part of several commands whose thing the words do not name in a
    way the cabin knows ("音亮调到五" beside "开一下除霜"), naming the part as it was said."""
    return active_catalogue().phrase("ask_part", lang).format(what=what.strip())


def leave_it(lang: str) -> str:
    """A refusal the user said ("don't turn the heat up"): nothing changes, nothing is asked."""
    return active_catalogue().phrase("leave", lang)


def cannot(lang: str) -> str:
    """An out-of-domain request: the cabin cannot do that in the car."""
    command = make_command("unknown", None)
    assert command is not None
    return feedback_for(command, lang)


AWAY = re.compile(
    # another day named: a weekday, the weekend or this week ("礼拜四", "这个周末", "这礼拜")
    r"礼拜[一二三四五六天日]|星期[一二三四五六天日]|(?<![一每])周[一二三四五六日末]|"
    r"这(?:个)?(?:礼拜|星期)|"
    # someone else's home or workplace ("她家", "上我家来", "她公司那把椅子")
    r"(?:他|她|他们|她们|人家|别人|你)家|[上来]我家|我家来|"
    r"(?:他|她|你|我)(?:们)?的?(?:公司|单位)|"
    # a place of another life said with its locative, by the kind of place its last character
    # names ("麻将馆里的空调", "冰柜里的饺子", "在公园长椅上", "饭店里头"); not this car's
    r"[\u4e00-\u9fff](?:馆|店|厅|园|柜|厂|院)(?:里|上|中|内|头)|"
    r"在[^，,。！!？?\s]{0,4}(?:馆|店|厅|园|柜|厂|院)|"
    # another vehicle ridden ("坐飞机吹了一路冷气", "坐了十个小时大巴", "火车上"): not this car
    r"(?:坐|乘|搭)了?[^，,。！!？?\s]{0,6}(?:飞机|火车|高铁|动车|地铁|公交|大巴)|"
    r"(?:飞机|火车|高铁|动车|地铁|公交车?|大巴)上|"
    r"\b(?:on|in) (?:the|a|an) (?:plane|flight|train|bus|coach|subway|tube|ferry)\b|"
    # someone somewhere else telling it ("my sister in dubai says …"): their weather, not ours
    r"\b(?:in|at) [a-z]+ (?:says|said|reckons|told)\b"
)
"""Words that put a line at another day, in another's home or workplace, in a place of another
life or another vehicle, or in someone's words from elsewhere, beyond
:func:`hil.llm.here_now.this_cabin_now`'s and the scope's: a topic word there asks nothing of
this cabin, and the line is told the cabin cannot do that rather than asked about it."""


def away(text: str) -> bool:
    """Whether a word of ``text`` puts it elsewhere or at another time
    (:func:`hil.llm.here_now.elsewhere`, :data:`AWAY`)."""
    return elsewhere(text) or AWAY.search(text) is not None


def warranted(lowered: str, own_question: bool,
              orders: Callable[[str], bool] = commanding) -> bool:
    """Whether a question is warranted on ``lowered``, a line the fallback does not act on: it
    asks for something of this cabin now. Not when it asks a question of its own
    (``own_question``), nor when its words put it elsewhere or at another time (:func:`away`)
    and no clause of its own free of such words ``orders`` something ("周末去她家太远了 把音乐
    开大点" orders the music now): a topic word about another place is no topic, and the line
    is told the cabin cannot do that instead."""
    if own_question:
        return False
    return not away(lowered) or any(orders(c) and not away(c) for c in clauses(lowered))
