"""The model in a worker process: a native crash in llama.cpp cannot take the bench down.

:class:`WorkerResolver` is an :class:`~twin.assistant.resolver.IntentResolver` (plus
``prepare``, like the in-process resolver) whose resolver lives in a child process started with
``spawn`` and reached over a pipe. When the child dies (SIGSEGV, SIGILL, abort) or stops
answering, the caller gets a :class:`ModelCrash`: which signal, during what, the likely cause
and what to do, as one line. With ``degrade_on_crash`` the line is printed once and every later
call answers ``raw == ""`` at once (the safety valve falls back to the rule default), so a run
finishes, closes its traces and commands the safe state; otherwise :class:`ModelCrashed` is
raised.

The degrade deadline crosses the boundary: the child gets what is left of ``deadline_ms`` after
the pipe (a shared monotonic clock), and ``ms`` of the result is measured in the caller, so the
boundary's cost is counted (``timings["ipc_ms"]``). Every wait has a timeout; a start's can
also be judged by the progress the child tells (:mod:`hil.llm.reply_wait`).

Test hook: ``CABIN_TWIN_WORKER_CRASH=HOW:WHEN`` makes the child crash on purpose; ``HOW`` is
``abort`` (``os.abort()``), ``segv``, ``ill`` (the signal sent to itself) or ``hang``;
``WHEN`` is ``start`` or the 1-based number of the ``resolve`` call.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection
from typing import Any

from hil.llm.amx_guard import CPU_AMX_FLAGS, read_cpu_flags
from hil.llm.reply_wait import ReplyWait, wait_for_reply
from twin.assistant.resolver import ResolverResult, Turn

CRASH_HOOK_ENV = "CABIN_TWIN_WORKER_CRASH"
DEFAULT_FACTORY = "hil.llm:default_resolver"
TELL_EVERY_S = 2.0  # how often a starting worker says what it is doing, when that has changed
START_QUIET_S = 600.0  # worker_resolver: a start with no word of progress this long is hung
FIRST_USE_LIMIT_S = 3600.0  # worker_resolver: the longest a start (a first use) may take


def _clock() -> float:
    """A monotonic clock shared by every process on the machine (seconds)."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


@dataclass(frozen=True)
class ModelCrash:
    """How the model worker died. ``signal`` is e.g. ``"SIGSEGV"`` (None: exit code or hang)."""

    signal: str | None
    exitcode: int | None
    during: str
    cause: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class ModelCrashed(RuntimeError):
    """The model worker died or hung; ``crash`` says how."""

    def __init__(self, crash: ModelCrash) -> None:
        super().__init__(crash.message)
        self.crash = crash


def likely_cause(signum: int | None, cpu_amx: bool, guarded: bool | None) -> str:
    """A short guess at why llama.cpp died with ``signum`` (None: it hung)."""
    amx = cpu_amx and not guarded
    if signum is None:
        return "the model stopped answering (hung or starved of CPU)"
    if signum == signal.SIGILL:
        return ("an illegal instruction: llama.cpp was built for another CPU (a wheel from a "
                "newer machine" + (", or its AMX kernels, llama.cpp #20824" if amx else "") + ")")
    if signum in (signal.SIGSEGV, signal.SIGBUS):
        return ("a memory fault in llama.cpp" + (": on this AMX CPU most likely its AMX kernels "
                                                 "(llama.cpp #20824)" if amx else ""))
    if signum == signal.SIGABRT:
        return "llama.cpp aborted (a failed assertion or out of memory)"
    return f"killed by {signal.Signals(signum).name}"


def describe_exit(exitcode: int | None, during: str, guarded: bool | None,
                  timeout_s: float | None = None, waited: str | None = None) -> ModelCrash:
    """The :class:`ModelCrash` for a worker that ended with ``exitcode`` (None: hung;
    ``waited`` then says how the wait ended, else "no answer within ``timeout_s``")."""
    cpu_amx = any(f in read_cpu_flags() for f in CPU_AMX_FLAGS)
    signum = -exitcode if exitcode is not None and exitcode < 0 else None
    name = signal.Signals(signum).name if signum else None
    if exitcode is None:
        cause = likely_cause(None, cpu_amx, guarded) + ", " + (
            waited or f"no answer within {timeout_s:.1f} s")
        what = "hung"
    elif signum:
        cause, what = likely_cause(signum, cpu_amx, guarded), f"crashed ({name})"
    else:
        cause, what = f"the worker exited with status {exitcode}", "exited"
    message = (f"model worker {what} during {during}: {cause}. The run continues on rules "
               "only; run `twin doctor` to check this machine")
    return ModelCrash(name, exitcode, during, cause, message)


