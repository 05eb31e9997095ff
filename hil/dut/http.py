# Over 400 lines: one adapter, whole: the request, the response-format fallback, the streamed
# answer and the watchdog that bounds the whole exchange (the watchdog could move out).
"""HTTP DUT: the OpenAI-compatible chat-completions API (llama.cpp's server, Ollama, vLLM,
llama-cpp-python's ``llama_cpp.server``).

Each request is one ``POST {url}/chat/completions`` with the last turns as messages and a
``response_format`` that asks for ``{intent, value, feedback}``: ``"json_schema"`` sends
OpenAI's ``{"type": "json_schema", "json_schema": {...}}`` (vLLM, Ollama, llama.cpp's server);
``"json_object"`` sends ``{"type": "json_object", "schema": {...}}`` (llama-cpp-python's
server); ``"auto"`` (the default) sends ``json_schema`` and, when the server refuses it (a 400,
422 or 500 naming ``response_format``), says so once and uses ``json_object`` from then on. With
``stream = true`` the answer comes as server-sent events: the first content delta is the
``ack``, each delta a ``chunk``.

One keep-alive connection per concurrent request (``concurrency``, default 1). The deadline
bounds the whole request (connect, headers, body, stream): each socket wait is bounded by what
is left, and a watchdog shuts the socket at the deadline, so a server trickling its body a byte
at a time ends as ``timeout`` too. Bodies are read with a size bound. A status other than 2xx
is ``http_error`` (with the status and the first 200 bytes of the body), a refused or reset
connection ``reset``, a body that is not the JSON answer ``malformed``. At the deadline the
connection is closed (the server sees the client go away: the cancel).
"""

from __future__ import annotations

import contextlib
import heapq
import http.client
import itertools
import json
import os
import queue
import socket
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from hil.dut.contract import (
    MAX_COMMANDS,
    Carrier,
    Dut,
    DutFailure,
    DutRequest,
    Events,
    adapter_kwargs,
    answer_from,
)
from hil.dut.trace_context import current as current_traceparent
from hil.process import printable
from twin.assistant.intents import INTENT_NAMES
from twin.assistant.prompt import SYSTEM
from twin.config.dut import HttpBackend

ResponseFormat = Literal["auto", "json_schema", "json_object", "none"]
#: a response body (or a whole event stream) larger than this is malformed
MAX_BODY = 1 << 20
#: the bytes of an error body kept in the outcome and the log
ERROR_BODY = 200
#: the requests whose connections are kept until asked for (:meth:`HttpDut.connections`)
CARRIERS_KEPT = 1024


