"""A few rows of the model's vocabulary projection, computed as llama.cpp's CPU kernel does.

The head reads the logits of 1,024 fixed vocabulary ids after the last token
(:func:`hil.llm.softmax.feature_token_ids`). llama.cpp computes all 49,152 (576 x 49,152 Q8_0
weights, 30 MB read per call); :class:`RowProjection` computes only the rows asked for, from the
final-norm state the engine taps (:meth:`hil.llm.engine.LlamaEngine.feed_to_norm`), the way the
CPU backend's ``Q8_0 x Q8_0`` dot product does: the state quantised to 8 bits per block of 32
(a half-precision scale each), integer block sums, scaled. Equal to llama.cpp's logits up to the
float order of the sum (BENCHMARKS.md, fifteenth session).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

Q8_0 = 8
"""ggml's type id of Q8_0 (blocks of 32 int8 weights with one float16 scale)."""
BLOCK = 32


def output_tensor(model_path: Path) -> tuple[str, int]:
    """The name and ggml type of the model's vocabulary projection (``output.weight``, or the
    token embeddings when they are tied)."""
    import gguf

    reader = gguf.GGUFReader(str(model_path))
    types = {t.name: int(t.tensor_type) for t in reader.tensors}
    name = "output.weight" if "output.weight" in types else "token_embd.weight"
    return name, types[name]


class RowProjection:
    """Rows ``ids`` of a Q8_0 vocabulary projection: ``logits(state)`` gives their logits."""

    def __init__(self, model_path: Path, ids: Sequence[int]) -> None:
        import gguf

        reader = gguf.GGUFReader(str(model_path))
        name, kind = output_tensor(model_path)
        if kind != Q8_0:
            raise ValueError(f"{name} is ggml type {kind}, not Q8_0")
        tensor = next(t for t in reader.tensors if t.name == name)
        rows = np.asarray(tensor.data)[list(ids)]  # (k, blocks * 34) bytes
        blocks = rows.reshape(len(ids), -1, 2 + BLOCK)
        self.scale = blocks[:, :, :2].copy().view(np.float16)[:, :, 0].astype(np.float32)
        self.q = blocks[:, :, 2:].copy().view(np.int8).astype(np.int32)
        self.n_embd = self.q.shape[1] * BLOCK

    def logits(self, state: np.ndarray) -> np.ndarray:
        """The rows' logits for one final-norm state (``n_embd`` floats), float64."""
        x = np.asarray(state, dtype=np.float32).reshape(-1, BLOCK)
        amax = np.abs(x).max(axis=1)
        d = (amax / np.float32(127.0)).astype(np.float16).astype(np.float32)
        with np.errstate(divide="ignore"):
            inv = np.where(amax > 0, np.float32(127.0) / amax, np.float32(0.0))
        qx = np.rint(x * inv[:, None].astype(np.float32)).astype(np.int32)  # half to even
        sums = np.einsum("kbi,bi->kb", self.q, qx)  # integer sums per block
        return (sums.astype(np.float32) * (self.scale * d[None, :])).astype(np.float64).sum(1)


__all__ = ["Q8_0", "RowProjection", "output_tensor"]
