"""Cross-validated development figures for the fallback's head, on a development file.

``python -m hil.llm.crossval FILE [--folds 2] [--threshold 0.6] [--without-file]``

Splits FILE's lines into folds by a hash of their text. For each fold the head is refitted on
the training examples (:func:`hil.llm.training.training_examples`) minus that fold's lines
(``--without-file``: minus all of FILE's lines), and the fold is answered as the assistant
would: a confident rule answers, anything else goes to the refitted head
(:func:`hil.llm.head.head_answer`: subjects, grounding, scope, direction). No degrade deadline:
this measures what the head decides, not how fast. Prints one JSON object per fold and the
total: lines the fallback made right and wrong, and out-of-domain lines that actuated (rules
and head together). For development files only: a hold-out is scored with ``twin nlu --eval
FILE --llm`` once, never cross-validated.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from hil.llm.head import HeadIntentResolver, SoftmaxHead, head_answer
from hil.llm.training import training_examples
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import AssistantPolicy, decide
from twin.assistant.queries import LabelledQuery, load_queries
from twin.errors import InputError


def fold_of(text: str, folds: int) -> int:
    """A line's fold: fixed by its text, not by its order in the file."""
    return hashlib.sha1(text.encode()).digest()[0] % folds


def score_fold(
    features: dict[str, np.ndarray], queries: list[LabelledQuery],
    examples: list[tuple[str, str]], threshold: float,
) -> Counter[str]:
    """Fit the head on ``examples`` and answer ``queries`` with it (``features``: the head's
    features of every example and query text)."""
    classes = sorted({i for _, i in examples} | {"unknown"})
    x = np.stack([features[t] for t, _ in examples])
    y = np.array([classes.index(i) for _, i in examples])
    head = SoftmaxHead(classes).fit(x, y)
    policy = AssistantPolicy()
    tally: Counter[str] = Counter()
    for q in queries:
        row = features[q.text]
        rules = shared_nlu(q.lang).parse(q.text, list(q.history))
        default = decide(q.text, list(q.history), q.lang, rules, None, policy)
        right_before = q.matches(default.intent, default.value)
        out_of_domain = q.intent in ("ood", "unknown")
        tally["lines"] += 1
        tally["ood_lines"] += out_of_domain
        if default.path == "rule" or q.history:  # follow-ups are the rules'
            intent, value = default.intent, default.value
        else:
            intent, value, _, _ = head_answer(classes, head.proba(row)[0], q.text, q.lang,
                                              threshold)
            tally["fallback_calls"] += 1
            tally["fallback_acted"] += intent != "unknown"
        right = q.matches(intent, value)
        tally["right_rules_alone"] += right_before
        tally["right"] += right
        tally["made_right"] += right and not right_before
        tally["made_wrong"] += right_before and not right
        tally["ood_actuated"] += out_of_domain and intent != "unknown"
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--folds", type=int, default=2)
    parser.add_argument("--threshold", type=float, default=None)
    parser.add_argument("--without-file", action="store_true",
                        help="leave all of FILE out of training, not only the scored fold")
    args = parser.parse_args(argv)
    if args.folds < 2:
        parser.error(f"--folds: expected an integer of at least 2, got {args.folds}")
    try:
        queries = load_queries(args.file)
    except InputError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    from hil.llm import default_resolver

    resolver = default_resolver()
    assert isinstance(resolver, HeadIntentResolver)
    threshold = resolver.threshold if args.threshold is None else args.threshold
    texts = sorted({t for t, _ in training_examples()} | {q.text for q in queries})
    features = dict(zip(texts, resolver.features_of(texts), strict=True))
    total: Counter[str] = Counter()
    for k in range(args.folds):
        fold = [q for q in queries if fold_of(q.text, args.folds) == k]
        left_out = {q.text for q in (queries if args.without_file else fold)}
        examples = [(t, i) for t, i in training_examples() if t not in left_out]
        tally = score_fold(features, fold, examples, threshold)
        total.update(tally)
        print(json.dumps({"fold": k, "threshold": threshold, **tally}), flush=True)
    print(json.dumps({"fold": "all", "threshold": threshold,
                      "without_file": args.without_file, **total}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
