# Over 400 lines: the readings of a request said around its command (suggestions, corrections,
# refusals, both seats, the other seat, a bare number or pronoun) share one set of patterns per
# language; split, each reading would import the tables of the others.
"""How people say a command around its template words: the readings the rule NLU tries when
the sentence as said matches no template whole.

* :func:`normalise`: a noun's "'s" that is "is" ("the windshield's all fogged up", "my back's
  cold"; a possessive is left alone: "the driver's seat"), and an approximation said before a
  number ("about thirty percent", "大概26度": the number is what the cabin can set);
* :func:`corrections`: a self-correction or a refusal followed by what is wanted ("set it to 20,
  no wait, make that 23", "温度调到24度，不对，25度", "don't open it all the way, just halfway",
  "别放那么大声，调小一点"): only the last wish is read, as said or on the first one's function;
* :func:`other_zone`: the same request for the other front seat ("do hers too", "副驾也开一下",
  "…, and the passenger one too", "副驾的也关了"), the earlier request with its zone swapped;
* :func:`both_zones`: one request for both front seats ("turn on both front seat heaters").

Each returns texts to parse, never a command: what they make acts only when a template
matches it whole, so a reading here cannot invent a function nobody named.
"""

from __future__ import annotations

import re
from functools import cache

from twin.assistant.binding_words import EN_DIGITS, EN_TENS
from twin.assistant.catalogue import active_catalogue, topic_words
from twin.assistant.ellipsis import seat_said
from twin.assistant.heard import as_heard
from twin.assistant.seat_words import (
    EN_COMPANIONS,
    ZH_BOTH_FRONT,
    ZH_COMPANIONS,
    ZH_DRIVER_SEAT,
    ZH_MINE,
)
from twin.assistant.speech_words import EN_CORRECTION_MARKS, EN_HESITATIONS, ZH_CORRECTION_MARKS
from twin.assistant.state_words import EN_LEVEL
from twin.assistant.sub_template import expansion

__all__ = ["SEAT", "both_zones", "corrections", "hands_off", "it_after_seat", "normalise",
           "number_reading", "other_zone", "pronoun_reading", "same_for", "topic_first",
           "topic_words"]

_EN_NUMBER = (r"(?:\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
              r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|"
              r"forty|fifty|sixty|seventy|eighty|ninety|hundred|half)")
_ZH_NUMBER = r"(?:\d+|[零一二两三四五六七八九十百]+)"
_EN_COMPOUND = rf"(?:{EN_TENS}[- ]{EN_DIGITS}\b|{_EN_NUMBER})"
"""A number said in words, "twenty-three" whole (not "twenty" and "three")."""

_IS_AFTER = (r"(?:all|too|so|really|very|way|kinda|kind of|a bit|a little|quite|pretty|super|"
             r"getting|not|still|freezing|frozen|cold|chilly|hot|boiling|burning|warm|fogged|"
             r"fogging|steamed|steaming|misted|misting|frosted|foggy|icy|blasting|blowing|"
             r"roaring|howling|asleep|sleeping|loud|quiet|noisy|sweating|stuffy|on|off|open|"
             r"stuck|broken|dead|useless|far|much|coming|pouring|leaking|dripping|drying)")
_NOUN_IS = re.compile(
    rf"\b(?!(?:it|that|there|what|he|she|who|here|where|let|how|this)'s\b)([a-z]+)'s "
    rf"(?={_IS_AFTER}\b)", re.IGNORECASE)
"""A noun's "'s" before what follows "is" (pronouns' contractions are spelled in templates)."""
_HEDGE = {
    "en": re.compile(r"\s*,?\s*(?:but|just)\s+not\s+too\s+(?:much|high|low|hot|cold|warm|cool|"
                     r"loud|quiet|far|strong|fast)\s*$", re.IGNORECASE),
    "zh-CN": re.compile(r"[，,]\s*(?:但是?|不过|可是?)?也?(?:别|不要|不用)太[^，,。]{1,3}了?$"),
}
"""A limit said after a relative request ("…, but not too much", "…，别太低"): the default step."""
_WINDOW = re.compile(r"window|窗", re.IGNORECASE)
_APPROX = {
    "en": re.compile(rf"\b(?:about|around|roughly|approximately|maybe|(?<!would )like|say|"
                     rf"something like)\s+(?={_EN_NUMBER}\b)", re.IGNORECASE),
    "zh-CN": re.compile(rf"(?:大概|大约|差不多|大致|约)(?={_ZH_NUMBER})"),
}

_WOULD = re.compile(r"\b(i|we|you)'d\b", re.IGNORECASE)
_COUPLE = re.compile(r"\ba couple (?:of )?(?=(?:degrees?|notches|clicks|steps|levels|bars)\b)",
                     re.IGNORECASE)
"""\"A couple of degrees\" is two of them, not the default step of \"a bit\"."""
_FILLER = re.compile(rf"\s*,\s*(?:like|{EN_HESITATIONS}|you know)\s*,\s*|\s+{EN_HESITATIONS}\s+",
                     re.IGNORECASE)
