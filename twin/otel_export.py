"""Every request as an OpenTelemetry trace: a ``request`` span with one child span per stage.

Spans are made by the OpenTelemetry SDK on the run's own timeline (the simulated clock, which
a lockstep run keeps on the wall), anchored at the run's start. Ids are derived from the
scenario, seed and request index, so the same run gives the same trace ids, and a real device
under test can be handed the ``traceparent`` of its request before the spans exist
(:func:`traceparent`). The spans always go to ``otel.json`` in the run's folder (OTLP/JSON,
one ``ExportTraceServiceRequest`` per line, as an OpenTelemetry Collector's file exporter
writes), and to a collector when ``OTEL_EXPORTER_OTLP_ENDPOINT`` (or its ``_TRACES_`` form) is
set.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from latency_models.stages import STAGES
from twin.report_model import Report, StageEntry, parse_report
from twin.timings import Timings

MAX_TRACED = 5_000  # requests exported per run (about 4 kB each); a longer run is sampled evenly
BATCH = 500  # requests per exported batch (one line of otel.json, one collector request)
ENDPOINT_VARS = ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT")
EXPORT_TIMEOUT_S = 10.0  # a collector that does not answer does not hold the bench up
SCOPE = "cabin-twin"


def _ids(scenario: str, seed: int, index: int) -> tuple[int, list[int]]:
    """The trace id and the span ids (request, then one per stage) of request ``index``."""
    digest = hashlib.blake2b(f"{scenario}\0{seed}\0{index}".encode(), digest_size=64).digest()
    trace_id = int.from_bytes(digest[:16], "big") or 1
    spans = [int.from_bytes(digest[16 + 8 * k: 24 + 8 * k], "big") or (k + 1)
             for k in range(1 + len(STAGES))]
    return trace_id, spans


def traceparent(scenario: str, seed: int, index: int, stage: str = "inference") -> str:
    """The W3C ``traceparent`` header of request ``index``'s ``stage`` span (the parent of
    whatever a device under test records while it answers)."""
    trace_id, spans = _ids(scenario, seed, index)
    return f"00-{trace_id:032x}-{spans[1 + STAGES.index(stage)]:016x}-01"


def _queued_ids() -> Any:
    """An SDK id generator that hands out the ids queued for the next span."""
    from opentelemetry.sdk.trace.id_generator import IdGenerator

    class QueuedIds(IdGenerator):
        def __init__(self) -> None:
            self.trace_ids: deque[int] = deque()
            self.span_ids: deque[int] = deque()

        def generate_trace_id(self) -> int:
            return self.trace_ids.popleft()

        def generate_span_id(self) -> int:
            return self.span_ids.popleft()

        def is_trace_id_random(self) -> bool:
            return False  # derived from the run, not random (W3C trace-flags 'random' unset)

    return QueuedIds()


def _traced(n: int, limit: int) -> np.ndarray:
    """Indices of the requests to export: all of them, or ``limit`` spread evenly."""
    if n <= limit:
        return np.arange(n)
    return np.unique(np.linspace(0, n - 1, limit).round().astype(np.int64))


def _attr(value: Any) -> Any:
    """A column value as an OpenTelemetry attribute (str, bool, int or float)."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if np.isfinite(value) else str(value)
    return str(value)


@dataclass(frozen=True)
class SpanRecord:
    """One span of a request as :func:`span_records` reads it off the run's arrays."""

    name: str
    trace_id: int
    span_id: int
    parent_id: int | None
    start_ns: int
    end_ns: int
    attributes: dict[str, Any]
    events: tuple[tuple[str, int, dict[str, Any]], ...] = ()
    error: str | None = None


