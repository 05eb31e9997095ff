"""Trace recorder: every CAN frame to ``can.blf`` and ``can.asc`` (python-can writers) and the
serial traffic to ``serial.log``. :meth:`close` flushes and is safe to call twice, from a
``finally`` on any exit path (ARCHITECTURE.md, invariants: a logger killed by SIGTERM lost
buffered frames)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TextIO

import can

CAN_BLF = "can.blf"
CAN_ASC = "can.asc"
SERIAL_LOG = "serial.log"


class TraceRecorder:
    """A ``can.Listener``-compatible sink writing BLF and ASC side by side."""

    def __init__(self, out_dir: str | Path) -> None:
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._writers: list[can.Listener] = [
            can.BLFWriter(self.out_dir / CAN_BLF),
            can.ASCWriter(self.out_dir / CAN_ASC),
        ]
        self.serial_log: TextIO = open(self.out_dir / SERIAL_LOG, "w", encoding="ascii")  # noqa: SIM115
        self.frames = 0
        self.closed = False

    def on_message_received(self, msg: can.Message) -> None:
        with self._lock:
            if self.closed:
                return
            for writer in self._writers:
                writer.on_message_received(msg)
            self.frames += 1

    def close(self) -> None:
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
