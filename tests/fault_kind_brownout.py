"""A fault kind from outside the package (tests/test_fault_plugin.py): one module, found by
name through the ``twin.faults`` entry-point group. A supply brownout slows inference by
a fixed ``extra_ms`` while it lasts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

import numpy as np
from pydantic import Field

from latency_models.faults import Fault
from twin.config.base import Milliseconds
from twin.config.faults import TwinFaultBase, default_of


@dataclass(frozen=True)
class Brownout(Fault):
    """Inference runs ``extra_ms`` slower for requests arriving in the window."""

    kind: ClassVar[str] = "brownout"
    default_stages: ClassVar[tuple[str, ...]] = ("inference",)
    extra_ms_per_request: float = 25.0

    def extra_ms(self, arrival_ms, prev_arrival_ms, base, draws):  # type: ignore[no-untyped-def]
        extra = np.where(self.active(arrival_ms), self.extra_ms_per_request, 0.0)
        return {s: extra for s in self.targets()}


class BrownoutFault(TwinFaultBase):
    """A supply brownout: inference slows by a fixed time."""

    behaviour = Brownout
    kind: Literal["brownout"]
    extra_ms_per_request: Milliseconds = Field(
        default_of(Brownout, "extra_ms_per_request"), description="added to inference (ms)")
