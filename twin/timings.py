"""What an engine produces: per request and stage, when it arrived, started, ended and left."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np


@dataclass
class Timings:
    """All times in ms on the simulated clock; arrays are (n,) or (n, 6), by request index.

    ``stage_arrival``: when the request reached the stage (queueing starts);
    ``start``: when its work started (after any queue); ``end``: when its work finished (a
    resource is held until then); ``leave``: when the request moved on, which is ``end`` unless
    a stage deadline let it leave earlier (deadline degrade).
    """

    arrival: np.ndarray
    stage_arrival: np.ndarray
    start: np.ndarray
    end: np.ndarray
    leave: np.ndarray
    fault_hit: np.ndarray  # (n, n_faults) bool
    engine: str

    @cached_property
    def stage_ms(self) -> np.ndarray:
        """Time each request spent in each stage, queueing included."""
        return self.leave - self.stage_arrival

    @cached_property
    def queue_ms(self) -> np.ndarray:
        return np.maximum(self.start - self.stage_arrival, 0.0)

    @cached_property
    def e2e_ms(self) -> np.ndarray:
        return self.leave[:, -1] - self.arrival

    @property
    def n(self) -> int:
        return int(self.arrival.size)

    @property
    def finished(self) -> np.ndarray:
        """Requests that left the last stage (all of them, unless the run was interrupted)."""
        return np.isfinite(self.leave[:, -1])

    def subset(self, mask: np.ndarray) -> Timings:
        """The requests selected by ``mask`` (e.g. those finished before an interruption)."""
        return Timings(self.arrival[mask], self.stage_arrival[mask], self.start[mask],
                       self.end[mask], self.leave[mask], self.fault_hit[mask], self.engine)
