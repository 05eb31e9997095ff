"""What the cabin says, in ``en`` and ``zh-CN``: every phrase comes from the intent catalogue.

A command's sentence is its intent's ``feedback`` (``feedback_off`` when the value is the
slot's off value: "Driver seat heating off", never "level 0"); numbers are said in digits with
their unit ("22度", "30%"). Chinese uses one register (您) throughout.
"""

from __future__ import annotations

from collections.abc import Sequence

from twin.assistant.catalogue import active_catalogue
from twin.assistant.commands import Command
from twin.config.intents import LANGS

__all__ = ["LANGS", "ack", "ask_back", "cannot_part", "clarify", "feedback_for", "joined",
           "out_of_domain", "range_feedback"]


def _lang(lang: str) -> str:
    return lang if lang in LANGS else "en"


def feedback_for(command: Command, lang: str) -> str:
    """The rule template's sentence for ``command``."""
    entry = active_catalogue().intents[command.intent]
    slot = entry.value
    if entry.feedback_off is not None and slot is not None and command.value == slot.off:
        return entry.feedback_off.get(_lang(lang))
    return entry.feedback.get(_lang(lang)).format(value=command.value)


def joined(sentences: Sequence[str], lang: str) -> str:
    """Several commands' sentences said as one answer."""
    phrase = active_catalogue().phrase("also", _lang(lang))
    out = sentences[0] if sentences else ""
    for nxt in sentences[1:]:
        out = phrase.format(first=out, then=nxt)
    return out


def clarify(lang: str) -> str:
    """What the cabin says when it will not act (valve, degrade without a rule guess)."""
    return active_catalogue().phrase("clarify", _lang(lang))


def out_of_domain(lang: str) -> str:
    """What the cabin says to a request it recognises as nothing it does in the car."""
    return active_catalogue().phrase("out_of_domain", _lang(lang))


def cannot_part(what: str, lang: str) -> str:
    """What the cabin says to one part of a sentence it cannot do ("关闭天窗" beside
    "关闭空调"), naming it so the other parts' answers stay clear."""
    return active_catalogue().phrase("cannot_part", _lang(lang)).format(what=what.strip())


def ask_part(what: str, lang: str) -> str:
    """What the cabin asks about one part of several commands it could not read ("put us on
    for home" beside "skip this song"), naming the part as it was said."""
    return active_catalogue().phrase("ask_part", _lang(lang)).format(what=what.strip())


def ack(lang: str) -> str:
    """The short acknowledgement text that goes with the chime/icon."""
    return active_catalogue().phrase("ack", _lang(lang))


def range_feedback(intent: str, lang: str) -> str | None:
    """What the cabin says to an out-of-range value: the range it can set, or None."""
    entry = active_catalogue().intents.get(intent)
    slot = entry.value if entry is not None else None
    if slot is None or slot.kind != "int":
        return None
    lang = _lang(lang)
    what = slot.what.get(lang) if slot.what is not None else intent.split("_")[0]
    unit = slot.unit.get(lang) if slot.unit is not None else ""
    return active_catalogue().phrase("range", lang).format(
        what=what, low=slot.low, high=slot.high, unit=unit)


def ask_back(intent: str | None, lang: str) -> str:
    """The question the cabin asks when it is unsure: which way for a directional intent
    ("Warmer or cooler?"), else a general request to rephrase."""
    entry = active_catalogue().intents.get(intent or "")
    if entry is not None and entry.ask is not None:
        return entry.ask.get(_lang(lang))
    return active_catalogue().phrase("ask", _lang(lang))
