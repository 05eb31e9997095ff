"""DUT faults as steps of a ``twin verify`` machine (``twin verify --dut``).

:class:`DutFaultMachine` puts two real DUTs behind the bench's resolvers, as a scenario does:
the JSON-lines echo (``examples/dut_echo.py``, a process the bench runs: ``terminal``) and the
HTTP echo (``examples/dut_echo_http.py``, a separate service behind the impairment proxy:
``edge``). Its steps speak utterances the rules leave to the fallback, through the assistant's
policy, to either placement, and inject the scenario fault kinds (``dut_crash``, ``dut_hang``,
``dut_http_5xx``, ``dut_reset``) through the same :class:`~hil.dut.faults.FaultSchedule` a
``[[faults]]`` table uses, keyed on the placement's next request (which the step then
makes). After every step and at teardown:

* **outcome**: every DUT request has exactly one recorded outcome;
* **degrade**: a request whose DUT failed takes the policy's degrade path, and nothing outside
  the intent schema is ever decided;
* **explained**: a request fails only on a placement that had a fault injected; an answer that
  came is the DUT's (the echo of the utterance, or the answer scripted for it);
* **several**: an answer that lists several commands (the echoes' scripted answer to
  :data:`SEVERAL`) is decided command by command: each valve-checked on its own, the one out of
  range refused, the others acted on in order, whichever of them the DUT names first;
* **reported**: a fault the placement cannot take is reported as not injected, with a reason,
  never silently;
* **no_dead_bench**: the calls return (each is bounded by its deadline), and at teardown no DUT
  process is left running or stopped.
"""

from __future__ import annotations

import contextlib
import copy
import json
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from hil import process
from hil.dut.contract import DutFailure
from hil.dut.faults import FaultSchedule, Injection
from hil.dut.resolver import DutResolver, DutResult
from hil.dut.run import placement
from twin.assistant.policy import Assistant, AssistantPolicy
from twin.assistant.resolver import Turn
from twin.config.dut import dut_config
from twin.config.faults import DutFault
from twin.paths import PROJECT_ROOT
from twin.verify.machine import Failure
from twin.verify.properties import schema_ok

DUT_PROPERTIES = ("outcome", "degrade", "explained", "reported", "several", "no_dead_bench")
KINDS = ("dut_crash", "dut_hang", "dut_http_5xx", "dut_reset")
#: utterances the rules are unsure of (they go to the fallback, the DUT)
UTTERANCES = ("the air is so thick", "goosebumps", "my shirt is stuck to my back",
              "recommend a good book", "the glass has gone all cloudy on me")
#: utterances (the rules leave them) the echoes answer with several commands, one out of range
SEVERAL = {"sort out the cabin for me": 0, "make it comfy in here": 1}
_WINDOW = {"intent": "window_set_position", "value": 20, "feedback": "Window at 20%."}
_FAN = {"intent": "climate_set_fan", "value": 2, "feedback": "Fan on 2."}
_HOT = {"intent": "climate_set_temperature", "value": 45, "feedback": "45 degrees."}
#: each scripted list, and the commands the valve lets through (in order; unknown: refused)
SCRIPTED = ([_WINDOW, _HOT, _FAN], [_HOT, _FAN, _WINDOW])
EXPECTED = ([("window_set_position", 20), ("unknown", None), ("climate_set_fan", 2)],
            [("unknown", None), ("climate_set_fan", 2), ("window_set_position", 20)])
EXAMPLES = PROJECT_ROOT / "examples"
#: a request's budget: generous, so that only an injected fault makes a healthy echo fail
DEGRADE_MS = 600.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Recording:
    """The resolver the assistant calls, remembering each call's result."""

    def __init__(self, resolver: DutResolver) -> None:
        self.resolver = resolver
        self.results: list[DutResult] = []

    def resolve(self, query: str, history: list[Turn], lang: str,
                deadline_ms: float | None = None) -> DutResult:
        result = self.resolver.resolve(query, history, lang, deadline_ms)
        self.results.append(result)
        return result


