"""``llama_cpp``: the real assistant in ``model_load`` and ``inference`` (hassil rules, then
SmolLM2 through llama.cpp in a worker process)."""

from __future__ import annotations

from contextlib import ExitStack

from hil.backends import RealParts, RunContext, stage_backend


@stage_backend("llama_cpp", ("model_load", "inference"), default_for=("model_load", "inference"),
               help="the real assistant: hassil rules, then SmolLM2 (llama.cpp worker)")
def open_llama(ctx: RunContext, stack: ExitStack, parts: RealParts) -> None:
    # the model runs in a worker process: a native crash there degrades the run to rules only
    from hil.llm.worker import worker_resolver

    parts.resolver = stack.enter_context(worker_resolver(ctx.model, n_threads=ctx.n_threads))
