"""The worker-process adapter: the shipped assistant (SmolLM2 through llama.cpp) in a child
process. A native crash there is a ``crashed`` outcome and a restart, never a dead bench."""

from __future__ import annotations

import pytest

from hil.dut.contract import DutRequest
from hil.dut.worker import WorkerDut
from twin.assistant.intents import INTENT_NAMES

pytestmark = [pytest.mark.slow, pytest.mark.model]


def test_worker_answers_and_survives_a_native_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CABIN_TWIN_WORKER_CRASH", "segv:2")  # the 2nd resolve of each worker
    # the request after the crash waits for the new worker's model load until its deadline
    # (the contract): a hang guard as long as the start timeout, not a speed claim (60 s was
    # missed at load 30-40)
    dut = WorkerDut(timeout_ms=600_000, start_timeout_s=600)
    try:
        dut.start()  # the model load is not any request's time (a run starts its DUTs first)
        replies = [dut.ask(DutRequest(i, "i'm freezing", "en")) for i in range(3)]
    finally:
        dut.close()
    assert [r.outcome for r in replies] == ["ok", "crashed", "ok"]
    assert replies[0].answer is not None and replies[0].answer["intent"] in INTENT_NAMES
    assert "SIGSEGV" in replies[1].error  # the worker's one-line diagnosis
    assert dut.starts == 2  # a new worker after the crash
    assert dut.info.get("amx_guard") is not None  # the child reported its guard decision
