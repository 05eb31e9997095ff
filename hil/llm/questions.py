"""What the fallback says when it does not act: a question that names the topic the user spoke
about (never a direction the user already gave), or, on a request the cabin cannot serve,
that it cannot do that in the car. The sentences are the catalogue's (an intent's ``ask`` and
``confirm``, the ``leave`` phrase)."""

from __future__ import annotations

from hil.llm.grounding import TOPICS
from twin.assistant.catalogue import active_catalogue
from twin.assistant.commands import make_command
from twin.assistant.feedback import ask_back, feedback_for


def _first(topic: str, key: str) -> str | None:
    """The first of the head topic's intents (:data:`hil.llm.grounding.TOPICS`) whose catalogue
    entry has the question ``key`` (``ask``: which way, ``confirm``: whether at all)."""
    intents = active_catalogue().intents
    return next((i for i in TOPICS.get(topic, ())
                 if i in intents and getattr(intents[i], key) is not None), None)


def which_way(topic: str, lang: str) -> str:
    """Asks which way ("Warmer or cooler?"): only when the words gave no direction."""
    intent = _first(topic, "ask")
    return ask_back(intent, lang) if intent is not None else confirm(topic, lang)


def confirm(topic: str, lang: str) -> str:
    """Asks whether to change ``topic`` at all (the head is unsure), naming no direction."""
    intent = _first(topic, "confirm")
    entry = active_catalogue().intents.get(intent or "")
    if entry is None or entry.confirm is None:
        return ask_back(None, lang)
    return entry.confirm.get(lang)


def ask_part(what: str, lang: str) -> str:
    """Asks again about one part of several commands whose thing the words do not name in a
    way the cabin knows ("音亮调到五" beside "开一下除霜"), naming the part as it was said."""
    return active_catalogue().phrase("ask_part", lang).format(what=what.strip())


def leave_it(lang: str) -> str:
    """A refusal the user said ("don't turn the heat up"): nothing changes, nothing is asked."""
    return active_catalogue().phrase("leave", lang)


def cannot(lang: str) -> str:
    """An out-of-domain request: the cabin cannot do that in the car."""
    command = make_command("unknown", None)
    assert command is not None
    return feedback_for(command, lang)
