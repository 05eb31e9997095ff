# Over 400 lines: RuleNLU is one pass over two template sets (the cabin's, then Home
# Assistant's) whose steps share its compiled state; the helpers after it could move out.
"""Rule NLU on hassil: the cabin's own templates first, then Home Assistant's sentence templates.

For each language two hassil :class:`~hassil.Intents` are compiled once at construction:

* the cabin templates in ``twin/assistant/templates/<lang>.yaml`` (intent names are cabin intent
  names, the slot ``value`` holds the value; ``followup_more``/``followup_less`` are resolved
  from the conversation history);
* the ``home-assistant-intents`` templates, with the cabin's own entities as the ``name`` and
  ``area`` slot lists, mapped onto cabin intents (or ``unknown`` for out-of-domain intents such
  as timers and weather).

Latency: before hassil runs, a template filter (:mod:`twin.assistant.template_filter`) per
template set keeps only the sentence templates that can possibly match the text, so a query
costs hassil a handful of sentences instead of hundreds; the first match is unchanged. The
narrow filter (:mod:`twin.assistant.template_narrow`, the default) also checks each template's
shape against the whole text and cuts large templates down to the branches the text can use.
``RuleNLU(prefilter=False)`` is the unfiltered path (the benchmark's baseline),
``RuleNLU(narrow=False)`` the plain filter (the path before the narrow one).

Confidence: 1.0 for a full match with every slot resolved into the schema, 0.9 for a match that
needed a unit conversion or the history, lower for partial matches (wildcard, unmatched entity,
follow-up without history), 0.0 for nothing. A full match whose number is outside the intent's
range keeps confidence 1.0 with the non-actuating ``unknown`` command and the range as feedback
(reason ``out_of_range``): the rules know that answer, no fallback is asked.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import yaml
from hassil import Intents, recognize, recognize_best
from hassil.expression import TextChunk
from hassil.intents import TextSlotList, TextSlotValue
from hassil.recognize import RecognizeResult
from hassil.util import TrackedText, merge_dict
from home_assistant_intents import get_intents

from twin.assistant.binding_words import EN_NUMBERS
from twin.assistant.catalogue import active_catalogue, template_texts
from twin.assistant.colloquial import in_chinese, one_parse, plainly, told_complaint
from twin.assistant.commands import UNKNOWN, Command, make_command
from twin.assistant.ellipsis import seated
from twin.assistant.en_hundreds import said_hundreds
from twin.assistant.feedback import (
    LANGS,
    cannot_part,
    clarify,
    feedback_for,
    joined,
    out_of_domain,
    range_feedback,
)
from twin.assistant.heard import rejoined
from twin.assistant.intents import INTENTS
from twin.assistant.leftover import cannot_alone
from twin.assistant.multi import (
    CONJUNCTIONS,
    MAX_PARTS,
    STATEMENT,
    second_order,
    split_commands,
)
from twin.assistant.phrasing import (
    both_zones,
    corrections,
    hands_off,
    normalise,
    number_reading,
    pronoun_reading,
    said_again,
    topic_words,
)
from twin.assistant.play_object import object_kind
from twin.assistant.reads import READS as _READ
from twin.assistant.reads import read_once
from twin.assistant.resolver import Turn
from twin.assistant.scope import conditional, negated, not_a_song, not_this_cabin, out_of_scope
from twin.assistant.shapes import en_cuts, en_ordered, en_run_on, gives_order
from twin.assistant.slips import en_slips
from twin.assistant.speech_words import (
    EN_CLAUSE_START,
    EN_HESITATIONS,
    EN_TAKE_BACK,
    ZH_CORRECTION_MARKS,
    ZH_TAKE_BACK,
)
from twin.assistant.story_seat import story_seat
from twin.assistant.template_filter import TemplateFilter
from twin.assistant.template_narrow import NarrowFilter, share_fragments
from twin.assistant.tracked_text import normalised_for_matching
from twin.assistant.unread import asks_function, leaves_function
from twin.assistant.vocabulary import (
    CABIN_AREAS,
    CABIN_ENTITIES,
    COURTESY_PREFIXES,
    COURTESY_SUFFIXES,
    FOLLOW_UPS,
    HA_INTENTS,
    LEVEL_ENDS,
    LEVEL_FAMILIES,
    LEVEL_STEPS,
    ON_OFF,
    SIMPLE,
    STEP_FAMILIES,
    THERMAL_FOLLOW_UPS,
    WARM_UP,
)
from twin.assistant.wish import WISH_WAYS, at_least, stepped
from twin.errors import InputError

__all__ = [
    "DEFAULT_THRESHOLD",
    "RuleNLU",
    "RuleResult",
    "TemplateFilter",
    "normalise_lang",
    "shared_nlu",
]

DEFAULT_THRESHOLD = 0.85
OPEN_CONFIDENCE = 0.9
"""Confidence of an open-ended match (a wildcard media request, a known out-of-domain request)."""
DEFER = "defer"
"""Open-template intent for a request that names a cabin device where a wildcard would read
media ("put the heating on", "blast the AC"): no rule answer, the fallback decides."""


def cabin_templates(name: str) -> Intents:
    """The template file ``name`` of every catalogue's template folder, merged (shipped
    first); an intent's sentences in an extension add to the shipped ones."""
    merged: dict[str, Any] = {}
    for path, text in template_texts(name):
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise InputError(path, "yaml", f"valid YAML ({str(exc).splitlines()[0]})") from None
        if not isinstance(data, dict):
            raise InputError(path, "(top level)", "a hassil template mapping")
        merge_dict(merged, data)
    return Intents.from_dict(merged)


_PUNCT = r"[\s,，、.。!！?？~～…]*"
_ZH_ASKED = re.compile(
    r"^(?:(?:你|您)?(?:可以|能不能|可不可以|能否|能)(?:帮我|给我|帮忙)?|麻烦(?:你|您)?(?:帮我|给我)?)"
    r"(?P<c>(?:[把将]|打开|开|关|调|播放|放|暂停|切|换|来|静音|导航|带我)[^？?]+?)(?:吗|么|嘛)?[？?]*$")
"""A request asked politely ("可以帮我把冷气关掉吗", "能开一下窗吗"): the order inside it (a
question about the car's state does not start with "can you" and a verb)."""


