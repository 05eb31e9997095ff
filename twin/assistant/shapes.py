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

from twin.assistant.binding_words import EN_DIGITS, EN_NUMBERS, EN_TENS
from twin.assistant.catalogue import active_catalogue
from twin.assistant.ellipsis import command_inside, leaning
from twin.assistant.order_words import EN_COMMAND_VERBS, EN_STARTS
from twin.assistant.phrasing import SEAT, topic_first, topic_words
from twin.assistant.speech_words import (
    EN_CORRECTION_MARKS,
    EN_HESITATIONS,
    ZH_CORRECTION_MARKS,
    ZH_HESITATIONS,
)

__all__ = ["NOT_ALL", "en_cuts", "en_ordered", "en_run_on", "gives_order", "joined",
           "named_function"]

_EN_HEADS = re.compile(rf"(?<=\s)(?={EN_COMMAND_VERBS})", re.IGNORECASE)
"""Where an English command may start in a run-on with no conjunction ("close the window turn
the ac on"): a command verb after a space."""
_EN_GLUED = re.compile(r"\b(?:to|you|and|or|not|don'?t|never|can|could|would|will|let'?s|"
                       r"i|we|me|then|just|and then|want|wanna|like|'d)\s*$", re.IGNORECASE)
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
    "en": re.compile(rf"^(?:{EN_TENS}(?:[- ]{EN_DIGITS})?|zero|{EN_NUMBERS})"
                     r"(?:\s*(?:degrees?|percent|%|instead|please))*$", re.IGNORECASE),
    "zh-CN": re.compile(r"^(?:\d+|[零一二两三四五六七八九十百]+)(?:度|档|挡|级)?"
                        r"(?:吧|就行|好了)?$"),
}
"""A self-correction of a number said as a part of its own ("…, the temp to 20, no 21",
"温度二十二，哦不，二十一"): the number replaces the one the part before it said."""


def en_cuts(text: str, any_start: bool = False) -> list[int]:
    """Candidate cut positions inside an English run-on ("close the window turn the ac on"):
    where a second command may start, after a stretch that can already be a command of its own
    (it ends in no word that binds what follows: no article, preposition or bare verb). A
    second command starts with a command verb no word before it binds, with a function's
    words from the catalogue ("AC off | window down fully | tunes on", "play some music |
    blower on max", "both seat heaters to three"), or with a way said alone ("previous track |
    louder", "kill the ac | a bit cooler"). Each part must still be a sure reading, or the cut
    does not stand (:func:`twin.assistant.multi._best`): the cut is only offered here. Cuts
    after a finished way or value ("temp up two degrees | fan down one") come first when there
    are more than the split tries. ``any_start`` is kept for the lacking-device run-on ("flash
    the lights | crank the music up"), which may start with any verb."""
    found: dict[int, bool] = {}  # position -> after a finished way or value
    for m in (*_EN_HEADS.finditer(text), *_en_starts().finditer(text)):
        at, before = m.start(), text[:m.start()]
        if at < 2 or (_EN_BOUND.search(before) and not (  # "window shut | ac on": a way
                _EN_WAY_END.search(before) and named_function(before) is not None)) or (
                m.re is _EN_HEADS and _EN_GLUED.search(before)) or (
                _EN_DETERMINED.match(text, at) and _EN_OBJECT_VERB.search(before)):
            continue
        found[at] = found.get(at, False) or bool(_EN_WAY_END.search(before))
    strong = sorted(at for at, done in found.items() if done)
    return sorted(strong + sorted(at for at, done in found.items() if not done)[
        :max(0, 6 - len(strong))]) if not any_start else sorted(found)


def en_run_on(text: str) -> bool:
    """Whether an English stretch with no pause, read whole as one command, may run a second
    command on after it: a cut :func:`en_cuts` offers whose two sides name two different
    functions and whose second side asks for something (:func:`en_ordered`: "a bit cooler |
    kill the ac", "play some music | fan to three"; not "play the song | hot in here"). Only
    then is the cut read (each side must be a sure command,
    :func:`twin.assistant.multi.split_commands`); a line with a pause or a joiner was cut there
    already."""
    if _EN_PAUSED.search(text):
        return False
    for at in en_cuts(text):
        left = named_function(text[:at])
        if left is None:  # (the right side is not read then)
            continue
        right = named_function(text[at:])
        if right is not None and left != right and en_ordered(text[at:]):
            return True
    return False


