"""``SoftmaxHead``: the fallback's classifier, a multinomial logistic regression (L2) fitted
with scipy's L-BFGS on standardised features (the model's logits, :mod:`hil.llm.head`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from scipy.optimize import minimize
from threadpoolctl import threadpool_limits

L2 = 1e-3
"""The head's L2 penalty. Chosen out of file (BENCHMARKS.md, the tenth session): trained without
holdout9 (then holdout8) and scored on it, 1e-3 acted right on 19 (10) of the lines the rules
leave against 18 (9) at 1e-2, 19 (10) at 3e-3 and 18 (8) at 3e-4, with no wrong action, no
question on an out-of-domain line and no question on the wrong topic (1 at 1e-2)."""


class SoftmaxHead:
    """Multinomial logistic regression (L2) on standardised features."""

    def __init__(self, classes: Sequence[str], l2: float = L2,
                 weights: Mapping[str, float] | None = None) -> None:
        self.classes = list(classes)
        self.l2 = l2
        self.weights = dict(weights or {})  # per class, the weight of its examples (else 1)
        self.mean = np.zeros(0)
        self.scale = np.ones(0)
        self.w = np.zeros((0, 0))

    def fit(self, x: np.ndarray, y: np.ndarray) -> SoftmaxHead:
        self.mean = x.mean(axis=0)
        self.scale = x.std(axis=0) + 1e-6
        z = np.hstack([(x - self.mean) / self.scale, np.ones((len(x), 1))])
        k, d = len(self.classes), z.shape[1]
        onehot = np.eye(k)[y]
        per = np.array([self.weights.get(c, 1.0) for c in self.classes])[y]
        per = per / per.mean()  # the loss keeps its scale: the same L2 means the same

        def loss(flat: np.ndarray) -> tuple[float, np.ndarray]:
            w = flat.reshape(d, k)
            logits = z @ w
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            nll = -np.sum(per[:, None] * onehot * np.log(p + 1e-12)) / len(z)
            grad = z.T @ (per[:, None] * (p - onehot)) / len(z) + self.l2 * w
            return nll + 0.5 * self.l2 * float(np.sum(w * w)), grad.ravel()

        # one BLAS thread: the same weights on any core count, and beside busy processes a
        # two-thread BLAS spins for the other core (the fit took 100 s against 22 s on one
        # thread at load ~9 on the shared 2 vCPUs; BENCHMARKS.md)
        with threadpool_limits(limits=1, user_api="blas"):
            found = minimize(loss, np.zeros(d * k), jac=True, method="L-BFGS-B",
                             options={"maxiter": 300})
        self.w = found.x.reshape(d, k)
        return self

    def proba(self, x: np.ndarray) -> np.ndarray:
        rows = np.atleast_2d(x)
        z = np.hstack([(rows - self.mean) / self.scale, np.ones((len(rows), 1))])
        logits = z @ self.w
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)


N_FEATURES = 1024


def feature_token_ids(n_vocab: int, n: int = N_FEATURES, seed: int = 0) -> list[int]:
    """A fixed, seeded set of vocabulary ids whose logits are the head's features.

    The logits are ``W @ h`` for the tied embedding matrix ``W`` (49,152 x 576 for SmolLM2):
    with ``n`` >= 576 rows of full rank this is an injective linear map of the final hidden
    state ``h``, so a linear head on it can express what one on ``h`` can. Reading them from
    the last token only lets llama.cpp skip the vocabulary projection of every other prefilled
    token, which an embeddings context computes (measured: about half of the prefill time).
    """
    rng = np.random.default_rng(seed)
    pool = np.arange(2, n_vocab)  # not the first ids (unknown/bos in most vocabularies)
    return sorted(int(i) for i in rng.choice(pool, size=min(n, len(pool)), replace=False))
