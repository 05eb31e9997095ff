"""Scoring rules and rules + fallback together on a labelled query set (``twin nlu --eval``).

Every line is parsed once by the rules; the rules-alone answer (what the assistant does with no
resolver: the rule path, else the rule default) and, with a resolver, the rules + fallback
answer (the same rule result, the resolver called with the degrade deadline left) are decided
from it by :func:`~twin.assistant.policy.decide`, so both are scored in the same run on the same
rule results.

Reported per system: coverage (lines the rules answer), precision on them, overall accuracy,
accuracy on the lines that ask for something the cabin does (``in_domain``: not ``ood``),
per path, per intent and per language (a line that asks for several commands is right only
when every one is), a confusion matrix, the out-of-domain false-actuation
rate, direction errors (an up/down, on/off, open/close answer for its opposite, or a set that
moves the topic the other way from the current state: :func:`wrong_way`), how many
out-of-range lines got the range in the feedback, how many acted on the topic of a number out
of range (``out_of_range_clamped``: a misread number), the lines whose valid commands sit beside
a part out of range (``multi_command.mixed_out_of_range``: :func:`mixed_outcome`), and latency
percentiles; plus, with a
resolver, the lines the fallback made worse and better, and what the fallback did on the lines
the rules left (``rules_llm.fallback``: each answer classed by :func:`fallback_outcome`, the one
definition the fallback's cross-validation uses too).
"""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np

from twin.assistant.catalogue import active_catalogue
from twin.assistant.intents import INTENTS
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import AssistantPolicy, Decision, decide
from twin.assistant.queries import LabelledQuery, command_matches
from twin.assistant.resolver import IntentResolver, ResolverResult, Turn
from twin.assistant.wish import current_level

OPPOSITE: dict[str, str] = {
    name: other for name in INTENTS if (other := active_catalogue().opposite(name)) is not None
}
"""Each directional intent and its opposite (a direction error answers one for the other)."""


_SIGN = {"up": 1, "down": -1, "on": 1, "off": -1}


def movement(intent: str, value: object, history: Sequence[Turn] = ()) -> tuple[str, int] | None:
    """Which way ``intent``/``value`` moves its topic from the current state: (topic, +1 or
    -1), or None (no topic, no move, or an unknown value)."""
    entry = active_catalogue().intents.get(intent)
    if entry is None or entry.topic is None or entry.direction is None:
        return None
    if entry.direction in _SIGN:
        return entry.topic, _SIGN[entry.direction]
    current = current_level(entry.topic, history)
    if not isinstance(value, int) or isinstance(value, bool) or current is None or (
            value == current):
        return None
    return entry.topic, 1 if value > current else -1


def wrong_way(q: LabelledQuery, intent: str, value: object) -> bool:
    """An answer that moves an asked-for topic the other way: "warmer" answered "cooler", or
    an "up" request answered with a set to a lower value than the current state. On a line of
    several commands every command asked for is judged, not only the first ("AC off, open the
    windows" answered with a window closed is wrong-way)."""
    asked = q.commands or ((q.intent, q.value),)
    done = movement(intent, value, q.history)
    for asked_intent, asked_value in asked:
        if OPPOSITE.get(asked_intent) == intent:
            return True
        way = movement(asked_intent, asked_value, q.history)
        if way is not None and done is not None and way[0] == done[0] and way[1] != done[1]:
            return True
    return False


def _pcts(values: Sequence[float]) -> dict[str, float | None]:
    if not values:
        return {"p50_ms": None, "p95_ms": None, "n": 0}
    p50, p95 = np.percentile(np.asarray(values, dtype=float), [50, 95])
    return {"p50_ms": round(float(p50), 3), "p95_ms": round(float(p95), 3), "n": len(values)}


def _rate(hits: int, n: int) -> float | None:
    return round(hits / n, 4) if n else None


def _mentions_range(feedback: str, intent: str) -> bool:
    schema = INTENTS.get(intent)
    if schema is None or schema.low is None or schema.high is None:
        return False
    return str(schema.low) in feedback and str(schema.high) in feedback


def _dropped_silently(q: LabelledQuery, d: Decision) -> bool:
    """Whether an answer to a line of several commands acted on some and said nothing of the
    others: fewer parts acted on, asked about or said impossible than the line has commands. A
    line answered by one question or one "cannot" is answered whole, not dropped."""
    acted = sum(c.actuates for c in d.commands)
    answered = acted + sum(not p.command.actuates for p in d.parts)
    return acted >= 1 and answered < len(q.commands)


