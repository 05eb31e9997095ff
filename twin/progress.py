"""Progress on stderr for long runs, sweeps and preparations (tqdm).

Shown when stderr is an interactive terminal; ``twin --progress`` shows it anyway (plain lines
when stderr is not a terminal), ``twin --quiet`` never. CI logs and redirected output stay
clean by default. :func:`progress` wraps an iterable with a bar; :func:`activity` says what a
phase of unknown length is doing, with the time it has taken so far.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")
MODES = ("auto", "always", "never")
ENV = "CABIN_TWIN_PROGRESS"  # the mode, inherited by worker processes
_mode = os.environ.get(ENV, "auto") if os.environ.get(ENV) in MODES else "auto"
REFRESH_S = 0.5  # how often an activity's elapsed time is redrawn on a terminal


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
        if enabled and _stderr_is_tty():
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
            self._bar.set_description_str(f"{self.command}: {desc}", refresh=True)
        else:
            elapsed = time.monotonic() - self._started
            print(f"{self.command}: {desc} [{elapsed:.0f} s]", file=sys.stderr, flush=True)

    def _refresh(self) -> None:
        while not self._stop.wait(REFRESH_S):
            bar = self._bar
            if bar is not None:
                bar.refresh()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2 * REFRESH_S)
        if self._bar is not None:
            self._bar.close()
            self._bar = None


@contextmanager
def activity(command: str, desc: str = "", enabled: bool | None = None) -> Iterator[Activity]:
    """An :class:`Activity` for the ``with`` block (closed on every exit path)."""
    act = Activity(command, progress_enabled() if enabled is None else enabled)
    try:
        if desc:
            act.step(desc)
        yield act
    finally:
        act.close()


def say(command: str, message: str) -> None:
    """One progress line on stderr (only when progress is shown)."""
    if progress_enabled():
        print(f"{command}: {message}", file=sys.stderr, flush=True)
