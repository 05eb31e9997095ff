"""The rules' sure reading of one clause alone, for the fallback's cuts."""

from __future__ import annotations

from hil.llm.direction import normalised
from hil.llm.grounding import TOPIC_OF, named_topics, narrowed
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import AssistantPolicy


def sure_order(clause: str, lang: str) -> tuple[str, str, int | str | None] | None:
    """``(topic, intent, value)`` when the rules read ``clause`` alone confidently as one
    command that acts, on a topic the clause names ("挡风玻璃除个雾": the defrost, though its
    measure word keeps it from naming the defrost outright for the head); else None."""
    lowered = normalised(clause)
    named = narrowed(named_topics(lowered), lowered)
    if not named:
        return None
    rules = shared_nlu(lang).parse(clause, [])
    if rules.split or not rules.actuates or rules.confidence < AssistantPolicy().threshold:
        return None
    assert rules.command is not None
    topic = TOPIC_OF.get(rules.command.intent)
    return None if topic not in named else (topic, rules.command.intent, rules.command.value)


__all__ = ["sure_order"]
