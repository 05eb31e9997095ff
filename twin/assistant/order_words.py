"""The English words an order starts with, once: its verbs, the courtesy said before them, and
where an order starts. Each reader's list is the shared one with its difference written as a
difference (a set added or taken away), never a second list.

* :data:`EN_ORDER_VERB_WORDS` (:data:`EN_ORDER_VERBS` as a regex fragment): the verbs an order
  starts with ("turn", "crank", "knock"); the fallback's readers of clauses and corrections add
  their own beside them.
* :data:`EN_COMMAND_VERBS`, :data:`EN_STARTS`, :func:`en_starts_order`: where an order starts,
  at the head of a part or clause after a plea or a joining word ("can you open…", "and then
  turn…"): the cut of run-ons (:mod:`twin.assistant.shapes`, :mod:`twin.assistant.multi`), the
  clauses asked about (:mod:`twin.assistant.leftover`) and a story told before the orders
  (:mod:`twin.assistant.story_first`, which the recogniser's slips read: this module imports
  nothing of the readers).
* :data:`COURTESY` and the verb sets of the fallback's two order readers,
  the fallback's ``orders`` (an order whose thing the cabin does not know, "set the wolume to five")
  and the fallback's ``foreign`` (an order whose thing is not this cabin's, "turn the church
  heating down"); :func:`alternation` makes a regex of a set.

Each word is a regex alternative (lower case; "um+" is one).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

EN_ORDER_VERB_WORDS: tuple[str, ...] = (
    "turn", "switch", "put", "set", "make", "open", "close", "shut", "crack", "roll", "wind",
    "mute", "unmute", "play", "pause", "stop", "skip", "resume", "raise", "lower", "drop", "bump",
    "crank", "bring", "start", "kill", "knock", "take")
"""The English verbs an order starts with, as words (a reader that needs a set of its own
adds or takes away from these)."""
EN_ORDER_VERBS = "(?:" + "|".join(EN_ORDER_VERB_WORDS) + ")"
"""The English verbs an order starts with, without a word boundary (the reader adds it)."""


def alternation(words: Iterable[str]) -> str:
    """``words`` as one regex alternation, longest first (so a word never shadows a longer one
    it starts), in a fixed order."""
    return "|".join(sorted(words, key=lambda w: (-len(w), w)))


COURTESY: frozenset[str] = frozenset({
    "ok", "okay", "hey", "please", "pls", "so", "and", "just", "now", "then",
    "can you", "could you", "would you", "will you"})
"""Said before an order, in any number ("ok so just turn ..."): no part of it."""

_CUT_BEFORE: frozenset[str] = (
    frozenset(EN_ORDER_VERB_WORDS) - {"start", "take"}
    | {"increase", "decrease", "reduce", "navigate", "take me", "defrost", "demist", "change",
       "go back", "stick", "pop", "whack"})
EN_COMMAND_VERBS = rf"(?:{alternation(_CUT_BEFORE)})\b"
"""The verbs a run-on is cut before (:mod:`twin.assistant.shapes`): the order verbs but "start"
and a bare "take" (both begin a story as often), and verbs of a function or a nudge."""
EN_STARTS = re.compile(
    rf"^(?:(?:{alternation(COURTESY - {'ok', 'okay', 'hey', 'pls'})})\s+)*"
    rf"(?:{EN_COMMAND_VERBS}|(?:take|get|give|engage|start)\b)", re.IGNORECASE)
"""An English part or clause that starts with a command verb, after a plea or a joining word
(the courtesy but a greeting: "can you open…", "and then turn…"); :mod:`twin.assistant.leftover`
asks about a clause that starts so as said. Beside the run-on cut's verbs
(:data:`EN_COMMAND_VERBS`), the verbs that only start an order ("take", "get", "give",
"engage", "start")."""


def en_starts_order(part: str) -> bool:
    """Whether an English part starts with a command verb ("cool it down", "can you open…")."""
    return EN_STARTS.match(part) is not None


COURTESY_SPOKEN: frozenset[str] = frozenset({
    "aye", "och", "can u", "(?:y'?all |do you |would you )?mind"})
"""Courtesy only the fallback's ``orders`` reads (a dialect's, a typed one's, "mind" asked)."""
COURTESY_FILLERS: frozenset[str] = frozenset({
    "right", "um+", "uh+", "er+", "plz", "also", "mate", "you", "go on"})
"""Fillers and courtesy only the fallback's ``foreign`` reads ("um", "mate", "go on")."""

OWN_TOPIC_VERBS: frozenset[str] = frozenset({"mute", "unmute", "play", "pause", "stop", "skip"})
"""Verbs that name their own topic (the sound, the music): the fallback's ``foreign`` leaves them
out, since they order whatever they name ("pause this jawn")."""
MOVE_VERBS: frozenset[str] = (
    frozenset(EN_ORDER_VERB_WORDS) - OWN_TOPIC_VERBS - {"resume", "take"}
    | {"nudge", "dial", "pop", "flip", "whack"})
"""Verbs that order a thing moved, named after them ("turn the X down", "crack the X"): the
shared order verbs (:data:`EN_ORDER_VERB_WORDS`) but those naming their own topic and
"resume"/"take" (neither reader's), and five more of a nudge."""
FOREIGN_ONLY_VERBS: frozenset[str] = frozenset({
    "warm", "heat", "cool", "fire", "chuck", "bung", "get", "save", "record", "clean", "wipe",
    "flash", "activate", "enable", "disable", "deactivate", "lock", "unlock", "fold", "adjust",
    "change", "check", "reset", "dim", "brighten", "boost", "blast", "pump", "tone", "ramp",
    "cut"})
"""Verbs only the fallback's ``foreign`` reads as an order's: a verb of another device's function
("save", "record", "lock") or of heat ("warm the church")."""

UNKNOWN_ORDER_VERBS: frozenset[str] = MOVE_VERBS | OWN_TOPIC_VERBS | {"stick"}
"""The verbs of the fallback's ``orders``'s known-verb order ("stick the X on" too)."""
FOREIGN_ORDER_VERBS: frozenset[str] = MOVE_VERBS | FOREIGN_ONLY_VERBS
"""The verbs of the fallback's ``foreign``'s order: every verb of moving, none naming its topic."""
