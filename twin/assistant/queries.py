"""The labelled query set: loading, long-tailed seeded sampling, and rule coverage/accuracy.

``scenarios/queries/cabin_commands.jsonl`` has one JSON object per line with ``text``, ``lang``,
``intent``, ``value``, ``kind``, ``weight`` (relative frequency in traffic) and, for follow-ups,
``history`` (earlier ``{text, intent, value}`` turns, oldest first) and, for a sentence that
asks for several things, ``commands`` (every expected ``{intent, value}``, the first being
``intent``/``value``; the line is right only when every command is). A part said with a number
out of its range is a command marked ``"out_of_range": true`` with the number said (the line is
then ``kind: "out_of_range"``, its ``intent``/``value`` that part's): right when the other
commands act and that part acts on nothing.

Labels: ``intent`` is a cabin intent or ``"ood"`` (out of domain: correct when nothing actuates);
``value`` is a schema-valid value, ``null``, or ``"any"`` (any value the intent's schema accepts);
on ``kind: "out_of_range"`` lines it is the number the user asked for, outside the schema
(correct when nothing actuates).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from twin.assistant.intents import INTENTS
from twin.assistant.nlu import DEFAULT_THRESHOLD, normalise_lang, shared_nlu
from twin.assistant.resolver import Turn
from twin.errors import InputError
from twin.files import MAX_TEXT_BYTES, read_text
from twin.paths import QUERIES_DIR

KINDS: tuple[str, ...] = (
    "direct",
    "paraphrase",
    "indirect",
    "followup",
    "out_of_domain",
    "long_tail",
    "out_of_range",
    "contrastive",
)
OOD = "ood"
"""The label of an out-of-domain request: correct when nothing actuates."""
ANY = "any"
"""The value label that accepts any value in the intent's schema."""
DEFAULT_QUERY_FILE = QUERIES_DIR / "cabin_commands.jsonl"


@dataclass(frozen=True)
class LabelledQuery:
    """One utterance with its expected cabin intent and value."""

    text: str
    lang: str
    intent: str
    value: int | str | None
    kind: str
    weight: float = 1.0
    history: tuple[Turn, ...] = ()
    commands: tuple[tuple[str, int | str | None], ...] = ()
    """Every command a sentence that asks for several expects, in the order said
    (``intent``/``value`` are then the first, or on an out-of-range line the first part out of
    range); empty for a one-command line."""
    out_of_range_parts: tuple[int, ...] = ()
    """The indices in :attr:`commands` of the parts said with a number out of their range:
    right when refused (nothing acts on them), beside the others acting."""

    @property
    def acting_commands(self) -> tuple[tuple[str, int | str | None], ...]:
        """The commands that should act: :attr:`commands` but the parts out of range."""
        return tuple(c for i, c in enumerate(self.commands) if i not in self.out_of_range_parts)

    @property
    def refused_commands(self) -> tuple[tuple[str, int | str | None], ...]:
        """The parts out of range, each with the number said (:attr:`out_of_range_parts`)."""
        return tuple(self.commands[i] for i in self.out_of_range_parts)

    @property
    def expects_no_action(self) -> bool:
        """Out of domain, ``unknown`` or out of range (with no other part that should act):
        the right answer actuates nothing."""
        return self.intent in (OOD, "unknown") or (
            self.kind == "out_of_range" and not self.acting_commands)

    def matches(self, intent: str, value: int | str | None) -> bool:
        """Whether the answer ``intent``/``value`` is what this line expects."""
        if self.expects_no_action:
            return intent == "unknown"
        if intent != self.intent:
            return False
        return _value_matches(intent, self.value, value)

    def matches_all(self, answered: Sequence[tuple[str, int | str | None]]) -> bool:
        """Whether the commands ``answered`` are every command this line expects and no more
        (in any order; a command the valve refused, or a part the cabin cannot do, is
        ``unknown`` and acts on nothing)."""
        acting = [a for a in answered if a[0] != "unknown"]
        if not self.commands:
            if len(answered) == 1:
                return self.matches(*answered[0])
            # several parts, the rest of them things the cabin cannot do ("关闭天窗关闭空调"):
            # right when the one that acts is this line's command, or none acts on a line
            # that expects no action
            if self.expects_no_action:
                return not acting
            return len(acting) == 1 and self.matches(*acting[0])
        expected = self.acting_commands  # a part out of range acts on nothing (nor clamped)
        if len(acting) != len(expected):
            return False
        left = list(acting)
        for label in expected:
            hit = next((a for a in left if command_matches(label, a)), None)
            if hit is None:
                return False
            left.remove(hit)
        return True