# child ---------------------------------------------------------------------------------------
def crash_hook() -> tuple[str, int] | None:
    spec = os.environ.get(CRASH_HOOK_ENV, "")
    if not spec:
        return None
    how, _, when = spec.partition(":")
    return how, 0 if when in ("", "start") else int(when)


def crash_now(how: str) -> None:
    if how == "abort":
        os.abort()
    if how == "hang":
        time.sleep(3600)
    os.kill(os.getpid(), {"segv": signal.SIGSEGV, "ill": signal.SIGILL}[how])


def _import(factory: str) -> Any:
    module, _, attr = factory.partition(":")
    return getattr(importlib.import_module(module), attr)


def _describe(resolver: Any) -> dict[str, Any]:
    """What the parent may want to know about the loaded resolver (plain data)."""
    engine = getattr(resolver, "engine", None)
    info: dict[str, Any] = {"pid": os.getpid()}
    if engine is not None:
        info["model"] = str(engine.model_path)
        info["load_ms"] = round(engine.load_ms, 1)
        guard = getattr(engine, "amx_guard", None)
        if guard is not None:
            info["amx_guard"] = guard.as_dict()
    if hasattr(resolver, "prefix"):
        info["prefix_tokens"] = len(resolver.prefix)
    return info


def _serve(conn: Connection) -> None:
    """The worker's loop: build the resolver, then answer calls until told to close."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _, path, factory, kwargs = conn.recv()
    sys.path[:] = path  # the parent's, so a factory it can import is found here too
    hook = crash_hook()
    if hook and hook[1] == 0:
        crash_now(hook[0])
    try:
        with _telling_progress(conn):
            resolver = _import(factory)(**kwargs)
    except Exception as exc:
        conn.send(("error", _picklable(exc)))
        return
    conn.send(("ready", _describe(resolver)))
    calls = 0
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        if msg[0] == "close":
            return
        _, method, args, deadline_at = msg
        if method == "resolve":
            calls += 1
            if hook and hook[1] == calls:
                crash_now(hook[0])
            if deadline_at is not None:  # what is left of the deadline after the pipe
                args = (*args[:3], max(0.0, (deadline_at - _clock()) * 1e3))
        started = time.perf_counter()
        try:
            result = getattr(resolver, method)(*args)
        except Exception as exc:
            conn.send(("error", _picklable(exc)))
            continue
        conn.send(("ok", result, (time.perf_counter() - started) * 1e3))


@contextlib.contextmanager
def _telling_progress(conn: Connection, every_s: float = TELL_EVERY_S) -> Iterator[None]:
    """While the block runs, send ``("progress", what)`` whenever what the start is doing
    (:func:`twin.progress.current`: its step and count) has changed; stopped before the block's
    result is sent, so the pipe has one writer at a time."""
    from twin.progress import current

    stop = threading.Event()

    def tell() -> None:
        said = ""
        while not stop.wait(every_s):
            now = current()
            if now and now != said:
                said = now
                with contextlib.suppress(OSError):
                    conn.send(("progress", now))

    thread = threading.Thread(target=tell, daemon=True, name="twin-worker-progress")
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def _picklable(exc: Exception) -> Exception:
    import pickle

    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:
        return RuntimeError(f"{type(exc).__name__}: {exc}")


# parent --------------------------------------------------------------------------------------
class WorkerResolver:
    """A resolver built by ``factory(**kwargs)`` in a child process (see the module doc).

    ``factory`` is ``"module:attr"``; the default loads the shipped model like
    :func:`hil.llm.default_resolver`. ``start_timeout_s`` bounds the load; with
    ``start_quiet_s`` the load also fails after that long without word of progress from the
    worker (:class:`ReplyWait`). ``call_timeout_s`` bounds a call without deadline,
    ``grace_s`` how long past its deadline a call may take before the worker counts as hung.
    Thread-safe (one call at a time); close it, or use ``with``. ``clock``: the parent's
    clock for the start's wait (tests inject one).
    """

    def __init__(self, factory: str = DEFAULT_FACTORY, kwargs: dict[str, Any] | None = None, *,
                 degrade_on_crash: bool = False, start_timeout_s: float = 600.0,
                 start_quiet_s: float | None = None, call_timeout_s: float = 120.0,
                 grace_s: float = 10.0, clock: Callable[[], float] = _clock) -> None:
        self.factory = factory
        self._clock = clock
        self.degrade_on_crash = degrade_on_crash
        self.call_timeout_s = call_timeout_s
        self.grace_s = grace_s
        self.crash: ModelCrash | None = None
        self.info: dict[str, Any] = {}
        self._lock = threading.Lock()
        # a fresh interpreter (like multiprocessing's spawn, without re-importing __main__)
        ours, theirs = socket.socketpair()
        self._conn = Connection(ours.detach())
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "hil.llm.worker", str(theirs.fileno())],
            pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
        theirs.close()
        with contextlib.suppress(OSError):
            self._conn.send(("init", list(sys.path), factory, dict(kwargs or {})))
        reply = self._receive("start", start_timeout_s, start_quiet_s)
        if reply is not None:
            self.info = reply[1]

    # the resolver protocol ---------------------------------------------------------------
    def resolve(self, query: str, history: list[Turn], lang: str,
                deadline_ms: float | None = None) -> ResolverResult:
        started = time.perf_counter()
        deadline_at = None if deadline_ms is None else _clock() + deadline_ms / 1e3
        timeout = (self.call_timeout_s if deadline_ms is None
                   else deadline_ms / 1e3 + self.grace_s)
        reply = self._call("resolve", (query, list(history), lang, deadline_ms), deadline_at,
                           timeout)
        ms = (time.perf_counter() - started) * 1e3
        if reply is None:  # crashed, degrading: nothing reached a model
            return ResolverResult(raw="", ms=ms, timings={"total_ms": ms, "crashed": 1.0})
        result: ResolverResult = reply[1]
        result.timings["worker_ms"] = result.ms
        result.timings["ipc_ms"] = max(0.0, ms - reply[2])
        result.ms = ms
        return result

    def prepare(self, query: str, history: list[Turn]) -> dict[str, int]:
        """The in-process resolver's ``model_load`` work, in the worker ({} after a crash)."""
        reply = self._call("prepare", (query, list(history)), None, self.call_timeout_s)
        return {} if reply is None else reply[1]

    # lifecycle ---------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return self.crash is None and self._proc.poll() is None

    def close(self, timeout_s: float = 5.0) -> None:
        """Ask the worker to exit; terminate, then kill, if it does not within ``timeout_s``."""
        with self._lock:
            if self._proc.poll() is None:
                with contextlib.suppress(OSError):
                    self._conn.send(("close",))
            for stop in (None, self._proc.terminate, self._proc.kill):
                if stop is not None and self._proc.poll() is None:
                    stop()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self._proc.wait(timeout_s)
            self._conn.close()

    def __enter__(self) -> WorkerResolver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # internals ---------------------------------------------------------------------------
    def _call(self, method: str, args: tuple[Any, ...], deadline_at: float | None,
              timeout_s: float) -> tuple[Any, ...] | None:
        with self._lock:
            if self.crash is not None:
                if self.degrade_on_crash:
                    return None
                raise ModelCrashed(self.crash)
            with contextlib.suppress(OSError):  # the worker is gone: _receive reports how
                self._conn.send(("call", method, args, deadline_at))
            return self._receive(method, timeout_s)

    def _receive(self, during: str, timeout_s: float,
                 quiet_s: float | None = None) -> tuple[Any, ...] | None:
        """The worker's reply; a crash or hang becomes :class:`ModelCrash` (see the class)."""
        ready, reply = False, None
        wait = ReplyWait(timeout_s, quiet_s)
        try:
            reply, ready = wait_for_reply(self._conn, wait, self._clock)
        except (EOFError, OSError):
            ready = True
        if reply is not None:
            if reply[0] == "error":
                raise reply[1]
            return reply
        try:  # the pipe closed: the worker is dying, collect its status
            exitcode: int | None = self._proc.wait(5.0 if ready else 0.0)
        except subprocess.TimeoutExpired:  # no answer in time: hung; stop it
            self._proc.kill()
            self._proc.wait(5.0)
            exitcode = None
        crash = describe_exit(exitcode, during, self._guarded(), timeout_s,
                              wait.why() if exitcode is None else None)
        self.crash = crash
        if not self.degrade_on_crash:
            raise ModelCrashed(crash)
        print(f"twin: {crash.message}", file=sys.stderr, flush=True)
        return None

    def _guarded(self) -> bool | None:
        guard = self.info.get("amx_guard")
        return None if guard is None else bool(guard["disable_extra_bufts"])


def worker_resolver(model_path: str | None = None, n_threads: int = 2, quant: str | None = None,
                    decision: str = "head", **options: Any) -> WorkerResolver:
    """:func:`hil.llm.default_resolver` in a worker process that degrades on a crash."""
    kwargs = {"model_path": model_path, "n_threads": n_threads, "quant": quant,
              "decision": decision}
    options.setdefault("degrade_on_crash", True)
    # a first use embeds the head's examples (7,840: over 600 s at load ~20 on 2 vCPU) and says
    # how far it has got: judged by its progress, within an hour at most
    options.setdefault("start_timeout_s", FIRST_USE_LIMIT_S)
    options.setdefault("start_quiet_s", START_QUIET_S)
    return WorkerResolver(DEFAULT_FACTORY, kwargs, **options)


if __name__ == "__main__":
    _serve(Connection(int(sys.argv[1])))
