"""The SCHED_FIFO section used by the lockstep pacing thread and the model's decode."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

import pytest

from hil.realtime import enter_realtime, leave_realtime, realtime_section

RESET = getattr(os, "SCHED_RESET_ON_FORK", 0)


def _in_thread(fn: Callable[[], Any]) -> Any:
    """Run ``fn`` on its own thread (scheduling is per thread; the test runner's stays as is)."""
    out: list[Any] = []
    t = threading.Thread(target=lambda: out.append(fn()))
    t.start()
    t.join(10)
    assert out, "the thread did not finish"
    return out[0]


def _policy() -> int:
    return os.sched_getscheduler(0) & ~RESET


def test_section_is_fifo_inside_and_normal_after() -> None:
    def body() -> tuple[str, int, int]:
        with realtime_section() as state:
            inside = _policy()
        return state, inside, _policy()

    state, inside, after = _in_thread(body)
    assert after == os.SCHED_OTHER
    if state.startswith("refused"):
        assert inside == os.SCHED_OTHER
        pytest.skip(f"SCHED_FIFO not granted here: {state}")
    assert state == "SCHED_FIFO 10" and inside == os.SCHED_FIFO


def test_section_never_lowers_a_thread_that_is_already_real_time() -> None:
    def body() -> tuple[str, str, int]:
        first = enter_realtime()
        with realtime_section() as state:
            pass
        after = _policy()
        leave_realtime()
        return first, state, after

    first, state, after = _in_thread(body)
    if not first.startswith("SCHED_FIFO"):
        pytest.skip(f"SCHED_FIFO not granted here: {first}")
    assert state == "already real-time" and after == os.SCHED_FIFO


def test_section_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _in_thread(lambda: realtime_section(enabled=False).__enter__()) == "off"
    monkeypatch.setenv("CABIN_TWIN_REALTIME", "0")

    def body() -> tuple[str, int]:
        with realtime_section() as state:
            return state, _policy()

    state, inside = _in_thread(body)
    assert state.startswith("off") and inside == os.SCHED_OTHER
