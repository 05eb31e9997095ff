"""Cross-validated development figures for the fallback's head, on a development file.

``python -m hil.llm.crossval FILE [FILE ...] [--folds 2] [--threshold T] [--without-file]
[--train-on-file] [--every-line] [--calibrate [--target 0.95]] [--half 0|1] [--lines]``

Splits FILE's lines into folds by a hash of their text. For each fold the head is refitted on
the training examples (:func:`hil.llm.training.training_examples`) minus that fold's lines
(``--without-file``: minus all of FILE's lines), and the fold is answered as the assistant
would: a confident rule answers, anything else goes to the refitted head
(:func:`hil.llm.head.head_answer`: subjects, grounding, scope, direction). No degrade deadline:
this measures what the head decides, not how fast. Prints one JSON object per fold and the
total: lines the fallback made right and wrong, out-of-domain lines that actuated (rules
and head together) and what each fallback answer was (:func:`outcome`: acted right or wrong,
asked about the right or the wrong topic, asked on an out-of-domain line, said it cannot).
``--train-on-file`` also trains on the files' other folds; ``--every-line`` has the head answer
every line as if the rules had left it (what the rules answer is too few lines to calibrate
on); ``--calibrate`` chooses each topic's threshold on the out-of-fold answers
(:func:`calibrate`). Multi-command lines
(``commands``) are left out. ``--half 0``/``1`` scores only the lines at an even/odd 0-based index
(a half held back: aggregate only); ``--lines`` never prints a line of a held-back half
(:data:`hil.llm.training.HELD_BACK`). For development files only: a hold-out is scored with
``twin nlu --eval FILE --llm`` once, never cross-validated.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from hil.llm.clauses import focus
from hil.llm.grounding import TOPIC_OF, TOPICS
from hil.llm.head import HeadDecision, HeadIntentResolver, focused_decision, head_decision
from hil.llm.ngrams import GramHead
from hil.llm.softmax import SoftmaxHead
from hil.llm.training import file_examples, held_back, training_examples
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import AssistantPolicy, decide
from twin.assistant.queries import LabelledQuery, load_queries
from twin.assistant.scoring import fallback_outcome
from twin.errors import InputError


def half_of(path: Path, half: int) -> set[str]:
    """The lines of ``path`` at an even (``half`` 0) or odd (1) 0-based index."""
    return {q.text for n, q in enumerate(load_queries(path)) if n % 2 == half}


def fold_of(text: str, folds: int) -> int:
    """A line's fold: fixed by its text, not by its order in the file."""
    return hashlib.sha1(text.encode()).digest()[0] % folds


def outcome(q: LabelledQuery, d: HeadDecision) -> str:
    """What one fallback answer was, judged against the line's label
    (:func:`twin.assistant.scoring.fallback_outcome`, the classes ``twin nlu --eval`` counts):
    ``acted_right``, ``acted_wrong``, ``asked_right_topic``, ``asked_wrong_topic``,
    ``asked_on_ood``, ``refused_ood`` (said it cannot, or left it, on an out-of-domain line),
    ``refused_in_domain`` or ``range`` (said the range)."""
    acted = d.intent != "unknown"
    return fallback_outcome(q, acted, acted and q.matches(d.intent, d.value), d.why, d.topic)


def score_fold(
    features: dict[str, np.ndarray], queries: list[LabelledQuery],
    examples: list[tuple[str, str]], threshold: float | Mapping[str, float] | None,
    decisions: list[tuple[LabelledQuery, list[str], np.ndarray]] | None = None,
    every_line: bool = False,
) -> Counter[str]:
    """Fit the head on ``examples`` and answer ``queries`` with it (``features``: the head's
    features of every example and query text). ``decisions``, when given, collects each
    fallback call's ``(query, classes, probabilities)`` for calibration. ``every_line``: the
    head answers every line that is not a follow-up, as if the rules had left it (more
    out-of-fold answers to calibrate on than the few lines the rules leave)."""
    classes = sorted({i for _, i in examples} | {"unknown"})
    x = np.stack([features[t] for t, _ in examples])
    y = np.array([classes.index(i) for _, i in examples])
    head = SoftmaxHead(classes).fit(x, y)
    grams = GramHead(examples, classes)  # the second opinion, fitted on the same examples
    policy = AssistantPolicy()
    tally: Counter[str] = Counter()
    for q in queries:
        part = focus(q.text)
        row = features[part.text]
        rules = shared_nlu(q.lang).parse(q.text, list(q.history))
        default = decide(q.text, list(q.history), q.lang, rules, None, policy)
        right_before = q.matches(default.intent, default.value)
        out_of_domain = q.intent in ("ood", "unknown")
        tally["lines"] += 1
        tally["ood_lines"] += out_of_domain
        tally["in_domain_lines"] += not out_of_domain
        if q.history or (default.path == "rule" and not every_line):  # follow-ups: the rules'
            intent, value = default.intent, default.value
        else:
            probs = head.proba(row)[0]
            if decisions is not None:
                decisions.append((q, classes, probs))
            d = focused_decision(classes, probs, part, q.lang, threshold, None,
                                 grams.proba(part.text), grams.vote(part.text),
                                 grams.among_cabin(part.text))
            intent, value = d.intent, d.value
            tally["fallback_calls"] += 1
            tally["fallback_acted"] += intent != "unknown"
            tally["fallback_in_domain_calls"] += not out_of_domain
            tally[outcome(q, d)] += 1
        right = q.matches(intent, value)
        tally["right_rules_alone"] += right_before
        tally["right"] += right
        tally["in_domain_right"] += right and not out_of_domain
        tally["made_right"] += right and not right_before
        tally["made_wrong"] += right_before and not right
        tally["ood_actuated"] += out_of_domain and intent != "unknown"
    return tally


