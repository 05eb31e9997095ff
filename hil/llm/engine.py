"""The llama.cpp engine: one model and context whose KV cache keeps a compiled prefix in place.

Requests append tokens after the prefix and are truncated back to it (``llama_memory_seq_rm``
through ``Llama.eval``), so the prefix is prefilled once per process. Conversation states can be
saved and restored per sequence (KV only, no logits) for the session cache. A training set's
states (:meth:`LlamaEngine.states_after`) are computed several queries per decode, each query
its own sequence after the shared prefix.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import logging
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

import llama_cpp
import numpy as np

import hil.llm.amx_guard as amx_guard
from hil.llm.cache_files import cached, load_npy, save_npy, write_atomic
from hil.llm.model_files import checked_model_path


class DeadlineExceeded(RuntimeError):
    """A decode was aborted because the caller's deadline passed; the cache was rolled back."""


_NO_ABORT = ctypes.cast(None, llama_cpp.ggml_abort_callback)
POOLING = {"last": llama_cpp.LLAMA_POOLING_TYPE_LAST, "mean": llama_cpp.LLAMA_POOLING_TYPE_MEAN}
"""How an embeddings context pools a batch's hidden states: the last token's, or the mean over
the batch's tokens (the query's only: a cached prefix is not in the batch)."""


@contextlib.contextmanager
def _quiet_llama_log() -> Iterator[None]:
    """Mute llama.cpp's log lines (routed through llama-cpp-python's logger) for a while."""
    log = logging.getLogger("llama-cpp-python")
    level = log.level
    log.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        log.setLevel(level)


PARALLEL_SEQS = 16
"""Queries decoded together by :meth:`LlamaEngine.states_after` (each its own sequence beside
the prefix's sequence 0; at most ``n_batch`` tokens a decode). Measured on the head's 3,978
training examples: 1.74x faster than one decode a query at load 7.5-10.4 (1.34x at load 10-15);
not bit-identical (the attention's sums and the activations' Q8 rounding see other
cells): 76 % of rows equal, the rest within 1 % of a row's largest logit, and the head gives the
same answer on every holdout10 line (BENCHMARKS.md)."""


def _ggml_library() -> ctypes.CDLL:
    """ggml's base library as llama-cpp-python ships it (tensor names and data)."""
    lib = ctypes.CDLL(str(Path(llama_cpp.__file__).parent / "lib" / "libggml-base.so"))
    lib.ggml_get_name.restype = ctypes.c_char_p
    lib.ggml_get_name.argtypes = [ctypes.c_void_p]
    lib.ggml_get_data_f32.restype = ctypes.POINTER(ctypes.c_float)
    lib.ggml_get_data_f32.argtypes = [ctypes.c_void_p]
    lib.ggml_nelements.restype = ctypes.c_int64
    lib.ggml_nelements.argtypes = [ctypes.c_void_p]
    return lib


_GGML = _ggml_library()
_eval_callback = llama_cpp.ggml_backend_sched_eval_callback


