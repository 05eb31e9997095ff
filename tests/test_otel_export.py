"""OpenTelemetry traces of a run: otel.json parsed with the OTLP protobuf definitions, checked
span by span against requests.csv; a real OTLP/HTTP receiver gets the same spans."""

from __future__ import annotations

import base64
import csv
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from google.protobuf.json_format import ParseDict
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from cabin_twin.cli.main import main
from twin.otel_export import make_spans, traceparent
from twin.runner import run_scenario
from twin.scenario import load_scenario

STAGES = ["capture", "network", "scheduling", "model_load", "inference", "render"]  # a contract


def _b64_ids(node: Any) -> Any:
    """OTLP/JSON ids are hex; protobuf's JSON mapping wants base64 for bytes."""
    if isinstance(node, dict):
        return {k: (base64.b64encode(bytes.fromhex(v)).decode()
                    if k in ("traceId", "spanId", "parentSpanId") else _b64_ids(v))
                for k, v in node.items()}
    if isinstance(node, list):
        return [_b64_ids(v) for v in node]
    return node


def _spans(path: Path) -> list[Any]:
    """Every span in an otel.json, parsed strictly (unknown fields refused)."""
    spans = []
    for line in path.read_text(encoding="utf-8").splitlines():
        message = ParseDict(_b64_ids(json.loads(line)), ExportTraceServiceRequest())
        for rs in message.resource_spans:
            for ss in rs.scope_spans:
                spans.extend(ss.spans)
    return spans


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("otel")
    assert main(["run", "smoke", "--requests", "40", "--out", str(out)]) == 0
    return out


def test_one_trace_per_request_with_six_stage_children(run_dir: Path) -> None:
    spans = _spans(run_dir / "otel.json")
    assert len(spans) == 40 * 7
    roots = [s for s in spans if s.name == "request"]
    assert len(roots) == 40
    by_trace = {r.trace_id: r for r in roots}
    assert len(by_trace) == 40  # one trace per request
    children = [s for s in spans if s.name != "request"]
    for child in children:
        root = by_trace[child.trace_id]
        assert child.parent_span_id == root.span_id
        assert root.start_time_unix_nano <= child.start_time_unix_nano
        assert child.end_time_unix_nano <= root.end_time_unix_nano
    names = sorted(s.name for s in children)
    assert names == sorted(STAGES * 40)


def test_span_durations_match_requests_csv(run_dir: Path) -> None:
    spans = _spans(run_dir / "otel.json")
    rows = list(csv.DictReader((run_dir / "requests.csv").open(encoding="utf-8")))
    roots = {s.trace_id: s for s in spans if s.name == "request"}
    index = {t: next(a.value.int_value for a in r.attributes if a.key == "cabin.request")
             for t, r in roots.items()}
    checked = 0
    for s in spans:
        if s.name == "request":
            row = rows[index[s.trace_id]]
            ms = (s.end_time_unix_nano - s.start_time_unix_nano) / 1e6
            assert ms == pytest.approx(float(row["e2e_ms"]), abs=0.002)
            continue
        row = rows[index[s.trace_id]]
        ms = (s.end_time_unix_nano - s.start_time_unix_nano) / 1e6
        assert ms == pytest.approx(float(row[f"{s.name}_ms"]), abs=0.002)
        mode = next(a.value.string_value for a in s.attributes if a.key == "cabin.stage.mode")
        assert mode == "modelled"
        checked += 1
    assert checked == 240
    report = json.loads((run_dir / "report.json").read_text())
    assert report["otel"] == {"file": "otel.json", "traces": 40, "spans_per_trace": 7,
                              "sampled": False}


def test_traceparent_names_the_inference_span_of_its_request(run_dir: Path) -> None:
    header = traceparent("smoke", 1, 3)
    assert re.fullmatch(r"00-[0-9a-f]{32}-[0-9a-f]{16}-01", header)
    _, trace_hex, span_hex, _ = header.split("-")
    spans = _spans(run_dir / "otel.json")
    inference = [s for s in spans if s.name == "inference" and s.trace_id.hex() == trace_hex]
    assert len(inference) == 1 and inference[0].span_id.hex() == span_hex
    assert traceparent("smoke", 2, 3) != header  # another seed, another trace


def test_same_seed_same_trace_ids_and_long_runs_are_sampled() -> None:
    scenario = load_scenario("smoke")
    result = run_scenario(scenario, requests=30)
    first, _ = make_spans(result.report, result.timings, result.extra_columns, 0)
    again, _ = make_spans(result.report, result.timings, result.extra_columns, 10**12)
    assert [s.context.trace_id for s in first] == [s.context.trace_id for s in again]
    sampled, info = make_spans(result.report, result.timings, result.extra_columns, 0,
                               limit=10)
    assert len(sampled) == 10 * 7
    assert info["sampled"] is True and info["sample"] == "10 of 30 requests, evenly spread"


