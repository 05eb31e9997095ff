"""How a sentence of several commands is put together, read before it is cut into parts.

:func:`joined` puts back what the cut separated but is no command of its own: a filler ("…,
uh, …"), a corrected number said as a part of its own ("the temp to 20, no 21", "温度二十二，
哦不，二十一"), a level said after the command as what will do ("pop my seat warmer on, low is
fine"), a function named first ("the fan, turn it down"; "seat heaters: mine on three, hers
off"). :func:`en_cuts` says where an English run-on with no conjunction may be cut ("close the
window turn the ac on"); :func:`gives_order` whether a later part is a command of its own on a
cabin function (a wildcard that swallowed it must not answer the first alone). :data:`NOT_ALL`
is "not all the way", which agrees with a window opened part of the way.

Each returns texts or positions, never a command: a part acts only when the rules read it.
"""

from __future__ import annotations

import re
from functools import cache

from twin.assistant.catalogue import active_catalogue
from twin.assistant.ellipsis import command_inside, leaning
from twin.assistant.phrasing import SEAT, topic_first, topic_words
from twin.assistant.speech_words import (
    EN_CORRECTION_MARKS,
    EN_HESITATIONS,
    ZH_CORRECTION_MARKS,
    ZH_HESITATIONS,
)

__all__ = ["NOT_ALL", "en_cuts", "gives_order", "joined"]

_EN_VERBS = (r"(?:turn|switch|open|close|shut|set|make|put|play|skip|pause|mute|unmute|raise|"
             r"lower|increase|decrease|reduce|crank|bump|roll|navigate|take me|resume|defrost|"
             r"drop|knock|change|go back|bring)\b")
_EN_HEADS = re.compile(rf"(?<=\s)(?={_EN_VERBS})", re.IGNORECASE)
"""Where an English command may start in a run-on with no conjunction ("close the window turn
the ac on"): a command verb after a space."""
_EN_STARTS = re.compile(rf"^(?:(?:please|can you|could you|just)\s+)*{_EN_VERBS}", re.IGNORECASE)
"""An English part that starts with a command verb."""
_EN_GLUED = re.compile(r"\b(?:to|you|please|and|or|not|don'?t|never|can|could|would|will|let'?s|"
                       r"i|we|me|it|then|just|and then|want|wanna|like|'d)\s*$", re.IGNORECASE)
"""Words that bind the verb after them ("can you|turn", "want to|open"): no cut there."""
_FILLER = re.compile(rf"^(?:{EN_HESITATIONS}|ah+|like|you know|i mean|mate|man|dude|buddy|right|"
                     r"ok|okay|alright|well|so|"
                     rf"love|{ZH_HESITATIONS}|啊+|那个+)"
                     r"[\s.。!！]*$", re.IGNORECASE)
"""A part that is only a filler ("fan on three and, uh, temperature 22"): no part at all."""
_FIX_MARK = {
    "en": re.compile(rf"^(?:{EN_CORRECTION_MARKS}"
                     r"\b[\s,.;!]*)+(?:(?:make|change) (?:that|it)(?: to)?\s*)?(?P<rest>.*)$",
                     re.IGNORECASE),
    "zh-CN": re.compile(rf"^(?:(?:不是|{ZH_CORRECTION_MARKS})[，,\s]*)+"
                        r"(?:改成|换成|改为)?(?P<rest>.*)$"),
}
_FIX_VALUE = {
    "en": re.compile(r"^(?:\d+|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
                     r"(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|zero|one|two|"
                     r"three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
                     r"fifteen|sixteen|seventeen|eighteen|nineteen)(?:\s*(?:degrees?|percent|%|"
                     r"instead|please))*$", re.IGNORECASE),
    "zh-CN": re.compile(r"^(?:\d+|[零一二两三四五六七八九十百]+)(?:度|档|挡|级)?"
                        r"(?:吧|就行|好了)?$"),
}
"""A self-correction of a number said as a part of its own ("…, the temp to 20, no 21",
"温度二十二，哦不，二十一"): the number replaces the one the part before it said."""


