"""HTTP DUT: the OpenAI-compatible chat-completions API (llama.cpp's server, Ollama, vLLM,
llama-cpp-python's ``llama_cpp.server``).

Each request is one ``POST {url}/chat/completions`` with the last turns as messages and a
JSON-schema ``response_format`` that asks for ``{intent, value, feedback}``:
``response_format = "json_schema"`` sends OpenAI's ``{"type": "json_schema", "json_schema":
{...}}`` (vLLM, Ollama, llama.cpp's server); ``"json_object"`` sends ``{"type": "json_object",
"schema": {...}}`` (llama-cpp-python's server). With ``stream = true`` the answer comes as
server-sent events: the first content delta is the ``ack``, each delta a ``chunk``.

One keep-alive connection (``http.client``); every socket wait is bounded by the request's
deadline. A status other than 2xx is ``http_error``, a refused or reset connection ``reset``,
a body that is not the JSON answer ``malformed``. At the deadline the connection is closed
(the server sees the client go away: the cancel).
"""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Sequence
from typing import Any, Literal
from urllib.parse import urlsplit

from hil.dut.contract import Dut, DutFailure, DutRequest, Events, answer_from
from twin.assistant.intents import INTENT_NAMES
from twin.assistant.prompt import SYSTEM

ResponseFormat = Literal["json_schema", "json_object", "none"]


def answer_schema(intents: Sequence[str] = INTENT_NAMES) -> dict[str, Any]:
    """The JSON schema of an answer (values are range-checked by the safety valve, not here:
    grammar-constrained decoders ignore integer bounds)."""
    return {
        "type": "object",
        "properties": {
            "intent": {"type": "string", "enum": list(intents)},
            "value": {"type": ["integer", "string", "null"]},
            "feedback": {"type": "string"},
        },
        "required": ["intent", "value", "feedback"],
        "additionalProperties": False,
    }


def messages_for(request: DutRequest, system: str = SYSTEM) -> list[dict[str, str]]:
    """System prompt, the history as user/assistant pairs, then the utterance."""
    out = [{"role": "system", "content": system}]
    for turn in request.history:
        out.append({"role": "user", "content": turn.text})
        out.append({"role": "assistant", "content": json.dumps(
            {"intent": turn.intent, "value": turn.value}, ensure_ascii=False)})
    out.append({"role": "user", "content": request.utterance})
    return out


