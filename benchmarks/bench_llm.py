"""LLM fallback latency: one-pass decisions against a naive chat completion, in the same run.

``llm_fallback_p95_ms``: p95 of the default resolver's ``resolve`` (the classification head,
:mod:`hil.llm.head`, on the model re-quantised to Q4_0 and truncated to its first
:data:`hil.llm.HEAD_LAYERS` blocks at start-up) over the shipped query set and the issue-15
hold-out ``holdout2`` (an even subsample of each; latency only), one decode thread under
SCHED_FIFO (the head's serving default); ``..._20layers`` and ``..._30layers``: the same head on
20 blocks (the previous default) and on all 30; ``..._q4_1`` (full run only): the head on the
shipped Q4_1 kernels; ``..._gated``: the earlier default (few-shot prefix, label gate and
neighbours, history prefilled) on Q4_1; ``..._normal_priority``: the default without its
SCHED_FIFO section; ``..._2threads``: the default decoding on two threads;
``..._rules_left``: the default on development lines the rules leave (what ``twin nlu --eval
FILE --llm`` sends it: longer lines, some of several commands). Each record also gives p50/p95
by prefilled tokens (``by_tokens``) and the mean forward passes per call. Each record carries
the share of its calls whose answer was right (an abstention counts as wrong here; ``twin nlu
--eval FILE --llm`` scores the whole assistant). ``baseline``: ``create_chat_completion`` on the
shipped model and a subsample of the same queries, a system prompt listing the intents and the
JSON grammar (llama-cpp-python's own prompt-prefix matching left on, as a naive user gets it).
The load average is recorded: other engineers share the 2 cores, so re-run when the machine is
quiet.
"""

from __future__ import annotations

import itertools
import json
import os
import time
from typing import Any

import numpy as np

from hil.llm.evaluate import LabelledQuery, default_query_set, load_queries
from hil.llm.model_files import default_model_path
from twin.assistant.intents import INTENTS
from twin.paths import QUERIES_DIR

N_THREADS = 2
HOLDOUT = QUERIES_DIR / "holdout2" / "natural.jsonl"


def _pcts(values: list[float]) -> tuple[float, float, float]:
    p50, p95, p99 = np.percentile(np.asarray(values), [50, 95, 99])
    return round(float(p50), 2), round(float(p95), 2), round(float(p99), 2)


def _median(values: list[float]) -> float | None:
    return round(float(np.median(values)), 2) if values else None


TOKEN_BINS = (8, 16, 24)
"""Prefilled-token bins of :func:`_by_tokens` (a call's cost grows ~0.8-1 ms per token)."""


def _by_tokens(times: list[float], tokens: list[float]) -> dict[str, dict[str, float]]:
    """p50/p95 of the calls by how many query tokens they prefilled (<= 8, 9-16, ...)."""
    out: dict[str, dict[str, float]] = {}
    edges = (0, *TOKEN_BINS, float("inf"))
    for low, high in itertools.pairwise(edges):
        sel = [t for t, n in zip(times, tokens, strict=True) if low < n <= high]
        if sel:
            p50, p95, _ = _pcts(sel)
            name = f"{low + 1:g}-{high:g}" if high != float("inf") else f">{low:g}"
            out[name] = {"n": len(sel), "p50": p50, "p95": p95}
    return out