"""A filler said between commas ("open the window, like, a quarter of the way")."""
_EN_SPELT = re.compile(r"\b(?:moo+sic|moo+zic|moo+sik|muzik|musik|muzak|windae(?=s?\b)|"
                       r"ma(?= (?:seat|window|windae|side)\b))", re.IGNORECASE)
"""A cabin word said in baby talk or a dialect's spelling ("the moosic", Scots "windae", "ma
seat")."""
_EN_SPOKEN = {"windae": "window", "ma": "my"}


def _spelt(m: re.Match[str]) -> str:
    return _EN_SPOKEN.get(m.group(0).lower(), "music")


_EN_LIKED = re.compile(
    r"(?<=\w)\s*[,;!.]\s*(?:(?:that|this|it)(?:'s| is| was) (?:my|our|a|such a|me|the best)\s+"
    r"(?!least\b|worst\b)(?:\w+\s+)?(?:tune|song|jam|banger|favourite|favorite|fave|track)|"
    r"(?:i|we) (?:really |just )?(?:love|loved|like|liked|miss|missed) (?:that|this|it)"
    r"(?: (?:one|song|tune|track))?)\s*[.!]*$", re.IGNORECASE)
"""A liking of the song said after the order ("go back to the song before, that was my tune",
"turn it up, I love this one"): it asks for nothing more. Only after a pause, and never in a
sentence that refuses or asks for less of the song (:data:`_EN_NOT`): "skip it, that's my jam"
says two things."""
_PAUSED = re.compile(r"[,;!.]")
_EN_NOT = re.compile(r"\b(?:don'?t|do not|not|never|no|stop|skip|next|pause|mute|off|down|"
                     r"lower|quieter|softer)\b|n't\b", re.IGNORECASE)
_G_DROPPED = re.compile(r"\b([a-z]{2,})in'(?![\w'])", re.IGNORECASE)  # "pausin'" (dropped g)
_SUGGEST = re.compile(r"^(?:would you mind|do you mind|(?:y'?all|you) mind|mind|how about|"
                      r"what about|could you try|try|fancy|d'?you fancy|do you fancy|any chance of)"
                      r"\s+(?P<rest>.+)$", re.IGNORECASE)
_BASE = {
    "turning": "turn", "closing": "close", "opening": "open", "putting": "put", "setting": "set",
    "making": "make", "skipping": "skip", "playing": "play", "lowering": "lower",
    "raising": "raise", "switching": "switch", "cranking": "crank", "rolling": "roll",
    "warming": "warm", "cooling": "cool", "pausing": "pause", "muting": "mute", "heating": "heat",
    "bumping": "bump", "dropping": "drop", "taking": "take", "getting": "get",
    "bringing": "bring", "changing": "change", "increasing": "increase",
    "decreasing": "decrease", "reducing": "reduce", "cracking": "crack", "starting": "start",
    "stopping": "stop", "shutting": "shut", "killing": "kill", "navigating": "navigate",
    "defrosting": "defrost", "resuming": "resume", "giving": "give", "knocking": "knock",
}
"""The verbs of a suggestion ("would you mind turning ...") said as a command."""
_SOME = re.compile(r"(?:some|a little|a bit|more|a little more|a bit more)\b", re.IGNORECASE)


_ING, _WOULD_SAID, _IS_SAID, _TOPIC_SAID = map(expansion, (r"\1ing", r"\1 would", r"\1 is ",
                                                          r"\g<t>"))
"""The replacements :func:`normalise` and :func:`topic_first` make, read on a match only
(:mod:`twin.assistant.sub_template`)."""


def normalise(text: str, lang: str) -> str:
    """``text`` with a noun's "is", a "'d" and "a couple of" spelled out, a cabin word's baby
    talk or dialect spelling plain, a liking of the song after a pause and a filler between
    commas dropped, a suggestion said as the command it is ("how about turning the music down",
    "would you mind closing the window", "what about some heat"), and an approximation before a
    number dropped."""
    if lang == "en":
        text = _EN_SPELT.sub(_spelt, as_heard(text))
        if _PAUSED.search(text) and _EN_NOT.search(text) is None:
            text = _EN_LIKED.sub("", text)
        text = _G_DROPPED.sub(_ING, _FILLER.sub(" ", text))
        text = _WOULD.sub(_WOULD_SAID, _NOUN_IS.sub(_IS_SAID, text))
        text = _COUPLE.sub("two ", text)
        found = _SUGGEST.match(text.strip())
        if found is not None:
            rest = found.group("rest")
            verb, _, tail = rest.partition(" ")
            if verb.lower().endswith("ing"):
                base = _BASE.get(verb.lower())
                text = f"{base} {tail}".strip() if base is not None else text
            elif _SOME.match(rest) and found.group(0).lower().startswith(("how", "what", "any")):
                text = rest  # "how about some heat", not "what about the music?"
    text = topic_first(text, lang)
    if not _WINDOW.search(text):  # "open the window, but not too far" is not all the way
        text = _HEDGE[lang].sub("", text)
    return _APPROX[lang].sub("", text)


