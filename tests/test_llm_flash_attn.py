"""The head's fused attention (:data:`hil.llm.HEAD_FLASH_ATTN`) keys every cache built on it.

llama.cpp's fused attention sums in another order than the plain one and keeps the V cache
untransposed, so a prefix, training features or a fitted head made with one is never read by the
other: the engine's cache key names it. On the tiny random-weight GGUF, in ``tmp_path``.
"""

from __future__ import annotations

from pathlib import Path

import llama_cpp
import numpy as np
import pytest

import hil.llm as llm
from hil.llm.engine import LlamaEngine
from hil.llm.head import HeadIntentResolver
from tests.fixtures_gguf import write_tiny_llama_gguf

EXAMPLES = [("turn on the ac", "climate_ac_on"), ("ac on please", "climate_ac_on"),
            ("tell me a joke", "unknown"), ("what time is it", "unknown")] * 3


def _engine(model: Path, flash_attn: bool) -> LlamaEngine:
    return LlamaEngine(model, n_threads=1, n_ctx=256, norm_tap=True, flash_attn=flash_attn)


def _cached(cache: Path) -> set[str]:
    return {p.name for p in cache.iterdir() if not p.name.endswith(".lock")}


def test_the_fused_attention_is_asked_of_llama_cpp(tmp_path: Path) -> None:
    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    fused, plain = _engine(src, True), _engine(src, False)
    assert fused.llm.context_params.flash_attn_type == llama_cpp.LLAMA_FLASH_ATTN_TYPE_ENABLED
    assert plain.llm.context_params.flash_attn_type == llama_cpp.LLAMA_FLASH_ATTN_TYPE_DISABLED
    # the same model read either way: the final-norm states agree to the fused sums' rounding
    states = []
    for engine in (fused, plain):
        prefix = engine.tokenize("classify the command", bos=True)
        engine.compile_prefix(prefix)
        states.append(engine.feed_to_norm(engine.tokenize(" turn on the fan")))
    assert np.allclose(states[0], states[1], atol=0.05)


def test_the_fused_attention_names_other_cache_files(tmp_path: Path) -> None:
    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    cache = tmp_path / "cache"
    plain = _engine(src, False)
    assert _engine(src, True).cache_key("x") != plain.cache_key("x")
    HeadIntentResolver(plain, examples=EXAMPLES, cache_dir=cache, realtime=False)
    first = _cached(cache)
    HeadIntentResolver(_engine(src, True), examples=EXAMPLES, cache_dir=cache, realtime=False)
    second = _cached(cache) - first
    # the features, the fit and the prefix each under a new name: nothing of the other read
    assert len([n for n in second if n.startswith("head-fit-")]) == 1
    assert len([n for n in second if n.startswith("head-") and n.endswith(".npy")]) == 1
    assert len([n for n in second if n.startswith("prefix-")]) == 1
    HeadIntentResolver(_engine(src, True), examples=EXAMPLES, cache_dir=cache, realtime=False)
    assert _cached(cache) == first | second  # read back, not rebuilt


def test_default_resolver_builds_the_head_with_the_fused_attention(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The head's engine asks for :data:`HEAD_FLASH_ATTN`; the other decisions never do."""
    import hil.llm.engine as engine_module
    import hil.llm.model_files as model_files

    asked: list[bool] = []

    class Stop(Exception):
        pass

    def record(*args: object, flash_attn: bool = False, **kwargs: object) -> None:
        asked.append(flash_attn)
        raise Stop

    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    monkeypatch.setattr(model_files, "requantized", lambda path, quant, n_threads=2: path)
    monkeypatch.setattr(model_files, "truncated", lambda path, layers, folder=None: path)
    monkeypatch.setattr(engine_module, "LlamaEngine", record)
    for decision in ("head", "labels"):
        with pytest.raises(Stop):
            llm.default_resolver(str(src), n_threads=1, quant=None, decision=decision)
    assert asked == [llm.HEAD_FLASH_ATTN, False]
    assert llm.HEAD_FLASH_ATTN is True
