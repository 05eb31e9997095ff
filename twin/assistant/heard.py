"""Words as speech recognition writes them or a dialect spells them: "twenty for" for
"twenty-four", "to for" for "to four", "too three" for "to three", "Muuute!" for "mute!",
Boston's "windah" (and "winder") for "window", Cajun "dat" for "that" (or "the" before a cabin
thing). One reading for the rules (:func:`twin.assistant.phrasing.normalise`) and for the
fallback's own normalisation, so both read the same thing and value. A Chinese cabin word cut
by a pause ("温 度调低一度", "音 量小一点") is one word (:func:`rejoined`: the rules and the
fallback before either cuts a sentence at its pauses)."""

from __future__ import annotations

import re

from twin.assistant.slips import en_slips, zh_slips
from twin.assistant.sub_template import expansion

_UNITS = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,3})"
_FOR_FOUR = re.compile(
    r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|[2-9]0)[\s-]+(?:for|fore)\b"
    r"(?=\s*(?:$|[,.;!?]|please\b|pls\b|degrees?\b|°|percent\b|%|thanks\b|thank you\b|"
    r"and\b|then\b))",
    re.IGNORECASE,
)
"""A tens number with "for"/"fore" where the number ends (before please, degrees, a pause, the
end): "four" misheard ("to twenty for please": 24). "twenty for the kids" is no number."""
_TO_FOR = re.compile(r"\b(to|at)\s+(?:for|fore)\b(?=\s*(?:$|[,.;!?]|please\b|pls\b|thanks\b|"
                     r"thank you\b|and\b|then\b))", re.IGNORECASE)
""""for"/"fore" as the value itself, where it ends ("the fan down to for and ..."): four.
"to go for", "time for", "to fore street" keep their words."""
_TOO_NUMBER = re.compile(
    r"\b(set|put|fan|temperature|temp|volume|level|speed|heat|heater|heating|warmer|it|that|"
    r"window|seat)(\s+)too\s+(?=" + _UNITS + r"\b|twenty|thirty)",
    re.IGNORECASE,
)
""""too" before a number after the thing set ("set the fan too three"): "to"."""

HOMOPHONE_UNIT = re.compile(
    r"\b(?P<p>by|to|up|down|at|on|another|just|(?:it|that|this|them)(?=\s+(?:to|too|for)\s+"
    r"(?:degrees?|notch(?:es)?|steps?|clicks?)\s+(?:warmer|cooler|hotter|colder|higher|lower|"
    r"louder|quieter|softer|up|down)\b))\s+(?P<n>to|too|for)\s+"
    r"(?=(?:degrees?|notch(?:es)?|steps?|clicks?|bars?)\b(?!\s+(?:\d|one|two|three|four|"
    r"five|six|seven|eight|nine|ten|twenty|thirty)))", re.IGNORECASE)
"""A number's homophone before its unit: "drop the temp by to degrees" (two), "up for notches"
(four), "make it too degrees warmer" (after "it"/"that" only with a comparative after the
unit); only before a unit said after its number ("to level one", "to degrees celsius" keep
"to"). Read by the rules (:mod:`twin.assistant.colloquial`) and the fallback's slots."""


def homophone_number(match: re.Match[str]) -> str:
    """The number a :data:`HOMOPHONE_UNIT` match's homophone is: "for" four, "to"/"too" two."""
    return f"{match.group('p')} {'four' if match.group('n').lower() == 'for' else 'two'} "


_SPELT = {"windah": "window", "windahs": "windows", "winder": "window", "winders": "windows",
          "dat": "that", "dem": "them"}
_SPELT_WORD = re.compile(r"\b(?:" + "|".join(_SPELT) + r")\b", re.IGNORECASE)

_WINDOW_CUT = re.compile(
    r"\b(?:wind|win)[ -](?:oh|owe|doe|dough|dow)(s?)\b(?! (?:my|god|no|dear|well)\b)",
    re.IGNORECASE)
""""window" cut in two by a recogniser ("open the wind oh", "win doe down"): the window. "the
wind, oh" (a pause) and "wind oh my god" keep their words."""


_DAT_THING = re.compile(r"\bdat (?=(?:music|radio|song|track|fan|window|heat|heater|air|aircon|"
                        r"ac|volume|noise|thing|racket)\b)", re.IGNORECASE)
