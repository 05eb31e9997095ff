"""The database's own words, for ``twin rig init``: which signal is which cabin function.

Each signal is scored from its and its message's name (English, German and common Chinese
pinyin abbreviations, umlauts and lost bytes folded), its comment, its value table, its unit
and range; words that name something else count against it. Status-only signals are kept
apart from requests, and a status pairs with a command only when another node sends it.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from cantools.database.can import Database, Message, Signal

from devices.binding import E2E_SIGNALS
from devices.codec import fold
from hil.rig_file import effective_range, raw_range

#: function -> (token pattern that names it, pattern both tokens of a pair must meet)
#: Patterns run on folded tokens (lower case, umlauts spelled out, ``#`` for a lost byte).
U = r"(?:ae|oe|ue|a|o|u|#)"  # an umlaut as a legacy file may spell it
FUNCTIONS: dict[str, str] = {
    "seat heating": r"^(stht|seatheat\w*|seatht|heatseat|hcs|sitzheiz\w*|sitzhzg|zyjr"
                    r"|zuoyijiare|sh[vh][lr])$",
    "temperature": r"^(solltemp\w*|settemp\w*|tempsoll|tempset\w*|wendusheding)$",
    "fan": r"^(fan\w*|blow\w*|blw|blwr|gebl" + U + r"se\w*|l" + U + r"fter\w*|fengsu|fengshan"
           r"|fengliang)$",
    "window": r"^(window\w*|wndw|wnd|wdw|winpos|fenster\w*|fh|chechuang|chuang\w*)$",
    "media": r"^(volume|vol|volset|volup|voldn|mute|lautst\w*|laut|yinliang)$",
    "defrost": r"^(defrost\w*|defog\w*|dfg|dfrst|dfst|defr|entfrost\w*|\w*scheibenheiz\w*|hsh"
               r"|chushuang|chuwu)$",
}
#: a pair of tokens that together name the function ("seat" + "heat", "Sitz" + "Heizung")
PAIRS: dict[str, tuple[str, str]] = {
    "seat heating": (r"^(seat|st|sitz|zuoyi|zy|clmt|cond)$|seat",
                     r"^(heat\w*|ht|warm\w*|heiz\w*|hzg|jiare|jr|clmt|cond|clmtctrlseat)$"),
    "temperature": (r"^(temp|tmp|temperatur|wendu)$",
                    r"^(set\w*|st|stpt|req|rq|trgt|target|soll|anf\w*|sheding|sd|vorgabe)$"),
}
#: words that name something else: a strong penalty (a radiator or battery fan, a tyre, a unit)
OTHER = re.compile(
    r"^(batt\w*|bms\w*|hyb\w*|k" + U + r"hler\w*|radiator|motor\w*|engine|eng|reifen\w*|tyre"
    r"|tire|rad|einheit\w*|unit|liter|gallon\w*|kraftstoff|fuel|tank|wasser\w*|water|coolant"
    r"|k" + U + r"hlmittel|oel|oil|abgas|exhaust|aussen\w*|ambient|outside|amb|licht\w*"
    r"|light\w*|lamp\w*|leuchte\w*|fahrlicht|standlicht|brake|brems\w*|getriebe|gear|eps"
    r"|esp|acc|abs|epb|gw|gateway|nm|nmh|obd|qbit|crc|bz|chksum|checksum|counter)$")
#: words that, beside a function's name, say it is another thing of the same name
NOT_THIS: dict[str, re.Pattern[str]] = {
    "fan": re.compile(r"^(mod|mode|modus|dir|direction|verteilung|distribution)$"),
    "window": re.compile(r"^(dfg|defog\w*|defrost\w*|heiz\w*|heat\w*|ht)$"),
    "media": re.compile(r"^(navi\w*|nav|phone|telefon|warn\w*|gong|chime)$"),
}
REQUEST = re.compile(r"^(req|rq|cmd|command|request|btn|button|swtch|sw\d?|set\w*|anf\w*|soll"
                     r"|befehl|einschaltbefehl|taster|bedienung|qingqiu|mingling)$")
#: a control word that asks only at the end of a name (``LevIndCtrl``, not ``ClmtCtrlTemp``)
LAST_REQUEST = re.compile(r"^(ctrl|control|kongzhi|kz)$")
STATUS = re.compile(r"^(stat|sts|status|state|actl|actual|disp|ind|info|fb|feedback|ist"
                    r"|zustand|anzeige|rueckmeldung|r" + U + r"ckmeldung|zhuangtai|zt|fankui"
                    r"|lvl|level|pos|position|fehler\w*|error|fault|qbit|aktiv|active|war)$")
DRIVER = re.compile(r"^(dr|drv|dvr|drvr|driver|left|lft|lt|fl|df|fa|fahrer|zuo|vl|hl)$")
PASSENGER = re.compile(r"^(ps|psgr|psngr|pass|passenger|right|rt|fr|pf|bf|beifahrer|you|vr"
                       r"|hr)$")
UNKNOWN_NODES = {"", "Vector__XXX", "XXX"}
#: a word in a comment or value name that says "this is a command"
COMMAND_WORDS = re.compile(r"^(command|request|einschaltbefehl|befehl|anforderung|request"
                           r"|commande|switch\w*|set)$")


def tokens(text: str) -> list[str]:
    """Folded word tokens of a name or a comment: ``BattFanSpd`` -> ``batt fan spd``."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", text)
    return [t for t in re.split(r"[^a-z0-9#]+", fold(spaced)) if t]


