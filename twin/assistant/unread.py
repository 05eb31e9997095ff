"""Whether a rules answer leaves unread a cabin function its sentence asks for.

The rules may act on some commands of a sentence and read nothing in another clause that
names a cabin function with a way, an order or a number ("window up and the AC on the fish
market smell is getting in": the window closes, the AC is left). The policy then asks about
that function (:func:`twin.assistant.leftover.unsaid`), but the rules' answer is partial: a
clause they did not read is a shape they were not written for, so the rules do not answer the
line and hand it to the fallback, which reads the whole. Only a question about a function no
acting command moves counts: one about the other seat of a seat heater that acted, or a clause
asked about as said (a device the cabin lacks), leaves the rules' answer standing, and so does
a sentence that says which function to leave alone ("leave the window alone, just turn on the
AC": :func:`twin.assistant.phrasing.hands_off`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from twin.assistant.catalogue import active_catalogue
from twin.assistant.commands import Command
from twin.assistant.leftover import ASKS, confirm, functions_named, unsaid
from twin.assistant.multi import CONJUNCTIONS, SURE
from twin.assistant.phrasing import hands_off

__all__ = ["asks_function", "leaves_function"]

_NOT_DONE = re.compile(r"没有?[^，,。]{0,2}?(?:放|开|关|调|播)")
"""What was not done ("车上一首歌也没放"): a state told, no order."""


def leaves_function(text: str, lang: str, answered: Sequence[Command], feedback: str,
                    read: Callable[[str], tuple[Command | None, float, bool]]) -> bool:
    """Whether the policy would ask about a cabin function of ``text`` that no acting command
    of ``answered`` moves (``read``: the rules' reading of one clause alone, as for
    :func:`~twin.assistant.leftover.unsaid`)."""
    catalogue = active_catalogue()
    acted = {catalogue.topic_of(c.intent) for c in answered if c.actuates}
    if not acted or hands_off(text, lang) is not None:
        return False
    asked = {topic for q in unsaid(text, lang, answered, feedback, read)
             for topic in catalogue.topics if topic not in acted and q == confirm(topic, lang)}
    return bool(asked) and any(asked & _ordered(clause, lang, read)
                               for clause in CONJUNCTIONS[lang].split(text) if clause)


def _ordered(clause: str, lang: str, read: Callable[[str], tuple[Command | None, float, bool]]
             ) -> set[str]:
    """The functions ``clause`` orders: named outright with a way, a verb or a number beside
    them, or moved by its own sure reading alone; none for a wish or a complaint ("车里暖和暖和",
    "脚也冻得慌") or a function named with no way ("空调 调到二十度": the AC names the device)."""
    clause = clause.strip()
    ordered = asks_function(clause, lang) and not _NOT_DONE.search(clause)
    out = functions_named(clause) if ordered else set()
    command, confidence, _ = read(clause)
    if command is not None and command.actuates and confidence >= SURE:
        out.add(active_catalogue().topic_of(command.intent))
    return out


def asks_function(clause: str, lang: str) -> bool:
    """Whether ``clause`` names a cabin function outright with a way, an order verb or a number
    beside it ("fan up two", "温度降三度", "空调也打开"): an order even without an imperative
    shape, where a complaint ("热死了", "the fan is too strong") names no way."""
    return ASKS[lang].search(clause) is not None and bool(functions_named(clause))

