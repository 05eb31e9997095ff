"""LLM fallback latency: one-pass decisions against a naive chat completion, in the same run.

``llm_fallback_p95_ms``: p95 of the default resolver's ``resolve`` (the classification head,
:mod:`hil.llm.head`, on the model re-quantised to Q4_0 and truncated to its first
:data:`hil.llm.HEAD_LAYERS` blocks at start-up) over the shipped query set and the development
set ``cabin_commands_holdout.jsonl`` (an even subsample of each; latency only; until the
twenty-seventh session the blind ``holdout2``, which no run may read), one decode thread under
SCHED_FIFO (the head's serving default); ``..._normal_priority``: the default without its
SCHED_FIFO section; ``..._2threads``: the default decoding on two threads;
``..._rules_left``: the default on development lines the rules leave (what ``twin nlu --eval
FILE --llm`` sends it: longer lines, some of several commands), in process and without a
deadline; ``..._eval_path``: the same lines as the eval sends them, what a user gets on a line
the rules leave: the rule parse first, then the call through the model's worker process
(:mod:`hil.llm.worker`) with the degrade deadline set (its abort check installed), timed in
the caller (``ipc_ms``: pickle, pipe and wake-up both ways).

Variants that build their own model copy and head (minutes to an hour on a first use, on a
loaded machine: a retrain), :data:`RETRAIN`: ``20layers`` and ``30layers`` (the same head on 20
blocks, the previous default, and on all 30), ``gated`` (the earlier default: few-shot prefix,
label gate and neighbours, history prefilled, on Q4_1) and ``q4_1`` (the head on the shipped
Q4_1 kernels). The full mode runs them all, as before; ``--quick`` runs none of them unless
named in ``CABIN_TWIN_BENCH_LLM_VARIANTS`` (comma-separated, or ``all``), and says on stderr
what it runs and what it leaves out, so a quick run takes minutes on 2 cores. Each record also
gives p50/p95 by prefilled tokens (``by_tokens``) and the mean forward passes per call. Each
record carries the share of its calls whose answer was right (an abstention counts as wrong
here; ``twin nlu --eval FILE --llm`` scores the whole assistant). ``baseline``:
``create_chat_completion`` on the shipped model and a subsample of the same queries, a system
prompt listing the intents and the JSON grammar (llama-cpp-python's own prompt-prefix matching
left on, as a naive user gets it). The load average is recorded: other engineers share the 2
cores, so re-run when the machine is quiet.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from hil.llm import HEAD_LAYERS
from hil.llm.evaluate import LabelledQuery, default_query_set, load_queries
from hil.llm.model_files import default_model_path
from twin.assistant.intents import INTENTS
from twin.paths import QUERIES_DIR

N_THREADS = 2
SECOND_SET = QUERIES_DIR / "cabin_commands_holdout.jsonl"
"""The second set of short commands (development data; never a blind set)."""
VARIANTS_ENV = "CABIN_TWIN_BENCH_LLM_VARIANTS"
RETRAIN = ("20layers", "30layers", "gated", "q4_1")
"""Variants that build their own model copy and head on a first use (a retrain): opt-in in
``--quick`` (:func:`chosen_variants`)."""
EVAL_DEADLINE_MS = 100_000.0
"""The eval-path record's degrade deadline: ``twin nlu --eval FILE --llm --degrade-ms 100000``'s
(never reached; the abort check is installed as on every call of the eval and the assistant)."""


def chosen_variants(quick: bool, asked: str | None) -> tuple[list[str], list[str]]:
    """``(run, left out)`` of :data:`RETRAIN`: every one in the full mode; in ``--quick`` only
    those named in ``asked`` (the value of :data:`VARIANTS_ENV`: comma-separated or ``all``).
    An unknown name is a :class:`ValueError` (a typo must not silently measure nothing)."""
    names = [n.strip() for n in (asked or "").split(",") if n.strip()]
    unknown = [n for n in names if n != "all" and n not in RETRAIN]
    if unknown:
        raise ValueError(f"{VARIANTS_ENV}: unknown variant {unknown[0]!r}; one of "
                         f"{', '.join(RETRAIN)} or all")
    if not quick or "all" in names:
        return list(RETRAIN), []
    return [n for n in RETRAIN if n in names], [n for n in RETRAIN if n not in names]



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


def _say(what: str) -> None:
    """What the bench is doing, on stderr (the records go to stdout)."""
    print(f"bench llm_fallback_p95_ms: {what}", file=sys.stderr, flush=True)


def _build(quant: str | None, decision: str = "head", layers: int | None = None,
           n_threads: int = N_THREADS) -> Any:
    from hil.llm import default_resolver

    return default_resolver(os.environ.get("CABIN_TWIN_LLM_MODEL"), n_threads, quant, decision,
                            layers)


def _measure(
    resolver: Any,
    queries: Sequence[LabelledQuery],
    passes: int,
    serve: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Every query ``passes`` times on ``resolver`` in process, no deadline; ``serve``: the
    head's serving knobs for this record only (threads per decode, the SCHED_FIFO section)."""
    threads, realtime = resolver.engine.n_threads, getattr(resolver, "realtime", True)
    if serve:
        resolver.engine.set_threads(serve.get("threads", threads))
        resolver.engine.n_threads = serve.get("threads", threads)
        resolver.realtime = serve.get("realtime", True)
    if hasattr(resolver, "reset_counters"):
        resolver.reset_counters()
    times: list[float] = []
    prefill: list[float] = []
    forward: list[float] = []
    hits = 0
    restore: dict[bool, list[float]] = {True: [], False: []}
    try:
        for _ in range(passes):
            for q in queries:
                result = resolver.resolve(q.text, list(q.history), q.lang)
                times.append(result.ms)
                prefill.append(result.timings["prefill_tokens"])
                forward.append(result.timings.get("passes", 1.0))
                answer = json.loads(result.raw)
                hits += q.matches(answer["intent"], answer.get("value"))
                if q.history:
                    restore[bool(result.timings["session_hit"])].append(
                        result.timings["restore_ms"])
        stats = _stats(times, prefill, forward)
        scheduling = getattr(resolver, "scheduling", "normal")
        n_threads = resolver.engine.n_threads
    finally:
        if serve:
            resolver.engine.set_threads(threads)
            resolver.engine.n_threads = threads
            resolver.realtime = realtime
    return {
        **stats,
        "intent_accuracy": round(hits / len(times), 4),
        "session_restore_ms_p50": _median(restore[True]),
        "history_prefill_ms_p50": _median(restore[False]),
        "model": resolver.engine.model_path.name,
        "decision": resolver.decision,
        "n_threads": n_threads,
        "scheduling": scheduling,
        "prefix_tokens": len(resolver.prefix),
        "layers": int(resolver.engine.llm.metadata.get("llama.block_count", 0)),
        "reuse": (resolver.reused_tokens, resolver.prefilled_tokens),
    }  # fmt: skip


