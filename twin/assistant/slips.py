"""Speech recognition's slips that would act wrong if read as written: a number word heard as
a homophone where a number ends ("twenty won degrees": 21, "twenty ate": 28, "to tree": three),
an order word heard as a homophone before what it orders ("paws the music": pause), a seat
word heard as a homophone (付驾/复驾 for 副驾: the passenger's, never the driver's by default)
and a dialect's "I" (俺: 我, so that "俺这个" is the speaker's seat). One reading for the rules
(the first step of :meth:`twin.assistant.nlu.RuleNLU._parse`: :func:`en_slips`, or
:func:`twin.assistant.heard.rejoined` for Chinese) and for the fallback, which reads the
sentence through :func:`~twin.assistant.heard.rejoined` (its focus on the clause it answers)
before the head sees it."""

from __future__ import annotations

import re

from twin.assistant.no_asking import without_asking
from twin.assistant.story_first import after_story
from twin.assistant.word_slips import en_words, zh_words

_UNIT_HEARD = {"won": "one", "to": "two", "too": "two", "tree": "three", "free": "three",
               "ate": "eight"}
"""A units word as a recogniser writes its homophone ("for" is
:data:`twin.assistant.heard._FOR_FOUR`'s)."""
_ENDS = (r"(?=\s*(?:$|[,.;!?]|please\b|pls\b|degrees?\b|°|percent\b|%|thanks\b|thank you\b|"
         r"and\b|then\b))")
