"""Streaming pacing in render: a streamed DUT answer released to the HMI at the seed's pace.

While a DUT streams, each ``chunk`` is handed to a :class:`PacedRelease` as it arrives. The
release follows :class:`twin.assistant.pacer.StreamPacer` (the same rule the twin models): the
first 3 chunks go out as they arrive (due within 50 ms), later ones one every 120 +- 20 ms, never
before they arrived. A thread sends each chunk to the sink at its due time (on a rig: an
``HMI_Feedback`` command over the HMI's link, so the pacing is real bytes on the serial line)
and records when it actually went out. The report gives the time to first audio (the first
chunk's actual release, from the request's send) and the pacing error (actual minus planned
release, and the gaps between releases).
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hil.dut.contract import DutEvent
from twin.assistant.pacer import StreamPacer

Sink = Callable[[int, str], Any]
TEXT_ID_BASE = 1000  # HMI_Feedback.TextId of streamed piece i is 1000 + i


@dataclass
class PacedRelease:
    """One streamed answer's paced release (times in ms from the request's send)."""

    pacer: StreamPacer
    sink: Sink | None = None
    arrivals: list[float] = field(default_factory=list)
    planned: list[float] = field(default_factory=list)
    actual: list[float] = field(default_factory=list)
    _t0: float = field(default_factory=time.perf_counter)
    _queue: queue.SimpleQueue[tuple[int, float, str] | None] = field(
        default_factory=queue.SimpleQueue)
    _thread: threading.Thread | None = None

    def on_event(self, event: DutEvent) -> None:
        if event.kind != "chunk":
            return
        i = len(self.arrivals)
        self.arrivals.append(event.t_ms)
        due = event.t_ms if i < self.pacer.first_tokens else max(
            event.t_ms, self.planned[-1] + self.pacer.interval_ms)
        self.planned.append(due)
        if self._thread is None:
            self._thread = threading.Thread(target=self._release, daemon=True,
                                            name="dut-pacer")
            self._thread.start()
        self._queue.put((i, due, event.text))

    def end(self) -> None:
        self._queue.put(None)

    def _release(self) -> None:
        while (item := self._queue.get()) is not None:
            i, due, text = item
            wait = self._t0 + due / 1e3 - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            self.actual.append((time.perf_counter() - self._t0) * 1e3)
            if self.sink is not None:
                with contextlib.suppress(Exception):  # the device records its own failures
                    self.sink(i, text)

    def join(self, timeout_s: float) -> None:
        self.end()
        if self._thread is not None:
            self._thread.join(timeout_s)

    def violations(self) -> tuple[str, ...]:
        return self.pacer.pace(self.arrivals).violations if self.arrivals else ()


def hmi_sink(render: Any) -> Sink | None:
    """Each released piece as an ``HMI_Feedback`` command on the rig's HMI (None: no HMI)."""
    session = getattr(render, "session", None)
    hmi = getattr(render, "ack_device", None)
    if session is None or hmi is None:
        return None
    actuator = session.actuators[hmi]

    def send(i: int, text: str) -> Any:
        return actuator.command({"Chime": 0, "Icon": 0, "TextId": TEXT_ID_BASE + i})

    return send


def _q(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50_ms": None, "p95_ms": None, "max_ms": None}
    a = np.asarray(values)
    return {"p50_ms": round(float(np.percentile(a, 50)), 3),
            "p95_ms": round(float(np.percentile(a, 95)), 3), "max_ms": round(float(a.max()), 3)}


def streaming_report(releases: list[PacedRelease], pacer: StreamPacer) -> dict[str, Any]:
    """Time to first audio, pacing error and gaps over every streamed answer."""
    done = [r for r in releases if r.actual]
    first = [r.actual[0] for r in done]
    error = [a - p for r in done for a, p in zip(r.actual, r.planned, strict=False)]
    gaps = [b - a for r in done for a, b in zip(r.actual[pacer.first_tokens - 1:],
                                                r.actual[pacer.first_tokens:], strict=False)]
    return {
        "streams": len(done),
        "chunks": sum(len(r.actual) for r in done),
        "time_to_first_audio": _q(first),
        "pacing_error": _q(error),
        "gap": _q(gaps),
        "streams_with_violations": sum(bool(r.violations()) for r in done),
        "rule": {"first_tokens": pacer.first_tokens, "first_within_ms": pacer.first_within_ms,
                 "interval_ms": pacer.interval_ms, "tolerance_ms": pacer.tolerance_ms},
    }