def _stats(times: list[float], prefill: list[float], forward: list[float]) -> dict[str, Any]:
    p50, p95, p99 = _pcts(times)
    return {
        "value": p95, "p50": p50, "p99": p99, "n": len(times),
        "prefill_tokens_p50": float(np.median(prefill)),
        "prefill_tokens_p95": float(np.percentile(prefill, 95)),
        "by_tokens": _by_tokens(times, prefill),
        "forward_passes_mean": round(float(np.mean(forward)), 3),
        "forward_passes_max": float(max(forward)),
    }  # fmt: skip


def eval_path(queries: Sequence[LabelledQuery], passes: int,
              deadline_ms: float = EVAL_DEADLINE_MS) -> dict[str, Any]:
    """What a user gets on lines the rules leave, as ``twin nlu --eval FILE --llm
    --degrade-ms 100000`` measures it (:func:`twin.assistant.scoring.score`): the rule parse,
    then the model's worker process (:func:`hil.llm.worker.worker_resolver`) with what is left
    of the deadline, the call timed in the caller. The worker's own time, the boundary's and
    the share of calls of several forward passes are given apart."""
    from hil.llm.worker import worker_resolver
    from twin.assistant.nlu import shared_nlu

    times: list[float] = []
    inside: list[float] = []
    boundary: list[float] = []
    prefill: list[float] = []
    forward: list[float] = []
    abandoned = 0
    with worker_resolver(os.environ.get("CABIN_TWIN_LLM_MODEL"), N_THREADS) as resolver:
        for _ in range(passes):
            for q in queries:
                rules = shared_nlu(q.lang).parse(q.text, q.history)
                result = resolver.resolve(q.text, list(q.history), q.lang,
                                          max(0.0, deadline_ms - rules.ms))
                times.append(result.ms)
                inside.append(result.timings.get("worker_ms", result.ms))
                boundary.append(result.timings.get("ipc_ms", 0.0))
                prefill.append(result.timings.get("prefill_tokens", 0.0))
                forward.append(result.timings.get("passes", 0.0))
                abandoned += bool(result.timings.get("abandoned", 0.0))
        model = str(resolver.info.get("model", ""))
    w50, w95, w99 = _pcts(inside)
    i50, i95, i99 = _pcts(boundary)
    several = [t for t, n in zip(times, forward, strict=True) if n > 1]
    return {
        **_stats(times, prefill, forward),
        "worker_ms": {"p50": w50, "p95": w95, "p99": w99},
        "ipc_ms": {"p50": i50, "p95": i95, "p99": i99},
        "several_passes_share": round(len(several) / len(times), 3),
        "several_passes_p50": _median(several),
        "abandoned": abandoned,
        "deadline_ms": deadline_ms,
        "model": Path(model).name if model else None,
        "process": "worker",
    }  # fmt: skip


