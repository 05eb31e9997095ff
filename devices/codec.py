"""The cabin DBC codec: load the database, encode commands with counter and checksum, and
decode frames with the range checks cantools does not do on decode.

Checksum (documented in ``cabin.dbc``): byte 7 of a command frame is
``0xFF ^ ((sum(bytes 0-6) + (frame_id & 0xFF) + (frame_id >> 8)) & 0xFF)``.

Status frames are protected end to end (``cabin.dbc``; AUTOSAR E2E profile 1 in spirit): a
4-bit ``AliveCounter`` that the sender counts up, and a ``Crc`` in byte 7, the CRC-8 SAE J1850
over the frame id (low byte, high byte) followed by bytes 0-6 (the ``crc`` package computes it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from pathlib import Path
from typing import Any

import cantools
from cantools.database.can import Database, Message
from cantools.database.utils import create_encode_decode_formats, decode_data, encode_data
from crc import Calculator, Configuration, Crc8

CABIN_DBC = Path(__file__).resolve().parent / "cabin.dbc"
COUNTER_SIGNAL = "Counter"
CHECKSUM_SIGNAL = "Checksum"
CMD_COUNTER_SIGNAL = "CmdCounter"
RESULT_SIGNAL = "Result"
CRC_SIGNAL = "Crc"
ALIVE_SIGNAL = "AliveCounter"
_CRC8 = Calculator(Crc8.SAEJ1850, optimized=True)
# the CRC-8 register step per byte, from the crc package with zero init and final xor: the
# package's generic checksum costs ~70 us a frame here, this table loop ~2 us
_CRC8_STEP = Calculator(Configuration(8, Crc8.SAEJ1850.value.polynomial))
_CRC8_TABLE = tuple(int(_CRC8_STEP.checksum(bytes([b]))) for b in range(256))


class Result(IntEnum):
    """The ``Result`` a status frame carries back for the command it answers."""

    ACCEPTED = 0
    OUT_OF_RANGE = 1
    BAD_CHECKSUM = 2
    BAD_LENGTH = 3


#: the largest database file read (an AUTOSAR system description can be tens of MB)
MAX_DATABASE_BYTES = 256 * 1024 * 1024
#: formats cantools reads, by file suffix
DATABASE_SUFFIXES = (".dbc", ".arxml", ".kcd", ".sym")


def text_encoding(path: str | Path) -> str:
    """``utf-8`` when the file decodes as UTF-8, else ``cp1252`` (the legacy DBC/SYM
    encoding tools such as CANdb++ write)."""
    with open(path, "rb") as f:
        data = f.read(MAX_DATABASE_BYTES + 1)
    if len(data) > MAX_DATABASE_BYTES:
        raise ValueError(f"larger than {MAX_DATABASE_BYTES} bytes")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


@cache
def load_dbc(path: str | Path = CABIN_DBC, strict: bool = True) -> Database:
    """A cantools database: DBC, ARXML (AUTOSAR 3/4), KCD or SYM, by suffix (cached per path;
    treat it as read-only). Text encodings are detected, so value names read as written.
    ``strict=False`` accepts overlapping signals (many vehicle DBCs have group signals
    spanning their members)."""
    suffix = Path(path).suffix.lower()
    encoding = text_encoding(path) if suffix in (".dbc", ".sym") else None
    db = cantools.database.load_file(str(path), strict=strict, encoding=encoding)
    if not isinstance(db, Database):
        raise ValueError("not a CAN database (diagnostics only)")
    return db


def unmangle(text: str) -> str:
    """``text`` with a UTF-8 file's bytes read back as cp1252 or Latin-1 undone
    (``GeblÃ¤se`` -> ``Gebläse``, ``Geblï¿½se`` -> ``Gebl\ufffdse``): what an editor shows
    for such a file, pasted into a rig file. Text that is not such a reading is unchanged."""
    if text.isascii():
        return text
    for codec in ("cp1252", "latin-1"):
        try:
            repaired = text.encode(codec).decode("utf-8")
        except UnicodeError:
            continue
        if repaired != text:
            return repaired
    return text


def fold(text: str) -> str:
    """A name folded for matching: mojibake undone (:func:`unmangle`), lower case, umlauts
    spelled out (``ä`` -> ``ae``), and a character a legacy file lost (U+FFFD, ``?``) as
    ``#``: ``Gebläse``, ``Geblaese``, ``Geblï¿½se`` and ``Gebl\ufffdse`` compare alike
    through :func:`same_name`."""
    out = unmangle(text).lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss"), ("\ufffd", "#"),
                 ("?", "#")):
        out = out.replace(a, b)
    return out


def same_name(written: str, in_file: str) -> bool:
    """A value name as written in a rig file matches the database's, either way round:
    exact, umlauts spelled out, mojibake of either undone, or a character one of them lost
    (U+FFFD, ``?``) matching one or two characters of the other."""
    if written == in_file:
        return True
    a, b = fold(written), fold(in_file)
    if a == b:
        return True
    for lost, full in ((b, a), (a, b)):
        if "#" in lost and "#" not in full:
            import re

            pattern = "".join("(?:..?)" if ch == "#" else re.escape(ch) for ch in lost)
            if re.fullmatch(pattern, full) is not None:
                return True
    return False


def checksum(frame_id: int, data: bytes) -> int:
    """The cabin checksum over bytes 0-6 and the frame id."""
    return 0xFF ^ ((sum(data[:7]) + (frame_id & 0xFF) + (frame_id >> 8)) & 0xFF)


@dataclass(frozen=True)
class _Layout:
    """What the hot path asks of a message, read once from its signals."""

    checksum: bool
    crc: bool
    #: (signal, DBC minimum, DBC maximum) per signal
    bounds: tuple[tuple[str, float | None, float | None], ...]


_LAYOUTS: dict[int, tuple[Message, _Layout]] = {}


def _layout(message: Message) -> _Layout:
    cached = _LAYOUTS.get(id(message))
    if cached is None or cached[0] is not message:
        names = {s.name for s in message.signals}
        layout = _Layout(CHECKSUM_SIGNAL in names, CRC_SIGNAL in names,
                         tuple((s.name, s.minimum, s.maximum) for s in message.signals))
        cached = _LAYOUTS[id(message)] = (message, layout)
    return cached[1]


def has_checksum(message: Message) -> bool:
    return _layout(message).checksum


def e2e_crc(frame_id: int, data: bytes) -> int:
    """The status frames' CRC-8 SAE J1850 over the frame id (low, high byte) and bytes 0-6."""
    table = _CRC8_TABLE
    crc = table[0xFF ^ (frame_id & 0xFF)]
    crc = table[crc ^ ((frame_id >> 8) & 0xFF)]
    for byte in data[:7]:
        crc = table[crc ^ byte]
    return crc ^ 0xFF


