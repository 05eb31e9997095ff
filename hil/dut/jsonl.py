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
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hil import process
from hil.dut.contract import Dut, DutFailure, DutRequest, Events, adapter_kwargs, answer_from
from hil.dut.inprocess import reported_timings
from hil.process import MAX_LINE, printable
from twin.config.dut import JsonLinesBackend

#: ``dut-jsonl.log`` (the DUT's stderr): at most this many bytes per file, two rotated
LOG_MAX_BYTES = 1 << 20


class JsonLinesDut(Dut):
    """A subprocess speaking JSON lines on stdin/stdout (stderr goes to ``stderr_path``,
    capped and rotated)."""

    kind = "jsonl"
    Config = JsonLinesBackend

    @classmethod
    def from_config(cls, config: Any, log_dir: Path | None = None) -> Dut:
        common = adapter_kwargs(config, None)
        stderr = None if log_dir is None else log_dir / "dut-jsonl.log"
        return cls(config.command, cwd=config.cwd, stderr_path=stderr, **common)

    def __init__(self, command: Sequence[str], cwd: str | Path | None = None,
                 env: Mapping[str, str] | None = None, stderr_path: Path | None = None,
                 **kwargs: Any) -> None:
        if stderr_path is not None and "log" not in kwargs:  # the bench's lines beside stderr
            kwargs["log"] = process.CappedLog(stderr_path, LOG_MAX_BYTES)
        super().__init__(**kwargs)
        self.command = list(command)
        self.cwd = cwd
        self.env = None if env is None else {**os.environ, **env}
        self.stderr_path = stderr_path
        self._proc: subprocess.Popen[bytes] | None = None
        self._reader: process.LineReader | None = None
        self._log = self.log

    # process ------------------------------------------------------------------------------
    def _launch(self) -> None:
        stderr = subprocess.DEVNULL if self._log is None else subprocess.PIPE
        try:
            self._proc = process.spawn(self.command, stdin=subprocess.PIPE, stderr=stderr,
                                       cwd=self.cwd, env=self.env)
        except OSError as exc:
            raise DutFailure("unavailable", f"cannot start {printable(self.command[0])!r}: "
                             f"{exc.strerror or exc}") from None
        if self._log is not None and self._proc.stderr is not None:
            self._log.drain(self._proc.stderr)
        assert self._proc.stdout is not None
        self._reader = process.LineReader(self._proc.stdout, MAX_LINE)

    def _ready(self, deadline: float) -> None:
        while True:
            msg = self._read(deadline)
            if msg.get("type") == "ready":
                return

    def _alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        process.stop(proc, grace_s=0.5, term_s=1.0, kill_s=5.0)

    # lines --------------------------------------------------------------------------------
    def _send(self, obj: dict[str, Any]) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write((json.dumps(obj, ensure_ascii=False) + "\n").encode())
        except (BrokenPipeError, ValueError, OSError):
            raise DutFailure("crashed", "the DUT closed its input") from None

    def _read(self, deadline: float) -> dict[str, Any]:
        """The next JSON line by ``deadline``: ``timeout``, ``crashed`` (EOF), ``malformed``."""
        assert self._proc is not None and self._reader is not None
        try:
            line = self._reader.readline(deadline)
        except process.LineTimeout:
            raise DutFailure("timeout", "no line from the DUT by the deadline") from None
        except process.ChildExited:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._proc.wait(0.1)
            raise DutFailure("crashed", f"the DUT exited (status {self._proc.poll()})"
                             ) from None
        except process.LineTooLong:
            raise DutFailure("malformed", "a line longer than 1 MiB") from None
        try:
            msg = json.loads(line)
        except ValueError:
            raise DutFailure("malformed", f"not JSON: {printable(line, 80)!r}") from None
        if not isinstance(msg, dict):
            raise DutFailure("malformed", f"not a JSON object: {printable(line, 80)!r}")
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
                return answer_from(msg), reported_timings(msg)
            elif kind == "error":
                raise DutFailure("malformed", "the DUT reported: "
                                 f"{printable(str(msg.get('message', '')), 200)}")
            else:
                raise DutFailure("malformed", f"unknown event type {printable(str(kind), 40)!r}")

    def _cancel(self, request: DutRequest) -> None:
        with contextlib.suppress(DutFailure):
            self._send({"type": "cancel", "id": request.id})
