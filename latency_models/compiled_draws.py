"""numpy's own draws, compiled (numba): the same bits from the same stream, faster.

``rng.lognormal(mu, sigma, n)`` costs about 15 ns a draw on the 2-vCPU EPYC this project is
measured on: 9.5 ns for numpy's standard normal (called through a function pointer per draw)
and 6 ns for the C library's ``exp``. numba compiles numpy's ziggurat for ``Generator``
objects inline (3.4 ns a draw, the same values) and its ``math.exp`` is the same C library
call, so ``shift + exp(mu + sigma * z)`` here is numpy's lognormal bit for bit in about 8 ns
(BENCHMARKS.md, "Ninth session"). The generator's state advances as numpy's would, so a
stream drawn here and then by numpy (or in pieces) gives the same sequence.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _shifted_lognormal(rng: np.random.Generator, mu: float, sigma: float, shift: float,
                       out: np.ndarray) -> None:
    for i in range(out.size):
        # numpy: random_lognormal = exp(random_normal) = exp(loc + scale * standard normal)
        out[i] = shift + math.exp(mu + sigma * rng.standard_normal())


def shifted_lognormal(rng: np.random.Generator, mu: float, sigma: float, shift: float,
                      n: int) -> np.ndarray:
    """``shift + rng.lognormal(mu, sigma, n)``, the same array."""
    out = np.empty(n)
    _shifted_lognormal(rng, float(mu), float(sigma), float(shift), out)
    return out


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernels above."""
    shifted_lognormal(np.random.default_rng(0), 0.0, 1.0, 0.0, 2)
