"""Critical sections that a signal must not split (e.g. a frame sent but not yet traced).

A signal handler that would raise calls :func:`defer_or_raise`: inside a critical section the
exception is kept and raised when the outermost section ends (main thread only).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

_local = threading.local()
_pending: list[BaseException] = []


def in_critical() -> bool:
    return getattr(_local, "depth", 0) > 0


@contextmanager
def critical() -> Iterator[None]:
    _local.depth = getattr(_local, "depth", 0) + 1
    try:
        yield
    finally:
        _local.depth -= 1
        if _local.depth == 0 and _pending and threading.current_thread() is threading.main_thread():
            exc = _pending[0]
            _pending.clear()
            raise exc


def defer_or_raise(exc: BaseException) -> None:
    """Raise ``exc`` now, or when the current critical section ends."""
    if in_critical():
        _pending.append(exc)
        return
    raise exc
