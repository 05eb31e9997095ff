"""Streaming pacing in a modelled run: the same :class:`StreamPacer` rule a real run applies to
a DUT's streamed answer.

With ``[assistant] stream = {tokens = 12, token_ms = 8}`` every answer the LLM path gives is
modelled as ``tokens`` tokens, the first at the answer time and one every ``token_ms`` after
it (decode). The pacer turns those arrivals into release times; the report gives the time to
first audio (from the end of speech) and the streams the rule flags. Pure: no SimPy, no I/O.
"""

from __future__ import annotations

from typing import Annotated, Any

import numpy as np
from pydantic import Field

from twin.assistant.pacer import StreamPacer
from twin.config.base import Strict

SEED_PACER = StreamPacer()  # first 3 within 50 ms, then 120 +- 20 ms


#: a streamed answer of more tokens than this is no voice answer (and would be memory, not time)
MAX_STREAM_TOKENS = 4096


class StreamModel(Strict):
    tokens: Annotated[int, Field(gt=0, le=MAX_STREAM_TOKENS)] = 12
    token_ms: Annotated[float, Field(gt=0, le=60_000.0, allow_inf_nan=False)] = 8.0


def streaming_modelled(answer_ms: np.ndarray, streamed: np.ndarray, model: StreamModel,
                       pacer: StreamPacer = SEED_PACER) -> dict[str, Any]:
    """``answer_ms``: each request's answer time from the end of speech; ``streamed``: which
    requests stream (the LLM path)."""
    arrivals = [i * model.token_ms for i in range(model.tokens)]
    paced = pacer.pace(arrivals)  # the same for every stream: decode is modelled as steady
    first = answer_ms[streamed] + paced.emit_ms[0]
    gaps = np.diff(paced.emit_ms[pacer.first_tokens - 1:]) if model.tokens > pacer.first_tokens \
        else np.array([])
    n = int(streamed.sum())
    return {
        "streams": n,
        "tokens": model.tokens,
        "time_to_first_audio": {f"p{q}_ms": (round(float(np.percentile(first, q)), 3)
                                             if n else None) for q in (50, 95, 99)},
        "playback_ms": round(float(paced.emit_ms[-1]), 3),
        "gap_ms": round(float(gaps.mean()), 3) if gaps.size else None,
        "streams_with_violations": n if paced.violations else 0,
        "violations": list(paced.violations),
    }
