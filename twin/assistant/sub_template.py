"""A replacement template read only when its pattern matches, not on every ``Pattern.sub`` call.

``pattern.sub("\\g<w> the ", text)`` with a template that holds a backslash makes CPython call
``re._subx(pattern, template)`` on every call, matched or not: an import, and an LRU look-up
keyed by the pattern, whose hash is worked out from its compiled code each time (up to ~13 us
for a large pattern on the AMD EPYC). A table of readings tried in turn on every rules miss
(:func:`twin.assistant.colloquial.plainly`, ~10-25 patterns per text, few of which match) paid
that before each search. :func:`expansion` gives the same replacement as a function of the
match (``Match.expand``, which reads the template exactly as ``sub`` does), so a ``sub`` that
finds nothing costs only its search.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["Replacement", "expansion"]

Replacement = str | Callable[[re.Match[str]], str]
"""What ``Pattern.sub`` takes as its replacement."""


def expansion(repl: Replacement) -> Replacement:
    """``repl`` as ``Pattern.sub`` reads it: a template holding a backslash as a function of
    the match; anything else (a literal string, a function) as it is."""
    if not isinstance(repl, str) or "\\" not in repl:
        return repl
    return _expand(repl)


def _expand(template: str) -> Callable[[re.Match[str]], str]:
    def expand(match: re.Match[str]) -> str:
        return match.expand(template)
    return expand
