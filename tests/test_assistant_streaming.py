"""Prompt budget and the streaming pacer."""

from __future__ import annotations

from twin.assistant.pacer import StreamPacer
from twin.assistant.prompt import build_prompt, estimate_tokens
from twin.assistant.resolver import Turn

TURNS = [Turn(f"turn number {i} please", "media_next") for i in range(5)]


def test_prompt_keeps_the_last_three_turns_within_budget() -> None:
    prompt = build_prompt("louder", TURNS, "en")
    assert prompt.turns_used == 3 and prompt.tokens <= 128
    assert "turn number 4" in prompt.text and "turn number 1" not in prompt.text


def test_prompt_drops_oldest_turns_then_cuts_the_query() -> None:
    def count(text: str) -> int:
        return len(text.split())  # a stand-in for a model tokenizer: the hook

    prompt = build_prompt("word " * 20, TURNS, "en", count_tokens=count, max_tokens=30)
    assert prompt.turns_used < 3 and count(prompt.text) <= 30
    cut = build_prompt("word " * 200, [], "en", count_tokens=count, max_tokens=30)
    assert cut.truncated and cut.tokens <= 30
    assert estimate_tokens("把空调调到26度") >= 7


def test_pacer_releases_buffered_tokens_on_the_beat() -> None:
    paced = StreamPacer().pace([10, 20, 30, 40, 50, 60])
    assert paced.ok
    assert paced.emit_ms == (10, 20, 30, 150, 270, 390)


def test_pacer_flags_a_late_start_and_starvation() -> None:
    paced = StreamPacer().pace([30, 45, 70, 400])
    assert not paced.ok and len(paced.violations) == 2
    assert paced.violations[0].startswith("first 3 tokens")