def en_cuts(text: str, any_start: bool = False) -> list[int]:
    """Candidate cut positions inside an English run-on ("close the window turn the ac on"):
    before a command verb that no word before it binds, and before a function's name said
    after a way or an amount ("AC off | window down halfway", "temp up two degrees | fan
    down one"). Each part must still be a sure reading, or the cut does not stand. With
    ``any_start`` the run-on may start with any verb ("flash the lights | crank the music
    up": a device the cabin lacks run on into a command)."""
    named = [m.start() for m in _en_names().finditer(text)
             if m.start() >= 4 and (_EN_WAY_END.search(text[:m.start()])
                                    or _EN_WHOLE_FIRST.match(text[:m.start()])
                                    or (_EN_WAY_FIRST.match(text[:m.start()]) and topic_words(
                                        text[:m.start()], "en") != topic_words(
                                        text[m.start():], "en")))]
    verb_first = any_start or bool(named) or _EN_STARTS.match(text) is not None
    # a run-on starts with a verb or a list (a function named after its way makes one); a
    # function said bare with its way first ("AC off | put the window down a crack") starts a
    # list too: a verb after its way starts the next part
    out = {m.start() for m in _EN_HEADS.finditer(text)
           if m.start() >= 4 and not _EN_GLUED.search(text[:m.start()])
           and (verb_first or _EN_WAY_END.search(text[:m.start()]))}
    return sorted(out | set(named))


@cache
def _en_names() -> re.Pattern[str]:
    """Where a function's name starts after a space (its seat or "the" first): the catalogue's
    plain ``explicit`` names ("temp", "fan", "AC", "seat heat"; not "play … song") and a seat's
    words ("the passenger seat heater")."""
    names = [t.explicit.en for t in active_catalogue().topics.values()
             if t.explicit is not None and t.explicit.en and "." not in t.explicit.en]
    return re.compile(rf"(?<=\s)(?:(?:the|my|our)\s+)?(?:(?:passenger|driver'?s?|front|rear|back)"
                      rf"\s+)?(?=(?:{'|'.join([*names, SEAT.pattern])}))", re.IGNORECASE)


_EN_WAY_FIRST = re.compile(
    r"^(?:(?:please|can you|could you|just|ok|okay|so)\s+)*(?:(?:turn|switch|shut) (?:on|off)|open|"
    r"close|shut|mute|pause|kill)\s+(?:(?:the|my|our)\s+)?\w+(?:\s+\w+)?\s+$", re.IGNORECASE)
"""A first part whose verb says the way before its function ("turn off the AC | window down"),
cut only before another function's words (not "turn off the music | volume down")."""
_EN_WHOLE_FIRST = re.compile(
    r"^(?:(?:please|can you|could you|just|ok|okay|so)\s+)*(?:(?:go to (?:the )?)?(?:previous|next|"
    r"last)|skip(?: (?:this|the))?)\s+(?:song|track|tune)\s+$", re.IGNORECASE)
"""A first part that is a whole command with no way to say ("previous song | volume up a bit",
"next track | fan down"): a function's name after it starts the next part."""
_EN_WAY_END = re.compile(
    r"\b(?:up|down|on|off|max|maximum|min|minimum|low|medium|high|halfway|half way|open|"
    r"closed|shut|louder|quieter|warmer|cooler|higher|lower|notch|bit|touch|degrees?|percent|"
    r"\d+%?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty(?:[- ]\w+)?|thirty)\s+$", re.IGNORECASE)
"""How a part that has said its function's way or amount ends ("temp up two degrees", "AC off"):
a function's name after it starts the next part ("volume down a notch | seat heater on low")."""


_HEADED = re.compile(r"^(?P<head>[^:：]{2,30})[:：]\s*(?P<rest>\S.*)$")
"""A function named first, then a colon, then what each seat gets."""


