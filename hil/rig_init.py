"""``twin rig init --dbc FILE``: a first draft of a rig file from a vehicle database (DBC,
ARXML, KCD or SYM).

For each cabin function (seat heating, temperature, fan, window, media, defrost) every signal
is scored from the database's own words: its and its message's name (English, German and
common Chinese pinyin abbreviations), its comment, its value table, its unit and range, and
who sends the message. Words that name something else (a tyre, a battery fan, a unit switch,
coolant temperature, lights) count against it. Request-like signals become commands,
status-like ones the confirmation, paired by name, and a command must come from a node other
than the one that reports its status. The draft lists every candidate with its score and
binds the best one, for the user to confirm: a database says which bits a signal has, not
what a value means.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from cantools.database.can import Database, Message, Signal

from devices.binding import E2E_SIGNALS
from devices.codec import fold, load_dbc
from hil.rig_file import effective_range, raw_range
from twin.errors import InputError

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
#: the least score a candidate is bound with (listed below it): its name or message says so
BIND_SCORE = 2.0
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


# ---- drafting --------------------------------------------------------------------------
@dataclass
class _Device:
    command: Message
    status: Message | None = None
    lines: list[str] | None = None
    ranges: dict[str, tuple[float, float]] | None = None
    safe: dict[str, float] | None = None
    safe_confirm: list[str] | None = None


def _range_note(sig: Signal, low: float, high: float, ranges: dict[str, tuple[float, float]]
                ) -> None:
    if sig.minimum is None or sig.maximum is None or sig.minimum == sig.maximum:
        ranges[sig.name] = (low, high)  # the DBC gives none: a guess from the intent


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _one_line(exc: BaseException, limit: int = 200) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[:limit] + "..."


def scaffold(dbc: Path, out: Path | None = None, name: str | None = None
             ) -> tuple[str, list[str]]:
    """The draft rig text and notes for the user (stderr)."""
    notes: list[str] = []
    strict = True
    try:
        db = load_dbc(dbc, True)
    except Exception as exc:  # cantools raises many kinds (parse errors, bad values, ...)
        strict = False
        try:
            db = load_dbc(dbc, False)
        except Exception as again:
            raise InputError(str(dbc), "--dbc", f"a DBC that cantools can load "
                             f"({type(again).__name__}: {_one_line(again)})") from None
        notes.append(f"note: {dbc.name} loads only with strict = false ({_one_line(exc)})")
    dbc_ref = str(dbc)
    if out is not None:
        try:
            dbc_ref = str(Path(dbc).relative_to(out.parent))
        except ValueError:
            import os

            dbc_ref = os.path.relpath(dbc, out.parent)
    found = {f: candidates(db, f) for f in FUNCTIONS}
    bindable = {f: ([c for c in req if c.score >= BIND_SCORE], sts)
                for f, (req, sts) in found.items()}
    head = [
        f"# Draft rig for {dbc.name}, written by `twin rig init`. Every binding below is a",
        "# guess from names: confirm each against the vehicle's documentation, then run",
        "# `twin rig show` and `twin rig check` (on the simulated twins first).",
        "#",
        "# Candidates per cabin function (request -> status), best first, each with its score",
        "# and what earned it (name, message, comment, values, unit, range; 'names X' counts",
        "# against a word that names something else):",
    ]
    for f, (req, sts) in found.items():
        head.append(f"#   {f}: " + (", ".join(c.shown for c in req[:4]) or "none found"))
        if sts:
            head.append(f"#   {' ' * len(f)}  status: " + ", ".join(c.shown for c in sts[:4]))
    devices: dict[str, _Device] = {}

    def device(c: Candidate) -> _Device:
        d = devices.setdefault(c.message.name, _Device(c.message, None, [], {}, {}, []))
        return d

    def bind(intent: str, function: str, c: Candidate, low: int, high: int,
             safe_value: float | None, levels: list[float] | None = None) -> None:
        d = device(c)
        assert d.lines is not None and d.ranges is not None and d.safe is not None
        pool = found[function][1] + found[function][0]  # a "request" elsewhere may echo it
        top = max(levels) if levels else high
        status = pair(c, [s for s in pool if raw_range(s.signal)[1] >= top
                          and (d.status is None or s.message.name == d.status.name)])
        if status is not None and d.status is None:
            d.status = status.message
        conv = f", levels = {levels}" if levels else ""
        confirm = ""
        if status is not None and d.status is not None and status.message.name == d.status.name:
            confirm = f", confirm = {{ signal = {_toml_str(status.signal.name)} }}"
        d.lines.append(f"{intent} = {{ signal = {_toml_str(c.signal.name)}{conv}{confirm} }}")
        if not levels:
            _range_note(c.signal, low, high, d.ranges)
        if safe_value is not None:
            d.safe[c.signal.name] = safe_value
            if confirm and d.safe_confirm is not None:
                d.safe_confirm.append(f"{{ signal = {_toml_str(status.signal.name)}, "  # type: ignore[union-attr]
                                      f"value = {safe_value:g} }}")

    heat_req = [c for c in bindable["seat heating"][0] if _fits(c.signal, 0, 3)]
    for intent, side in (("seat_heat_driver", DRIVER), ("seat_heat_passenger", PASSENGER)):
        pick = next((c for c in heat_req
                     if any(side.match(t) for t in tokens(c.signal.name))), None)
        if pick is not None:
            bind(intent, "seat heating", pick, 0, 3, 0.0)
            heat_req = [c for c in heat_req if c is not pick]
    temp = [c for c in bindable["temperature"][0] if _fits(c.signal, 16, 30)]
    if temp:
        bind("climate_set_temperature", "temperature", temp[0], 16, 30, 22.0)
    fan = [c for c in bindable["fan"][0] if raw_range(c.signal)[0] <= 0 < raw_range(c.signal)[1]]
    if fan:
        top = raw_range(fan[0].signal)[1]
        levels = ([0] + [max(1, round(i * top / 7)) for i in range(1, 8)]
                  if top != 7 or effective_range(fan[0].signal)[1] > 7 else None)
        bind("climate_set_fan", "fan", fan[0], 0, 7, 0.0, levels)
    vol = [c for c in bindable["media"][0]
           if any(t.startswith(("vol", "laut", "yinliang")) for t in tokens(c.signal.name))
           and _fits(c.signal, 0, 30)
           and c.signal.length > 1]
    if vol:
        bind("media_volume_set", "media", vol[0], 0, 30, 8.0)
    if found["window"][0]:
        notes.append("note: window candidates listed, not bound: a motion device (motion = "
                     "true) may only be stopped: hold its reported position when a status "
                     "reports it, else send a stop value on every command signal "
                     "(devices/SAFE_STATE.md): bind it by hand")
    if bindable["defrost"][0]:
        c = bindable["defrost"][0][0]
        d = device(c)
        assert d.lines is not None and d.safe is not None
        d.lines.append(f"climate_defrost = {{ set = {{ {c.signal.name} = 1 }} }}"
                       "   # add confirm = { signal = ... }")
        d.safe.setdefault(c.signal.name, 0.0)
    body = _render(devices, dbc_ref, strict, name or dbc.stem, notes)
    text = "\n".join(head) + "\n" + body
    problem = _loads(text, out, dbc)
    if problem:
        notes.append(f"note: the draft does not load yet, fix this first: {problem}")
    return text, notes


def _loads(text: str, out: Path | None, dbc: Path) -> str | None:
    """The load error of the draft (None when it loads), checked beside its final place."""
    import tempfile

    from hil.rig_file import load_rig
    from twin.errors import InputError

    where = out.parent if out is not None else Path.cwd()
    with tempfile.NamedTemporaryFile("w", suffix=".toml", dir=where, delete=False) as f:
        f.write(text)
    try:
        load_rig(f.name)
    except InputError as exc:
        return f"{exc.key}: expected {exc.expected}"
    finally:
        Path(f.name).unlink()
    return None


def _fits(sig: Signal, low: float, high: float) -> bool:
    lo, hi = raw_range(sig)
    return lo <= low and high <= hi


def _render(devices: dict[str, _Device], dbc_ref: str, strict: bool, name: str,
            notes: list[str]) -> str:
    out = [f"name = {_toml_str(name)}",
           'description = "Draft from twin rig init: confirm every binding"', "",
           "[buses.vehicle]", 'interface = "virtual"             # your bench: pcan, vector, ...',
           'channel = "auto"',
           f"{'dbc' if dbc_ref.lower().endswith('.dbc') else 'database'} = {_toml_str(dbc_ref)}"]
    if not strict:
        out.append("strict = false                    # overlapping signals (see twin rig show)")
    out += ["", "[simulation]", "seed = 1", ""]
    for msg_name, d in devices.items():
        dev = re.sub(r"[^a-z0-9_]", "_", msg_name.lower())
        out.append(f"[devices.{dev}]")
        out.append('bus = "vehicle"')
        out.append(f"command = {_toml_str(msg_name)}")
        has_confirm = d.lines is not None and any("confirm" in line and "# add" not in line
                                                   for line in d.lines)
        if d.status is not None and has_confirm:
            out.append(f"status = {_toml_str(d.status.name)}")
            d.lines = [line if "confirm" in line and "# add" not in line else
                       f"# {line.split('   #')[0]}   # no status signal found: add confirm"
                       for line in d.lines or []]
        else:
            out.append("fire_and_forget = true            # no status found: sent, never confirmed")
            notes.append(f"note: {msg_name}: no status message found; drafted as fire-and-forget")
            d.lines = [re.sub(r", confirm = \{[^}]*\}", "", line).split("   #")[0]
                       for line in d.lines or []]
            d.safe_confirm = []
        out.append("timeout_ms = 100")
        if d.ranges:
            inner = ", ".join(f"{k} = [{lo:g}, {hi:g}]" for k, (lo, hi) in d.ranges.items())
            out.append(f"ranges = {{ {inner} }}            # the DBC gives no range: a guess")
        safe = ", ".join(f"{k} = {v:g}" for k, v in (d.safe or {}).items())
        conf = (f", confirm = [{', '.join(d.safe_confirm)}]" if d.safe_confirm else "")
        if safe:
            out.append(f"safe_state = {{ send = {{ {safe} }}{conf}, why = \"heating, fan and "
                       "defrost off, volume low (draft: say why for this vehicle)\" }")
        else:
            out.append("# safe_state = { send = { ... }, why = \"...\" }   # required: fill in")
        out.append(f"[devices.{dev}.intents]")
        out += d.lines or []
        out.append("")
    return "\n".join(out)
