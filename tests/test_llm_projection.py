"""The head's feature rows computed from the final-norm state (:mod:`hil.llm.projection`) equal
llama.cpp's own logits of those ids, on a tiny random-weight model re-quantised to Q8_0."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from hil.llm.engine import LlamaEngine
from hil.llm.head import _projection
from hil.llm.model_files import requantized
from hil.llm.projection import Q8_0, RowProjection, output_tensor
from tests.fixtures_gguf import write_tiny_llama_gguf


@pytest.fixture(scope="module")
def q8_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("gguf")
    return requantized(write_tiny_llama_gguf(folder / "tiny.gguf", seed=11), "q8_0", folder)


@pytest.fixture(scope="module")
def tapped(q8_gguf: Path) -> LlamaEngine:
    return LlamaEngine(q8_gguf, n_threads=1, n_ctx=512, norm_tap=True)


def test_rows_equal_llama_logits_after_the_prefix(tapped: LlamaEngine, q8_gguf: Path) -> None:
    assert output_tensor(q8_gguf) == ("output.weight", Q8_0)
    ids = [0, 3, 5, 17, tapped.n_vocab - 1]
    rows = RowProjection.read(q8_gguf, ids)
    prefix = tapped.tokenize("classify the command", bos=True)
    tapped.compile_prefix(prefix)
    for text in (" turn on the fan", " play music", " set the temperature to a warmer seat"):
        query = tapped.tokenize(text)
        tapped.rewind(len(prefix))
        tapped.feed(query)
        full = tapped.last_logits(ids).astype(np.float64)
        tapped.rewind(len(prefix))
        state = tapped.feed_to_norm(query)
        assert state.shape == (tapped.n_embd,)
        assert tapped.n_past == len(prefix) + len(query)  # the KV cache holds the whole query
        np.testing.assert_allclose(rows.logits(state), full, rtol=1e-4, atol=1e-4 * abs(full).max())
    # a next feed (no tap) computes the vocabulary again: the logits of the same text agree
    tapped.rewind(len(prefix))
    tapped.feed(tapped.tokenize(" play music"))
    again = tapped.last_logits(ids)
    tapped.rewind(len(prefix))
    np.testing.assert_allclose(rows.logits(tapped.feed_to_norm(tapped.tokenize(" play music"))),
                               again, rtol=1e-4, atol=1e-4 * abs(again).max())


def test_a_zero_state_gives_zero_logits(q8_gguf: Path) -> None:
    rows = RowProjection.read(q8_gguf, [1, 2])
    assert rows.logits(np.zeros(rows.n_embd)).tolist() == [0.0, 0.0]


def test_the_tap_needs_its_option_and_q8_0(q8_gguf: Path, tmp_path: Path) -> None:
    plain = LlamaEngine(q8_gguf, n_threads=1, n_ctx=256)
    with pytest.raises(RuntimeError, match="norm_tap"):
        plain.feed_to_norm(plain.tokenize(" play music"))
    assert _projection(plain, [1, 2], tmp_path) is None  # no tap: llama.cpp's logits
    f32 = write_tiny_llama_gguf(tmp_path / "f32.gguf", seed=11)
    assert output_tensor(f32)[1] != Q8_0
    with pytest.raises(ValueError, match="not Q8_0"):
        RowProjection.read(f32, [1])
    tapped_f32 = LlamaEngine(f32, n_threads=1, n_ctx=256, norm_tap=True)
    assert _projection(tapped_f32, [1], None) is None
    assert _projection(tapped_f32, [1], tmp_path) is None  # remembered as not Q8_0
    assert _projection(tapped_f32, [1], tmp_path) is None


def test_kept_rows_equal_the_read_ones(q8_gguf: Path, tmp_path: Path) -> None:
    ids = [2, 4, 9]
    file = tmp_path / "rows.npz"
    first = RowProjection.load(q8_gguf, ids, file)
    assert first is not None and file.is_file()
    kept = RowProjection.load(q8_gguf, ids, file)  # from the file this time
    read = RowProjection.read(q8_gguf, ids)
    assert kept is not None
    state = np.linspace(-1.0, 2.0, read.n_embd)
    assert kept.logits(state).tolist() == read.logits(state).tolist()
    assert np.abs(read.logits(state)).max() > 0