def span_records(report: Report | dict[str, Any], timings: Timings,
                 columns: dict[str, np.ndarray], anchor_ns: int,
                 limit: int = MAX_TRACED, index: np.ndarray | None = None
                 ) -> tuple[list[tuple[SpanRecord, ...]], dict[str, Any]]:
    """Each traced request's spans (the ``request`` span, then one per stage), and the
    report's ``otel`` block: names, modes and budgets as the report has them (faults named
    by its ``faults``). ``index``: the requests' numbers when ``timings`` is a sample (a
    chunked run's)."""
    r = parse_report(report)
    fault_names = [f.kind for f in r.faults]
    budget = r.e2e.budget_ms
    entries: list[StageEntry] = [getattr(r.stages, stage) for stage in STAGES]

    def ns(ms: float) -> int:
        return anchor_ns + round(float(ms) * 1e6)

    out: list[tuple[SpanRecord, ...]] = []
    chosen = _traced(timings.n, limit)
    finished = timings.finished
    for i in chosen.tolist():
        if not finished[i]:
            continue  # an interrupted run's unfinished request has no end to export
        request = i if index is None else int(index[i])
        trace_id, span_ids = _ids(r.scenario, r.seed, request)
        e2e = float(timings.e2e_ms[i])
        attrs: dict[str, Any] = {"cabin.request": request, "cabin.e2e_ms": round(e2e, 3),
                                 "cabin.budget_ms": budget, "cabin.over_budget": e2e > budget}
        attrs.update({f"cabin.{k}": _attr(v[i]) for k, v in columns.items() if len(v) > i})
        arrival = ns(timings.arrival[i])
        faults = tuple(("fault", arrival, {"cabin.fault": name})
                       for j, name in enumerate(fault_names)
                       if timings.fault_hit.shape[1] > j and timings.fault_hit[i, j])
        failed = "actuation_failed" in columns and bool(columns["actuation_failed"][i])
        degraded = "path" in columns and str(columns["path"][i]) == "degraded"
        stages = []
        for k, (stage, entry) in enumerate(zip(STAGES, entries, strict=True)):
            took = float(timings.leave[i, k] - timings.stage_arrival[i, k])
            queued = float(max(timings.start[i, k] - timings.stage_arrival[i, k], 0.0))
            events: list[tuple[str, int, dict[str, Any]]] = []
            if queued > 0:
                events.append(("work started", ns(timings.start[i, k]), {}))
            if stage == "inference" and degraded:
                events.append(("degraded", ns(timings.leave[i, k]), {}))
            stages.append(SpanRecord(
                stage, trace_id, span_ids[1 + k], span_ids[0], ns(timings.stage_arrival[i, k]),
                ns(timings.leave[i, k]), {
                    "cabin.stage": stage, "cabin.stage.mode": entry.mode,
                    "cabin.stage.budget_ms": entry.budget_ms,
                    "cabin.stage.ms": round(took, 3), "cabin.stage.queue_ms": round(queued, 3),
                    "cabin.stage.over_budget": took > entry.budget_ms}, tuple(events)))
        root = SpanRecord("request", trace_id, span_ids[0], None, arrival,
                          ns(timings.leave[i, -1]), attrs, faults,
                          "a command failed" if failed else None)
        out.append((root, *stages))
    info: dict[str, Any] = {"file": "otel.json", "traces": len(out),
                            "spans_per_trace": 1 + len(STAGES),
                            "sampled": bool(timings.n > limit)}
    if timings.n > limit:
        info["sample"] = f"{len(out)} of {timings.n} requests, evenly spread"
    return out, info


def _resource(report: Report | dict[str, Any]) -> Any:
    from opentelemetry.sdk.resources import Resource

    r = parse_report(report)
    return Resource.create({"service.name": "cabin-twin", "cabin.scenario": r.scenario,
                            "cabin.seed": r.seed, "cabin.engine": r.engine})