_EN_TOPIC_FIRST = re.compile(
    r"^(?:(?:and|now|as for|about|oh and)\s+)?(?P<n>(?:the|my|that|this)\s+[a-z][a-z' -]{1,24}?)"
    r"\s*[,:;]\s*(?P<rest>(?:(?:can you|could you|would you|please|just)\s+)*"
    r"(?:turn|switch|put|set|make|bring|knock|crank|bump|shut|close|open|roll)\b.*)$",
    re.IGNORECASE)
_EN_VERBISH = re.compile(r"\b(?:is|are|was|were|'s|turn|put|set|make|get|keep|feels?|seems?)\b",
                         re.IGNORECASE)
_ZH_SEAT_FIRST = re.compile(r"^(?P<pre>[把将给]?)(?:座椅加热|座椅|加热)"
                            r"(?P<z>主驾驶?|副驾驶?|驾驶位|乘客|我这边|我)的?(?=[开关调给帮打设加升降])")
_ZH_TOPIC_MARK = re.compile(r"^(?P<t>空调|温度|风量|风速|风力|音量|声音|车窗|窗户|座椅加热|风)"
                            r"(?:呢|啊|吧|嘛)[，,\s]*(?=\S)")


def topic_first(text: str, lang: str) -> str:
    """``text`` with a function named first, as a topic, said in the command's order:
    "the fan, turn it down" -> "turn the fan down"; "座椅加热副驾的关掉" -> "副驾座椅加热关掉";
    "空调呢，调到22" -> "空调调到22". Only a topic the catalogue names, and only when what
    follows is a command with "it" (English) or a verb (Chinese)."""
    if lang == "en":
        found = _EN_TOPIC_FIRST.match(text.strip())
        if found is None or _EN_VERBISH.search(found.group("n")):
            return text
        noun, rest = found.group("n"), found.group("rest")
        if topic_words(noun, lang) is None or not _IT.search(rest):
            return text
        return _IT.sub(noun, rest, count=1)
    seat = _ZH_SEAT_FIRST.match(text)
    if seat is not None:
        return f"{seat.group('pre')}{seat.group('z')}座椅加热{text[seat.end():]}"
    return _ZH_TOPIC_MARK.sub(_TOPIC_SAID, text, count=1)


_FIX = {
    "en": re.compile(
        rf"^(?P<x>.+?)(?:\s*[,;.]\s*(?:{EN_CORRECTION_MARKS}\b[\s,.;!]*)+|"
        r"\s+(?:no wait|wait no|no no|no sorry|sorry|"
        r"actually no|no actually|"
        r"i mean|scratch that)\b[\s,.;!]*|"
        # "fan up no down a bit", "volume ten no twelve": a bare no said before the way or the
        # value that replaces the one before it (not before a verb: "turn it up no turn it up")
        r"\s+no\s+(?=(?:up|down|on|off|higher|lower|louder|quieter|warmer|cooler|\d|one|two|"
        r"three|four|five|six|seven|eight|nine|ten|twenty|thirty)\b))"
        r"(?:(?:make|change) (?:that|it)(?: to)?\s+)?"
        r"(?P<y>.+)$", re.IGNORECASE),
    "zh-CN": re.compile(
        r"^(?P<x>.+?)[，,;；。\s]*(?:[啊哦噢呃嗯哎诶]?(?:不是(?=[，,;；。\s])|"
        rf"{ZH_CORRECTION_MARKS})[，,;；。\s]*)+"
        r"(?:改成|换成|改为|是)?(?P<y>.+)$"),
}
"""A self-correction: what was said first (x), the marker, and the wish that replaces it (y)."""
_DONT = {
    "en": re.compile(r"^(?:don'?t|do not|no need to)\s+(?P<x>.+?)(?:\s*[,;]\s*"
                     r"(?:(?:just|only|but|instead|rather)\s+)?|\s+(?:just|but|instead)\s+"
                     r"(?=(?:put|set|open|close|shut|roll|turn|make|bring|wind|crack)\b))"
                     r"(?P<y>.+)$", re.IGNORECASE),
    "zh-CN": re.compile(r"^(?:别|不要|不用)(?P<x>.+?)[，,;；]\s*(?:就|只|只要|而是|改成)?"
                        r"(?P<y>.+)$"),
}
"""A refusal followed by what is wanted instead ("don't X, just Y", "别X，Y")."""
_EN_WAY = re.compile(r"\b(?:up|down|on|off|higher|lower|louder|quieter|softer|warmer|cooler|"
                     r"colder|hotter)\b", re.IGNORECASE)
"""A direction word: a wish that is only one replaces the first request's."""
_NOT_THAT = {
    "en": (re.compile(r"^(?P<x>.+?)\s*,\s*(?:but\s+)?not\s+(?P<y>.+)$", re.IGNORECASE),
           re.compile(r"^(?:i said\s+)?not\s+(?P<y>[^,]+?)\s*,\s*(?:but\s+)?(?P<x>.+)$",
                      re.IGNORECASE)),
    "zh-CN": (re.compile(r"^(?P<x>.+?)[，,]\s*(?:而)?不是(?![，,;；。\s])(?P<y>.+)$"),
              re.compile(r"^不是(?P<y>[^，,]+)[，,]\s*(?:是|而是|要)?(?P<x>.+)$")),
}
"""A contrast: what is wanted (x), and what is not (y): "X, not Y", "not Y, X", "X，不是Y"."""
_SAID = re.compile(r"^(?:i said|i meant|i asked for|i wanted)\s+", re.IGNORECASE)
_NOT_NOW = re.compile(r"\b(?:now|yet|today|here|right now)\b|^(?:too|so|that|very|all the way|"
                      r"fully|completely)\b|现在|马上|这里|^太", re.IGNORECASE)
