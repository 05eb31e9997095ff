"""The fallback bench's split of call times by prefilled tokens (pure; no model, no clock)."""

from __future__ import annotations

from benchmarks.bench_llm import TOKEN_BINS, _by_tokens


def test_calls_fall_in_their_token_bins() -> None:
    times = [10.0, 12.0, 20.0, 22.0, 40.0, 60.0]
    tokens = [1.0, 8.0, 9.0, 16.0, 17.0, 40.0]  # the bins' edges on both sides
    bins = _by_tokens(times, tokens)
    assert TOKEN_BINS == (8, 16, 24)
    assert {k: v["n"] for k, v in bins.items()} == {"1-8": 2, "9-16": 2, "17-24": 1, ">24": 1}
    assert bins["9-16"]["p50"] == 21.0 and bins[">24"]["p95"] == 60.0


def test_an_empty_bin_is_left_out() -> None:
    assert list(_by_tokens([5.0, 7.0], [3.0, 30.0])) == ["1-8", ">24"]
