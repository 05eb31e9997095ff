"""Worker-process DUT: the shipped assistant in a child process (:mod:`hil.llm.worker`).

``backend = "worker"`` wraps :class:`hil.llm.worker.WorkerResolver`: SmolLM2 through llama.cpp
in a child started fresh, reached over a pipe, with the AMX guard applied there. A native
crash (SIGSEGV, SIGILL, abort) kills the child, not the bench: the request records ``crashed``
with the worker's one-line diagnosis, the policy degrades, and the next request starts a new
worker. The deadline crosses the boundary (the child abandons the model work at it); a worker
that does not answer within ``GRACE_S`` after it counts as hung and is killed.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from hil.dut.contract import Dut, DutFailure, DutRequest, Events, adapter_kwargs, answer_from
from twin.config.dut import WorkerBackend

#: how long after its deadline a worker call may take before the worker counts as hung
GRACE_S = 0.5


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
        self.info: dict[str, Any] = {}

    def _launch(self) -> None:
        from hil.llm.worker import DEFAULT_FACTORY, ModelCrashed, WorkerResolver

        try:
            self._worker = WorkerResolver(
                DEFAULT_FACTORY, {"model_path": self.model, "n_threads": self.threads},
                start_timeout_s=self.start_timeout_s, grace_s=GRACE_S,
                call_timeout_s=self.timeout_ms / 1e3 + GRACE_S)
        except ModelCrashed as exc:
            raise DutFailure("unavailable", exc.crash.message) from None
        self.info = dict(self._worker.info)

    def _alive(self) -> bool:
        return self._worker is not None and bool(self._worker.alive)

    def _stop(self) -> None:
        worker, self._worker = self._worker, None
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
