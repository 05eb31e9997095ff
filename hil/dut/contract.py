"""The device-under-test (DUT) contract: one request in, ack/chunk/answer events out.

A :class:`DutRequest` carries the utterance, its session id, language and history handle (the
session's last turns, oldest first). A DUT answers with events: an optional ``ack``, optional
streamed ``chunk`` texts, and one ``answer`` ``{intent, value, feedback}``, with the DUT's own
stage timings where it reports them. An answer to a sentence of several commands also lists
them, ``commands: [{intent, value, feedback}, ...]`` (2 to :data:`MAX_COMMANDS`, in order; the
top-level ``intent``/``value`` repeat the first, so a reader of one command still works); the
safety valve then checks and the rig actuates each on its own (a refused one cancels none of
the others). The bench measures every event's time itself.

Deadline and cancel: :meth:`Dut.ask` returns by ``deadline_ms`` whatever the DUT does. At the
deadline the bench cancels the request (a ``cancel`` message, a closed connection, a set
:class:`threading.Event`) and records ``timeout``; an answer that arrives later is discarded.
Every failure is an :data:`Outcome`, never an exception out of :meth:`Dut.ask` (an exception
from an adapter or a factory, ``SystemExit`` included, is ``error``): the policy then takes its
degrade path and the run carries on. An answer that comes after the deadline is ``degraded``.

Concurrency: a DUT serves up to ``concurrency`` requests at once (1 unless the DUT declares
more); a request waits for a free slot only until its deadline. Each failed request is one line
in the DUT's log (``log``, capped and rotated), control characters escaped.

Adapters subclass :class:`Dut` and implement small hooks (``_launch``, ``_ready``,
``_exchange``, ``_cancel``, ``_stop``) (python-can style: one abstraction, a few hooks per backend).
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, Literal, get_args

from hil.process import CappedLog, printable
from twin.assistant.resolver import Turn

Outcome = Literal[
    "ok",          # an answer arrived in time and parsed as {intent, value, feedback}
    "degraded",    # an answer arrived, but after the deadline (the policy degraded)
    "timeout",     # the deadline passed (a hang, or a DUT slower than the deadline)
    "crashed",     # the DUT process died or closed its output
    "malformed",   # the DUT's output was not the protocol's JSON
    "http_error",  # an HTTP status other than 2xx (5xx from an overloaded server)
    "reset",       # the connection was refused or reset
    "unavailable",  # the DUT could not be (re)started within its start timeout
    "error",       # the adapter or the DUT's own code raised (SystemExit included): a defect
]
OUTCOMES: tuple[str, ...] = get_args(Outcome)
EventKind = Literal["ack", "chunk", "answer"]


class DutFailure(Exception):
    """Raised inside an adapter's hooks; :meth:`Dut.ask` turns it into an outcome."""

    def __init__(self, outcome: Outcome, message: str) -> None:
        super().__init__(message)
        self.outcome = outcome


@dataclass(frozen=True)
class DutRequest:
    """One utterance for the DUT."""

    id: int
    utterance: str
    lang: str = "en"
    session: str = "default"
    history: tuple[Turn, ...] = ()
    #: the time the DUT has, in ms from when it was sent (set by :meth:`Dut.ask`)
    deadline_ms: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "request", "id": self.id, "utterance": self.utterance, "lang": self.lang,
            "session": self.session, "deadline_ms": self.deadline_ms,
            "history": [{"text": t.text, "intent": t.intent, "value": t.value}
                        for t in self.history],
        }


@dataclass(frozen=True)
class DutEvent:
    """An event and when the bench saw it (ms after it sent the request)."""

    kind: EventKind
    t_ms: float
    text: str = ""