class LlamaEngine:
    """A loaded GGUF model (mmap) with one context: sequence 0 holds the prefix and serves
    requests; :meth:`states_after` uses sequences 1.. for a moment (a unified KV cache)."""

    def __init__(
        self,
        model_path: str | Path | None = None,
        n_threads: int = 2,
        n_ctx: int = 1024,
        n_batch: int = 256,
        seed: int = 0,
        embeddings: bool = False,
        pooling: str = "last",
        norm_tap: bool = False,
        flash_attn: bool = False,
    ) -> None:
        if pooling not in POOLING:
            raise ValueError(f"pooling: expected one of {', '.join(POOLING)}, got {pooling!r}")
        self.model_path = checked_model_path(model_path)
        self.n_threads = n_threads
        started = time.perf_counter()
        self.amx_guard = amx_guard.current()  # AMX kernels of a native build crash: see module
        self.norm_tap = norm_tap
        self.flash_attn = flash_attn
        self._tapping = False
        self._norm: np.ndarray | None = None
        taps = {"cb_eval": _eval_callback(self._on_node)} if norm_tap else {}
        self._eval_cb = taps.get("cb_eval")  # kept alive as long as the context
        # sequences 1..PARALLEL_SEQS share the prefix's cells in one unified cache (states_after)
        with amx_guard.patched_defaults("llama_context_default_params",
                                        n_seq_max=PARALLEL_SEQS + 1, kv_unified=True, **taps):
            self.llm = amx_guard.load_llama(
                self.amx_guard,
                model_path=str(self.model_path),
                n_ctx=n_ctx,
                n_batch=n_batch,
                n_ubatch=n_batch,
                n_threads=n_threads,
                n_threads_batch=n_threads,
                # llama.cpp's fused attention: it skips the KV cells a request's mask hides
                # (the cache is read 256 cells at a time), other sums than the plain
                # attention's; the cache keys say it (BENCHMARKS.md, thirtieth session)
                flash_attn=flash_attn,
                use_mmap=True,
                logits_all=False,
                seed=seed,
                verbose=False,
                # hidden states, pooled per sequence over the tokens of the last batch: the
                # last token's (the "neighbours" decision) or their mean (the head,
                # hil.llm.HEAD_POOLING). Measured cost: llama.cpp then outputs every token of a
                # batch, the vocabulary projection included (BENCHMARKS.md)
                embedding=embeddings,
                pooling_type=(
                    POOLING[pooling] if embeddings else llama_cpp.LLAMA_POOLING_TYPE_UNSPECIFIED
                ),
            )
        self.load_ms = (time.perf_counter() - started) * 1e3
        self.n_vocab = self.llm.n_vocab()
        self.n_ctx = self.llm.n_ctx()
        self.n_embd = self.llm.n_embd()
        self.embeddings = embeddings
        self.pooling = pooling if embeddings else "none"
        self.prefix_len = 0
        self.prefix_from_cache = False
        self._deadline: float | None = None
        self._out = (-1, 0)  # what last_logits/last_embedding read: (batch index, sequence)
        self._abort_cb = llama_cpp.ggml_abort_callback(self._past_deadline)

    def set_threads(self, n: int) -> None:
        """Decode on ``n`` threads from now on (prompt and single-token batches alike)."""
        llama_cpp.llama_set_n_threads(self.llm._ctx.ctx, n, n)
        self.n_threads = n

    # tokens -------------------------------------------------------------------------------
    def tokenize(self, text: str, bos: bool = False) -> list[int]:
        return self.llm.tokenize(text.encode("utf-8"), add_bos=bos, special=False)

    def detokenize(self, tokens: Sequence[int]) -> str:
        return self.llm.detokenize(list(tokens)).decode("utf-8", errors="replace")

    @property
    def n_past(self) -> int:
        """Tokens currently in the KV cache (sequence 0)."""
        return int(self.llm.n_tokens)

    def tokens(self) -> list[int]:
        return [int(t) for t in self.llm.input_ids[: self.n_past]]

    # KV cache -----------------------------------------------------------------------------
    def rewind(self, n: int) -> None:
        """Truncate the KV cache to its first ``n`` tokens (no state copy)."""
        if n < self.n_past:
            self.llm._ctx.kv_cache_seq_rm(0, n, -1)
            self.llm.n_tokens = n

    def states_after(self, prefix_len: int, queries: Iterable[Sequence[int]],
                     read: Callable[[], np.ndarray], file: Path | None = None) -> np.ndarray:
        """``read()`` after each query fed on top of the first ``prefix_len`` cached tokens, one
        row per query; loaded from and saved to ``file`` (``.npy``) when given.

        Up to :data:`PARALLEL_SEQS` queries are decoded together, each as its own sequence that
        shares the prefix's cells (no copy), and ``read`` is called once per query with
        :meth:`last_logits` and :meth:`last_embedding` reading that query's output (so ``read``
        must read through them). Sequence 0 is rewound to ``prefix_len`` before and after.
        """
        return cached(file, "the examples' embeddings", load_npy,
                      lambda: self._states(prefix_len, queries, read), save_npy)

    def _states(self, prefix_len: int, queries: Iterable[Sequence[int]],
                read: Callable[[], np.ndarray]) -> np.ndarray:
        """:meth:`states_after` without its file."""
        self.rewind(prefix_len)
        rows: list[np.ndarray] = []
        group: list[list[int]] = []
        room = min(self.llm.n_batch, self.n_ctx - prefix_len)
        for query in queries:
            ids = [int(t) for t in query]
            if group and (len(group) == PARALLEL_SEQS
                          or sum(map(len, group)) + len(ids) > room):
                rows += self._decode_parallel(prefix_len, group, read)
                group = []
            if 0 < len(ids) <= room:
                group.append(ids)
            else:  # nothing to decode, or longer than a batch: fed alone, as a request is
                rows += self._decode_parallel(prefix_len, group, read) if group else []
                group = []
                self.feed(ids)
                rows.append(read())
                self.rewind(prefix_len)
        if group:
            rows += self._decode_parallel(prefix_len, group, read)
        self.rewind(prefix_len)
        return np.stack(rows)

    def _decode_parallel(self, prefix_len: int, group: Sequence[Sequence[int]],
                         read: Callable[[], np.ndarray]) -> list[np.ndarray]:
        """One decode of ``group`` (query ``i`` as sequence ``i + 1`` after sequence 0's first
        ``prefix_len`` tokens), ``read()`` per query; the sequences are dropped after."""
        ctx, batch = self.llm._ctx, self.llm._batch.batch
        ends: list[int] = []
        n = 0
        for seq, ids in enumerate(group, start=1):
            ctx.kv_cache_seq_cp(0, seq, 0, prefix_len)  # the prefix's cells, now also seq's
            for i, token in enumerate(ids):
                batch.token[n], batch.pos[n] = token, prefix_len + i
                batch.n_seq_id[n], batch.seq_id[n][0] = 1, seq
                batch.logits[n] = i == len(ids) - 1  # outputs: each query's last token
                n += 1
            ends.append(n - 1)
        batch.n_tokens = n
        try:
            with _quiet_llama_log() if self.embeddings else contextlib.nullcontext():
                status = llama_cpp.llama_decode(ctx.ctx, batch)
            if status != 0:
                raise RuntimeError(f"llama_decode failed ({status}) on {len(group)} queries")
            rows = []
            for seq, end in enumerate(ends, start=1):
                self._out = (end, seq)
                rows.append(read())
            return rows
        finally:
            self._out = (-1, 0)
            ctx.kv_cache_seq_keep(0)  # sequence 0 (the prefix) only, as before

    def feed(self, tokens: Sequence[int]) -> None:
        """Append ``tokens`` to the KV cache; logits are kept for the last one only.

        Inside :meth:`deadline`, a decode still running when the deadline passes is aborted by
        llama.cpp, the cache is truncated back and :class:`DeadlineExceeded` is raised.
        """
        if not tokens:
            return
        if self.n_past + len(tokens) > self.n_ctx:
            raise ValueError(f"context overflow: {self.n_past} + {len(tokens)} > {self.n_ctx}")
        before = self.n_past
        try:
            if self.embeddings:  # llama.cpp logs, per decode, that it outputs every token
                with _quiet_llama_log():
                    self.llm.eval(list(tokens))
            else:
                self.llm.eval(list(tokens))
        except RuntimeError:
            self.llm._ctx.kv_cache_seq_rm(0, before, -1)
            self.llm.n_tokens = before
            if self._deadline is not None and time.perf_counter() >= self._deadline:
                raise DeadlineExceeded("decode abandoned at the deadline") from None
            raise

    def feed_to_norm(self, tokens: Sequence[int]) -> np.ndarray:
        """:meth:`feed` ``tokens`` (needs ``norm_tap``), stopping the graph at the last token's
        final-norm state (``result_norm``), which is returned: the vocabulary projection after
        it is not computed, so :meth:`last_logits` is undefined until the next :meth:`feed`."""
        if not self.norm_tap:
            raise RuntimeError("LlamaEngine(norm_tap=True) is needed to stop at the norm")
        self._tapping, self._norm = True, None
        try:
            self.feed(tokens)
        finally:
            self._tapping = False
        if self._norm is None:
            raise RuntimeError("llama.cpp computed no result_norm tensor")
        return self._norm

    def _on_node(self, tensor: int, ask: bool, _data: object) -> bool:
        """llama.cpp's per-node callback: while tapping, ask for ``result_norm`` only, copy its
        last column and stop the graph there (returning False)."""
        if not self._tapping:
            return not ask
        if ask:
            return bool(_GGML.ggml_get_name(tensor) == b"result_norm")
        n = int(_GGML.ggml_nelements(tensor))
        data = np.ctypeslib.as_array(_GGML.ggml_get_data_f32(tensor), shape=(n,))
        self._norm = data[n - self.n_embd:].copy()
        return False

    @contextlib.contextmanager
    def deadline(self, at: float | None) -> Iterator[None]:
        """Abort decodes after ``at`` (a ``time.perf_counter()`` value); ``None``: no limit.

        The abort check runs between graph nodes, so it costs a little; it is only installed
        while a deadline is set.
        """
        if at is None:
            yield
            return
        self._deadline = at
        llama_cpp.llama_set_abort_callback(self.llm._ctx.ctx, self._abort_cb, None)
        try:
            # an aborted decode logs an error line; the abort is reported as DeadlineExceeded
            with _quiet_llama_log():
                yield
        finally:
            llama_cpp.llama_set_abort_callback(self.llm._ctx.ctx, _NO_ABORT, None)
            self._deadline = None

    def _past_deadline(self, _data: object) -> bool:
        return self._deadline is not None and time.perf_counter() >= self._deadline

    def compile_prefix(self, tokens: Sequence[int], cache_dir: Path | None = None) -> float:
        """Put ``tokens`` in the KV cache as the fixed prefix every request reuses.

        With ``cache_dir`` the prefix's KV state is kept on disk, keyed by model file, prefix
        tokens and llama.cpp version, and loaded instead of prefilled next time. Returns ms.
        """
        started = time.perf_counter()
        self.rewind(0)
        self.prefix_from_cache = False
        file = self._prefix_file(tokens, cache_dir) if cache_dir is not None else None
        if file is not None and file.is_file():
            try:
                self.load_sequence(tokens, file.read_bytes())
                self.prefix_from_cache = True
            except RuntimeError:
                file.unlink(missing_ok=True)
        if not self.prefix_from_cache:
            self.feed(tokens)
            if file is not None:
                state = self.save_sequence()

                def save(out: BinaryIO) -> None:
                    out.write(state)

                write_atomic(file, save)
        self.prefix_len = len(tokens)
        return (time.perf_counter() - started) * 1e3

    def _prefix_file(self, tokens: Sequence[int], cache_dir: Path) -> Path:
        return cache_dir / f"prefix-{self.cache_key(list(tokens))}.kv"

    def last_logits(self, ids: Sequence[int] | None = None) -> np.ndarray:
        """Logits after the last fed token, for ``ids`` only when given (a copy)."""
        ptr = llama_cpp.llama_get_logits_ith(self.llm._ctx.ctx, self._out[0])
        row = np.ctypeslib.as_array(ptr, shape=(self.n_vocab,))
        return row[list(ids)].copy() if ids is not None else row.copy()

    def last_embedding(self, unit: bool = True) -> np.ndarray:
        """The final hidden state pooled over the last fed batch (the last token's, or the
        tokens' mean with ``pooling="mean"``), unit length unless ``unit`` is False (needs
        ``embeddings``)."""
        if not self.embeddings:
            raise RuntimeError("LlamaEngine(embeddings=True) is needed for hidden states")
        ptr = llama_cpp.llama_get_embeddings_seq(self.llm._ctx.ctx, self._out[1])
        vec = np.ctypeslib.as_array(ptr, shape=(self.n_embd,)).astype(np.float64)
        return vec / (np.linalg.norm(vec) or 1.0) if unit else vec

    def cache_key(self, *parts: object) -> str:
        """A hex key naming this model file, llama.cpp version and ``parts`` (for disk caches)."""
        stat = self.model_path.stat()
        text = f"{self.model_path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}:"
        text += f"{llama_cpp.__version__}:{self.embeddings}:"
        text += ("" if self.pooling in ("last", "none") else f"{self.pooling}:")
        text += ("flash_attn:" if self.flash_attn else "") + repr(parts)
        return hashlib.sha256(text.encode()).hexdigest()[:20]

    def save_sequence(self) -> bytes:
        """The KV state of sequence 0 (every token in the cache), as bytes."""
        ctx = self.llm._ctx.ctx
        size = llama_cpp.llama_state_seq_get_size(ctx, 0)
        buf = (ctypes.c_uint8 * size)()
        written = llama_cpp.llama_state_seq_get_data(ctx, buf, size, 0)
        return bytes(memoryview(buf)[:written])

    def load_sequence(self, tokens: Sequence[int], state: bytes) -> None:
        """Replace the cache by a saved sequence state that covers ``tokens``."""
        ctx = self.llm._ctx.ctx
        self.llm._ctx.kv_cache_seq_rm(0, 0, -1)
        buf = (ctypes.c_uint8 * len(state)).from_buffer_copy(state)
        if llama_cpp.llama_state_seq_set_data(ctx, buf, len(state), 0) == 0:
            self.llm.n_tokens = 0
            raise RuntimeError("llama_state_seq_set_data failed")
        self.llm.input_ids[: len(tokens)] = list(tokens)
        self.llm.n_tokens = len(tokens)

    def warmup(self, tokens: Sequence[int]) -> float:
        """Run ``tokens`` once after the current cache and rewind (the first call is slow)."""
        keep = self.n_past
        started = time.perf_counter()
        self.feed(tokens)
        self.last_logits()
        self.rewind(keep)
        return (time.perf_counter() - started) * 1e3
