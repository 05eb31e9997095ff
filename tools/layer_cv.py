"""Which depth the head could read: the hidden state after several blocks in one pass, then
:mod:`tools.grouped_cv`'s folds by writer per depth, on cached features.

``PYTHONPATH=. python tools/layer_cv.py --layers 4,6,8 [--raw] [--features F.npz] FILE ...``

The head reads the final-norm state of a truncated copy of the model (:data:`hil.llm.HEAD_LAYERS`
blocks) through the rows of the vocabulary projection it keeps (:mod:`hil.llm.projection`).
Here the shipped copy is fed once: llama.cpp's eval callback copies the last token's state after
each block asked for (``l_out-N``, block ``N + 1``) and the final norm; the model's own final
norm (its weight and epsilon) is applied to each block's state (``--raw``: also without it), and
the same rows project it. A depth below the copy's computes what a copy truncated there
computes: the first blocks are the same graph (``tests/test_layer_cv.py``; on the shipped model
the norm applied here to block 10's state is llama.cpp's to ~6e-6, the rows project it to its
logits to ~1e-5, and asking for the blocks changes nothing: the head's 8,561 training features
came out bit for bit). Then each FILE is left out in turn and its single-command lines answered
per depth (:func:`tools.grouped_cv.score_file`: the head refitted without the file, the n-grams
the same), one JSON line per depth and file, and one per depth for all files. Fits are cached
by their inputs (``~/.cache/cabin-twin/gcv-*``); the states with ``--features``. Development
files only.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from hil.llm import HEAD_FLASH_ATTN, HEAD_LAYERS, HEAD_QUANT
from hil.llm.clauses import focus
from hil.llm.engine import _GGML, LlamaEngine
from hil.llm.head import HEAD_WEIGHTS, PREFIX
from hil.llm.model_files import checked_model_path, requantized, truncated
from hil.llm.projection import RowProjection
from hil.llm.softmax import feature_token_ids
from hil.llm.training import BLIND_HOLDOUTS, training_examples
from twin.assistant.queries import load_queries
from twin.assistant.resolver import MAX_PROMPT_TOKENS

FINAL = 0
"""The key of the final-norm state (``result_norm``) among a tap's blocks."""


class BlockTap(LlamaEngine):
    """An engine whose eval callback copies, per decode, the state after each block in
    :attr:`blocks` (all the batch's tokens) and the final norm (the outputs' tokens)."""

    blocks: tuple[int, ...] = ()
    got: dict[int, np.ndarray]

    def _on_node(self, tensor: int, ask: bool, _data: object) -> bool:
        if not self.blocks:  # not reading (the prefix, a warm-up): ask for nothing
            return not ask
        name = _GGML.ggml_get_name(tensor)
        wanted = {f"l_out-{k - 1}".encode(): k for k in self.blocks} | {b"result_norm": FINAL}
        if ask:
            return name in wanted
        n = int(_GGML.ggml_nelements(tensor))
        data = np.ctypeslib.as_array(_GGML.ggml_get_data_f32(tensor), shape=(n,))
        self.got[wanted[name]] = data.reshape(-1, self.n_embd).copy()
        return True


def block_states(engine: BlockTap, prefix_len: int, queries: Sequence[Sequence[int]],
                 blocks: Sequence[int]) -> dict[int, np.ndarray]:
    """Each query's last-token state after each of ``blocks`` and the final norm (key
    :data:`FINAL`), fed after the first ``prefix_len`` cached tokens as the head's training
    examples are (:meth:`LlamaEngine.states_after`): one row per query."""
    engine.blocks, engine.got = tuple(blocks), {}
    rows: dict[int, list[np.ndarray]] = {k: [] for k in (*blocks, FINAL)}

    def read() -> np.ndarray:
        end, seq = engine._out
        outputs = engine.got[FINAL].shape[0]
        for k, states in engine.got.items():
            if states.shape[0] == outputs:  # the outputs' rows only (the last block, the norm)
                rows[k].append(states[seq - 1 if end >= 0 else outputs - 1])
            else:  # every token of the batch
                rows[k].append(states[end if end >= 0 else states.shape[0] - 1])
        return np.zeros(1)

    engine.states_after(prefix_len, queries, read)
    engine.blocks = ()
    return {k: np.stack(v) for k, v in rows.items()}


