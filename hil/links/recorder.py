"""Trace recorder: every CAN frame to ``can.blf`` and ``can.asc`` (python-can writers) and the
serial traffic to ``serial.log``. :meth:`close` flushes and is safe to call twice, from a
``finally`` on any exit path (ARCHITECTURE.md, invariants: a logger killed by SIGTERM lost
buffered frames).

A flusher thread writes what is buffered every ``flush_s`` (50 ms): the BLF writer's pending
container (python-can's ``BLFWriter._flush``, which the writer itself calls when a container is
full) and the ASC and serial files. A process killed without warning (SIGKILL, a native crash)
so loses at most the last ``flush_s`` of traffic; ``twin trace check DIR`` says what can be read
back."""

from __future__ import annotations

import json
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

import can

CAN_BLF = "can.blf"
CAN_ASC = "can.asc"
SERIAL_LOG = "serial.log"
CHANNELS = "channels.json"


class PaddedASCWriter(can.ASCWriter):
    """python-can's ASC writer with the header's milliseconds zero-padded to three digits.

    python-can 4.6 writes them unpadded: a start 60 ms into a second reads ``33.60``, which a
    reader of CANoe's three-digit form (python-can's own reader, :mod:`twin.report_qa` before
    it learnt both) takes as 600 ms: every line's wall-clock time was off by up to 0.89 s on 1
    start in 10."""

    def _format_header_datetime(self, dt: datetime) -> str:
        return dt.strftime(self.FORMAT_DATE.format(f"{dt.microsecond // 1000:03d}"))


class TraceRecorder:
    """A ``can.Listener``-compatible sink writing BLF and ASC side by side."""

    def __init__(self, out_dir: str | Path, channels: dict[int, Any] | None = None,
                 flush_s: float = 0.05) -> None:
        """``channels``: trace channel number (from 1) -> its bus, written to channels.json
        beside the traces so a reader knows which DBC decodes which channel."""
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._asc = PaddedASCWriter(self.out_dir / CAN_ASC)
        # the trigger block starts now, before any frame: python-can writes a frame stamped
        # before the block's start (another thread's, traced late) as an absolute time
        self._asc.log_event("bench: recording started", time.time())
        self._writers: list[can.Listener] = [can.BLFWriter(self.out_dir / CAN_BLF), self._asc]
        self.serial_log: TextIO = open(self.out_dir / SERIAL_LOG, "w", encoding="ascii")  # noqa: SIM115
        self.frames = 0
        self.closed = False
        if channels:
            (self.out_dir / CHANNELS).write_text(
                json.dumps({str(k): v for k, v in sorted(channels.items())}, indent=2) + "\n")
        self.flush_s = flush_s
        self._dirty = False
        self._stop = threading.Event()
        self._flusher = threading.Thread(target=self._flush_loop, name="trace-flush",
                                         daemon=True)
        self._flusher.start()

    def _flush_loop(self) -> None:
        while not self._stop.wait(self.flush_s):
            self.flush()

    def flush(self) -> None:
        """Write every buffered frame and serial line to disk (no fsync)."""
        with self._lock:
            if self.closed:
                return
            if self._dirty:
                for writer in self._writers:
                    flush_container = getattr(writer, "_flush", None)  # BLF: pending container
                    if isinstance(writer, can.BLFWriter) and flush_container is not None:
                        flush_container()
                    writer.file.flush()
                self._dirty = False
            self.serial_log.flush()

    def on_message_received(self, msg: can.Message) -> None:
        with self._lock:
            if self.closed:
                return
            for writer in self._writers:
                writer.on_message_received(msg)
            self.frames += 1
            self._dirty = True

    def log_note(self, text: str, timestamp: float) -> None:
        """An event line in ``can.asc`` (e.g. a frame a link fault dropped); BLF holds
        frames only."""
        with self._lock:
            if self.closed:
                return
            self._asc.log_event(text, timestamp)
            self._dirty = True

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            if self.closed:
                return
            self.closed = True
            for writer in self._writers:
                writer.stop()
            self.serial_log.close()


def count_frames(path: str | Path) -> int:
    """Frames python-can's ``LogReader`` reads back from a trace file."""
    return sum(1 for _ in can.LogReader(str(path)))
