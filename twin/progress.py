"""Progress bars for long runs and sweeps: tqdm on stderr, shown only when stderr is a TTY.

CI logs and redirected output stay clean; an interactive terminal sees a bar.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

from tqdm import tqdm

T = TypeVar("T")


def progress_enabled() -> bool:
    """True when stderr is an interactive terminal."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def progress(
    items: Iterable[T], total: int | None = None, desc: str = "", enabled: bool | None = None
) -> Iterator[T]:
    """Iterate ``items`` with a bar on stderr (when ``enabled``, default: stderr is a TTY)."""
    show = progress_enabled() if enabled is None else enabled
    if not show:
        yield from items
        return
    with tqdm(items, total=total, desc=desc, file=sys.stderr, leave=False, unit="it") as bar:
        yield from bar
