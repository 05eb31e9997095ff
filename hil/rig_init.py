"""``twin rig init --dbc FILE``: a first draft of a rig file from a vehicle DBC.

For each cabin function (seat heating, temperature, fan, window, media, defrost) the DBC's
signals are matched by their own, their message's and their value table's names against
English words and the abbreviations body DBCs use (``StHt``, ``Blw``, ``Wnd``, ``Dfg``, ...).
Request-like signals become commands, status-like ones the confirmation, paired by name.
The draft lists every candidate as a comment and binds the best one, for the user to confirm:
a DBC says which bits a signal has, not what a value means.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from cantools.database.can import Database, Message, Signal

from devices.binding import E2E_SIGNALS
from devices.codec import load_dbc
from hil.rig_file import effective_range, raw_range
from twin.errors import InputError

#: function -> pattern on normalised names (lower case, separators removed)
FUNCTIONS: dict[str, str] = {
    "seat heating": r"seat.?(heat|ht|warm|cond|clmt)|(heat|ht|warm|hcs|cond).?s(ea)?t|hcs"
                    r"|clmt\w{0,6}seat",
    "temperature": r"temp.?(set|st|req|rq|trgt|target|stpt|setpt|disp|actl)"
                   r"|(set|trgt|target).?temp",
    "fan": r"fan|blow|blw",
    "window": r"window|wndw|wnd|wdw|winpos",
    "media": r"volume|vol(set|up|dn|down)|mute|seek|audio",
    "defrost": r"defrost|defog|dfg|dfrst|dfst|defr",
}
REQUEST = re.compile(r"req|rq|cmd|command|request|btn|button|swtch|sw\d|set(?!pt|stat|ting)")
STATUS = re.compile(r"stat|sts|state|actl|disp|ind|info|fb|feedback")
DRIVER = re.compile(r"dr(v|vr|iver)?|left|lft|lt|fl\b|df")
PASSENGER = re.compile(r"ps(gr|ngr)?|pass|right|rt|fr\b|pf")


@dataclass(frozen=True)
class Candidate:
    message: Message
    signal: Signal
    score: float

    @property
    def label(self) -> str:
        return f"{self.message.name}.{self.signal.name}"


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _words(msg: Message, sig: Signal) -> str:
    choices = " ".join(str(v) for v in (sig.choices or {}).values())
    return f"{_norm(sig.name)} {_norm(msg.name)} {_norm(choices)}"


def candidates(db: Database, function: str) -> tuple[list[Candidate], list[Candidate]]:
    """(request-like, status-like) signals for a cabin function, best first."""
    pattern = re.compile(FUNCTIONS[function])
    requests, statuses = [], []
    for msg in db.messages:
        for sig in msg.signals:
            if sig.name in E2E_SIGNALS or sig.multiplexer_ids:
                continue
            words = _words(msg, sig)
            if not pattern.search(words):
                continue
            own = 2.0 if pattern.search(_norm(sig.name)) else 1.0
            name = _norm(sig.name) + " " + _norm(msg.name)
            if STATUS.search(name) and not REQUEST.search(_norm(sig.name)):
                statuses.append(Candidate(msg, sig, own))
            else:
                requests.append(Candidate(msg, sig, own + (1.0 if REQUEST.search(name) else 0)))
    def key(c: Candidate) -> tuple[float, str, str]:
        return (-c.score, c.message.name, c.signal.name)

    return sorted(requests, key=key), sorted(statuses, key=key)


def _stem(sig: Signal) -> str:
    return re.sub(r"req|rq|cmd|stat|sts|state|actl|set|disp", "", _norm(sig.name))


def pair(command: Candidate, statuses: list[Candidate]) -> Candidate | None:
    """The status signal (of the same cabin function, in another message) whose name is
    closest to the command's; the best-scored one when no name is close."""
    others = [s for s in statuses if s.message.name != command.message.name]
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
    head = [
        f"# Draft rig for {dbc.name}, written by `twin rig init`. Every binding below is a",
        "# guess from names: confirm each against the vehicle's documentation, then run",
        "# `twin rig show` and `twin rig check` (on the simulated twins first).",
        "#",
        "# Candidates per cabin function (request -> status):",
    ]
    for f, (req, sts) in found.items():
        head.append(f"#   {f}: " + (", ".join(c.label for c in req[:4]) or "none found"))
        if sts:
            head.append(f"#   {' ' * len(f)}  status: " + ", ".join(c.label for c in sts[:4]))
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

    heat_req = [c for c in found["seat heating"][0] if _fits(c.signal, 0, 3)]
    for intent, side in (("seat_heat_driver", DRIVER), ("seat_heat_passenger", PASSENGER)):
        pick = next((c for c in heat_req if side.search(_norm(c.signal.name))), None)
        if pick is not None:
            bind(intent, "seat heating", pick, 0, 3, 0.0)
            heat_req = [c for c in heat_req if c is not pick]
    temp = [c for c in found["temperature"][0] if _fits(c.signal, 16, 30)]
    if temp:
        bind("climate_set_temperature", "temperature", temp[0], 16, 30, 22.0)
    fan = [c for c in found["fan"][0] if _fits(c.signal, 0, 7)]
    if fan:
        top = raw_range(fan[0].signal)[1]
        levels = ([round(i * top / 7) for i in range(8)]
                  if effective_range(fan[0].signal)[1] > 7 else None)
        bind("climate_set_fan", "fan", fan[0], 0, 7, 0.0, levels)
    vol = [c for c in found["media"][0] if "vol" in _norm(c.signal.name) and _fits(c.signal, 0, 30)
           and c.signal.length > 1]
    if vol:
        bind("media_volume_set", "media", vol[0], 0, 30, 8.0)
    if found["window"][0]:
        notes.append("note: window candidates listed, not bound: a motion device's safe state "
                     "must only stop it (motion = true, hold its position): bind it by hand")
    if found["defrost"][0]:
        c = found["defrost"][0][0]
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
           'channel = "auto"', f"dbc = {_toml_str(dbc_ref)}"]
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