def left_by_rules(cap: int) -> list[LabelledQuery]:
    """Development lines (holdout6-13, every line) the rules leave to the fallback, as the
    eval sends them (rule confidence under the policy's threshold), an even subsample of
    ``cap``: longer and more often several commands than the shipped set's."""
    from twin.assistant.nlu import shared_nlu
    from twin.assistant.policy import AssistantPolicy

    threshold = AssistantPolicy().threshold
    pool = []
    for n in range(6, 14):
        for q in load_queries(QUERIES_DIR / f"holdout{n}" / "natural.jsonl"):
            if shared_nlu(q.lang).parse(q.text, q.history).confidence < threshold:
                pool.append(q)
    return pool[:: max(1, -(-len(pool) // cap))]


def _baseline_ms(model_path: str, queries: list[LabelledQuery]) -> list[float]:
    import llama_cpp

    from hil.llm.grammar import intent_gbnf

    llm = llama_cpp.Llama(
        model_path=model_path, n_ctx=1024, n_threads=N_THREADS, n_threads_batch=N_THREADS,
        verbose=False, seed=0,
    )  # fmt: skip
    grammar = llama_cpp.LlamaGrammar.from_string(intent_gbnf(), verbose=False)
    system = "You control a car cabin. Answer with JSON {intent, value}. Intents: " + ", ".join(
        INTENTS
    )
    times = []
    for i, q in enumerate([queries[0], *queries]):  # the first call warms up, not counted
        started = time.perf_counter()
        llm.create_chat_completion(
            messages=[{"role": "system", "content": system}, {"role": "user", "content": q.text}],
            grammar=grammar, max_tokens=32, temperature=0.0,
        )  # fmt: skip
        if i:
            times.append((time.perf_counter() - started) * 1e3)
    return times


def _measure(
    quant: str | None,
    decision: str,
    queries: list[LabelledQuery],
    passes: int,
    n_threads: int = N_THREADS,
    layers: int | None = None,
    serve: dict[str, Any] | None = None,
) -> dict[str, Any]:
    from hil.llm import default_resolver

    model = os.environ.get("CABIN_TWIN_LLM_MODEL")
    resolver = default_resolver(model, n_threads, quant, decision, layers)
    if serve:  # the head's serving knobs: threads per decode, the SCHED_FIFO section
        resolver.engine.set_threads(serve.get("threads", resolver.engine.n_threads))
        resolver.realtime = serve.get("realtime", True)
    times: list[float] = []
    prefill: list[float] = []
    forward: list[float] = []
    hits = 0
    restore = {True: [], False: []}
    for _ in range(passes):
        for q in queries:
            result = resolver.resolve(q.text, list(q.history), q.lang)
            times.append(result.ms)
            prefill.append(result.timings["prefill_tokens"])
            forward.append(result.timings.get("passes", 1.0))
            answer = json.loads(result.raw)
            hits += q.matches(answer["intent"], answer.get("value"))
            if q.history:
                restore[bool(result.timings["session_hit"])].append(result.timings["restore_ms"])
    p50, p95, p99 = _pcts(times)
    return {
        "value": p95, "p50": p50, "p99": p99, "n": len(times),
        "intent_accuracy": round(hits / len(times), 4),
        "prefill_tokens_p50": float(np.median(prefill)),
        "prefill_tokens_p95": float(np.percentile(prefill, 95)),
        "by_tokens": _by_tokens(times, prefill),
        "forward_passes_mean": round(float(np.mean(forward)), 3),
        "session_restore_ms_p50": _median(restore[True]),
        "history_prefill_ms_p50": _median(restore[False]),
        "model": resolver.engine.model_path.name,
        "decision": decision,
        "n_threads": resolver.engine.n_threads,
        "scheduling": getattr(resolver, "scheduling", "normal"),
        "prefix_tokens": len(resolver.prefix),
        "layers": int(resolver.engine.llm.metadata.get("llama.block_count", 0)),
        "reuse": (resolver.reused_tokens, resolver.prefilled_tokens),
        "path": str(resolver.engine.model_path),
    }  # fmt: skip


def bench_fallback(quick: bool) -> list[dict[str, Any]]:
    cap = 30 if quick else 100  # an even subsample of each set keeps the run short
    queries = []
    for path in (default_query_set(), HOLDOUT):
        pool = load_queries(path)
        queries += pool[:: max(1, -(-len(pool) // cap))]
    passes = 1 if quick else 2
    load = [round(os.getloadavg()[0], 2)]
    variants = {
        "llm_fallback_p95_ms": _measure("q4_0", "head", queries, passes),
        "llm_fallback_p95_ms_rules_left": _measure(
            "q4_0", "head", left_by_rules(2 * cap), passes),
        "llm_fallback_p95_ms_20layers": _measure("q4_0", "head", queries, passes, layers=20),
        "llm_fallback_p95_ms_30layers": _measure("q4_0", "head", queries, passes, layers=30),
        "llm_fallback_p95_ms_gated": _measure(None, "gated", queries, passes),
        "llm_fallback_p95_ms_normal_priority": _measure(
            "q4_0", "head", queries, passes, serve={"realtime": False}),
        "llm_fallback_p95_ms_2threads": _measure(
            "q4_0", "head", queries, passes, serve={"threads": 2}),
    }
    if not quick:  # the head on the shipped Q4_1 kernels: ~3x slower prefill, minutes to train
        variants["llm_fallback_p95_ms_q4_1"] = _measure("q4_1", "head", queries, passes)
    shipped = variants["llm_fallback_p95_ms"]
    sample = queries[:: max(1, len(queries) // (5 if quick else 15))]
    base = _baseline_ms(str(default_model_path()), sample)  # the shipped file, as a user has it
    for stats in variants.values():
        stats.pop("path")
    load.append(round(os.getloadavg()[0], 2))
    b50, b95, b99 = _pcts(base)
    baseline = {"baseline": b95, "baseline_p50": b50, "baseline_p99": b99, "baseline_n": len(base)}
    common = {"unit": "ms", "loadavg_1m": load, "target_ms": 50,
              "goal_ms": 30,
              "query_sets": [default_query_set().name, HOLDOUT.name]}  # fmt: skip
    records = []
    for name, stats in variants.items():
        reused, prefilled = stats.pop("reuse")
        stats["prefix_reuse_ratio"] = round(reused / max(1, prefilled), 2)
        records.append(
            {"name": name, **stats, **baseline, "ratio": round(b95 / stats["value"], 2), **common}
        )
    records.append(
        {
            "name": "prefix_reuse_ratio", "value": shipped["prefix_reuse_ratio"],
            "unit": "tokens reused / tokens prefilled", "model": shipped["model"],
            "loadavg_1m": load,
        }
    )  # fmt: skip
    return records


BENCHMARKS = {"llm_fallback_p95_ms": bench_fallback}

if __name__ == "__main__":
    for record in bench_fallback(quick=True):
        print(json.dumps(record))