def bench_fallback(quick: bool) -> list[dict[str, Any]]:
    cap = 30 if quick else 100  # an even subsample of each set keeps the run short
    queries = []
    for path in (default_query_set(), SECOND_SET):
        pool = load_queries(path)
        queries += pool[:: max(1, -(-len(pool) // cap))]
    passes = 1 if quick else 2
    retrain, left_out = chosen_variants(quick, os.environ.get(VARIANTS_ENV))
    left = left_by_rules(2 * cap)
    _say(f"{'quick' if quick else 'full'} mode: {len(queries)} short commands and {len(left)} "
         f"lines the rules leave, {passes} pass(es); the shipped head (q4_0, "
         f"{HEAD_LAYERS} layers) in process at its priority, normal priority and on 2 threads "
         f"(one model load), then the eval's path (a worker process, the deadline set), then "
         f"the naive chat-completion baseline")
    if retrain:
        _say(f"also {', '.join(retrain)}: each builds its own model copy and head on a first "
             f"use (a retrain: up to an hour on a loaded 2-core machine)")
    if left_out:
        _say(f"left out (a retrain each): {', '.join(left_out)}; name them in {VARIANTS_ENV} "
             f"(comma-separated, or all) to run them in --quick")
    load = [round(os.getloadavg()[0], 2)]
    shipped_resolver = _build("q4_0")
    variants = {
        "llm_fallback_p95_ms": _measure(shipped_resolver, queries, passes),
        "llm_fallback_p95_ms_rules_left": _measure(shipped_resolver, left, passes),
        "llm_fallback_p95_ms_normal_priority": _measure(
            shipped_resolver, queries, passes, serve={"realtime": False}),
        "llm_fallback_p95_ms_2threads": _measure(
            shipped_resolver, queries, passes, serve={"threads": 2}),
    }
    del shipped_resolver  # one model in memory at a time
    _say("the eval's path: the model's worker process starting")
    eval_record = eval_path(left, passes)
    builds = {"20layers": ("q4_0", "head", 20), "30layers": ("q4_0", "head", 30),
              "gated": (None, "gated", None), "q4_1": ("q4_1", "head", None)}
    for name in retrain:
        _say(f"variant {name} (a retrain on a first use)")
        variants[f"llm_fallback_p95_ms_{name}"] = _measure(_build(*builds[name]), queries, passes)
    shipped = variants["llm_fallback_p95_ms"]
    sample = queries[:: max(1, len(queries) // (5 if quick else 15))]
    _say(f"the baseline: create_chat_completion on {len(sample)} commands")
    base = _baseline_ms(str(default_model_path()), sample)  # the shipped file, as a user has it
    load.append(round(os.getloadavg()[0], 2))
    b50, b95, b99 = _pcts(base)
    baseline = {"baseline": b95, "baseline_p50": b50, "baseline_p99": b99, "baseline_n": len(base)}
    common = {"unit": "ms", "loadavg_1m": load, "target_ms": 50,
              "goal_ms": 30, "left_out": left_out,
              "query_sets": [default_query_set().name, SECOND_SET.name]}  # fmt: skip
    records = []
    for name, stats in variants.items():
        reused, prefilled = stats.pop("reuse")
        stats["prefix_reuse_ratio"] = round(reused / max(1, prefilled), 2)
        records.append(
            {"name": name, **stats, **baseline, "ratio": round(b95 / stats["value"], 2), **common}
        )
    records.append({"name": "llm_fallback_p95_ms_eval_path", **eval_record, **common,
                    "beside": {"llm_fallback_p95_ms_rules_left": variants[
                        "llm_fallback_p95_ms_rules_left"]["value"]}})
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
