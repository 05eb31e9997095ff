"""The lockstep's pacing thread runs at SCHED_FIFO while a run goes (where the system grants
it); its real-call threads and children never do, and normal scheduling comes back after."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from hil.lockstep import LockstepEnvironment

pytestmark = pytest.mark.skipif(not hasattr(os, "SCHED_FIFO"), reason="no POSIX scheduling")


def _policies(realtime: bool = True) -> tuple[dict[str, int], str]:
    env = LockstepEnvironment(realtime=realtime)
    seen: dict[str, int] = {}

    def child_policy() -> int:
        out = subprocess.run([sys.executable, "-c", "import os; print(os.sched_getscheduler(0))"],
                             capture_output=True, text=True, timeout=30, check=True)
        return int(out.stdout)

    def probe(env: LockstepEnvironment):  # type: ignore[no-untyped-def]
        yield env.timeout(1.0)
        seen["pacing"] = os.sched_getscheduler(0)
        seen["call"] = yield from env.call("inference", lambda: os.sched_getscheduler(0))
        seen["child"] = yield from env.call("inference", child_policy)

    env.process(probe(env))
    env.run()
    seen["after"] = os.sched_getscheduler(0)
    return seen, env.stats.summary()["realtime"]


def test_only_the_pacing_thread_is_real_time_and_only_while_running() -> None:
    seen, realtime = _policies()
    if not realtime.startswith("SCHED_FIFO"):
        assert "refused" in realtime  # the report says why, and the run still happened
        assert seen["pacing"] == os.SCHED_OTHER
    else:
        assert seen["pacing"] & ~os.SCHED_RESET_ON_FORK == os.SCHED_FIFO
    assert seen["call"] == os.SCHED_OTHER  # the model's threads must not starve the machine
    assert seen["child"] == os.SCHED_OTHER
    assert seen["after"] == os.SCHED_OTHER


def test_realtime_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CABIN_TWIN_REALTIME", "0")
    seen, realtime = _policies()
    assert realtime == "off (CABIN_TWIN_REALTIME=0)" and seen["pacing"] == os.SCHED_OTHER
    monkeypatch.delenv("CABIN_TWIN_REALTIME")
    seen, realtime = _policies(realtime=False)
    assert realtime == "off" and seen["pacing"] == os.SCHED_OTHER
