"""The n-gram model's nearest examples found without the whole product and the whole sort:
the same indices and similarities bit for bit as ``rows @ v`` and a stable argsort (pure)."""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix

from hil.llm.ngrams import DIM, char_grams, similarities, top_stable

LINES = ["turn on the ac", "turn the ac on please", "make it warmer", "i am cold", "打开空调",
         "空调开一下", "open the window a crack", "tell me a joke", "", "ac", "turn on the ac"]


def test_the_slots_product_is_the_whole_product_bit_for_bit() -> None:
    rows = csr_matrix(np.stack([char_grams(t) for t in LINES]))
    columns = rows.T.tocsr()
    for text in [*LINES, "turn on ac and make it warmer", "warm seat on"]:
        v = char_grams(text)
        assert np.array_equal(similarities(columns, v), rows @ v)
    assert similarities(columns, np.zeros(DIM)).tolist() == [0.0] * len(LINES)


def test_the_top_k_is_the_stable_sort_s_including_ties() -> None:
    rng = np.random.default_rng(0)
    for _ in range(200):
        values = rng.integers(0, 4, size=int(rng.integers(1, 30))) / 4.0  # many ties
        for k in (1, 3, 5):
            want = np.argsort(-values, kind="stable")[:k]
            assert top_stable(values, k).tolist() == want.tolist()
    assert top_stable(np.array([0.5, 0.9, 0.9, 0.1, 0.9]), 2).tolist() == [1, 2]
