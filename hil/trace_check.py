"""What a run's traces still hold: frames readable back from ``can.blf`` and ``can.asc``, the
last timestamp in each, whether each was closed properly, and the serial log's lines.

After SIGKILL (or a native crash) no writer closes its file: the BLF header keeps its start-up
counts and the ASC file has no ``End TriggerBlock``; the recorder's periodic flush bounds what
is lost, and :func:`check_traces` says what can be recovered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import can

from hil.links.recorder import CAN_ASC, CAN_BLF, SERIAL_LOG


def _read(path: Path) -> tuple[int, float | None, float | None, str | None]:
    """Frames read back, first and last timestamp, and the error that stopped reading."""
    frames, first, last, error = 0, None, None, None
    try:
        for msg in can.LogReader(str(path)):
            frames += 1
            first = msg.timestamp if first is None else first
            last = msg.timestamp
    except Exception as exc:  # a truncated file: keep what came before the damage
        error = f"{type(exc).__name__}: {exc}"
    return frames, first, last, error


def _closed(path: Path) -> bool:
    if path.suffix == ".asc":
        with path.open("rb") as fh:
            fh.seek(max(0, path.stat().st_size - 64))
            return b"End TriggerBlock" in fh.read()
    try:
        reader = can.BLFReader(str(path))
    except Exception:
        return False
    with reader:
        return reader.object_count > 0 and reader.file_size == path.stat().st_size


def check_traces(out_dir: str | Path) -> dict[str, Any]:
    """Per trace: present, bytes, frames, first/last timestamp, closed, read error; plus the
    spread between the CAN traces' spans, first to last frame (what one of them lost relative
    to the other)."""
    out = Path(out_dir)
    report: dict[str, Any] = {"dir": str(out), "traces": {}}
    for name in (CAN_BLF, CAN_ASC):
        path = out / name
        if not path.is_file():
            report["traces"][name] = {"present": False}
            continue
        frames, first, last, error = _read(path)
        report["traces"][name] = {"present": True, "bytes": path.stat().st_size,
                                  "frames": frames, "first": first, "last": last,
                                  "closed": _closed(path), "error": error}
    serial = out / SERIAL_LOG
    if serial.is_file():
        lines, last = 0, b"\n"
        with serial.open("rb") as fh:  # counted in chunks: a log of any size, bounded memory
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                lines, last = lines + chunk.count(b"\n"), chunk[-1:]
        lines += last != b"\n"  # a last line without its newline (a killed writer) counts
        report["traces"][SERIAL_LOG] = {"present": True, "bytes": serial.stat().st_size,
                                        "lines": lines, "closed": None}
    # ASC timestamps are relative to its start, BLF ones absolute: compare spans
    lasts = [t["last"] - t["first"] for t in report["traces"].values()
             if t.get("last") is not None]
    report["recoverable_frames"] = max((t.get("frames", 0) for t in report["traces"].values()),
                                       default=0)
    report["last_frame_spread_ms"] = (round((max(lasts) - min(lasts)) * 1e3, 3)
                                      if len(lasts) > 1 else None)
    report["present"] = any(t.get("present") for t in report["traces"].values())
    report["complete"] = report["present"] and all(
        t.get("closed") is not False and t.get("present", False) and not t.get("error")
        for t in report["traces"].values())
    return report