ASKED = ("low_confidence", "direction_unclear")
"""The fallback's reasons for not acting that ask the user a question naming a topic."""

OUTCOMES = ("acted_right", "acted_in_part", "acted_wrong", "asked_right_topic",
            "asked_wrong_topic", "asked_on_ood", "refused_ood", "refused_in_domain", "range")
"""What one fallback answer can be (:func:`fallback_outcome`)."""


def topic_of(intent: str) -> str | None:
    """The catalogue topic an intent belongs to: the ``[topics.NAME]`` that lists it (play and
    pause, each seat's heating), else the topic its entry names; None for ``unknown``/``ood``.
    The same table as the fallback's own (a test checks)."""
    return active_catalogue().topic_of(intent)


def label_topics(q: LabelledQuery) -> set[str]:
    """The topics a line asks about: its command's, or each of its commands'."""
    asked = q.commands or ((q.intent, q.value),)
    return {t for i, _ in asked if (t := topic_of(i)) is not None}


def fallback_outcome(q: LabelledQuery, acted: bool, right: bool, why: str, topic: str | None,
                     in_part: bool = False) -> str:
    """What one fallback answer was, judged against the line's label (:data:`OUTCOMES`):
    ``acted_right`` (every command right), ``acted_in_part`` (several commands: each acted one
    right, the others asked about or said impossible), ``acted_wrong``, ``asked_right_topic`` /
    ``asked_wrong_topic`` (a question naming ``topic``, of the line's topics or not),
    ``asked_on_ood`` (a question on an out-of-domain line), ``refused_ood`` (said it cannot, or
    left it, on an out-of-domain line), ``refused_in_domain``, or ``range`` (said the range).
    ``why`` is the fallback's reason for not acting (``""`` when it acted)."""
    ood = q.expects_no_action and q.kind != "out_of_range"
    if acted:
        return "acted_right" if right else "acted_in_part" if in_part else "acted_wrong"
    if why == "range":
        return "range"
    asked = why in ASKED
    if ood:
        return "asked_on_ood" if asked else "refused_ood"
    if not asked:
        return "refused_in_domain"
    return "asked_right_topic" if topic in label_topics(q) else "asked_wrong_topic"


def _unmatched(q: LabelledQuery, d: Decision) -> tuple[list[tuple[str, int | str | None]],
                                                      list[tuple[str, int | str | None]]]:
    """The line's commands that should act and no answered command is, and the answered
    commands that act and are none of them."""
    left = list(q.acting_commands)
    extra = []
    for answer in ((c.intent, c.value) for c in d.commands if c.actuates):
        hit = next((c for c in left if command_matches(c, answer)), None)
        if hit is None:
            extra.append(answer)
        else:
            left.remove(hit)
    return left, extra


def _in_part(q: LabelledQuery, d: Decision) -> bool:
    """A line of several commands answered with some of them, each right, and no other."""
    missed, extra = _unmatched(q, d)
    expected = len(q.acting_commands)
    return bool(q.commands) and not extra and 0 < expected - len(missed) < expected


def clamped(q: LabelledQuery, d: Decision) -> bool:
    """An out-of-range line answered with an action on the topic of a number out of range
    (a set clamped to the range end, a step cut to the largest): a misread number."""
    if q.kind != "out_of_range":
        return False
    asked = [i for i, _ in q.refused_commands] or [q.intent]
    topics = {topic_of(i) for i in asked} - {None}
    return any(topic_of(i) in topics for i, _ in _unmatched(q, d)[1])


def mixed_outcome(q: LabelledQuery, d: Decision, right: bool) -> dict[str, int]:
    """One line with valid commands beside a part out of range, judged part by part: ``right``
    (every valid command acted right, every part out of range acted on nothing), the valid
    commands all right, a part clamped into an action (:func:`clamped`), and each refused
    part's range said in the feedback."""
    return {"n": 1, "right": int(right), "valid_parts_right": int(not _unmatched(q, d)[0]),
            "clamped": int(clamped(q, d)),
            "range_said": int(all(_mentions_range(d.feedback, i) for i, _ in q.refused_commands))}


