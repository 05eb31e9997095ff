"""A model worker's start is judged by the progress it tells, and a failed start is said.

The wait (:mod:`hil.llm.reply_wait`) runs on an injected clock against a scripted worker, so no
assertion depends on how fast this machine is. A first use that embeds for longer than any fixed
bound, but tells its count, is waited for; a silent one is given up with what it last said; a
``twin nlu --eval --llm`` whose worker never started exits 1 with one line, never a quiet run
of refusals.
"""

from __future__ import annotations

import json
import threading
from itertools import pairwise
from typing import Any

import pytest

from hil.llm import worker
from hil.llm.reply_wait import ReplyWait, wait_for_reply
from hil.llm.worker import CRASH_HOOK_ENV, START_QUIET_S, WorkerResolver, describe_exit
from tests.helpers import write_jsonl
from twin import progress


class ScriptedWorker:
    """A pipe whose messages arrive at scripted times of a fake clock (seconds)."""

    def __init__(self, script: list[tuple[float, tuple[Any, ...]]]) -> None:
        self.now = 0.0
        self.script = list(script)

    def clock(self) -> float:
        return self.now

    def poll(self, timeout: float) -> bool:
        if self.script and self.script[0][0] <= self.now + timeout:
            self.now = max(self.now, self.script[0][0])
            return True
        self.now += timeout
        return False

    def recv(self) -> tuple[Any, ...]:
        return self.script.pop(0)[1]


def _embedding(until: float, every: float = 100.0) -> list[tuple[float, tuple[Any, ...]]]:
    steps = int(until // every)
    return [(i * every, ("progress", f"twin model: embedding ({i} of {steps} examples)"))
            for i in range(1, steps + 1)]


def test_a_long_start_that_tells_its_progress_is_waited_for():
    pipe = ScriptedWorker([*_embedding(2400.0), (2450.0, ("ready", {"pid": 1}))])
    wait = ReplyWait(3600.0, 600.0)
    reply, ready = wait_for_reply(pipe, wait, pipe.clock)
    assert ready and reply == ("ready", {"pid": 1})  # 2,450 s: four times a fixed 600 s bound
    assert wait.said == "twin model: embedding (24 of 24 examples)"


def test_a_start_silent_for_the_quiet_bound_is_given_up_with_what_it_last_said():
    pipe = ScriptedWorker([*_embedding(700.0), (5000.0, ("ready", {}))])
    wait = ReplyWait(3600.0, 600.0)
    assert wait_for_reply(pipe, wait, pipe.clock) == (None, False)
    assert pipe.now == 1300.0  # 600 s after the last word (at 700 s), not at 3,600 s
    why = wait.why()
    assert why.startswith("no word of progress for 600 s")
    assert "(it last said: twin model: embedding (7 of 7 examples))" in why
    assert why.endswith("1300 s into the wait")


def test_the_whole_start_is_still_bounded():
    pipe = ScriptedWorker(_embedding(9000.0))
    wait = ReplyWait(3600.0, 600.0)
    assert wait_for_reply(pipe, wait, pipe.clock) == (None, False)
    assert pipe.now == 3600.0
    assert wait.why().startswith("no answer within 3600.0 s (it last said: ")


def test_without_a_quiet_bound_the_wait_is_the_fixed_one():
    """A call (and a DUT's start): progress or not, ``limit_s`` alone, as before."""
    pipe = ScriptedWorker([(50.0, ("ok", "x", 1.0))])
    assert wait_for_reply(pipe, ReplyWait(60.0), pipe.clock) == (("ok", "x", 1.0), True)
    pipe = ScriptedWorker([(70.0, ("ok", "x", 1.0))])
    wait = ReplyWait(60.0)
    assert wait_for_reply(pipe, wait, pipe.clock) == (None, False)
    assert wait.why() == "no answer within 60.0 s"


def test_a_hang_says_how_the_wait_ended_in_one_line():
    wait = ReplyWait(3600.0, 600.0, said="twin model: fitting the head", waited_s=900.0)
    crash = describe_exit(None, "start", None, 3600.0, wait.why())
    assert crash.during == "start" and crash.exitcode is None and "\n" not in crash.message
    assert "no word of progress for 600 s (it last said: twin model: fitting the head)" in (
        crash.message)
    assert "rules only" in crash.message


def test_the_default_worker_is_judged_by_progress(monkeypatch):
    seen: dict[str, Any] = {}
    monkeypatch.setattr(worker, "WorkerResolver", lambda *a, **kw: seen.update(kw))
    worker.worker_resolver()
    assert seen["start_quiet_s"] == START_QUIET_S == 600.0
    assert seen["start_timeout_s"] == 3600.0 and seen["degrade_on_crash"] is True


class _Pipe:
    def __init__(self) -> None:
        self.sent: list[tuple[Any, ...]] = []
        self.changed = threading.Condition()

    def send(self, msg: tuple[Any, ...]) -> None:
        with self.changed:
            self.sent.append(msg)
            self.changed.notify_all()

    def told(self, text: str) -> bool:
        """Wait (a generous bound, not a timing) until ``text`` has been sent."""
        with self.changed:
            return self.changed.wait_for(lambda: ("progress", text) in self.sent, 60.0)


def test_the_starting_worker_tells_its_step_and_count(monkeypatch):
    monkeypatch.setattr(progress, "_mode", "never")  # told even when nothing is shown
    pipe = _Pipe()
    done = [0]
    with (worker._telling_progress(pipe, every_s=0.01),  # type: ignore[arg-type]
          progress.activity("twin model", "loading")):
        assert pipe.told("twin model: loading")
        with progress.counting(3, lambda: done[0], "examples embedded"):
            done[0] = 2
            assert pipe.told("twin model: loading (2 of 3 examples embedded)")
    told = [m[1] for m in pipe.sent]
    assert told[0] == "twin model: loading"
    assert all(a != b for a, b in pairwise(told))  # only what changed
    assert progress.current() == ""  # nothing open any more


def test_a_silent_real_worker_is_stopped_by_the_quiet_bound(monkeypatch):
    monkeypatch.setenv(CRASH_HOOK_ENV, "hang:start")  # says nothing, ever
    with WorkerResolver("hil.llm:default_resolver", start_timeout_s=3600.0,
                        start_quiet_s=0.5, degrade_on_crash=True) as dead:
        assert dead.crash is not None and dead.crash.during == "start"
        assert "no word of progress for 0.5 s" in dead.crash.message
        assert dead._proc.poll() is not None  # killed, not left running
        assert dead.resolve("it is a bit stuffy in here", [], "en").raw == ""


@pytest.mark.slow
def test_nlu_eval_whose_worker_never_started_fails_in_one_line(tmp_path, monkeypatch, capfd):
    from cabin_twin.cli.main import main

    row = {"text": "turn on the AC", "lang": "en", "intent": "climate_ac_on", "value": None,
           "kind": "direct"}
    file = write_jsonl(tmp_path, [row, {**row, "text": "it is a bit stuffy in here",
                                        "kind": "indirect"}])
    monkeypatch.setenv(CRASH_HOOK_ENV, "ill:start")
    status = main(["nlu", "--eval", str(file), "--llm"])
    out, err = capfd.readouterr()
    assert status == 1
    report = json.loads(out)
    assert report["model_crash"]["during"] == "start"
    assert report["model_crash"]["signal"] == "SIGILL"
    fail = [x for x in err.splitlines() if x.startswith("nlu: FAIL")]
    assert len(fail) == 1 and "not the model's" in fail[0]
