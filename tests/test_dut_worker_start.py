"""The worker adapter's start: the model loads beside the requests, and a request that arrives
while it loads waits for it only until its own deadline (the contract), never for the whole
load. The load is a stand-in that blocks until the test releases it (forced order, no clock)."""

from __future__ import annotations

import json
import threading
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

import hil.llm.worker as worker_module
from hil.dut.contract import DutReply, DutRequest
from hil.dut.worker import WorkerDut
from twin.assistant.intents import INTENT_NAMES


class HeldLoad:
    """A worker whose model load lasts until ``release`` is set."""

    release: ClassVar[threading.Event] = threading.Event()
    built: ClassVar[list[HeldLoad]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        HeldLoad.release.wait(120)  # a hang guard: the test releases it
        self.alive = True
        self.info = {"amx_guard": "stand-in"}
        HeldLoad.built.append(self)

    def resolve(self, utterance: str, history: list[Any], lang: str,
                deadline_ms: float | None = None) -> Any:
        raw = json.dumps({"intent": INTENT_NAMES[0], "value": None, "feedback": ""})
        return SimpleNamespace(raw=raw, timings={})

    def close(self, timeout_s: float = 5.0) -> None:
        self.alive = False


def test_a_request_waits_for_the_model_load_only_until_its_deadline(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HeldLoad, "release", threading.Event())
    monkeypatch.setattr(HeldLoad, "built", [])
    monkeypatch.setattr(worker_module, "WorkerResolver", HeldLoad)
    dut = WorkerDut(timeout_ms=50, start_timeout_s=600)
    replies: list[DutReply] = []
    asker = threading.Thread(target=lambda: replies.append(dut.ask(DutRequest(0, "x"))),
                             daemon=True)
    try:
        asker.start()
        asker.join(60)  # a hang guard, not a speed claim
        returned_while_loading = not asker.is_alive() and not HeldLoad.release.is_set()
        HeldLoad.release.set()
        asker.join(120)
        assert returned_while_loading  # was: the ask blocked for the whole load
        assert [r.outcome for r in replies] == ["timeout"]
        dut.timeout_ms = 120_000  # a hang guard: the next request waits on the same load
        second = dut.ask(DutRequest(1, "x"))
        assert second.outcome == "ok" and second.answer is not None
        assert dut.starts == 1 and len(HeldLoad.built) == 1
        assert dut.info == {"amx_guard": "stand-in"}
    finally:
        HeldLoad.release.set()
        dut.close()
    assert HeldLoad.built[0].alive is False  # closed with the DUT


def test_a_load_abandoned_by_close_closes_its_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HeldLoad, "release", threading.Event())
    monkeypatch.setattr(HeldLoad, "built", [])
    monkeypatch.setattr(worker_module, "WorkerResolver", HeldLoad)
    dut = WorkerDut(timeout_ms=50, start_timeout_s=600)
    dut.start(wait=False)
    dut.close()  # while the model still loads
    HeldLoad.release.set()
    for thread in threading.enumerate():
        if thread.name == "dut-worker-start":
            thread.join(120)  # a hang guard
    assert len(HeldLoad.built) == 1 and HeldLoad.built[0].alive is False  # no orphan worker
