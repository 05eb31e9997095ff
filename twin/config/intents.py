"""The intent catalogue file: every cabin intent, its value slot, feedback and templates.

The shipped catalogue is ``twin/assistant/catalogue.toml``; an extension catalogue (named by
the ``CABIN_TWIN_INTENTS`` environment variable, see :mod:`twin.assistant.catalogue`) adds
intents to it with the same keys. Validated by the strict models below: unknown keys, a
default outside its range, a feedback phrase missing a language are errors naming the key.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from twin.config.base import Strict

LANGS: tuple[str, ...] = ("en", "zh-CN")



def _regex(text: str) -> str:
    """``text`` when it compiles as a Python regular expression (a field validator's check)."""
    try:
        re.compile(text)
    except re.error as exc:
        raise ValueError(f"a Python regular expression ({exc})") from None
    return text

class Phrases(Strict):
    """One sentence per language (``{value}`` is the command's value, said naturally)."""

    en: str = Field(min_length=1, max_length=300, description="English")
    zh_CN: str = Field(min_length=1, max_length=300, alias="zh-CN", description="Chinese")

    def get(self, lang: str) -> str:
        return self.zh_CN if lang == "zh-CN" else self.en


class Unit(Strict):
    """A unit said after a number, per language (may be empty: a bare level)."""

    en: str = Field("", max_length=20, description="English, with its leading space")
    zh_CN: str = Field("", max_length=20, alias="zh-CN", description="Chinese")

    def get(self, lang: str) -> str:
        return self.zh_CN if lang == "zh-CN" else self.en


class ValueSlot(Strict):
    """``[intents.NAME.value]``: the one slot a command carries, with its range and unit."""

    kind: Literal["int", "enum"] = Field("int", description="a whole number in [low, high], "
                                         "or one of choices")
    low: int | None = Field(None, ge=-1000, le=1000, description="lowest value the valve lets "
                            "through (int)")
    high: int | None = Field(None, ge=-1000, le=1000, description="highest value the valve "
                             "lets through (int)")
    choices: list[str] = Field(default_factory=list, max_length=64,
                               description="allowed values (enum)")
    default: int | str = Field(description="the value when the request names none")
    off: int | None = Field(None, description="the value that means off: its feedback is "
                            "feedback_off, never \"level 0\"")
    unit: Unit | None = Field(None, description="unit said after a number, per language "
                                 "(\" °C\", \"度\"); none for a bare level")
    what: Phrases | None = Field(None, description="what the value sets, for the range "
                                 "sentence (\"the temperature\", \"温度\")")
    step: int | None = Field(None, gt=0, le=1000, description="relative step of one "
                             "\"more\"/\"less\" follow-up on this level")

    @model_validator(mode="after")
    def _consistent(self) -> ValueSlot:
        if self.kind == "int":
            if self.low is None or self.high is None or self.low > self.high:
                raise ValueError("an int slot needs low <= high")
            if not isinstance(self.default, int) or not self.low <= self.default <= self.high:
                raise ValueError("default inside [low, high]")
            if self.off is not None and not self.low <= self.off <= self.high:
                raise ValueError("off inside [low, high]")
        else:
            if not self.choices or self.default not in self.choices:
                raise ValueError("an enum slot needs choices that include its default")
        return self


class IntentEntry(Strict):
    """``[intents.NAME]``: one cabin intent."""

    description: str = Field(min_length=1, max_length=200, description="what it does")
    value: ValueSlot | None = Field(None, description="its value slot (none: no value)")
    topic: str | None = Field(None, pattern=r"^[a-z][a-z0-9_]{0,63}$",
                              description="intents sharing a topic are one device function "
                              "(temperature up/down/set): the question asked names it")
    direction: Literal["up", "down", "on", "off", "set"] | None = Field(
        None, description="which way it moves its topic (direction errors, follow-ups)")
    feedback: Phrases = Field(description="what the cabin says when it acts")
    feedback_off: Phrases | None = Field(None, description="what it says when the value is "
                                         "the slot's off value")
    ask: Phrases | None = Field(None, description="the question asked when the way is unclear "
                                "(\"Warmer or cooler?\")")
    confirm: Phrases | None = Field(None, description="the question the LLM fallback asks when "
                                    "unsure whether to change this function at all (\"Do you "
                                    "want me to change the fan?\"); the first of its head "
                                    "topic's intents that has one is asked")

    @model_validator(mode="after")
    def _off(self) -> IntentEntry:
        if self.feedback_off is not None and (self.value is None or self.value.off is None):
            raise ValueError("feedback_off needs a value slot with off")
        return self


class Words(Strict):
    """A regular expression (Python ``re``, matched case-blind anywhere in the sentence) per
    language: the words that name a topic."""

    en: str = Field(min_length=1, max_length=2000, description="English")
    zh_CN: str = Field(min_length=1, max_length=2000, alias="zh-CN", description="Chinese")

    _compiles = field_validator("en", "zh_CN")(_regex)

    def get(self, lang: str) -> str:
        return self.zh_CN if lang == "zh-CN" else self.en


class UnitWords(Strict):
    """Unit words said after a bare number, per language."""

    en: list[Annotated[str, Field(min_length=1, max_length=20)]] = Field(
        default_factory=list, max_length=16, description="English")
    zh_CN: list[Annotated[str, Field(min_length=1, max_length=20)]] = Field(
        default_factory=list, max_length=16, alias="zh-CN", description="Chinese")

    def get(self, lang: str) -> list[str]:
        return self.zh_CN if lang == "zh-CN" else self.en


class Cues(Strict):
    """A regular expression per language (Python ``re``, matched case-blind on the lowered
    sentence); either may be left out. The fallback matches both, whatever the language said:
    real speech mixes them ("把AC关了")."""

    en: str = Field("", max_length=4000, description="English")
    zh_CN: str = Field("", max_length=4000, alias="zh-CN", description="Chinese")

    _compiles = field_validator("en", "zh_CN")(_regex)

    @model_validator(mode="after")
    def _some(self) -> Cues:
        if not self.en and not self.zh_CN:
            raise ValueError("a pattern in at least one language")
        return self

    def pattern(self) -> str:
        """Both languages as one pattern (either matches)."""
        return "|".join(f"(?:{p})" for p in (self.en, self.zh_CN) if p)


class ValueWords(Cues):
    """A value and the words that say it (a regular expression per language, as ``Cues``)."""

    value: int = Field(ge=-1000, le=1000, description="the value these words say (inside the "
                       "range of the topic's set intent)")


class SlotWords(Strict):
    """``[topics.NAME.slots]``: the words the LLM fallback reads a topic's slots from, once it
    has chosen the topic (each a regular expression per language, matched case-blind on the
    lowered sentence; the first that matches wins, in file order)."""

    zones: dict[str, Cues] = Field(default_factory=dict, max_length=16, description="which of "
                                   "the topic's intents the words choose, by the seat or zone "
                                   "they name ('副驾', 'my wife's'): each intent of the topic "
                                   "and its words, tried in order; with none said, the topic's "
                                   "first intent (the speaker's seat)")
    own: Cues | None = Field(None, description="the speaker's own seat ('mine', '我的'): said "
                             "beside another zone's words, two seats were named, and the "
                             "fallback does not act on the sentence as one command")
    unsaid: Cues | None = Field(None, description="a person whose seat is not said ('for my "
                                "mum', '给孩子'): the fallback asks which seat instead of taking "
                                "the first intent's")
    levels: list[ValueWords] = Field(default_factory=list, max_length=16, description="level "
                                     "words ('high', '低档', '关') and the level each says, read "
                                     "when no number is said; on a topic with a setting and "
                                     "steps, before a number or a way ('kill the fan': its "
                                     "level 0, never a step down)")
    fractions: list[ValueWords] = Field(default_factory=list, max_length=16, description="a "
                                        "position said as a fraction ('a quarter', '四分之三') "
                                        "and its value (percent open)")
    counted: bool = Field(False, description="a number followed by one of the topic's units "
                          "(units: '两挡') is a level, not a step, unless a step word (大, 小, "
                          "加, 减, ...) comes right before the number")


class TopicEntry(Strict):
    """``[topics.NAME]``: how people name one function (a topic of the intents): what the
    rules read a pronoun, a correction and a bare number as. Every key is optional; a topic
    without ``noun`` is never what "it" means."""

    noun: Phrases | None = Field(None, description="what \"it\" is after a request on this "
                                 "topic (\"the fan\", \"风量\"; in Chinese put before a verb said "
                                 "alone: \"风量调小一点\")")
    words: Words | None = Field(None, description="the words that name it in a sentence; the "
                                "first topic (in file order, shipped first) whose words match is "
                                "the one named")
    set_to: Phrases | None = Field(None, description="a request setting it to {value}, read "
                                   "for a number said alone after a request on it (\"no, 23\")")
    thermal: Literal["warms", "cools"] | None = Field(
        None, description="what a level on it does to whoever it serves: \"that's too hot\" "
        "right after a request on it steps it down if it warms, up if it cools (else the cabin "
        "temperature is what is too hot)")
    units: UnitWords | None = Field(None, description="units a number said alone may carry "
                                    "for this topic (\"degrees\", \"度\"); another unit is not "
                                    "this topic")

    # the LLM fallback's keys: what it decides first is a topic with subject
    intents: list[Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,63}$")]] = Field(
        default_factory=list, max_length=16, description="for the LLM fallback: intents this "
        "topic gathers besides those naming it (topic = ...): intents of no topic (play and "
        "pause), or of narrower ones (each seat's heating). Of two intents without a direction, "
        "the first is the way up (play, next) and the second the way down")
    subject: Cues | None = Field(None, description="for the LLM fallback: words that ground a "
                                 "request in this topic, a feeling that names it included "
                                 "(\"freezing\", \"冷\"); a topic with subject is one the "
                                 "fallback decides, acts on and asks about; without one of its "
                                 "words it never acts on the topic")
    explicit: Cues | None = Field(None, description="for the LLM fallback: words that name the "
                                  "topic outright (\"温度\", \"the volume\"): they overrule a "
                                  "hint at another topic, and the head's unknown does not veto a "
                                  "complete reading of them")
    labels: dict[str, Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        default_factory=dict, max_length=16, description="for the LLM fallback's generative "
        "prompt: a short English label per intent of the topic (\"warmer\")")
    up: Cues | None = Field(None, description="for the LLM fallback: words pointing up, on, "
                            "open, play or next in this topic (\"freezing\" for the temperature)")
    down: Cues | None = Field(None, description="for the LLM fallback: words pointing the other "
                              "way (\"boiling\", \"关\")")
    too_little: Cues | None = Field(None, description="for the LLM fallback: an excess that "
                                    "asks for up (\"too cold\", \"not loud enough\")")
    too_much: Cues | None = Field(None, description="for the LLM fallback: an excess that asks "
                                  "for down (\"too loud\", \"太热\")")
    slots: SlotWords | None = Field(None, description="for the LLM fallback: the words its "
                                    "slots are read from (seats and zones, level words, "
                                    "fractions)")
    unclear: Cues | None = Field(None, description="for the LLM fallback: words after which the "
                                 "up and down words mean something else (\"turn up the AC\" "
                                 "wants cooler): it asks which way")

    @model_validator(mode="after")
    def _consistent(self) -> TopicEntry:
        if self.words is not None and self.noun is None:
            raise ValueError("a topic with words needs a noun")
        for said in (self.set_to.en, self.set_to.zh_CN) if self.set_to is not None else ():
            try:
                ok = said.count("{value}") == 1 and bool(said.format(value=1))
            except (KeyError, IndexError, ValueError):
                ok = False
            if not ok:
                raise ValueError("set_to says {value} once per language, and no other {...}")
        if (self.up is None) != (self.down is None):
            raise ValueError("up and down words go together")
        if len(set(self.intents)) != len(self.intents):
            raise ValueError("intents listed once each")
        return self