def output_norm(model_path: Path) -> tuple[np.ndarray, float, int]:
    """The model's final RMS norm (its weight and epsilon) and its vocabulary's size."""
    import gguf

    reader = gguf.GGUFReader(str(model_path))
    arch = str(reader.fields["general.architecture"].contents())
    weight = next(t for t in reader.tensors if t.name == "output_norm.weight")
    eps = float(reader.fields[f"{arch}.attention.layer_norm_rms_epsilon"].contents())
    vocab = len(reader.fields["tokenizer.ggml.tokens"].data)
    return np.asarray(weight.data, dtype=np.float32), eps, vocab


def final_norm(states: np.ndarray, weight: np.ndarray, eps: float) -> np.ndarray:
    """The final RMS norm of each row, as llama.cpp computes it (float32)."""
    h = states.astype(np.float32)
    return (h / np.sqrt((h * h).mean(axis=-1, keepdims=True) + eps)) * weight


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--layers", required=True,
                        help=f"blocks to read, comma-separated, each below {HEAD_LAYERS}")
    parser.add_argument("--raw", action="store_true", help="also without the final norm")
    parser.add_argument("--features", type=Path, default=None, help="keep the states here")
    args = parser.parse_args(argv)
    blocks = sorted({int(k) for k in args.layers.split(",")})
    if not all(1 <= k < HEAD_LAYERS for k in blocks):
        parser.error(f"--layers: each in 1..{HEAD_LAYERS - 1} (the shipped copy's depth)")
    if any(part in BLIND_HOLDOUTS for f in args.files for part in f.parts):
        parser.error("a blind hold-out is never cross-validated")
    sys.path.insert(0, str(Path(__file__).resolve().parent))  # the tools are scripts
    from grouped_cv import _shown, score_file

    path = truncated(requantized(checked_model_path(None), HEAD_QUANT), HEAD_LAYERS)
    examples = list(training_examples())
    train = [t for t, _ in examples]
    extra = sorted({focus(q.text).text for f in args.files for q in load_queries(f)} - set(train))
    texts = train + extra
    if args.features is not None and args.features.is_file():
        saved = np.load(args.features, allow_pickle=True)
        if list(saved["texts"]) != texts:
            parser.error(f"{args.features}: other texts; remove it")
        states = {int(k[1:]): saved[k] for k in saved.files if k != "texts"}
    else:
        engine = BlockTap(path, norm_tap=True, flash_attn=HEAD_FLASH_ATTN)
        prefix = engine.tokenize(PREFIX, bos=True)
        engine.compile_prefix(prefix, None)

        def ids(batch: list[str]) -> list[list[int]]:
            return [engine.tokenize(" " + t.strip())[-MAX_PROMPT_TOKENS:] for t in batch]

        # the training set in one call, the files' lines in another: as the head embeds them
        parts = [block_states(engine, len(prefix), ids(b), blocks) for b in (train, extra) if b]
        states = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
        if args.features is not None:
            np.savez(args.features, texts=np.array(texts, dtype=object),
                     **{f"k{k}": v for k, v in states.items()})
    weight, eps, vocab = output_norm(path)
    rows = RowProjection.read(path, feature_token_ids(vocab))
    variants = {f"{HEAD_LAYERS} (the head's)": states[FINAL]}
    for k in blocks:
        variants[f"{k}"] = final_norm(states[k], weight, eps)
        if args.raw:
            variants[f"{k} raw"] = states[k].astype(np.float32)
    for name, normed in variants.items():
        features = dict(zip(texts, (rows.logits(r).astype(np.float64) for r in normed),
                            strict=True))
        total: Counter[str] = Counter()
        for f in args.files:
            tally, _ = score_file(f, features, examples, HEAD_WEIGHTS)
            total.update(tally)
            print(json.dumps({"blocks": name, "file": f.parent.name, **_shown(tally)}),
                  flush=True)
        print(json.dumps({"blocks": name, "file": "all", **_shown(total)}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