_LEVEL_FINE = {
    "en": re.compile(r"^(?:(?:and|but)\s+)?(?:level\s+)?(?P<n>low|medium|high|one|two|three|[123])"
                     r"(?:'s| is| will be| would be)\s+(?:fine|good|ok|okay|enough|plenty|great)$",
                     re.IGNORECASE),
    "zh-CN": re.compile(r"(?!)"),
}
"""A level said after the command as what will do ("…, low is fine")."""
_LEVEL_AT = {"en": re.compile(r"\bon\b(?!.*\bon\b)", re.IGNORECASE), "zh-CN": re.compile(r"(?!)")}
"""Where the level goes in the part before: after its last "on" ("pop my seat warmer on")."""
NOT_ALL = re.compile(
    r"^(?:but\s+)?(?:don'?t|do not|not|no need to)\s+(?:open\s+it\s+|put\s+it\s+|go\s+)?"
    r"(?:all the way|fully|completely|too far|too much|the whole way)\b[\s.!]*"
    r"|^(?:但是?|不过)?(?:别|不要|不用)(?:全|完全|全部|开太大|开满|全开|开到底)[打开了吧]*$",
    re.IGNORECASE)
"""Not all the way, said beside a window opened part of the way: it agrees with the command."""


_ZH_NAME_ONLY = re.compile(r"^(?:把|将)?(?:声音|音量|音乐|风量|风速|风力|风|温度|空调|冷气|车窗|"
                           r"窗户|座椅加热)(?:也|还)?$")
"""A piece that only names a function (the cut before "再" or a pause): said with the next."""


def joined(pieces: list[str], lang: str) -> list[str]:
    """The cut pieces with what is no command of its own put back: a filler dropped ("uh"), a
    corrected number said with the part it corrects ("the temp to 20, no 21", "…，温度二十二，
    哦不，二十一"), a function named first with the command about "it" after it ("the fan,
    turn it down")."""
    comma = ", " if lang == "en" else "，"
    head = _HEADED.match(pieces[0])
    if head is not None:  # "seat heaters: mine on three, hers off": each seat's request
        said = [leaning(p, lang, head.group("head")) for p in (head.group("rest"), *pieces[1:])]
        if all(said):
            pieces = [p for p in said if p]
    out: list[str] = []
    marker_only = False  # the last piece ended in a correction marker with nothing after it
    for piece in pieces:
        if _FILLER.match(piece):
            continue
        fix = _FIX_MARK[lang].match(piece)
        rest = fix.group("rest").strip() if fix is not None else None
        if out and fix is not None and rest != piece and (
                rest == "" or _FIX_VALUE[lang].match(rest)):
            out[-1] = f"{out[-1]}{comma}{piece}"
            marker_only = rest == ""
            continue
        if out and marker_only and _FIX_VALUE[lang].match(piece):
            out[-1] = f"{out[-1]}{comma}{piece}"
            marker_only = False
            continue
        marker_only = False
        level = _LEVEL_FINE[lang].match(piece)
        if out and level is not None and _LEVEL_AT[lang].search(out[-1]):
            # "pop my seat warmer on, low is fine": the level of the part before it
            out[-1] = _LEVEL_AT[lang].sub(f"on {level.group('n')}", out[-1], count=1)
            continue
        if out and lang == "zh-CN" and _ZH_NAME_ONLY.match(out[-1]):
            out[-1] = f"{out[-1]}{piece}"  # "声音再开大点" cut at 再: the function and its way
            continue
        if out and lang == "en":
            said = f"{out[-1]}, {piece}"
            first = topic_first(said, lang)
            if first != said:
                out[-1] = first
                continue
        out.append(piece)
    return out


def gives_order(piece: str, lang: str) -> bool:
    """Whether ``piece`` (a part after the first) gives an order of its own on a function the
    catalogue names ("bump the volume up to 18", "再把风量调到三档"; not a song title's "rock
    and roll", nor more of a play request: "play me …")."""
    return ((command_inside(piece, lang) or (lang == "en" and (
        _EN_STARTS.match(piece) is not None or _EN_NOUN_WAY.match(piece) is not None)))
            and topic_words(piece, lang) is not None and not _PLAY.match(piece))


_EN_NOUN_WAY = re.compile(r"^(?:the|my|our)\s+(?:\w+\s+){0,2}?(?:up|down|on|off|higher|lower|"
                          r"louder|quieter|warmer|cooler)\b", re.IGNORECASE)
"""A later part that names a function and its way without a verb ("… and the heat on")."""


_PLAY = re.compile(r"^(?:(?:please|can you|could you|just)\s+)*(?:play|put on|播放|放)",
                   re.IGNORECASE)
"""A later part asking to play: more of the wildcard's own request ("go to youtube and play
me …"), not a second command."""
