"""Latency models: seeded distributions, stage models, profiles, faults and fitting.

Imports no hardware library and no SimPy: everything here is plain numpy/scipy.
"""

from latency_models.distributions import Distribution, distribution_from_spec
from latency_models.stages import STAGES, StageModel

__all__ = ["STAGES", "Distribution", "StageModel", "distribution_from_spec"]