def has_crc(message: Message) -> bool:
    return _layout(message).crc


_START_VALUES: dict[int, tuple[Message, dict[str, float]]] = {}


def start_values(message: Message) -> dict[str, float]:
    """Every signal at its ``GenSigStartValue`` (physical), or 0 where none is given (a copy)."""
    cached = _START_VALUES.get(id(message))
    if cached is None or cached[0] is not message:
        values: dict[str, float] = {}
        for sig in message.signals:
            raw = sig.raw_initial if sig.raw_initial is not None else 0
            values[sig.name] = sig.conversion.raw_to_scaled(raw, decode_choices=False)
        cached = _START_VALUES[id(message)] = (message, values)
    return dict(cached[1])


def encode(message: Message, signals: dict[str, Any], counter: int | None = None,
           strict: bool = True) -> bytes:
    """Encode a frame; missing signals take start values; a Checksum signal is computed.

    With ``strict`` values outside the DBC range raise ``cantools`` encode errors; callers
    that checked the bound ranges themselves (a DBC range may be missing or wrong) pass False.
    """
    values = start_values(message)
    values.update(signals)
    if counter is not None and any(s.name == COUNTER_SIGNAL for s in message.signals):
        values[COUNTER_SIGNAL] = counter & 0x0F
    if has_checksum(message):
        values[CHECKSUM_SIGNAL] = 0
    if has_crc(message):
        values[CRC_SIGNAL] = 0
    if overlapping(message):
        data = bytearray(_encode_by_signal(message, values))
    else:
        data = bytearray(message.encode(values, strict=strict))
    if has_checksum(message):
        data[7] = checksum(message.frame_id, bytes(data))
    if has_crc(message):
        data[7] = e2e_crc(message.frame_id, bytes(data))
    return bytes(data)


_OVERLAP: dict[int, tuple[Message, bool]] = {}


def overlapping(message: Message) -> bool:
    """True when two signals of ``message`` share a bit (only in DBCs loaded non-strict)."""
    cached = _OVERLAP.get(id(message))
    if cached is None or cached[0] is not message:
        seen: set[int] = set()
        clash = False
        for sig in message.signals:
            mask = _signal_mask(sig, message)
            bits = {i for i in range(8 * message.length) if (mask >> i) & 1}
            clash = clash or bool(bits & seen)
            seen |= bits
        cached = _OVERLAP[id(message)] = (message, clash)
    return cached[1]


