"""Progress on stderr for long runs, sweeps and preparations (tqdm).

Shown when stderr is an interactive terminal; ``twin --progress`` shows it anyway (plain lines
when stderr is not a terminal), ``twin --quiet`` never. CI logs and redirected output stay
clean by default. :func:`progress` wraps an iterable with a bar; :func:`activity` says what a
phase of unknown length is doing, with the time it has taken so far. Code below the CLI reports
into the activity the CLI opened without knowing of it: a nested :func:`activity` becomes a
step of the open one, and :func:`counting` shows how far a loop has got (``twin run``'s
requests, real and modelled: :func:`twin.engine_des.run_des`) by polling a counter, so the
loop itself pays nothing.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")
MODES = ("auto", "always", "never")
ENV = "CABIN_TWIN_PROGRESS"  # the mode, inherited by worker processes
#: set while a command's activity is open, so that a child process it starts (the model
#: worker preparing its files) prints lines under the command's bar, never a second bar
OPEN_ENV = "CABIN_TWIN_PROGRESS_OPEN"
_mode = os.environ.get(ENV, "auto") if os.environ.get(ENV) in MODES else "auto"
REFRESH_S = 0.5  # how often an activity's elapsed time is redrawn on a terminal
PLAIN_EVERY_S = 10.0  # how often a count is printed as a line when stderr is not a terminal
_open: list[Activity] = []  # the activities open now, innermost last


def set_mode(mode: str) -> None:
    """``auto`` (a bar when stderr is a TTY), ``always`` (``--progress``), ``never``
    (``--quiet``)."""
    global _mode
    if mode not in MODES:
        raise ValueError(f"progress mode {mode!r} is not one of {MODES}")
    _mode = mode
    os.environ[ENV] = mode


def _stderr_is_tty() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def progress_enabled() -> bool:
    """True when progress should be shown (the mode, and for ``auto`` a TTY on stderr)."""
    if _mode == "never":
        return False
    return _mode == "always" or _stderr_is_tty()


def progress(
    items: Iterable[T], total: int | None = None, desc: str = "", enabled: bool | None = None
) -> Iterator[T]:
    """Iterate ``items`` with a bar on stderr (when ``enabled``, default: see the mode)."""
    show = progress_enabled() if enabled is None else enabled
    if not show:
        yield from items
        return
    from tqdm import tqdm

    with tqdm(items, total=total, desc=desc, file=sys.stderr, leave=False, unit="it",
              disable=False) as bar:
        yield from bar


class Activity:
    """What a long phase is doing now; redrawn with its elapsed time on a terminal, one line
    per step otherwise. Silent when progress is off."""

    def __init__(self, command: str, enabled: bool) -> None:
        self.command = command
        self.enabled = enabled
        self.desc = ""
        self._bar = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._started = time.monotonic()
        self._count: tuple[int, Callable[[], int], str] | None = None
        self._printed_at = self._started
        self._child = bool(os.environ.get(OPEN_ENV))  # of a process whose bar is drawn
        if enabled and _stderr_is_tty() and not self._child:
            from tqdm import tqdm

            self._bar = tqdm(total=None, desc=command, file=sys.stderr, leave=False,
                             bar_format="{desc} [{elapsed}]")
            self._thread = threading.Thread(target=self._refresh, daemon=True,
                                            name="twin-progress")
            self._thread.start()

    def step(self, desc: str) -> None:
        """Say what the phase is doing now."""
        self.desc = desc
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.set_description_str(self._line(), refresh=True)
        else:
            self._print()

    def _line(self) -> str:
        text = f"{self.command}: {self.desc}" if self.desc else self.command
        if self._count is not None:
            total, poll, unit = self._count
            text += f" ({min(poll(), total)} of {total} {unit})"
        return text

    def _print(self) -> None:
        elapsed = time.monotonic() - self._started
        self._printed_at = time.monotonic()
        clear = "\r\x1b[K" if self._child and _stderr_is_tty() else ""  # the parent's bar line
        print(f"{clear}{self._line()} [{elapsed:.0f} s]", file=sys.stderr, flush=True)

    @contextmanager
    def count(self, total: int, poll: Callable[[], int], unit: str) -> Iterator[None]:
        """Show ``poll()`` of ``total`` ``unit`` while the block runs: redrawn on a terminal,
        a line every :data:`PLAIN_EVERY_S` otherwise. ``poll`` runs on the refresh thread."""
        self._count = (total, poll, unit)  # kept even when silent: :func:`current` reads it
        if not self.enabled:
            try:
                yield
            finally:
                self._count = None
            return
        if self._thread is None:  # plain lines: a thread prints the count now and then
            self._stop.clear()
            self._thread = threading.Thread(target=self._refresh, daemon=True,
                                            name="twin-progress")
            self._thread.start()
        try:
            yield
        finally:
            self._count = None

    def _refresh(self) -> None:
        while not self._stop.wait(REFRESH_S):
            bar = self._bar
            if bar is not None:
                if self._count is not None:
                    bar.set_description_str(self._line(), refresh=False)
                bar.refresh()
            elif (self._count is not None
                  and time.monotonic() - self._printed_at >= PLAIN_EVERY_S):
                self._print()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2 * REFRESH_S)
        if self._bar is not None:
            self._bar.close()
            self._bar = None


class _Step(Activity):
    """A nested activity: its steps are the open activity's, on that activity's line."""

    def __init__(self, parent: Activity, command: str) -> None:
        self.parent, self.command, self.enabled, self.desc = parent, command, parent.enabled, ""
        self._before = parent.desc

    def step(self, desc: str) -> None:
        self.desc = desc
        self.parent.step(f"{self.command}: {desc}")

    @contextmanager
    def count(self, total: int, poll: Callable[[], int], unit: str) -> Iterator[None]:
        with self.parent.count(total, poll, unit):
            yield

    def close(self) -> None:
        if self.parent.desc != self._before:
            self.parent.step(self._before)


@contextmanager
def activity(command: str, desc: str = "", enabled: bool | None = None) -> Iterator[Activity]:
    """An :class:`Activity` for the ``with`` block (closed on every exit path); inside an
    open one (a command's), a step of it."""
    if _open and enabled is None:
        act: Activity = _Step(_open[-1], command)
    else:
        act = Activity(command, progress_enabled() if enabled is None else enabled)
    marks = act.enabled and not _open and OPEN_ENV not in os.environ
    if marks:
        os.environ[OPEN_ENV] = "1"
    _open.append(act)
    try:
        if desc:
            act.step(desc)
        yield act
    finally:
        _open.remove(act)
        if marks:
            os.environ.pop(OPEN_ENV, None)
        act.close()


@contextmanager
def counting(total: int, poll: Callable[[], int], unit: str = "requests") -> Iterator[None]:
    """``poll()`` of ``total`` on the open activity's line while the block runs; nothing
    (and no cost) when no activity is open; with progress off, only :func:`current` sees it."""
    if not _open:
        yield
        return
    with _open[-1].count(total, poll, unit):
        yield


def current() -> str:
    """What the outermost open activity is doing now, with its count ("" when none is open):
    what a model worker's start tells its parent (the model worker process), shown or not."""
    return _open[0]._line() if _open else ""


def say(command: str, message: str) -> None:
    """One progress line on stderr (only when progress is shown)."""
    if progress_enabled():
        print(f"{command}: {message}", file=sys.stderr, flush=True)


def note(command: str, message: str) -> None:
    """One line on stderr unless ``--quiet`` (a rare, slow step worth saying without a TTY:
    a first use's preparation)."""
    if _mode != "never":
        print(f"{command}: {message}", file=sys.stderr, flush=True)