"""Cajun "dat" before a cabin thing ("turn dat radio down"): "the"; elsewhere "that"."""


_STRETCHED = re.compile(r"\b[a-z]*?([a-z])\1\1[a-z]*", re.IGNORECASE)
_RUN = re.compile(r"([a-z])\1{2,}", re.IGNORECASE)
_STRETCH_WORDS = frozenset((
    "mute", "unmute", "stop", "pause", "play", "skip", "next", "louder", "quieter", "softer",
    "warmer", "cooler", "colder", "hotter", "please", "off", "on", "home", "open", "close",
    "shut", "up", "down", "more", "less", "too", "so", "now", "hot", "cold", "freezing",
    "boiling", "loud", "quiet", "music"))
"""The words an order or a complaint is said with that a speaker may stretch ("Muuute!",
"pleeease", "sooo cold", "tooo hot"): a run of three or more of a letter read as one or two of
it when that gives one of these. Any other word keeps its run ("brrr", "yaaay")."""


def _unstretched(m: re.Match[str]) -> str:
    """A stretched word of :data:`_STRETCH_WORDS` as written, or the word as said."""
    for n in (1, 2):
        word = _RUN.sub(lambda r, n=n: r.group(1) * n, m.group())
        if word.lower() in _STRETCH_WORDS:
            return word
    return m.group()


_FOUR_SAID, _TO_SAID = expansion(r"\1 four"), expansion(r"\1\2to ")
""":func:`as_heard`'s replacements, read on a match only (:mod:`twin.assistant.sub_template`)."""


def as_heard(text: str) -> str:
    """``text`` with a misheard "for" (four) and "too" (to) around or as a number, a
    dialect's spelling of a cabin word or a pointing word (:data:`_SPELT`) and a stretched
    word (:data:`_STRETCH_WORDS`), read as meant."""
    text = _STRETCHED.sub(_unstretched, text)
    text = _DAT_THING.sub("the ", text)
    text = _SPELT_WORD.sub(lambda m: _SPELT[m.group().lower()], text)
    text = _WINDOW_CUT.sub(lambda m: f"window{m.group(1)}", text)
    text = _FOR_FOUR.sub(lambda m: f"{m.group(1)}-four" if m.group(1).isalpha()
                         else str(int(m.group(1)) + 4), text)
    text = _TO_FOR.sub(_FOUR_SAID, text)
    return _TOO_NUMBER.sub(_TO_SAID, text)


_ZH_WORDS = frozenset((
    "温度", "音量", "风量", "风速", "风扇", "车窗", "窗户", "空调", "冷气", "暖气", "座椅", "座位",
    "加热", "音乐", "声音", "歌曲", "导航", "回家", "除雾", "除霜", "暂停", "静音", "播放", "副驾",
    "主驾", "鼓风", "出风", "档位"))
"""Two-character cabin words a recogniser may cut with a pause."""
_ZH_CUT_WORD = re.compile(r"([\u4e00-\u9fff])\s+(?=([\u4e00-\u9fff]))")


_FULL_WIDTH = re.compile(r"[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff05\uff0f]")
"""A digit, a Latin letter, a percent or a slash a Chinese recogniser wrote full-width
("设成１９度", "ＡＣ", "５０％"); a full-width comma or question mark is the sentence's own and
stays."""


def rejoined(text: str, none_played: bool = True) -> str:
    """``text`` with its full-width digits and letters written plainly ("１９" -> "19") and a
    pause inside a two-character cabin word taken out ("温 度调低一度" -> "温度调低一度",
    "然后音 量小一点"); a pause between two words stays ("车窗关上 空调打开"); a recogniser's
    slip read as meant (:mod:`twin.assistant.slips`: 付驾座椅 is 副驾座椅, "paws the music" a
    pause); ``none_played`` as in :func:`twin.assistant.slips.zh_slips` (the rules pass False).
    """
    text = zh_slips(en_slips(_FULL_WIDTH.sub(lambda m: chr(ord(m.group()) - 0xFEE0), text)),
                    none_played)
    if " " not in text and "\u3000" not in text:
        return text
    return _ZH_CUT_WORD.sub(lambda m: m.group(1) if m.group(1) + m.group(2) in _ZH_WORDS
                            else m.group(0), text)