def _signal_mask(sig: Any, message: Message) -> int:
    """The signal's bits in the frame as an integer (all ones encoded, raw)."""
    formats = create_encode_decode_formats([sig], message.length)
    ones = (1 << sig.length) - 1
    raw = ones if not sig.is_signed else -1
    return encode_data({sig.name: raw}, [sig], formats, False)


def _encode_by_signal(message: Message, values: dict[str, Any]) -> bytes:
    """Encode signal by signal and OR the bits (cantools packs overlapping signals wrongly)."""
    total = 0
    for sig in message.signals:
        formats = create_encode_decode_formats([sig], message.length)
        total |= encode_data({sig.name: values[sig.name]}, [sig], formats, True)
    return total.to_bytes(message.length, "big")


def decode_values(message: Message, data: bytes) -> dict[str, Any]:
    """Physical values of every signal. A message whose signals overlap (a DBC loaded with
    ``strict = false``, e.g. group signals spanning their members) cannot be unpacked at once
    by cantools: its signals are then decoded one by one."""
    try:
        return message.decode(data, decode_choices=False, scaling=True)
    except Exception:
        if len(data) != message.length:
            raise
    out: dict[str, Any] = {}
    for sig in message.signals:
        formats = create_encode_decode_formats([sig], message.length)
        out.update(decode_data(data, message.length, [sig], formats, False, True, False, False))
    return out


_ALIVE: dict[int, tuple[Message, int, tuple[int, ...], bool]] = {}


def restamp(message: Message, data: bytes, alive: int) -> bytes:
    """``data`` with a new ``AliveCounter`` and its CRC (a status frame sent again): only
    those bits change (the other signals are not decoded and encoded again; the counter's 16
    bit patterns are encoded once per message)."""
    cached = _ALIVE.get(id(message))
    if cached is None or cached[0] is not message:
        sig = message.get_signal_by_name(ALIVE_SIGNAL)
        formats = create_encode_decode_formats([sig], message.length)
        patterns = tuple(encode_data({sig.name: a}, [sig], formats, False) for a in range(16))
        cached = _ALIVE[id(message)] = (message, ~_signal_mask(sig, message), patterns,
                                        has_crc(message))
    _, keep, patterns, crc = cached
    length = message.length
    total = (int.from_bytes(data[:length], "big") & keep) | patterns[alive & 0x0F]
    out = total.to_bytes(length, "big")
    if crc:
        out = out[:7] + bytes((e2e_crc(message.frame_id, out),)) + out[8:]
    return out


@dataclass
class Decoded:
    """A decoded frame: physical values, and why it would be rejected (``Result``)."""

    message: Message
    values: dict[str, float] = field(default_factory=dict)
    result: Result = Result.ACCEPTED
    violations: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.result is Result.ACCEPTED


def out_of_range(message: Message, values: dict[str, float],
                 ranges: dict[str, tuple[float, float]] | None = None) -> list[str]:
    """Signals whose decoded value lies outside its range (cantools skips this): the rig's
    bound range where it gives one, else the DBC [min|max]."""
    bad = []
    for name, low, high in _layout(message).bounds:
        value = values.get(name)
        if value is None:
            continue
        if ranges and name in ranges:
            low, high = ranges[name]
        if (low is not None and value < low - 1e-9) or (high is not None and value > high + 1e-9):
            bad.append(f"{name}={value} not in [{low}, {high}]")
    return bad


def decode_checked(message: Message, data: bytes,
                   ranges: dict[str, tuple[float, float]] | None = None) -> Decoded:
    """Decode ``data`` as ``message`` and validate length, checksum and ranges (``ranges``
    overrides the DBC's per signal). Never raises."""
    if len(data) != message.length:
        return Decoded(message, {}, Result.BAD_LENGTH, [f"dlc {len(data)} != {message.length}"])
    layout = _layout(message)
    if layout.checksum and data[7] != checksum(message.frame_id, data):
        return Decoded(message, {}, Result.BAD_CHECKSUM, ["checksum mismatch"])
    if layout.crc and data[7] != e2e_crc(message.frame_id, data):
        return Decoded(message, {}, Result.BAD_CHECKSUM, ["e2e crc mismatch"])
    try:
        values = decode_values(message, data)
    except Exception as exc:  # cantools raises several types on malformed data
        return Decoded(message, {}, Result.BAD_LENGTH, [f"undecodable: {exc}"])
    plain = {k: float(v) for k, v in values.items() if isinstance(v, int | float)}
    bad = out_of_range(message, plain, ranges)
    return Decoded(message, plain, Result.OUT_OF_RANGE if bad else Result.ACCEPTED, bad)
