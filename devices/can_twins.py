"""Runs ECU twins on a python-can bus: one thread answers commands and pings after the
modelled delays and, like a rest-of-bus simulation, sends every status message at its
database cycle time (``GenMsgCycleTime``; the E2E alive counter counts every frame sent).
A twin set silent (the ``ecu_silent`` link fault) sends nothing until it is set back.
``python -m devices.can_twins`` runs them in their own process (``silent DEV,...`` lines on
its stdin silence devices; an empty list or end of input ends the silence).
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import can

from devices.codec import CABIN_DBC, Result, encode, load_dbc
from devices.ecu import BoundTwin, build_ecu, share_status

DIAG_REQUEST = "Diag_Request"
DIAG_RESPONSE = "Diag_Response"
SPIN_S = 0.00015  # timed waits wake ~0.1 ms late: sleep until this close, then spin


class CanTwinHost:
    """Hosts ECU twins on one bus. Start with :meth:`start`, stop with :meth:`stop`."""

    def __init__(self, bus: can.BusABC, ecus: Sequence[BoundTwin], poll_s: float = 0.02,
                 cyclic: bool = False, realtime: bool = False) -> None:
        """``cyclic``: also send each status message every ``GenMsgCycleTime`` ms (as a
        CANoe simulation node would), repeating the last status already announced; a reply
        to a command goes out in between, the cycle keeps its cadence. ``realtime``: its
        thread runs under SCHED_FIFO where granted (:func:`enter_fifo`), so a cyclic frame
        leaves on time on a loaded machine (a normal thread there woke 12 ms late)."""
        self.bus = bus
        self.ecus = list(ecus)
        share_status(self.ecus)
        self.poll_s = poll_s
        self._by_command = {e.command_msg.frame_id: e for e in self.ecus}
        self._by_node = {e.node_id: e for e in self.ecus if e.node_id}
        self._extended = {m.frame_id: m.is_extended_frame for e in self.ecus
                          for m in (e.command_msg, *e.status_msgs)}
        self._by_status = {m.frame_id: e for e in self.ecus for m in e.status_msgs}
        db = self.ecus[0].db if self.ecus else load_dbc()
        self._diag_req = _maybe(db, DIAG_REQUEST)
        self._diag_resp = _maybe(db, DIAG_RESPONSE)
        if self.ecus:  # an ECU's acceptance filter: the rest of a busy bus never reaches it
            accept = {e.command_msg.frame_id: e.command_msg.is_extended_frame for e in self.ecus}
            if self._diag_req is not None:
                accept[self._diag_req.frame_id] = self._diag_req.is_extended_frame
            bus.set_filters([{"can_id": i, "can_mask": 0x1FFFFFFF if ext else 0x7FF,
                              "extended": ext} for i, ext in accept.items()])
        # (due, tie-break, frame id, data or None for a cyclic repeat, period s)
        self._pending: list[tuple[float, int, int, bytes | None, float]] = []
        self._announced: dict[int, bytes] = {}
        self._seq = itertools.count()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.errors = 0
        self.ignored = 0
        self.silent: frozenset[str] = frozenset()
        """Devices that send nothing now (the ``ecu_silent`` fault): frames due are dropped,
        the cycle runs on, so the first frame after the silence comes at its cycle slot."""
        self.withheld = 0
        self.realtime = realtime
        self.scheduling = "normal"
        if cyclic:
            now = time.perf_counter()
            for ecu in self.ecus:
                for status in ecu.status_msgs:
                    period = (status.cycle_time or 0) / 1000.0
                    if period > 0:
                        frame_id = status.frame_id
                        self._announced[frame_id] = ecu.status_frame(status, 0, Result.ACCEPTED)
                        self._schedule(now + period, frame_id, None, period)

    def start(self) -> CanTwinHost:
        self._thread = threading.Thread(target=self._run, name="can-twins", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout_s: float = 2.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)

    def __enter__(self) -> CanTwinHost:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def ecu(self, device: str) -> BoundTwin:
        return next(e for e in self.ecus if e.device == device)

    def set_silent(self, devices: Iterable[str]) -> None:
        """Silence exactly ``devices`` (an empty set: every twin sends again)."""
        self.silent = frozenset(devices)

    def _schedule(self, due: float, frame_id: int, data: bytes | None,
                  period_s: float = 0.0) -> None:
        heapq.heappush(self._pending, (due, next(self._seq), frame_id, data, period_s))

    def _handle(self, msg: can.Message) -> None:
        if msg.is_error_frame or msg.is_remote_frame:
            self.ignored += 1
            return
        now = time.perf_counter()
        # the actuation delay runs from the frame's arrival on the bus, not from when this
        # thread got round to it (bus timestamps are wall clock; ignore implausible ones)
        waited = time.time() - msg.timestamp
        if 0.0 < waited < 0.05:
            now -= waited
        ecu = self._by_command.get(msg.arbitration_id)
        if ecu is not None:
            for reply in ecu.handle(bytes(msg.data)):
                self._schedule(now + reply.delay_s, reply.frame_id, reply.data)
            return
        if self._diag_req is not None and msg.arbitration_id == self._diag_req.frame_id:
            self._answer_ping(bytes(msg.data), now)
            return
        self.ignored += 1

    def _answer_ping(self, data: bytes, now: float) -> None:
        if len(data) < 2 or self._diag_resp is None:
            self.ignored += 1
            return
        target = self._by_node.get(data[0])
        if target is None or target.device in self.silent:
            return
        payload = encode(self._diag_resp, {"Source": data[0], "Seq": data[1]})
        self._schedule(now, self._diag_resp.frame_id, payload)

    def _flush_due(self) -> None:
        now = time.perf_counter()
        while self._pending and self._pending[0][0] <= now:
            due, _, frame_id, data, period_s = heapq.heappop(self._pending)
            if data is None:  # cyclic repeat of what was last announced
                data = self._announced[frame_id]
                self._schedule(max(due + period_s, now), frame_id, None, period_s)
            elif frame_id in self._announced:
                self._announced[frame_id] = data
            ecu = self._by_status.get(frame_id)
            if ecu is not None:
                if ecu.device in self.silent:  # an ECU that stopped sending
                    self.withheld += 1
                    continue
                data = ecu.restamp(frame_id, data)  # E2E: the alive counter counts frames sent
            msg = can.Message(arbitration_id=frame_id, data=data,
                              is_extended_id=self._extended.get(frame_id, frame_id > 0x7FF))
            try:
                self.bus.send(msg, timeout=0.1)
            except can.CanError:
                self.errors += 1

    def _run(self) -> None:
        if self.realtime:
            self.scheduling = enter_fifo()
        while not self._stop.is_set():
            self._flush_due()
            wait = self.poll_s
            if self._pending:
                wait = max(0.0, min(wait, self._pending[0][0] - time.perf_counter() - SPIN_S))
            try:
                msg = self.bus.recv(timeout=wait)
            except can.CanError:
                self.errors += 1
                continue
            if msg is None and self._pending:
                due = self._pending[0][0]
                while 0.0 < due - time.perf_counter() <= SPIN_S:
                    pass  # at most SPIN_S of busy wait, for an on-time reply
            if msg is not None:
                try:
                    self._handle(msg)
                except Exception:  # a twin must survive any frame
                    self.errors += 1


def enter_fifo() -> str:
    """SCHED_FIFO (reset on fork) for the calling thread, at the priority and under the
    switch (``CABIN_TWIN_REALTIME=0``: off) of ``hil/realtime.py``, which this floor cannot
    import; what happened, as a word."""
    if os.environ.get("CABIN_TWIN_REALTIME", "1") == "0" or not hasattr(os, "SCHED_FIFO"):
        return "normal"
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO | getattr(os, "SCHED_RESET_ON_FORK", 0),
                              os.sched_param(10))
    except OSError:
        return "normal (SCHED_FIFO refused)"
    return "SCHED_FIFO 10"


def _maybe(db: Any, name: str) -> Any:
    try:
        return db.get_message_by_name(name)
    except KeyError:
        return None


def _control(host: CanTwinHost) -> None:
    """``silent DEV,DEV`` lines from stdin set the silenced twins; end of input ends the
    silence (SIGTERM, not the end of input, stops the process: stdin may be /dev/null)."""
    for raw in sys.stdin:
        word, _, rest = raw.strip().partition(" ")
        if word == "silent":
            host.set_silent(d for d in rest.split(",") if d)
    host.set_silent(())


def main(argv: list[str] | None = None) -> int:
    """Run twins in this process until SIGTERM/SIGINT; prints ``READY`` once listening."""
    p = argparse.ArgumentParser(prog="python -m devices.can_twins")
    p.add_argument("--interface", required=True)
    p.add_argument("--channel", required=True)
    p.add_argument("--dbc", default=str(CABIN_DBC))
    p.add_argument("--config", required=True, help="JSON list of ECU dicts (see build_ecu)")
    p.add_argument("--bus-options", default="{}", help="JSON dict of extra python-can kwargs")
    p.add_argument("--cyclic", action="store_true", help="send status frames cyclically")
    p.add_argument("--non-strict", action="store_true", help="DBC with overlapping signals")
    args = p.parse_args(argv)
    db = load_dbc(Path(args.dbc), not args.non_strict)
    ecus = [build_ecu(db, c) for c in json.loads(args.config)]
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    bus = can.Bus(interface=args.interface, channel=args.channel, **json.loads(args.bus_options))
    host = CanTwinHost(bus, ecus, cyclic=args.cyclic, realtime=args.cyclic).start()
    threading.Thread(target=_control, args=(host,), name="can-twins-control",
                     daemon=True).start()
    print("READY", flush=True)
    parent = os.getppid()
    try:
        while not stop.wait(0.1):
            if os.getppid() != parent:  # the rig process died without stopping us
                break
    finally:
        host.stop()
        bus.shutdown()
        counts = {e.device: dict(e.results) for e in ecus}
        print(json.dumps({"results": counts}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
