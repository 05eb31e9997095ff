"""LLM fallback latency: the label-trie decision against a naive chat completion, same run.

``llm_fallback_p95_ms``: p95 of ``LlamaIntentResolver.resolve`` over the query set (the full set
when present, else the dev set), 2 threads. ``baseline``: ``create_chat_completion`` on the same
model file and a subsample of the same queries, a system prompt listing the intents and the JSON
grammar (llama-cpp-python's own prompt-prefix matching is left on, as a naive user gets it).
The machine's load average is recorded: other engineers share the 2 cores.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

import numpy as np

from hil.llm.evaluate import default_query_set, load_queries
from twin.assistant.intents import INTENTS

MODEL_ENV = "CABIN_TWIN_LLM_MODEL"
QUANT_ENV = "CABIN_TWIN_LLM_QUANT"


def _pcts(values: list[float]) -> tuple[float, float, float]:
    p50, p95, p99 = np.percentile(np.asarray(values), [50, 95, 99])
    return round(float(p50), 2), round(float(p95), 2), round(float(p99), 2)


def _median(values: list[float]) -> float | None:
    return round(float(np.median(values)), 2) if values else None


def _baseline_ms(model_path: str, queries: list[Any], n_threads: int) -> list[float]:
    import llama_cpp

    from hil.llm.grammar import intent_gbnf

    llm = llama_cpp.Llama(
        model_path=model_path, n_ctx=1024, n_threads=n_threads, n_threads_batch=n_threads,
        verbose=False, seed=0,
    )  # fmt: skip
    grammar = llama_cpp.LlamaGrammar.from_string(intent_gbnf(), verbose=False)
    system = (
        "You control a car cabin. Answer with JSON {intent, value}. Intents: "
        + ", ".join(INTENTS)
    )
    times = []
    for i, q in enumerate([queries[0], *queries]):  # first call warms up, not counted
        started = time.perf_counter()
        llm.create_chat_completion(
            messages=[{"role": "system", "content": system}, {"role": "user", "content": q.text}],
            grammar=grammar, max_tokens=32, temperature=0.0,
        )  # fmt: skip
        if i:
            times.append((time.perf_counter() - started) * 1e3)
    return times


def bench_fallback(quick: bool) -> list[dict[str, Any]]:
    from hil.llm import default_resolver

    n_threads = 2
    queries = load_queries(default_query_set())
    resolver = default_resolver(
        os.environ.get(MODEL_ENV), n_threads=n_threads, quant=os.environ.get(QUANT_ENV)
    )
    load_before = os.getloadavg()[0]
    passes = 1 if quick else 3
    times: list[float] = []
    prefill: list[float] = []
    restore_hit: list[float] = []
    restore_miss: list[float] = []
    for _ in range(passes):
        for q in queries:
            result = resolver.resolve(q.text, list(q.history), q.lang)
            times.append(result.ms)
            prefill.append(result.timings["prefill_tokens"])
            if q.history:
                hit = result.timings["session_hit"]
                (restore_hit if hit else restore_miss).append(result.timings["restore_ms"])
    baseline_queries = queries[:: max(1, len(queries) // (5 if quick else 15))]
    base = _baseline_ms(str(resolver.engine.model_path), baseline_queries, n_threads)
    p50, p95, p99 = _pcts(times)
    b50, b95, b99 = _pcts(base)
    common = {
        "model": resolver.engine.model_path.name,
        "n_threads": n_threads,
        "loadavg_1m": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }
    return [
        {
            "name": "llm_fallback_p95_ms", "value": p95, "unit": "ms", "p50": p50, "p99": p99,
            "n": len(times), "baseline": b95, "baseline_p50": b50, "baseline_p99": b99,
            "baseline_n": len(base), "ratio": round(b95 / p95, 2),
            "prefill_tokens_p50": float(np.median(prefill)),
            "session_restore_ms_p50": _median(restore_hit),
            "history_prefill_ms_p50": _median(restore_miss),
            "target_ms": 50, "goal_ms": 30, **common,
        },
        {
            "name": "prefix_reuse_ratio", "value": round(resolver.prefix_reuse_ratio, 2),
            "unit": "tokens reused / tokens prefilled", "reused": resolver.reused_tokens,
            "prefilled": resolver.prefilled_tokens, **common,
        },
    ]  # fmt: skip


BENCHMARKS = {"llm_fallback_p95_ms": bench_fallback}

if __name__ == "__main__":
    for record in bench_fallback(quick=True):
        print(json.dumps(record))
