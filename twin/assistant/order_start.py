"""Where an English order starts: a command verb at the head of a part or clause, after a plea
or a joining word ("can you open…", "and then turn…"). Read by the cut of run-ons
(:mod:`twin.assistant.shapes`, :mod:`twin.assistant.multi`), the clauses asked about
(:mod:`twin.assistant.leftover`) and a story told before the orders
(:mod:`twin.assistant.story_first`), which the recogniser's slips read, so it imports nothing of
the readers above them."""

from __future__ import annotations

import re

EN_COMMAND_VERBS = (
    r"(?:turn|switch|open|close|shut|set|make|put|play|skip|pause|mute|unmute|raise|"
    r"lower|increase|decrease|reduce|crank|bump|roll|navigate|take me|resume|defrost|"
    r"drop|knock|change|go back|bring|stop|kill|demist|wind|crack|stick|pop|whack)\b")
"""The verbs a run-on is cut before (:mod:`twin.assistant.shapes`)."""
EN_STARTS = re.compile(rf"^(?:(?:please|now|then|just|and|so|(?:can|could|would|will) you)\s+)*"
                       rf"(?:{EN_COMMAND_VERBS}|(?:take|get|give|engage|start)\b)", re.IGNORECASE)
"""An English part or clause that starts with a command verb, after a plea or a joining word
("can you open…", "and then turn…"); :mod:`twin.assistant.leftover` asks about a clause that
starts so as said. Beside the run-on cut's verbs (:data:`EN_COMMAND_VERBS`), the verbs that only
start an order ("take", "get", "give", "engage", "start")."""


def en_starts_order(part: str) -> bool:
    """Whether an English part starts with a command verb ("cool it down", "can you open…")."""
    return EN_STARTS.match(part) is not None