class CatalogueFile(Strict):
    """The intent catalogue (``twin/assistant/catalogue.toml``, or an extension)."""

    templates: str = Field("templates", min_length=1, max_length=300,
                           description="folder (relative to the file) of the rule templates: "
                           "<lang>.yaml (cabin intents) and <lang>_open.yaml (wildcards, "
                           "out of domain); an intent's sentences are under intents.<NAME>")
    phrases: dict[str, Phrases] = Field(default_factory=dict, max_length=64,
                                        description="[phrases.KEY]: sentences not tied to one "
                                        "intent (ack, clarify, out of domain, range, ...)")
    intents: dict[str, IntentEntry] = Field(min_length=1, max_length=512,
                                            description="[intents.NAME]: each intent")
    topics: dict[str, TopicEntry] = Field(default_factory=dict, max_length=512,
                                          description="[topics.NAME]: how people name each "
                                          "topic an intent moves")

    @model_validator(mode="after")
    def _names(self) -> CatalogueFile:
        for name in self.intents:
            if not re.fullmatch(r"[a-z][a-z0-9_]{0,63}", name):
                raise ValueError(f"intent name {name!r}: lower-case letters, digits, _")
        for name in self.topics:
            if not re.fullmatch(r"[a-z][a-z0-9_]{0,63}", name):
                raise ValueError(f"topic name {name!r}: lower-case letters, digits, _")
        return self
