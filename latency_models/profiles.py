"""The seed article's two stage profiles: ``ideal`` and ``unoptimised`` (table 2.2).

``ideal``: each stage's p95 sits just inside its ideal bound (15/20/5/10/30/20 ms, which sum to
the 100 ms budget). ``unoptimised``: the measured bottleneck range of each stage (e.g. network
60-150 ms) is read as its p5..p95, with a lognormal body. Budgets are the ideal bounds in both
profiles.
"""

from __future__ import annotations

import numpy as np

from latency_models.distributions import ShiftedLognormal
from latency_models.stages import STAGES, StageModel

#: stage -> ideal bound (ms), which is also the stage's budget
IDEAL_MS: dict[str, float] = {
    "capture": 15.0,
    "network": 20.0,
    "scheduling": 5.0,
    "model_load": 10.0,
    "inference": 30.0,
    "render": 20.0,
}
#: stage -> (low, high) ms measured before optimisation
UNOPTIMISED_MS: dict[str, tuple[float, float]] = {
    "capture": (45.0, 80.0),
    "network": (60.0, 150.0),
    "scheduling": (15.0, 40.0),
    "model_load": (30.0, 120.0),
    "inference": (80.0, 300.0),
    "render": (25.0, 60.0),
}
_Z95 = 1.6448536269514722


def _ideal(stage: str) -> StageModel:
    bound = IDEAL_MS[stage]
    # median at 60 % of the bound, p95 at 90 % (inside it), a floor at 30 % (no stage is free)
    dist = ShiftedLognormal.from_median_p95(0.6 * bound, 0.9 * bound, shift=0.3 * bound)
    return StageModel(stage, dist, bound)


def _unoptimised(stage: str) -> StageModel:
    low, high = UNOPTIMISED_MS[stage]
    mu = float(np.log(np.sqrt(low * high)))
    sigma = float(np.log(high / low) / (2 * _Z95))
    return StageModel(stage, ShiftedLognormal(mu, sigma, 0.0), IDEAL_MS[stage])


PROFILES = {"ideal": _ideal, "unoptimised": _unoptimised}


def profile(name: str) -> dict[str, StageModel]:
    """All six stage models of a named profile."""
    if name not in PROFILES:
        raise KeyError(name)
    return {stage: PROFILES[name](stage) for stage in STAGES}
