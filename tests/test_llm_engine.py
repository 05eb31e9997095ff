"""Engine and resolver mechanics on a tiny random-weight GGUF (loads in milliseconds).

The tiny model's answers are meaningless; these tests check structure: loading, the GBNF grammar,
that the prefix stays in the KV cache, that truncation and snapshots reproduce the same logits,
and the session cache's hits and eviction.
"""

from __future__ import annotations

import json
from pathlib import Path

import llama_cpp
import numpy as np
import pytest

from hil.llm.engine import PARALLEL_SEQS, LlamaEngine
from hil.llm.grammar import intent_gbnf
from hil.llm.model_files import checked_model_path
from hil.llm.prompt import query_text
from hil.llm.resolver import LlamaIntentResolver
from tests.fixtures_gguf import write_tiny_llama_gguf
from twin.assistant.intents import INTENTS
from twin.assistant.resolver import IntentResolver, Turn
from twin.errors import InputError


@pytest.fixture(scope="module")
def tiny_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tiny_llama_gguf(tmp_path_factory.mktemp("gguf") / "tiny.gguf", seed=7)


@pytest.fixture
def engine(tiny_gguf: Path) -> LlamaEngine:
    return LlamaEngine(tiny_gguf, n_threads=1, n_ctx=4096)


@pytest.fixture
def resolver(engine: LlamaEngine) -> LlamaIntentResolver:
    return LlamaIntentResolver(engine, session_capacity=3)


def test_model_path_checks(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="existing"):
        checked_model_path(tmp_path / "missing.gguf")
    bogus = tmp_path / "bogus.gguf"
    bogus.write_bytes(b"NOPE" + bytes(16))
    with pytest.raises(InputError, match="magic"):
        checked_model_path(bogus)


def test_engine_loads_and_truncation_reproduces_logits(engine: LlamaEngine) -> None:
    prefix = engine.tokenize("classify the command", bos=True)
    engine.compile_prefix(prefix)
    suffix_a = engine.tokenize(" turn on the fan")
    suffix_b = engine.tokenize(" play music")
    engine.feed(suffix_a)
    first = engine.last_logits()
    engine.rewind(len(prefix))
    engine.feed(suffix_b)
    other = engine.last_logits()
    engine.rewind(len(prefix))
    engine.feed(suffix_a)
    again = engine.last_logits()
    assert engine.tokens() == prefix + suffix_a
    assert not np.allclose(first, other)
    np.testing.assert_allclose(again, first, rtol=1e-4, atol=1e-4)


def test_sequence_snapshot_restores_state(engine: LlamaEngine) -> None:
    tokens = engine.tokenize("command: set temperature", bos=True)
    engine.compile_prefix(tokens)
    state = engine.save_sequence()
    engine.feed(engine.tokenize(" warmer"))
    expected = engine.last_logits()
    engine.rewind(0)
    engine.feed(engine.tokenize("something else entirely", bos=True))
    engine.load_sequence(tokens, state)
    assert engine.n_past == len(tokens)
    engine.feed(engine.tokenize(" warmer"))
    np.testing.assert_allclose(engine.last_logits(), expected, rtol=1e-4, atol=1e-4)


def test_gbnf_grammar_constrains_generation(engine: LlamaEngine) -> None:
    grammar = llama_cpp.LlamaGrammar.from_string(intent_gbnf(), verbose=False)
    out = engine.llm.create_completion(
        "command: make it warmer ->", grammar=grammar, max_tokens=200, temperature=0.0
    )
    answer = json.loads(out["choices"][0]["text"])
    assert answer["intent"] in INTENTS
    assert INTENTS[answer["intent"]].accepts(answer["value"])


def test_resolver_answers_json_and_keeps_prefix(resolver: LlamaIntentResolver) -> None:
    assert isinstance(resolver, IntentResolver)
    engine = resolver.engine
    for query in ("turn on the ac", "把温度调到22度", "next song"):
        result = resolver.resolve(query, [], "en", deadline_ms=5000.0)  # set, never reached
        answer = json.loads(result.raw)
        assert answer["intent"] in INTENTS and isinstance(answer["feedback"], str)
        assert result.timings["reused_tokens"] == len(resolver.prefix)
        assert result.timings["prefill_tokens"] == len(engine.tokenize(query_text(query)))
        assert result.ms == result.timings["total_ms"] > 0
        assert {"prompt_eval_ms", "eval_ms", "decode_tokens", "abandoned"} <= set(
            result.timings
        )
        assert engine.tokens()[: len(resolver.prefix)] == resolver.prefix
    assert resolver.prefix_reuse_ratio > 1.0


def test_resolver_is_deterministic(resolver: LlamaIntentResolver) -> None:
    history = [Turn("turn on the ac", "climate_ac_on")]
    first = [resolver.resolve(q, history, "en").raw for q in ("warmer", "fan", "louder")]
    second = [resolver.resolve(q, history, "en").raw for q in ("warmer", "fan", "louder")]
    assert first == second


