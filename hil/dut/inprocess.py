"""In-process DUT: a Python entry point ``module:factory``.

``factory(**options)`` returns a callable ``handle(request, cancel)``: ``request`` is a
:class:`~hil.dut.contract.DutRequest`, ``cancel`` a :class:`threading.Event` set when the
deadline passes. It returns the answer ``{intent, value, feedback}`` (optionally with
``timings``), or an iterable of events (``{"type": "ack"}``, ``{"type": "chunk", "text": ...}``,
then ``{"type": "answer", ...}``). The calls run on ``concurrency`` dedicated threads (one by
default), so a hung handler costs its requests a ``timeout`` but never blocks the bench; a
handler that raises is recorded as ``crashed``, a factory that raises (``SystemExit`` included)
as ``error``. Nothing protects the bench from a native crash in the same process:
that is what the worker-process adapter is for.
"""

from __future__ import annotations

import importlib
import inspect
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from hil.dut.contract import Dut, DutFailure, DutRequest, Events, adapter_kwargs, answer_from
from twin.config.dut import InProcessBackend, ShippedBackend
from twin.errors import InputError

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
    except (Exception, SystemExit) as exc:  # importing user code may raise anything
        raise DutFailure("unavailable", f"entry point {spec!r}: {type(exc).__name__}: "
                         f"{exc}") from None
    if not callable(target):
        raise DutFailure("unavailable", f"entry point {spec!r} is not callable")
    return target  # type: ignore[no-any-return]


def check_factory(spec: str, options: Mapping[str, Any]) -> Callable[..., Any]:
    """The factory ``spec`` names, if it is one: a Python function or class (not a builtin
    such as ``os:system``) that takes ``options`` as keyword arguments."""
    target = load_entry_point(spec)
    if not (inspect.isfunction(target) or inspect.isclass(target) or inspect.ismethod(target)):
        raise DutFailure("unavailable", f"a DUT factory (a Python function or class "
                         f"returning a handler), not {type(target).__name__} {spec!r}")
    try:
        inspect.signature(target).bind(**options)
    except (TypeError, ValueError) as exc:
        raise DutFailure("unavailable", f"a DUT factory taking the options "
                         f"{sorted(options)} as keywords: {spec!r} {exc}") from None
    return target


def consume_event(event: Any, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]] | None:
    """Record one streamed event; the answer and timings once the ``answer`` event comes."""
    kind = event.get("type") if isinstance(event, Mapping) else None
    if kind in ("ack", "chunk"):
        events.add(kind, str(event.get("text", "")))
        return None
    if kind == "answer":
        events.add("answer")
        return answer_from(dict(event)), reported_timings(event)
    raise DutFailure("malformed", f"unknown event {event!r:.60}")


def consume(result: Any, events: Events) -> tuple[dict[str, Any], dict[str, float]]:
    """A handler's returned answer mapping as the contract's answer and timings."""
    if not isinstance(result, Mapping):
        raise DutFailure("malformed", f"a handler returns a mapping or events, not {result!r:.60}")
    events.add("answer")
    return answer_from(dict(result)), reported_timings(result)


def reported_timings(obj: Mapping[str, Any]) -> dict[str, float]:
    raw = obj.get("timings") or {}
    if not isinstance(raw, Mapping):
        return {}
    return {str(k): float(v) for k, v in raw.items()
            if isinstance(v, int | float) and not isinstance(v, bool)}


class InProcessDut(Dut):
    """``module:factory`` called on ``concurrency`` dedicated worker threads."""

    kind = "inprocess"
    max_concurrency = 64
    Config = InProcessBackend

    @classmethod
    def validate_config(cls, backend: Any, source: str = "<scenario>",
                        where: str = "assistant.backend") -> Any:
        """Also: ``entry`` resolves to a DUT factory taking ``options`` as keywords (a
        missing module or any other callable, ``os:system``, is refused before the run)."""
        config = super().validate_config(backend, source, where)
        try:
            check_factory(config.entry, config.options)
        except DutFailure as exc:
            raise InputError(source, f"{where}.entry", str(exc)) from None
        return config

    @classmethod
    def from_config(cls, config: Any, log_dir: Path | None = None) -> Dut:
        return cls(config.entry, config.options, **adapter_kwargs(config, log_dir))

    def __init__(self, entry: str | Handler, options: Mapping[str, Any] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.entry = entry
        self.options = dict(options or {})
        self._handler: Handler | None = None
        self._jobs: queue.SimpleQueue[tuple[DutRequest, threading.Event,
                                             queue.SimpleQueue[Any]] | None] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._cancels: dict[int, threading.Event] = {}

    def _launch(self) -> None:
        factory = self.entry if callable(self.entry) else load_entry_point(self.entry)
        try:
            self._handler = factory(**self.options) if not callable(self.entry) else factory
        except (Exception, SystemExit) as exc:  # user code: a defect, shown as an ERROR
            raise DutFailure("error", f"the factory raised {type(exc).__name__}: {exc}"
                             ) from None
        self._jobs = queue.SimpleQueue()
        self._threads = [threading.Thread(target=self._serve, args=(self._jobs,),
                                          name=f"dut-inprocess-{i}", daemon=True)
                         for i in range(self.concurrency)]
        for thread in self._threads:
            thread.start()

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
            except (Exception, SystemExit) as exc:  # user code: a crash of this request
                box.put(("error", exc))

    def _exchange(self, request: DutRequest, deadline: float, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        box: queue.SimpleQueue[Any] = queue.SimpleQueue()
        cancel = self._cancels[request.id] = threading.Event()
        self._jobs.put((request, cancel, box))
        try:
            result = self._collect(box, deadline, events)
        except DutFailure as exc:
            if exc.outcome != "timeout":  # after a timeout, _cancel sets it
                self._cancels.pop(request.id, None)
            raise
        self._cancels.pop(request.id, None)
        return result

    def _collect(self, box: queue.SimpleQueue[Any], deadline: float, events: Events
                 ) -> tuple[dict[str, Any], dict[str, float]]:
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
        cancel = self._cancels.pop(request.id, None)
        if cancel is not None:
            cancel.set()

    def _alive(self) -> bool:
        return bool(self._threads) and all(t.is_alive() for t in self._threads)

    def _stop(self) -> None:
        for _ in self._threads:
            self._jobs.put(None)  # a hung handler's thread is a daemon: it dies with us
        self._threads = []


class ShippedDut(InProcessDut):
    """``backend = "shipped"``: the rules' fallback (SmolLM2 through llama.cpp) in this
    process (:mod:`hil.dut.shipped`); one model instance, so one request at a time."""

    kind = "shipped"
    max_concurrency = 1
    Config = ShippedBackend

    @classmethod
    def from_config(cls, config: Any, log_dir: Path | None = None) -> Dut:
        return cls("hil.dut.shipped:factory", {"model": config.model,
                                               "threads": config.threads},
                   **adapter_kwargs(config, log_dir))
