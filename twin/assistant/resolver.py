"""The fallback contract: an :class:`IntentResolver` answers when the rules are unsure.

Given the query and the last 3 turns it returns raw text that should be JSON
``{"intent": ..., "value": ..., "feedback": ...}``. The safety valve, not the resolver, decides
whether that text may become a command. Implementations: a modelled resolver for the twin
(:mod:`twin.assistant`), and the llama.cpp resolver on the hardware floor.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

MAX_HISTORY_TURNS = 3
MAX_PROMPT_TOKENS = 128


@dataclass(frozen=True)
class Turn:
    """One earlier exchange: what the user said and the intent it resolved to."""

    text: str
    intent: str
    value: int | str | None = None


@dataclass
class ResolverResult:
    """What a resolver produced, and what it cost.

    ``raw`` is the unvalidated output text; ``ms`` the decision latency (measured wall-clock for a
    real backend, sampled for a modelled one); ``timings`` holds backend details such as
    ``prefill_tokens``, ``decode_tokens``, ``prompt_eval_ms``, ``eval_ms``.
    """

    raw: str
    ms: float
    timings: dict[str, float] = field(default_factory=dict)


@runtime_checkable
class IntentResolver(Protocol):
    """Resolve a query the rules could not, within ``deadline_ms`` where the backend can."""

    def resolve(
        self, query: str, history: list[Turn], lang: str, deadline_ms: float | None = None
    ) -> ResolverResult: ...
