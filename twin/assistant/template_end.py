"""A match context the compiled matcher reached a template's end with, read as hassil reads it.

hassil's ``MatchContext.is_match`` (read once per context by ``_process_match_contexts``)
starts with ``remove_punctuation(text).strip()``: a new tracked text, the initialism check and
six regex passes (~8 us), also on the empty text a full match leaves, where they change
nothing (``remove_punctuation("")`` is ``""``). :class:`Reached` skips them there and reads the
rest of ``is_match`` as hassil's does; any other text goes to hassil's own property.
``tests/test_template_compiled.py`` compares every compiled match with hassil's.
"""

from __future__ import annotations

from hassil.models import UnmatchedTextEntity
from hassil.string_matcher import MatchContext

__all__ = ["Reached"]


class Reached(MatchContext):
    """A :class:`MatchContext` whose ``is_match`` skips the punctuation pass on no text."""

    @property
    def is_match(self) -> bool:
        if self.text:
            return bool(MatchContext.is_match.fget(self))  # type: ignore[attr-defined]
        # hassil's checks after the (empty) text: no wildcard and no unmatched entity empty
        if any(e.is_wildcard and not e.text.strip() for e in self.entities):
            return False
        return not any(isinstance(u, UnmatchedTextEntity) and not u.text.strip()
                       for u in self.unmatched_entities)