def command_matches(label: tuple[str, int | str | None],
                    answer: tuple[str, int | str | None]) -> bool:
    """Whether one answered command is the labelled command ``label`` (intent and value)."""
    return answer[0] == label[0] and _value_matches(label[0], label[1], answer[1])


def _value_matches(intent: str, label: int | str | None, value: int | str | None) -> bool:
    if label == ANY and INTENTS[intent].kind != "enum":
        return INTENTS[intent].accepts(value)
    return value == label


MAX_QUERY_CHARS = 500  # a spoken command is far shorter; bounds the rules' work per query


def _query_from(obj: Any, where: str) -> LabelledQuery:
    if not isinstance(obj, dict):
        raise InputError(where, "line", "a JSON object")
    for key, kind in (("text", str), ("lang", str), ("intent", str), ("kind", str)):
        if not isinstance(obj.get(key), kind) or not obj[key]:
            raise InputError(where, key, "a non-empty string")
    if len(obj["text"]) > MAX_QUERY_CHARS:
        raise InputError(where, "text", f"an utterance of at most {MAX_QUERY_CHARS} characters"
                         f", got {len(obj['text'])}")
    intent, value, kind = obj["intent"], obj.get("value"), obj["kind"]
    if intent not in INTENTS and intent != OOD:
        raise InputError(where, "intent", f"a cabin intent or {OOD!r}, got {intent!r}")
    if kind not in KINDS:
        raise InputError(where, "kind", f"one of {', '.join(KINDS)}")
    if intent == OOD:
        if value is not None:
            raise InputError(where, "value", f"null for intent {OOD!r}")
    elif kind == "out_of_range":
        if INTENTS[intent].kind != "int" or isinstance(value, bool) or not isinstance(
            value, int
        ) or INTENTS[intent].accepts(value):
            raise InputError(where, "value", f"a number outside the schema of {intent}")
    elif not (value == ANY or INTENTS[intent].accepts(value)):
        raise InputError(where, "value", f"{ANY!r} or a value in the schema of {intent}")
    weight = obj.get("weight", 1.0)
    if isinstance(weight, bool) or not isinstance(weight, int | float) or weight <= 0:
        raise InputError(where, "weight", "a positive number")
    try:
        lang = normalise_lang(obj["lang"])
    except ValueError as exc:
        raise InputError(where, "lang", "en or zh-CN") from exc
    commands, refused = _commands_from(obj.get("commands"), where)
    if commands:
        if refused:  # a part out of range beside others: the line is that part's
            if kind != "out_of_range":
                raise InputError(where, "kind", '"out_of_range" on a line with a command '
                                 'marked "out_of_range": true')
            if (intent, value) != commands[refused[0]]:
                raise InputError(where, "intent", "the first out-of-range command of commands"
                                 " (intent and value)")
        elif intent == OOD or kind == "out_of_range" or (intent, value) != commands[0]:
            raise InputError(where, "intent", "the first of commands (intent and value)")
    turns: list[Turn] = []
    for i, turn in enumerate(obj.get("history") or ()):
        if not isinstance(turn, dict) or turn.get("intent") not in INTENTS:
            raise InputError(where, f"history[{i}]", "{text, intent, value} with a cabin intent")
        turns.append(Turn(str(turn.get("text", "")), turn["intent"], turn.get("value")))
    return LabelledQuery(
        obj["text"],
        lang,
        obj["intent"],
        obj.get("value"),
        obj["kind"],
        float(weight),
        tuple(turns),
        tuple(commands),
        tuple(refused),
    )


_COMMAND_KEYS = frozenset({"intent", "value", "out_of_range"})


