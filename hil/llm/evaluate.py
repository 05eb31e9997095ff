"""Accuracy of an intent resolver on a labelled query set, as JSON.

``python -m hil.llm.evaluate [--jsonl PATH] [--model PATH] [--quant q4_0] [--threads N]
[--decision gated|labels|neighbours]``
prints intent accuracy (and intent+value accuracy) overall, per ``kind`` and per ``lang``, with
latency percentiles. Default set: ``scenarios/queries/cabin_commands.jsonl`` when present, else
the 40-query dev set ``tests/data/llm_dev_queries.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

from twin.assistant.queries import LabelledQuery, load_queries
from twin.assistant.resolver import IntentResolver, ResolverResult
from twin.errors import InputError
from twin.paths import PROJECT_ROOT, QUERIES_DIR

FULL_SET = QUERIES_DIR / "cabin_commands.jsonl"
DEV_SET = PROJECT_ROOT / "tests" / "data" / "llm_dev_queries.jsonl"


def default_query_set() -> Path:
    return FULL_SET if FULL_SET.is_file() else DEV_SET


def _parse(raw: str) -> tuple[str | None, Any]:
    try:
        answer = json.loads(raw)
    except json.JSONDecodeError:
        return None, None
    if not isinstance(answer, dict):
        return None, None
    return answer.get("intent"), answer.get("value")


def _percentiles(values: list[float]) -> dict[str, float]:
    arr = np.asarray(values, dtype=float)
    p50, p95, p99 = np.percentile(arr, [50, 95, 99]) if arr.size else (np.nan,) * 3
    return {"p50_ms": round(float(p50), 2), "p95_ms": round(float(p95), 2),
            "p99_ms": round(float(p99), 2)}  # fmt: skip


def _accuracy_by(group: dict[str, list[int]]) -> dict[str, dict[str, float]]:
    return {
        key: {"n": len(hits), "accuracy": round(sum(hits) / len(hits), 4)}
        for key, hits in sorted(group.items())
    }


def run_queries(
    resolver: IntentResolver, queries: Iterable[LabelledQuery]
) -> list[tuple[LabelledQuery, ResolverResult]]:
    """Every query with its result, in order (raw answers and per-call timings, e.g. for
    calibrating the inference stage model)."""
    return [(q, resolver.resolve(q.text, list(q.history), q.lang)) for q in queries]


def evaluate(resolver: IntentResolver, queries: Iterable[LabelledQuery]) -> dict[str, Any]:
    """Run ``resolver`` on every query; accuracy overall, by kind and by lang, and latency."""
    groups: dict[str, dict[str, list[int]]] = {"kind": defaultdict(list), "lang": defaultdict(list)}
    intent_ok: list[int] = []
    weights: list[float] = []
    exact_ok: list[int] = []
    latencies: list[float] = []
    confusions: dict[str, int] = defaultdict(int)
    for q, result in run_queries(resolver, queries):
        intent, value = _parse(result.raw)
        hit = int(intent == q.intent)
        intent_ok.append(hit)
        weights.append(q.weight)
        exact_ok.append(int(hit and value == q.value))
        latencies.append(result.ms)
        groups["kind"][q.kind].append(hit)
        groups["lang"][q.lang].append(hit)
        if not hit:
            confusions[f"{q.intent} -> {intent}"] += 1
    n = len(intent_ok)
    return {
        "queries": n,
        "intent_accuracy": round(sum(intent_ok) / n, 4),
        "intent_value_accuracy": round(sum(exact_ok) / n, 4),
        "weighted_intent_accuracy": round(float(np.average(intent_ok, weights=weights)), 4),
        "by_kind": _accuracy_by(groups["kind"]),
        "by_lang": _accuracy_by(groups["lang"]),
        "latency": _percentiles(latencies),
        "top_confusions": dict(sorted(confusions.items(), key=lambda kv: -kv[1])[:10]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hil.llm.evaluate", description=__doc__)
    parser.add_argument("--jsonl", type=Path, default=None, help="labelled query set")
    parser.add_argument("--model", default=None, help="GGUF path (default: shipped SmolLM2)")
    parser.add_argument("--quant", default=None, help="re-quantise first: q4_0, q8_0")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--decision", choices=("head", "gated", "labels", "neighbours"),
                        default="head")
    args = parser.parse_args(argv)
    try:
        from hil.llm import default_resolver

        path = args.jsonl or default_query_set()
        queries = load_queries(path)
        resolver = default_resolver(args.model, args.threads, args.quant, args.decision)
        report = evaluate(resolver, queries)
    except InputError as exc:
        print(f"evaluate: error: {exc}", file=sys.stderr)
        return 2
    engine = resolver.engine
    report.update(
        {
            "query_set": str(path.relative_to(PROJECT_ROOT) if path.is_relative_to(PROJECT_ROOT)
                             else path.name),
            "model": engine.model_path.name,
            "n_threads": engine.n_threads,
            "decision": resolver.decision,
            "prefix_tokens": len(resolver.prefix),
            "prefix_reuse_ratio": round(resolver.prefix_reuse_ratio, 2),
        }
    )  # fmt: skip
    print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
