"""What the rules' parse under way has read of a text, kept for that parse only.

A parse reads the same text several ways (whole, split, after a correction, as a reading
another reading also gives), and several modules ask the same pure question of it (its template
match, its scope). :data:`READS` holds the answers while :meth:`twin.assistant.nlu.RuleNLU.parse`
runs (nested parses share the outer one's); outside a parse it is None and every read is made
afresh. Nothing is kept from one parse to the next.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

__all__ = ["READS", "read_once"]

READS: ContextVar[dict[tuple[str, ...], Any] | None] = ContextVar("rule_reads", default=None)
"""The reads of the parse under way, keyed by what was read and of which text, else None."""

_T = TypeVar("_T")


def read_once(what: str, text: str, read: Callable[[str], _T]) -> _T:
    """``read(text)``, made once per ``text`` within a parse (``what`` names the read)."""
    memo = READS.get()
    if memo is None:
        return read(text)
    if (key := (what, text)) not in memo:
        memo[key] = read(text)
    return memo[key]  # type: ignore[no-any-return]