def _courtesy_patterns(lang: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Anchored patterns for one run of courtesy prefixes and one of suffixes (whole words in
    English; any characters in Chinese, which has no spaces)."""

    def alternatives(words: Sequence[str]) -> str:
        return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))

    edge = r"(?![\w'])" if lang == "en" else ""
    before = r"(?<![\w'])" if lang == "en" else ""
    # an assistant's name after a greeting ("你好小乐", "小艺同学") is a wake word too
    names = r"(?:你好|嗨|嘿)小[\u4e00-\u9fff]|小[\u4e00-\u9fff]同学|" if lang == "zh-CN" else ""
    prefix = (rf"^{_PUNCT}(?:(?:{names}{alternatives(COURTESY_PREFIXES[lang])}){edge}"
              rf"{_PUNCT})+")
    suffix = rf"{_PUNCT}(?:{before}(?:{alternatives(COURTESY_SUFFIXES[lang])}){_PUNCT})+$"
    return re.compile(prefix, re.IGNORECASE), re.compile(suffix, re.IGNORECASE)


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
    split: tuple[RuleResult, ...] = ()
    """Every command of a sentence that asks for several ("open the window and turn the fan
    off"), in the order said, each with its own feedback; this result carries the first's
    command and all the feedback. Empty for one command."""

    @property
    def actuates(self) -> bool:
        """Whether this result's command moves something."""
        return self.command is not None and self.command.actuates

    @property
    def parts(self) -> tuple[RuleResult, ...]:
        """Every command of the sentence, in order (just this one for a single command)."""
        return self.split or (self,)


_SOLID_REASONS = ("full", "full_default_value", "converted", "followup", "out_of_range")
"""Reasons of a whole-sentence match that is not split into parts."""


def _number(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _slot_list(name: str, values: Sequence[tuple[str, str, dict[str, Any]]]) -> TextSlotList:
    return TextSlotList(
        name=name,
        values=[TextSlotValue(TextChunk(text), value, ctx) for text, value, ctx in values],
    )


@dataclass(frozen=True)
class TemplatePass:
    """One set of templates: hassil intents, their filter, ``recognize`` kwargs, and whether
    the first match (``recognize``) or the most specific one (``recognize_best``: fewest
    wildcards, then most literal text) is taken."""

    source: str
    intents: Intents
    filter: TemplateFilter
    options: dict[str, Any]
    best: bool = False


class RuleNLU:
    """hassil-based rule NLU for one language; warmed up at construction."""

    def __init__(
        self,
        lang: str = "en",
        home_assistant: bool = True,
        prefilter: bool = True,
        narrow: bool = True,
    ) -> None:
        lang = normalise_lang(lang)
        self.lang = lang
        self.home_assistant = home_assistant
        self.prefilter = prefilter
        self.narrow = narrow
        self._cabin = cabin_templates(f"{lang}.yaml")
        self._open = cabin_templates(f"{lang}_open.yaml")
        self._courtesy = _courtesy_patterns(lang)
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
        filtered = NarrowFilter if narrow else TemplateFilter
        self.passes: tuple[TemplatePass, ...] = (
            TemplatePass("cabin", self._cabin, filtered(self._cabin), {"language": lang}),
            TemplatePass(
                "home_assistant",
                self._ha,
                filtered(self._ha, self._slot_lists),
                {"slot_lists": self._slot_lists, "intent_context": self._context, "language": lang},
            ),
            TemplatePass(
                "cabin_open", self._open, filtered(self._open), {"language": lang}, best=True
            ),
        )
        if narrow:  # the three sets read each text's fragments in one look-up
            share_fragments([p.filter for p in self.passes
                             if isinstance(p.filter, NarrowFilter)])
        self.warm_up()

    def warm_up(self) -> None:
        """The first hassil ``recognize`` costs 100-200 ms, and every range list builds its
        number-word trie on first use: pay that now, not on a request."""
        for text in WARM_UP[self.lang]:
            self._recognize(text)

    def _recognize(self, text: str) -> tuple[str, RecognizeResult | None]:
        """The command without its courtesy (wake words, polite wrappers) if anything matches
        it, else the text as said."""
        prefix, suffix = self._courtesy
        asked = None
        if self.lang == "zh-CN":  # "请问可以放点音乐吗？谢谢": the question inside its courtesy
            bare = suffix.sub("", prefix.sub("", text.strip(), count=1), count=1).strip()
            asked = _ZH_ASKED.match(text.strip()) or _ZH_ASKED.match(bare)
        said_as = asked.group("c") if asked is not None else text  # "可以帮我把冷气关掉吗"
        core = suffix.sub("", prefix.sub("", said_as, count=1), count=1).strip()
        core = in_chinese(core, self.lang)  # "把volume调到十二": the English words in Chinese
        said = normalise(core, self.lang)  # "the fan's blasting", "about thirty percent"
        for variant in dict.fromkeys((said, core)):
            if variant and variant != text:
                source, found = self._recognize_passes(variant)
                if found is not None:
                    return source, found
        source, found = self._recognize_passes(text)
        told = None  # "加油站排了半天队热得我一身汗": the complaint, not the place the story names
        if found is not None and source == "cabin_open" and found.intent.name == "unknown":
            told = told_complaint(said, self.lang)
        if found is not None and told is None:  # the plain reading only on a miss (~55 us)
            return source, found
        if not_this_cabin(text):
            # "电话里我老婆说她那边热死了", "I was roasting at the gym": the colouring words
            # read away would leave a complaint that is not about this cabin now
            return source, found
        plain = told or plainly(said, self.lang)  # "这风也太大了吧", "it's nippy, isn't it"
        # a courtesy the colouring words hid ("och, could ya …", "… up quickly hey")
        plain = suffix.sub("", prefix.sub("", plain, count=1), count=1).strip()
        if plain and plain not in (said, core, text):
            return self._recognize_passes(plain)
        return source, found

    def _recognize_passes(self, text: str) -> tuple[str, RecognizeResult | None]:
        """The first match: cabin templates, then (if enabled) Home Assistant's, then the
        cabin's open-ended ones (wildcard media, out-of-domain requests; the most specific
        template wins, so "play a game" is out of domain although "play {query}" matches).

        Home Assistant's wildcard media search ("play {anything}") is only taken when the
        open pass has nothing: "play a game with me" is an out-of-domain request there.
        Within a parse a text is matched once (the result is only read, never changed)."""
        memo = _READ.get()
        if memo is None:
            return self._match_passes(text)
        if (key := ("passes", str(id(self)), text)) not in memo:
            memo[key] = self._match_passes(text)
        return memo[key]  # type: ignore[no-any-return]

    def _match_passes(self, text: str) -> tuple[str, RecognizeResult | None]:
        normalised = normalised_for_matching(text) if self.prefilter else None
        passes = self.passes if self.home_assistant else (self.passes[0], self.passes[2])
        deferred: RecognizeResult | None = None
        later: TemplatePass | None = None
        for template_pass in passes:
            if template_pass.source == "home_assistant" and normalised is not None and \
                    isinstance(template_pass.filter, NarrowFilter):
                # "play some jazz": when every template that can match is the wildcard media
                # search, any match is deferred; matched only if the open pass has nothing
                # (none can match: not at all)
                can, not_only_open = template_pass.filter.can_match(normalised, _OPEN_MEDIA)
                if not can:
                    continue
                if not not_only_open:
                    later = template_pass
                    continue
            found = self._match_pass(template_pass, text, normalised)
            if found is None:
                continue
            if template_pass.source == "home_assistant" and _open_media(found):
                deferred = found
                continue
            return template_pass.source, found
        if later is not None:
            deferred = self._match_pass(later, text, normalised)
        if deferred is not None:
            return "home_assistant", deferred
        return "none", None

    def _match_pass(self, template_pass: TemplatePass, text: str,
                    normalised: TrackedText | None) -> RecognizeResult | None:
        """``text`` matched against one pass's templates (through its filter when prefiltered)."""
        if self.prefilter:
            return template_pass.filter.recognize(text, normalised, template_pass.best,
                                                  template_pass.options)
        match = recognize_best if template_pass.best else recognize
        return match(text, template_pass.intents, **template_pass.options)

    def parse(self, text: str, history: Sequence[Turn] = ()) -> RuleResult:
        """Recognise ``text`` (with ``history`` for follow-ups) into a :class:`RuleResult`.

        A sentence the rules do not match whole as one command is split on its conjunctions
        (and / then / 并且 / 然后 / 再 / 顺便 / ，); when every part is a command on its own
        (or a number out of its range), the result holds them all (:attr:`RuleResult.split`)."""
        if _READ.get() is not None:  # a parse inside a parse: the outer one's reads
            with one_parse():
                return self._parse(text, history)
        token = _READ.set({})  # a text read once per parse, however many ways it is read
        try:
            with one_parse():
                found = self._parse(text, history)
                if found.actuates and found.confidence >= 0.85 and self._leaves(text, found):
                    # a clause naming another cabin function read as nothing: a partial answer
                    return replace(found, confidence=0.3, reason="unread_clause", command=None,
                                   feedback=clarify(self.lang))
                if found.actuates and found.confidence >= 0.85 and _end_unread(text, found):
                    # "heat my seat, the lowest": a range end said, a level set to no end
                    return replace(found, confidence=0.3, reason="end_unread", command=None,
                                   feedback=clarify(self.lang))
                return found
        finally:
            _READ.reset(token)

    def _leaves(self, text: str, found: RuleResult) -> bool:
        """:func:`twin.assistant.unread.leaves_function` for the rules' answer ``found``."""
        def alone(clause: str) -> tuple[Command | None, float, bool]:
            said = self.parse(clause)
            return said.command, said.confidence, cannot_alone(said, clause, self.lang)

        def read(clause: str) -> tuple[Command | None, float, bool]:
            # a clause asked about twice (each clause, then the ones ordering what is asked)
            return read_once(f"alone:{id(self)}", clause, alone)

        commands = [p.command for p in found.parts if p.command is not None]
        return leaves_function(text, self.lang, commands, found.feedback, read)

    def _parse(self, text: str, history: Sequence[Turn]) -> RuleResult:
        start = time.perf_counter()
        # "温 度调低一度": a word a pause cut is one word, "设成１９度" a full-width number a
        # plain one; "a hundred and fifty percent": one number, not two parts joined by "and";
        # "twenty won degrees", "paws the music": a recogniser's slip read as meant
        # (the pause before "一首歌都没放" is the fallback's: the templates read it whole)
        text = (rejoined(text, none_played=False) if self.lang == "zh-CN"
                else said_hundreds(en_slips(text)))
        if _CANCELLED[self.lang].match(text):
            # "play some music, no, never mind": the request is taken back; nothing acts and
            # no fallback is asked to guess
            return RuleResult("unknown", None, 1.0, UNKNOWN,
                              active_catalogue().phrase("leave", self.lang), "cabin", "",
                              "cancelled", (time.perf_counter() - start) * 1000.0)
        if history and self.lang == "en" and (rest := _EN_RESTART.sub("", text, count=1)) != text:
            # "nah, make that nineteen", "no, the other way, I said cooler": the wish after
            # the correction marker, read on the history; nothing else is made of the "no"
            again = self.parse(rest, history)
            if again.actuates and again.confidence >= 0.85:
                return replace(again, ms=(time.perf_counter() - start) * 1000.0)
        seat = seated(text, self.lang)
        if seat is not None:  # "I'm in the passenger seat, turn my seat heater on": hers
            return replace(self.parse(seat, history), ms=(time.perf_counter() - start) * 1000.0)
        story = self._story_seat(text, history)
        if story is not None:  # "my wife is freezing so turn the seat heater on": hers
            return replace(story, ms=(time.perf_counter() - start) * 1000.0)
        whole = self._parse_one(text, history)
        if history:  # "turn it up" after the fan was set: the fan, not the volume
            said = self._pronoun(text, history, whole)
            if said is not None:
                return replace(said, ms=(time.perf_counter() - start) * 1000.0)
        if whole.confidence >= 0.85 and whole.reason in _SOLID_REASONS and not (
                self.lang == "en" and en_run_on(text)):
            return whole  # (a second command run on with no pause is cut below)
        reread = self._reread(text, history)
        if reread is not None:
            return replace(reread, ms=(time.perf_counter() - start) * 1000.0)
        plainer = self._plain_over_open(text, history, whole, self.parse)
        if plainer is not None:
            return replace(plainer, ms=(time.perf_counter() - start) * 1000.0)
        parts = self._split(text, history, whole)
        if parts is None and self.lang == "zh-CN" and (
                named := in_chinese(text, self.lang, things=True)) != text:
            # "把AC打开fan调到四档": the cabin things named in English said in Chinese, where the
            # sentence is cut before each thing
            parts = self._split(named, history, whole)
        if parts is None and self.lang == "en" and (
                marked := _EN_BECAUSE.sub(", ", text, count=1)) != text:
            # "turn the music down because we're talking": the reason read as an aside said
            # after a pause, judged as every aside is (one that says the other way refuses)
            parts = self._split(marked, history, whole)
        if parts is None and self.lang == "en":
            # "turn the fan down to one the maps keep blowing about": the story said with no
            # pause after the order, read as an aside after one (judged as every aside is)
            parts = self._unmarked_aside(text, history, whole)
        if parts is None and (plain := plainly(text, self.lang)) != text and (
                self.lang == "en" or _ZH_PAUSE.search(plain)):
            # the commands without the words that only colour them: "Ten-four, heat my seat on
            # high, then next song, over" (a radio word, a courtesy or a shouted "now" is no
            # command), "各位贵宾，…将温度设定为二十四度，谢谢配合",
            # "孩子睡着啦，我们把空调关掉，车窗开一半"
            parts = self._split(plain, history, whole)
        if parts is None and self.lang == "en" and (
                listed := _EN_LISTED.sub(r"\1, ", plainly(text, self.lang))) != plainly(
                text, self.lang):
            # "roger, cabin temp down one blower up one, over": settings listed as a thing, its
            # way and its step, said back to back with no pause
            parts = self._split(listed, history, whole)
        if parts is None and self.lang == "en" and whole.intent == "unknown" and (
                whole.reason in _OPEN_REASONS) and (
                after := self._after_question(text, history)) is not None:
            return replace(after, ms=(time.perf_counter() - start) * 1000.0)
        if parts is None and whole.command is None and (
                refused := self._each_out_of_range(text, history)) is not None:
            return replace(refused, ms=(time.perf_counter() - start) * 1000.0)
        if parts is None and history and not whole.actuates and (
                plain := plainly(text, self.lang)) != text:
            # "make that five mate", "and mine as well chur", "算了，还是二档就够了": a follow-up
            # read on the history (a number for the last function, the other seat) that its tag
            # or filler hid
            again = self.parse(plain, history)
            if again.actuates and again.confidence >= 0.85:
                return replace(again, ms=(time.perf_counter() - start) * 1000.0)
        if parts is None:
            if whole.reason in _OPEN_REASONS and whole.actuates and second_order(text, self.lang):
                # "start the music and bump the volume up to 18": the wildcard took a second
                # command the split could not read; acting on the first alone is a partial
                # answer, so the rules do not answer
                return replace(whole, confidence=0.3, reason="open_partial", command=None,
                               feedback=clarify(self.lang))
            if whole.reason in _OPEN_REASONS and not whole.actuates and self._orders_inside(
                    text, history):
                # "打开双闪 音乐暂停 车窗关上 前面积水了", "pop the boot, turn the heat up…": a
                # device the cabin lacks beside commands no reading of the rules could cut out;
                # "cannot" for the whole would drop them, so the rules do not answer
                return replace(whole, confidence=0.3, reason="open_partial", command=None,
                               feedback=clarify(self.lang))
            return whole
        ms = (time.perf_counter() - start) * 1000.0
        if len(parts) == 1:  # one command said with asides ("…, the baby's asleep")
            return replace(parts[0], ms=ms)
        # the first command that acts carries the request (a part the cabin cannot do, said
        # first, does not)
        first = next((p for p in parts if p.actuates), parts[0])
        return replace(
            first, confidence=min(p.confidence for p in parts),
            feedback=joined([p.feedback for p in parts], self.lang),
            matched="+".join(p.matched for p in parts), ms=ms, split=tuple(parts))

    def _orders_inside(self, text: str, history: Sequence[Turn]) -> bool:
        """Whether a clause of ``text`` (cut at its pauses and joining words), read alone, is a
        cabin command the rules are sure of, said as an order (:func:`gives_order`: not a
        complaint beside a request the cabin cannot serve, "座椅太凉了，附近有停车场吗"), now and
        here (not negated, no other time or place, no condition). A clause out of scope is
        allowed only as a request of its own the rules read as "cannot" ("明天会下雨吗顺便…",
        "where y'at, baby: turn on the AC …"): its time, place or device is not the order's."""
        if conditional(text):
            return False
        clauses = [c.strip() for c in CONJUNCTIONS[self.lang].split(text) if c and c.strip()]
        if out_of_scope(text) is not None and not all(
                (alone := self._parse_one(c, history)).intent == "unknown"
                and alone.reason in _OPEN_REASONS and alone.confidence >= 0.85
                for c in clauses if out_of_scope(c) is not None):
            return False
        return len(clauses) > 1 and any(
            (alone := self._parse_one(c, history)).actuates and alone.confidence >= 0.85
            and (gives_order(c, self.lang) or asks_function(c, self.lang)) and not negated(c)
            and out_of_scope(c) is None
            for c in clauses)

    def _after_question(self, text: str, history: Sequence[Turn]) -> RuleResult | None:
        """The commands said after a question the cabin cannot answer and a word that leaves
        it ("What's the time in Rome? Anyway, turn the fan up", "where's the match on tonight
        anyway just play something"): the question is answered "cannot", the rest acts; None
        when the rest is no sure command (the rules then say "cannot" for the whole)."""
        said = _EN_QUESTION_THEN.match(text.strip())
        if said is None:
            return None
        rest = self.parse(said.group("rest"), history)
        if not rest.actuates or rest.confidence < 0.85:
            return None
        question = said.group("q") or said.group("wh")
        asked = replace(self._parse_one(question, history),
                        feedback=cannot_part(question, self.lang))
        parts = (asked, *(rest.split or (rest,)))
        return replace(rest, feedback=joined([p.feedback for p in parts], self.lang),
                       matched="+".join(p.matched for p in parts), split=parts)

    def _unmarked_aside(self, text: str, history: Sequence[Turn], whole: RuleResult
                        ) -> list[RuleResult] | None:
        """The parts of ``text`` read with a pause before a clause of its own that follows the
        order with none (:data:`_EN_UNMARKED`): the first place where the split reads a command
        that acts; None when there is none. After a state told, not an order, that state must
        act on its own and the clause name no cabin function: "my mum says her seat is
        freezing" and "…in this car after the heater was on" stay whole."""
        for found in list(_EN_UNMARKED.finditer(text))[:3]:
            head = text[:found.start()]
            if not gives_order(head, self.lang) and (
                    topic_words(text[found.end():], self.lang) is not None
                    or not self._parse_one(head, history).actuates):
                continue
            marked = f"{head}, {text[found.end():]}"
            parts = self._split(marked, history, whole)
            if parts is not None and any(p.actuates for p in parts):
                return parts
        return None

    def _pronoun(self, text: str, history: Sequence[Turn], whole: RuleResult, split: bool = True
                 ) -> RuleResult | None:
        """``text`` read with its "it" (or a Chinese verb's missing object) as the function the
        last request moved, when the rules read it as nothing or as another function; a part
        of a sentence (``split`` False) is read as one command (no split inside a split)."""
        last = _topic(history[-1].intent)
        number = number_reading(text, self.lang, last)
        if whole.actuates and (_topic(whole.intent) == last or (
                _topic(whole.intent) != "media_volume" and number is None)):
            # only the templates' default "it", the volume, is read again, and a number said
            # with no unit of another function ("make it sixteen" after the volume: not 16 °C)
            return None
        for said in (pronoun_reading(text, self.lang, last), number):
            if said is None:
                continue
            found = self.parse(said, history) if split else self._parse_one(said, history)
            if found.actuates and found.confidence >= 0.85 and all(
                    _topic(p.intent) == last for p in found.parts):
                return replace(found, confidence=min(found.confidence, 0.9))
        return None

    def _reread(self, text: str, history: Sequence[Turn]) -> RuleResult | None:
        """A sentence read as something the templates match (:mod:`twin.assistant.phrasing`):
        a self-correction's last wish, one request for both front seats, or the last request
        said again for the other seat; None when none of them is a command."""
        both = both_zones(text, self.lang)
        if both is None:  # "我跟我老婆的座椅加热都打开", "both front seats on high", said plainly
            both = both_zones(plainly(text, self.lang), self.lang)
        if both is not None:
            found = self.parse(both, history)
            if len(found.split) >= 2 and all(p.actuates for p in found.split):
                return found
        if history:
            last = history[-1]
            found = None
            for again in said_again(text, self.lang, last.text, last.intent, last.value):
                found = self._parse_one(again, ())  # the other seat, or its last level
                if found.actuates:
                    break
            if found is not None and found.actuates and found.confidence >= 0.85 and (
                    found.intent != last.intent):
                return replace(found, confidence=0.9, reason="followup")
        return self._corrected(text, history)

    def _corrected(self, text: str, history: Sequence[Turn]) -> RuleResult | None:
        """A self-correction's last wish ("temperature 22, no, 21"), when it is one command's:
        a first request that is several ("fan on three and temperature 22, no, 23") is read
        part by part instead (the correction belongs to its last part)."""
        if out_of_scope(text) is None and (left := hands_off(text, self.lang)) is not None:
            alone, wish = left  # "don't touch the window, just turn the fan down"
            kept = topic_words(alone, self.lang)
            found = self._parse_one(wish, history)
            if kept is not None and found.actuates and found.confidence >= 0.85 and not negated(
                    wish) and not _topic(found.intent).startswith(kept) and not found.split:
                return replace(found, confidence=min(found.confidence, 0.9), reason="corrected")
            if kept is not None and not found.actuates and not negated(wish):
                # "don't touch the window, just turn the AC on and the fan to five": the
                # request said instead is several commands, none on the function left alone
                several = self.parse(wish, history)
                if len(several.split) >= 2 and several.confidence >= 0.85 and all(
                        p.actuates and not _topic(p.intent).startswith(kept)
                        for p in several.split):
                    return replace(several, confidence=min(several.confidence, 0.9))
        fixed = corrections(text, self.lang)
        if fixed is None or out_of_scope(text) is not None:
            return None
        first, readings = fixed
        if len([p for p in CONJUNCTIONS[self.lang].split(first) if p and p.strip()]) > 1:
            return None
        if self.lang == "zh-CN" and len(self._parse_one(first, history).split) < 2 and len(
                self._split(first, history, self._parse_one(first, history)) or ()) > 1:
            # "把车窗关上风量调到五档不对四档": the correction is the last command's; a run-on
            # before it is several commands, read part by part (never the correction alone)
            return None
        if self.lang == "zh-CN" and not _ZH_PAUSE.search(readings[0]) and any(len(
                self._split(r, history, self._parse_one(r, history)) or ()) > 1
                for r in (readings[0], readings[-1])):
            # "下一首不对上一首风量调小两档空调关了": a run-on after the correction is the corrected
            # part and more commands; the correction takes back only the part it follows
            return None
        later = [p for p in CONJUNCTIONS[self.lang].split(readings[0]) if p and p.strip()][1:]
        if second_order(readings[0], self.lang) or any(
                self._parse_one(p.strip(), history).confidence >= 0.5 for p in later) or (
                self.lang == "en" and any(en_ordered(readings[0][at:]) and self._parse_one(
                    readings[0][at:], history).actuates for at in en_cuts(readings[0]))):
            # "fan on three, no, two, and open the window", "fan to five no four ac on": the
            # correction is followed by a command of its own; read part by part, never the
            # correction alone
            return None
        topic = topic_words(first, self.lang)
        for i, reading in enumerate(readings):
            if i == 0 and STATEMENT[self.lang].match(reading):
                continue  # "don't open the window, I'm cold": a reason, not what to do instead
            found = self._parse_one(reading, history)
            if found.actuates and found.confidence >= 0.85 and not negated(reading) and (
                    topic is None or _topic(found.intent).startswith(topic)):
                return replace(found, confidence=min(found.confidence, 0.9), reason="corrected")
        return None

    def _split(self, text: str, history: Sequence[Turn], whole: RuleResult
               ) -> list[RuleResult] | None:
        """Each command of ``text`` (:func:`twin.assistant.multi.split_commands`), or None."""
        found = split_commands(text, self.lang, history, self._parse_part, _topic, whole)
        if found is None:
            return None
        out: list[RuleResult] = []
        for piece, part in found:
            assert isinstance(part, RuleResult)
            if not part.actuates and part.reason != "out_of_range":  # the cabin cannot do it
                part = replace(part, feedback=cannot_part(piece, self.lang))
            out.append(part)
        return out

    def _plain_over_open(self, text: str, history: Sequence[Turn], found: RuleResult,
                         read: Callable[[str, Sequence[Turn]], RuleResult]
                         ) -> RuleResult | None:
        """``text`` said plainly and ``read``, when an open media template ``found`` it and,
        said plainly, it is a cabin command (or commands) that is not media ("put on the heat
        in the seat of my wife": a seat's heating, not music); else None."""
        if found.reason not in _OPEN_REASONS or not found.actuates or self.lang != "en" or (
                not found.intent.startswith("media_")) or (
                plain := plainly(text, self.lang)) == text:
            return None
        again = read(plain, history)
        media = any(p.intent.startswith("media_") for p in again.split or (again,))
        if again.actuates and again.confidence >= 0.85 and not media and (
                again.reason not in _OPEN_REASONS):
            return again
        return None

    def _each_out_of_range(self, text: str, history: Sequence[Turn]) -> RuleResult | None:
        """A sentence whose parts, cut at its conjunctions, each ask for a number out of its
        range ("set the temperature to 40 and the fan to 12", "温度调到四十度，风量十二档"):
        every part refused, each range said (the split reads a sentence only with a command
        that acts); None otherwise."""
        pieces = [p.strip() for p in CONJUNCTIONS[self.lang].split(text.strip())
                  if p and p.strip()]
        if not 2 <= len(pieces) <= MAX_PARTS:
            return None
        parts = []
        for piece in pieces:
            part = self._parse_part(piece, history)
            if part.reason != "out_of_range":
                return None
            parts.append(part)
        return replace(parts[0], feedback=joined([p.feedback for p in parts], self.lang),
                       matched="+".join(p.matched for p in parts), split=tuple(parts))

    def _parse_part(self, text: str, history: Sequence[Turn] = ()) -> RuleResult:
        """One part of a sentence: :meth:`_parse_one`, its "it" read from the history."""
        part = self._parse_one(text, history)
        part = self._plain_over_open(text, history, part, self._parse_one) or part
        if part.confidence < 0.85:  # "…, temperature 22, no, 21": the part's own correction
            fixed = self._corrected(text, history)
            if fixed is not None:
                return fixed
        # a Chinese part is a cut of the sentence ("打开" of "打开座椅按摩"): no object to find,
        # but a value said alone is the last turn's function's ("不对，四档，然后把空调也打开")
        value = _ZH_VALUE_ALONE.match(text) if self.lang == "zh-CN" and history else None
        if value is not None and part.confidence < 0.85:
            text = value.group("v")
            part = self._parse_one(text, history)
        said = (self._pronoun(text, history, part, split=False)
                if history and (self.lang == "en" or value is not None) else None)
        return said if said is not None else part

    def _story_seat(self, text: str, history: Sequence[Turn]) -> RuleResult | None:
        """The order read for the seat a story names (:mod:`twin.assistant.story_seat`); None
        when there is no such story or the order said for that seat is not read as that
        seat's (or both front seats')."""
        found = story_seat(text, self.lang)
        if found is None:
            return None
        whose, said = found
        if whose == "unplaced":  # a child, a parent: which seat is not said, never the driver's
            return RuleResult("unknown", None, 0.3, None, clarify(self.lang), "cabin", "",
                              "seat_unsaid", 0.0)
        want = {"seat_heat_driver", "seat_heat_passenger"} if whose == "both" else {
            "seat_heat_passenger"}
        for line in said:
            if story_seat(line, self.lang) is not None:
                continue  # the seat still not said: never read again
            read = self.parse(line, history)
            if read.confidence >= 0.85 and {p.intent for p in read.split} | {read.intent} == want:
                return read
        return None

    def _parse_one(self, text: str, history: Sequence[Turn] = ()) -> RuleResult:
        """One command: the first template match of ``text`` as a :class:`RuleResult`."""
        start = time.perf_counter()
        source, found = self._recognize(text.strip())
        if found is None:
            intent, value, confidence, reason, matched = "unknown", None, 0.0, "no_match", ""
            if off_topic(text, self.lang):
                reason = "no_match_out_of_domain"
        elif source == "cabin":
            matched = found.intent.name
            intent, value, confidence, reason = self._from_cabin(found, history)
        elif source == "cabin_open" and found.intent.name == DEFER:
            matched = found.intent.name
            intent, value, confidence, reason = "unknown", None, 0.3, "open_cabin_device"
        elif source == "cabin_open" and _word_anywhere_beside_cabin(found, text, self.lang):
            # "the air's blasting so hard my contacts are drying out": an out-of-domain word
            # inside a sentence about a cabin function; not "cannot do", the fallback decides
            matched = found.intent.name
            intent, value, confidence, reason = "unknown", None, 0.3, "open_cabin_device"
        elif source == "cabin_open":
            matched = found.intent.name
            intent, value, confidence, reason = matched, None, OPEN_CONFIDENCE, "open_template"
        else:
            matched = found.intent.name
            intent, value, confidence, reason = self._from_home_assistant(found, text, history)
        said = _around_title(text, found) if source == "cabin_open" else text
        if reason in _OPEN_REASONS and intent != "unknown" and (
                _not_for_now(said) or (intent == "media_play" and (
                    not_a_song(text) or _EN_DEVICE_LEVEL.search(text) is not None))):
            # "play jazz on the kitchen speaker", "put the child lock on": a wildcard took the
            # rest of the sentence; let the fallback (which asks back) have it
            intent, value, confidence, reason = "unknown", None, 0.3, "open_out_of_scope"
        elif intent == "media_play" and reason == "open_template" and found is not None and (
                kind := _play_object(found)) is not None:
            # "put the dashcam on", "i want to hear the stock prices": the wildcard's object
            # names a device or a thing to hear, no title; a cabin device's: the fallback decides
            intent, value, confidence, reason = (
                ("unknown", None, 0.3, "open_cabin_device") if kind == "cabin"
                else ("unknown", None, OPEN_CONFIDENCE, "open_not_media"))
        command = make_command(intent, value) if confidence >= 0.5 else None
        said_range = None
        if command is None and confidence >= 0.5:
            said_range = range_feedback(intent, self.lang) if isinstance(value, int) else None
            if said_range is not None and confidence == 1.0:
                # a full match asking for a number outside the range: the rules know the
                # answer (say the range, act on nothing), so no fallback is asked to guess
                command, reason = UNKNOWN, "out_of_range"
            else:
                confidence, reason = 0.5, "out_of_schema"
        if said_range is not None:  # say the range, not "say that again"
            feedback = said_range
        elif command is not None:
            feedback = feedback_for(command, self.lang)
        elif reason == "no_match_out_of_domain":  # says so, not "could you say that again?"
            feedback = out_of_domain(self.lang)
        else:
            feedback = clarify(self.lang)
        ms = (time.perf_counter() - start) * 1000.0
        return RuleResult(intent, value, confidence, command, feedback, source, matched, reason, ms)

    def _from_cabin(
        self, found: RecognizeResult, history: Sequence[Turn]
    ) -> tuple[str, Any, float, str]:
        name = found.intent.name
        entity = found.entities.get("value")
        value = _number(entity.value) if entity is not None else None
        if name in FOLLOW_UPS:
            return _follow_up(*FOLLOW_UPS[name], history)
        if name in LEVEL_STEPS:
            return _level_step(*LEVEL_STEPS[name], history)
        if name in THERMAL_FOLLOW_UPS:
            sign = THERMAL_FOLLOW_UPS[name]
            if not history:
                return "unknown", None, 0.3, "followup_without_history"
            feels = _thermal(history[-1].intent)  # "too hot" after the seat heater
            if feels is not None:
                return _level_step(history[-1].intent, sign * feels, history)
            intent = "climate_temperature_up" if sign > 0 else "climate_temperature_down"
            return intent, INTENTS[intent].default, 0.9, "followup"
        schema = INTENTS[name]
        way = WISH_WAYS.get((found.intent_metadata or {}).get("wish", ""))
        if way is not None and isinstance(value, int):
            # "crack the window", "turn my seat heater on": a wish said without a number, its
            # level never against the way from the state the conversation leaves
            return name, at_least(name, value, way, history), 1.0, "full"
        if value is None and schema.kind != "none":
            return name, schema.default, 1.0, "full_default_value"
        return name, value, 1.0, "full"

    def _from_home_assistant(
        self, found: RecognizeResult, text: str, history: Sequence[Turn]
    ) -> tuple[str, Any, float, str]:
        name = found.intent.name
        ents = {k: _number(e.value) for k, e in found.entities.items()}
        if any(e.is_wildcard for e in found.entities.values()):
            if name == "HassMediaSearchAndPlay":
                return "media_play", None, OPEN_CONFIDENCE, "wildcard"
            if name not in ON_OFF and name not in SIMPLE and name not in _CABIN_MAPPED:
                # a wildcard in an intent the cabin has nothing for (shopping lists, broadcasts)
                return "unknown", None, OPEN_CONFIDENCE, "ha_out_of_domain"
            return "unknown", None, 0.3, "wildcard"
        if name in ON_OFF and _bare_name(found):
            # "climate", "the AC": a device's name alone asks for nothing in particular
            return "unknown", None, 0.3, "bare_name"
        if name in ON_OFF:
            target = ents.get("name")
            if target is None and ents.get("device_class") == "window":
                target = "cover.window"
            if target is None:  # "turn on the fan": a domain the cabin has one device of
                target = _ONLY_ONE[self.lang].get(str(ents.get("domain")))
            mapped = ON_OFF[name].get(str(target))
            if mapped is None:
                # a real device the cabin does not control (lights, locks, the sunroof...)
                return "unknown", None, 0.9, "ha_out_of_domain"
            if name == "HassTurnOn" and isinstance(mapped[1], int):
                # "turn on the fan": its level on, never below the level it already runs at
                return mapped[0], at_least(mapped[0], mapped[1], 1, history), 1.0, "full"
            return mapped[0], mapped[1], 1.0, "full"
        if name == "HassClimateSetTemperature" and "temperature" in ents:
            return "climate_set_temperature", ents["temperature"], 1.0, "full"
        if name == "HassFanSetSpeed" and "percentage" in ents:
            if not _PERCENT.search(text):  # "set the fan to 30": a level, not 30 percent
                return "climate_set_fan", ents["percentage"], 1.0, "full"
            return "climate_set_fan", round(float(ents["percentage"]) * 7 / 100), 0.9, "converted"
        if name == "HassSetPosition" and "position" in ents:
            if ents.get("name") == "cover.window" or ents.get("device_class") == "window":
                return "window_set_position", ents["position"], 1.0, "full"
            return "unknown", None, 0.9, "ha_out_of_domain"
        if name == "HassSetVolume" and "volume_level" in ents:
            if not _PERCENT.search(text):  # "收音机音量调到二十": the level said, not 20 percent
                return "media_volume_set", ents["volume_level"], 1.0, "full"
            level = round(float(ents["volume_level"]) * 30 / 100)
            return "media_volume_set", level, 0.9, "converted"
        if name == "HassSetVolumeRelative":
            step = ents.get("volume_step")
            up = step == "up" or (isinstance(step, int | float) and step > 0)
            intent = "media_volume_up" if up else "media_volume_down"
            if isinstance(step, int | float) and _PERCENT.search(text):
                # "by 10 percent" of the 0-30 scale: 3 steps, not 10
                return intent, max(1, round(abs(step) * 30 / 100)), 0.9, "converted"
            if isinstance(step, int | float):  # "volume down 4": the number said, in steps
                return intent, int(abs(step)), 0.9, "converted"
            return intent, INTENTS[intent].default, 0.9, "converted"
        if name in SIMPLE:
            return SIMPLE[name], None, 1.0, "full"
        return "unknown", None, 0.9, "ha_out_of_domain"


_END_SAID = re.compile(
    r"\b(?:max(?:imum|ed)?|min(?:imum)?|highest|lowest|full blast)\b|最高|最低|最大|最小",
    re.IGNORECASE)
"""A range's end said as a word (the value slots' ``top``/``bottom``)."""


def _end_unread(text: str, found: RuleResult) -> bool:
    """Whether ``text`` says a range end (:data:`_END_SAID`) and no setting the rules chose is
    at one (its range's top or bottom, or 1 where 0 is off): the end was left unread and a
    default set ("heated seat on for me, max like" set level 2), or a step taken where the end
    is said reached ("the volume's maxed out and I still can't hear it"). Commands with no
    number are not judged, nor a sentence with a part the cabin cannot do (the end may be that
    part's: "风量开到三档，座椅按摩开到最大")."""
    if _END_SAID.search(text) is None or not all(p.actuates for p in found.parts):
        return False
    intents = active_catalogue().intents
    levels = [(INTENTS[p.intent], p.value, intents[p.intent].direction) for p in found.parts
              if p.command is not None and isinstance(p.value, int) and p.intent in INTENTS]
    return bool(levels) and not any(
        way not in ("up", "down") and (v in (s.low, s.high) or (v == 1 and s.low == 0))
        for s, v, way in levels)


def _topic(intent: str) -> str:
    """The function ``intent`` moves (its catalogue topic, else the intent itself)."""
    entry = active_catalogue().intents.get(intent)
    return entry.topic if entry is not None and entry.topic else intent


def _thermal(intent: str) -> int | None:
    """+1 when a level of ``intent`` warms whoever it serves (its topic's ``thermal``), -1 when
    it cools; None when it is no such level."""
    topic = active_catalogue().topics.get(_topic(intent))
    if topic is None or topic.thermal is None or intent not in LEVEL_FAMILIES:
        return None
    return 1 if topic.thermal == "warms" else -1


_ONLY_ONE = {
    lang: {d: next(iter(ids)) for d in {d for _, _, d in entities}
           if len(ids := {e for _, e, dd in entities if dd == d}) == 1}
    for lang, entities in CABIN_ENTITIES.items()}
"""The device of each Home Assistant domain the cabin has exactly one of (the fan, the
climate): "turn on the fan" matches the domain's sentence, with no name."""
_EN_RESTART = re.compile(
    r"^(?:(?:no+|nah|nope|actually|sorry|wait|oops|i mean|i said|the other way)\b[\s,!.]*)+"
    r"(?=(?:make|set|put|turn|change|bring|crank|bump|drop|knock|take|louder|quieter|softer|"
    r"warmer|cooler|hotter|colder|higher|lower|more|less|even|a bit|a little|that'?s too|"
    rf"it'?s too|too|{EN_NUMBERS})\b)",
    re.IGNORECASE)
"""A follow-up's correction marker before the wish said instead ("no actually make it 20",
"nah nineteen": the number read on the history)."""
_CANCELLED = {
    "en": re.compile(r"\W*\w.*[,.;!]\s*"
                     rf"(?:(?:no|nope|wait|oh|actually|{EN_HESITATIONS}|sorry)[\s,.;!]*)*"
                     rf"(?:no|nope|{EN_TAKE_BACK}|don'?t|leave it|actually,? don'?t)[\s.!]*$",
                     re.IGNORECASE),
    "zh-CN": re.compile(r"\W*[\u4e00-\u9fff].*[，,。;；！!]\s*(?:(?:哦|啊|呃|嗯|不对)[，,\s]*)*"
                        rf"(?:不对|{ZH_TAKE_BACK}|不不|别了|拉倒|"
                        r"(?:逗你玩|开玩笑|骗你)(?:的|呢|儿)?)[吧了啊呀呢。！!]*$"),
}
"""A request taken back at its end ("…, no, never mind", "…，算了", "…，逗你玩的"): nothing is
done."""
_OPEN_REASONS = ("open_template", "wildcard")
_EN_DEVICE_LEVEL = re.compile(
    r"\b(?:blast|crank|pump|whack|bang)\s+(?:the\s+|my\s+)?(?:fan|blower|heat|heater|heating|"
    r"ac|a/?c|air ?con|aircon|temp|temperature)\s+(?:right\s+)?(?:up\s+)?(?:to|on|at)\b",
    re.IGNORECASE)
"""A play verb over a cabin device and its level ("blast the fan to seven"): no title to play."""
_EN_BECAUSE = re.compile(
    r"(?<=\w)[\s,]+(?:because|'?cause|cos|coz|cuz|since|seeing as|as)\s+"
    r"(?=(?:i|we|you|it|she|he|they|the|my|our|her|his|there|this|that)(?:'\w+)?\s)",
    re.IGNORECASE)
"""A reason said after the command with its conjunction ("…, since we're talking"): the split
is tried again with a pause in its place."""
_EN_SUBJECT = r"(?:the|my|our|her|his|their|your|this|that)\s+(?:[\w-]+\s+){0,2}?"
_EN_UNMARKED = re.compile(
    rf"(?<=\w)\s+(?={EN_CLAUSE_START}|i (?:want|need|wanna|have) to (?:hear|talk|think|focus)\b|"
    rf"{_EN_SUBJECT}[\w-]+'s\s+(?!(?:on|off|up|down|volume|fan|window|seat|heat\w*|temp\w*|"
    r"music|radio|song|track)\b)\w|"
    rf"{_EN_SUBJECT}[\w-]+\s+(?:hates?|says?|said|thinks?|reckons?|got|"
    r"ain'?t|can'?t|cannot|won'?t|doesn'?t|didn'?t)\b|"
    r"(?:i|we|they)\s+(?:missed|ain'?t|can'?t|cannot|couldn'?t|didn'?t|got|just)\b)"
    r"|(?<=\b(?:please|thanks|cheers))\s+(?=[a-z]+(?:'s|\s+(?:is|are|was|were|has))\s)",
    re.IGNORECASE)
"""A clause of its own (a subject and its verb, "the maps keep blowing about", "it's roasting",
a need that is why: "… I want to hear what the steward's saying"; a noun's "'s" that is no
cabin thing's, "the baby's just gone off"; someone's dislike or saying, "the producer hates
this one" (never a want or a liking: "skip this song my daughter wants it again" is against the
order); what we did or cannot, "I missed the chorus", "we ain't in no igloo") after an
order said with no pause, or any subject after a courtesy that closed the order ("… now please
graduation is done"): the split is tried again with one there."""
_EN_QUESTION_THEN = re.compile(
    r"^(?:(?P<q>[^?]+\?)[\s,.]*(?:anyway|anyways|also|and also|oh,? and|by the way|btw)"
    r"|(?P<wh>(?:what|what's|whats|when|where|where's|who|how|is|are|does|do|did|will)\b"
    r"[^?,.]*?)[\s,.]*\banyways?)\b[\s,]*(?:just\s+)?(?P<rest>\w.*)$", re.IGNORECASE)
"""A question said first, then a word that leaves it ("? Also", "? Oh, and", "… anyway"), then
the rest of the request: a question with a "?" and any such word, or a question word's
sentence with no "?" left by "anyway"."""
_EN_LISTED = re.compile(
    r"\b((?:up|down|higher|lower) (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"a notch|a bit|a tad))\s+(?=(?:the |my )?[a-z]+ (?:up|down|higher|lower)\b)",
    re.IGNORECASE)
"""A setting listed as its way and step, another setting said after it as its thing and way
("temp down one blower up one"): a pause between them."""
_ZH_VALUE_ALONE = re.compile(
    rf"^(?:{ZH_CORRECTION_MARKS}|不是)?[，,\s]*(?P<v>(?:调到|开到|改成|换成|设成|到)?"
    r"(?:\d+|[零一二两三四五六七八九十百]+)\s*[度档挡格级])(?:吧|就行|就好)?[。！!]*$")
"""A Chinese part that is only a value, maybe after a correction marker ("不对二十四度", "五档"):
read on the last turn (the function set then), as a follow-up alone is."""
_ZH_PAUSE = re.compile(r"[，,\s；;]|并且|然后|同时|接着")
"""A pause or a joining word in a Chinese sentence: said plainly, it is split again (several
commands: "关闭车窗并且播放音乐 外面太吵" once the reason is read away)."""
_PERCENT = re.compile(r"%|percent|百分之")


_CABIN_WORDS = {
    "en": re.compile(
        r"\b(?:temp|temperature|degrees?|warm\w*|cool\w*|cold\w*|chill\w*|hot\w*|heat\w*|"
        r"freez\w*|boil\w*|stuffy|sweat\w*|fan|blower|air|ac|a/c|aircon|climate|breeze|"
        r"seat|seats|window|windows|defrost\w*|fog\w*|mist\w*|windscreen|windshield|"
        r"volume|loud\w*|quiet\w*|sound|music|song|songs|track|tune|tunes|radio|play\w*|"
        r"pause|stop|skip|next|previous|mute|unmute|louder|softer|navigat\w*|home|drive|"
        r"more|less|up|down|higher|lower|open|close|on|off|max|min)\b", re.IGNORECASE),
    "zh-CN": re.compile(
        r"温度|度|冷|热|暖|凉|闷|风|空调|冷气|暖气|座椅|座位|加热|窗|除霜|雾|音量|声音|大声|"
        r"小声|吵|歌|音乐|曲|播放|暂停|停|静音|导航|回家|调|开|关|高|低|大|小|档|最"),
}


def off_topic(text: str, lang: str) -> bool:
    """Whether ``text`` names nothing the cabin does (no cabin word at all: "tell me a
    joke"), or is about somewhere else, later, a question or a refusal: the answer to a
    rules miss is then "that's not something I can do in the car", not "say that again"."""
    words = _CABIN_WORDS.get(lang, _CABIN_WORDS["en"])
    return words.search(text) is None or out_of_scope(text) is not None


def _word_anywhere_beside_cabin(found: RecognizeResult, text: str, lang: str) -> bool:
    """An out-of-domain template that rests on one word anywhere in the sentence (its text is
    one group of words between wildcards: "[{anything}] (contacts|coffee|...) [{anything}]",
    "{anything}(停车场|喇叭|...)[{anything}]", "{anything}(...|吗|呢)"), in a sentence that also
    tells how a cabin function is, the word outside that telling: in English after it ("the
    air's blasting so hard my contacts are drying out", "that gale from the vents is drying out
    my contact lenses", no request anywhere), in Chinese in another clause
    ("雪场停车场冻了一宿 这座儿冰得跟铁板似的", "…座位冰凉，她怀着孕呢"). The word belongs to a
    story or a tag, not to a request about it: no "cannot do", the fallback decides. Never
    when the sentence is out of scope or refused, nor when the word's own clause gives an
    order or asks (a device the cabin lacks, asked for or about)."""
    sentence = found.intent_sentence
    said = sentence.text if sentence is not None and sentence.text else ""
    words = _one_word_group(said, lang == "en")
    if found.intent.name != "unknown" or words is None:
        return False
    if lang == "en":
        hit = words.search(text)
        before = text[:hit.start()] if hit is not None else ""
        told = ((topic_words(before, lang) is not None or _CABIN_THING.search(before) is not None)
                and _STATED.search(before) is not None and _EN_ASKED.search(text) is None)
    else:
        clauses = [c for c in _ZH_CLAUSE.split(text) if c]
        own = [c for c in clauses if words.search(c)]
        told = len(own) == 1 and _ZH_WORD_ASKED.search(own[0]) is None and any(
            _cabin_state(c) for c in clauses if c is not own[0])
    return told and out_of_scope(text) is None and not negated(text)


_WILDCARDS = re.compile(r"\[\{anything\}\]|\{anything\}")
_ONE_WORD_GROUP = re.compile(r"^\(([^()\[\]{}<>]*)\)$")
"""A template that is one group of words once its wildcards are taken away."""


@lru_cache(maxsize=256)
def _one_word_group(said: str, whole_words: bool) -> re.Pattern[str] | None:
    """The words of a template that is one group of words between wildcards, longest first,
    as a pattern (``whole_words``: as whole words, any case), or None for any other template:
    built once per template, not per sentence. A word of several words keeps them apart ("is
    there" is found in "is there a bank", never as "isthere")."""
    group = _ONE_WORD_GROUP.match(_WILDCARDS.sub("", said).strip())
    if group is None:
        return None
    alternatives = sorted((" ".join(w.split()) for w in group.group(1).split("|")), key=len,
                          reverse=True)
    words = "|".join(r"\s+".join(map(re.escape, w.split())) for w in alternatives if w)
    return re.compile(rf"\b(?:{words})\b", re.IGNORECASE) if whole_words else re.compile(words)


_ZH_CLAUSE = re.compile(r"[，,。！？!?；;、\s]+")
_ZH_WORD_ASKED = re.compile(r"打开|开启|开一下|关闭|关掉|关上|按|调到|调成|设置|设成|开到|"
                            r"帮我|给我|麻烦|请|吗|么|[?？]|哪|几|多少|有没有|附近|什么|怎么")
"""An order or a question in a clause (the word it names is asked for or about, not told of;
呢 after a statement, "她怀着孕呢", is no question)."""
_EN_ASKED = re.compile(r"\b(?:can|could|would|will) (?:you|ya|u)\b|\bplease\b|"
                       r"\bi (?:want|need|'d like)\b|\blet'?s\b", re.IGNORECASE)
"""A request said in an English sentence: its out-of-domain word may be what is asked for."""
_CABIN_THING = re.compile(r"\b(?:air|ac|a/c|aircon|vents?|seats?|heater|windscreen|windshield)\b",
                          re.IGNORECASE)
_STATED = re.compile(r"\b(?:is|are|'s|'re)\b|'s\s", re.IGNORECASE)
"""A complaint's verb: the part before the subject says how a cabin function is."""


def _cabin_state(clause: str) -> bool:
    """Whether a Chinese clause tells of a cabin function: a catalogue topic's words or the
    words that ground a feeling in one (``subject``: 冷, 冰, 听不, 座位…)."""
    return topic_words(clause, "zh-CN") is not None or any(
        t.subject is not None and re.search(t.subject.pattern(), clause)
        for t in active_catalogue().topics.values())


def _not_for_now(text: str) -> bool:
    """Whether ``text`` is about somewhere else, later, a question, another device, or refused
    (:mod:`twin.assistant.scope`): a wildcard match must not act on it."""
    return out_of_scope(text) is not None or negated(text)


def _bare_name(found: RecognizeResult) -> bool:
    """A Home Assistant match on a device's name alone (its "[the] {name}" sentence)."""
    sentence = found.intent_sentence
    text = sentence.text if sentence is not None and sentence.text else ""
    return re.sub(r"[\[\]<>()|\s]|the|\{name\}|\{area\}", "", text) == ""


_SONG = re.compile(r"首|歌|曲|专辑|音乐")
_TAKEN_BACK = re.compile(r"(?:不要了|不用了|算了|别放|别播|不听了|不要放|不放了)")


def _around_title(text: str, found: RecognizeResult | None) -> str:
    """``text`` without a Chinese song title the wildcard took, when the words around it say
    it is a song ("来一首{如果有天你不爱了}", "播放儿歌{不想长大}"): scope words inside a title
    ("如果", "不想", "别") say nothing about the request. English keeps the whole text ("play
    house music" is asked back, never actuated on a guess)."""
    if found is None:
        return text
    rest = text
    for entity in found.entities.values():
        if entity.is_wildcard and isinstance(entity.value, str) and entity.value:
            if _TAKEN_BACK.match(entity.value.strip()):
                return text  # "播放儿歌不要了": no title, the request taken back
            rest = rest.replace(entity.value, " ", 1)
    if rest == text or re.search(r"[a-z]", text, re.IGNORECASE) or not _SONG.search(rest):
        return text
    return rest


def _play_object(found: RecognizeResult) -> str | None:
    """:func:`~twin.assistant.play_object.object_kind` of a wildcard play's object."""
    query = found.entities.get("query")
    return object_kind(query.value) if query is not None and isinstance(query.value, str) else None


_OPEN_MEDIA = frozenset({"HassMediaSearchAndPlay"})
"""Home Assistant's wildcard media search: its match is deferred to the cabin's open pass."""


def _open_media(found: RecognizeResult) -> bool:
    """Home Assistant's media search with a wildcard query ("play {search_query}")."""
    return found.intent.name == "HassMediaSearchAndPlay" and any(
        e.is_wildcard for e in found.entities.values()
    )


_CABIN_MAPPED = frozenset(
    {"HassClimateSetTemperature", "HassFanSetSpeed", "HassSetPosition", "HassSetVolume",
     "HassSetVolumeRelative"}
)  # fmt: skip
"""Home Assistant intents with a cabin meaning besides ``ON_OFF`` and ``SIMPLE``."""


def _level_step(intent: str, sign: int, history: Sequence[Turn]) -> tuple[str, Any, float, str]:
    """One step up or down from the level last set for ``intent`` (else its default)."""
    return intent, stepped(intent, sign, history), 0.9, "followup"


def _follow_up(relative: bool, sign: int, history: Sequence[Turn]) -> tuple[str, Any, float, str]:
    if not history:
        return "unknown", None, 0.3, "followup_without_history"
    last = history[-1]
    if last.intent in STEP_FAMILIES:
        up, down, last_direction = STEP_FAMILIES[last.intent]
        direction = sign * (last_direction or 1) if relative else sign
        intent = up if direction > 0 else down
        return intent, INTENTS[intent].default, 0.9, "followup"
    family, level = LEVEL_ENDS.get(last.intent, (last.intent, None))
    if family in LEVEL_FAMILIES:
        schema = INTENTS[family]
        current = level if level is not None else last.value
        if not isinstance(current, int):
            current = schema.default
        assert isinstance(current, int) and schema.low is not None and schema.high is not None
        step = LEVEL_FAMILIES[family] * sign
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