class _Receiver(BaseHTTPRequestHandler):
    """A minimal OTLP/HTTP trace receiver: protobuf bodies on /v1/traces."""

    received: ClassVar[list[ExportTraceServiceRequest]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.path == "/v1/traces":
            self.received.append(ExportTraceServiceRequest.FromString(body))
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


def test_collector_gets_the_same_spans(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _Receiver.received = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT",
                           f"http://127.0.0.1:{server.server_address[1]}")
        assert main(["run", "smoke", "--requests", "12", "--out", str(tmp_path)]) == 0
    finally:
        server.shutdown()
        thread.join(timeout=10)
    got = [s for m in _Receiver.received for rs in m.resource_spans
           for ss in rs.scope_spans for s in ss.spans]
    written = _spans(tmp_path / "otel.json")
    assert len(got) == 12 * 7
    assert sorted((s.trace_id, s.span_id) for s in got) == sorted(
        (s.trace_id, s.span_id) for s in written)
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["otel"]["collector"]["spans_sent"] == 84
    assert report["otel"]["collector"]["spans_failed"] == 0


def _sdk_line(spans: list[Any]) -> str:
    """A batch as the SDK writes it: its protobuf encoder, protobuf's JSON mapping, hex ids
    (the path otel.json was written by before it was written directly)."""
    from google.protobuf.json_format import MessageToDict
    from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans

    def hex_ids(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: (base64.b64decode(v).hex() if k in ("traceId", "spanId", "parentSpanId")
                        else hex_ids(v)) for k, v in node.items()}
        if isinstance(node, list):
            return [hex_ids(v) for v in node]
        return node

    message = MessageToDict(encode_spans(spans), use_integers_for_enums=True)
    return json.dumps(hex_ids(message), separators=(",", ":"))


def _hand_made_spans() -> list[Any]:
    """Spans with what a run's spans may hold: events with and without attributes, an error
    status, a remote parent, non-ASCII and quoted text, large, negative and non-integral
    numbers."""
    from opentelemetry import trace as api
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    sink = InMemorySpanExporter()
    provider = TracerProvider(resource=Resource.create({"service.name": "t", "cabin.seed": 3}))
    provider.add_span_processor(SimpleSpanProcessor(sink))
    tracer = provider.get_tracer("cabin-twin")
    remote = api.SpanContext(trace_id=2**127 + 5, span_id=2**63 + 7, is_remote=True,
                             trace_flags=api.TraceFlags(1))
    root = tracer.start_span("request", context=api.set_span_in_context(
        api.NonRecordingSpan(remote)), start_time=1, attributes={
            "cabin.text": '把"车窗"打开 \\ ok', "cabin.n": 2**62, "cabin.x": -0.125,
            "cabin.big": 1e300, "cabin.ok": False, "cabin.nan": "nan"})
    root.add_event("fault", {"cabin.fault": "handover"}, timestamp=2)
    root.add_event("work started", timestamp=3)
    child = tracer.start_span("inference", context=api.set_span_in_context(root),
                              start_time=4, attributes={"cabin.stage.ms": 12.5})
    child.end(end_time=5)
    root.set_status(api.Status(api.StatusCode.ERROR, "a command failed"))
    root.end(end_time=9)
    plain = tracer.start_span("render", start_time=10)
    plain.set_status(api.Status(api.StatusCode.OK))
    plain.end(end_time=11)
    provider.shutdown()
    return list(sink.get_finished_spans())


def test_otel_json_is_byte_for_byte_what_the_sdk_encoder_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """otel.json is written without the SDK (for speed): the bytes its spans encode to."""
    import numpy as np

    from twin import otel_export

    spans = _hand_made_spans()
    assert otel_export.otlp_json(spans) == _sdk_line(spans)
    result = run_scenario(load_scenario("handover_spikes"), requests=60)
    n = result.timings.n
    columns = {**result.extra_columns,  # failed commands, degraded answers, text, NaN
               "actuation_failed": np.arange(n) % 3 == 0,
               "path": np.array(["degraded" if i % 4 == 0 else "rules" for i in range(n)]),
               "heard": np.array(['把"车窗"打开 \\' if i % 2 else "open it" for i in range(n)]),
               "score": np.where(np.arange(n) % 5 == 0, np.nan, np.arange(n) / 7)}
    monkeypatch.setattr(otel_export, "BATCH", 7)  # several lines, the last one short
    otel_export.export(result.report, result.timings, columns, tmp_path, 10**18)
    run_spans, _ = make_spans(result.report, result.timings, columns, 10**18)
    assert any(s.events for s in run_spans) and any(s.status.description for s in run_spans)
    batches = [run_spans[k:k + 7 * 7] for k in range(0, len(run_spans), 7 * 7)]
    written = (tmp_path / "otel.json").read_text(encoding="utf-8").splitlines()
    assert len(written) == 9
    assert written == [otel_export.otlp_json(b) for b in batches] == [_sdk_line(b)
                                                                       for b in batches]
