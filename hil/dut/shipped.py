"""The shipped assistant's fallback (SmolLM2-135M through llama.cpp) as a DUT entry point.

``hil.dut.shipped:factory`` loads and warms up :func:`hil.llm.default_resolver` once and
answers each request with its ``{intent, value, feedback}`` and its own stage timings
(restore, prompt eval, eval). It is what ``backend = "shipped"`` embeds in the bench's process;
``python -m hil.dut.serve --entry hil.dut.shipped:factory`` serves it over JSON lines or HTTP.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from hil.dut.contract import DutRequest

#: the resolver abandons its work this long after the bench's deadline: the bench records the
#: timeout first, and the model is free again right after
ABANDON_AFTER_MS = 5.0


def factory(model: str | None = None, threads: int = 2) -> Any:
    from hil.llm import default_resolver

    resolver = default_resolver(model, n_threads=threads)

    def handle(request: DutRequest, cancel: threading.Event) -> Any:
        deadline = request.deadline_ms
        result = resolver.resolve(request.utterance, list(request.history), request.lang,
                                  None if deadline is None else deadline + ABANDON_AFTER_MS)
        if not result.raw:  # abandoned at the deadline: no answer (the bench timed out)
            return [{"type": "ack"}]
        answer = json.loads(result.raw)
        answer["timings"] = {k: v for k, v in result.timings.items() if k.endswith("_ms")}
        return answer

    return handle
