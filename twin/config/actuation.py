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

from pydantic import model_validator

from twin.config.base import NonNegativeInt, Probability, Strict, parse


class Actuation(Strict):
    """Allowances for actuation failures (all strict by default)."""

    max_not_sent: NonNegativeInt = 0
    max_timed_out_fraction: Probability = 0.0
    max_rejected: NonNegativeInt = 0
    max_mismatched: NonNegativeInt = 0
    max_errors: NonNegativeInt = 0
    max_safe_state_unconfirmed: NonNegativeInt = 0
    reason: str = ""

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


def actuation_config(raw: dict[str, Any], source: str) -> Actuation:
    """The validated ``[actuation]`` table of a parsed scenario (strict defaults if absent)."""
    return parse(Actuation, raw.get("actuation", {}), source, "actuation")