CANDIDATES = tuple(round(0.2 + 0.05 * k, 2) for k in range(16))  # 0.20 .. 0.95
"""Thresholds :func:`calibrate` tries per topic."""


def _sweep(decisions: list[tuple[LabelledQuery, list[str], np.ndarray]], topics: set[str],
           target: float, min_acted: int) -> tuple[float, int, int] | None:
    """The lowest candidate at which the head's actions on ``topics`` (one threshold for them
    all, every other topic abstaining) are right at least ``target`` of the time."""
    for t in CANDIDATES:
        acted = right = 0
        thresholds = {**_NEVER, **dict.fromkeys(topics, t)}
        for q, classes, probs in decisions:
            d = head_decision(classes, probs, focus(q.text).text, q.lang, thresholds)
            if (d.topic in topics or topics & _PATHS) and d.intent != "unknown":
                acted += 1
                right += q.matches(d.intent, d.value)
        if acted >= min_acted and right >= target * acted:
            return t, acted, right
    return None


def calibrate(
    decisions: list[tuple[LabelledQuery, list[str], np.ndarray]], target: float = 0.95,
    min_acted: int = 10,
) -> tuple[dict[str, float], dict[str, dict[str, float | int]]]:
    """Per topic, the lowest candidate threshold at which the head's out-of-fold actions on
    that topic are right at least ``target`` of the time, when it acts at least ``min_acted``
    times there; a topic with fewer gets the threshold chosen the same way for all topics
    pooled (the highest candidate when even the pool misses ``target``). Returns the
    thresholds and, per topic, precision and coverage (acted / lines of that topic reaching
    the fallback) at the chosen one."""
    pooled = _sweep(decisions, set(TOPICS), target, min_acted)
    shared = pooled[0] if pooled is not None else CANDIDATES[-1]
    chosen: dict[str, float] = {}
    report: dict[str, dict[str, float | int]] = {"(pooled)": {"threshold": shared}}
    for topic in (*sorted(TOPICS), *sorted(_PATHS)):
        own = _sweep(decisions, {topic}, target, min_acted)
        chosen[topic] = own[0] if own is not None else shared
        acted = right = 0
        for q, classes, probs in decisions:
            d = head_decision(classes, probs, focus(q.text).text, q.lang,
                              {**_NEVER, topic: chosen[topic]})
            if (d.topic == topic or topic in _PATHS) and d.intent != "unknown":
                acted += 1
                right += q.matches(d.intent, d.value)
        lines = sum(1 for q, _, _ in decisions if TOPIC_OF.get(q.intent) == topic)
        report[topic] = {"threshold": chosen[topic], "own": own is not None, "acted": acted,
                         "precision": round(right / acted, 3) if acted else None,
                         "lines": lines, "coverage": round(acted / lines, 3) if lines else None}
    return chosen, report


_PATHS = {"explicit", "worded", "read"}  # thresholds of a way of deciding, not of one topic
_NEVER = {topic: 2.0 for topic in (*TOPICS, *_PATHS)}  # the others abstain while one is swept


def _folds_of(path: Path, queries: list[LabelledQuery]) -> list[LabelledQuery]:
    """The lines of ``path`` that one head answers: multi-command lines (``commands``) are
    the multi-intent splitter's, left out here."""
    multi = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            obj = json.loads(line)
            if isinstance(obj, dict) and obj.get("commands"):
                multi.add(obj["text"])
    return [q for q in queries if q.text not in multi]