@dataclass
class DutReply:
    """What one request got: the outcome, the answer (if any), events and timings."""

    outcome: Outcome
    ms: float
    answer: dict[str, Any] | None = None
    events: list[DutEvent] = field(default_factory=list)
    dut_timings: dict[str, float] = field(default_factory=dict)
    error: str = ""

    @property
    def raw(self) -> str:
        """The answer as the JSON text the safety valve checks ("" when there is none)."""
        if self.answer is None:
            return ""
        return json.dumps(self.answer, ensure_ascii=False)

    def first(self, kind: EventKind) -> float | None:
        return next((e.t_ms for e in self.events if e.kind == kind), None)


@dataclass(frozen=True)
class Carrier:
    """A connection that carried one request: its local TCP port and the span (perf_counter
    s) the request held it. A kept-alive connection carries one request at a time, so the bytes
    that crossed it in that span are that request's, whatever else was in flight."""

    port: int
    start: float
    end: float


#: the most commands one answer may carry (the policy reads 2 to this many as several)
MAX_COMMANDS = 8


def answer_from(obj: Any) -> dict[str, Any]:
    """The ``{intent, value, feedback}`` of a decoded answer, with its ``commands`` when it
    lists several (each ``{intent, value, feedback}``, in order; an answer of only
    ``commands`` takes its first as ``intent``/``value``); :class:`DutFailure` otherwise.
    Values are not checked here: the safety valve checks each command on its own."""
    if not isinstance(obj, dict):
        raise DutFailure("malformed", f"an answer is a JSON object, got {obj!r:.80}")
    listed = obj.get("commands")
    commands: list[dict[str, Any]] = []
    if listed is not None:
        if not isinstance(listed, list) or not 1 <= len(listed) <= MAX_COMMANDS:
            raise DutFailure("malformed", f"commands is a list of 1 to {MAX_COMMANDS} "
                             f"commands, got {listed!r:.80}")
        for k, item in enumerate(listed):
            if not isinstance(item, dict) or not isinstance(item.get("intent"), str):
                raise DutFailure("malformed", f"commands[{k}] needs a string intent, got "
                                 f"{item!r:.80}")
            commands.append({"intent": item["intent"], "value": item.get("value"),
                             "feedback": item.get("feedback", "")})
    head = obj if "intent" in obj or not commands else commands[0]
    if not isinstance(head.get("intent"), str):
        raise DutFailure("malformed", f"an answer needs a string intent, got {obj!r:.80}")
    out = {"intent": head["intent"], "value": head.get("value"),
           "feedback": obj["feedback"] if "feedback" in obj
           else " ".join(str(c["feedback"]) for c in commands if c["feedback"])}
    if len(commands) >= 2:  # one listed command is the answer itself
        out["commands"] = commands
    return out


def adapter_kwargs(config: Any, log_dir: Path | None = None) -> dict[str, Any]:
    """The contract's keywords from any backend model (the DUT's log in ``log_dir``)."""
    out: dict[str, Any] = {"timeout_ms": config.timeout_ms,
                           "start_timeout_s": config.start_timeout_s,
                           "concurrency": getattr(config, "concurrency", 1)}
    if log_dir is not None:
        out["log"] = CappedLog(log_dir / f"dut-{config.kind}.log")
    return out


class Events:
    """Collects a request's events against the bench's clock."""

    def __init__(self, sent: float, on_event: Callable[[DutEvent], None] | None = None) -> None:
        self.sent = sent
        self.items: list[DutEvent] = []
        self._on_event = on_event

    def add(self, kind: EventKind, text: str = "") -> None:
        event = DutEvent(kind, (time.perf_counter() - self.sent) * 1e3, text)
        self.items.append(event)
        if self._on_event is not None:
            self._on_event(event)


