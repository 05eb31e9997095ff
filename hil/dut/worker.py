"""Worker-process DUT: the shipped assistant in a child process (:mod:`hil.llm.worker`).

``backend = "worker"`` wraps :class:`hil.llm.worker.WorkerResolver`: SmolLM2 through llama.cpp
in a child started fresh, reached over a pipe, with the AMX guard applied there. A native
crash (SIGSEGV, SIGILL, abort) kills the child, not the bench: the request records ``crashed``
with the worker's one-line diagnosis, the policy degrades, and the next request starts a new
worker. The deadline crosses the boundary (the child abandons the model work at it); a worker
that does not answer within ``GRACE_S`` after it counts as hung and is killed.

The worker loads its model on a thread of its own (:class:`_Start`): a request that arrives
while it loads (the first one, or the one after a crash) waits for it only until its own
deadline, as the contract says, and the next request waits on the same load.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from pathlib import Path
from typing import Any

from hil.dut.contract import Dut, DutFailure, DutRequest, Events, adapter_kwargs, answer_from
from twin.config.dut import WorkerBackend

#: how long after its deadline a worker call may take before the worker counts as hung
GRACE_S = 0.5


class _Start:
    """One launch's model load, run on its own thread: the worker or why it failed. A load
    abandoned (the DUT stopped) before it ends closes its worker itself."""

    def __init__(self, build: Any) -> None:
        self.done = threading.Event()
        self.worker: Any = None
        self.failure: DutFailure | None = None
        self.abandoned = False
        self._lock = threading.Lock()
        threading.Thread(target=self._run, args=(build,), name="dut-worker-start",
                         daemon=True).start()

    def _run(self, build: Any) -> None:
        from hil.llm.worker import ModelCrashed

        worker: Any = None
        try:
            worker = build()
        except ModelCrashed as exc:
            self.failure = DutFailure("unavailable", exc.crash.message)
        except Exception as exc:  # the load's defect: the request's verdict, not a crash
            self.failure = DutFailure("unavailable", f"{type(exc).__name__} while starting: "
                                      f"{exc}")
        with self._lock:
            keep = not self.abandoned
            if keep:
                self.worker = worker
        if not keep and worker is not None:
            with contextlib.suppress(Exception):
                worker.close(timeout_s=2.0)
        self.done.set()

    def abandon(self) -> Any:
        """Stop waiting for the load; the worker if it is already there (the caller closes
        it), else None (the load closes it when it ends)."""
        with self._lock:
            self.abandoned = True
            worker, self.worker = self.worker, None
        return worker


class WorkerDut(Dut):
    kind = "worker"
    Config = WorkerBackend

    @classmethod
    def from_config(cls, config: Any, log_dir: Path | None = None) -> Dut:
        return cls(config.model, config.threads, **adapter_kwargs(config, log_dir))

    def __init__(self, model: str | None = None, threads: int = 2, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.model = model
        self.threads = threads
        self._worker: Any = None
        self._start: _Start | None = None
        self.info: dict[str, Any] = {}

    def _new_worker(self) -> Any:
        """Start a worker and load its model (blocks for the load; bounded by the start
        timeout)."""
        from hil.llm.worker import DEFAULT_FACTORY, WorkerResolver

        return WorkerResolver(
            DEFAULT_FACTORY, {"model_path": self.model, "n_threads": self.threads},
            start_timeout_s=self.start_timeout_s, grace_s=GRACE_S,
            call_timeout_s=self.timeout_ms / 1e3 + GRACE_S)

    def _launch(self) -> None:
        self._start = _Start(self._new_worker)  # returns at once: the load runs beside

    def _ready(self, deadline: float) -> None:
        start = self._start
        if start is None:
            raise DutFailure("unavailable", "the worker was not launched")
        if not start.done.wait(max(deadline - time.perf_counter(), 0.0)):
            raise DutFailure("timeout", "the worker is still loading its model")
        if start.failure is not None:
            raise start.failure
        self._worker = start.worker
        self.info = dict(self._worker.info)

    def _alive(self) -> bool:
        if self._worker is not None:
            return bool(self._worker.alive)
        return self._start is not None  # loading, or loaded/failed: _ready says which

    def _stop(self) -> None:
        start, self._start = self._start, None
        worker, self._worker = self._worker, None
        if start is not None:
            worker = start.abandon() or worker
        if worker is not None:
            worker.close(timeout_s=2.0)

    def _exchange(self, request: DutRequest, deadline: float, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        from hil.llm.worker import ModelCrashed

        left_ms = max((deadline - time.perf_counter()) * 1e3, 0.0)
        try:
            result = self._worker.resolve(request.utterance, list(request.history),
                                          request.lang, left_ms)
        except ModelCrashed as exc:
            raise DutFailure("crashed", exc.crash.message) from None
        if not result.raw:
            raise DutFailure("timeout", "the model was abandoned at the deadline")
        events.add("answer")
        try:
            answer = answer_from(json.loads(result.raw))
        except ValueError:
            raise DutFailure("malformed", f"not JSON: {result.raw[:80]!r}") from None
        timings = {k: float(v) for k, v in result.timings.items() if k.endswith("_ms")}
        return answer, timings
