"""JSON-lines DUT: any program that reads requests on stdin and writes events on stdout.

The protocol is in ``docs/DUT_PROTOCOL.md``: the DUT prints ``{"type": "ready"}`` once it can
answer, then for each ``{"type": "request", "id", ...}`` line it may print ``ack`` and ``chunk``
events and must print one ``answer`` (or ``error``) with the same ``id``. After a deadline the
bench sends ``{"type": "cancel", "id"}`` and ignores anything later for that id. The bench reads
the pipe itself (``select`` + ``os.read``), so a hung DUT costs a timeout, never a blocked bench;
a DUT that exits is restarted on the next request.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hil.dut.contract import Dut, DutFailure, DutRequest, Events, answer_from
from hil.dut.inprocess import _timings

MAX_LINE = 1 << 20  # a line longer than 1 MiB is malformed output, not a reason to grow forever


class JsonLinesDut(Dut):
    """A subprocess speaking JSON lines on stdin/stdout (stderr goes to ``stderr_path``)."""

    kind = "jsonl"

    def __init__(self, command: Sequence[str], cwd: str | Path | None = None,
                 env: Mapping[str, str] | None = None, stderr_path: Path | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.command = list(command)
        self.cwd = cwd
        self.env = None if env is None else {**os.environ, **env}
        self.stderr_path = stderr_path
        self._proc: subprocess.Popen[bytes] | None = None
        self._buf = b""
        self._sel: selectors.BaseSelector | None = None

    # process ------------------------------------------------------------------------------
    def _launch(self) -> None:
        stderr = (open(self.stderr_path, "ab") if self.stderr_path is not None  # noqa: SIM115
                  else subprocess.DEVNULL)
        try:
            self._proc = subprocess.Popen(self.command, stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, stderr=stderr, cwd=self.cwd,
                                          env=self.env, bufsize=0, start_new_session=True)
        except OSError as exc:
            raise DutFailure("unavailable", f"cannot start {self.command[0]!r}: {exc}") from None
        finally:
            if stderr is not subprocess.DEVNULL:
                stderr.close()
        assert self._proc.stdout is not None
        os.set_blocking(self._proc.stdout.fileno(), False)
        self._buf = b""
        self._sel = selectors.DefaultSelector()
        self._sel.register(self._proc.stdout, selectors.EVENT_READ)

    def _ready(self, deadline: float) -> None:
        while True:
            msg = self._read(deadline)
            if msg.get("type") == "ready":
                return

    def _alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if self._sel is not None:
            self._sel.close()
            self._sel = None
        if proc is None:
            return
        for stream in (proc.stdin, proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        try:
            proc.wait(timeout=0.5)  # a well-behaved DUT exits on end of input
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5.0)

    # lines --------------------------------------------------------------------------------
    def _send(self, obj: dict[str, Any]) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write((json.dumps(obj, ensure_ascii=False) + "\n").encode())
        except (BrokenPipeError, ValueError, OSError):
            raise DutFailure("crashed", "the DUT closed its input") from None

    def _read(self, deadline: float) -> dict[str, Any]:
        """The next JSON line by ``deadline``: ``timeout``, ``crashed`` (EOF), ``malformed``."""
        assert self._proc is not None and self._sel is not None
        fd = self._proc.stdout.fileno()  # type: ignore[union-attr]
        while b"\n" not in self._buf:
            left = deadline - time.perf_counter()
            if left <= 0 or not self._sel.select(left):
                raise DutFailure("timeout", "no line from the DUT by the deadline")
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                raise DutFailure("crashed", f"the DUT exited (status {self._proc.poll()})")
            self._buf += chunk
            if len(self._buf) > MAX_LINE:
                self._buf = b""
                raise DutFailure("malformed", "a line longer than 1 MiB")
        line, _, self._buf = self._buf.partition(b"\n")
        try:
            msg = json.loads(line)
        except ValueError:
            raise DutFailure("malformed", f"not JSON: {line[:80]!r}") from None
        if not isinstance(msg, dict):
            raise DutFailure("malformed", f"not a JSON object: {line[:80]!r}")
        return msg

    # contract -----------------------------------------------------------------------------
    def _exchange(self, request: DutRequest, deadline: float, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        self._send(request.to_json())
        while True:
            msg = self._read(deadline)
            if msg.get("id") != request.id:
                continue  # a late answer to a cancelled request, or a log line with a type
            kind = msg.get("type")
            if kind in ("ack", "chunk"):
                events.add(kind, str(msg.get("text", "")))
            elif kind == "answer":
                events.add("answer")
                return answer_from(msg), _timings(msg)
            elif kind == "error":
                raise DutFailure("malformed", f"the DUT reported: {msg.get('message', '')}")
            else:
                raise DutFailure("malformed", f"unknown event type {kind!r}")

    def _cancel(self, request: DutRequest) -> None:
        with contextlib.suppress(DutFailure):
            self._send({"type": "cancel", "id": request.id})