class HttpDut(Dut):
    """An OpenAI-compatible chat-completions endpoint (``url`` ends before ``/chat``)."""

    kind = "http"

    def __init__(self, url: str, model: str = "default", stream: bool = False,
                 response_format: ResponseFormat = "json_schema", max_tokens: int = 64,
                 api_key: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise DutFailure("unavailable", f"not an http(s) URL: {url!r}")
        self.url = url
        self.host = parts.hostname
        self.port = parts.port or (443 if parts.scheme == "https" else 80)
        self.https = parts.scheme == "https"
        self.path = parts.path.rstrip("/") + "/chat/completions"
        self.model = model
        self.stream = stream
        self.response_format = response_format
        self.max_tokens = max_tokens
        self.api_key = api_key
        self._conn: http.client.HTTPConnection | None = None
        self.connects = 0

    # connection ---------------------------------------------------------------------------
    def _connect(self, deadline: float) -> http.client.HTTPConnection:
        if self._conn is None:
            cls = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
            left = max(deadline - time.perf_counter(), 1e-3)
            conn = cls(self.host, self.port, timeout=left)
            try:
                conn.connect()
            except TimeoutError:
                raise DutFailure("timeout", "connect timed out") from None
            except OSError as exc:
                raise DutFailure("reset", f"cannot connect to {self.url}: {exc}") from None
            conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._conn = conn
            self.connects += 1
        return self._conn

    def _ready(self, deadline: float) -> None:
        """Poll ``GET {url}/models`` until the server answers 200 (a server still loading
        its model refuses connections or answers 503)."""
        path = self.path.removesuffix("/chat/completions") + "/models"
        while True:
            try:
                conn = self._connect(deadline)
                self._timeout(conn, deadline)
                conn.request("GET", path)
                resp = conn.getresponse()
                resp.read()
                if resp.status == 200:
                    return
                self._stop()
            except DutFailure as exc:
                if exc.outcome == "timeout":
                    raise
            except (TimeoutError, OSError, http.client.HTTPException):
                self._stop()
            if time.perf_counter() >= deadline:
                raise DutFailure("timeout", f"{self.url} not ready")
            time.sleep(min(0.05, max(deadline - time.perf_counter(), 0.0)))

    def _stop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()

    def _cancel(self, request: DutRequest) -> None:
        self._stop()  # the server sees the client go away; the next request reconnects

    def body(self, request: DutRequest) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model, "messages": messages_for(request),
                                "temperature": 0, "max_tokens": self.max_tokens,
                                "stream": self.stream}
        schema = answer_schema()
        if self.response_format == "json_schema":
            body["response_format"] = {"type": "json_schema", "json_schema": {
                "name": "cabin_command", "schema": schema, "strict": True}}
        elif self.response_format == "json_object":
            body["response_format"] = {"type": "json_object", "schema": schema}
        return body

    # contract -----------------------------------------------------------------------------
    def _exchange(self, request: DutRequest, deadline: float, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        conn = self._connect(deadline)
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        payload = json.dumps(self.body(request), ensure_ascii=False).encode()
        try:
            self._timeout(conn, deadline)
            conn.request("POST", self.path, payload, headers)
            self._timeout(conn, deadline)
            resp = conn.getresponse()
            if not 200 <= resp.status < 300:
                text = resp.read(512)
                self._stop()
                raise DutFailure("http_error", f"HTTP {resp.status}: {text[:120]!r}")
            if self.stream:
                content, timings = self._read_stream(conn, resp, deadline, events)
            else:
                data = self._json(resp.read())
                content = self._content(data)
                timings = self._usage(data)
        except TimeoutError:
            self._stop()
            raise DutFailure("timeout", "no answer by the deadline") from None
        except (ConnectionError, http.client.RemoteDisconnected,
                http.client.IncompleteRead) as exc:
            self._stop()
            raise DutFailure("reset", f"connection lost: {exc!r}") from None
        except (http.client.HTTPException, OSError) as exc:
            self._stop()
            raise DutFailure("reset", f"HTTP failure: {exc!r}") from None
        if not self.stream:
            events.add("answer")
        return answer_from(self._json(content.encode())), timings

    @staticmethod
    def _timeout(conn: http.client.HTTPConnection, deadline: float) -> None:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError
        if conn.sock is not None:
            conn.sock.settimeout(left)

    def _read_stream(self, conn: http.client.HTTPConnection, resp: http.client.HTTPResponse,
                     deadline: float, events: Events) -> tuple[str, dict[str, float]]:
        """Server-sent events: ``data: {chunk}`` lines until ``data: [DONE]``."""
        parts: list[str] = []
        timings: dict[str, float] = {}
        while True:
            self._timeout(conn, deadline)
            line = resp.readline()
            if not line:
                raise DutFailure("reset", "the event stream ended without [DONE]")
            line = line.strip()
            if not line.startswith(b"data:"):
                continue
            data = line[5:].strip()
            if data == b"[DONE]":
                resp.read()  # the end of the body, so the connection can be reused
                break
            chunk = self._json(data)
            timings.update(self._usage(chunk))
            try:
                delta = chunk["choices"][0].get("delta", {}).get("content")
            except (KeyError, IndexError, TypeError, AttributeError):
                raise DutFailure("malformed", f"not a chat completion chunk: {data[:80]!r}"
                                 ) from None
            if delta:
                if not parts:
                    events.add("ack")
                parts.append(delta)
                events.add("chunk", delta)
        events.add("answer")
        return "".join(parts), timings

    @staticmethod
    def _json(data: bytes) -> Any:
        try:
            return json.loads(data)
        except ValueError:
            raise DutFailure("malformed", f"not JSON: {data[:80]!r}") from None

    @staticmethod
    def _content(data: Any) -> str:
        try:
            content = data["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            raise DutFailure("malformed", "not a chat completion") from None
        if not isinstance(content, str):
            raise DutFailure("malformed", "the completion has no text content")
        return content

    @staticmethod
    def _usage(data: Any) -> dict[str, float]:
        usage = data.get("usage") if isinstance(data, dict) else None
        if not isinstance(usage, dict):
            return {}
        return {f"{k}": float(v) for k, v in usage.items()
                if isinstance(v, int | float) and not isinstance(v, bool)}
