"""Per-class example weights in the fallback head's fit (:class:`hil.llm.softmax.SoftmaxHead`)."""

from __future__ import annotations

import numpy as np

from hil.llm.softmax import SoftmaxHead


def _data() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    x = np.vstack([rng.normal(-1.0, 1.0, (40, 3)), rng.normal(1.0, 1.0, (40, 3))])
    return x, np.array([0] * 40 + [1] * 40)


def test_no_weights_is_the_unweighted_fit() -> None:
    x, y = _data()
    plain = SoftmaxHead(["a", "unknown"]).fit(x, y)
    ones = SoftmaxHead(["a", "unknown"], weights={"unknown": 1.0}).fit(x, y)
    assert np.array_equal(plain.w, ones.w)


def test_a_lighter_class_loses_the_middle() -> None:
    x, y = _data()
    middle = np.zeros(3)
    plain = SoftmaxHead(["a", "unknown"]).fit(x, y).proba(middle)[0]
    lighter = SoftmaxHead(["a", "unknown"], weights={"unknown": 0.5}).fit(x, y).proba(middle)[0]
    assert lighter[1] < plain[1]
    assert lighter[0] > 0.5
