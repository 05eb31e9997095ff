"""What a QA engineer acts on in ``report.html``: commands by outcome per device, and each
failed command with the lines of ``can.asc``, ``serial.log`` and the DUT's log written while
it was in flight (the files are in the output folder, copied there if the run wrote them
elsewhere; a row links to each file and shows its line range and an excerpt).

A CAN line's time is the ASC trace's ``Begin Triggerblock`` time plus its own offset; a serial
line carries its epoch time; both are matched against the command's wall-clock send time and
its render time. A DUT log line is matched by the DUT request id (``bench: request N``).
"""

from __future__ import annotations

import bisect
import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

MAX_FAILED_ROWS = 200  # listed in the table; the count says how many more failed
EXCERPT_LINES = 12
SLACK_S = 0.02  # before the send and after the render ended
DONE = frozenset({"status_matches", "acknowledged", "sent", "untouched"})
NOT_FAILED_DUT = frozenset({"", "ok", "degraded"})
#: ``Begin Triggerblock`` dates: ``Sat Dec 05 04:41:33.060 2026`` (CANoe's form; python-can 4.6
#: writes ``33.60`` for 60 ms) or the
#: older ``Mon Mar 7 01:21:51 pm 2005``
_ASC_DATE = re.compile(r"\w{3} (\w{3}) +(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?"
                       r"(?: ([ap]m))? (\d{4})$", re.IGNORECASE)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


@dataclass
class TraceLink:
    """Lines ``first``..``last`` (1-based) of ``file`` (relative to the report)."""

    file: str
    first: int
    last: int
    excerpt: list[str]


@dataclass
class FailedCommand:
    request: int
    intent: str
    value: str
    device: str
    outcome: str
    reason: str
    t_ms: float
    links: list[TraceLink] = field(default_factory=list)


@dataclass
class DeviceRow:
    device: str
    commands: int
    confirmed: int
    outcomes: dict[str, int]
    answered: int | None
    p50_ms: float | None
    p95_ms: float | None
    p99_ms: float | None
    safe_state: str


def device_table(devices: dict[str, Any] | None, safe_state: dict[str, Any] | None
                 ) -> tuple[list[str], list[DeviceRow]]:
    """The outcome columns any device has (zeros left out) and one row per device."""
    devices = devices or {}
    columns = sorted({o for d in devices.values() for o, n in d.get("outcomes", {}).items()
                      if n})
    rows = []
    for name, d in sorted(devices.items()):
        rows.append(DeviceRow(
            name, int(d.get("commands", 0)), int(d.get("ok", 0)),
            {o: int(d.get("outcomes", {}).get(o, 0)) for o in columns}, d.get("answered"),
            d.get("p50_ms"), d.get("p95_ms"), d.get("p99_ms"),
            str((safe_state or {}).get(name, "-"))))
    return columns, rows


class _TimedLines:
    """A text trace's lines with a wall-clock time each (lines without one are skipped)."""

    def __init__(self, name: str, lines: list[str], times: list[float], numbers: list[int]):
        self.name, self.lines, self.times, self.numbers = name, lines, times, numbers

    def between(self, t0: float, t1: float) -> TraceLink | None:
        lo = bisect.bisect_left(self.times, t0)
        hi = bisect.bisect_right(self.times, t1)
        if hi <= lo:
            return None
        first, last = self.numbers[lo], self.numbers[hi - 1]
        return TraceLink(self.name, first, last,
                         self.lines[first - 1:min(last, first - 1 + EXCERPT_LINES)])


