"""A follow-up that asks for several things ("Actually all the way, and the fan on two." after
"open the window halfway"; "再大两格，然后下一首。" after "音量调到十。"): each part read on its own
with the conversation, so that the part that continues the last turn is not dropped.

The fallback reads a sentence with history as one command (a follow-up's part has no thing of
its own: the last turn gives it), so a follow-up that adds an order of its own acted on one
function and dropped the other. :func:`followed` cuts such a sentence where the rules cut
several commands (:data:`twin.assistant.multi.CONJUNCTIONS`), reads every part alone with the
history (``read``: the rules when they are sure of the part, else the head with the last turn),
and answers part by part (:class:`hil.llm.several.Several`) when two or more functions are
acted on or asked about. Two parts on one function are one request (the later said); two ways
on one function, or nothing more than the whole reading acted on, leave the whole reading.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hil.llm.clauses import AMOUNT, WAY, commanding
from hil.llm.direction import normalised
from hil.llm.grounding import TOPIC_OF, named_outright
from hil.llm.questions import confirm
from hil.llm.several import MAX_PARTS, Several
from twin.assistant.catalogue import active_catalogue
from twin.assistant.multi import CONJUNCTIONS
from twin.assistant.nlu import shared_nlu
from twin.assistant.resolver import Turn

_ASKED = ("low_confidence", "direction_unclear")
_EDGE = " ,，.。!！?？;；:：、"


def pieces(text: str, lang: str) -> list[str]:
    """``text`` cut where the rules cut several commands, empty pieces left out."""
    cut = CONJUNCTIONS["zh-CN" if lang.startswith("zh") else "en"].split(text.strip())
    return [p.strip(_EDGE) for p in cut if p and p.strip(_EDGE)]


def _orders(piece: str) -> bool:
    """Whether a piece says a way, an amount or an order's verb (not a filler: "Actually")."""
    lowered = normalised(piece)
    return bool(WAY.search(lowered) or AMOUNT.search(lowered) or commanding(piece))


def followed(text: str, decision: Any, last: Turn, lang: str,
             read: Callable[[str], Any]) -> Several | None:
    """The answer part by part to ``text``, said after ``last``, that the fallback read whole
    as ``decision``: each piece decided by ``read``; None when fewer than two functions are
    answered, when no piece names a function outright, when one function is asked two ways,
    or when the parts act on less than the whole reading did."""
    said = pieces(text, lang)
    if not 2 <= len(said) <= MAX_PARTS or not any(named_outright(p) for p in said):
        return None
    opposite = active_catalogue().opposite
    kept: list[tuple[str, Any]] = []
    for piece in said:
        d = read(piece)
        if d.intent == "unknown" and d.why not in _ASKED:
            if not _orders(piece) or named_outright(piece):
                continue  # "Actually", "please": no order; a thing of its own: not the last turn's
            topic = TOPIC_OF.get(last.intent)  # "now all the way": the last turn's, asked
            if topic is None:
                continue
            d = d._replace(why="low_confidence", topic=topic, feedback=confirm(topic, lang))
        same = next((at for at, (_, k) in enumerate(kept) if k.topic == d.topic), None)
        if same is not None:
            before = kept[same][1]
            if d.intent != "unknown" and before.intent != "unknown" and (
                    opposite(d.intent) == before.intent):
                return None  # one function two ways: read whole, as before
            if d.intent == "unknown" and before.intent != "unknown":
                continue  # acted on by the part before ("Warmer, two more degrees")
            kept[same] = (piece, d)  # "太热了，再降两度": the later, said with its amount
            continue
        kept.append((piece, d))
    acted = {d.topic for _, d in kept if d.intent != "unknown"}
    if len(kept) < 2 or not acted or (
            decision.intent != "unknown" and decision.topic not in acted):
        return None
    decisions = [d for _, d in kept]
    first = next((d for d in decisions if d.intent == "unknown"), decisions[0])
    return Several(decisions, [d.feedback for d in decisions], first, lang)


def ruled_or(piece: str, history: Sequence[Turn], lang: str, act: Callable[..., Any],
             head: Callable[[str], Any], threshold: float) -> Any:
    """The rules' reading of ``piece`` with ``history`` when they are sure of one command of a
    fallback topic (``act`` makes the decision), else ``head``'s."""
    rules = shared_nlu(lang).parse(piece, list(history))
    if not rules.split and rules.actuates and rules.confidence >= threshold and (
            rules.command is not None and (topic := TOPIC_OF.get(rules.command.intent))):
        return act(topic, rules.command.intent, rules.command.value, lang)
    return head(piece)


__all__ = ["followed", "pieces", "ruled_or"]
