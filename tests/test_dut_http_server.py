"""The HTTP adapter against a real OpenAI-compatible server: llama-cpp-python's
``llama_cpp.server`` with the shipped SmolLM2 on 127.0.0.1 and a free port (no mock server).
A JSON-schema response format, plain and streamed (server-sent events)."""

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

