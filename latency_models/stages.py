"""The six pipeline stages (names are a contract) and the per-stage latency model."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from latency_models.distributions import Distribution

STAGES: tuple[str, ...] = ("capture", "network", "scheduling", "model_load", "inference", "render")
#: column of each stage in the engines' per-request arrays (named once, used everywhere)
CAPTURE, NETWORK, SCHEDULING, MODEL_LOAD, INFERENCE, RENDER = range(len(STAGES))
STAGE_INDEX: dict[str, int] = {s: k for k, s in enumerate(STAGES)}
E2E_BUDGET_MS = 100.0


@dataclass(frozen=True)
class StageModel:
    """One stage: its latency distribution and its share of the 100 ms budget."""

    name: str
    dist: Distribution
    budget_ms: float

    def __post_init__(self) -> None:
        if self.name not in STAGES:
            raise ValueError(f"unknown stage {self.name!r}; expected one of {STAGES}")

    def sample(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """``n`` latencies in ms, never negative."""
        return np.maximum(self.dist.sample(rng, n), 0.0)
