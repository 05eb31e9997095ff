#!/usr/bin/env python3
"""A minimal HTTP device under test: an OpenAI-compatible ``/v1/chat/completions`` echo.

``python examples/dut_echo_http.py --port P`` answers every chat completion with
``{"intent": "unknown", "value": null, "feedback": <the last user message>}`` (as server-sent
events when the request asks to stream). Standard library only; HTTP/1.1 keep-alive. It is
the HTTP twin of ``dut_echo.py``, for measuring the adapter's own overhead. With
``--trace-log FILE`` it appends the W3C ``traceparent`` header of every request it answers,
one a line, as an OpenTelemetry-instrumented DUT would take it as the parent of its spans.
``--answers FILE`` scripts it as ``dut_echo.py --answers`` does (utterance -> answer, which may
list several ``commands``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    trace_log: str | None = None
    answers: dict[str, dict[str, object]] = {}  # noqa: RUF012 - set once by main

    def setup(self) -> None:
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _send(self, status: int, body: bytes, kind: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        if self.path.endswith("/models"):
            self._send(200, b'{"object": "list", "data": [{"id": "echo"}]}')
        else:
            self._send(404, b"{}")

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", 0))
        request = json.loads(self.rfile.read(length))
        if self.trace_log is not None:
            with open(self.trace_log, "a", encoding="utf-8") as fh:
                fh.write(f"{self.headers.get('traceparent', '')}\n")
        text = request["messages"][-1]["content"]
        content = json.dumps(self.answers.get(text, {"intent": "unknown", "value": None,
                                                     "feedback": text}), ensure_ascii=False)
        created = int(time.time())
        if not request.get("stream"):
            body = {"id": "echo", "object": "chat.completion", "created": created,
                    "model": "echo", "choices": [{"index": 0, "finish_reason": "stop",
                                                  "message": {"role": "assistant",
                                                              "content": content}}]}
            self._send(200, json.dumps(body).encode())
            return
        events = []
        for piece in (content[: len(content) // 2], content[len(content) // 2:]):
            chunk = {"id": "echo", "object": "chat.completion.chunk", "created": created,
                     "model": "echo", "choices": [{"index": 0, "delta": {"content": piece}}]}
            events.append(f"data: {json.dumps(chunk)}\n\n")
        events.append("data: [DONE]\n\n")
        self._send(200, "".join(events).encode(), "text/event-stream")


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a client that went away (a cancelled request) is not an error here


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--trace-log", help="append each request's traceparent header to this file")
    p.add_argument("--answers", metavar="FILE", help="JSON object: utterance -> answer")
    args = p.parse_args(argv)
    Handler.trace_log = args.trace_log
    if args.answers is not None:
        with open(args.answers, encoding="utf-8") as fh:
            Handler.answers = json.load(fh)
    server = Server((args.host, args.port), Handler)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
