"""DUT faults as injectable kinds: in a scenario (``[[faults]] kind = "dut_*"``) and in a
Hypothesis state machine. Every fault ends in a recorded outcome and a degraded request; the
bench never blocks past a deadline and never loses a DUT process."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from hil.dut.contract import OUTCOMES, DutRequest
from hil.dut.jsonl import JsonLinesDut
from hil.run_real import run_real
from twin.errors import InputError
from twin.scenario import scenario_from_dict

ROOT = Path(__file__).resolve().parent.parent
ECHO = [sys.executable, str(ROOT / "examples" / "dut_echo.py")]
QUERIES = str(ROOT / "tests" / "data" / "dut_fallback_queries.jsonl")


def scenario(backend: dict[str, Any], faults: list[dict[str, Any]], n: int = 12,
             route: dict[str, Any] | None = None, deadline_ms: float = 80
             ) -> dict[str, Any]:
    # rules_first = false: the DUT answers every request (the wider rules would otherwise answer
    # most of these queries themselves, and the faults keyed on DUT requests would never fire)
    assistant: dict[str, Any] = {"lang": "en", "queries": QUERIES, "backend": backend,
                                 "rules_first": False}
    if route:
        assistant["route"] = route
    return {"name": "faults", "seed": 2, "requests": n,
            "workload": {"kind": "poisson", "rate_per_s": 20},
            "stages": {"profile": "ideal"}, "assistant": assistant,
            "policy": {"degrade_deadline_ms": deadline_ms}, "faults": faults,
            "expectations": [{"metric": "dut.failed", "max": 0}]}


@pytest.mark.slow
def test_scenario_crash_and_hang_are_injected_recorded_and_degraded(tmp_path: Path) -> None:
    faults = [{"kind": "dut_crash", "at_request": 3},
              {"kind": "dut_hang", "at_request": 7, "requests": 2}]
    raw = scenario({"kind": "jsonl", "command": ECHO, "timeout_ms": 1000}, faults)
    result = run_real(scenario_from_dict(raw, "f.toml"), None, None, None, tmp_path)
    dut = result.report["dut"]
    assert [f["injected"] for f in dut["faults_injected"]] == [True, True]
    assert dut["outcomes"]["crashed"] == 1
    assert dut["outcomes"]["timeout"] >= 2  # the stopped DUT missed its deadlines
    assert dut["starts"]["terminal"] == 2  # restarted after the crash
    assert round(result.report["paths"]["degraded"] * 12) >= dut["failed"]
    assert result.passed is False  # a verdict, not a dead bench


@pytest.mark.slow
def test_scenario_http_5xx_and_reset_through_the_proxy(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    service = subprocess.Popen([sys.executable, str(ROOT / "examples" / "dut_echo_http.py"),
                                "--port", str(port)])
    try:
        backend = {"kind": "http", "url": f"http://127.0.0.1:{port}/v1", "timeout_ms": 2000,
                   "network": {"rtt": "lan"}}
        faults = [{"kind": "dut_http_5xx", "at_request": 2},
                  {"kind": "dut_reset", "at_request": 4},
                  {"kind": "dut_crash", "at_request": 6}]  # not the bench's process
        # the reset's class needs the proxy's RST to reach the client before the deadline
        # (after it, the request is a timeout: the watchdog shut the socket first); at load
        # 20-40 the proxy's threads missed 80 ms, so the deadline is a generous hang guard
        raw = scenario(backend, faults, 8, deadline_ms=2000)
        result = run_real(scenario_from_dict(raw, "f.toml"), None, None, None, tmp_path)
    finally:
        service.terminate()
        service.wait(timeout=10)
    dut = result.report["dut"]
    injected = {f["kind"]: f for f in dut["faults_injected"]}
    assert injected["dut_http_5xx"]["injected"] and injected["dut_reset"]["injected"]
    assert injected["dut_crash"]["injected"] is False and injected["dut_crash"]["reason"]
    assert dut["outcomes"]["http_error"] == 1 and dut["outcomes"]["reset"] == 1
    # the other 6 were answered: in time (ok) or, on a loaded machine, past the deadline
    # (degraded) or not at all by then (timeout); which is the wall clock's, never an error
    others = {k: v for k, v in dut["outcomes"].items() if v and k not in ("http_error", "reset")}
    assert sum(others.values()) == 6 and set(others) <= {"ok", "degraded", "timeout"}, others
    assert others.get("ok", 0) + others.get("degraded", 0) >= 1


def test_bad_dut_fault_is_an_input_error() -> None:
    base = scenario({"kind": "jsonl", "command": ECHO}, [])
    for fault, key in (({"kind": "dut_explode", "at_request": 1}, "faults[0]"),
                       ({"kind": "dut_hang", "at_request": -1}, "faults[0].at_request")):
        raw = {**base, "faults": [fault]}
        with pytest.raises(InputError) as info:
            scenario_from_dict(raw, "f.toml")
        assert info.value.key.startswith(key), info.value.key
        assert "\n" not in str(info.value)


class DutFaultMachine(RuleBasedStateMachine):
    """A JSON-lines DUT killed, stopped and resumed at random between requests."""

    def __init__(self) -> None:
        super().__init__()
        self.dut = JsonLinesDut(ECHO, timeout_ms=1000, start_timeout_s=30)
        self.dut.start()
        self.stopped = False
        self.killed = False
        self.asked = 0
        self.last: Any = None
        self.ids = iter(range(10**6))

    def proc(self) -> subprocess.Popen[bytes] | None:
        return self.dut._proc

    @rule(deadline=st.sampled_from([30.0, 80.0, 200.0]))
    def ask(self, deadline: float) -> None:
        reply = self.dut.ask(DutRequest(next(self.ids), "hello"), deadline)
        self.asked += 1
        self.last = reply
        # it returned with one outcome; how far past the deadline is measured by
        # `twin bench` (dut_deadline_overrun_ms), never asserted against the wall clock here
        assert reply.outcome in OUTCOMES
        if self.stopped:
            assert reply.outcome == "timeout"
        if self.killed:  # found dead before the request: restarted, never a stale answer
            assert reply.outcome in ("ok", "degraded", "timeout")  # late on a loaded machine
            self.killed = False
        if reply.outcome in ("ok", "degraded"):  # an answer, on time or not, is this one's
            assert reply.answer == {"intent": "unknown", "value": None, "feedback": "hello"}

    # the rules' preconditions read only the machine's own state, never the DUT process's
    # (whether a timed-out DUT was restarted yet depends on the machine's load, and Hypothesis
    # must draw the same rules when it replays an example)
    @precondition(lambda self: not self.stopped)
    @rule()
    def crash(self) -> None:
        proc = self.proc()
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=5)
        self.killed = True

    @precondition(lambda self: not self.stopped)
    @rule()
    def hang(self) -> None:
        self.dut.start()  # (re)started and ready, so there is a process to stop
        proc = self.proc()
        assert proc is not None and proc.poll() is None
        proc.send_signal(signal.SIGSTOP)
        self.stopped = True
        self.killed = False  # the start replaced a killed process

    @precondition(lambda self: self.stopped)
    @rule()
    def resume(self) -> None:
        proc = self.proc()
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGCONT)
        self.stopped = False

    @invariant()
    def every_request_has_one_outcome(self) -> None:
        assert sum(self.dut.outcomes.values()) == self.asked

    def teardown(self) -> None:
        proc = self.proc()
        if proc is not None and proc.poll() is None and self.stopped:
            proc.send_signal(signal.SIGCONT)
        self.dut.close()
        assert proc is None or proc.poll() is not None  # nothing left running


TestDutFaults = DutFaultMachine.TestCase
TestDutFaults.settings = settings(max_examples=8, stateful_step_count=8, deadline=None)
