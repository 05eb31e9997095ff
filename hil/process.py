"""Child processes, supervised: start, read a line with a real timeout, stop for sure.

One helper for every child the bench starts (rig twins and emulators, JSON-lines DUTs, the
benchmarks' servers). :func:`spawn` starts a child in its own session; :class:`LineReader`
reads its output through ``select`` + ``os.read`` on a non-blocking pipe, so a child that
writes half a line (or nothing) costs the caller its timeout, never more, and a line longer
than ``max_line`` is an error, not unbounded memory; :func:`stop` closes the pipes, then
terminate -> wait -> kill -> wait, each wait bounded. :class:`CappedLog` takes a child's
stderr into a size-capped, rotated file.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

#: a line longer than this is malformed output, not a reason to grow forever
MAX_LINE = 1 << 20


class LineTimeout(TimeoutError):
    """No complete line by the deadline."""


class LineTooLong(ValueError):
    """A line longer than the reader's ``max_line``."""


class ChildExited(EOFError):
    """The child closed its output (exited)."""


def spawn(command: Sequence[str], *, stdin: Any = subprocess.DEVNULL,
          stdout: Any = subprocess.PIPE, stderr: Any = None,
          cwd: str | Path | None = None, env: Mapping[str, str] | None = None,
          **kwargs: Any) -> subprocess.Popen[bytes]:
    """Start ``command`` in its own session (a signal to the bench's group does not hit it
    twice; :func:`stop` ends it). ``OSError`` when it cannot be started."""
    return subprocess.Popen(list(command), stdin=stdin, stdout=stdout, stderr=stderr,
                            cwd=cwd, env=None if env is None else dict(env), bufsize=0,
                            start_new_session=True, **kwargs)


class LineReader:
    """Lines from a pipe, each read bounded in time (``deadline``) and size (``max_line``)."""

    def __init__(self, pipe: IO[bytes], max_line: int = MAX_LINE,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.fd = pipe.fileno()
        os.set_blocking(self.fd, False)
        self.max_line = max_line
        self.clock = clock
        self._buf = b""
        self._sel = selectors.DefaultSelector()
        self._sel.register(self.fd, selectors.EVENT_READ)

    def readline(self, deadline: float) -> bytes:
        """The next line (without its newline) by ``deadline`` (``clock`` seconds):
        :class:`LineTimeout`, :class:`ChildExited` or :class:`LineTooLong` otherwise."""
        while b"\n" not in self._buf:
            left = deadline - self.clock()
            if left <= 0 or not self._sel.select(left):
                raise LineTimeout("no complete line by the deadline")
            try:
                chunk = os.read(self.fd, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                raise ChildExited("the child closed its output")
            self._buf += chunk
            if len(self._buf) > self.max_line and b"\n" not in self._buf:
                self._buf = b""
                raise LineTooLong(f"a line longer than {self.max_line} bytes")
        line, _, self._buf = self._buf.partition(b"\n")
        if len(line) > self.max_line:
            raise LineTooLong(f"a line longer than {self.max_line} bytes")
        return line

    def readline_within(self, timeout_s: float) -> bytes:
        return self.readline(self.clock() + timeout_s)

    def close(self) -> None:
        self._sel.close()


def first_line(proc: subprocess.Popen[bytes], timeout_s: float) -> str:
    """The child's first line within ``timeout_s`` ("" when none came: no line, half a line,
    an exit, or a line over the size bound)."""
    assert proc.stdout is not None
    reader = LineReader(proc.stdout, max_line=4096)
    try:
        return reader.readline_within(timeout_s).decode("utf-8", "replace").strip()
    except (LineTimeout, ChildExited, LineTooLong):
        return ""
    finally:
        reader.close()


def stop(proc: subprocess.Popen[Any] | None, grace_s: float = 0.5,
         term_s: float = 2.0, kill_s: float = 5.0) -> int | None:
    """End ``proc`` for sure: close its stdin (a well-behaved child exits on end of input)
    and wait ``grace_s``; terminate and wait ``term_s``; kill and wait ``kill_s``. Closes its
    pipes. Returns the exit status (None if even SIGKILL did not reap it in time)."""
    if proc is None:
        return None
    if proc.stdin is None:
        grace_s = 0.0  # nothing to close: no reason to expect it to exit by itself
    else:
        with contextlib.suppress(OSError, ValueError):
            proc.stdin.close()
    for action, wait_s in ((None, grace_s), (proc.terminate, term_s), (proc.kill, kill_s)):
        if proc.poll() is not None:
            break
        if action is not None:
            with contextlib.suppress(OSError):
                action()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(wait_s)
    status = proc.poll()
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.close()
    return status


class CappedLog:
    """A child's output into ``path``, at most ``max_bytes`` per file and ``backups`` rotated
    files (``path.1`` ...): a drain thread reads the pipe (so the child never blocks on a full
    pipe) and writes what fits."""

    def __init__(self, path: Path, max_bytes: int = 1 << 20, backups: int = 2) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes
        self.backups = backups
        self.dropped = 0
        self._lock = threading.Lock()
        self._file: IO[bytes] | None = None
        self._size = 0

    def write(self, data: bytes) -> None:
        with self._lock:
            if self._file is None:
                self._file = open(self.path, "ab")  # noqa: SIM115 - held across writes
                self._size = self._file.tell()
            if self._size + len(data) > self.max_bytes:
                self._rotate()
            data = data[: self.max_bytes]
            self._file.write(data)
            self._file.flush()
            self._size += len(data)

    def _rotate(self) -> None:
        assert self._file is not None
        self._file.close()
        if self.backups <= 0:
            self.path.unlink(missing_ok=True)
        else:
            for i in range(self.backups - 1, 0, -1):
                older = self.path.with_name(f"{self.path.name}.{i}")
                if older.exists():
                    older.replace(self.path.with_name(f"{self.path.name}.{i + 1}"))
            self.path.replace(self.path.with_name(f"{self.path.name}.1"))
        self._file = open(self.path, "ab")  # noqa: SIM115
        self._size = 0

    def drain(self, pipe: IO[bytes]) -> threading.Thread:
        """Copy ``pipe`` into the log on a daemon thread until it closes."""
        def run() -> None:
            with contextlib.suppress(OSError, ValueError):
                while chunk := os.read(pipe.fileno(), 65536):
                    self.write(chunk)
            with contextlib.suppress(OSError, ValueError):
                pipe.close()

        thread = threading.Thread(target=run, name=f"log-{self.path.name}", daemon=True)
        thread.start()
        return thread

    def close(self) -> None:
        with self._lock:
            if self._file is not None:
                self._file.close()
                self._file = None


def printable(text: str | bytes, limit: int = 200) -> str:
    """``text`` for an error line: at most ``limit`` characters, control characters escaped
    (never a raw ESC on the console), the rest marked."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    cut = text[:limit]
    out = "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)
    return out + (f"... ({len(text) - limit} more)" if len(text) > limit else "")
