"""The head's depth (:data:`hil.llm.HEAD_LAYERS`) keys every cache built on it.

The head reads the final-norm state of a truncated copy of the model
(:func:`hil.llm.model_files.truncated`); its prefix, training features and fitted head are kept
on disk under keys that name that copy, so a head trained at one depth is never read at another.
On the tiny random-weight GGUF (2 blocks), in ``tmp_path``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import hil.llm as llm
from hil.llm.engine import LlamaEngine
from hil.llm.head import HeadIntentResolver
from hil.llm.model_files import truncated
from tests.fixtures_gguf import LAYERS, write_tiny_llama_gguf

EXAMPLES = [("turn on the ac", "climate_ac_on"), ("ac on please", "climate_ac_on"),
            ("tell me a joke", "unknown"), ("what time is it", "unknown")] * 3


def _head(model: Path, cache: Path) -> HeadIntentResolver:
    engine = LlamaEngine(model, n_threads=1, n_ctx=256, norm_tap=True)
    return HeadIntentResolver(engine, examples=EXAMPLES, cache_dir=cache, realtime=False)


def _cached(cache: Path) -> set[str]:
    return {p.name for p in cache.iterdir() if not p.name.endswith(".lock")}


def test_another_depth_names_other_cache_files(tmp_path: Path) -> None:
    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    cache = tmp_path / "cache"
    whole = _head(src, cache)  # every block (2)
    first = _cached(cache)
    assert {n.split("-")[0] for n in first} >= {"head", "prefix"}
    one = _head(truncated(src, 1, tmp_path), cache)  # the first block only
    second = _cached(cache) - first
    # the features, the fit and the prefix each under a new name: nothing of the other read
    assert len([n for n in second if n.startswith("head-fit-")]) == 1
    assert len([n for n in second if n.startswith("head-") and n.endswith(".npy")]) == 1
    assert len([n for n in second if n.startswith("prefix-")]) == 1
    assert not np.array_equal(one.head.w, whole.head.w)
    again = _head(truncated(src, 1, tmp_path), cache)  # the same depth: read back, not rebuilt
    assert _cached(cache) == first | second
    assert np.array_equal(again.head.w, one.head.w)


def test_default_resolver_truncates_to_the_head_depth(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    """The depth the head is built at is :data:`HEAD_LAYERS` unless a caller says another."""
    import hil.llm.model_files as model_files

    asked: list[int] = []

    class Stop(Exception):
        pass

    def record(src: Path, layers: int, folder: Path | None = None) -> Path:
        asked.append(layers)
        raise Stop

    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    monkeypatch.setattr(model_files, "requantized", lambda path, quant, n_threads=2: path)
    monkeypatch.setattr(model_files, "truncated", record)
    for layers in (None, LAYERS - 1):
        with pytest.raises(Stop):
            llm.default_resolver(str(src), n_threads=1, quant=None, layers=layers)
    assert asked == [llm.HEAD_LAYERS, LAYERS - 1]
