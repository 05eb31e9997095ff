"""In-process DUT factories for the DUT outcome tests (entry points ``tests.dut_samples:...``).

Each is a real DUT behind the in-process contract, written to misbehave one way."""

from __future__ import annotations

import threading
import time
from typing import Any


def slow(delay_s: float = 0.15) -> Any:
    """Answers ``unknown`` after ``delay_s`` (or at its cancel), whatever else is running."""

    def handle(request: Any, cancel: threading.Event) -> Any:
        cancel.wait(delay_s)
        return {"intent": "unknown", "value": None, "feedback": request.utterance}

    return handle


def exits() -> Any:
    """A factory that ends the interpreter (``SystemExit``) instead of returning a handler."""
    raise SystemExit(3)


def out_of_range() -> Any:
    """Every answer asks for 99 degrees: the safety valve refuses each one."""

    def handle(request: Any, cancel: threading.Event) -> Any:
        return {"intent": "climate_set_temperature", "value": 99, "feedback": "99 degrees"}

    return handle


def late(delay_s: float = 0.0) -> Any:
    """Answers only after a pause it takes no matter the deadline."""

    def handle(request: Any, cancel: threading.Event) -> Any:
        time.sleep(delay_s)
        return {"intent": "unknown", "value": None, "feedback": ""}

    return handle