"""A "not" about when, or how much ("but not too far"): no contrast to read."""
_ZH_DONT_INSIDE = re.compile(r"^(?P<noun>[^，,]*?)(?:别|不要)(?P<x>[^，,]+)[，,]\s*(?P<y>.+)$")
"""A refusal said after its object ("车窗别全打开，开一半就行")."""
_TRAILING = re.compile(r"\s+(?:all the way|fully|completely|a bit|a little|slightly)$",
                       re.IGNORECASE)

def _noun(topic: str | None, lang: str) -> str | None:
    """What "it" is after a request on ``topic`` (the catalogue's ``[topics.NAME] noun``)."""
    entry = active_catalogue().topics.get(topic or "")
    return None if entry is None or entry.noun is None else entry.noun.get(lang)


_IT = re.compile(r"\bit\b", re.IGNORECASE)
_ZH_BARE = re.compile(r"^(?:再|也|都|就|给我|帮我|把它|它)*(?:(?:调|开|关|升|降|加|减|打开|关闭|"
                      r"关掉|关上|调高|调低|调大|调小|开大|开小|关小|升高|降低)"
                      r"(?:一点|一些|一下|点|些|吧|了|啊|呀|儿|掉|上)*|"
                      r"(?:调|开)?[大小高低](?:[一两二三]|\d)(?:档|挡|格|级|度)(?:吧|了|啊|呀)*)$")
"""A Chinese verb said alone, with nothing but particles after it ("调小一点", "关掉吧"), or a
way and a step of it ("再小一档", "调高两度")."""


def pronoun_reading(text: str, lang: str, topic: str | None) -> str | None:
    """``text`` with its "it" (in Chinese, the missing object of a verb said alone: "调小一点",
    "关掉吧") made the function the last request moved, ``topic``; None when ``text`` names a
    function of its own or has no such gap."""
    noun = _noun(topic, lang)
    if noun is None or topic_words(text, lang) is not None:
        return None
    if lang == "en":
        return _IT.sub(noun, text, count=1) if _IT.search(text) else None
    bare = text.strip().removeprefix("把它").removeprefix("它")
    return noun + bare if _ZH_BARE.match(bare) else None


_BARE_NUMBER = {
    "en": (r"^(?:(?:no|nope|actually|sorry|wait|make (?:it|that)|change (?:it|that) to|"
           rf"set it to|to)[\s,]+)*(?P<n>{_EN_COMPOUND})(?: (?P<u>{{units}}))?"
           r"(?: instead| please| then)*$"),
    # (a filler said first: "呃，还是二十三吧"; the slip owned before or after the number:
    # "搞错了 要五档咯", "五档，说错了")
    "zh-CN": (r"^(?:(?:呃|嗯|额|哦|噢|唔|那个)+[，,\s]*)?"
              rf"(?:(?:{ZH_CORRECTION_MARKS}|不是|不|改成|换成|要不|还是|调到|那就|要)[，,\s]*)*"
              rf"(?P<n>{_ZH_NUMBER})"
              r"(?P<u>{units})?(?:吧|就行|好了|咯|啦)?"
              rf"(?:[，,\s]*{ZH_CORRECTION_MARKS}[啊呀]?)?$"),
}
"""A number said alone, with a unit of some topic ({units}: the catalogue's topics' units)."""


@cache
def _bare_number(lang: str) -> re.Pattern[str]:
    units: list[str] = []
    for entry in active_catalogue().topics.values():
        said = entry.units.get(lang) if entry.units is not None else []
        units.extend(u for u in said if u not in units)
    alternatives = "|".join(re.escape(u) for u in sorted(units, key=len, reverse=True))
    return re.compile(_BARE_NUMBER[lang].replace("{units}", alternatives or "(?!)"),
                      re.IGNORECASE)


def number_reading(text: str, lang: str, topic: str | None) -> str | None:
    """A number said alone after a request ("no, 23", "make it 24 instead", "不对，25度"): the
    function the last request moved, set to it (its ``set_to``); None otherwise, or when the
    number's unit is not one of that function's ("还是改成20度吧" after the volume)."""
    found = _bare_number(lang).match(text.strip(" .。!！"))
    entry = active_catalogue().topics.get(topic or "")
    if found is None or entry is None or entry.set_to is None:
        return None
    unit = (found.group("u") or "").lower()
    if unit and unit not in [u.lower() for u in (entry.units.get(lang) if entry.units else [])]:
        return None
    return entry.set_to.get(lang).format(value=found.group("n"))