class Dut(ABC):
    """A device under test behind the contract. Thread-safe: up to ``concurrency`` requests
    at a time (adapters that take more than one say so with :attr:`max_concurrency`).

    ``start_timeout_s`` bounds a (re)start: requests that arrive while the DUT is starting
    wait for it only until their own deadline (``timeout``); past the start timeout the start
    is abandoned (``unavailable``) and the next request launches it again. ``timeout_ms`` caps
    any request that has no earlier deadline. After a crash or a reset the next request
    restarts (reconnects) first.
    """

    kind = ""
    #: the most requests this adapter can have in flight at once
    max_concurrency = 1
    #: the adapter's config model (a :class:`twin.config.dut.AdapterSettings`); the built-in
    #: adapters' models are in :mod:`twin.config.dut`, so a scenario is typed at load
    Config: ClassVar[type | None] = None

    @classmethod
    def validate_config(cls, backend: Any, source: str = "<scenario>",
                        where: str = "assistant.backend") -> Any:
        """``backend`` as this adapter's :attr:`Config` (a plugin's table is checked here,
        before the run starts: :class:`twin.errors.InputError`)."""
        from twin.config.base import parse

        if cls.Config is None or isinstance(backend, cls.Config):
            return backend
        settings = backend.settings() if hasattr(backend, "settings") else dict(backend)
        return parse(cls.Config, settings, source, where)

    @classmethod
    def from_config(cls, config: Any, log_dir: Path | None = None) -> Dut:
        """The adapter for a validated config (every key but ``kind`` is a keyword)."""
        kwargs = config.model_dump(exclude={"kind"})
        if log_dir is not None:
            kwargs["log"] = CappedLog(log_dir / f"dut-{config.kind}.log")
        return cls(**kwargs)

    def __init__(self, timeout_ms: float = 5000.0, start_timeout_s: float = 30.0,
                 concurrency: int = 1, log: CappedLog | None = None) -> None:
        if not 1 <= concurrency <= self.max_concurrency:
            raise ValueError(f"{self.kind or type(self).__name__} takes a concurrency of 1 to "
                             f"{self.max_concurrency}, not {concurrency}")
        self.timeout_ms = timeout_ms
        self.start_timeout_s = start_timeout_s
        self.concurrency = concurrency
        self.log = log
        self._lock = threading.Lock()  # start/restart state
        self._slots = threading.BoundedSemaphore(concurrency)
        self._count_lock = threading.Lock()
        self._launched_at: float | None = None
        self._ready_seen = False
        self.starts = 0
        self.outcomes: dict[str, int] = dict.fromkeys(OUTCOMES, 0)

    def connections(self, request_id: int) -> list[Carrier]:
        """The network connections that carried request ``request_id`` (handed out once, after
        its reply); none for a DUT not reached over a network."""
        return []

    # hooks -------------------------------------------------------------------------------
    def _launch(self) -> None:  # noqa: B027 - optional hook
        """Begin starting the DUT (spawn a process); must not block for long."""

    def _ready(self, deadline: float) -> None:  # noqa: B027 - optional hook
        """Return once the DUT is ready; raise :class:`DutFailure` (``timeout`` when
        ``deadline``, perf_counter seconds, passes first)."""

    @abstractmethod
    def _exchange(self, request: DutRequest, deadline: float, events: Events
                  ) -> tuple[dict[str, Any], dict[str, float]]:
        """Send ``request``, collect its events, return (answer, DUT timings) by ``deadline``;
        raise :class:`DutFailure` on any failure (``timeout`` included)."""

    def _stop(self) -> None:  # noqa: B027 - optional hook
        """Release the DUT (terminate a process, close connections); must not raise."""

    def _cancel(self, request: DutRequest) -> None:  # noqa: B027 - optional hook
        """Tell the DUT to drop ``request`` (after a timeout)."""

    def _alive(self) -> bool:
        return True

    # public ------------------------------------------------------------------------------
    def start(self, wait: bool = True) -> None:
        """Start now (else the first request does); with ``wait``, until ready or the start
        timeout (then :class:`DutFailure` ``unavailable``)."""
        with self._lock:
            self._ensure_ready(time.perf_counter() + self.start_timeout_s if wait else None)

    def _ensure_ready(self, deadline: float | None) -> None:
        """Launch if needed and wait for readiness until ``deadline`` (None: do not wait)."""
        if self._launched_at is not None and not self._alive():
            self._stop()
            self._launched_at = None
        if self._launched_at is None:
            self.starts += 1
            self._launched_at = time.perf_counter()
            self._ready_seen = False
            try:
                self._launch()
            except BaseException as exc:
                with contextlib.suppress(Exception):
                    self._stop()
                self._launched_at = None
                if isinstance(exc, DutFailure | KeyboardInterrupt):
                    raise
                if not isinstance(exc, Exception | SystemExit):
                    raise
                raise DutFailure("error", printable(
                    f"{type(exc).__name__} while starting: {exc}")) from None
        if self._ready_seen or deadline is None:
            return
        start_by = self._launched_at + self.start_timeout_s
        try:
            self._ready(min(deadline, start_by))
        except DutFailure as exc:
            if exc.outcome != "timeout" or time.perf_counter() >= start_by:
                self._stop()
                self._launched_at = None
                raise DutFailure("unavailable", f"not ready: {exc}") from None
            raise  # still starting: this request times out, the next one waits on
        self._ready_seen = True

    def ask(self, request: DutRequest, deadline_ms: float | None = None,
            on_event: Callable[[DutEvent], None] | None = None) -> DutReply:
        """Ask the DUT; returns by ``deadline_ms`` (or ``timeout_ms``) with an outcome."""
        budget = self.timeout_ms if deadline_ms is None else min(deadline_ms, self.timeout_ms)
        request = replace(request, deadline_ms=round(budget, 3))
        sent = time.perf_counter()
        deadline = sent + max(budget, 0.0) / 1e3
        events = Events(sent, on_event)
        if not self._slots.acquire(timeout=max(deadline - sent, 0.0)):
            reply = DutReply("timeout", (time.perf_counter() - sent) * 1e3, None, [], {},
                             "no free DUT slot by the deadline")
            return self._record(request, reply)
        try:
            reply = self._ask(request, budget, sent, deadline, events)
        finally:
            self._slots.release()
        return self._record(request, reply)

    def _ask(self, request: DutRequest, budget: float, sent: float, deadline: float,
             events: Events) -> DutReply:
        try:
            if not self._lock.acquire(timeout=max(deadline - time.perf_counter(), 0.0)):
                raise DutFailure("timeout", "the DUT was (re)starting until the deadline")
            try:
                self._ensure_ready(deadline)
            finally:
                self._lock.release()
            answer, timings = self._exchange(request, deadline, events)
            ms = (time.perf_counter() - sent) * 1e3
            if ms > budget:  # it answered, but the policy had to degrade at the deadline
                return DutReply("degraded", ms, answer, events.items, timings,
                                f"answered {ms - budget:.1f} ms after the {budget:g} ms "
                                "deadline")
            return DutReply("ok", ms, answer, events.items, timings)
        except DutFailure as exc:
            if exc.outcome == "timeout" and self._ready_seen:
                with contextlib.suppress(Exception):
                    self._cancel(request)
            if exc.outcome in ("crashed", "reset"):
                with self._lock:  # the next request restarts or reconnects
                    with contextlib.suppress(Exception):
                        self._stop()
                    self._launched_at = None
            return DutReply(exc.outcome, (time.perf_counter() - sent) * 1e3, None,
                            events.items, {}, printable(str(exc), 480))
        except (Exception, SystemExit) as exc:  # an adapter's defect: a verdict, not a crash
            return DutReply("error", (time.perf_counter() - sent) * 1e3, None, events.items,
                            {}, printable(f"{type(exc).__name__}: {exc}"))

    def _record(self, request: DutRequest, reply: DutReply) -> DutReply:
        with self._count_lock:
            self.outcomes[reply.outcome] += 1
        if self.log is not None and reply.outcome != "ok":
            with contextlib.suppress(OSError):
                self.log.write(f"bench: request {request.id} {reply.outcome} after "
                               f"{reply.ms:.1f} ms: {reply.error}\n".encode())
        return reply

    def close(self) -> None:
        with self._lock:
            if self._launched_at is not None:
                self._stop()
                self._launched_at = None
        if self.log is not None:
            self.log.close()

    def __enter__(self) -> Dut:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
