"""DUT outcomes say what happened: late answers are ``degraded``, HTTP errors carry their status
and body, the deadline bounds the whole request, DUT calls run concurrently up to the DUT's
``concurrency``, and a DUT that raises, never answers or is always refused fails the run."""

from __future__ import annotations

import csv
import itertools
import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hil.dut import open_dut
from hil.dut.contract import Dut, DutRequest, Events
from hil.dut.http import HttpDut
from hil.dut.inprocess import InProcessDut
from hil.process import CappedLog
from twin.config.dut import dut_config
from twin.errors import InputError
from twin.verdict.dut import dut_expectations

ROOT = Path(__file__).resolve().parent.parent
QUERIES = str(ROOT / "tests" / "data" / "dut_fallback_queries.jsonl")
ANSWER = {"intent": "unknown", "value": None, "feedback": "ok"}


def completion(content: dict[str, Any]) -> bytes:
    return json.dumps({"choices": [{"message": {"content": json.dumps(content)}}]}).encode()


@pytest.fixture
def http_dut_server() -> Iterator[Callable[[Callable[[BaseHTTPRequestHandler, dict], None]],
                                           str]]:
    """A real HTTP server on 127.0.0.1 whose POST answer a test writes (the DUT under test)."""
    servers: list[ThreadingHTTPServer] = []

    def serve(answer: Callable[[BaseHTTPRequestHandler, dict], None]) -> str:
        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # /v1/models: ready
                self.send_response(200)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"{}")

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                answer(self, body)

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/v1"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


def reply(handler: BaseHTTPRequestHandler, status: int, body: bytes) -> None:
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


# HTTP ----------------------------------------------------------------------------------------
def test_http_error_carries_status_and_bounded_printable_body(http_dut_server: Any,
                                                              tmp_path: Path) -> None:
    body = b"\x1b[31moverloaded: " + b"k" * 1000  # a raw ESC and a long body
    url = http_dut_server(lambda h, _: reply(h, 503, body))
    log = CappedLog(tmp_path / "dut-http.log")
    dut = HttpDut(url, timeout_ms=5000, start_timeout_s=30, log=log)
    try:
        r = dut.ask(DutRequest(0, "x"))
    finally:
        dut.close()
    assert r.outcome == "http_error"
    assert r.error.startswith("HTTP 503: \\x1b[31moverloaded: kkk")
    assert "\x1b" not in r.error and len(r.error) < 300  # 200 bytes of body, escaped
    line = (tmp_path / "dut-http.log").read_text()
    assert "request 0 http_error" in line and "HTTP 503" in line and "\x1b" not in line


#: llama_cpp.server 0.3's answer to OpenAI's json_schema format: its validation error as a 500
LLAMA_CPP_REFUSAL = json.dumps({"error": {
    "message": "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', "
               "'response_format', 'type'), 'msg': \"Input should be 'text' or "
               "'json_object'\", 'input': 'json_schema'}",
    "type": "internal_server_error"}})


def refuse_json_schema(handler: BaseHTTPRequestHandler, body: dict) -> None:
    """A server that takes only json_object, refusing json_schema as llama_cpp.server does."""
    if body.get("response_format", {}).get("type") == "json_schema":
        reply(handler, 500, LLAMA_CPP_REFUSAL.encode())
    else:
        reply(handler, 200, completion(ANSWER))


def test_auto_format_falls_back_to_json_object_and_says_so(http_dut_server: Any) -> None:
    url = http_dut_server(refuse_json_schema)
    dut = HttpDut(url, timeout_ms=5000, start_timeout_s=30)  # the default: auto
    try:
        first, second = dut.ask(DutRequest(0, "x")), dut.ask(DutRequest(1, "y"))
    finally:
        dut.close()
    assert (first.outcome, second.outcome) == ("ok", "ok"), first.error
    assert dut.format_used == "json_object"
    assert "HTTP 500" in dut.format_note and 'response_format = "json_object"' in dut.format_note


def test_explicit_json_schema_refused_names_the_format_to_use(http_dut_server: Any) -> None:
    url = http_dut_server(refuse_json_schema)
    dut = HttpDut(url, response_format="json_schema", timeout_ms=5000, start_timeout_s=30)
    try:
        r = dut.ask(DutRequest(0, "x"))
    finally:
        dut.close()
    assert r.outcome == "http_error" and r.error.startswith("HTTP 500")
    assert 'set response_format = "json_object"' in r.error


def trickle(handler: BaseHTTPRequestHandler, body: dict) -> None:
    data = completion(ANSWER)
    handler.send_response(200)
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    try:
        for i in range(len(data)):  # one byte every 40 ms: each read is quick, the whole not
            handler.wfile.write(data[i:i + 1])
            handler.wfile.flush()
            time.sleep(0.04)
    except OSError:
        pass  # the bench closed the connection at its deadline