class DutFaultMachine(RuleBasedStateMachine):
    """Requests and DUT faults on a terminal (JSON lines) and an edge (HTTP) DUT."""

    failures: ClassVar[list[Failure]] = []

    def __init__(self) -> None:
        super().__init__()
        self.out = Path(tempfile.mkdtemp(prefix="verify-dut-"))
        answers = self.out / "answers.json"
        answers.write_text(json.dumps({text: {**SCRIPTED[k][0], "commands": SCRIPTED[k]}
                                       for text, k in SEVERAL.items()}), encoding="utf-8")
        port = _free_port()
        self.service = process.spawn(
            [sys.executable, str(EXAMPLES / "dut_echo_http.py"), "--port", str(port),
             "--answers", str(answers)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        config = dut_config({
            "backend": {"kind": "jsonl", "command": [sys.executable,
                                                     str(EXAMPLES / "dut_echo.py"),
                                                     "--answers", str(answers)],
                        "timeout_ms": 2000.0, "start_timeout_s": 30.0},
            "route": {"edge": {"kind": "http", "url": f"http://127.0.0.1:{port}/v1",
                               "timeout_ms": 2000.0, "start_timeout_s": 30.0,
                               "network": {"rtt": {"base_ms": 2.0}}}},
        }, "twin verify --dut")
        assert config is not None and config.route is not None
        backends = {"terminal": config.backend, "edge": config.route.edge}
        self.calls: dict[str, _Recording] = {}
        self.assistants: dict[str, Assistant] = {}
        policy = AssistantPolicy(degrade_deadline_ms=DEGRADE_MS)
        for seed, (route, backend) in enumerate(backends.items()):
            resolver = DutResolver({route: placement(backend, self.out, seed, route,
                                                     "twin verify --dut")})
            resolver.faults = FaultSchedule([])
            with contextlib.suppress(DutFailure):  # a slow start is retried on first use
                resolver.start()
            self.calls[route] = _Recording(resolver)
            self.assistants[route] = Assistant(self.calls[route], policy)  # type: ignore[arg-type]
        self.faulted: set[str] = set()
        self.steps: list[str] = []
        self.schedule: dict[str, Any] = {"requests": [], "faults": []}
        self.decisions: list[tuple[str, Any, DutResult]] = []

    def _check(self, prop: str, ok: bool, message: str) -> None:
        if not ok:
            type(self).failures.append(Failure(prop, message, copy.deepcopy(self.schedule),
                                               list(self.steps), str(self.out)))
            raise AssertionError(f"{prop}: {message}")

    @rule(pick=st.integers(0, 100), route=st.sampled_from(("terminal", "edge")))
    def speak(self, pick: int, route: str) -> None:
        """An utterance the rules leave to the DUT, through the policy, to ``route``."""
        self._speak(UTTERANCES[pick % len(UTTERANCES)], route)

    @rule(text=st.sampled_from(sorted(SEVERAL)), route=st.sampled_from(("terminal", "edge")))
    def speak_several(self, text: str, route: str) -> None:
        """An utterance the DUT answers with several commands, one of them out of range."""
        decision, result = self._speak(text, route)
        if not result.failed:
            got = [(c.intent, c.value) for c in decision.commands]
            want = EXPECTED[SEVERAL[text]]
            self._check("several", decision.path == "llm" and got == want,
                        f"{route} {text!r}: path {decision.path}, commands {got}, not {want}")

    def _speak(self, text: str, route: str) -> tuple[Any, DutResult]:
        calls = self.calls[route]
        before = len(calls.results)
        decision = self.assistants[route].handle(text, "en", session=route)
        self.steps.append(f"speak {text!r} -> {route}")
        self.schedule["requests"].append({"route": route, "text": text})
        self._check("degrade", schema_ok(decision.intent, decision.value),
                    f"decided {decision.intent}={decision.value!r}, outside the schema")
        self._check("outcome", len(calls.results) == before + 1,
                    f"{text!r}: the rules answered it, the DUT was never asked")
        result = calls.results[-1]
        self.decisions.append((text, decision, result))
        if result.failed:
            self._check("degrade", decision.path == "degraded",
                        f"{route} {result.outcome}: path {decision.path}, not degraded")
            self._check("explained", route in self.faulted,
                        f"{route} {result.outcome} with no fault injected on it")
        else:
            answer = result.reply.answer if result.reply is not None else None
            said = SCRIPTED[SEVERAL[text]][0]["feedback"] if text in SEVERAL else text
            self._check("explained", (answer or {}).get("feedback") == said,
                        f"{route} answered {answer!r} to {text!r}")
        return decision, result

    @rule(kind=st.sampled_from(KINDS), route=st.sampled_from(("terminal", "edge")),
          pick=st.integers(0, 100))
    def inject(self, kind: str, route: str, pick: int) -> None:
        """A fault on the placement's next request, and that request."""
        schedule = self.calls[route].resolver.faults
        assert schedule is not None
        fault = DutFault(kind=kind, at_request=schedule.count, route=route)
        schedule.injections.append(Injection(fault, len(schedule.injections)))
        self.faulted.add(route)
        self.steps.append(f"inject {kind} on {route} at request {schedule.count}")
        self.schedule["faults"].append({"kind": kind, "route": route,
                                        "at_request": schedule.count})
        self.speak(pick, route)

    @invariant()
    def every_request_one_outcome(self) -> None:
        for route, calls in self.calls.items():
            dut = calls.resolver.dut
            self._check("outcome", sum(dut.outcomes.values()) == len(calls.results),
                        f"{route}: {sum(dut.outcomes.values())} outcomes for "
                        f"{len(calls.results)} requests")
            faults = calls.resolver.faults
            assert faults is not None
            for inj in faults.injections:
                if inj.fault.at_request < faults.count:  # its request has been made
                    self._check("reported", inj.injected or bool(inj.reason),
                                f"{inj.fault.kind} on {route}: neither injected nor reported")

    def teardown(self) -> None:
        procs = []
        try:
            for calls in self.calls.values():
                proc = getattr(calls.resolver.dut, "_proc", None)
                if proc is not None:
                    procs.append(proc)
                calls.resolver.close()  # resumes a stopped DUT first
        finally:
            process.stop(self.service, term_s=10.0, kill_s=10.0)
        for proc in procs:
            self._check("no_dead_bench", proc.poll() is not None,
                        f"DUT process {proc.pid} still running after close")
        if not any(f.trace_dir == str(self.out) for f in self.failures):
            import shutil

            shutil.rmtree(self.out, ignore_errors=True)
