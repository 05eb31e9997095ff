"""A short real decode, meant to run in a child process (``python -m hil.llm.probe [GGUF]``).

Prints JSON lines as it goes, flushed, so a caller still learns what happened before a native
crash: first ``{"step": "library", ...}`` (llama.cpp version, system info, the AMX guard's
decision), then ``{"step": "decode", ...}`` (load, prefill and per-token decode times). The model
loads through :class:`hil.llm.engine.LlamaEngine`, so with the same guard as a run.
"""

from __future__ import annotations

import json
import sys
import time

PROMPT = "<|im_start|>user\nturn on the seat heating<|im_end|>\n<|im_start|>assistant\n"
DECODE_TOKENS = 8


def _emit(record: dict[str, object]) -> None:
    print(json.dumps(record), flush=True)


def main(argv: list[str]) -> int:
    import llama_cpp

    from hil.llm import amx_guard
    from hil.llm.engine import LlamaEngine
    from hil.llm.worker import crash_hook, crash_now

    guard = amx_guard.current()
    _emit({"step": "library", "llama_cpp": llama_cpp.__version__,
           "system_info": amx_guard.system_info(), "amx_guard": guard.as_dict()})
    hook = crash_hook()  # the model child's test hook (hil.llm.worker) applies here too
    if hook:
        crash_now(hook[0])
    engine = LlamaEngine(argv[0] if argv else None, n_threads=2, n_ctx=256, n_batch=64)
    tokens = engine.tokenize(PROMPT, bos=True)
    started = time.perf_counter()
    engine.feed(tokens)
    prefilled = time.perf_counter()
    for _ in range(DECODE_TOKENS):
        engine.feed([int(engine.last_logits().argmax())])
    done = time.perf_counter()
    _emit({"step": "decode", "load_ms": round(engine.load_ms, 1),
           "prefill_tokens": len(tokens), "prefill_ms": round((prefilled - started) * 1e3, 1),
           "decode_tokens": DECODE_TOKENS,
           "decode_ms_per_token": round((done - prefilled) * 1e3 / DECODE_TOKENS, 2),
           "amx_guard_applied": engine.llm.model_params.use_extra_bufts is False})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