_HANDS_OFF = {
    "en": (re.compile(r"^(?:please\s+)?(?:don'?t|do not|no need to)\s+(?:touch|bother with|"
                      r"mess with|change|worry about|fiddle with)\s+(?P<x>[^,;]+?)\s*[,;]\s*"
                      r"(?:(?:just|only|but|instead)\s+)?(?P<y>[^,;]+?)(?:\s+instead)?[.!]*$",
                      re.IGNORECASE),
           re.compile(r"^(?:leave|forget(?: about)?)\s+(?P<x>(?:the|my)\s+[^,;]+?)"
                      r"(?:\s+(?:alone|be|as it is))?\s*[,;]\s*(?:(?:just|only|but)\s+)?"
                      r"(?P<y>[^,;]+?)(?:\s+instead)?[.!]*$", re.IGNORECASE),
           re.compile(r"^(?:please\s+)?(?:don'?t|do not)\s+(?:touch|mess with|change|fiddle "
                      r"with)\s+(?P<x>(?:the|my)\s+\w+)\s+(?:(?:just|only|but)\s+)?"
                      r"(?P<y>\w+(?:\s+\w+){0,2}\s+(?:up|down|on|off|to)\b[^,;]*?)[.!]*$",
                      re.IGNORECASE)),
    "zh-CN": (re.compile(r"^(?:别|不要|不用)(?:动|碰|管)(?P<x>[^，,]+?)[，,]\s*(?:就|只|只要|光)?"
                         r"(?P<y>[^，,]+(?:[，,][^，,]+)?)$"),
              re.compile(r"^(?P<x>[^，,]+?)(?:别动|不用动|不要动|别管|不用管|别碰)了?[，,]\s*"
                         r"(?:就|只|只要|光)?(?P<y>[^，,]+(?:[，,][^，,]+)?)$"),
              re.compile(r"^(?:别|不要|不用)(?:动|碰|管)(?P<x>车窗|窗户|空调|温度|音量|座椅加热)\s*"
                         r"(?:就|只|只要|光)?(?P<y>[^，,\s][^，,]+)$")),
}
"""A function left alone and another moved instead ("don't touch the window, just turn the fan
down", "车窗别动，把风调小"), also said with no comma ("don't touch the window fan down",
"别动车窗风小一点")."""


def hands_off(text: str, lang: str) -> tuple[str, str] | None:
    """``(the function left alone, the request said instead)``, or None. The request names no
    "it" (which would be the function left alone)."""
    for pattern in _HANDS_OFF[lang]:
        found = pattern.match(text.strip())
        if found is not None and not _IT.search(found.group("y")) and "它" not in found.group("y"):
            return found.group("x"), found.group("y").strip()
    return None


_ZH_A_LITTLE = re.compile(r"一(?=[点些下会半丢丁咪滴])")


def _a_little(text: str, found: re.Match[str], lang: str) -> bool:
    """Whether the number ``found`` in ``text`` is the 一 of a Chinese "a little" (一点, 一半)."""
    return lang == "zh-CN" and found.group(0) == "一" and _ZH_A_LITTLE.match(
        text, found.start()) is not None


def corrections(text: str, lang: str) -> tuple[str, list[str]] | None:
    """``(what was said first, [readings of the wish that replaces it])`` for a self-correction
    or a "don't X, Y"; None when ``text`` is neither. The readings, in order: the wish as said;
    the first request with the wish's number; the first request's verb and object with the
    wish; the wish with its "it" (or nothing, in Chinese) made the first one's function."""
    for pattern in _NOT_THAT[lang]:  # "X, not Y": X is the request
        contrast = pattern.match(text.strip())
        if contrast is not None and not _NOT_NOW.search(contrast.group("y")):
            wanted = _SAID.sub("", contrast.group("x").strip(" ,，。."))
            return contrast.group("y").strip(), [wanted]
    fix = _FIX[lang].match(text.strip())
    dont = _DONT[lang].match(text.strip())
    inside = _ZH_DONT_INSIDE.match(text.strip()) if lang == "zh-CN" else None
    found = fix or dont or inside
    if found is None:
        return None
    if found is inside and inside is not None:
        noun, wish = inside.group("noun"), inside.group("y").strip(" ,，。.")
        return noun + inside.group("x"), [wish, noun + wish] if noun else [wish]
    first, wish = found.group("x").strip(), found.group("y").strip(" ,，。.")
    if not first or not wish:
        return None
    out = [wish]
    number = re.compile(_EN_COMPOUND if lang == "en" else _ZH_NUMBER, re.IGNORECASE)
    # "一" of "一点/一些/一半" is how much, not the number one: "音量调到二十，不对，小一点" is
    # never "音量调到一"
    said = [m for m in number.finditer(first) if not _a_little(first, m, lang)]
    new = next((m for m in number.finditer(wish) if not _a_little(wish, m, lang)), None)
    if said and new is not None and not (lang == "en" and _EN_WAY.match(wish) and _EN_WAY.search(
            first)):  # "fan up two no down two": the way is what changed, not only the number
        last = said[-1]
        out.append(first[:last.start()] + new.group(0) + first[last.end():])
    if lang == "en":
        out.append(f"{_TRAILING.sub('', first)} {wish}")
        way = _EN_WAY.findall(first)
        if way and _EN_WAY.fullmatch(wish):  # "turn it up, no, down"
            at = first.lower().rindex(way[-1].lower())
            out.append(first[:at] + wish + first[at + len(way[-1]):])
        elif way and _EN_WAY.match(wish):  # "fan up no down a bit": the way and its amount
            out.append(first[:first.lower().rindex(way[-1].lower())] + wish)
    topic = topic_words(first, lang)
    again = number_reading(wish, lang, topic)  # "temperature 19, no, 21": the function set to it
    if again is not None:
        out.append(again)
    if topic is not None:
        noun = _noun(topic, lang) or ""
        if lang == "en" and re.search(r"\bit\b", wish, re.IGNORECASE):
            out.append(re.sub(r"\bit\b", noun, wish, count=1, flags=re.IGNORECASE))
        elif lang == "zh-CN" and noun not in wish:
            out.append(noun + wish)
    return first, out