def make_spans(report: Report | dict[str, Any], timings: Timings,
               columns: dict[str, np.ndarray], anchor_ns: int,
               limit: int = MAX_TRACED, index: np.ndarray | None = None
               ) -> tuple[list[Any], dict[str, Any]]:
    """The SDK's finished spans of :func:`span_records` (for a collector), and the report's
    ``otel`` block."""
    from opentelemetry import trace as api
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import (
        SimpleSpanProcessor,
        SpanExporter,
        SpanExportResult,
    )

    class _Collect(SpanExporter):
        def __init__(self) -> None:
            self.spans: list[Any] = []

        def export(self, spans: Sequence[Any]) -> Any:
            self.spans.extend(spans)
            return SpanExportResult.SUCCESS

    records, info = span_records(report, timings, columns, anchor_ns, limit, index)
    ids = _queued_ids()
    provider = TracerProvider(resource=_resource(report), id_generator=ids)
    sink = _Collect()
    provider.add_span_processor(SimpleSpanProcessor(sink))
    tracer = provider.get_tracer(SCOPE)
    for root_record, *stages in records:
        ids.trace_ids.append(root_record.trace_id)
        ids.span_ids.append(root_record.span_id)
        root = tracer.start_span("request", start_time=root_record.start_ns,
                                 attributes=root_record.attributes)
        for name, at, attributes in root_record.events:
            root.add_event(name, attributes, timestamp=at)
        parent = api.set_span_in_context(root)
        for s in stages:
            ids.span_ids.append(s.span_id)
            span = tracer.start_span(s.name, context=parent, start_time=s.start_ns,
                                     attributes=s.attributes)
            for name, at, attributes in s.events:
                span.add_event(name, attributes or None, timestamp=at)
            span.end(end_time=s.end_ns)
        if root_record.error is not None:
            root.set_status(api.Status(api.StatusCode.ERROR, root_record.error))
        root.end(end_time=root_record.end_ns)
    provider.shutdown()
    return sink.spans, info


def _endpoint() -> str | None:
    return next((os.environ[v] for v in ENDPOINT_VARS if os.environ.get(v)), None)


def _value(value: Any) -> dict[str, Any]:
    """An attribute value as OTLP/JSON has it (int64 as a string, as protobuf's JSON does)."""
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, str):
        return {"stringValue": value}
    if isinstance(value, int):
        return {"intValue": str(value)}
    if isinstance(value, float):
        return {"doubleValue": value}
    raise TypeError(f"otel.json: attribute value {value!r} is not a str, bool, int or float")


def _attributes(attributes: Any) -> list[dict[str, Any]]:
    return [{"key": k, "value": _value(v)} for k, v in attributes.items()]


def _span_json(span: Any) -> dict[str, Any]:
    """One finished SDK span as OTLP/JSON: the fields protobuf's JSON mapping writes for the
    spans :func:`make_spans` makes (no links or trace state; empty fields left out), in
    field-number order, ids in hex. ``tests/test_otel_export.py`` checks it byte for byte
    against the SDK's own encoder."""
    context = span.get_span_context()
    out: dict[str, Any] = {"traceId": f"{context.trace_id:032x}",
                           "spanId": f"{context.span_id:016x}"}
    if span.parent is not None:
        out["parentSpanId"] = f"{span.parent.span_id:016x}"
    out["name"] = span.name
    out["kind"] = span.kind.value + 1  # the SDK's INTERNAL is 0, OTLP's SPAN_KIND_INTERNAL 1
    out["startTimeUnixNano"] = str(span.start_time)
    out["endTimeUnixNano"] = str(span.end_time)
    if span.attributes:
        out["attributes"] = _attributes(span.attributes)
    if span.events:
        out["events"] = [{"timeUnixNano": str(e.timestamp), "name": e.name,
                          **({"attributes": _attributes(e.attributes)} if e.attributes else {})}
                         for e in span.events]
    if (span.links or span.dropped_attributes or span.dropped_events or span.dropped_links
            or span.get_span_context().trace_state):
        raise ValueError("otel.json: a span with links, trace state or dropped data")
    status: dict[str, Any] = {}
    if span.status.description:
        status["message"] = span.status.description
    if span.status.status_code.value:
        status["code"] = span.status.status_code.value
    out["status"] = status
    # SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE, and _IS_REMOTE for a remote parent
    out["flags"] = 0x100 | (0x200 if span.parent is not None and span.parent.is_remote else 0)
    return out