class Watchdog:
    """One daemon thread that calls each armed callback at its deadline (perf_counter s)
    unless it was disarmed first. Cheap per request: arming wakes the thread only when the
    new deadline is earlier than the one it already sleeps until, and disarming drops
    finished requests from the top of the heap without waking it."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, Callable[[], None]]] = []
        self._live: set[int] = set()
        self._ids = itertools.count()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._wake_at = float("inf")

    def arm(self, deadline: float, callback: Callable[[], None]) -> int:
        with self._cond:
            token = next(self._ids)
            heapq.heappush(self._heap, (deadline, token, callback))
            self._live.add(token)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="dut-watchdog",
                                                daemon=True)
                self._thread.start()
            if deadline < self._wake_at:
                self._cond.notify()
            return token

    def disarm(self, token: int) -> bool:
        """False when the callback already ran (the deadline passed)."""
        with self._cond:
            if token not in self._live:
                return False
            self._live.discard(token)
            self._drop_dead()
            return True

    def _drop_dead(self) -> None:
        while self._heap and self._heap[0][1] not in self._live:
            heapq.heappop(self._heap)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._drop_dead()
                if not self._heap:
                    self._wake_at = float("inf")
                    self._cond.wait()
                    continue
                deadline, token, callback = self._heap[0]
                left = deadline - time.perf_counter()
                if left > 0:
                    self._wake_at = deadline
                    self._cond.wait(left)
                    continue
                heapq.heappop(self._heap)
                self._live.discard(token)
            with contextlib.suppress(Exception):
                callback()


WATCHDOG = Watchdog()


def _shutdown(conn: http.client.HTTPConnection) -> None:
    sock = conn.sock
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)


def refuses_format(status: int, body: bytes) -> bool:
    """A refusal that names the response format: the server does not take ``json_schema``
    (a 400 or 422; llama_cpp.server answers its validation error with a 500)."""
    return status in (400, 422, 500) and b"response_format" in body.lower()


def answer_schema(intents: Sequence[str] = INTENT_NAMES, several: bool = False
                  ) -> dict[str, Any]:
    """The JSON schema of an answer; with ``several``, it may also list ``commands`` (values
    are range-checked by the safety valve, not here: grammar-constrained decoders ignore integer
    bounds). Off by default: the optional list lets a small model under a grammar run on past
    ``max_tokens`` (SmolLM2 behind llama_cpp.server did on 2 of 60 development lines)."""
    one = {
        "type": "object",
        "properties": {
            "intent": {"type": "string", "enum": list(intents)},
            "value": {"type": ["integer", "string", "null"]},
            "feedback": {"type": "string"},
        },
        "required": ["intent", "value", "feedback"],
        "additionalProperties": False,
    }
    # several commands (optional): each like the answer itself, the first repeated on top
    if not several:
        return one
    listed = {"type": "array", "items": one, "minItems": 2, "maxItems": MAX_COMMANDS}
    return {**one, "properties": {**one["properties"], "commands": listed}}


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
    max_concurrency = 256
    Config = HttpBackend

    @classmethod
    def from_config(cls, config: Any, log_dir: Path | None = None) -> Dut:
        key = os.environ.get(config.api_key_env) if config.api_key_env else None
        return cls(config.url, model=config.model, stream=config.stream,
                   response_format=config.response_format, max_tokens=config.max_tokens,
                   api_key=key, several=config.several, **adapter_kwargs(config, log_dir))

    def __init__(self, url: str, model: str = "default", stream: bool = False,
                 response_format: ResponseFormat = "auto", max_tokens: int = 64,
                 api_key: str | None = None, several: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.several = several
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError as exc:
            raise DutFailure("unavailable", f"not an http(s) URL: {printable(url, 80)!r} "
                             f"({exc})") from None
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise DutFailure("unavailable", f"not an http(s) URL: {printable(url, 80)!r}")
        self.url = url
        self.host = parts.hostname
        self.port = port or (443 if parts.scheme == "https" else 80)
        self.https = parts.scheme == "https"
        self.path = parts.path.rstrip("/") + "/chat/completions"
        self.model = model
        self.stream = stream
        self.response_format = response_format
        #: the format sent: ``auto`` starts with json_schema and may fall back to json_object
        self.format_used = "json_schema" if response_format == "auto" else response_format
        #: why ``auto`` fell back (the server's refusal), "" while it has not
        self.format_note = ""
        self.max_tokens = max_tokens
        self.api_key = api_key
        self._idle: queue.SimpleQueue[http.client.HTTPConnection] = queue.SimpleQueue()
        self._busy: dict[int, http.client.HTTPConnection] = {}
        self._busy_lock = threading.Lock()
        self._carriers: dict[int, list[Carrier]] = {}  # by request id, under _busy_lock
        self.connects = 0

    # connection ---------------------------------------------------------------------------
    def _open(self, deadline: float) -> http.client.HTTPConnection:
        """An idle kept-alive connection, else a new one (connect bounded by ``deadline``)."""
        with contextlib.suppress(queue.Empty):
            return self._idle.get_nowait()
        cls = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
        left = deadline - time.perf_counter()
        if left <= 0:
            raise DutFailure("timeout", "no time left to connect")
        conn = cls(self.host, self.port, timeout=left)
        try:
            conn.connect()
        except TimeoutError:
            conn.close()
            raise DutFailure("timeout", "connect timed out") from None
        except OSError as exc:
            conn.close()
            raise DutFailure("reset", f"cannot connect to {printable(self.url, 80)}: "
                             f"{exc.strerror or exc}") from None
        conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.connects += 1
        return conn

    def _ready(self, deadline: float) -> None:
        """Poll ``GET {url}/models`` until the server answers 200 (a server still loading
        its model refuses connections or answers 503)."""
        path = self.path.removesuffix("/chat/completions") + "/models"
        while True:
            try:
                status, _ = self._roundtrip("GET", path, None, {}, deadline)
                if status == 200:
                    return
            except DutFailure as exc:
                if exc.outcome == "timeout":
                    raise
            if time.perf_counter() >= deadline:
                raise DutFailure("timeout", f"{printable(self.url, 80)} not ready")
            time.sleep(min(0.05, max(deadline - time.perf_counter(), 0.0)))

    def _stop(self) -> None:
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return

    def connections(self, request_id: int) -> list[Carrier]:
        with self._busy_lock:
            return self._carriers.pop(request_id, [])

    def _cancel(self, request: DutRequest) -> None:
        with self._busy_lock:  # the server sees the client go away
            conn = self._busy.pop(request.id, None)
        if conn is not None:
            conn.close()

    def body(self, request: DutRequest) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model, "messages": messages_for(request),
                                "temperature": 0, "max_tokens": self.max_tokens,
                                "stream": self.stream}
        schema = answer_schema(several=self.several)
        if self.format_used == "json_schema":
            body["response_format"] = {"type": "json_schema", "json_schema": {
                "name": "cabin_command", "schema": schema, "strict": True}}
        elif self.format_used == "json_object":
            body["response_format"] = {"type": "json_object", "schema": schema}
        return body

    # one request, bounded as a whole --------------------------------------------------------
    def _roundtrip(self, method: str, path: str, payload: bytes | None,
                   headers: dict[str, str], deadline: float, request_id: int | None = None,
                   events: Events | None = None) -> tuple[int, Any]:
        """Send, then read the whole answer by ``deadline``; (status, body bytes or the
        streamed (content, timings)). The connection goes back to the pool only when the
        answer was read to its end."""
        conn = self._open(deadline)
        port = 0
        with contextlib.suppress(OSError, AttributeError):
            port = conn.sock.getsockname()[1]  # what the proxy sees as the client's port
        held_from = time.perf_counter()
        if request_id is not None:
            with self._busy_lock:
                self._busy[request_id] = conn
        fired = threading.Event()

        def expire() -> None:
            fired.set()
            _shutdown(conn)

        token = WATCHDOG.arm(deadline, expire)
        keep = False
        try:
            self._timeout(conn, deadline)
            conn.request(method, path, payload, headers)
            self._timeout(conn, deadline)
            resp = conn.getresponse()
            if not 200 <= resp.status < 300:
                data = self._bounded(resp, ERROR_BODY)
                if fired.is_set():
                    raise DutFailure("timeout", f"HTTP {resp.status}, its body cut at the "
                                     "deadline")
                return resp.status, data
            if events is not None and self.stream:
                result: Any = self._read_stream(conn, resp, deadline, events)
            else:
                result = self._bounded(resp, MAX_BODY, whole=True)
            if fired.is_set():  # the watchdog cut the body short: whatever came is partial
                raise DutFailure("timeout", "no whole answer by the deadline")
            keep = resp.isclosed() and not resp.will_close  # read to its end
            return resp.status, result
        except DutFailure:
            if fired.is_set():  # the watchdog shut the socket under the read
                raise DutFailure("timeout", "no whole answer by the deadline") from None
            raise
        except (TimeoutError, OSError, http.client.HTTPException) as exc:
            if fired.is_set() or isinstance(exc, TimeoutError) \
                    or time.perf_counter() >= deadline:
                raise DutFailure("timeout", "no whole answer by the deadline") from None
            if isinstance(exc, ConnectionError | http.client.RemoteDisconnected
                          | http.client.IncompleteRead):
                raise DutFailure("reset", f"connection lost: {exc!r}") from None
            raise DutFailure("reset", f"HTTP failure: {exc!r}") from None
        finally:
            held_to = time.perf_counter()  # before another request can take the connection
            if not WATCHDOG.disarm(token):
                keep = False
            if request_id is not None:
                with self._busy_lock:
                    self._busy.pop(request_id, None)
                    carried = self._carriers.setdefault(request_id, [])
                    carried.append(Carrier(port, held_from, held_to))
                    if len(self._carriers) > CARRIERS_KEPT:  # never asked for: the oldest go
                        del self._carriers[next(iter(self._carriers))]
            if keep and not fired.is_set():
                self._idle.put(conn)
            else:
                conn.close()

    @staticmethod
    def _bounded(resp: http.client.HTTPResponse, limit: int, whole: bool = False) -> bytes:
        data = resp.read(limit + 1)
        if len(data) > limit:
            if whole:
                raise DutFailure("malformed", f"a response body over {limit} bytes")
            data = data[:limit]
        return data

    # contract -----------------------------------------------------------------------------
    def _exchange(self, request: DutRequest, deadline: float, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        parent = current_traceparent()
        if parent is not None:  # the bench's trace of this request (W3C Trace Context)
            headers["traceparent"] = parent
        while True:
            fmt = self.format_used
            payload = json.dumps(self.body(request), ensure_ascii=False).encode()
            status, result = self._roundtrip("POST", self.path, payload, headers, deadline,
                                             request.id, events)
            if 200 <= status < 300:
                break
            if (self.response_format == "auto" and fmt == "json_schema"
                    and refuses_format(status, result)):
                self.format_used = "json_object"  # llama_cpp.server takes only this one
                self.format_note = (f"the server refused response_format json_schema (HTTP "
                                    f"{status}: {printable(result, ERROR_BODY)}); sent "
                                    "json_object instead: set response_format = "
                                    '"json_object"')
                continue
            hint = ""
            if fmt == "json_schema" and refuses_format(status, result):
                hint = ' (the server refuses json_schema: set response_format = "json_object")'
            raise DutFailure("http_error", f"HTTP {status}: {printable(result, ERROR_BODY)}"
                             f"{hint}")
        if self.stream:
            content, timings = result
        else:
            data = self._json(result)
            content = self._content(data)
            timings = self._usage(data)
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
        total = 0
        while True:
            self._timeout(conn, deadline)
            line = resp.readline(MAX_BODY + 1)
            total += len(line)
            if total > MAX_BODY:
                raise DutFailure("malformed", f"an event stream over {MAX_BODY} bytes")
            if not line:
                raise DutFailure("reset", "the event stream ended without [DONE]")
            line = line.strip()
            if not line.startswith(b"data:"):
                continue
            data = line[5:].strip()
            if data == b"[DONE]":
                resp.read(MAX_BODY)  # the end of the body, so the connection can be reused
                break
            chunk = self._json(data)
            timings.update(self._usage(chunk))
            try:
                delta = chunk["choices"][0].get("delta", {}).get("content")
            except (KeyError, IndexError, TypeError, AttributeError):
                raise DutFailure("malformed", "not a chat completion chunk: "
                                 f"{printable(data, 80)!r}") from None
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
            raise DutFailure("malformed", f"not JSON: {printable(data, 80)!r}") from None

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
