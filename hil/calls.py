"""One real call as the fidelity loop and calibration fit it, and its token features.

:class:`CallRecord` is written by every real binding (:class:`hil.binding.RealBinding`,
:class:`hil.synthetic.SyntheticBinding`) and read by :mod:`hil.fidelity` and
:mod:`hil.calibrate`; the token counts come from the resolver's own tokenizer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from twin.calibrated import history_key, query_key


@dataclass(frozen=True)
class CallRecord:
    """One real call: which stage and request, its class, its features and its duration."""

    stage: str
    index: int
    cls: str
    ms: float
    features: dict[str, float] = field(default_factory=dict)
    concurrency: int = 1
    key: str = ""  # the labelled query (twin.calibrated.query_key), for model calls


def token_counts(resolver: Any, text: str, history: Sequence[Any]) -> tuple[float, float] | None:
    """(query tokens, history tokens) of a query with the resolver's own tokenizer, or None
    when the resolver does not expose one."""
    try:
        from hil.llm.prompt import suffix_tokens

        hist, query = suffix_tokens(text, list(history), resolver.engine.tokenize,
                                    resolver.max_prompt_tokens)
    except (AttributeError, ImportError):
        return None
    return float(len(query)), float(len(hist))


def token_table(resolver: Any, queries: Sequence[Any]) -> dict[str, tuple[float, float]]:
    """Token counts of every labelled query (measured with the model's tokenizer)."""
    out = {}
    for q in queries:
        counts = token_counts(resolver, q.text, q.history)
        if counts is None:
            return {}
        out[query_key(q.text, q.history)] = counts
    return out


def pinned_keys() -> tuple[str, ...]:
    """The warm situations the real resolver pins in its session cache."""
    try:
        from hil.llm.resolver import WARM_SITUATIONS
    except ImportError:  # llama.cpp not installed: nothing is pinned
        return ()
    return tuple(history_key(s) for s in WARM_SITUATIONS)