"""Where a number ends: before a pause, the end, please, its unit, thanks, a next order."""
_TENS_UNIT = re.compile(
    r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[\s-]+(?:(won|tree|ate)\b|"
    r"(too|to|free)\b" + _ENDS + ")", re.IGNORECASE)
"""A tens number with a units homophone: "won", "tree", "ate" (never a word after a tens
number: "twenty won degrees" 21, "twenty ate love" 28); "to", "too", "free" where the number
ends ("twenty too please": 22). "twenty to ten", "twenty too hot", "twenty for the kids" keep
their words."""
_UNIT_ALONE = re.compile(r"\b(to|at|on)\s+(won|tree|ate)\b" + _ENDS, re.IGNORECASE)
"""A units homophone as the value itself where it ends ("the fan on tree please": three);
"to tree street" (a place) keeps its words."""

_PAUSE_HEARD = re.compile(
    r"\b(?:paws|pores|pours|paus|porz)\b(?=\s+(?:the |this |that |my |our |your )?(?:music|"
    r"song|songs|track|tune|tunes|radio|podcast|audiobook|playback|audio|album|playlist|it)\b)",
    re.IGNORECASE)
""""pause" heard as a homophone before the media it orders ("paws the music"); "the dog's
paws are muddy" keeps its word."""

_PAST_ORDER = re.compile(
    r"(?:^|(?<=[,;.] )|(?<=\band )|(?<=\bthen ))(?:(paused|stopped|muted|skipped)(?=\s+(?:the |"
    r"this |that |my |our )?(?:music|song|track|tune|tunes|radio|podcast|audio)\b)|"
    r"(closed|opened)(?=\s+(?:the |my |our |your |that )?(?:(?:front|back|rear|driver'?s?|"
    r"passenger'?s?) )?windows?\b))", re.IGNORECASE)
_TOLD_PAST = re.compile(
    r"\b(?:i|we|he|she|they|you|someone|somebody|my|our|his|her|their|yesterday|earlier|last|"
    r"ago|already|before|was|were|had)\b", re.IGNORECASE)
"""A subject or a time that makes a past tense told ("I turned the fan off, opened the
window", "yesterday"): no order read into it."""
_ORDER_SAID = re.compile(
    r"\b(?:turn|switch|put|set|open|close|shut|pause|stop|mute|unmute|skip|play|crank|raise|"
    r"lower|roll|wind|make)\b", re.IGNORECASE)
"""An order said as an order (its verb's plain form): the line is a list of orders."""
_BASE = {"paused": "pause", "stopped": "stop", "muted": "mute", "skipped": "skip",
         "closed": "close", "opened": "open"}
""""pause", "stop", "mute", "skip" before the media, "close", "open" before a window, written
in the past tense where an order begins (the line's start, after a pause, "and" or "then") in a
line that says another order plainly (:data:`_ORDER_SAID`) and tells no subject or time
(:data:`_TOLD_PAST`): a
recogniser's or a learner's form of the order ("paused the music and close the window"); "i
paused the music", "yesterday I turned the fan off, opened the window" keep their words."""
_CLOSE_HEARD = re.compile(r"(?:(?<=窗)|(?<=窗户)|(?<=窗子)|(?<=车门)|(?<=门))[观官管鳏](?=上)")
"""关 heard as a homophone after a window's or a door's word, before 上 ("把车窗观上"): 关上;
"管上" of anything else ("管上孩子") keeps its word."""
_SEAT_HEARD = re.compile(r"[付复富傅赴腹负](?=驾(?:驶(?!证)|座|坐|位|的|那|这|侧|边|加热|座椅|椅))")
"""副 (the passenger's seat) heard as a homophone before 驾 and a seat's word (付驾座椅,
复驾的): 副; 付驾驶证 is not a seat said and is rare in a car."""
_MAYBE = re.compile(r"won|to|tree|free|ate|paws|pores|pours|paus|porz|ed\b", re.IGNORECASE)
"""Any of the slips' words: else the text is left at once."""
_SEAT_CHAR_HEARD = re.compile(r"(?<=[副付复富傅赴腹负])[架假价嫁](?=驶|座|坐|位|加热|椅)")
"""驾 heard as a homophone after 副 or its homophone (副架座椅, 付假座椅): 驾."""
_NONE_PLAYED = re.compile(
    r"(?<=[路车途道晚早])上(?=[一1](?:首|曲|支)(?:歌|曲子?|音乐)?[^，,。！？!?\s]{0,3}?(?:都|也)?没"
    r"(?![^，,。！？!?\s]{0,4}完))")
"""上 that ends a place or a time ("一路上", "车上", "晚上") written with no pause before
"一首歌都没放" (not a single song played): the pause put back ("一路上 一首歌都没放"), so that
上一首 (the previous song) is not read across it; "车上一首歌都没听完" (the previous song) keeps
its words."""
_DIALECT_I = re.compile(r"俺")
"""A dialect's "I" (俺, 俺们): 我."""


def en_slips(text: str) -> str:
    """``text`` with a units homophone where a number ends read as the number, "pause"
    heard as a homophone before its media read as "pause" and an order word in the past tense
    where an order begins read as the order (:data:`_PAST_ORDER`), after a cut or misheard
    cabin word read as one (:func:`twin.assistant.word_slips.en_words`: "de frost" is "defrost")."""
    text = without_asking(en_words(text), "en")  # "…, no questions": no part of its own
    text = after_story(text, "en")  # "I'm shattered, …, just take me home": the orders
    if not _MAYBE.search(text):
        return text
    text = _TENS_UNIT.sub(
        lambda m: f"{m.group(1)}-{_UNIT_HEARD[(m.group(2) or m.group(3)).lower()]}", text)
    text = _UNIT_ALONE.sub(lambda m: f"{m.group(1)} {_UNIT_HEARD[m.group(2).lower()]}", text)
    if _ORDER_SAID.search(text) and not _TOLD_PAST.search(text):
        text = _PAST_ORDER.sub(lambda m: _BASE[(m.group(1) or m.group(2)).lower()], text)
    return _PAUSE_HEARD.sub("pause", text)


def zh_slips(text: str, none_played: bool = True) -> str:
    """``text`` with 副驾 heard as a homophone read as 副驾, 俺 read as 我, 观上 after a
    window read as 关上 and, with ``none_played``, the pause put back between "一路上" and
    "一首歌都没放" (:data:`_NONE_PLAYED`; the rules' templates read "车上一首歌也没放" whole),
    after :func:`twin.assistant.word_slips.zh_words` (夏一首 is 下一首, 嫑 is 不要)."""
    text = without_asking(zh_words(text), "zh-CN")  # "…，啥也别问": no part of its own
    text = after_story(text, "zh-CN")  # "累得不想动，导航回家": the orders
    if "上" in text:
        text = _CLOSE_HEARD.sub("关", _NONE_PLAYED.sub("上 ", text) if none_played else text)
    if re.search("[驾架假价嫁]", text):
        text = _SEAT_HEARD.sub("副", _SEAT_CHAR_HEARD.sub("驾", text))
    return _DIALECT_I.sub("我", text) if "俺" in text else text