def test_deadline_bounds_the_whole_request_not_each_read(http_dut_server: Any) -> None:
    url = http_dut_server(trickle)
    dut = HttpDut(url, timeout_ms=5000, start_timeout_s=30)
    try:
        r = dut.ask(DutRequest(0, "x"), deadline_ms=300)
    finally:
        dut.close()
    # per-read timeouts accepted the ~70-byte body after ~3 s and called it ok
    assert r.outcome == "timeout", (r.outcome, r.error)


# the contract --------------------------------------------------------------------------------
class LateDut(Dut):
    """An adapter that answers after its deadline (it ignores it)."""

    kind = "late"

    def _exchange(self, request: DutRequest, deadline: float, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        while time.perf_counter() <= deadline:
            time.sleep(0.005)
        return dict(ANSWER), {}


def test_an_answer_after_the_deadline_is_degraded_never_ok() -> None:
    dut = LateDut(timeout_ms=1000)
    r = dut.ask(DutRequest(0, "x"), deadline_ms=20)
    assert r.outcome == "degraded" and r.answer == ANSWER
    assert dut.outcomes["degraded"] == 1 and dut.outcomes["ok"] == 0


class RaisingDut(Dut):
    kind = "raising"

    def _exchange(self, request: DutRequest, deadline: float, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        raise SystemExit(2)


def test_an_adapter_exception_systemexit_included_is_an_error_outcome() -> None:
    r = RaisingDut().ask(DutRequest(0, "x"), 100)
    assert r.outcome == "error" and "SystemExit" in r.error


def test_a_factory_raising_systemexit_is_an_error_outcome() -> None:
    dut = InProcessDut("tests.dut_samples:exits", timeout_ms=500)
    r = dut.ask(DutRequest(0, "x"))
    dut.close()
    assert r.outcome == "error" and "SystemExit" in r.error


def test_two_requests_overlap_with_concurrency_two() -> None:
    barrier = threading.Barrier(2, timeout=60)  # passes only when both are inside at once

    def handler(request: DutRequest, cancel: threading.Event) -> Any:
        barrier.wait()
        return dict(ANSWER)

    def run(concurrency: int) -> list[str]:
        dut = InProcessDut(handler, timeout_ms=120_000, concurrency=concurrency)
        replies: list[str] = []
        threads = [threading.Thread(target=lambda i=i: replies.append(
            dut.ask(DutRequest(i, "x"), 120_000 if concurrency == 2 else 3000).outcome))
            for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(180)
        dut.close()
        barrier.reset()
        return sorted(replies)

    assert run(2) == ["ok", "ok"]
    assert "ok" not in run(1)  # one at a time: the barrier never fills, both fail


@pytest.mark.parametrize("entry", ["os:system", "tests.no_such_module_xyz:factory",
                                   "tests.dut_samples:ANSWER_NOT_THERE"])
def test_inprocess_entry_must_resolve_to_a_factory_before_the_run(entry: str) -> None:
    config = dut_config({"backend": {"kind": "inprocess", "entry": entry}}, "s.toml")
    assert config is not None
    with pytest.raises(InputError) as info:
        open_dut(config.backend, source="s.toml")
    assert info.value.key == "assistant.backend.entry" and "\n" not in str(info.value)


def test_unknown_kind_is_refused_when_opened() -> None:
    config = dut_config({"backend": {"kind": "htp"}}, "s.toml")
    assert config is not None
    with pytest.raises(InputError) as info:
        open_dut(config.backend, source="s.toml")
    assert info.value.key == "assistant.backend.kind" and "http" in info.value.expected


# the built-in expectations -------------------------------------------------------------------
def dut_block(**outcomes: int) -> dict[str, Any]:
    full = {"ok": 0, "degraded": 0, "timeout": 0, "crashed": 0, "malformed": 0,
            "http_error": 0, "reset": 0, "unavailable": 0, "error": 0, **outcomes}
    return {"requests": sum(full.values()), "outcomes": full,
            "answered": full["ok"] + full["degraded"], "errors": [
                {"outcome": k, "count": v, "error": f"why {k}"}
                for k, v in full.items() if v and k != "ok"]}


def test_builtin_dut_expectations() -> None:
    healthy = dut_expectations({**dut_block(ok=5), "valve": {"accepted": 5, "rejected": 0}})
    assert [e["passed"] for e in healthy] == [True, True, True]
    assert all(e["builtin"] and e["reason"] for e in healthy)
    never = dut_expectations(dut_block(unavailable=20))
    assert [e["metric"] for e in never if not e["passed"]] == ["dut.answered"]
    assert never[1]["limit"] == {"min": 1} and never[1]["causes"] == ["20 x unavailable: why "
                                                                       "unavailable"]
    refused = dut_expectations({**dut_block(ok=4), "valve": {"accepted": 0, "rejected": 4}})
    assert [e["metric"] for e in refused if not e["passed"]] == ["dut.valve.accepted"]
    raised = dut_expectations(dut_block(error=3))
    assert raised[0]["error_type"] == "DutError" and "why error" in raised[0]["error"]
    assert dut_expectations(None) == [] and dut_expectations({"requests": 0}) == []


# whole runs ----------------------------------------------------------------------------------
def scenario(backend: dict[str, Any], requests: int = 8, deadline_ms: float = 80.0
             ) -> Any:
    from twin.scenario import scenario_from_dict

    return scenario_from_dict({
        "name": "dut", "seed": 4, "requests": requests,
        "workload": {"kind": "poisson", "rate_per_s": 25},
        "stages": {"profile": "ideal"},
        "assistant": {"lang": "en", "queries": QUERIES, "backend": backend},
        "policy": {"degrade_deadline_ms": deadline_ms},
    }, "dut.toml")


def failed(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {e["metric"]: e for e in report["expectations"] if not e["passed"]}


@pytest.mark.slow
@pytest.mark.parametrize("backend", [
    {"kind": "jsonl", "command": ["/nonexistent/dut"]},
    {"kind": "jsonl", "command": ["cat"], "start_timeout_s": 0.5},  # no DUT: no handshake
    {"kind": "http", "url": "http://127.0.0.1:9/v1", "start_timeout_s": 0.5},  # discard port
])
def test_a_dut_that_never_starts_fails_the_run(tmp_path: Path, backend: dict) -> None:
    from hil.run_real import run_real

    result = run_real(scenario(backend, 6), None, None, None, tmp_path)
    assert result.report["dut"]["answered"] == 0
    assert "dut.answered" in failed(result.report)
    assert result.passed is False


@pytest.mark.slow
def test_a_factory_raising_systemexit_is_an_error_verdict_with_a_report(tmp_path: Path) -> None:
    from hil.run_real import run_real
    from twin.report import overall_verdict

    result = run_real(scenario({"kind": "inprocess", "entry": "tests.dut_samples:exits"}, 4),
                      None, None, None, tmp_path)
    assert overall_verdict(result.report) == "ERROR"
    assert "SystemExit" in failed(result.report)["dut.outcomes.error"]["error"]


@pytest.mark.slow
def test_every_answer_refused_by_the_valve_fails_the_run(tmp_path: Path) -> None:
    from hil.run_real import run_real

    result = run_real(scenario({"kind": "inprocess", "entry": "tests.dut_samples:out_of_range"},
                               6, 1000.0), None, None, None, tmp_path)
    dut = result.report["dut"]
    assert dut["outcomes"]["ok"] == 6 and dut["valve"] == {"accepted": 0, "rejected": 6}
    assert "dut.valve.accepted" in failed(result.report)


def inference_intervals(path: Path) -> list[tuple[float, float]]:
    """Each request's inference interval on the run's clock, from requests.csv."""
    out = []
    with path.open() as fh:
        for row in csv.DictReader(fh):
            start = float(row["arrival_ms"]) + sum(float(row[f"{s}_ms"]) for s in (
                "capture", "network", "scheduling", "model_load"))
            out.append((start, start + float(row["inference_ms"])))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("concurrency", [1, 2])
def test_dut_concurrency_overlaps_calls_and_queues_in_scheduling(tmp_path: Path,
                                                                 concurrency: int) -> None:
    from hil.run_real import run_real
    from twin.report import write_requests_csv

    backend = {"kind": "inprocess", "entry": "tests.dut_samples:slow",
               "options": {"delay_s": 0.25}, "concurrency": concurrency}
    result = run_real(scenario(backend, 8, 5000.0), None, None, None, tmp_path)
    csv_path = write_requests_csv(result.timings, tmp_path, result.report,
                                  result.extra_columns)
    spans = sorted(inference_intervals(csv_path))
    overlapping = sum(b[0] < a[1] - 1e-6 for a, b in itertools.pairwise(spans))
    stages = result.report["stages"]
    if concurrency == 2:
        assert overlapping >= 1  # two calls in the DUT at once
    else:
        assert overlapping == 0  # one slot: never two at once
        assert stages["scheduling"]["queue_p95_ms"] > 0  # the wait for the slot is here
    assert result.report["dut"]["concurrency"] == {"terminal": concurrency}
    assert np.all(result.timings.queue_ms[:, 3] == 0)  # no queue at model_load


@pytest.mark.parametrize("assistant", [
    {"backend": {"kind": "inprocess", "entry": "os:system"}},
    {"backend": {"kind": "inprocess", "entry": "no_such_module_xyz:factory"}},
    {"backend": {"kind": "http", "url": "http://[::1/v1"}},
    {"backend": {"kind": "http", "url": "http://127.0.0.1:8080/v1", "max_tokens": 10**12}},
    {"backend": {"kind": "jsonl", "command": ["x"], "start_timeout_s": 1e308}},
    {"stream": {"tokens": 1_000_000_000}},
])
def test_dut_config_fuzz_kinds_exit_2_in_one_line(tmp_path: Path, assistant: dict,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import tomli_w

    from cabin_twin.cli.main import main

    path = tmp_path / "fuzz.toml"
    path.write_text(tomli_w.dumps({
        "name": "fuzz", "seed": 1, "requests": 3,
        "workload": {"kind": "poisson", "rate_per_s": 25},
        "assistant": {"lang": "en", **assistant}}))
    assert main(["run", str(path), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and str(path) in err and "Traceback" not in err
