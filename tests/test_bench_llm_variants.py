"""The fallback bench's choice of variants: the quick mode leaves the retraining ones out unless
named; the full mode keeps them all (pure; no model, no clock)."""

from __future__ import annotations

import pytest

from benchmarks.bench_llm import RETRAIN, VARIANTS_ENV, chosen_variants


def test_the_retraining_variants_are_these() -> None:
    assert RETRAIN == ("20layers", "30layers", "gated", "q4_1")
    assert VARIANTS_ENV == "CABIN_TWIN_BENCH_LLM_VARIANTS"


def test_quick_runs_no_retrain_unless_named() -> None:
    assert chosen_variants(True, None) == ([], list(RETRAIN))
    assert chosen_variants(True, "") == ([], list(RETRAIN))


def test_quick_runs_the_named_ones_in_their_order() -> None:
    run, left = chosen_variants(True, " gated,20layers ")
    assert run == ["20layers", "gated"]
    assert left == ["30layers", "q4_1"]


def test_all_and_the_full_mode_run_every_variant() -> None:
    assert chosen_variants(True, "all") == (list(RETRAIN), [])
    assert chosen_variants(False, None) == (list(RETRAIN), [])
    assert chosen_variants(False, "gated") == (list(RETRAIN), [])


def test_an_unknown_name_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown variant '40layers'"):
        chosen_variants(True, "40layers")
