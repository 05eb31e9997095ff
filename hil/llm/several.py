"""Several commands in one sentence the rules left: each answered on its own.

"close the window turn the ac on and make it twenty degrees", "温度调到二十四度风量开三档": the
sentence is cut into its commands (:func:`hil.llm.clauses.command_parts`), the head reads each
part alone (one forward pass each) and :func:`hil.llm.head.head_decision` decides each with its
own topic, threshold and words. The cabin acts on every part it is sure of, asks only about the
part it is unsure of (naming that part's topic), says the range for a part out of range and that
it cannot do a part the cabin lacks. A part whose way or value the words do not give is never
acted on (the head asks, as for one command).

Read whole instead (one decision, as before): a sentence that says somewhere else, later, a
condition, a question, a remark or a refusal anywhere (those words qualify every part), one
said right after another turn (a follow-up), or one with fewer than two commands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hil.llm.clauses import command_parts
from hil.llm.direction import normalised
from hil.llm.grounding import (
    EXPLICIT,
    KEEP,
    NOT_HERE_NOW,
    REMARK,
    lacking,
    named_topics,
    narrowed,
)
from hil.llm.questions import confirm
from hil.llm.slots import read_slots
from twin.assistant.feedback import cannot_part, joined
from twin.assistant.scope import negated, not_music, out_of_scope

MAX_PARTS = 4
"""At most this many commands are read from one sentence (a forward pass each)."""

_ASKED = ("low_confidence", "direction_unclear", "range")


def several_parts(text: str) -> list[str]:
    """The commands of ``text`` when it is a sentence the fallback answers part by part (see
    the module docstring), else ``[]``."""
    lowered = normalised(text)
    if (out_of_scope(lowered) is not None or NOT_HERE_NOW.search(lowered) or lacking(lowered)
            or REMARK.search(lowered) or KEEP.search(lowered) or negated(lowered)
            or not_music(lowered)):
        return []
    parts = command_parts(text)
    return parts if 2 <= len(parts) <= MAX_PARTS else []


def _outright(text: str) -> set[str]:
    """The topics ``text`` names outright (:data:`hil.llm.grounding.EXPLICIT`)."""
    lowered = normalised(text)
    return {t for t in narrowed(named_topics(lowered), lowered) if EXPLICIT[t].search(lowered)}


class Several:
    """The answer to a sentence of several commands: every command acted on, and what is said."""

    def __init__(self, acted: list[Any], said: str, first: Any) -> None:
        self.acted, self.feedback, self.first = acted, said, first

    def answer(self) -> dict[str, object]:
        """The resolver's JSON answer: the first command (or the question) and, with two or
        more, every command with its own feedback (:func:`twin.assistant.policy.decide`)."""
        head = self.acted[0] if self.acted else self.first
        out: dict[str, object] = {"intent": head.intent, "value": head.value,
                                  "feedback": self.feedback}
        if not self.acted and head.why:
            out["abstain"] = head.why
        if head.topic is not None:
            out["topic"] = head.topic
        if len(self.acted) >= 2:
            out["commands"] = [{"intent": d.intent, "value": d.value, "feedback": d.feedback}
                               for d in self.acted]
        return out


def several_decision(
    decide: Callable[[str, bool], Any], act: Callable[..., Any], parts: Sequence[str],
    lang: str,
    dropped: Sequence[str] = (),
) -> Several | None:
    """Each part decided on its own (``decide(text, whole)``: :func:`hil.llm.head.head_decision`
    on ``text`` with the head's probabilities for it, or with those for the whole sentence when
    ``whole``, tried when the part's own are unsure; ``act``: :func:`hil.llm.head._act`); a
    part that names no topic but a seat after a seat's command is that command for the seat it
    names ("副驾的关掉，我的开一档"). None when no part is acted on or asked about."""
    decisions: list[Any] = []
    for text in parts:
        d = decide(text, False)
        if d.intent == "unknown" and d.why in ("out_of_domain", "low_confidence"):
            # a part is short: the head's reading of the whole sentence counts for it too
            whole = decide(text, True)
            d = whole if whole.intent != "unknown" else d
        named = _outright(text)
        if d.why == "out_of_domain" and len(named) == 1:
            # a part that names a cabin function outright is no request the cabin lacks: ask
            topic = next(iter(named))
            d = d._replace(feedback=confirm(topic, lang), why="low_confidence", topic=topic)
        before = decisions[-1] if decisions else None
        if d.why == "not_grounded" and before is not None and before.topic == "seat_heat" and (
                before.intent != "unknown"):
            read = read_slots("seat_heat", normalised(text), before.intent)
            if read is not None and read[0] != before.intent:
                d = act("seat_heat", *read, lang)
            else:  # the same seat twice, or no seat read: ask about the seat heating
                d = d._replace(feedback=confirm("seat_heat", lang), why="low_confidence",
                              topic="seat_heat")
        decisions.append(d)
    acted = [d for d in decisions if d.intent != "unknown"]
    if not acted and not any(d.why in _ASKED for d in decisions):
        return None  # nothing of it for the cabin: the sentence is read whole
    said: list[str] = []
    for text, d in zip(parts, decisions, strict=True):
        if d.intent != "unknown" or d.why in _ASKED or d.why == "negated":
            said.append(d.feedback)
        else:
            said.append(cannot_part(text, lang))
    if acted:
        said += [cannot_part(c, lang) for c in dropped]
    first = next((d for d in decisions if d.why in _ASKED), decisions[0])
    return Several(acted, joined(said, lang), first)


__all__ = ["MAX_PARTS", "Several", "several_decision", "several_parts"]
