"""The model worker serves under SCHED_FIFO once started, only when asked and only for a
real-time resolver (a fake pipe and resolvers; the scheduler call replaced; no clock)."""

from __future__ import annotations

import sys
from typing import Any

import pytest

import hil.llm.worker as worker


class RealtimeResolver:
    realtime = True

    def __init__(self, **_: Any) -> None:
        pass

    def resolve(self, *args: Any) -> str:
        return "answer"


class PlainResolver(RealtimeResolver):
    realtime = False


class _Pipe:
    def __init__(self, init: tuple[Any, ...]) -> None:
        self.inbox: list[tuple[Any, ...]] = [init, ("call", "resolve", ("q", [], "en", None),
                                                     None), ("close",)]
        self.sent: list[tuple[Any, ...]] = []

    def recv(self) -> tuple[Any, ...]:
        return self.inbox.pop(0)

    def send(self, msg: tuple[Any, ...]) -> None:
        self.sent.append(msg)


def _served(monkeypatch: pytest.MonkeyPatch, init: tuple[Any, ...]) -> tuple[list[str], _Pipe]:
    entered: list[str] = []
    monkeypatch.setattr(worker, "enter_realtime", lambda: entered.append("fifo") or "SCHED_FIFO")
    monkeypatch.setattr(worker, "_crash_hook", lambda: None)
    monkeypatch.setattr(worker.signal, "signal", lambda *a: None)
    pipe = _Pipe(init)
    worker._serve(pipe)  # type: ignore[arg-type]
    return entered, pipe


def test_a_realtime_resolver_is_served_under_fifo_when_asked(monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    factory = f"{__name__}:RealtimeResolver"
    entered, pipe = _served(monkeypatch, ("init", list(sys.path), factory, {}, True))
    assert entered == ["fifo"]
    assert [m[0] for m in pipe.sent] == ["ready", "ok"] and pipe.sent[1][1] == "answer"


def test_no_fifo_unless_asked_or_for_a_normal_resolver(monkeypatch: pytest.MonkeyPatch) -> None:
    fifo, plain = f"{__name__}:RealtimeResolver", f"{__name__}:PlainResolver"
    assert _served(monkeypatch, ("init", list(sys.path), fifo, {}, False))[0] == []
    assert _served(monkeypatch, ("init", list(sys.path), plain, {}, True))[0] == []
    # a parent of before this session sends four fields: served as before
    assert _served(monkeypatch, ("init", list(sys.path), fifo, {}))[0] == []