def _read(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8", errors="replace").splitlines()


def asc_start(text: str) -> float | None:
    """The epoch time of an ASC ``Begin Triggerblock`` date (local time), None if unreadable.

    Up to three fraction digits count milliseconds, so python-can 4.6's unpadded ``33.60``
    (60 ms) reads right, as does CANoe's ``33.060``; six digits count microseconds."""
    m = _ASC_DATE.match(text.strip())
    if m is None or m[1].lower() not in _MONTHS:
        return None
    month, day, hour, minute, second, fraction, half, year = m.groups()
    hour_n = int(hour)
    if half:
        hour_n = hour_n % 12 + (12 if half.lower() == "pm" else 0)
    micro = 0 if not fraction else (int(fraction) * 1000 if len(fraction) <= 3
                                    else int(fraction.ljust(6, "0")))
    try:
        return datetime(int(year), _MONTHS.index(month.lower()) + 1, int(day), hour_n,
                        int(minute), int(second), micro).timestamp()
    except ValueError:
        return None


def read_asc(path: Path, name: str) -> _TimedLines:
    """``can.asc``: each frame line at ``Begin Triggerblock`` + its offset (seconds)."""
    lines = _read(path)
    t0: float | None = None
    times, numbers = [], []
    for k, line in enumerate(lines, 1):
        if t0 is None:
            if line.startswith("Begin Triggerblock "):
                t0 = asc_start(line[19:])
                if t0 is None:
                    return _TimedLines(name, lines, [], [])
            continue
        head = line.split(maxsplit=1)
        try:
            offset = float(head[0])
        except (ValueError, IndexError):
            continue
        times.append(t0 + offset)
        numbers.append(k)
    order = np.argsort(times, kind="stable")  # traced by several threads: nearly sorted
    return _TimedLines(name, lines, [times[i] for i in order], [numbers[i] for i in order])


def read_serial_log(path: Path, name: str) -> _TimedLines:
    """``serial.log``: each line starts with its epoch time."""
    lines = _read(path)
    times, numbers = [], []
    for k, line in enumerate(lines, 1):
        try:
            times.append(float(line.split(maxsplit=1)[0]))
        except (ValueError, IndexError):
            continue
        numbers.append(k)
    order = np.argsort(times, kind="stable")  # written by several threads: nearly sorted
    return _TimedLines(name, lines, [times[i] for i in order], [numbers[i] for i in order])


def _in_folder(path: str | None, out_dir: Path) -> Path | None:
    """``path`` inside ``out_dir`` (copied there when the run wrote it elsewhere)."""
    if not path:
        return None
    src = Path(path)
    if not src.is_file():
        return None
    if src.resolve().parent == out_dir.resolve():
        return src
    dest = out_dir / src.name
    if not dest.exists():
        shutil.copyfile(src, dest)
    return dest


def trace_files(rig: dict[str, Any] | None, out_dir: Path) -> dict[str, Path]:
    """``can.asc``, ``serial.log`` and every ``dut-*.log`` of the run, in ``out_dir``."""
    traces = (rig or {}).get("traces") or {}
    found = {key: p for key in ("can_asc", "serial_log")
             if (p := _in_folder(traces.get(key), out_dir)) is not None}
    for log in sorted(out_dir.glob("dut-*.log")):
        found[log.name] = log
    return found


def _dut_lines(path: Path) -> dict[int, list[int]]:
    """DUT request id -> the lines of the bench's notes about it (``bench: request N ...``)."""
    out: dict[int, list[int]] = {}
    for k, line in enumerate(_read(path), 1):
        if line.startswith("bench: request "):
            word = line[15:].split(maxsplit=1)
            if word and word[0].isdigit():
                out.setdefault(int(word[0]), []).append(k)
    return out


def failed_commands(requests: dict[str, np.ndarray], files: dict[str, Path]
                    ) -> tuple[int, list[FailedCommand]]:
    """How many requests failed (a command or its ack unconfirmed, or the DUT failed) and the
    first :data:`MAX_FAILED_ROWS` of them, each with its trace lines."""
    n = len(requests.get("arrival_ms", []))
    failed = failed_mask(requests)
    if failed is None or not failed.any():
        return 0, []
    col = {k: np.asarray(v) for k, v in requests.items() if len(v) == n}
    timed = [t for key, reader in (("can_asc", read_asc), ("serial_log", read_serial_log))
             if (p := files.get(key)) is not None and (t := reader(p, p.name)).times]
    dut_logs = {name: (_read(p), _dut_lines(p)) for name, p in files.items()
                if name.startswith("dut-")}
    index = col.get("request_index", np.arange(n))
    rows = []
    for i in np.flatnonzero(failed)[:MAX_FAILED_ROWS].tolist():
        def text(key: str, i: int = i) -> str:
            return str(col[key][i]) if key in col else ""

        outcome, reason = text("actuation"), text("actuation_reason")
        dut_outcome = text("dut_outcome")
        if dut_outcome not in NOT_FAILED_DUT and (not outcome or outcome in DONE):
            outcome, reason = f"dut {dut_outcome}", reason or "the DUT did not answer in time"
        row = FailedCommand(int(index[i]), text("command_intent"), text("command_value"),
                            text("command_device"), outcome, reason,
                            float(col["arrival_ms"][i]))
        sent = float(col["command_sent_at"][i]) if "command_sent_at" in col else np.nan
        if np.isfinite(sent):
            render = float(col["render_ms"][i]) if "render_ms" in col else 0.0
            end = sent + (render if np.isfinite(render) else 0.0) / 1000.0 + SLACK_S
            row.links += [link for t in timed if (link := t.between(sent - SLACK_S, end))]
        dut_id = int(col["dut_request"][i]) if "dut_request" in col else -1
        for name, (lines, by_id) in dut_logs.items():
            where = by_id.get(dut_id, [])
            if where:
                row.links.append(TraceLink(name, where[0], where[-1],
                                           [lines[k - 1] for k in where[:EXCERPT_LINES]]))
        rows.append(row)
    return int(failed.sum()), rows


def failed_mask(requests: dict[str, Sequence[Any]]) -> np.ndarray | None:
    """Requests whose command (or ack) failed, or whose DUT call failed; None when the run
    had neither a rig nor a DUT."""
    mask = None
    if "actuation_failed" in requests:
        mask = np.asarray(requests["actuation_failed"], dtype=bool)
    if "dut_outcome" in requests:
        dut = ~np.isin(np.asarray(requests["dut_outcome"]).astype(str), list(NOT_FAILED_DUT))
        mask = dut if mask is None else mask | dut
    return mask
