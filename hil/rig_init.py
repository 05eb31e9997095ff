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

import re
from dataclasses import dataclass
from pathlib import Path

from cantools.database.can import Message, Signal

from devices.codec import load_dbc
from hil.rig_file import effective_range, raw_range
from hil.rig_words import DRIVER, FUNCTIONS, PASSENGER, Candidate, candidates, pair, tokens
from twin.errors import InputError

#: the least score a candidate is bound with (listed below it): its name or message says so
BIND_SCORE = 2.0


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