def test_session_cache_hits_and_evicts(resolver: LlamaIntentResolver) -> None:
    sessions = resolver.sessions
    pinned = sessions.pinned
    assert pinned > 0  # warm situations
    conversations = [[Turn(f"play song {i}", "media_play")] for i in range(5)]
    for history in conversations:
        resolver.resolve("louder", history, "en")
    assert len(sessions) == 3 and sessions.evictions == 2
    resolver.resolve("louder", conversations[0], "en")  # evicted: prefilled again
    resolver.resolve("quieter", conversations[3], "en")  # cached: restored, no history prefill
    result = resolver.resolve("mute", conversations[4], "en")
    assert result.timings["session_hit"] == 1.0
    assert result.timings["prefill_tokens"] == len(resolver.engine.tokenize(query_text("mute")))
    warm = [Turn("打开空调", "climate_ac_on")]
    resolver.resolve("louder", conversations[1], "en")
    assert resolver.resolve("再开点风", warm, "zh-CN").timings["session_hit"] == 1.0
    assert sessions.pinned == pinned


def test_session_restore_matches_fresh_prefill(tiny_gguf: Path) -> None:
    history = [Turn("set the fan to 3", "climate_set_fan", 3)]
    engine = LlamaEngine(tiny_gguf, n_threads=1, n_ctx=4096)
    cached = LlamaIntentResolver(engine, session_capacity=5)
    cached.resolve("warmer", history, "en")
    cached.resolve("louder", [], "en")  # moves the cache away from this conversation
    restored = cached.resolve("fan up", history, "en")
    assert restored.timings["session_hit"] == 1.0
    fresh = LlamaIntentResolver(LlamaEngine(tiny_gguf, n_threads=1, n_ctx=4096), session_capacity=0)
    assert fresh.resolve("fan up", history, "en").raw == restored.raw


def test_compiled_prefix_is_cached_on_disk(tiny_gguf: Path, tmp_path: Path) -> None:
    first = LlamaEngine(tiny_gguf, n_threads=1, n_ctx=512)
    prefix = first.tokenize("classify the command: turn on the fan", bos=True)
    first.compile_prefix(prefix, tmp_path)
    assert not first.prefix_from_cache and len(list(tmp_path.glob("prefix-*.kv"))) == 1
    query = first.tokenize(" play music ->")
    first.feed(query)
    expected = first.last_logits()

    second = LlamaEngine(tiny_gguf, n_threads=1, n_ctx=512)
    second.compile_prefix(prefix, tmp_path)
    assert second.prefix_from_cache and second.tokens() == prefix
    second.feed(query)
    np.testing.assert_allclose(second.last_logits(), expected, rtol=1e-4, atol=1e-4)
    other = second.tokenize("a different prefix", bos=True)
    second.compile_prefix(other, tmp_path)
    assert not second.prefix_from_cache and len(list(tmp_path.glob("prefix-*.kv"))) == 2


def test_deadline_abandons_and_rolls_back(resolver: LlamaIntentResolver) -> None:
    engine = resolver.engine
    expected = resolver.resolve("turn on the fan", [], "en").raw
    kept = engine.n_past
    late = resolver.resolve("turn on the fan", [Turn("play music", "media_play")], "en", 1e-6)
    assert late.raw == "" and late.timings["abandoned"] == 1.0 and resolver.abandoned == 1
    assert engine.tokens()[: len(resolver.prefix)] == resolver.prefix and engine.n_past <= kept
    assert engine._deadline is None
    # the engine is usable afterwards and answers as before
    assert resolver.resolve("turn on the fan", [], "en").raw == expected
    assert resolver.resolve("turn on the fan", [], "en", deadline_ms=60_000).raw == expected


def test_neighbours_decision_finds_its_own_examples(tiny_gguf: Path, tmp_path: Path) -> None:
    few_shot = [
        ("turn on the fan", "climate_set_fan"),
        ("play music", "media_play"),
        ("set temperature to 21", "climate_set_temperature"),
        ("go home", "navigate_home"),
    ]
    engine = LlamaEngine(tiny_gguf, n_threads=1, n_ctx=4096, embeddings=True)
    resolver = LlamaIntentResolver(
        engine, few_shot=few_shot, decision="neighbours", neighbours=1, prefix_cache_dir=tmp_path
    )
    assert resolver.examples.shape == (4, engine.n_embd)
    np.testing.assert_allclose(np.linalg.norm(resolver.examples, axis=1), 1.0, rtol=1e-6)
    for text, intent in few_shot:
        result = resolver.resolve(text, [], "en")
        assert json.loads(result.raw)["intent"] == intent
        assert result.timings["decode_tokens"] == 0
    assert len(list(tmp_path.glob("examples-*.npy"))) == 1
    again = LlamaIntentResolver(
        LlamaEngine(tiny_gguf, n_threads=1, n_ctx=4096, embeddings=True),
        few_shot=few_shot, decision="neighbours", prefix_cache_dir=tmp_path,
    )  # fmt: skip
    assert again.engine.prefix_from_cache
    np.testing.assert_allclose(again.examples, resolver.examples)


