"""The intent catalogue in use: the shipped ``catalogue.toml`` plus any extension.

``CABIN_TWIN_INTENTS`` (environment, read once per process) names extension catalogue files
(separated by ``os.pathsep``), each with the keys of the shipped one (CONFIG.md, "Intent
catalogue"): their intents are added to the shipped ones (a name already taken is an error),
their phrases fill keys the shipped file lacks, and their template folder's ``<lang>.yaml`` and
``<lang>_open.yaml`` are merged into the rules' templates. Adding a cabin function (seat
ventilation, a reading light) is an entry in a catalogue, its sentences in a template file and
a binding in a rig file; no Python changes.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from pathlib import Path

from twin.config.base import parse
from twin.config.intents import LANGS, CatalogueFile, IntentEntry, Phrases, TopicEntry
from twin.errors import InputError

ENV = "CABIN_TWIN_INTENTS"
MAX_CATALOGUE_BYTES = 1_000_000
SHIPPED = "catalogue.toml"
PHRASE_KEYS: tuple[str, ...] = ("clarify", "out_of_domain", "ack", "range", "ask", "also",
                               "cannot_part", "leave", "ask_part")
"""Phrases the assistant needs: the shipped catalogue must define each of them."""


@dataclass(frozen=True)
class Catalogue:
    """Every intent entry (in file order, shipped first), the shared phrases, the template
    folders (shipped first), and how each topic is named (:mod:`twin.assistant.phrasing`)."""

    intents: dict[str, IntentEntry]
    phrases: dict[str, Phrases]
    template_dirs: tuple[Path, ...]
    sources: tuple[str, ...]
    topics: dict[str, TopicEntry] = field(default_factory=dict)
    words: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = field(default_factory=dict)
    """Per language, each topic with words and its compiled pattern, in file order."""

    def phrase(self, key: str, lang: str) -> str:
        return self.phrases[key].get(lang)

    def opposite(self, name: str) -> str | None:
        """The intent that moves the same topic the other way (up/down, on/off), if any."""
        entry = self.intents.get(name)
        flip = {"up": "down", "down": "up", "on": "off", "off": "on"}
        if entry is None or entry.topic is None or entry.direction not in flip:
            return None
        want = flip[entry.direction]
        return next((n for n, e in self.intents.items()
                     if e.topic == entry.topic and e.direction == want), None)

    def topic_of(self, intent: str) -> str | None:
        """The topic an intent belongs to: the ``[topics.NAME]`` that lists it (play and pause,
        each seat's heating), else the topic its entry names; None for ``unknown``/``ood``."""
        return self._topic_by_intent.get(intent)

    @cached_property
    def _topic_by_intent(self) -> dict[str, str | None]:
        """:meth:`topic_of` of every intent, worked out once (the rules ask it several times a
        parse, of every intent when they look for a question's topic)."""
        out: dict[str, str | None] = {}
        for name, topic in self.topics.items():  # the first topic listing it (file order)
            for intent in topic.intents:
                out.setdefault(intent, name)
        for intent, entry in self.intents.items():
            out.setdefault(intent, entry.topic)
        return out

    def intents_of(self, topic: str) -> tuple[str, ...]:
        """The intents whose :meth:`topic_of` is ``topic``, in file order."""
        return self._intents_by_topic.get(topic, ())

    @cached_property
    def _intents_by_topic(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for intent in self.intents:
            topic = self.topic_of(intent)
            if topic is not None:
                out.setdefault(topic, []).append(intent)
        return {topic: tuple(intents) for topic, intents in out.items()}

    def setter(self, topic: str | None) -> str | None:
        """The topic's absolute intent (direction ``set``), if it has one."""
        return next((n for n, e in self.intents.items()
                     if topic is not None and e.topic == topic and e.direction == "set"), None)


def read_catalogue_file(path: Path, text: str | None = None) -> CatalogueFile:
    """One catalogue file, validated; :class:`InputError` names the file and key."""
    source = str(path)
    if text is None:
        try:
            if path.stat().st_size > MAX_CATALOGUE_BYTES:
                raise InputError(source, "file", f"at most {MAX_CATALOGUE_BYTES} bytes")
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InputError(source, "file", f"a readable catalogue file ({exc.strerror})"
                             ) from None
        except UnicodeDecodeError:
            raise InputError(source, "file", "a UTF-8 TOML file") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(source, "toml", f"valid TOML ({exc})") from None
    except RecursionError:
        raise InputError(source, "toml", "tables nested at most 32 deep") from None
    return parse(CatalogueFile, raw, source)  # type: ignore[no-any-return]


def _shipped_dir() -> Path:
    return Path(str(resources.files("twin.assistant")))


def build_catalogue(extensions: tuple[str, ...] = ()) -> Catalogue:
    """The shipped catalogue plus ``extensions`` (catalogue file paths)."""
    base = _shipped_dir()
    shipped = read_catalogue_file(base / SHIPPED)
    missing = [k for k in PHRASE_KEYS if k not in shipped.phrases]
    if missing:
        raise InputError(str(base / SHIPPED), f"phrases.{missing[0]}", "a phrase per language")
    if "unknown" not in shipped.intents:
        raise InputError(str(base / SHIPPED), "intents.unknown", "the out-of-domain intent")
    intents = dict(shipped.intents)
    phrases = dict(shipped.phrases)
    topics = dict(shipped.topics)
    topic_source = dict.fromkeys(topics, str(base / SHIPPED))
    dirs = [base / shipped.templates]
    sources = [str(base / SHIPPED)]
    for text in extensions:
        path = Path(text)
        extra = read_catalogue_file(path)
        for name, entry in extra.intents.items():
            if name in intents:
                raise InputError(text, f"intents.{name}", "a name no other catalogue uses")
            intents[name] = entry
        for name, topic in extra.topics.items():
            if name in topics:
                raise InputError(text, f"topics.{name}", "a topic no other catalogue names")
            topics[name], topic_source[name] = topic, text
        for key, phrase in extra.phrases.items():
            phrases.setdefault(key, phrase)
        folder = (path.parent / extra.templates).resolve()
        if not folder.is_dir():
            raise InputError(text, "templates", f"a folder of template files, got {folder}")
        dirs.append(folder)
        sources.append(text)
    named = {e.topic for e in intents.values()}
    listed: dict[str, str] = {}
    for name, source in topic_source.items():
        entry = topics[name]
        if name not in named and not entry.intents:
            raise InputError(source, f"topics.{name}", "a topic some intent names (topic = ...) "
                             "or that lists its intents (intents = [...])")
        for intent in entry.intents:
            if intent not in intents or intent == "unknown":
                raise InputError(source, f"topics.{name}.intents", f"cabin intents, got {intent}")
            if intent in listed:
                raise InputError(source, f"topics.{name}.intents",
                                 f"an intent no other topic lists ({intent}: {listed[intent]})")
            listed[intent] = name
        own = set(entry.intents) | {i for i, e in intents.items() if e.topic == name}
        for intent in entry.labels:
            if intent not in own:
                raise InputError(source, f"topics.{name}.labels.{intent}",
                                 "an intent of this topic")
        if entry.slots is not None:
            _check_slots(source, name, entry, {i: intents[i] for i in own})
    # unknown stays last: the intent list ends with it (INTENT_NAMES[:-1] are actuating)
    intents["unknown"] = intents.pop("unknown")
    words = {lang: tuple((name, re.compile(t.words.get(lang), re.IGNORECASE))
                         for name, t in topics.items() if t.words is not None)
             for lang in LANGS}
    return Catalogue(intents, phrases, tuple(dirs), tuple(sources), topics, words)


def _check_slots(source: str, name: str, entry: TopicEntry, own: dict[str, IntentEntry]
                 ) -> None:
    """A topic's ``slots``: zones name its own intents, the values its words say are inside
    the range of one of its intents, and ``counted`` has units to count."""
    slots = entry.slots
    assert slots is not None
    where = f"topics.{name}.slots"
    for intent in slots.zones:
        if intent not in own:
            raise InputError(source, f"{where}.zones.{intent}", "an intent of this topic")
    ranges = [(e.value.low, e.value.high) for e in own.values()
              if e.value is not None and e.value.low is not None and e.value.high is not None]
    for key in ("levels", "fractions"):
        for k, said in enumerate(getattr(slots, key)):
            if not any(low <= said.value <= high for low, high in ranges):
                raise InputError(source, f"{where}.{key}[{k}].value",
                                 "a value inside the range of one of the topic's intents")
    if slots.counted and (entry.units is None or not (entry.units.en or entry.units.zh_CN)):
        raise InputError(source, f"{where}.counted", "units on the topic (the words counted)")


def extension_paths() -> tuple[str, ...]:
    """The extension catalogue files named by :data:`ENV` (none when unset)."""
    value = os.environ.get(ENV, "")
    return tuple(p for p in value.split(os.pathsep) if p.strip())


@cache
def active_catalogue() -> Catalogue:
    """The catalogue this process uses (read once)."""
    return build_catalogue(extension_paths())


def template_texts(name: str) -> list[tuple[str, str]]:
    """``(path, text)`` of the template file ``name`` (``en.yaml``...) in every template
    folder that has it, shipped first."""
    out = []
    for folder in active_catalogue().template_dirs:
        path = folder / name
        if path.is_file():
            if path.stat().st_size > MAX_CATALOGUE_BYTES:
                raise InputError(str(path), "file", f"at most {MAX_CATALOGUE_BYTES} bytes")
            out.append((str(path), path.read_text(encoding="utf-8")))
    return out


def topic_words(text: str, lang: str) -> str | None:
    """The function ``text`` names by its words (the first catalogue topic whose ``words``
    match: the volume, the fan, the window, the temperature...), if any."""
    for topic, pattern in active_catalogue().words[lang]:
        if pattern.search(text):
            return topic
    return None


__all__ = ["ENV", "LANGS", "Catalogue", "active_catalogue", "build_catalogue",
           "read_catalogue_file", "template_texts", "topic_words"]

