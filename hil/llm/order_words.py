"""The English words an order starts with, once: the courtesy said before it and its verb.

Two readers look for an English order first in its clause: :mod:`hil.llm.orders` (an order
whose thing the cabin does not know, "set the wolume to five") and :mod:`hil.llm.foreign` (an
order whose thing is not this cabin's, "turn the church heating down"). Both read the same
courtesy and the same verbs of moving a thing; where they differ, the difference is written
here as one (a set added or taken away), not as a second list, and the verbs start from the
readers' shared list of order verbs. Each entry is a regex alternative (lower case; "um+" is
one).
"""

from __future__ import annotations

from collections.abc import Iterable

from twin.assistant.speech_words import EN_ORDER_VERB_WORDS

COURTESY: frozenset[str] = frozenset({
    "ok", "okay", "hey", "please", "pls", "so", "and", "just", "now", "then",
    "can you", "could you", "would you", "will you"})
"""Said before an order, in any number ("ok so just turn ..."): no part of it."""
COURTESY_SPOKEN: frozenset[str] = frozenset({
    "aye", "och", "can u", "(?:y'?all |do you |would you )?mind"})
"""Courtesy only :mod:`hil.llm.orders` reads (a dialect's, a typed one's, "mind" asked)."""
COURTESY_FILLERS: frozenset[str] = frozenset({
    "right", "um+", "uh+", "er+", "plz", "also", "mate", "you", "go on"})
"""Fillers and courtesy only :mod:`hil.llm.foreign` reads ("um", "mate", "go on")."""

OWN_TOPIC_VERBS: frozenset[str] = frozenset({"mute", "unmute", "play", "pause", "stop", "skip"})
"""Verbs that name their own topic (the sound, the music): :mod:`hil.llm.foreign` leaves them
out, since they order whatever they name ("pause this jawn")."""
MOVE_VERBS: frozenset[str] = (
    frozenset(EN_ORDER_VERB_WORDS) - OWN_TOPIC_VERBS - {"resume", "take"}
    | {"nudge", "dial", "pop", "flip", "whack"})
"""Verbs that order a thing moved, named after them ("turn the X down", "crack the X"): the
shared order verbs (:data:`twin.assistant.speech_words.EN_ORDER_VERB_WORDS`) but those naming
their own topic and "resume"/"take" (neither reader's), and five more of a nudge."""
FOREIGN_ONLY_VERBS: frozenset[str] = frozenset({
    "warm", "heat", "cool", "fire", "chuck", "bung", "get", "save", "record", "clean", "wipe",
    "flash", "activate", "enable", "disable", "deactivate", "lock", "unlock", "fold", "adjust",
    "change", "check", "reset", "dim", "brighten", "boost", "blast", "pump", "tone", "ramp",
    "cut"})
"""Verbs only :mod:`hil.llm.foreign` reads as an order's: a verb of another device's function
("save", "record", "lock") or of heat ("warm the church")."""

UNKNOWN_ORDER_VERBS: frozenset[str] = MOVE_VERBS | OWN_TOPIC_VERBS | {"stick"}
"""The verbs of :mod:`hil.llm.orders`' known-verb order ("stick the X on" too)."""
FOREIGN_ORDER_VERBS: frozenset[str] = MOVE_VERBS | FOREIGN_ONLY_VERBS
"""The verbs of :mod:`hil.llm.foreign`'s order: every verb of moving, none naming its topic."""


def alternation(words: Iterable[str]) -> str:
    """``words`` as one regex alternation, longest first (so a word never shadows a longer one
    it starts), in a fixed order."""
    return "|".join(sorted(words, key=lambda w: (-len(w), w)))
