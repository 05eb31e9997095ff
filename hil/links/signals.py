"""Turn SIGTERM (and SIGINT) into exceptions so ``finally`` blocks run and traces flush."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from devices.critical import defer_or_raise


class Terminated(SystemExit):
    """SIGTERM arrived (exit status 143, like a shell)."""

    def __init__(self, *_: object) -> None:  # SimPy re-creates it as type(exc)(*exc.args)
        super().__init__(143)


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    defer_or_raise(Terminated())


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    defer_or_raise(KeyboardInterrupt())


@contextmanager
def exit_on_signals() -> Iterator[None]:
    """Within the block SIGTERM raises :class:`Terminated`, SIGINT ``KeyboardInterrupt``.

    Inside a :func:`devices.critical.critical` section (a frame being sent and traced, the
    safe state being commanded) the exception waits until the section ends.
    Only the main thread can install handlers; elsewhere this is a no-op.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old_term = signal.signal(signal.SIGTERM, _raise_terminated)
    old_int = signal.signal(signal.SIGINT, _raise_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old_term)
        signal.signal(signal.SIGINT, old_int)
