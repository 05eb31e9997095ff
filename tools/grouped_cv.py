"""Grouped cross-validation of the fallback by writer: each development file left out in turn.

``PYTHONPATH=. python tools/grouped_cv.py [FILE ...] [--dump OUT.jsonl]``

For each FILE (default: ``holdout15`` .. ``holdout21``, each written by another writer), the
head and its n-gram second opinion are refitted on :func:`hil.llm.training.training_examples`
without any of FILE's lines (nor the parts made of them), as
``python -m hil.llm.crossval FILE --without-file`` fits them, and FILE's single-command lines
are answered as the assistant answers them: a confident rule answers; anything else (not a
follow-up) goes to :func:`hil.llm.head.focused_decision` on the refitted models. What generalises
to a writer the head never saw is what this counts:

* on the in-domain lines the rules leave: the fallback acted right, acted wrong, asked (right or
  wrong topic), refused (``refused_in_domain``) or said the range;
* on out-of-domain lines: actuations (rules and fallback), questions asked;
* wrong-direction actions (:func:`twin.assistant.scoring.wrong_way`).

The features are the resolver's own, cached on disk (:meth:`HeadIntentResolver.features_of`);
each fold's fits are cached by their inputs (``~/.cache/cabin-twin/gcv-*``), so a change to the
decision alone re-runs in seconds. Progress on stderr. ``--dump`` writes one JSON object a line
(file, line index, label, answer, outcome; never the text of a held-back line,
:data:`hil.llm.training.HELD_BACK`) for comparing two runs line by line (``--compare A B``).
Development files only: a blind hold-out is never cross-validated.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

from cabin_twin.cli.checks import non_negative_float, seed_int
from hil.llm.cache_files import cached, load_npz, save_npz
from hil.llm.clauses import focus
from hil.llm.crossval import _features, _folds_of, outcome
from hil.llm.head import HEAD_WEIGHTS, HeadIntentResolver, focused_decision
from hil.llm.model_files import cache_dir
from hil.llm.ngrams import GramHead
from hil.llm.softmax import SoftmaxHead
from hil.llm.training import BLIND_HOLDOUTS, file_examples, held_back, training_examples
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import AssistantPolicy, decide
from twin.assistant.queries import load_queries
from twin.assistant.scoring import wrong_way
from twin.paths import QUERIES_DIR

DEFAULT_FILES = tuple(QUERIES_DIR / f"holdout{k}" / "natural.jsonl" for k in range(15, 22))
KEYS = ("in_domain_left", "acted_right", "acted_wrong", "asked_right_topic", "asked_wrong_topic",
        "refused_in_domain", "range", "ood_lines", "ood_actuated", "asked_on_ood",
        "wrong_way", "in_domain_lines", "in_domain_right")


def _say(msg: str) -> None:
    print(f"[grouped_cv {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def fitted_head(x: np.ndarray, y: np.ndarray, classes: list[str],
                weights: dict[str, float] | None = None) -> SoftmaxHead:
    """A :class:`SoftmaxHead` fitted on ``x``/``y`` (``weights``: per class), cached on disk
    by its inputs."""
    head = SoftmaxHead(classes, weights=weights)
    key = hashlib.sha256(x.tobytes() + y.tobytes() + repr(
        (classes, head.l2, sorted(head.weights.items()))).encode())
    file = cache_dir() / f"gcv-head-{key.hexdigest()[:20]}.npz"

    def fit() -> dict[str, np.ndarray]:
        head.fit(x, y)
        return {"mean": head.mean, "scale": head.scale, "w": head.w}

    saved = cached(file, "a fold's head fit", load_npz, fit, save_npz)
    head.mean, head.scale, head.w = saved["mean"], saved["scale"], saved["w"]
    return head


def score_file(path: Path, features: dict[str, np.ndarray], examples: list[tuple[str, str]],
               weights: dict[str, float] | None = None, nearest: int = 0,
               ) -> tuple[Counter[str], list[dict[str, object]]]:
    """Fit without ``path`` and answer its single-command lines (module docstring)."""
    queries = _folds_of(path, load_queries(path))
    lines = {q.text for q in load_queries(path)}
    left_out = lines | {text for line, text, _ in file_examples(path) if line in lines}
    train = [(t, i) for t, i in examples if t not in left_out]
    classes = sorted({i for _, i in train} | {"unknown"})
    x = np.stack([features[t] for t, _ in train])
    y = np.array([classes.index(i) for _, i in train])
    head = fitted_head(x, y, classes, weights)
    grams = GramHead(train, classes, cache_dir())
    unit = _unit((x - head.mean) / head.scale) if nearest else None
    hidden = held_back(path)
    policy = AssistantPolicy()
    tally: Counter[str] = Counter()
    rows: list[dict[str, object]] = []
    for n, q in enumerate(queries):
        ood = q.expects_no_action and q.kind != "out_of_range"
        rules = shared_nlu(q.lang).parse(q.text, list(q.history))
        default = decide(q.text, list(q.history), q.lang, rules, None, policy)
        intent, value, how, why = default.intent, default.value, "rules", ""
        if not q.history and default.path != "rule":
            part = focus(q.text)
            row = features[part.text]
            vote = grams.vote(part.text)
            if vote is None and unit is not None:  # the head's own nearest examples (tried)
                near = np.argsort(-(unit @ _unit((row - head.mean) / head.scale)))[:nearest]
                labels = y[near]
                if (labels != classes.index("unknown")).all():
                    vote = np.bincount(labels, minlength=len(classes)) / len(labels)
            d = focused_decision(classes, head.proba(row)[0], part, q.lang,
                                 None, None, grams.proba(part.text), vote,
                                 grams.among_cabin(part.text))
            intent, value, how, why = d.intent, d.value, outcome(q, d), d.why
            tally[how] += 1
            tally["in_domain_left"] += not ood
            if how == "refused_in_domain":
                tally[f"refused_{why}"] += 1
        right = q.matches(intent, value)
        acted = intent != "unknown"
        tally["ood_lines"] += ood
        tally["ood_actuated"] += ood and acted
        tally["in_domain_lines"] += not ood
        tally["in_domain_right"] += right and not ood
        tally["wrong_way"] += acted and not ood and wrong_way(q, intent, value)
        rows.append({"file": path.parent.name, "n": n,
                     "text": None if q.text in hidden else q.text,
                     "label": [q.intent, q.value], "answer": [intent, value], "how": how,
                     "why": why, "right": right})
    return tally, rows


def _unit(z: np.ndarray) -> np.ndarray:
    return z / np.maximum(1e-9, np.linalg.norm(z, axis=-1, keepdims=True))


def _shown(tally: Counter[str]) -> dict[str, int]:
    """:data:`KEYS`, then why the in-domain refusals were refused."""
    why = {k: v for k, v in sorted(tally.items()) if k.startswith("refused_") and k not in KEYS}
    return {**{key: tally[key] for key in KEYS}, **why}


def compare(a: Path, b: Path) -> int:
    """Line-by-line changes between two ``--dump`` files."""
    def rows(p: Path) -> dict[tuple[str, int], dict[str, object]]:
        return {(r["file"], r["n"]): r for r in map(json.loads, p.read_text().splitlines())}

    before, after = rows(a), rows(b)
    moves: Counter[str] = Counter()
    for key, r in sorted(after.items()):
        old = before.get(key)
        if old is None or (old["how"], old["answer"]) == (r["how"], r["answer"]):
            continue
        moves[f"{old['how']} -> {r['how']}"] += 1
        print(json.dumps({"file": key[0], "n": key[1], "text": r["text"], "label": r["label"],
                          "before": [old["how"], old["answer"]],
                          "after": [r["how"], r["answer"]]}, ensure_ascii=False))
    print(json.dumps(dict(moves)))
    return 0


def _weight(text: str) -> tuple[str, float]:
    """``CLASS=W`` with a class name and a non-negative, finite weight (checked before any load)."""
    name, sep, w = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected CLASS=W, got {text!r}")
    return name, non_negative_float(w)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="*")
    parser.add_argument("--dump", type=Path, default=None)
    parser.add_argument("--compare", type=Path, nargs=2, default=None)
    parser.add_argument("--nearest", type=seed_int, default=0, metavar="K",
                        help="tried: when the n-grams' vote is silent, the K nearest training "
                             "examples in the head's standardised features vote, if none is "
                             "unknown")
    parser.add_argument("--weight", action="append", default=[], metavar="CLASS=W", type=_weight,
                        help="weigh CLASS's examples W in the head's fit (default: the head's)")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    files = args.files or list(DEFAULT_FILES)
    for f in files:
        if any(part in BLIND_HOLDOUTS for part in f.parts):
            parser.error(f"{f}: a blind hold-out is never cross-validated")
    from hil.llm import default_resolver

    _say("loading the resolver")
    resolver = default_resolver()
    assert isinstance(resolver, HeadIntentResolver)
    texts = [focus(q.text).text for f in files for q in load_queries(f)]
    _say(f"features of the training set and {len(texts)} lines (cached)")
    features = _features(resolver, texts)
    examples = list(training_examples())
    weights = {**HEAD_WEIGHTS, **dict(args.weight)}
    total: Counter[str] = Counter()
    dump = []
    for k, f in enumerate(files, 1):
        _say(f"{k}/{len(files)} {f.parent.name}/{f.name}: fitting without it, answering it")
        tally, rows = score_file(f, features, examples, weights, args.nearest)
        total.update(tally)
        dump += rows
        print(json.dumps({"file": f"{f.parent.name}/{f.name}", **_shown(tally)}), flush=True)
    print(json.dumps({"file": "all", **_shown(total)}))
    if args.dump:
        args.dump.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in dump))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
