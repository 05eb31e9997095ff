"""A DUT adapter from outside the bench's package: registered by name in the entry point group
``cabin_twin.dut`` (the test writes the distribution's metadata), typed by its own config
model, opened from a scenario like a built-in one."""

from __future__ import annotations

from typing import Any, Literal

from hil.dut.contract import Dut, DutRequest, Events
from twin.config.dut import AdapterSettings


class LoopbackConfig(AdapterSettings):
    """``[assistant] backend = {kind = "loopback", intent = "...", feedback = "..."}``"""

    kind: Literal["loopback"]
    intent: str = "unknown"
    feedback: str = "heard you"


class LoopbackDut(Dut):
    """Answers every request at once with its configured intent."""

    kind = "loopback"
    max_concurrency = 8
    Config = LoopbackConfig

    def __init__(self, intent: str = "unknown", feedback: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.intent = intent
        self.feedback = feedback

    def _exchange(self, request: DutRequest, deadline: float, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        events.add("answer")
        return {"intent": self.intent, "value": None, "feedback": self.feedback}, {}
