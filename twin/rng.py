"""Named, independent random streams from one seed (common random numbers across variants).

Each consumer gets its own stream, so adding a fault or changing one stage never shifts the
draws of another: the basis of "adding a fault never makes a request faster" and of exact
engine comparisons.
"""

from __future__ import annotations

import numpy as np

from latency_models.stages import STAGE_INDEX

_STREAMS = {"workload": (1,), "assistant": (3,), "devices": (4,), "network": (5,),
            "conditioned": (6,), "router": (7,), "capture": (8,)}


def stream(seed: int, name: str, index: int = 0) -> np.random.Generator:
    """The Generator for ``name`` (``stage``, ``fault``, ``workload``, ...) under ``seed``."""
    if name == "stage":
        key: tuple[int, ...] = (0, index)
    elif name == "fault":
        key = (2, index)
    else:
        key = (*_STREAMS[name], index)
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=key))


def stage_stream(seed: int, stage: str) -> np.random.Generator:
    return stream(seed, "stage", STAGE_INDEX[stage])