_EN_OTHER = re.compile(
    r"^(?:(?:and|now|also|ok|okay|same for|same with|same thing for|do the same for|do)\s+)*"
    rf"(?:hers|his|her seat|his seat|(?:the|my) (?:passenger|{EN_COMPANIONS})(?:'s)?"
    r"(?: (?:seat|side|one|seat heater|seat heating))?|the other (?:seat|one)|"
    r"(?:for )?(?:the )?passenger(?:'s)?(?: (?:seat|side|one))?)"
    r"(?:\s+(?:one|too|to|as well|also|please))*"  # "to": a slip of "too"
    # a vocative and a reason said after it ("… the passenger's too love, it's nippy"), never
    # one that says otherwise ("…, but not so high", "…, I'm too hot")
    r"(?:,?\s+(?:love|pet|duck|bab|babs|hun|hon|babe|mate|pal|darling|dear|bud))?"
    r"(?:,?\s+(?:it'?s|it is|i'?m|i am)\b(?![^,?]*(?:\b(?:but|not|no|off|down|lower|hot|warm|"
    r"roasting|boiling|sweat\w*|later|when|if)\b|n't\b))[^,?]*)?[\s.!]*$", re.IGNORECASE)
_ZH_SIDE = r"(?:那边|这边)?"
"""The seat's side said after its name ("主驾那边也…", "副驾这边也…")."""
_ZH_OTHER = re.compile(rf"^(?:那|还有)?(?:副驾驶?|乘客|旁边){_ZH_SIDE}(?:的|座椅|座位)*"
                       r"(?:也|也给|一起)(?P<v>.*)$")
_EN_DRIVER = re.compile(r"\b(?:my|the driver'?s?|the|driver'?s?)\s+(?=seat\b)", re.IGNORECASE)
_ZH_DRIVER = re.compile(rf"(?:{ZH_DRIVER_SEAT}|{ZH_MINE})(?=(?:的)?(?:座椅|座位))")
_ZH_OTHER_DRIVER = re.compile(rf"^(?:那|还有)?(?:{ZH_DRIVER_SEAT}|{ZH_MINE}|我){_ZH_SIDE}"
                              r"(?:的|座椅|座位)*(?:也|也给|一起)(?P<v>.*)$")
"""The driver's seat asked for after the passenger's ("主驾也来一个", "我这边也开一下")."""
_ZH_SAME = re.compile(r"^(?:照样|同样|照这个|照这样|按这个)?(?:要|给我?|是)?"
                      r"(?:来|要|整|弄|安排上?|开|打开|开上|开开|关|关掉|关上|"
                      r"照样|同样|一样)?(?:一样的?|同样的?|一个|个|一下|下)?(?:吧|呗|啊|呀|了)?$")
"""What is said after "the other seat too" that asks for the same again: nothing new (no level,
no other way). An on-verb after an off-request, or an off-verb after an on-request, is not the
same ("副驾的也关了" after "主驾座椅加热打开" is read as said, never as "on")."""


SEAT = re.compile(r"\bseats?\b|座椅|座位|椅子", re.IGNORECASE)
"""Words of a seat: an "it" or an aside said beside one is about the seat, not the cabin."""


def it_after_seat(piece: str, before: str, lang: str) -> bool:
    """Whether ``piece`` says "it" right after ``before`` named a seat ("my seat is freezing,
    warm it up"): that "it" is the seat, unless the piece says degrees, which a seat heater
    has none of ("switch my seat heater off and make it two degrees cooler": the cabin)."""
    return (lang == "en" and re.search(r"\bit\b", piece, re.IGNORECASE) is not None
            and SEAT.search(before) is not None and SEAT.search(piece) is None
            and _DEGREES.search(piece) is None)


_DEGREES = re.compile(r"\bdeg(?:ree)?s?\b|°", re.IGNORECASE)
"""A temperature's unit: said of the cabin, never of a seat heater (levels)."""


_EN_SAME_FOR = re.compile(
    r"^(?:(?:and|now|also|oh|ok|okay|yeah|yes|right|then|so|please|can you|could you|do)[\s,]+)*"
    r"(?:(?P<same>(?:do\s+)?(?:the\s+)?same(?:\s+thing)?\s+(?:for|with|goes for)\s+)?"
    r"(?:for\s+)?(?:(?P<me>me|mine|my seat|my side|my one|here)|(?P<them>her|hers|him|his))|"
    r"(?P<here>same here|i'?ll have the same|i want the same|i'?d like the same))"
    r"(?P<more>(?:[\s,]+(?:one|too|to|as well|also|the same|please|thanks))*)[\s.!?]*$",
    re.IGNORECASE)
