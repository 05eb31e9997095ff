"""In-process DUT: a Python entry point ``module:factory``.

``factory(**options)`` returns a callable ``handle(request, cancel)``: ``request`` is a
:class:`~hil.dut.contract.DutRequest`, ``cancel`` a :class:`threading.Event` set when the
deadline passes. It returns the answer ``{intent, value, feedback}`` (optionally with
``timings``), or an iterable of events (``{"type": "ack"}``, ``{"type": "chunk", "text": ...}``,
then ``{"type": "answer", ...}``). The call runs on one dedicated thread, so a hung handler
costs its requests a ``timeout`` but never blocks the bench; a handler that raises is
recorded as ``crashed``. Nothing protects the bench from a native crash in the same process:
that is what the worker-process adapter is for.
"""

from __future__ import annotations

import importlib
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from hil.dut.contract import Dut, DutFailure, DutRequest, Events, answer_from

Handler = Callable[[DutRequest, threading.Event], Any]


def load_entry_point(spec: str) -> Callable[..., Any]:
    """``module:attribute`` -> the attribute; :class:`DutFailure` ``unavailable`` otherwise."""
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise DutFailure("unavailable", f"entry point {spec!r} is not 'module:factory'")
    if os.getcwd() not in sys.path:  # like uvicorn's app dir: modules of the working folder
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
        target = module
        for part in attr.split("."):
            target = getattr(target, part)
    except (ImportError, AttributeError) as exc:
        raise DutFailure("unavailable", f"entry point {spec!r}: {exc}") from None
    if not callable(target):
        raise DutFailure("unavailable", f"entry point {spec!r} is not callable")
    return target  # type: ignore[no-any-return]


def consume_event(event: Any, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]] | None:
    """Record one streamed event; the answer and timings once the ``answer`` event comes."""
    kind = event.get("type") if isinstance(event, Mapping) else None
    if kind in ("ack", "chunk"):
        events.add(kind, str(event.get("text", "")))
        return None
    if kind == "answer":
        events.add("answer")
        return answer_from(dict(event)), _timings(event)
    raise DutFailure("malformed", f"unknown event {event!r:.60}")


def consume(result: Any, events: Events) -> tuple[dict[str, Any], dict[str, float]]:
    """A handler's returned answer mapping as the contract's answer and timings."""
    if not isinstance(result, Mapping):
        raise DutFailure("malformed", f"a handler returns a mapping or events, not {result!r:.60}")
    events.add("answer")
    return answer_from(dict(result)), _timings(result)


def _timings(obj: Mapping[str, Any]) -> dict[str, float]:
    raw = obj.get("timings") or {}
    if not isinstance(raw, Mapping):
        return {}
    return {str(k): float(v) for k, v in raw.items()
            if isinstance(v, int | float) and not isinstance(v, bool)}


class InProcessDut(Dut):
    """``module:factory`` called on one dedicated worker thread."""

    kind = "inprocess"

    def __init__(self, entry: str | Handler, options: Mapping[str, Any] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entry = entry
        self.options = dict(options or {})
        self._handler: Handler | None = None
        self._jobs: queue.SimpleQueue[tuple[DutRequest, threading.Event,
                                             queue.SimpleQueue[Any]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._cancel_event: threading.Event | None = None

    def _launch(self) -> None:
        factory = self.entry if callable(self.entry) else load_entry_point(self.entry)
        try:
            self._handler = factory(**self.options) if not callable(self.entry) else factory
        except Exception as exc:  # the factory is user code: any failure is a failed start
            raise DutFailure("unavailable", f"factory failed: {exc!r}") from None
        self._jobs = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, args=(self._jobs,),
                                        name="dut-inprocess", daemon=True)
        self._thread.start()

    def _serve(self, jobs: queue.SimpleQueue[Any]) -> None:
        while (job := jobs.get()) is not None:
            request, cancel, box = job
            try:
                result = self._handler(request, cancel)  # type: ignore[misc]
                if isinstance(result, Mapping) or not isinstance(result, Iterable):
                    box.put(("result", result))
                    continue
                for event in result:  # streamed: each event handed over as it comes
                    box.put(("event", event))
                box.put(("end", None))
            except Exception as exc:  # user code: recorded as a crash of this request
                box.put(("error", exc))

    def _exchange(self, request: DutRequest, deadline: float, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        box: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._cancel_event = threading.Event()
        self._jobs.put((request, self._cancel_event, box))
        while True:
            try:
                status, item = box.get(timeout=max(deadline - time.perf_counter(), 0.0))
            except queue.Empty:
                raise DutFailure("timeout", "the handler did not answer by the deadline") from None
            if status == "error":
                raise DutFailure("crashed", f"the handler raised {item!r}")
            if status == "result":
                return consume(item, events)
            if status == "end":
                raise DutFailure("malformed", "the events ended without an answer")
            answer = consume_event(item, events)
            if answer is not None:
                return answer

    def _cancel(self, request: DutRequest) -> None:
        if self._cancel_event is not None:
            self._cancel_event.set()

    def _alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _stop(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)  # a hung handler's thread is a daemon: it dies with us
            self._thread = None
