"""``tools/layer_cv.py``: a block's state read in one pass is what a copy truncated there
computes, normed as llama.cpp norms; bad arguments are refused before any model is loaded.
On the tiny random-weight GGUF (2 blocks, float weights), in ``tmp_path``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from hil.llm import HEAD_LAYERS
from hil.llm.engine import LlamaEngine
from hil.llm.model_files import truncated
from tests.fixtures_gguf import EMBED, LAYERS, write_tiny_llama_gguf
from tests.helpers import load_tool

TEXTS = ["turn on the fan", "set the temperature to warmer", "play music", "volume"]


def test_a_block_read_in_one_pass_is_the_truncated_copy(tmp_path: Path) -> None:
    tool = load_tool("layer_cv")
    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    tap = tool.BlockTap(src, n_threads=1, n_ctx=256, norm_tap=True)
    prefix = tap.tokenize("intent:", bos=True)
    tap.compile_prefix(prefix, None)
    queries = [tap.tokenize(" " + t) for t in TEXTS]
    states = tool.block_states(tap, len(prefix), queries, (1, LAYERS))
    assert {k: v.shape for k, v in states.items()} == {
        k: (len(TEXTS), EMBED) for k in (1, LAYERS, tool.FINAL)}
    weight, eps, vocab = tool.output_norm(src)
    assert eps == pytest.approx(1e-5) and weight.shape == (EMBED,) and vocab == tap.n_vocab
    # the last block's state, normed here, is llama.cpp's own final norm
    assert np.allclose(tool.final_norm(states[LAYERS], weight, eps), states[tool.FINAL],
                       rtol=1e-5, atol=1e-5)
    # block 1 of the whole model, normed here, is what the copy of its first block reads
    one = LlamaEngine(truncated(src, 1, tmp_path), n_threads=1, n_ctx=256, norm_tap=True)
    one.compile_prefix(prefix, None)
    alone = []
    for ids in queries:
        one.rewind(len(prefix))
        alone.append(one.feed_to_norm(ids))
    assert np.allclose(tool.final_norm(states[1], weight, eps), np.stack(alone), atol=1e-4)
    assert not np.allclose(states[1], states[LAYERS], atol=1e-2)  # another block, other states


@pytest.mark.parametrize("args", [["--layers", str(HEAD_LAYERS), "a.jsonl"],
                                  ["--layers", "0", "a.jsonl"],
                                  ["--layers", "6", "scenarios/queries/holdout30/natural.jsonl"]])
def test_bad_arguments_are_refused_before_any_load(args: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        load_tool("layer_cv").main(args)
    assert stop.value.code == 2
    assert ": error: " in capsys.readouterr().err
