"""The serial bench-rig emulator: a separate process serving the framed protocol on a pty.

``python -m devices.serial_emulator [--config JSON]`` opens a pty pair, prints
``PORT /dev/pts/N`` and serves the master side: COMMAND frames go to ECU twins (the same
logic as on CAN) and are answered with STATUS after the modelled delay; PING gets PONG.
It exits cleanly when the host closes the port (EIO on the master) or on SIGTERM/SIGINT;
exiting closes the master, which the host sees as a serial disconnect.
"""

from __future__ import annotations

import argparse
import errno
import heapq
import itertools
import json
import os
import select
import signal
import sys
import time
import tty
from pathlib import Path

from devices.codec import CABIN_DBC, load_dbc
from devices.ecu import BoundTwin, build_ecu, share_status
from devices.serial_protocol import (
    FrameDecoder,
    FrameType,
    SerialFrame,
    can_body,
    encode_frame,
    split_can_body,
)


class Emulator:
    """The rig's frame handling, independent of the file descriptor it runs on."""

    def __init__(self, ecus: list[BoundTwin]) -> None:
        share_status(ecus)
        self.by_command = {e.command_msg.frame_id: e for e in ecus}
        self.decoder = FrameDecoder()
        self.pending: list[tuple[float, int, bytes]] = []
        self._seq = itertools.count()
        self.unknown = 0

    def feed(self, data: bytes, now: float) -> list[bytes]:
        """Bytes in; replies due now out (later ones wait in :attr:`pending`)."""
        for frame in self.decoder.feed(data):
            if frame.type == FrameType.PING:
                self._schedule(now, SerialFrame(FrameType.PONG, frame.seq, frame.body))
                continue
            parsed = split_can_body(frame.body) if frame.type == FrameType.COMMAND else None
            ecu = self.by_command.get(parsed[0]) if parsed else None
            if ecu is None or parsed is None:
                self.unknown += 1
                continue
            for reply in ecu.handle(parsed[1]):
                body = can_body(reply.frame_id, reply.data)
                self._schedule(now + reply.delay_s, SerialFrame(FrameType.STATUS, frame.seq, body))
        return self.due(now)

    def _schedule(self, due: float, frame: SerialFrame) -> None:
        heapq.heappush(self.pending, (due, next(self._seq), encode_frame(frame)))

    def due(self, now: float) -> list[bytes]:
        out = []
        while self.pending and self.pending[0][0] <= now:
            out.append(heapq.heappop(self.pending)[2])
        return out

    def next_due_in(self, now: float, cap: float) -> float:
        return cap if not self.pending else max(0.0, min(cap, self.pending[0][0] - now))


def serve(master: int, slave: int | None, emulator: Emulator) -> int:
    """Serve until the host hangs up (EIO) or a signal arrives. Returns an exit status."""
    running = True

    def _stop(*_: object) -> None:
        nonlocal running
        running = False

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    while running:
        now = time.perf_counter()
        try:
            readable, _, _ = select.select([master], [], [], emulator.next_due_in(now, 0.05))
        except InterruptedError:
            continue
        now = time.perf_counter()
        out = emulator.due(now)
        if readable:
            try:
                data = os.read(master, 4096)
            except OSError as exc:
                if exc.errno == errno.EIO:  # the host closed the slave side
                    return 0
                raise
            if not data:
                return 0
            if slave is not None:  # the host is connected: its close must reach us as EIO
                os.close(slave)
                slave = None
            out += emulator.feed(data, now)
        for frame in out:
            try:
                os.write(master, frame)
            except OSError as exc:
                if exc.errno == errno.EIO:
                    return 0
                raise
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m devices.serial_emulator")
    p.add_argument("--dbc", default=str(CABIN_DBC))
    p.add_argument("--config", required=True,
                   help="JSON list of twin dicts (see devices.ecu.build_ecu)")
    p.add_argument("--non-strict", action="store_true", help="DBC with overlapping signals")
    args = p.parse_args(argv)
    db = load_dbc(Path(args.dbc), not args.non_strict)
    emulator = Emulator([build_ecu(db, c) for c in json.loads(args.config)])
    master, slave = os.openpty()
    tty.setraw(slave)
    try:
        print(f"PORT {os.ttyname(slave)}", flush=True)
    except BrokenPipeError:  # the host went away during start-up: nothing to serve
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no flush error
        return 0
    try:
        return serve(master, slave, emulator)
    finally:
        os.close(master)


if __name__ == "__main__":
    sys.exit(main())
