"""The llama.cpp engine: one model and context whose KV cache keeps a compiled prefix in place.

Requests append tokens after the prefix and are truncated back to it (``llama_memory_seq_rm``
through ``Llama.eval``), so the prefix is prefilled once per process. Conversation states can be
saved and restored per sequence (KV only, no logits) for the session cache.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import logging
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

import llama_cpp
import numpy as np

import hil.llm.amx_guard as amx_guard
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


class LlamaEngine:
    """A loaded GGUF model (mmap) with a single-sequence context."""

    def __init__(
        self,
        model_path: str | Path | None = None,
        n_threads: int = 2,
        n_ctx: int = 1024,
        n_batch: int = 256,
        seed: int = 0,
        embeddings: bool = False,
        pooling: str = "last",
    ) -> None:
        if pooling not in POOLING:
            raise ValueError(f"pooling: expected one of {', '.join(POOLING)}, got {pooling!r}")
        self.model_path = checked_model_path(model_path)
        self.n_threads = n_threads
        started = time.perf_counter()
        self.amx_guard = amx_guard.current()  # AMX kernels of a native build crash: see module
        self.llm = amx_guard.load_llama(
            self.amx_guard,
            model_path=str(self.model_path),
            n_ctx=n_ctx,
            n_batch=n_batch,
            n_ubatch=n_batch,
            n_threads=n_threads,
            n_threads_batch=n_threads,
            use_mmap=True,
            logits_all=False,
            seed=seed,
            verbose=False,
            # hidden states, pooled per sequence over the tokens of the last batch: the last
            # token's (the "neighbours" decision) or their mean (the head, hil.llm.HEAD_POOLING).
            # Measured cost: llama.cpp then outputs every token of a batch, the vocabulary
            # projection included (BENCHMARKS.md)
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
        """``read()`` after each query fed on top of the first ``prefix_len`` cached tokens
        (rewound before each and after the last), one row per query; loaded from and saved to
        ``file`` (``.npy``) when given."""
        if file is not None and file.is_file():
            return np.load(file)
        rows = []
        for ids in queries:
            self.rewind(prefix_len)
            self.feed(ids)
            rows.append(read())
        self.rewind(prefix_len)
        states = np.stack(rows)
        if file is not None:
            file.parent.mkdir(parents=True, exist_ok=True)
            np.save(file, states)
        return states

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
                file.parent.mkdir(parents=True, exist_ok=True)
                tmp = file.with_suffix(f".tmp{os.getpid()}")
                tmp.write_bytes(self.save_sequence())
                tmp.replace(file)
        self.prefix_len = len(tokens)
        return (time.perf_counter() - started) * 1e3

    def _prefix_file(self, tokens: Sequence[int], cache_dir: Path) -> Path:
        return cache_dir / f"prefix-{self.cache_key(list(tokens))}.kv"

    def last_logits(self, ids: Sequence[int] | None = None) -> np.ndarray:
        """Logits after the last fed token, for ``ids`` only when given (a copy)."""
        ptr = llama_cpp.llama_get_logits_ith(self.llm._ctx.ctx, -1)
        row = np.ctypeslib.as_array(ptr, shape=(self.n_vocab,))
        return row[list(ids)].copy() if ids is not None else row.copy()

    def last_embedding(self, unit: bool = True) -> np.ndarray:
        """The final hidden state pooled over the last fed batch (the last token's, or the
        tokens' mean with ``pooling="mean"``), unit length unless ``unit`` is False (needs
        ``embeddings``)."""
        if not self.embeddings:
            raise RuntimeError("LlamaEngine(embeddings=True) is needed for hidden states")
        ptr = llama_cpp.llama_get_embeddings_seq(self.llm._ctx.ctx, 0)
        vec = np.ctypeslib.as_array(ptr, shape=(self.n_embd,)).astype(np.float64)
        return vec / (np.linalg.norm(vec) or 1.0) if unit else vec

    def cache_key(self, *parts: object) -> str:
        """A hex key naming this model file, llama.cpp version and ``parts`` (for disk caches)."""
        stat = self.model_path.stat()
        text = f"{self.model_path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}:"
        text += f"{llama_cpp.__version__}:{self.embeddings}:"
        text += ("" if self.pooling in ("last", "none") else f"{self.pooling}:") + repr(parts)
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
