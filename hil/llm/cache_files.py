"""Cache files under the cache dir, written atomically and built once across processes.

:func:`cached` reads a cache file or builds it: the file is written to a temporary file in its
own folder, then renamed over its name (a reader never sees half a file); an unreadable file
(truncated, corrupt) is said on stderr and rebuilt, never a crash; the build holds an advisory
lock (``fcntl.flock`` on ``<name>.lock`` beside the file), so a second process starting at the
same time waits for the first (saying so) and then reads its file instead of building it again.
The wait is bounded (:data:`WAIT_S`): past it the waiter builds its own copy. A dead holder's
lock is released by the OS; the lock file left behind is harmless (it is never removed, so two
processes never lock two different files of one name).
"""

from __future__ import annotations

import fcntl
import os
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, TypeVar

import numpy as np

T = TypeVar("T")
WAIT_S = 1200.0
"""How long a process waits for another one building the same cache file (the training
examples' embeddings take minutes on a loaded 2-core machine) before building its own copy."""
POLL_S = 0.5
"""How often a waiting process tries the lock again."""
UNREADABLE = (OSError, EOFError, ValueError, KeyError, zipfile.BadZipFile)
"""What loading a truncated or corrupt ``.npy``/``.npz`` raises (a missing file too)."""


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def write_atomic(file: Path, save: Callable[[BinaryIO], None]) -> None:
    """``save`` into a temporary file beside ``file``, then rename it to ``file``."""
    file.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            save(out)
        os.replace(tmp, file)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_or_none(file: Path, load: Callable[[Path], T], say: bool = True) -> T | None:
    """``load(file)``; None when the file is missing, or unreadable (said on stderr unless
    ``say`` is False)."""
    if not file.is_file():
        return None
    try:
        return load(file)
    except FileNotFoundError:
        return None
    except UNREADABLE as error:
        if say:
            _say(f"cache file {file} is unreadable ({type(error).__name__}: {error}): "
                 "rebuilding it")
        return None


@contextmanager
def build_lock(file: Path, what: str, wait_s: float = WAIT_S, poll_s: float = POLL_S,
               clock: Callable[[], float] = time.monotonic,
               sleep: Callable[[float], None] = time.sleep) -> Iterator[bool]:
    """Hold the advisory lock of ``file`` (``<name>.lock`` beside it) while building ``what``;
    yields True when held, False when ``wait_s`` passed first (the caller builds anyway)."""
    file.parent.mkdir(parents=True, exist_ok=True)
    with open(file.with_name(file.name + ".lock"), "a+b") as lock:
        start, said, held = clock(), False, False
        while True:
            try:
                fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                held = True
                break
            except BlockingIOError:
                if clock() - start >= wait_s:
                    _say(f"gave up waiting after {wait_s:.0f} s for another process building "
                         f"{what} ({file.name}): building it here")
                    break
                if not said:
                    _say(f"waiting for another process building {what} ({file.name})")
                    said = True
                sleep(poll_s)
        try:
            yield held
        finally:
            if held:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


def cached(file: Path | None, what: str, load: Callable[[Path], T], build: Callable[[], T],
           save: Callable[[BinaryIO, T], None], wait_s: float = WAIT_S, poll_s: float = POLL_S,
           clock: Callable[[], float] = time.monotonic,
           sleep: Callable[[float], None] = time.sleep) -> T:
    """The cache ``file`` read by ``load``, else ``build()`` written by ``save`` (atomically,
    under :func:`build_lock`; a file another process finished meanwhile is read instead).
    Without a file, just ``build()``."""
    if file is None:
        return build()
    found = read_or_none(file, load)
    if found is not None:
        return found
    broken = file.is_file()  # (said already)
    with build_lock(file, what, wait_s, poll_s, clock, sleep):
        found = read_or_none(file, load, say=not broken)  # the process we waited for wrote it
        if found is not None:
            return found
        made = build()
        write_atomic(file, lambda out: save(out, made))
        return made


def load_npy(file: Path) -> np.ndarray:
    """An ``.npy`` file's array."""
    return np.load(file)  # type: ignore[no-any-return]


def save_npy(out: BinaryIO, array: np.ndarray) -> None:
    np.save(out, array)


def load_npz(file: Path) -> dict[str, np.ndarray]:
    """An ``.npz`` file's arrays, all read (a truncated member fails here, not later)."""
    with np.load(file) as saved:
        return {name: saved[name] for name in saved.files}


def save_npz(out: BinaryIO, arrays: dict[str, np.ndarray]) -> None:
    np.savez(out, **arrays)


__all__ = ["WAIT_S", "build_lock", "cached", "load_npy", "load_npz", "read_or_none",
           "save_npy", "save_npz", "write_atomic"]
