"""Serve an in-process DUT entry point in its own process: JSON lines or HTTP.

``python -m hil.dut.serve --entry module:factory [--option key=json ...]`` prints ``ready``
once the factory has built its handler, then answers requests one at a time on stdin/stdout
(see ``docs/DUT_PROTOCOL.md``). With ``--http PORT`` it answers OpenAI-compatible
``POST /v1/chat/completions`` on 127.0.0.1 instead (the last user message is the utterance;
earlier user/assistant pairs are the history), one request at a time.

``--entry hil.dut.shipped:factory`` serves the shipped assistant this way (the benchmarks use
it to measure the shipped fallback through each adapter).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import threading
from collections.abc import Iterable, Mapping
from typing import Any

from hil.dut.contract import DutRequest
from hil.dut.inprocess import load_entry_point
from twin.assistant.resolver import Turn


def _emit(out: Any, obj: dict[str, Any]) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")
    out.flush()


def serve(handler: Any, lines: Iterable[str], out: Any) -> None:
    """Answer each request line; an exception in the handler becomes an ``error`` event."""
    _emit(out, {"type": "ready"})
    for line in lines:
        msg = json.loads(line)
        if msg.get("type") != "request":
            continue  # cancel: requests are answered one at a time, a late one is dropped
        rid = msg["id"]
        request = DutRequest(rid, msg["utterance"], msg.get("lang", "en"),
                             msg.get("session", "default"),
                             tuple(Turn(t["text"], t["intent"], t.get("value"))
                                   for t in msg.get("history", [])),
                             msg.get("deadline_ms"))
        try:
            result = handler(request, threading.Event())
        except Exception as exc:  # reported to the bench, which records it
            _emit(out, {"type": "error", "id": rid, "message": repr(exc)})
            continue
        events = [result] if isinstance(result, Mapping) else list(result)
        for event in events:
            event = dict(event)
            event.setdefault("type", "answer")
            event["id"] = rid
            _emit(out, event)


def _request_from_chat(body: dict[str, Any], rid: int) -> DutRequest:
    messages = [m for m in body.get("messages", []) if m.get("role") in ("user", "assistant")]
    history = []
    for user, assistant in zip(messages[:-1:2], messages[1:-1:2], strict=False):
        try:
            said = json.loads(assistant.get("content", ""))
        except ValueError:
            said = {}
        history.append(Turn(user.get("content", ""), str(said.get("intent", "unknown")),
                            said.get("value")))
    return DutRequest(rid, messages[-1].get("content", "") if messages else "", "en",
                      "http", tuple(history))


def serve_http(handler: Any, port: int) -> None:
    """Chat completions over HTTP/1.1 keep-alive; streaming answers as one SSE chunk."""
    import socket
    from http.server import BaseHTTPRequestHandler, HTTPServer

    lock = threading.Lock()
    ids = iter(range(1 << 62))

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self) -> None:
            super().setup()
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def log_message(self, *args: object) -> None:
            pass

        def _send(self, status: int, body: bytes, kind: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            self._send(200 if self.path.endswith("/models") else 404,
                       b'{"object": "list", "data": [{"id": "dut"}]}')

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            with lock:
                request = _request_from_chat(body, next(ids))
                try:
                    result = handler(request, threading.Event())
                except Exception as exc:  # the client sees a 500, the bench http_error
                    self._send(500, json.dumps({"error": repr(exc)}).encode())
                    return
            events = [result] if isinstance(result, Mapping) else list(result)
            answer = next((e for e in events if e.get("type", "answer") == "answer"), None)
            if answer is None:
                self._send(504, b'{"error": "no answer"}')
                return
            content = json.dumps({k: answer.get(k) for k in ("intent", "value", "feedback",
                                                             "commands") if k in answer},
                                 ensure_ascii=False)
            if body.get("stream"):
                chunk = {"object": "chat.completion.chunk",
                         "choices": [{"index": 0, "delta": {"content": content}}]}
                self._send(200, f"data: {json.dumps(chunk)}\n\ndata: [DONE]\n\n".encode(),
                           "text/event-stream")
                return
            reply = {"object": "chat.completion", "choices": [{
                "index": 0, "finish_reason": "stop",
                "message": {"role": "assistant", "content": content}}]}
            self._send(200, json.dumps(reply).encode())

    server = HTTPServer(("127.0.0.1", port), Handler)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--entry", required=True, help="module:factory")
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON")
    p.add_argument("--http", type=int, metavar="PORT", help="serve HTTP on 127.0.0.1:PORT")
    args = p.parse_args(argv)
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    out = sys.stdout
    sys.stdout = sys.stderr  # anything the DUT prints must not corrupt the protocol
    handler = load_entry_point(args.entry)(**options)
    if args.http is not None:
        serve_http(handler, args.http)
    else:
        serve(handler, sys.stdin, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