def test_neighbours_decision_needs_hidden_states(engine: LlamaEngine) -> None:
    with pytest.raises(ValueError, match="embeddings"):
        LlamaIntentResolver(engine, decision="neighbours")
    with pytest.raises(ValueError, match="decision"):
        LlamaIntentResolver(engine, decision="vibes")  # type: ignore[arg-type]


def test_gated_decision_is_labels_gate_then_neighbours(tiny_gguf: Path) -> None:
    def make(decision: str) -> LlamaIntentResolver:
        engine = LlamaEngine(tiny_gguf, n_threads=1, n_ctx=4096, embeddings=True)
        return LlamaIntentResolver(engine, decision=decision, warm_situations=())  # type: ignore[arg-type]

    labels, neighbours, gated = make("labels"), make("neighbours"), make("gated")
    seen = set()
    for query in ("turn on the fan", "play music", "what is the weather", "home", "a", "set it"):
        by_label = json.loads(labels.resolve(query, [], "en").raw)["intent"]
        nearest = json.loads(neighbours.resolve(query, [], "en").raw)["intent"]
        expected = "unknown" if by_label == "unknown" else nearest
        assert json.loads(gated.resolve(query, [], "en").raw)["intent"] == expected
        seen.add(by_label == "unknown")
    assert False in seen  # the neighbours branch was exercised


def test_contextual_calibration_shifts_first_step(tiny_gguf: Path) -> None:
    engine = LlamaEngine(tiny_gguf, n_threads=1, n_ctx=4096)
    plain = LlamaIntentResolver(engine, warm_situations=())
    assert plain.bias == {}
    calibrated = LlamaIntentResolver(
        LlamaEngine(tiny_gguf, n_threads=1, n_ctx=4096), warm_situations=(), calibrate=True
    )
    assert set(calibrated.bias) == set(calibrated.trie.allowed())
    assert all(v <= 0.0 for v in calibrated.bias.values())  # mean log-probabilities
    answer = json.loads(calibrated.resolve("turn on the fan", [], "en").raw)
    assert answer["intent"] in INTENTS


def test_mean_pooling_is_the_mean_of_the_query_tokens_states(tmp_path: Path) -> None:
    # the head's features (hil.llm.HEAD_POOLING): the query's tokens only, not the cached prefix
    gguf = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=11)
    mean = LlamaEngine(gguf, n_threads=1, n_ctx=256, embeddings=True, pooling="mean")
    last = LlamaEngine(gguf, n_threads=1, n_ctx=256, embeddings=True)
    prefix = mean.tokenize("In-car voice command:", bos=True)
    query = mean.tokenize(" turn the fan up a bit")
    for engine in (mean, last):
        engine.feed(prefix)
    mean.feed(query)
    states = []
    for token in query:  # one token per batch: each token's own state
        last.feed([token])
        states.append(last.last_embedding(unit=False))
    pooled = mean.last_embedding(unit=False)
    assert np.allclose(pooled, np.mean(states, axis=0), atol=1e-4)
    assert not np.allclose(pooled, states[-1], atol=1e-3)
    assert mean.cache_key("x") != last.cache_key("x")  # cached features are kept apart


def test_an_unknown_pooling_is_refused(tmp_path: Path) -> None:
    gguf = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=11)
    with pytest.raises(ValueError, match="pooling"):
        LlamaEngine(gguf, n_threads=1, n_ctx=256, embeddings=True, pooling="max")


@pytest.mark.parametrize(("embeddings", "pooling"), [(False, "last"), (True, "last"),
                                                      (True, "mean")])
def test_states_after_decodes_several_queries_as_one_at_a_time(
    tiny_gguf: Path, embeddings: bool, pooling: str
) -> None:
    # the head's training set is embedded PARALLEL_SEQS queries a decode: each row must be what
    # feeding that query alone after the prefix gives, in the queries' order, and the cache must
    # hold the prefix alone after
    engine = LlamaEngine(tiny_gguf, n_threads=1, n_ctx=1024, embeddings=embeddings,
                         pooling=pooling)
    prefix = engine.tokenize("In-car voice command:", bos=True)
    engine.compile_prefix(prefix)
    words = ["turn on the fan", "play music", "warmer", "open the window a bit please",
             "next", "set the temperature to 22 degrees", "mute"]
    queries = [engine.tokenize(f" {words[i % len(words)]} {i}") for i in range(3 * PARALLEL_SEQS)]
    queries[5] = engine.tokenize(" fan" * 70)  # longer than a batch (n_batch 256): fed alone
    assert len(queries[5]) > 256

    def read() -> np.ndarray:
        return engine.last_embedding() if embeddings else engine.last_logits()

    together = engine.states_after(len(prefix), queries, read)
    assert engine.tokens() == prefix
    assert llama_cpp.llama_memory_seq_pos_max(engine.llm._ctx.memory, 1) == -1  # dropped
    alone = []
    for ids in queries:
        engine.rewind(len(prefix))
        engine.feed(ids)
        alone.append(read())
    assert together.shape == (len(queries), len(alone[0]))
    np.testing.assert_allclose(together, np.stack(alone), rtol=1e-3, atol=1e-3)
    assert not np.allclose(together[0], together[1], atol=1e-2)  # distinct queries, distinct rows
