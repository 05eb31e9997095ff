"""Turn SIGTERM (and SIGINT) into exceptions so ``finally`` blocks run and traces flush, or
record them (:func:`deferred_signals`) where an interrupt must wait: a real run's start and
its report."""

from __future__ import annotations

import signal
import sys
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


class DeferredSignals:
    """SIGTERM/SIGINT recorded instead of raised: where an interrupt must not lose the report
    (a real run's set-up, the end of its requests to the last file written). :meth:`engage`
    (re)installs the recording handlers; :attr:`caught` is the first interrupt (an exception
    to raise later)."""

    def __init__(self) -> None:
        self.caught: BaseException | None = None

    def _record(self, signum: int, frame: FrameType | None) -> None:
        if self.caught is None:
            self.caught = Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()
            print("twin: interrupted: finishing the report first", file=sys.stderr)

    def engage(self) -> None:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, self._record)
            signal.signal(signal.SIGINT, self._record)


@contextmanager
def deferred_signals(into: DeferredSignals | None = None) -> Iterator[DeferredSignals]:
    """Within the block an interrupt is recorded in the yielded :class:`DeferredSignals`
    (``into``, if given), not raised; the previous handlers come back after it."""
    deferred = into or DeferredSignals()
    if threading.current_thread() is not threading.main_thread():
        yield deferred
        return
    old_term, old_int = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    deferred.engage()
    try:
        yield deferred
    finally:
        signal.signal(signal.SIGTERM, old_term)
        signal.signal(signal.SIGINT, old_int)
