"""The fallback prompt: the last 3 turns plus the query, at most 128 tokens.

Token counting is a hook: the llama.cpp resolver passes a counter built on the model's own
tokenizer (``lambda s: len(llm.tokenize(s.encode(), add_bos=False))``). Without one,
:func:`estimate_tokens` is used: a conservative estimate (one token per CJK character, per
short word piece and per punctuation mark), good enough for the modelled twin.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from twin.assistant.intents import INTENT_NAMES
from twin.assistant.resolver import MAX_HISTORY_TURNS, MAX_PROMPT_TOKENS, Turn

TokenCounter = Callable[[str], int]

_PIECES = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]|[A-Za-z]{1,6}|\d{1,3}|[^\sA-Za-z\d]")

SYSTEM = (
    "Car assistant. Reply JSON "
    '{"intent":..., "value":..., "feedback":...}. intents: ' + ",".join(INTENT_NAMES) + "."
)
"""The fixed prefix (cacheable in the KV cache); not counted in the 128-token budget."""


def estimate_tokens(text: str) -> int:
    """A tokenizer-free token count that errs on the high side for BPE vocabularies."""
    return len(_PIECES.findall(text))


@dataclass(frozen=True)
class Prompt:
    """The variable part of the prompt, how many tokens it counts, and which turns it kept."""

    text: str
    tokens: int
    turns_used: int
    truncated: bool


def _turn_line(turn: Turn) -> str:
    value = "" if turn.value is None else f"={turn.value}"
    return f"U: {turn.text}\nA: {turn.intent}{value}\n"


def build_prompt(
    query: str,
    history: Sequence[Turn] = (),
    lang: str = "en",
    count_tokens: TokenCounter = estimate_tokens,
    max_tokens: int = MAX_PROMPT_TOKENS,
) -> Prompt:
    """History (at most the last 3 turns, oldest dropped first) + the query in <= max_tokens.

    If the query alone is too long its head is kept, cut on the token counter's measure.
    """
    turns = list(history)[-MAX_HISTORY_TURNS:]
    tail = f"lang={lang}\nU: {query}\nA:"
    while turns:
        text = "".join(_turn_line(t) for t in turns) + tail
        n = count_tokens(text)
        if n <= max_tokens:
            return Prompt(text, n, len(turns), False)
        turns.pop(0)
    n = count_tokens(tail)
    if n <= max_tokens:
        return Prompt(tail, n, 0, False)
    # The query alone is over budget: keep the longest head that fits (binary search).
    low, high = 0, len(query)
    while low < high:
        mid = (low + high + 1) // 2
        if count_tokens(f"lang={lang}\nU: {query[:mid]}\nA:") <= max_tokens:
            low = mid
        else:
            high = mid - 1
    text = f"lang={lang}\nU: {query[:low]}\nA:"
    return Prompt(text, count_tokens(text), 0, True)
