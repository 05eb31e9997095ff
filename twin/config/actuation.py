"""The scenario's ``[actuation]`` table: how far a run may loosen the built-in actuation
expectations. Every default is the strict one (nothing unsent, no timeout, no rejection, no
contradicting status, no link error, the safe state confirmed on every device); loosening any of
them needs a ``reason``, which the report carries next to the expectation.

```toml
[actuation]
max_timed_out_fraction = 0.05
max_errors = 3
unserved = ["navigate_home", "media_*"]
reason = "the scenario drops 2 % of CAN frames; this rig has no navigation or media ECU"
```

``unserved`` lists the cabin intents (names, or ``fnmatch`` patterns such as ``media_*``) the
rig may leave without a device: a request for any other intent no device serves fails the run.
Every count is bounded (at most :data:`MAX_ALLOWANCE`): an allowance beyond every command a run
can send is no limit at all.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from typing import Annotated, Any

from pydantic import Field, model_validator

from twin.assistant.intents import INTENT_NAMES
from twin.config.base import Probability, Strict

MAX_ALLOWANCE = 20_000_000
"""The largest count allowance: two commands (the ack and the cabin command) for each of the
10,000,000 requests a run may have."""
Allowance = Annotated[int, Field(ge=0, le=MAX_ALLOWANCE)]
CABIN_INTENTS = tuple(i for i in INTENT_NAMES if i != "unknown")
"""The intents that command a cabin device (``unknown`` commands nothing)."""


class Actuation(Strict):
    """Allowances for actuation failures (all strict by default)."""

    max_not_sent: Allowance = Field(0, description="commands allowed not to go out")
    max_timed_out_fraction: Probability = Field(
        0.0, description="fraction of commands allowed to time out")
    max_rejected: Allowance = Field(0, description="commands a device may reject")
    max_mismatched: Allowance = Field(
        0, description="statuses allowed to contradict their command")
    max_errors: Allowance = Field(0, description="link errors allowed while commanding")
    max_safe_state_unconfirmed: Allowance = Field(
        0, description="devices allowed to end without a confirmed safe state")
    max_status_lost: Allowance = Field(
        0, description="status outages allowed (a cyclic status away past its cycle timeout)")
    unserved: list[str] = Field(
        default_factory=list, max_length=len(CABIN_INTENTS),
        description="cabin intents (or fnmatch patterns) the rig may leave without a device")
    reason: str = Field("", max_length=2000,
                        description="why anything is loosened (required then)")

    @model_validator(mode="after")
    def _unserved_names_intents(self) -> Actuation:
        for i, pattern in enumerate(self.unserved):
            if not any(fnmatchcase(intent, pattern) for intent in CABIN_INTENTS):
                raise ValueError(f"unserved[{i}]: a cabin intent or a pattern matching one "
                                 f"(e.g. navigate_home, media_*), got {pattern[:60]!r}")
        return self

    def allows_unserved(self, intent: str) -> bool:
        """True when ``[actuation] unserved`` lists ``intent`` (by name or pattern)."""
        return any(fnmatchcase(intent, pattern) for pattern in self.unserved)

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

    @property
    def allows_failures(self) -> bool:
        """True when a count allowance is loosened (``unserved`` alone is not one)."""
        return self.model_dump(exclude={"reason", "unserved"}) != Actuation.model_construct(
        ).model_dump(exclude={"reason", "unserved"})


def actuation_config(scenario: Any) -> Actuation:
    """The validated ``[actuation]`` table of a scenario (strict defaults if absent)."""
    return scenario.config.actuation
