"""``LlamaIntentResolver``: the LLM fallback as a classification over intent labels.

Two decisions, both from one forward pass over the query suffix after the compiled prefix:

- ``"labels"``: the model's next-token logits after the query are read, restricted to
  the tokens that start an intent label (a token trie, i.e. a grammar over labels); where
  labels share a first token the chosen token is fed and the next step is constrained the same
  way (only ``ac on``/``ac off`` here).
- ``"neighbours"``: the model's final hidden state after the query is compared (cosine) with
  its hidden states after each few-shot example, computed once at start; the 3 nearest
  examples vote, weighted by similarity. No token is decoded, but llama.cpp then outputs every
  token of the batch (~15 % more prefill).
- ``"gated"`` (what ``default_resolver`` uses): the same pass read both ways: ``unknown``
  when the label logits pick it (the out-of-domain gate), else the neighbours' intent.

The value comes from the query text (:mod:`hil.llm.values`); the answer
is JSON ``{"intent", "value", "feedback"}`` and is still validated by the safety valve.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal

import numpy as np

from hil.llm.engine import DeadlineExceeded, LlamaEngine
from hil.llm.grammar import LabelTrie
from hil.llm.prompt import FEW_SHOT, label_of, prefix_text, query_text, suffix_tokens
from hil.llm.session_cache import SessionCache, Snapshot
from hil.llm.values import extract_value, feedback
from twin.assistant.intents import INTENTS, IntentSchema
from twin.assistant.resolver import MAX_PROMPT_TOKENS, ResolverResult, Turn

WARM_SITUATIONS: tuple[tuple[Turn, ...], ...] = (
    (Turn("打开空调", "climate_ac_on"),),
    (Turn("turn on the ac", "climate_ac_on"),),
    (Turn("把空调调到26度", "climate_set_temperature", 26),),
    (Turn("play some music", "media_play"),),
)
"""Frequent one-turn situations whose KV states are computed at start and pinned."""


Decision = Literal["labels", "neighbours", "gated"]

CONTENT_FREE: tuple[str, ...] = ("", "N/A", "...")


def _log_softmax(x: np.ndarray) -> np.ndarray:
    shifted = x - x.max()
    return shifted - np.log(np.exp(shifted).sum())


class LlamaIntentResolver:
    """An :class:`~twin.assistant.resolver.IntentResolver` backed by a llama.cpp model.

    With ``deadline_ms`` the model work is abandoned (llama.cpp abort callback) when the deadline
    passes: the result then has ``raw == ""`` (the valve falls back to the rule default) and
    ``timings["abandoned"] == 1``. Not thread-safe: one resolve at a time per instance.
    """

    def __init__(
        self,
        engine: LlamaEngine,
        intents: Mapping[str, IntentSchema] = INTENTS,
        few_shot: Sequence[tuple[str, str]] = FEW_SHOT,
        session_capacity: int = 50,
        warm_situations: Sequence[Sequence[Turn]] = WARM_SITUATIONS,
        max_prompt_tokens: int = MAX_PROMPT_TOKENS,
        calibrate: bool = False,
        prefix_cache_dir: Path | None = None,
        decision: Decision = "labels",
        neighbours: int = 3,
    ) -> None:
        if decision not in ("labels", "neighbours", "gated"):
            raise ValueError(f"decision must be labels, neighbours or gated, not {decision!r}")
        if decision != "labels" and not engine.embeddings:
            raise ValueError(f"decision={decision!r} needs LlamaEngine(embeddings=True)")
        self.decision = decision
        self.neighbours = neighbours
        self.engine = engine
        self.intents = dict(intents)
        self.max_prompt_tokens = max_prompt_tokens
        self.prefix = engine.tokenize(prefix_text(few_shot), bos=True)
        self.prefix_ms = engine.compile_prefix(self.prefix, prefix_cache_dir)
        by_label = {label_of(name): name for name in self.intents}
        self._intent_of_label = by_label
        self.trie = LabelTrie.build({lab: engine.tokenize(" " + lab) for lab in by_label})
        self.bias = self._content_free_bias() if calibrate else {}
        self.examples: np.ndarray = np.empty((0, engine.n_embd))
        self.example_intents = [intent for _, intent in few_shot]
        if decision != "labels":
            self.examples = self._example_states(few_shot, prefix_cache_dir)
        self.sessions = SessionCache(session_capacity)
        self.reused_tokens = 0
        self.prefilled_tokens = 0
        self.calls = 0
        self.abandoned = 0
        for situation in warm_situations:
            self._pin_situation(list(situation))
        self.warmup_ms = engine.warmup(engine.tokenize(query_text("turn on the ac")))
        self.reset_counters()

    # public -------------------------------------------------------------------------------
    def prepare(self, query: str, history: list[Turn]) -> dict[str, int]:
        """The ``model_load`` stage's work: build the prompt and put the compiled prefix plus
        this conversation's history in the KV cache (reused, restored from the session cache,
        or prefilled). A :meth:`resolve` that follows finds it in place."""
        history_ids, _ = suffix_tokens(query, history, self.engine.tokenize,
                                       self.max_prompt_tokens)
        return self._restore(history_ids)

    def resolve(
        self, query: str, history: list[Turn], lang: str, deadline_ms: float | None = None
    ) -> ResolverResult:
        started = time.perf_counter()
        history_ids, query_ids = suffix_tokens(
            query, history, self.engine.tokenize, self.max_prompt_tokens
        )
        at = None if deadline_ms is None else started + deadline_ms / 1e3
        try:
            with self.engine.deadline(at):
                restore = self._restore(history_ids)
                restored = time.perf_counter()
                self.engine.feed(query_ids)
                prefilled = time.perf_counter()
                if self.decision != "labels":
                    intent, margin = self._nearest()  # reads the state before any decode
                    decode_tokens = 0
                    if self.decision == "gated" and self._says_unknown():
                        intent, margin = "unknown", 0.0
                else:
                    label, decode_tokens, margin = self._decide()
                    intent = self._intent_of_label[label]
        except DeadlineExceeded:
            ms = (time.perf_counter() - started) * 1e3
            self.abandoned += 1
            return ResolverResult(raw="", ms=ms, timings={"total_ms": ms, "abandoned": 1.0})
        decided = time.perf_counter()

        value = extract_value(self.intents[intent], query)
        raw = json.dumps(
            {"intent": intent, "value": value, "feedback": feedback(intent, value, lang)},
            ensure_ascii=False,
        )
        self.calls += 1
        self.prefilled_tokens += len(query_ids)
        total_ms = (decided - started) * 1e3
        timings = {
            "prefill_tokens": float(len(query_ids) + restore["prefilled"]),
            "decode_tokens": float(decode_tokens),
            "reused_tokens": float(restore["reused"]),
            "restore_ms": (restored - started) * 1e3,
            "prompt_eval_ms": (prefilled - restored) * 1e3,
            "eval_ms": (decided - prefilled) * 1e3,
            "total_ms": total_ms,
            "session_hit": float(restore["hit"]),
            "margin": margin,
        }
        if deadline_ms is not None:
            timings["abandoned"] = 0.0
        return ResolverResult(raw=raw, ms=total_ms, timings=timings)

    def reset_counters(self) -> None:
        self.reused_tokens = self.prefilled_tokens = self.calls = self.abandoned = 0

    @property
    def prefix_reuse_ratio(self) -> float:
        """Tokens reused from the KV cache per token prefilled, over the calls so far."""
        return self.reused_tokens / max(1, self.prefilled_tokens)

    # internals ----------------------------------------------------------------------------
    def _decide(self) -> tuple[str, int, float]:
        """Walk the label trie by constrained argmax; returns (label, decode tokens, margin)."""
        node, decode_tokens, margin = self.trie, 0, float("inf")
        while node.label is None:
            allowed = node.allowed()
            if len(allowed) == 1:
                token = allowed[0]
            else:
                logits = _log_softmax(self.engine.last_logits(allowed))
                if node is self.trie and self.bias:
                    logits = logits - np.array([self.bias[t] for t in allowed])
                order = np.argsort(logits)[::-1]
                token = allowed[int(order[0])]
                margin = min(margin, float(logits[order[0]] - logits[order[1]]))
            node = node.children[token]
            if node.label is None:
                self.engine.feed([token])
                decode_tokens += 1
        return node.label, decode_tokens, margin

    def _says_unknown(self) -> bool:
        """The label decision picks ``unknown`` (the out-of-domain gate).

        Decided from the first step's logits when the chosen branch holds only one label or no
        ``unknown`` (always, for SmolLM2); otherwise the labels are walked (decoding tokens).
        """
        unknown = label_of("unknown")
        allowed = self.trie.allowed()
        branch = self.trie.children[allowed[int(np.argmax(self.engine.last_logits(allowed)))]]
        if unknown not in branch.labels():
            return False
        if branch.labels() == {unknown}:
            return True
        return self._decide()[0] == unknown

    def _nearest(self) -> tuple[str, float]:
        """Similarity-weighted vote of the nearest few-shot examples; (intent, vote margin)."""
        sims = self.examples @ self.engine.last_embedding()
        votes: dict[str, float] = {}
        for j in np.argsort(-sims)[: self.neighbours]:
            intent = self.example_intents[int(j)]
            votes[intent] = votes.get(intent, 0.0) + float(sims[j])
        ranked = sorted(votes.values(), reverse=True)
        margin = ranked[0] - (ranked[1] if len(ranked) > 1 else 0.0)
        return max(votes, key=votes.__getitem__), margin

    def _example_states(
        self, few_shot: Sequence[tuple[str, str]], cache_dir: Path | None
    ) -> np.ndarray:
        """Hidden state after each few-shot example given as a query (cached on disk)."""
        file = None
        if cache_dir is not None:
            key = self.engine.cache_key(self.prefix, list(few_shot))
            file = cache_dir / f"examples-{key}.npy"
        queries = (self.engine.tokenize(query_text(text)) for text, _ in few_shot)
        return self.engine.states_after(len(self.prefix), queries, self.engine.last_embedding,
                                        file)

    def _content_free_bias(self) -> dict[int, float]:
        """Mean first-step log-probability of each label on content-free queries.

        Subtracting it (contextual calibration, Zhao et al. 2021) removes the prompt's prior
        towards some labels; the decision is still the model's, computed once at start.
        """
        allowed = self.trie.allowed()
        rows = []
        for text in CONTENT_FREE:
            self.engine.rewind(len(self.prefix))
            self.engine.feed(self.engine.tokenize(query_text(text)))
            rows.append(_log_softmax(self.engine.last_logits(allowed)))
        self.engine.rewind(len(self.prefix))
        mean = np.mean(rows, axis=0)
        return {token: float(v) for token, v in zip(allowed, mean, strict=True)}

    def _restore(self, history_ids: list[int]) -> dict[str, int]:
        """Put prefix + history in the KV cache, reusing what is there or a saved snapshot."""
        engine = self.engine
        target = self.prefix + history_ids
        current = engine.tokens()
        common = 0
        for a, b in zip(current, target, strict=False):
            if a != b:
                break
            common += 1
        hit = 0
        if common < len(target) and history_ids:
            snap = self.sessions.get(tuple(history_ids))
            if snap is not None:
                engine.load_sequence(target, snap.state)
                common, hit = len(target), 1
        engine.rewind(common)
        prefilled = len(target) - common
        engine.feed(target[common:])
        if prefilled and history_ids:
            self.sessions.put(Snapshot(tuple(history_ids), engine.save_sequence()))
        self.reused_tokens += common
        self.prefilled_tokens += prefilled
        return {"reused": common, "prefilled": prefilled, "hit": hit}

    def _pin_situation(self, turns: list[Turn]) -> None:
        history_ids, _ = suffix_tokens("", turns, self.engine.tokenize, self.max_prompt_tokens)
        if not history_ids:
            return
        self.engine.rewind(len(self.prefix))
        self.engine.feed(history_ids)
        self.sessions.pin(Snapshot(tuple(history_ids), self.engine.save_sequence()))
        self.engine.rewind(len(self.prefix))