def en_ordered(part: str) -> bool:
    """Whether an English part cut from a run-on asks for something: it starts with a command
    verb, or says a way or a value ("fan to three", "tunes on", "a bit cooler"), or is a
    command with no way to say ("next song", "home", "mute"); not a state told ("hot in here",
    "the windows are fogging"), which is a reason or a song's title, never a second order."""
    return bool(EN_STARTS.match(part) or _EN_ORDERED.search(part))


_EN_ORDERED = re.compile(
    r"\b(?:up|down|on|off|to|at|max(?:imum)?|min(?:imum)?|full|low|medium|high|halfway|fully|"
    r"open|shut|closed|louder|quieter|softer|warmer|cooler|higher|lower|hotter|colder|more|less|"
    + EN_NUMBERS + r"|next|previous|home|mute|silence|defrost|demist|pause|play|stop|skip)\b",
    re.IGNORECASE)


_EN_PAUSED = re.compile(r"[,;.!?]|\b(?:and|then|also|plus)\b", re.IGNORECASE)


def named_function(text: str) -> str | None:
    """The function ``text`` names: by a plain name first ("seat heating" is the seat's),
    else by its catalogue words ("warmer")."""
    return next((name for name, t in active_catalogue().topics.items()
                 if t.explicit is not None and t.explicit.en and _ignoring_case(
                     t.explicit.en).search(text)), None) or topic_words(text, "en")


@cache
def _ignoring_case(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled ignoring case, once (``re``'s own cache of 512 is shared with
    every module and drops its oldest entries, so these were compiled again now and then)."""
    return re.compile(pattern, re.IGNORECASE)


@cache
def _en_starts() -> re.Pattern[str]:
    """Where a command may start by naming its function (after a space, its seat, "both" or
    "the" first): the catalogue's ``words`` and plain ``explicit`` names of every topic, a
    seat's words, home; or by a way said alone ("louder", "a bit cooler")."""
    catalogue = active_catalogue()
    names = [t.explicit.en for t in catalogue.topics.values()
             if t.explicit is not None and t.explicit.en and "." not in t.explicit.en]
    words = [pattern.pattern for _, pattern in catalogue.words["en"]]
    return re.compile(
        rf"(?<=\s)(?:(?:both|all)\s+)?(?:(?:the|my|our)\s+)?"
        rf"(?:(?:passenger|driver'?s?|front|rear|back)\s+)?(?:(?:a\s+)?(?:bit|little|touch|tad)\s+)?"
        rf"(?=(?:{'|'.join([*names, *words, SEAT.pattern, _EN_HOME])}))", re.IGNORECASE)


_EN_HOME = r"\bhome\b|\b(?:warmer|cooler|louder|quieter|softer)\b"
"""Home said alone ("…please then home") and a way said alone start a command too."""
_EN_BOUND = re.compile(
    r"\b(?:the|a|an|my|our|your|his|her|their|this|that|some|of|for|to|in|into|at|by|with|from|"
    r"about|than|and|or|not|no|very|too|so|is|are|was|were|be|it's|its|i'm|i|we|you|"
    r"(?:take|give|get|let) me|both|all|"
    r"next|previous|last|seats?|front|rear|back|passenger|driver'?s?|turn|switch|set|make|put|"
    r"play|raise|lower|increase|decrease|reduce|crank|bump|roll|change|bring|knock|drop|open|"
    r"close|shut|skip|kill|stick|pop|whack|wind|crack|take|get|give)\s*$", re.IGNORECASE)
"""A word that binds what is said after it ("turn | the music", "the volume of | the radio",
"some | music"): the stretch before it is no command of its own yet."""
_EN_DETERMINED = re.compile(r"(?:the|my|our|both|all|some|that|this)\b", re.IGNORECASE)
_EN_OBJECT_VERB = re.compile(r"\b(?:stop|pause|mute|unmute|resume|defrost|demist)\s*$",
                             re.IGNORECASE)
"""A verb that is a command alone ("mute | aircon on") but takes the thing said after it with
its article ("stop the music", "mute the radio"): no cut there."""


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
        EN_STARTS.match(piece) is not None or _EN_NOUN_WAY.match(piece) is not None)))
            and topic_words(piece, lang) is not None and not _PLAY.match(piece))


_EN_NOUN_WAY = re.compile(r"^(?:the|my|our)\s+(?:\w+\s+){0,2}?(?:up|down|on|off|higher|lower|"
                          r"louder|quieter|warmer|cooler)\b", re.IGNORECASE)
"""A later part that names a function and its way without a verb ("… and the heat on")."""


_PLAY = re.compile(r"^(?:(?:please|can you|could you|just)\s+)*(?:play|put on|播放|放)",
                   re.IGNORECASE)
"""A later part asking to play: more of the wildcard's own request ("go to youtube and play
me …"), not a second command."""