"""A short "the same for someone": the speaker ("do mine too", "same for me", "for me too", "same
here") or her/him ("her too", "same for her"); a sentence that says more is no such fragment."""
_EN_MINE_WHY = re.compile(
    r"(?:\s+while you'?re at it|\s*[,;]\s*(?:my|i'?m|i am|i'?ve|i have)\b(?![^,?]*(?:\b(?:but|not|"
    r"no|off|down|lower|hot|warm|roasting|boiling|sweat\w*|later|when|if)\b|n't\b))[^,?]*)$",
    re.IGNORECASE)
"""A reason said after "mine too" ("…, my back is killing me"), or "while you're at it": the
same wish (never one that says otherwise: "…, but not so high", "…, I'm too hot")."""
_EN_AGAIN = re.compile(r"\b(?:too|to|as well|also|same|please)\b|^(?:and|do)\b|^(?:mine|hers)\b",
                       re.IGNORECASE)
"""What a bare person needs to ask for the same again ("me" alone, "here" alone are not)."""
_ZH_SAME_FOR = re.compile(
    rf"^(?:那就|那|还有)?(?:给|帮)?(?:(?P<me>我的?|我这边的?|我这儿的?|{ZH_DRIVER_SEAT}的?)|"
    r"(?P<them>她的?|他的?))(?:这边)?(?:座椅|座位)?(?:也|也给|一起)"
    r"(?:要|来一个|来一下|开一下|开|开上|打开|给开上|整上|安排上?|一样吧?|是|照样)?[吧啊呀哈嘛了]*"
    r"[。！!.]*$")


def same_for(text: str) -> str | None:
    """Whose seat a short "the same for someone" said after a seat's heating asks for:
    ``"driver"`` (the speaker's: "do mine too", "same here", "我这边也来一个") or
    ``"passenger"`` (her/him: "her too", "她也要"); None when ``text`` says more or other. The
    one reading of it: the rules (:func:`other_zone`) and the fallback
    (its follow-up reading) both use it. Either language: each pattern reads its own script."""
    said = text.strip(" ，,").lower()
    found = _ZH_SAME_FOR.match(said)
    if found is None:
        said = _EN_MINE_WHY.sub("", said.strip(" .!"), count=1)
        found = _EN_SAME_FOR.match(said)
        if found is None or not (found.group("same") or found.group("here") or (
                found.group("me") != "here" and _EN_AGAIN.search(said))):
            return None
    return "passenger" if found.group("them") else "driver"


_EN_THEIRS = re.compile(rf"\b(?:the|my|our)\s+(?:passenger|{EN_COMPANIONS})(?:'s)?\s+"
                        r"(?=seat\b)|\bthe passenger(?:'s)?\s+side\s+(?=seat\b)", re.IGNORECASE)
_ZH_THEIRS = re.compile(rf"(?:副驾驶?|乘客|(?:我)?{ZH_COMPANIONS}的?)(?=(?:的)?(?:座椅|座位))")


def _mine(text: str, lang: str, earlier: str) -> str | None:
    """``earlier`` (a request for the passenger's seat) said for the speaker's, the driver's,
    when ``text`` only asks for the same on it ("do mine too", "我这边也来一个"); else None."""
    if same_for(text) != "driver":
        return None
    if lang == "en":
        swapped, n = _EN_THEIRS.subn("my ", earlier, count=1)
    else:
        swapped, n = _ZH_THEIRS.subn("主驾", earlier, count=1)
    return swapped if n else None


_EN_OWN_LEVEL = re.compile(r"\b(?:to|on|at|in)\s+(?:level\s+)?(?:one|two|three|[0-9]+|low|"
                           r"medium|mid|high|max(?:imum)?|the (?:lowest|highest|top))\b", re.I)
"""A seat's own level said with it ("the passenger's to one"): no "the same for that seat"."""


def other_zone(text: str, lang: str, earlier: str) -> str | None:
    """``earlier`` (a request for one front seat) said for the other, when ``text`` only asks
    for the same on the other seat ("do hers too", "副驾的也关了", "do mine too", "主驾也来一个");
    else None."""
    if (mine := _mine(text, lang, earlier)) is not None:
        return mine
    if lang == "en":
        if (_EN_OTHER.match(text.strip()) is None and same_for(text) != "passenger") or (
                not re.search(r"\bseat\b", earlier, re.I)) or _EN_OWN_LEVEL.search(text):
            return None  # "…, and the passenger's to one": its own level, never the earlier one
        swapped, n = _EN_DRIVER.subn("the passenger ", earlier, count=1)
        return swapped if n else None
    said = text.strip(" ，,。")
    found = _ZH_OTHER.match(said)
    driver = found is None and "副驾" in earlier
    found = found or (_ZH_OTHER_DRIVER.match(said) if driver else None)
    if found is None or "座" not in earlier or not _same_way(found.group("v"), earlier):
        return None
    if driver:
        swapped, n = re.subn(r"副驾驶?(?:位|座(?![椅位]))?", "主驾", earlier, count=1)
        return swapped if n else None
    swapped, n = _ZH_DRIVER.subn("副驾", earlier, count=1)
    if not n:
        swapped, n = re.subn(r"(?=座椅|座位)", "副驾", earlier, count=1)
    return swapped if n else None