def _commands_from(listed: Any, where: str) -> tuple[list[tuple[str, int | str | None]],
                                                     list[int]]:
    """A line's ``commands`` (none when absent) and the indices of those marked
    ``"out_of_range": true`` (their value a number outside the intent's schema)."""
    commands: list[tuple[str, int | str | None]] = []
    refused: list[int] = []
    if listed is None:
        return commands, refused
    if not isinstance(listed, list) or not 2 <= len(listed) <= 8:
        raise InputError(where, "commands", "a list of 2 to 8 {intent, value} commands")
    for i, c in enumerate(listed):
        if not isinstance(c, dict) or set(c) - _COMMAND_KEYS or not isinstance(
                c.get("intent"), str) or c["intent"] not in INTENTS or c["intent"] == "unknown":
            raise InputError(where, f"commands[{i}]",
                             "{intent, value} (and optional out_of_range) with a cabin intent")
        flag = c.get("out_of_range", False)
        if not isinstance(flag, bool):
            raise InputError(where, f"commands[{i}].out_of_range", "true or false")
        intent, v = c["intent"], c.get("value")
        schema = INTENTS[intent]
        if flag:
            if schema.kind != "int" or isinstance(v, bool) or not isinstance(v, int) or (
                    schema.accepts(v)):
                raise InputError(where, f"commands[{i}].value",
                                 f"a number outside the schema of {intent} (out_of_range: true)")
            refused.append(i)
        elif not (v == ANY or schema.accepts(v)):
            raise InputError(where, f"commands[{i}].value",
                             f"{ANY!r} or a value in the schema of {intent}")
        commands.append((intent, v))
    return commands, refused


def load_queries(path: str | Path = DEFAULT_QUERY_FILE) -> list[LabelledQuery]:
    """Every labelled query in a JSONL file; :class:`InputError` names a bad line and key."""
    path = Path(path)
    lines = read_text(path, MAX_TEXT_BYTES, "file", "a readable UTF-8 JSONL text file"
                      ).splitlines()
    queries = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            obj = json.loads(line)
        except ValueError as exc:
            raise InputError(where, "line", "one JSON object per line") from exc
        queries.append(_query_from(obj, where))
    if not queries:
        raise InputError(str(path), "lines", "at least one labelled query")
    return queries


class QuerySampler:
    """Seeded draws from a query set by ``weight``: frequent commands dominate, a long tail."""

    def __init__(self, queries: Sequence[LabelledQuery], lang: str | None = None) -> None:
        pool = [q for q in queries if lang is None or q.lang == normalise_lang(lang)]
        if not pool:
            raise ValueError(f"no queries for language {lang!r}")
        self.queries: tuple[LabelledQuery, ...] = tuple(pool)
        weights = np.array([q.weight for q in pool], dtype=float)
        self._p = weights / weights.sum()

    def sample_indices(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """``n`` indices into :attr:`queries`, drawn with replacement by weight."""
        return rng.choice(len(self.queries), size=n, p=self._p)

    def sample(self, rng: np.random.Generator, n: int) -> list[LabelledQuery]:
        """``n`` queries drawn with replacement."""
        return [self.queries[i] for i in self.sample_indices(rng, n)]

    def kind_mix(self) -> dict[str, float]:
        """The expected fraction of traffic per kind."""
        mix: dict[str, float] = defaultdict(float)
        for q, p in zip(self.queries, self._p, strict=True):
            mix[q.kind] += float(p)
        return dict(mix)


def evaluate_rules(
    queries: Sequence[LabelledQuery], threshold: float = DEFAULT_THRESHOLD
) -> dict[str, Any]:
    """Rule coverage (confidence >= threshold) and accuracy on the covered queries.

    Accuracy counts a query correct when both intent and value match its label. Reported
    overall, per language and per kind, unweighted (one vote per line) and traffic-weighted.
    """
    groups: dict[str, Counter[str]] = defaultdict(Counter)
    weighted: Counter[str] = Counter()
    confusions: Counter[str] = Counter()
    for q in queries:
        result = shared_nlu(q.lang).parse(q.text, q.history)
        covered = result.confidence >= threshold
        answer = result.command.intent if result.command else "unknown"
        value = result.command.value if result.command else None
        correct = covered and q.matches(answer, value)
        for key in ("all", f"lang:{q.lang}", f"kind:{q.kind}"):
            groups[key].update(n=1, covered=int(covered), correct=int(correct))
        weighted.update(n=q.weight, covered=q.weight * covered, correct=q.weight * correct)
        if covered and not correct:
            confusions[f"{q.intent}->{result.intent}"] += 1
    out: dict[str, Any] = {"threshold": threshold}
    for key, c in sorted(groups.items()):
        out[key] = {
            "n": c["n"],
            "coverage": round(c["covered"] / c["n"], 4),
            "accuracy": round(c["correct"] / c["covered"], 4) if c["covered"] else None,
        }
    out["weighted"] = {
        "coverage": round(weighted["covered"] / weighted["n"], 4),
        "accuracy": round(weighted["correct"] / weighted["covered"], 4)
        if weighted["covered"]
        else None,
    }
    out["confusions"] = dict(confusions.most_common(10))
    return out