def _features(resolver: HeadIntentResolver, texts: list[str]) -> dict[str, np.ndarray]:
    """The head's features of every training example and of ``texts``, cached on disk in two
    parts (the training set's is the resolver's own, so only new files' lines are computed)."""
    train = [t for t, _ in training_examples()]
    extra = sorted(set(texts) - set(train))
    features = dict(zip(train, resolver.features_of(train), strict=True))
    if extra:
        features.update(zip(extra, resolver.features_of(extra), strict=True))
    return features


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--folds", type=int, default=2)
    parser.add_argument("--threshold", type=float, default=None,
                        help="one threshold for every topic (default: the head's per topic)")
    parser.add_argument("--without-file", action="store_true",
                        help="leave all of FILE out of training, not only the scored fold")
    parser.add_argument("--train-on-file", action="store_true",
                        help="also train on the other folds of the files (cross-validated)")
    parser.add_argument("--calibrate", action="store_true",
                        help="choose per-topic thresholds on the out-of-fold answers")
    parser.add_argument("--target", type=float, default=0.95,
                        help="--calibrate: the precision each topic must reach")
    parser.add_argument("--every-line", action="store_true",
                        help="the head answers every line, not only those the rules leave")
    parser.add_argument("--half", type=int, choices=(0, 1), default=None,
                        help="score only the lines at an even (0) or odd (1) 0-based index")
    parser.add_argument("--lines", action="store_true",
                        help="also print each fallback answer (development files only; never "
                             "a held-back line)")
    args = parser.parse_args(argv)
    if args.folds < 2:
        parser.error(f"--folds: expected an integer of at least 2, got {args.folds}")
    if not 0.0 < args.target <= 1.0:
        parser.error(f"--target: expected a number in (0, 1], got {args.target}")
    try:
        queries = [q for f in args.files for q in _folds_of(f, load_queries(f))]
        hidden = {t for f in args.files for t in held_back(f)}
        if args.half is not None:
            kept = {t for f in args.files for t in half_of(f, args.half)}
            queries = [q for q in queries if q.text in kept]
    except InputError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    from hil.llm import default_resolver

    resolver = default_resolver()
    assert isinstance(resolver, HeadIntentResolver)
    threshold = resolver.threshold if args.threshold is None else args.threshold
    features = _features(resolver, [focus(q.text).text for q in queries])
    total: Counter[str] = Counter()
    decisions: list[tuple[LabelledQuery, list[str], np.ndarray]] = []
    # every line of the files, a line of several commands too, and the training texts made of
    # each line (its parts): a left-out line's parts are left out with it
    made_of = [(line, text) for f in args.files for line, text, _ in file_examples(f)]
    lines = {q.text for f in args.files for q in load_queries(f)}
    for k in range(args.folds):
        fold = [q for q in queries if fold_of(q.text, args.folds) == k]
        gone = lines if args.without_file else {t for t in lines if fold_of(t, args.folds) == k}
        left_out = gone | {text for line, text in made_of if line in gone}
        examples = [(t, i) for t, i in training_examples() if t not in left_out]
        if args.train_on_file:
            examples += [(focus(q.text).text, "unknown" if q.expects_no_action else q.intent)
                         for q in queries if q.text not in left_out and not q.history
                         and q.kind != "out_of_range"]
        tally = score_fold(features, fold, examples, threshold, decisions, args.every_line)
        total.update(tally)
        print(json.dumps({"fold": k, **tally}), flush=True)
    print(json.dumps({"fold": "all", "threshold": threshold, "half": args.half,
                      "without_file": args.without_file, **total}))
    if args.lines:
        for q, classes, probs in decisions:
            if q.text in hidden:
                continue
            d = head_decision(classes, probs, focus(q.text).text, q.lang, threshold)
            p = dict(zip(classes, probs.tolist(), strict=True))
            label_topic = TOPIC_OF.get(q.intent, d.topic or "")
            mass = sum(p.get(i, 0.0) for i in TOPICS.get(label_topic, ()))
            print(json.dumps({"p_topic": round(mass, 3), "p_unknown": round(p["unknown"], 3),
                              "text": q.text, "focus": focus(q.text).text,
                              "label": [q.intent, q.value], "answer": [d.intent, d.value],
                              "why": d.why, "topic": d.topic, "outcome": outcome(q, d)},
                             ensure_ascii=False))
    if args.calibrate:
        chosen, report = calibrate(decisions, args.target)
        print(json.dumps({"calibrated": chosen, "per_topic": report}))
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