def said_again(text: str, lang: str, last_text: str, last_intent: str,
               last_value: object) -> tuple[str, ...]:
    """The last request (``last_text``, read as ``last_intent``/``last_value``) said again for
    another seat, when ``text`` asks only for that (:func:`other_zone`), then, after a seat's
    heating, the same level on the seat :func:`same_for` names: the readings to try, in order.
    The one reading of such a follow-up, said alone or as a part of a list."""
    out = [swapped] if (swapped := other_zone(text, lang, last_text)) is not None else []
    if last_intent.startswith("seat_heat_") and (whose := same_for(text)) is not None:
        out.append(seat_said(lang, whose == "driver", last_value))
    return tuple(out)


def _same_way(said: str, earlier: str) -> bool:
    """Whether ``said`` (after "the other seat too") asks for what ``earlier`` did: nothing new
    (:data:`_ZH_SAME`) and no verb the other way."""
    if _ZH_SAME.match(said) is None:
        return False
    off = re.search(r"关|停", earlier) is not None
    return not (("开" in said and off) or ("关" in said and not off))


_EN_BOTH = re.compile(r"\b(?:both|all|the two)\s+(?:(?:of )?the\s+)?(?:front\s+)?"
                      r"(?:seat\s+(?:heaters|heating|warmers|heats)|heated seats)\b", re.IGNORECASE)
_EN_FOR_BOTH = re.compile(r"\b(?:the\s+)?(?:front\s+)?(?:seat (?:heaters|warmers|heating)|"
                          r"heated seats)\b(?P<r>.*?)\s+for (?:both of us|the two of us|"
                          r"us both|both)\s*[.!]*$", re.IGNORECASE)
"""The seat heaters said for both people ("the heated seats on for both of us"): both seats."""
_EN_BOTH_WAY = re.compile(r"\s+(?:on|off)(?:\s+(?:to |on |at )?\w+)??(?=\s*(?:$|,|and\b|then\b|"
                          r"please\b|(?:would|could|will|can) you\b|for (?:me|us)\b|thanks?\b))")
"""The way and level said after "both seat heaters", up to the end or a courtesy tag ("on high
would you"): each seat gets it (the driver's got the default level 2)."""
_ZH_BOTH = re.compile(rf"(?:两个前排|前排的?两个|两个|前排|所有|全部|两边|{ZH_BOTH_FRONT})"
                      r"(?:的)?座椅加热")
_EN_BOTH_HEATED = re.compile(r"\b(?:both|all|the two)\s+(?:(?:of )?the\s+)?(?:front\s+)?"
                             r"seats\s+(?:heated|warmed)(?:\s+please)?(?:\s+on\b)?", re.IGNORECASE)
"""Both seats said heated ("both seats heated on high"): both seat heaters on."""
_EN_HEAT_BOTH = re.compile(r"\b(?:heat|heat up|warm up|warm)\s+(?:both|all|the two)\s+"
                           r"(?:(?:of )?the\s+)?(?:front\s+)?seats\b", re.IGNORECASE)


_EN_HEAT_BOTH_TO = re.compile(_EN_HEAT_BOTH.pattern + r"\s+(?:to|at)(?=\s+(?:level\s+|the\s+)?"
                              rf"{EN_LEVEL}\b)", re.IGNORECASE)
"""Both seats heated "to"/"at" a level ("heat both seats to high"): each seat at that level."""


def both_zones(text: str, lang: str) -> str | None:
    """``text`` with "both (front) seat heaters" said as the driver's and the passenger's
    ("turn on the driver seat heater and the passenger seat heater"), or None."""
    if lang == "en":
        text = _EN_HEAT_BOTH.sub(  # "heat both seats on low": the "on" is already said
            lambda m: ("turn both seat heaters" if re.match(r"\s+on\b", m.string[m.end():])
                       else "turn on both seat heaters"),
            _EN_HEAT_BOTH_TO.sub("turn both seat heaters on", text.rstrip(" .!")))
        text = _EN_BOTH_HEATED.sub("both seat heaters on", text)
        text = _EN_FOR_BOTH.sub(r"both seat heaters\g<r>", text)
        found = _EN_BOTH.search(text)
        if found is None:
            return None
        head, tail, one = text[:found.start()], text[found.end():], "the driver seat heater"
        way = _EN_BOTH_WAY.match(tail)  # "turn both seat heaters on (high)": each one on
        return (f"{head}{one}{way.group(0)} and {head}the passenger seat heater{tail}" if way
                else f"{head}{one} and the passenger seat heater{tail}")
    found = _ZH_BOTH.search(text)
    if found is None:
        return None
    verb = text[found.end():]
    head = text[:found.start()]
    if verb:  # "前排座椅加热都打开" -> "主驾座椅加热打开，副驾座椅加热打开"
        verb = verb.lstrip("都")
        return f"{head}主驾座椅加热{verb}，副驾座椅加热{verb}"
    return f"{head}主驾座椅加热和副驾座椅加热"
