"""The scenario's ``[actuation]`` table: how far a run may loosen the built-in actuation
expectations. Every default is the strict one (nothing unsent, no timeout, no rejection, no
contradicting status, no link error, the safe state confirmed on every device); loosening any of
them needs a ``reason``, which the report carries next to the expectation.

```toml
[actuation]
max_timed_out_fraction = 0.05
max_errors = 3
reason = "the scenario drops 2 % of CAN frames and pulls the serial plug at 4 s"
```
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from twin.config.base import NonNegativeInt, Probability, Strict


class Actuation(Strict):
    """Allowances for actuation failures (all strict by default)."""

    max_not_sent: NonNegativeInt = Field(0, description="commands allowed not to go out")
    max_timed_out_fraction: Probability = Field(
        0.0, description="fraction of commands allowed to time out")
    max_rejected: NonNegativeInt = Field(0, description="commands a device may reject")
    max_mismatched: NonNegativeInt = Field(
        0, description="statuses allowed to contradict their command")
    max_errors: NonNegativeInt = Field(0, description="link errors allowed while commanding")
    max_safe_state_unconfirmed: NonNegativeInt = Field(
        0, description="devices allowed to end without a confirmed safe state")
    reason: str = Field("", description="why anything is loosened (required then)")

    @model_validator(mode="after")
    def _loosening_needs_a_reason(self) -> Actuation:
        loosened = self.model_dump(exclude={"reason"}) != Actuation.model_construct().model_dump(
            exclude={"reason"})
        if loosened and not self.reason.strip():
            raise ValueError("a 'reason' saying why the actuation expectations are loosened")
        return self

    @property
    def loosened(self) -> bool:
        return bool(self.reason.strip())


def actuation_config(scenario: Any) -> Actuation:
    """The validated ``[actuation]`` table of a scenario (strict defaults if absent)."""
    return scenario.config.actuation
