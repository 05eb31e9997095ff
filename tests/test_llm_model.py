"""SmolLM2-135M itself (``-m model``): the shipped file, re-quantisation, a precision floor on
what the default (abstaining) head acts on, and direction safety."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hil.llm.evaluate import DEV_SET, evaluate, load_queries
from hil.llm.model_files import default_model_path, requantized
from twin.assistant.intents import INTENTS
from twin.assistant.resolver import Turn

pytestmark = pytest.mark.model

PRECISION_FLOOR = 0.8


@pytest.fixture(scope="module")
def smollm2():
    from hil.llm import default_resolver

    # one thread: with 2 threads on 2 shared cores, llama.cpp's spinning thread barrier turns a
    # busy neighbour into multi-second tails (see the benchmark); tests check behaviour, not speed
    return default_resolver(n_threads=1)


def test_default_model_is_the_shipped_gguf() -> None:
    path = default_model_path()
    assert path.name.endswith(".gguf") and "SmolLM2" in path.name
    assert path.read_bytes()[:4] == b"GGUF"


def test_smollm2_decides_from_the_kv_prefix(smollm2) -> None:
    queries = load_queries(DEV_SET)
    smollm2.reset_counters()
    report = evaluate(smollm2, queries)
    assert report["queries"] == len(queries)
    # the head abstains when unsure: what is judged is what it acts on, not its coverage
    acted = [(q, json.loads(smollm2.resolve(q.text, [], q.lang).raw)) for q in queries]
    acted = [(q, a) for q, a in acted if a["intent"] != "unknown"]
    assert acted, "the head acted on none of the dev queries"
    right = sum(a["intent"] == q.intent for q, a in acted)
    assert right / len(acted) >= PRECISION_FLOOR, (right, len(acted))
    result = smollm2.resolve("turn on the air conditioner", [], "en")
    answer = json.loads(result.raw)
    assert answer["intent"] in INTENTS
    assert result.timings["reused_tokens"] == len(smollm2.prefix)
    assert result.timings["prefill_tokens"] < 16
    # history is compact state, never re-prefilled: a follow-up costs what a first turn costs
    turns = [Turn("打开空调", "climate_ac_on"), Turn("调到26度", "climate_set_temperature", 26)]
    follow = smollm2.resolve("turn on the air conditioner", turns, "en")
    assert follow.timings["prefill_tokens"] == result.timings["prefill_tokens"]


def test_smollm2_head_never_acts_against_the_words(smollm2) -> None:
    """Contrastive pairs written for this test: whatever the head thinks, an answer that acts
    must not go against the direction the words say (it asks back instead)."""
    pairs = [
        ("I'm freezing back here", "climate_temperature_down"),
        ("it's boiling, do something", "climate_temperature_up"),
        ("the music is way too quiet", "media_volume_down"),
        ("太吵了吧", "media_volume_up"),
    ]
    for text, wrong in pairs:
        answer = json.loads(smollm2.resolve(text, [], "zh-CN" if text[0] > "~" else "en").raw)
        assert answer["intent"] != wrong, (text, answer)


def test_requantise_once_into_cache(tmp_path: Path) -> None:
    from hil.llm.engine import LlamaEngine

    out = requantized(default_model_path(), "q4_0", folder=tmp_path)
    stamp = out.stat().st_mtime_ns
    assert requantized(default_model_path(), "q4_0", folder=tmp_path) == out
    assert out.stat().st_mtime_ns == stamp
    engine = LlamaEngine(out, n_threads=1, n_ctx=64)
    engine.feed(engine.tokenize("turn on the ac", bos=True))
    assert engine.last_logits().shape == (engine.n_vocab,)
