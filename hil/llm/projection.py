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

from hil.llm.cache_files import cached, load_npz, save_npz

Q8_0 = 8
"""ggml's type id of Q8_0 (blocks of 32 int8 weights with one float16 scale)."""
BLOCK = 32


def output_tensor(model_path: Path) -> tuple[str, int]:
    """The name and ggml type of the model's vocabulary projection (``output.weight``, or the
    token embeddings when they are tied)."""
    import gguf

    return _output(gguf.GGUFReader(str(model_path)))[:2]


def _output(reader: object) -> tuple[str, int, np.ndarray]:
    tensors = {t.name: t for t in reader.tensors}  # type: ignore[attr-defined]
    name = "output.weight" if "output.weight" in tensors else "token_embd.weight"
    return name, int(tensors[name].tensor_type), tensors[name].data


class RowProjection:
    """Rows ``ids`` of a Q8_0 vocabulary projection: ``logits(state)`` gives their logits.

    Reading a GGUF's header is slow in Python (its 49,152 token strings: seconds, ~15 s on a
    loaded machine), so :meth:`load` keeps the rows in a small file next to the head's."""

    def __init__(self, scale: np.ndarray, q: np.ndarray) -> None:
        self.scale = scale.astype(np.float32)  # (rows, blocks) half-precision block scales
        self.q = q.astype(np.int32)  # (rows, blocks, 32) weights
        self.n_embd = self.q.shape[1] * BLOCK

    @classmethod
    def read(cls, model_path: Path, ids: Sequence[int]) -> RowProjection:
        """The rows, read from the model file (``ValueError`` unless the projection is Q8_0)."""
        import gguf

        name, kind, data = _output(gguf.GGUFReader(str(model_path)))
        if kind != Q8_0:
            raise ValueError(f"{name} is ggml type {kind}, not Q8_0")
        blocks = np.asarray(data)[list(ids)].reshape(len(ids), -1, 2 + BLOCK)  # bytes
        scale = blocks[:, :, :2].copy().view(np.float16)[:, :, 0]
        return cls(scale, blocks[:, :, 2:].copy().view(np.int8))

    @classmethod
    def read_q8(cls, model_path: Path, ids: Sequence[int]) -> RowProjection | None:
        """:meth:`read`, or None when the projection is not Q8_0."""
        try:
            return cls.read(model_path, ids)
        except ValueError:
            return None

    @classmethod
    def load(cls, model_path: Path, ids: Sequence[int], file: Path) -> RowProjection | None:
        """:meth:`read_q8`, kept in ``file`` (``.npz``); None when the projection is not Q8_0
        (remembered too)."""

        def read() -> dict[str, np.ndarray]:
            rows = cls.read_q8(model_path, ids)
            return {} if rows is None else {"scale": rows.scale.astype(np.float16),
                                            "q": rows.q.astype(np.int8)}

        kept = cached(file, "the projection's rows", load_npz, read, save_npz)
        return cls(kept["scale"], kept["q"]) if "q" in kept else None

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
