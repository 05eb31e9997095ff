"""Rule NLU on hassil: the cabin's own templates first, then Home Assistant's sentence templates.

For each language two hassil :class:`~hassil.Intents` are compiled once at construction:

* the cabin templates in ``twin/assistant/templates/<lang>.yaml`` (intent names are cabin intent
  names, the slot ``value`` holds the value; ``followup_more``/``followup_less`` are resolved
  from the conversation history);
* the ``home-assistant-intents`` templates, with the cabin's own entities as the ``name`` and
  ``area`` slot lists, mapped onto cabin intents (or ``unknown`` for out-of-domain intents such
  as timers and weather).

Latency: before hassil runs, a :class:`TemplateFilter` per template set keeps only the sentence
templates that can possibly match the text (required fragments, required slot-list values, and
the words the template can produce), so a query costs hassil a handful of sentences instead of
hundreds; the first match is unchanged. ``RuleNLU(prefilter=False)`` is the unfiltered path
(the benchmark's baseline).

Confidence: 1.0 for a full match with every slot resolved into the schema, 0.9 for a match that
needed a unit conversion or the history, lower for partial matches (out-of-range value, wildcard,
unmatched entity, follow-up without history), 0.0 for nothing.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

import yaml
from hassil import Intents, recognize
from hassil.expression import (
    Alternative,
    Expression,
    Group,
    ListReference,
    RuleReference,
    Sentence,
    TextChunk,
)
from hassil.intents import (
    Intent,
    IntentData,
    RangeSlotList,
    SlotList,
    TextSlotList,
    TextSlotValue,
)
from hassil.numbers import get_rbnf_engine
from hassil.recognize import RecognizeResult
from hassil.util import (
    CJK_WHITESPACE,
    TrackedText,
    fold_case,
    normalize_for_matching,
    remove_skip_words_tracked,
)
from home_assistant_intents import get_intents

from twin.assistant.commands import Command, make_command
from twin.assistant.feedback import LANGS, clarify, feedback_for
from twin.assistant.intents import INTENTS
from twin.assistant.resolver import Turn

DEFAULT_THRESHOLD = 0.85

# The cabin's entities as Home Assistant would expose them: (spoken name, entity id, domain).
CABIN_ENTITIES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "en": (
        ("air conditioning", "climate.cabin", "climate"),
        ("air conditioner", "climate.cabin", "climate"),
        ("AC", "climate.cabin", "climate"),
        ("climate", "climate.cabin", "climate"),
        ("heater", "climate.cabin", "climate"),
        ("thermostat", "climate.cabin", "climate"),
        ("seat heating", "switch.seat_heat_driver", "switch"),
        ("seat heater", "switch.seat_heat_driver", "switch"),
        ("driver seat heating", "switch.seat_heat_driver", "switch"),
        ("passenger seat heating", "switch.seat_heat_passenger", "switch"),
        ("defroster", "switch.defrost", "switch"),
        ("defrost", "switch.defrost", "switch"),
        ("window", "cover.window", "cover"),
        ("driver window", "cover.window", "cover"),
        ("sunroof", "cover.sunroof", "cover"),
        ("fan", "fan.cabin", "fan"),
        ("blower", "fan.cabin", "fan"),
        ("radio", "media_player.cabin", "media_player"),
        ("music", "media_player.cabin", "media_player"),
        ("stereo", "media_player.cabin", "media_player"),
        ("navigation", "navigation.cabin", "navigation"),
    ),
    "zh-CN": (
        ("空调", "climate.cabin", "climate"),
        ("暖气", "climate.cabin", "climate"),
        ("座椅加热", "switch.seat_heat_driver", "switch"),
        ("主驾座椅加热", "switch.seat_heat_driver", "switch"),
        ("副驾座椅加热", "switch.seat_heat_passenger", "switch"),
        ("除霜", "switch.defrost", "switch"),
        ("车窗", "cover.window", "cover"),
        ("窗户", "cover.window", "cover"),
        ("天窗", "cover.sunroof", "cover"),
        ("风扇", "fan.cabin", "fan"),
        ("鼓风机", "fan.cabin", "fan"),
        ("音乐", "media_player.cabin", "media_player"),
        ("收音机", "media_player.cabin", "media_player"),
        ("导航", "navigation.cabin", "navigation"),
    ),
}
CABIN_AREAS: dict[str, tuple[str, ...]] = {
    "en": ("cabin", "car", "vehicle"),
    "zh-CN": ("车内", "车里", "车上"),
}

# The Home Assistant intents the cabin maps, plus common out-of-domain ones (recognised as
# ``unknown`` with confidence, so they need no LLM). The rest (lights, state queries, vacuums,
# lists...) cost ms per miss and mean nothing in a car.
HA_INTENTS: frozenset[str] = frozenset(
    {
        "HassTurnOn",
        "HassTurnOff",
        "HassClimateSetTemperature",
        "HassFanSetSpeed",
        "HassSetPosition",
        "HassMediaNext",
        "HassMediaPrevious",
        "HassMediaPause",
        "HassMediaUnpause",
        "HassMediaPlayerMute",
        "HassMediaSearchAndPlay",
        "HassSetVolume",
        "HassSetVolumeRelative",
        "HassGetWeather",
        "HassStartTimer",
        "HassGetCurrentTime",
        "HassGetCurrentDate",
        "HassNevermind",
        "HassShoppingListAddItem",
    }
)
# Warm-up phrases: every range list in digits and words (hassil builds a number-word trie per
# range on first use, ~100 ms), a miss, and each pass.
_WARM_UP: dict[str, tuple[str, ...]] = {
    "en": (
        "turn on the AC",
        "set the temperature to twenty two degrees",
        "set the fan to level three",
        "set the volume to fifteen",
        "open the window to thirty percent",
        "raise the temperature by two degrees",
        "set the seat heating to level one",
        "set the fan speed to 50%",
        "set the volume to 40%",
        "what's the weather like",
        "it's stuffy in here",
        "set a timer for five minutes",
        "set the temperature to twenty one point five degrees",
    ),
    "zh-CN": (
        "打开空调",
        "把温度调到二十六度",
        "风量调到三档",
        "音量调到二十",
        "车窗打开百分之三十",
        "温度调高两度",
        "座椅加热调到一档",
        "把风扇调到百分之五十",
        "把音量设置为百分之四十",
        "今天天气怎么样",
        "车里好闷",
        "设置五分钟的计时器",
        "把温度设置为二十一点五度",
    ),
}

# Home Assistant intent -> (entity id or "*") -> (cabin intent, value, confidence)
_ON_OFF: dict[str, dict[str, tuple[str, int | None]]] = {
    "HassTurnOn": {
        "climate.cabin": ("climate_ac_on", None),
        "switch.seat_heat_driver": ("seat_heat_driver", 2),
        "switch.seat_heat_passenger": ("seat_heat_passenger", 2),
        "switch.defrost": ("climate_defrost", None),
        "cover.window": ("window_open", None),
        "fan.cabin": ("climate_set_fan", 3),
        "media_player.cabin": ("media_play", None),
    },
    "HassTurnOff": {
        "climate.cabin": ("climate_ac_off", None),
        "switch.seat_heat_driver": ("seat_heat_driver", 0),
        "switch.seat_heat_passenger": ("seat_heat_passenger", 0),
        "cover.window": ("window_close", None),
        "fan.cabin": ("climate_set_fan", 0),
        "media_player.cabin": ("media_pause", None),
    },
}
_SIMPLE: dict[str, str] = {
    "HassMediaNext": "media_next",
    "HassMediaPrevious": "media_previous",
    "HassMediaPause": "media_pause",
    "HassMediaUnpause": "media_play",
    "HassMediaPlayerMute": "media_mute",
}

# Follow-ups. "more"/"less" are relative to the direction of the last change; "up"/"down"
# ("higher", "再大一点") are absolute. Step families: last intent -> (up intent, down intent,
# direction of the last change: +1, -1, or 0 for a plain "set").
_STEP_FAMILIES: dict[str, tuple[str, str, int]] = {
    "climate_set_temperature": ("climate_temperature_up", "climate_temperature_down", 0),
    "climate_temperature_up": ("climate_temperature_up", "climate_temperature_down", 1),
    "climate_temperature_down": ("climate_temperature_up", "climate_temperature_down", -1),
    "climate_set_fan": ("climate_fan_up", "climate_fan_down", 0),
    "climate_fan_up": ("climate_fan_up", "climate_fan_down", 1),
    "climate_fan_down": ("climate_fan_up", "climate_fan_down", -1),
    "media_volume_set": ("media_volume_up", "media_volume_down", 0),
    "media_volume_up": ("media_volume_up", "media_volume_down", 1),
    "media_volume_down": ("media_volume_up", "media_volume_down", -1),
}
_FOLLOW_UPS: dict[str, tuple[bool, int]] = {
    # template intent: (relative to the last change?, sign)
    "followup_more": (True, 1),
    "followup_less": (True, -1),
    "followup_up": (False, 1),
    "followup_down": (False, -1),
}
_LEVEL_FAMILIES: dict[str, int] = {
    # last intent: step of one "more" on its own level value
    "seat_heat_driver": 1,
    "seat_heat_passenger": 1,
    "window_set_position": 20,
}
_WINDOW_LEVEL = {"window_open": 100, "window_close": 0}


@dataclass(frozen=True)
class RuleResult:
    """What the rules made of a query.

    ``intent``/``value`` are the best guess (``value`` may be out of schema for a partial
    match); ``command`` is the schema-valid command or None; ``reason`` says how confidence
    was reached; ``ms`` is the wall-clock recognition time.
    """

    intent: str
    value: int | str | None
    confidence: float
    command: Command | None
    feedback: str
    source: str
    matched: str
    reason: str
    ms: float


def _number(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _slot_list(name: str, values: Sequence[tuple[str, str, dict[str, Any]]]) -> TextSlotList:
    return TextSlotList(
        name=name,
        values=[TextSlotValue(TextChunk(text), value, ctx) for text, value, ctx in values],
    )


class TemplateFilter:
    """Selects the sentence templates of a hassil :class:`Intents` that can match a text.

    hassil itself skips a sentence template whose required literal fragments
    (``Sentence.get_required_clauses``, in CNF: one fragment of every clause must occur in the
    folded text) are missing, but only after building match settings for every data block and
    testing every sentence, on every call. Here that work is done once:

    * every data block is split into one block per sentence (same order, same slots, context
      and lists), so hassil can be handed exactly the sentences that may match;
    * hassil treats a ``{list}`` reference as unknown. With the slot lists fixed (the cabin's
      entity names and areas), a required reference to a text list adds a clause: one word of
      some value must occur (an empty list, e.g. no floors, can never match);
    * the two most selective clauses of each sentence are indexed by fragment (bit masks);
    * a template matches the whole text (less skip words), so every word of the text (every
      character, for languages without spaces) must be made of the template's own words: its
      text, the values of its text lists, the number words (and digits) of its ranges. A
      template with a wildcard or anything else open-ended is exempt.

    Per text, the fragments present give the candidate sentences, each is checked against all
    its clauses, and hassil runs on an :class:`Intents` holding only the survivors, in the
    original order. A sentence is dropped only when it cannot match, so the first result is the
    one hassil gives on the full templates (``tests/test_assistant_nlu.py`` checks this).
    """

    def __init__(self, intents: Intents, slot_lists: dict[str, SlotList] | None = None) -> None:
        self.intents = intents
        cjk = intents.settings.ignore_whitespace
        self._units: list[tuple[str, IntentData]] = []
        vocabularies: list[frozenset[str] | None] = []
        clause_sets: list[tuple[frozenset[str], ...]] = []
        # the two most selective clauses of each unit, indexed: fragment -> bit mask of units
        anchors: tuple[dict[str, int], dict[str, int]] = ({}, {})
        always = 0
        one_clause = 0
        for intent in intents.intents.values():
            for data in intent.data:
                rules = {**intents.expansion_rules, **data.expansion_rules}
                lists = {**intents.slot_lists, **(slot_lists or {}), **data.slot_lists}
                for sentence in data.sentences:  # in hassil's order (wildcards sorted)
                    clauses = sentence.get_required_clauses(rules) | _list_clauses(
                        sentence.expression, rules, lists
                    )
                    bit = 1 << len(self._units)
                    self._units.append((intent.name, _single(data, sentence)))
                    clause_sets.append(tuple(clauses))
                    vocabularies.append(
                        _vocabulary(sentence.expression, rules, lists, intents.language, cjk)
                    )
                    if not clauses:
                        always |= bit
                        continue
                    ranked = sorted(clauses, key=_selectivity, reverse=True)[:2]
                    if len(ranked) == 1:
                        one_clause |= bit
                    for anchor, clause in zip(anchors, ranked, strict=False):
                        for fragment in clause:
                            anchor[fragment] = anchor.get(fragment, 0) | bit
        fragments = sorted({*anchors[0], *anchors[1]})
        self._anchors = tuple((f, anchors[0].get(f, 0), anchors[1].get(f, 0)) for f in fragments)
        self._clauses = tuple(clause_sets)
        self._vocabularies = tuple(vocabularies)
        self._always = always
        self._one_clause = one_clause
        self._skip_words = list(intents.skip_words)
        self._folded_skip_words = tuple({fold_case(w.strip()) for w in intents.skip_words})
        self._ignore_whitespace = intents.settings.ignore_whitespace

    def _haystack(self, normalised: TrackedText) -> tuple[str, tuple[str, ...]]:
        """The folded text(s) hassil's pre-filter looks fragments up in, and the words (the
        characters, without spaces) of the text less skip words."""
        with_skip = fold_case(normalised.text)
        without = with_skip
        # removing skip words is a no-op unless one occurs (fold_case is at least as lenient
        # as the case-insensitive regex hassil removes them with)
        if any(w and w in with_skip for w in self._folded_skip_words):
            tracked = normalised.copy()
            remove_skip_words_tracked(tracked, self._skip_words, self._ignore_whitespace)
            without = fold_case(tracked.text)
        haystack = f"{with_skip}\n{without}"
        if self._ignore_whitespace:
            haystack += "\n" + CJK_WHITESPACE.sub("", haystack)
        return haystack, tuple(_pieces(without, self._ignore_whitespace))

    def candidate_ids(self, text: str, normalised: TrackedText | None = None) -> list[int]:
        """Indices (in hassil's order) of the sentence templates that may match ``text``."""
        haystack, words = self._haystack(normalised or normalize_for_matching(text))
        first, second = 0, self._one_clause
        for fragment, first_anchor, second_anchor in self._anchors:
            if fragment in haystack:
                first |= first_anchor
                second |= second_anchor
        candidates = self._always | (first & second)
        ids = []
        while candidates:
            low = candidates & -candidates
            index = low.bit_length() - 1
            candidates ^= low
            if all(any(f in haystack for f in clause) for clause in self._clauses[index]):
                vocabulary = self._vocabularies[index]
                if vocabulary is None or _made_of(words, vocabulary, self._ignore_whitespace):
                    ids.append(index)
        return ids

    def sentence(self, index: int) -> Sentence:
        """The sentence template a candidate index stands for."""
        return self._units[index][1].sentences[0]

    def select(self, text: str, normalised: TrackedText | None = None) -> Intents | None:
        """``intents`` restricted to the sentences that may match ``text``; None if none can.

        ``normalised`` is ``hassil.util.normalize_for_matching(text)`` if already computed.
        """
        ids = self.candidate_ids(text, normalised)
        if not ids:
            return None
        selected: dict[str, Intent] = {}
        for index in ids:
            name, data = self._units[index]
            if name not in selected:
                selected[name] = Intent(name, [])
            selected[name].data.append(data)
        full = self.intents
        return Intents(
            language=full.language,
            intents=selected,
            slot_lists=full.slot_lists,
            expansion_rules=full.expansion_rules,
            skip_words=full.skip_words,
            settings=full.settings,
        )


def _single(data: IntentData, sentence: Sentence) -> IntentData:
    """``data`` with only ``sentence`` (the parsed one, so hassil's caches on it are shared)."""
    single = replace(data, sentence_texts=[sentence.text])
    # ``IntentData.sentences`` is a cached_property: seed it instead of parsing the text again
    single.__dict__["sentences"] = [sentence]
    return single


def _selectivity(clause: frozenset[str]) -> tuple[int, int]:
    """An empty clause can never hold; else longer fragments are rarer, fewer select less."""
    if not clause:
        return (1 << 30, 0)
    return min(len(f) for f in clause), -len(clause)


_MAX_DEPTH = 50
_PUNCTUATION = frozenset(".,;:!?'\"()[]{}<>/\\|-_&*#@%+=~`’“”。，！？、；：（）")


def _value_fragment(value: TextSlotValue) -> str | None:
    """A word every text matching ``value`` contains (folded), or None if unknown."""
    if not isinstance(value.text_in, TextChunk):
        return None
    pieces = [p for p in value.text_in.text.split() if _PUNCTUATION.isdisjoint(p)]
    return fold_case(max(pieces, key=len)) if pieces else None


def _list_clauses(
    exp: Expression, rules: dict[str, Sentence], lists: dict[str, SlotList], depth: int = 0
) -> set[frozenset[str]]:
    """Clauses (CNF, as ``Sentence.get_required_clauses``) from required text-list references.

    Mirrors hassil's walk: a sequence needs all items, an alternative one branch (nothing if a
    branch needs nothing), rule references are expanded; a reference to a text list whose
    values are all plain text needs one word of some value.
    """
    if depth > _MAX_DEPTH:
        return set()
    if isinstance(exp, ListReference):
        slot_list = lists.get(exp.list_name)
        if not isinstance(slot_list, TextSlotList):
            return set()
        fragments = [_value_fragment(v) for v in slot_list.values]
        if any(f is None for f in fragments):
            return set()
        return {frozenset(f for f in fragments if f is not None)}
    if isinstance(exp, Alternative):
        if exp.is_optional or not exp.items:
            return set()
        branches = [_list_clauses(item, rules, lists, depth + 1) for item in exp.items]
        if any(not branch for branch in branches):
            return set()
        merged: set[str] = set()
        for branch in branches:
            merged.update(min(branch, key=len))
        return {frozenset(merged)}
    if isinstance(exp, Group):
        clauses: set[frozenset[str]] = set()
        for item in exp.items:
            clauses |= _list_clauses(item, rules, lists, depth + 1)
        return clauses
    if isinstance(exp, RuleReference):
        rule = rules.get(exp.rule_name)
        return set() if rule is None else _list_clauses(rule.expression, rules, lists, depth + 1)
    return set()


@dataclass(frozen=True)
class TemplatePass:
    """One set of templates tried in order: hassil intents, their filter, ``recognize`` kwargs."""

    source: str
    intents: Intents
    filter: TemplateFilter
    options: dict[str, Any]


class RuleNLU:
    """hassil-based rule NLU for one language; warmed up at construction."""

    def __init__(
        self, lang: str = "en", home_assistant: bool = True, prefilter: bool = True
    ) -> None:
        lang = normalise_lang(lang)
        self.lang = lang
        self.home_assistant = home_assistant
        self.prefilter = prefilter
        text = (
            resources.files("twin.assistant.templates")
            .joinpath(f"{lang}.yaml")
            .read_text(encoding="utf-8")
        )
        self._cabin = Intents.from_dict(yaml.safe_load(text))
        ha = get_intents(lang)
        if ha is None:
            raise ValueError(f"home-assistant-intents has no templates for {lang!r}")
        ha = {**ha, "intents": {k: v for k, v in ha["intents"].items() if k in HA_INTENTS}}
        self._ha = Intents.from_dict(ha)
        area_text = CABIN_AREAS[lang][0]
        self._slot_lists = {
            "name": _slot_list("name", [(t, e, {"domain": d}) for t, e, d in CABIN_ENTITIES[lang]]),
            "area": _slot_list("area", [(t, "cabin", {}) for t in CABIN_AREAS[lang]]),
            "floor": TextSlotList(name="floor", values=[]),
        }
        self._context = {"area": {"value": "cabin", "text": area_text}}
        self.passes: tuple[TemplatePass, ...] = (
            TemplatePass("cabin", self._cabin, TemplateFilter(self._cabin), {"language": lang}),
            TemplatePass(
                "home_assistant",
                self._ha,
                TemplateFilter(self._ha, self._slot_lists),
                {"slot_lists": self._slot_lists, "intent_context": self._context, "language": lang},
            ),
        )
        self.warm_up()

    def warm_up(self) -> None:
        """The first hassil ``recognize`` costs 100-200 ms, and every range list builds its
        number-word trie on first use: pay that now, not on a request."""
        for text in _WARM_UP[self.lang]:
            self._recognize(text)

    def _recognize(self, text: str) -> tuple[str, RecognizeResult | None]:
        """The first match: cabin templates, then (if enabled) Home Assistant's."""
        normalised = normalize_for_matching(text) if self.prefilter else None
        for template_pass in self.passes if self.home_assistant else self.passes[:1]:
            intents = (
                template_pass.filter.select(text, normalised)
                if self.prefilter
                else template_pass.intents
            )
            if intents is None:
                continue
            found = recognize(text, intents, **template_pass.options)
            if found is not None:
                return template_pass.source, found
        return "none", None

    def parse(self, text: str, history: Sequence[Turn] = ()) -> RuleResult:
        """Recognise ``text`` (with ``history`` for follow-ups) into a :class:`RuleResult`."""
        start = time.perf_counter()
        source, found = self._recognize(text.strip())
        if found is None:
            intent, value, confidence, reason, matched = "unknown", None, 0.0, "no_match", ""
        elif source == "cabin":
            matched = found.intent.name
            intent, value, confidence, reason = self._from_cabin(found, history)
        else:
            matched = found.intent.name
            intent, value, confidence, reason = self._from_home_assistant(found)
        command = make_command(intent, value) if confidence >= 0.5 else None
        if command is None and confidence >= 0.5:
            confidence, reason = 0.5, "out_of_schema"
        feedback = feedback_for(command, self.lang) if command else clarify(self.lang)
        ms = (time.perf_counter() - start) * 1000.0
        return RuleResult(intent, value, confidence, command, feedback, source, matched, reason, ms)

    def _from_cabin(
        self, found: RecognizeResult, history: Sequence[Turn]
    ) -> tuple[str, Any, float, str]:
        name = found.intent.name
        entity = found.entities.get("value")
        value = _number(entity.value) if entity is not None else None
        if name in _FOLLOW_UPS:
            return _follow_up(*_FOLLOW_UPS[name], history)
        schema = INTENTS[name]
        if value is None and schema.kind != "none":
            return name, schema.default, 1.0, "full_default_value"
        return name, value, 1.0, "full"

    def _from_home_assistant(self, found: RecognizeResult) -> tuple[str, Any, float, str]:
        name = found.intent.name
        ents = {k: _number(e.value) for k, e in found.entities.items()}
        if any(e.is_wildcard for e in found.entities.values()):
            if name == "HassMediaSearchAndPlay":
                return "media_play", None, 0.7, "wildcard"
            return "unknown", None, 0.3, "wildcard"
        if name in _ON_OFF:
            target = ents.get("name")
            if target is None and ents.get("device_class") == "window":
                target = "cover.window"
            mapped = _ON_OFF[name].get(str(target))
            if mapped is None:
                # a real device the cabin does not control (lights, locks, the sunroof...)
                return "unknown", None, 0.9, "ha_out_of_domain"
            return mapped[0], mapped[1], 1.0, "full"
        if name == "HassClimateSetTemperature" and "temperature" in ents:
            return "climate_set_temperature", ents["temperature"], 1.0, "full"
        if name == "HassFanSetSpeed" and "percentage" in ents:
            return "climate_set_fan", round(float(ents["percentage"]) * 7 / 100), 0.9, "converted"
        if name == "HassSetPosition" and "position" in ents:
            if ents.get("name") == "cover.window" or ents.get("device_class") == "window":
                return "window_set_position", ents["position"], 1.0, "full"
            return "unknown", None, 0.9, "ha_out_of_domain"
        if name == "HassSetVolume" and "volume_level" in ents:
            level = round(float(ents["volume_level"]) * 30 / 100)
            return "media_volume_set", level, 0.9, "converted"
        if name == "HassSetVolumeRelative":
            step = ents.get("volume_step")
            if step == "up" or (isinstance(step, int | float) and step > 0):
                return "media_volume_up", 2, 0.9, "converted"
            return "media_volume_down", 2, 0.9, "converted"
        if name in _SIMPLE:
            return _SIMPLE[name], None, 1.0, "full"
        return "unknown", None, 0.9, "ha_out_of_domain"


_DIGITS = "\x00digits"  # in a vocabulary: a range list, so any digits may occur
_BREAK_WORDS = str.maketrans({"-": " ", "_": " "})
_STRIP_PUNCTUATION = str.maketrans({c: None for c in _PUNCTUATION})


def _pieces(text: str, cjk: bool) -> list[str]:
    """Folded words of ``text`` without punctuation (characters if ``cjk``); lenient: a word
    hassil would match stays equal after the same treatment on both sides."""
    folded = fold_case(text).translate(_BREAK_WORDS).translate(_STRIP_PUNCTUATION)
    return [c for c in folded if not c.isspace()] if cjk else folded.split()


_NUMBER_WORDS: dict[tuple[str, int, int, int, Any], frozenset[str]] = {}
_MAX_RANGE_WORDS = 5000


def _number_words(range_list: RangeSlotList, language: str, cjk: bool) -> frozenset[str] | None:
    """Pieces of every number word hassil accepts for ``range_list`` (it formats the same
    numbers with the same engine), or None if unknown."""
    language = range_list.words_language or language
    key = (language, range_list.start, range_list.stop, range_list.step, range_list.fraction_type)
    if key not in _NUMBER_WORDS:
        numbers = list(range_list.get_numbers())
        if len(numbers) > _MAX_RANGE_WORDS:
            return None
        try:
            engine = get_rbnf_engine(language)
            texts = [
                t for n in numbers for t in engine.format_number(n).text_by_ruleset.values()
            ]
        except Exception:  # hassil, too, logs and skips numbers it cannot format
            return None
        _NUMBER_WORDS[key] = frozenset(p for t in texts for p in _pieces(t, cjk))
    return _NUMBER_WORDS[key] | {_DIGITS}


def _vocabulary(
    exp: Expression,
    rules: dict[str, Sentence],
    lists: dict[str, SlotList],
    language: str,
    cjk: bool,
    depth: int = 0,
) -> frozenset[str] | None:
    """Every piece a match of ``exp`` can consume, or None if open-ended or unknown."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(exp, TextChunk):
        return frozenset(_pieces(exp.text, cjk))
    parts: list[Expression]
    if isinstance(exp, Group):
        parts = list(exp.items)
    elif isinstance(exp, RuleReference):
        rule = rules.get(exp.rule_name)
        if rule is None:
            return None
        parts = [rule.expression]
    elif isinstance(exp, ListReference):
        slot_list = lists.get(exp.list_name)
        if isinstance(slot_list, RangeSlotList):
            return _number_words(slot_list, language, cjk) if slot_list.words else {_DIGITS}
        if not isinstance(slot_list, TextSlotList) or slot_list.values is None:
            return None
        parts = [v.text_in for v in slot_list.values]
    else:
        return None
    words: set[str] = set()
    for part in parts:
        sub = _vocabulary(part, rules, lists, language, cjk, depth + 1)
        if sub is None:
            return None
        words |= sub
    return frozenset(words)


def _made_of(words: tuple[str, ...], vocabulary: frozenset[str], cjk: bool) -> bool:
    """Whether every word is a vocabulary piece, digits (if allowed) or, unless ``cjk``, a
    concatenation of those (hassil does not require a word boundary after a chunk)."""
    digits = _DIGITS in vocabulary
    for word in words:
        if word in vocabulary or (digits and word.isdigit()):
            continue
        if cjk or not _concatenation(word, vocabulary, digits):
            return False
    return True


def _concatenation(word: str, vocabulary: frozenset[str], digits: bool) -> bool:
    reachable = [True] + [False] * len(word)
    for start in range(len(word)):
        if not reachable[start]:
            continue
        if digits and word[start].isdigit():
            reachable[start + 1] = True
        for end in range(start + 1, len(word) + 1):
            if not reachable[end] and word[start:end] in vocabulary:
                reachable[end] = True
    return reachable[-1]


def _follow_up(relative: bool, sign: int, history: Sequence[Turn]) -> tuple[str, Any, float, str]:
    if not history:
        return "unknown", None, 0.3, "followup_without_history"
    last = history[-1]
    if last.intent in _STEP_FAMILIES:
        up, down, last_direction = _STEP_FAMILIES[last.intent]
        direction = sign * (last_direction or 1) if relative else sign
        intent = up if direction > 0 else down
        return intent, INTENTS[intent].default, 0.9, "followup"
    level = _WINDOW_LEVEL.get(last.intent)
    family = "window_set_position" if level is not None else last.intent
    if family in _LEVEL_FAMILIES:
        schema = INTENTS[family]
        current = level if level is not None else last.value
        if not isinstance(current, int):
            current = schema.default
        assert isinstance(current, int) and schema.low is not None and schema.high is not None
        step = _LEVEL_FAMILIES[family] * sign
        return family, min(schema.high, max(schema.low, current + step)), 0.9, "followup"
    return "unknown", None, 0.3, "followup_unresolved"


def normalise_lang(lang: str) -> str:
    """``en``/``zh-CN`` (accepting ``zh``, ``zh_CN``, ``en-US``...); ValueError otherwise."""
    key = lang.replace("_", "-").lower()
    if key.startswith("zh"):
        return "zh-CN"
    if key.startswith("en"):
        return "en"
    raise ValueError(f"language {lang!r} not supported; expected one of {', '.join(LANGS)}")


_SHARED: dict[tuple[str, bool], RuleNLU] = {}


def shared_nlu(lang: str, home_assistant: bool = True) -> RuleNLU:
    """One warmed-up :class:`RuleNLU` per configuration (warm-up is not free)."""
    key = (normalise_lang(lang), home_assistant)
    if key not in _SHARED:
        _SHARED[key] = RuleNLU(*key)
    return _SHARED[key]