class _Fallback:
    """What the fallback did with the lines the rules left (one per call), by
    :func:`fallback_outcome`; a call the degrade deadline cut or the valve refused is counted
    apart (``degraded``, ``valve``): the rules' default answered it."""

    def __init__(self) -> None:
        self.groups: dict[str, Counter[str]] = defaultdict(Counter)

    def add(self, q: LabelledQuery, d: Decision, answer: ResolverResult) -> None:
        group = ("out_of_range" if q.kind == "out_of_range" else
                 "ood" if q.expects_no_action else "in_domain")
        if d.path in ("degraded", "valve"):
            self.groups[group].update(n=1, **{d.path: 1})
            return
        try:
            said = json.loads(answer.raw)
        except (TypeError, ValueError, RecursionError):
            said = {}
        said = said if isinstance(said, dict) else {}
        why, topic = str(said.get("abstain", "")), said.get("topic")
        acted = any(c.actuates for c in d.commands)
        right = q.matches_all([(c.intent, c.value) for c in d.commands])
        kind = fallback_outcome(q, acted, right, why, topic if isinstance(topic, str) else None,
                                _in_part(q, d))
        self.groups[group].update(n=1, **{kind: 1})

    def report(self) -> dict[str, Any]:
        out: dict[str, Any] = {"calls": sum(c["n"] for c in self.groups.values())}
        for group in ("in_domain", "ood", "out_of_range"):
            c = self.groups.get(group, Counter())
            counts = {k: c[k] for k in (*OUTCOMES, "degraded", "valve") if c[k]}
            out[group] = {"n": c["n"], **counts,
                          "shares": {k: _rate(v, c["n"]) for k, v in counts.items()}}
        mine, ood = self.groups.get("in_domain", Counter()), self.groups.get("ood", Counter())
        right, wrong = mine["asked_right_topic"], mine["asked_wrong_topic"]
        asked = right + wrong + ood["asked_on_ood"]
        out["questions"] = {"n": asked, "right_topic": right, "wrong_topic": wrong,
                            "on_ood": ood["asked_on_ood"],
                            "wrong_topic_share": _rate(wrong, right + wrong),
                            "on_ood_share": _rate(ood["asked_on_ood"], asked)}
        out["in_domain_acted_right_share"] = _rate(mine["acted_right"], mine["n"])
        return out