@dataclass(frozen=True)
class Candidate:
    message: Message
    signal: Signal
    score: float
    why: tuple[str, ...] = field(default=())

    @property
    def label(self) -> str:
        return f"{self.message.name}.{self.signal.name}"

    @property
    def shown(self) -> str:
        return f"{self.label} [{self.score:g}: {', '.join(self.why)}]"


def _joined(words: list[str]) -> list[str]:
    """The words and runs of 2-4 adjacent ones: pinyin splits by syllable (``ZuoYiJiaRe``)."""
    return words + ["".join(words[i:i + n]) for n in (2, 3, 4)
                    for i in range(len(words) - n + 1)]


def _hits(function: str, words: list[str]) -> bool:
    if any(re.match(FUNCTIONS[function], w) for w in _joined(words[:40])):
        return True
    pair = PAIRS.get(function)
    if pair is None:
        return False
    first, second = (re.compile(p) for p in pair)
    return any(a != b and ((first.search(a) and second.match(b))
                           or (first.search(b) and second.match(a)))
               for i, a in enumerate(words) for b in words[i + 1:i + 4])


def senders(msg: Message) -> set[str]:
    return {s for s in (msg.senders or []) if s not in UNKNOWN_NODES}


def _comment(obj: Message | Signal) -> str:
    c = obj.comment
    if isinstance(c, dict):
        c = " ".join(str(v) for v in c.values())
    return str(c or "")[:400]


def asks(words: list[str]) -> bool:
    """Whether a name's words ask for something (``Req``, ``Cmd``, ``Anf``, ``Soll``)."""
    return (any(REQUEST.match(t) for t in _joined(words[:40]))
            or bool(words and LAST_REQUEST.match(words[-1])))


def is_status_only(msg: Message, sig: Signal) -> bool:
    """A signal that reports rather than asks: a status word and no request word."""
    name = tokens(sig.name)
    if asks(name):
        return False
    return any(STATUS.match(t) for t in _joined(name[:40]) + _joined(tokens(msg.name)[:40]))


def score(msg: Message, sig: Signal, function: str) -> tuple[float, list[str]]:
    """How strongly the database's own words say this signal is this cabin function."""
    why: list[str] = []
    total = 0.0
    sig_words, msg_words = tokens(sig.name), tokens(msg.name)
    comment = tokens(_comment(sig))
    values = [w for v in (sig.choices or {}).values() for w in tokens(str(v))]
    if _hits(function, sig_words):
        total += 3
        why.append("name")
    if _hits(function, msg_words):
        total += 1.5
        why.append("message")
    if comment and _hits(function, comment):
        total += 1.5
        why.append("comment")
    if values and _hits(function, values):
        total += 1
        why.append("values")
    if total == 0:
        return 0.0, why
    if any(COMMAND_WORDS.match(w) for w in comment + values):
        total += 0.5
        why.append("says command")
    not_this = NOT_THIS.get(function)
    other = [w for w in sig_words + msg_words
             if OTHER.match(w) or (not_this is not None and not_this.match(w))]
    if other:
        total -= 4
        why.append(f"names {other[0]}")
    unit = fold(sig.unit or "")
    hi = raw_range(sig)[1]
    if function == "temperature":
        if re.search(r"c\b|celsi|grad|deg", unit):
            total += 1
            why.append("unit C")
        elif re.search(r"mm|meter|km|liter|volt|amp|rpm|bar|%|percent|kw|sec|minut", unit):
            total -= 2
            why.append(f"unit {sig.unit}")
        lo_s, hi_s = effective_range(sig)
        if not (lo_s <= 16 and hi_s >= 30):
            total -= 2
            why.append("range misses 16-30")
    elif re.search(r"mm|meter|km|liter|volt|amp|rpm|bar|nm\b|kw|sec|minut", unit):
        total -= 2
        why.append(f"unit {sig.unit}")
    if function == "fan" and hi >= 7:
        total += 0.5
        why.append("levels")
    if function == "media" and hi < 15:
        total -= 1
        why.append("few steps")
    return round(total, 2), why


def candidates(db: Database, function: str) -> tuple[list[Candidate], list[Candidate]]:
    """(request-like, status-like) signals for a cabin function with a positive score,
    best first. Status-only signals are never request candidates."""
    requests, statuses = [], []
    for msg in db.messages:
        for sig in msg.signals:
            if sig.name in E2E_SIGNALS or sig.multiplexer_ids:
                continue
            value, why = score(msg, sig, function)
            if value <= 0:
                continue
            if is_status_only(msg, sig):
                statuses.append(Candidate(msg, sig, value, tuple(why)))
            else:
                ask = asks(tokens(sig.name)) or asks(tokens(msg.name))
                requests.append(Candidate(msg, sig, value + (0.5 if ask else 0),
                                          tuple(why + (["asks"] if ask else []))))

    def key(c: Candidate) -> tuple[float, str, str]:
        return (-c.score, c.message.name, c.signal.name)

    return sorted(requests, key=key), sorted(statuses, key=key)


def _stem(sig: Signal) -> str:
    words = [t for t in tokens(sig.name) if not (REQUEST.match(t) or STATUS.match(t))]
    return "".join(words)


def pair(command: Candidate, statuses: list[Candidate]) -> Candidate | None:
    """The status signal (of the same cabin function, in another message, sent by another
    node) whose name is closest to the command's; the best-scored one when no name is close."""
    mine = senders(command.message)
    others = [s for s in statuses if s.message.name != command.message.name
              and not (mine & senders(s.message))]
    best, best_ratio = (others[0] if others else None), 0.45
    for s in others:
        ratio = difflib.SequenceMatcher(None, _stem(command.signal), _stem(s.signal)).ratio()
        if ratio > best_ratio:
            best, best_ratio = s, ratio
    return best