def _line(resource: Any, scope: str, spans: list[dict[str, Any]]) -> str:
    """One ``ExportTraceServiceRequest`` (one resource, one scope) as a line of OTLP/JSON."""
    if not spans:
        return "{}"
    return json.dumps({"resourceSpans": [{
        "resource": {"attributes": _attributes(resource.attributes)},
        "scopeSpans": [{"scope": {"name": scope}, "spans": spans}]}]}, separators=(",", ":"))


def otlp_json(spans: Sequence[Any]) -> str:
    """SDK ``spans`` (one resource and scope, as :func:`make_spans` makes them) as a line of
    OTLP/JSON: the bytes the SDK's protobuf encoder and protobuf's JSON mapping write."""
    if not spans:
        return "{}"
    resource, scope = spans[0].resource, spans[0].instrumentation_scope
    if any(s.resource is not resource or s.instrumentation_scope is not scope for s in spans):
        raise ValueError("otel.json: the spans of a batch share one resource and scope")
    if resource.schema_url or scope.schema_url or scope.version or scope.attributes:
        raise ValueError("otel.json: a schema URL, scope version or scope attributes")
    return _line(resource, scope.name, [_span_json(s) for s in spans])


def _record_json(record: SpanRecord) -> dict[str, Any]:
    """A :class:`SpanRecord` as :func:`_span_json` writes the SDK span made of it."""
    out: dict[str, Any] = {"traceId": f"{record.trace_id:032x}",
                           "spanId": f"{record.span_id:016x}"}
    if record.parent_id is not None:
        out["parentSpanId"] = f"{record.parent_id:016x}"
    out["name"] = record.name
    out["kind"] = 1  # SPAN_KIND_INTERNAL
    out["startTimeUnixNano"] = str(record.start_ns)
    out["endTimeUnixNano"] = str(record.end_ns)
    if record.attributes:
        out["attributes"] = _attributes(record.attributes)
    if record.events:
        out["events"] = [{"timeUnixNano": str(at), "name": name,
                          **({"attributes": _attributes(attrs)} if attrs else {})}
                         for name, at, attrs in record.events]
    out["status"] = {} if record.error is None else {"message": record.error, "code": 2}
    out["flags"] = 0x100  # SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE (a local parent, or none)
    return out


def export(report: Report | dict[str, Any], timings: Timings, columns: dict[str, np.ndarray],
           out: Path, anchor_ns: int, index: np.ndarray | None = None) -> dict[str, Any]:
    """Write ``out/otel.json`` (and send to a collector if one is configured); returns the
    report's ``otel`` block. ``index``: as :func:`make_spans` takes it."""
    records, info = span_records(report, timings, columns, anchor_ns, index=index)
    resource = _resource(report)
    with (out / "otel.json").open("w", encoding="utf-8") as fh:
        for k in range(0, len(records), BATCH):
            # the SDK's order: a request's stage spans end (and are exported) before it does
            spans = [_record_json(s) for request in records[k:k + BATCH]
                     for s in (*request[1:], request[0])]
            fh.write(_line(resource, SCOPE, spans) + "\n")
    endpoint = _endpoint()
    if endpoint:
        spans, _ = make_spans(report, timings, columns, anchor_ns, index=index)
        per_batch = BATCH * (1 + len(STAGES))
        batches = [spans[k:k + per_batch] for k in range(0, len(spans), per_batch)]
        info["collector"] = _send(batches, endpoint)
    return info


def _send(batches: list[list[Any]], endpoint: str) -> dict[str, Any]:
    """Send the batches to the configured collector (OTLP/HTTP, protobuf); a failure is a
    warning and a count in the report, never a changed verdict."""
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.trace.export import SpanExportResult

    exporter = OTLPSpanExporter(timeout=EXPORT_TIMEOUT_S)  # endpoint and headers from the env
    sent = failed = 0
    try:
        for batch in batches:
            if exporter.export(batch) == SpanExportResult.SUCCESS:
                sent += len(batch)
            else:
                failed += len(batch)
    finally:
        exporter.shutdown()
    if failed:
        print(f"twin: warning: {failed} spans not accepted by the collector at {endpoint}",
              file=sys.stderr)
    return {"endpoint": endpoint, "spans_sent": sent, "spans_failed": failed}