class _Tally:
    """Counts for one system (rules alone, or rules + fallback)."""

    def __init__(self) -> None:
        self.n = 0
        self.correct = 0
        self.paths: dict[str, Counter[str]] = defaultdict(Counter)
        self.intents: dict[str, Counter[str]] = defaultdict(Counter)
        self.langs: dict[str, Counter[str]] = defaultdict(Counter)
        self.confusion: dict[str, Counter[str]] = defaultdict(Counter)
        self.ood = Counter[str]()
        self.in_domain = Counter[str]()
        self.direction_errors: list[str] = []
        self.out_of_range = Counter[str]()
        self.multi = Counter[str]()
        self.mixed = Counter[str]()
        self.clamped = 0
        self.dropped: list[str] = []
        self.ms: list[float] = []

    def add(self, q: LabelledQuery, d: Decision, ms: float) -> bool:
        ok = q.matches_all([(c.intent, c.value) for c in d.commands])
        if q.commands or d.parts:
            self.multi.update(n=int(bool(q.commands)), correct=int(bool(q.commands) and ok),
                              split=int(bool(d.parts)), split_unasked=int(
                                  bool(d.parts) and not q.commands))
        if q.commands and _dropped_silently(q, d):
            self.dropped.append(q.text)
        path = "abstain" if d.path == "llm" and not d.command.actuates else d.path
        self.n += 1
        self.correct += ok
        self.ms.append(ms)
        for table, key in ((self.paths, path), (self.intents, q.intent), (self.langs, q.lang)):
            table[key].update(n=1, correct=int(ok))
        self.confusion[q.intent][d.intent] += 1
        if q.intent in ("ood", "unknown"):
            self.ood.update(n=1, actuated=int(d.command.actuates))
        else:
            self.in_domain.update(n=1, correct=int(ok))
        if any(wrong_way(q, c.intent, c.value) for c in d.commands):
            self.direction_errors.append(q.text)
        if q.kind == "out_of_range":
            self.out_of_range.update(n=1, range_feedback=int(_mentions_range(d.feedback, q.intent)))
            self.clamped += clamped(q, d)
            if q.acting_commands and q.refused_commands:
                self.mixed.update(mixed_outcome(q, d, ok))
        return ok

    def report(self) -> dict[str, Any]:
        rule = self.paths.get("rule", Counter())
        return {
            "n": self.n,
            "accuracy": _rate(self.correct, self.n),
            "coverage": _rate(rule["n"], self.n),
            "rules_precision": _rate(rule["correct"], rule["n"]),
            "paths": {
                p: {
                    "n": c["n"],
                    "share": _rate(c["n"], self.n),
                    "accuracy": _rate(c["correct"], c["n"]),
                }
                for p, c in sorted(self.paths.items())
            },
            "per_intent": {
                i: {"n": c["n"], "accuracy": _rate(c["correct"], c["n"])}
                for i, c in sorted(self.intents.items())
            },
            "per_lang": {
                lang: {"n": c["n"], "accuracy": _rate(c["correct"], c["n"])}
                for lang, c in sorted(self.langs.items())
            },
            "confusion": {k: dict(v.most_common()) for k, v in sorted(self.confusion.items())},
            "in_domain": {"n": self.in_domain["n"],
                          "accuracy": _rate(self.in_domain["correct"], self.in_domain["n"])},
            "ood_false_actuation": _rate(self.ood["actuated"], self.ood["n"]),
            "ood_n": self.ood["n"],
            "direction_errors": len(self.direction_errors),
            "direction_error_texts": self.direction_errors[:20],
            "out_of_range_with_range_feedback": _rate(
                self.out_of_range["range_feedback"], self.out_of_range["n"]
            ),
            "out_of_range_clamped": self.clamped,
            "latency": _pcts(self.ms),
            "multi_command": {
                "n": self.multi["n"],
                "accuracy": _rate(self.multi["correct"], self.multi["n"]),
                "split": self.multi["split"],
                "split_on_single_command_lines": self.multi["split_unasked"],
                "dropped_silently": len(self.dropped),
                "dropped_silently_texts": self.dropped[:20],
                "mixed_out_of_range": {
                    **{k: self.mixed[k] for k in ("n", "right", "valid_parts_right", "clamped",
                                                  "range_said")},
                    "accuracy": _rate(self.mixed["right"], self.mixed["n"])},
            },
        }


def score(
    queries: Sequence[LabelledQuery],
    resolver: IntentResolver | None = None,
    policy: AssistantPolicy | None = None,
) -> dict[str, Any]:
    """Rules alone and (with ``resolver``) rules + fallback on every line, side by side."""
    policy = policy or AssistantPolicy()
    rules_only, with_llm, fallback = _Tally(), _Tally(), _Fallback()
    rule_ms: list[float] = []
    llm_ms: list[float] = []
    worse: list[str] = []
    better = 0
    for lang in sorted({q.lang for q in queries}):
        shared_nlu(lang)  # build and warm up the grammar outside the timed parses
    for q in queries:
        started = time.perf_counter()
        rules = shared_nlu(q.lang).parse(q.text, q.history)
        rule_ms.append(rules.ms)
        alone = decide(q.text, q.history, q.lang, rules, None, policy)
        ok_alone = rules_only.add(q, alone, (time.perf_counter() - started) * 1e3)
        if resolver is None:
            continue
        answer = None
        if rules.confidence < policy.threshold:
            budget = max(0.0, policy.degrade_deadline_ms - rules.ms)
            answer = resolver.resolve(q.text, list(q.history), q.lang, budget)
            llm_ms.append(answer.ms)
        both = decide(q.text, q.history, q.lang, rules, answer, policy)
        ms = rules.ms + (answer.ms if answer is not None else 0.0)
        ok_both = with_llm.add(q, both, ms)
        if answer is not None:
            fallback.add(q, both, answer)
        if ok_alone and not ok_both:
            worse.append(q.text)
        better += ok_both and not ok_alone
    out: dict[str, Any] = {
        "n": len(queries),
        "threshold": policy.threshold,
        "rules": rules_only.report(),
        "rule_latency": _pcts(rule_ms),
    }
    if resolver is not None:
        out["rules_llm"] = {**with_llm.report(), "fallback": fallback.report()}
        out["llm_latency"] = _pcts(llm_ms)
        out["llm_made_worse"] = len(worse)
        out["llm_made_worse_texts"] = worse[:20]
        out["llm_made_better"] = better
    return out
