"""The HTTP adapter against a real OpenAI-compatible server: llama-cpp-python's
``llama_cpp.server`` with the shipped SmolLM2 on 127.0.0.1 and a free port (no mock server).
A JSON-schema response format, plain and streamed (server-sent events), and the README's
backend line as written (the default ``auto`` format: the server refuses ``json_schema``)."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest

from hil.dut.contract import DutRequest
from hil.dut.http import HttpDut
from twin.assistant.intents import INTENT_NAMES

pytestmark = [pytest.mark.slow, pytest.mark.model]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "hil.dut.llama_server", "--port", str(port),
                             "--threads", "2"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.mark.parametrize("stream", [False, True])
def test_llama_cpp_server_answers_the_schema(server_url: str, stream: bool) -> None:
    # generous bounds: a shared 2-core machine, and the first grammar request is slow
    dut = HttpDut(server_url, model="smollm2", stream=stream, response_format="json_object",
                  max_tokens=64, timeout_ms=240_000, start_timeout_s=240)
    try:
        dut.start()
        reply = dut.ask(DutRequest(0, "turn on the ac", "en"))
    finally:
        dut.close()
    assert reply.outcome == "ok", reply.error
    assert reply.answer is not None
    assert reply.answer["intent"] in INTENT_NAMES  # the schema's enum held
    assert set(reply.answer) == {"intent", "value", "feedback"}
    kinds = [e.kind for e in reply.events]
    if stream:
        assert kinds[0] == "ack" and kinds[-1] == "answer"
        assert kinds.count("chunk") >= 5  # the answer arrived in pieces
        chunks = "".join(e.text for e in reply.events if e.kind == "chunk")
        assert chunks.strip().startswith("{")
    else:
        assert kinds == ["answer"]
        assert reply.dut_timings["completion_tokens"] >= 5  # the server's own usage figures



def test_readme_backend_line_gets_answers_from_llama_cpp_server(server_url: str) -> None:
    # the README's line: { kind = "http", url = ..., model = ..., stream = true }, nothing else
    from hil.dut import open_dut
    from twin.config.dut import dut_config

    config = dut_config({"backend": {"kind": "http", "url": server_url, "model": "smollm2",
                                     "stream": True, "timeout_ms": 240_000,
                                     "start_timeout_s": 240}}, "README.md")
    assert config is not None and config.backend.response_format == "auto"
    dut = open_dut(config.backend)
    try:
        dut.start()
        replies = [dut.ask(DutRequest(i, "turn on the ac", "en")) for i in range(2)]
    finally:
        dut.close()
    assert [r.outcome for r in replies] == ["ok", "ok"], [r.error for r in replies]
    assert dut.format_used == "json_object"  # type: ignore[attr-defined]
    assert "response_format" in dut.format_note  # type: ignore[attr-defined]
    assert all(r.answer is not None and r.answer["intent"] in INTENT_NAMES for r in replies)
