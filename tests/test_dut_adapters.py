"""DUT adapters: the contract through in-process and JSON-lines DUTs, and every DUT fault
(crash, hang, slow start, malformed output, error) ending in a recorded outcome, never a
blocked or dead bench."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from hil.dut import open_dut
from hil.dut.contract import DutRequest
from hil.dut.inprocess import InProcessDut
from hil.dut.jsonl import JsonLinesDut
from twin.assistant.resolver import Turn
from twin.config.dut import dut_config
from twin.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
ECHO = [sys.executable, str(ROOT / "examples" / "dut_echo.py")]


def echo(*args: str, **kwargs: float) -> JsonLinesDut:
    kwargs.setdefault("timeout_ms", 2000.0)
    kwargs.setdefault("start_timeout_s", 30.0)
    return JsonLinesDut([*ECHO, *args], **kwargs)


def test_jsonl_echo_answers_with_streamed_events_and_history() -> None:
    with echo("--stream") as dut:
        dut.start()
        req = DutRequest(1, "set the temperature to 22", "en", "s1",
                         (Turn("turn on the ac", "climate_ac_on"),))
        reply = dut.ask(req, 2000)
    assert reply.outcome == "ok", reply.error
    assert reply.answer == {"intent": "unknown", "value": None,
                            "feedback": "set the temperature to 22"}
    kinds = [e.kind for e in reply.events]
    assert kinds == ["ack", "chunk", "chunk", "chunk", "chunk", "chunk", "answer"]
    assert [e.text for e in reply.events if e.kind == "chunk"] == [
        "set", "the", "temperature", "to", "22"]
    assert reply.dut_timings == {"inference_ms": 0.0}
    times = [e.t_ms for e in reply.events]
    assert times == sorted(times) and times[-1] <= reply.ms


@pytest.mark.parametrize("fault, first_bad", [
    ("crash", "crashed"), ("hang", "timeout"), ("malformed", "malformed"),
    ("error", "malformed"),
])
def test_jsonl_faults_are_outcomes_and_the_bench_carries_on(fault: str, first_bad: str) -> None:
    with echo("--fault", fault, "--after", "1") as dut:
        dut.start()
        replies = [dut.ask(DutRequest(i, f"q{i}"), 300) for i in range(3)]
    assert replies[0].outcome == "ok"
    assert replies[1].outcome == first_bad
    assert replies[1].answer is None and replies[1].raw == ""
    # every ask returned with an outcome (how late past its deadline is `twin bench`'s
    # dut_deadline_overrun_ms, not a unit test's: it depends on the machine's load)
    assert sum(dut.outcomes.values()) == 3
    assert all(r.ms >= 300 for r in replies if r.outcome == "timeout")  # it waited it out
    if fault == "crash":
        assert dut.starts == 2  # restarted for the request after the crash


def test_jsonl_slow_start_times_out_requests_until_ready() -> None:
    dut = echo("--start-delay", "1.0", start_timeout_s=30.0)
    try:
        first = dut.ask(DutRequest(0, "early"), 50)
        assert first.outcome == "timeout"
        late = first
        for _ in range(120):  # bounded by tries, not by a wall-clock guess
            if late.outcome == "ok":
                break
            late = dut.ask(DutRequest(1, "later"), 500)
        assert late.outcome == "ok"
        assert dut.starts == 1  # waiting for a slow start is not a restart
    finally:
        dut.close()


def test_jsonl_start_timeout_is_unavailable_and_retried() -> None:
    dut = echo("--start-delay", "30", start_timeout_s=0.3)
    try:
        replies = [dut.ask(DutRequest(i, "x"), 1000) for i in range(2)]
    finally:
        dut.close()
    assert [r.outcome for r in replies] == ["unavailable", "unavailable"]
    assert dut.starts == 2


def test_missing_program_is_unavailable() -> None:
    dut = JsonLinesDut(["/nonexistent/dut-binary"], timeout_ms=100)
    assert dut.ask(DutRequest(0, "x")).outcome == "unavailable"
    dut.close()


def test_close_terminates_a_hung_dut() -> None:
    dut = echo("--fault", "hang")
    dut.start()
    assert dut.ask(DutRequest(0, "x"), 50).outcome == "timeout"
    proc = dut._proc
    assert proc is not None
    dut.close()
    assert proc.poll() is not None  # the child is gone: nothing left running


def test_inprocess_entry_point_and_stream() -> None:
    dut = InProcessDut("examples.dut_echo:factory", {"stream": True}, timeout_ms=1000)
    reply = dut.ask(DutRequest(5, "play music"), 1000)
    dut.close()
    assert reply.outcome == "ok", reply.error
    assert reply.answer is not None and reply.answer["feedback"] == "play music"
    assert [e.kind for e in reply.events] == ["ack", "chunk", "chunk", "answer"]


def test_inprocess_hang_and_raise_are_outcomes() -> None:
    release = threading.Event()

    def handler(request: DutRequest, cancel: threading.Event) -> object:
        if request.utterance == "hang":
            cancel.wait(10)
            release.set()
            return {"intent": "unknown"}
        if request.utterance == "raise":
            raise RuntimeError("boom")
        if request.utterance == "junk":
            return 42
        return {"intent": "media_play", "value": None, "feedback": "ok"}

    dut = InProcessDut(handler, timeout_ms=1000)
    outcomes = [dut.ask(DutRequest(i, u), 100).outcome
                for i, u in enumerate(["hang", "raise", "junk", "fine"])]
    dut.close()
    assert outcomes == ["timeout", "crashed", "malformed", "ok"]
    assert release.is_set()  # the cancel event reached the hung handler


def test_bad_entry_point_is_unavailable() -> None:
    dut = InProcessDut("no_such_module_xyz:factory", timeout_ms=100)
    reply = dut.ask(DutRequest(0, "x"))
    assert reply.outcome == "unavailable" and "no_such_module_xyz" in reply.error


def test_open_dut_from_scenario_config() -> None:
    config = dut_config({"backend": {"kind": "jsonl", "command": [*ECHO], "timeout_ms": 500}},
                        "s.toml")
    assert config is not None
    dut = open_dut(config.backend)
    assert dut.kind == "jsonl" and dut.timeout_ms == 500
    dut.start()  # the start has its own bound; the 500 ms are the request's
    assert dut.ask(DutRequest(0, "hello")).outcome == "ok"
    dut.close()


@pytest.mark.parametrize("backend, key", [
    ({"kind": "Bad Kind"}, "assistant.backend.kind"),
    # the config fuzz's kinds: each once hung, crashed or was accepted
    ({"kind": "http", "url": "http://127.0.0.1 :8080/v1"}, "assistant.backend.url"),
    ({"kind": "http", "url": "http://127.0.0.1:0/v1"}, "assistant.backend.url"),
    ({"kind": "http", "url": "http://127.0.0.1:99999/v1"}, "assistant.backend.url"),
    ({"kind": "http", "url": "http://[::1/v1"}, "assistant.backend.url"),
    ({"kind": "http", "url": "http://h", "max_tokens": 10**12}, "assistant.backend.max_tokens"),
    ({"kind": "http", "url": "http://h", "concurrency": 0}, "assistant.backend.concurrency"),
    ({"kind": "jsonl", "command": ["x"], "start_timeout_s": 1e308},
     "assistant.backend.start_timeout_s"),
    ({"kind": "jsonl", "command": ["x"], "concurrency": 2}, "assistant.backend.concurrency"),
    ({"kind": "http", "url": "localhost:80"}, "assistant.backend.url"),
    ({"kind": "jsonl", "command": []}, "assistant.backend.command"),
    ({"kind": "jsonl", "command": ["x"], "timeout_ms": -1}, "assistant.backend.timeout_ms"),
    ({"kind": "inprocess", "entry": "no-colon"}, "assistant.backend.entry"),
    ({"kind": "inprocess", "entry": "a:b", "bogus": 1}, "assistant.backend.bogus"),
    ({"kind": "http", "url": "http://h", "network": {"loss": 1.0}},
     "assistant.backend.network.loss"),
])
def test_bad_backend_is_one_line_input_error(backend: dict, key: str) -> None:
    with pytest.raises(InputError) as info:
        dut_config({"backend": backend}, "s.toml")
    assert info.value.key == key and info.value.file == "s.toml"
    assert "\n" not in str(info.value)


def test_no_backend_means_the_embedded_default() -> None:
    assert dut_config({"lang": "en"}, "s.toml") is None
    assert dut_config({"backend": "worker"}, "s.toml").backend.kind == "worker"


def test_http_server_killed_mid_run_is_reset_then_recovers() -> None:
    import socket
    import subprocess

    from hil.dut.http import HttpDut

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, str(ROOT / "examples" / "dut_echo_http.py"), "--port", str(port)]
    server = subprocess.Popen(command)
    # a request waits for a (re)starting server only until its deadline (the contract): the
    # echo server's interpreter start takes > 2 s at load 20-40, so the deadline is a hang
    # guard as long as the start timeout, not a speed claim
    dut = HttpDut(f"http://127.0.0.1:{port}/v1", timeout_ms=30_000, start_timeout_s=30)
    try:
        assert dut.ask(DutRequest(0, "x")).outcome == "ok"
        server.terminate()
        server.wait(timeout=10)
        assert dut.ask(DutRequest(1, "x")).outcome == "reset"  # the kept-alive connection died
        dut.start_timeout_s = 0.2
        assert dut.ask(DutRequest(2, "x")).outcome == "unavailable"  # nothing listens
        server = subprocess.Popen(command)
        dut.start_timeout_s = 30
        assert dut.ask(DutRequest(3, "x")).outcome == "ok"  # back when the server is
    finally:
        dut.close()
        server.terminate()
        server.wait(timeout=10)
