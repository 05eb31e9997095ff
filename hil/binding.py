"""Bind real backends into the twin's stage slots and run in lockstep.

:class:`RealBinding` fills the slots :mod:`hil.backends` selected, in one
:class:`hil.lockstep.LockstepEnvironment`:

- ``model_load`` and ``inference``: the real assistant. For a request the rules are unsure
  of, ``model_load`` restores its conversation into the llama.cpp KV cache (history restore,
  prompt build, KV reuse), and ``inference`` runs the real rules (hassil) and then the real
  resolver, abandoned at the degrade deadline. A request the rules answer needs no model: its
  ``model_load`` is empty and its ``inference`` is the rules alone. One model instance serves
  every request, so the real inference stage has one slot. A device under test
  (:mod:`hil.dut`) declares its ``concurrency`` instead: the inference stage has that many
  slots, a request waits for a free one in ``scheduling`` (queueing, where dispatch belongs)
  and the DUT has no ``model_load`` of the bench's to prepare.
- ``network`` (a DUT behind the impairment proxy): takes no time in place; the proxy's
  measured time per request is moved into it after the run (:meth:`RealBinding.network_ms`).
- ``render``: each request's command (the assistant's decision, else the labelled intent of a
  sampled query, through the same safety valve) goes to the rig's devices through
  :class:`hil.render.RenderBackend`.

Each real stage lasts exactly as long as its work took on the wall clock.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import Counter
from collections.abc import Callable, Generator
from contextlib import ExitStack
from dataclasses import replace
from typing import Any

import numpy as np
import simpy

from devices.actuator import Outcome
from hil.backends import BackendHooks, RealParts
from hil.calls import CallRecord, token_counts
from hil.dut.trace_context import request_trace
from hil.lockstep import LockstepEnvironment, RealCallTimeout
from hil.render import NO_COMMAND, RenderBackend, RenderOutcome
from hil.rig_bus import begin_on_lockstep
from latency_models.faults import LinkWindow
from latency_models.stages import INFERENCE, MODEL_LOAD, SCHEDULING, STAGES
from twin import assisted
from twin.assistant.commands import make_command
from twin.assistant.nlu import shared_nlu
from twin.assistant.queries import QuerySampler, load_queries
from twin.assistant.resolver import ResolverResult
from twin.calibrated import query_key
from twin.errors import InputError
from twin.otel_export import traceparent
from twin.plan import Plan
from twin.rng import stream
from twin.timings import Timings

N = len(STAGES)


class _Stage:
    """A real stage slot: calls ``binding.<method>(env, index, timeline)``."""

    def __init__(self, work: Any) -> None:
        self.work = work

    def process(self, env: simpy.Environment, index: int,
                timeline: list[float]) -> Generator[Any, Any, None]:
        yield from self.work(env, index, timeline)


class RealBinding(BackendHooks):
    """Real stages for a twin run; the others stay as the scenario models them."""

    def __init__(self, parts: RealParts, close: ExitStack | None = None) -> None:
        self.parts = parts
        self.render: RenderBackend | None = parts.render
        self.resolver = parts.resolver
        self._close = close or ExitStack()
        self.model_lock = threading.Lock()  # one model instance: one call at a time
        self.env = LockstepEnvironment()
        self.ap: assisted.AssistedPlan | None = None
        #: (scenario name, seed): names each request's trace for the DUT (set by the run)
        self.trace_scope: tuple[str, int] | None = None
        self.labels: list[tuple[str, int | str | None]] = []
        self.outcomes: dict[int, RenderOutcome] = {}
        #: every command's outcome of a request (several for a multi-command sentence)
        self.part_outcomes: dict[int, list[RenderOutcome]] = {}
        #: requests whose real call outlasted the lockstep's call timeout, and why
        self.call_timeouts: dict[int, str] = {}
        self.llm_calls: dict[int, ResolverResult] = {}
        #: one :class:`hil.calls.CallRecord` per real call: what conditioned models fit
        self.records: list[Any] = []
        #: each stage's real work (a backend may bring its own: ``parts.work``)
        self.work: dict[str, Callable[..., Generator[Any, Any, None]]] = {
            "network": self._network, "model_load": self._model_load,
            "inference": self._inference, "render": self._render, **parts.work}

    def bind(self, plan: Plan, ap: assisted.AssistedPlan | None
             ) -> tuple[LockstepEnvironment, dict[str, _Stage]]:
        self.ap = ap
        self.planned = plan.n
        self.arrivals = plan.arrivals_ms
        #: the plan's column of each link fault, in the rig's fault order
        self.link_columns = [j for j, f in enumerate(plan.faults) if isinstance(f, LinkWindow)]
        if self.render is not None:  # ecu_silent, the cycle watch, a replay: scenario clock
            begin_on_lockstep(self.render.session, self.env)
        real = self.parts.stages
        if "inference" in real:
            if ap is None:
                raise InputError(self.parts.source, "assistant",
                                 "an [assistant] table (the real model answers its queries)")
            slots = self.dut_slots
            if slots is not None:  # a DUT: its slots, queued for in scheduling
                plan.capacities[INFERENCE] = slots
                plan.capacities[MODEL_LOAD] = None
                plan.slot_queued_at[INFERENCE] = SCHEDULING
            else:
                plan.capacities[INFERENCE] = 1  # one model instance
                # prepare calls share the one model too (its lock): one at a time, and only
                # for requests that need the model (the twin replays the same slots)
                plan.capacities[MODEL_LOAD] = 1
                if plan.bypass is not None:
                    plan.bypass[:, MODEL_LOAD] = ~ap.llm
        self.bind_hooks(plan, ap)  # a backend's own view of the drawn plan
        if "render" in real and ap is None:  # command what a sampled labelled query asks
            picks = QuerySampler(load_queries()).sample(stream(plan.seed, "devices", 1), plan.n)
            self.labels = [checked_label(q.intent, q.value) for q in picks]
        return self.env, {stage: _Stage(self.work[stage]) for stage in real}

    @property
    def dut_slots(self) -> int | None:
        """Requests the device under test serves at once (None: the bench's own model)."""
        slots = getattr(self.resolver, "concurrency", None)
        return int(slots) if slots is not None else None

    def close(self) -> None:
        """Close the opened backends (a rig commands its safe state). Idempotent."""
        self._close.close()

    # real stages -------------------------------------------------------------------------
    def _network(self, env: simpy.Environment, i: int,
                 timeline: list[float]) -> Generator[Any, Any, None]:
        """A networked DUT's network slot: nothing happens here. The request's bytes cross
        the impairment proxy inside the DUT call (``inference``, where the degrade deadline
        covers them); the proxy's measured holds are moved into this slot after the run
        (:func:`twin.assistant.placement.attribute_network`, :meth:`network_ms`). A request
        answered locally crosses no network: 0 ms."""
        return
        yield  # a generator that takes no simulated time

    def network_ms(self, n: int) -> np.ndarray:
        """Per request, the network time the impairment proxy measured (request leg + answer
        leg; 0 for requests that never crossed it)."""
        out = np.zeros(n)
        for i, call in self.llm_calls.items():
            net = getattr(call, "network_ms", None)
            if net is not None and i < n:
                out[i] = net
        return out

    def routes(self, n: int) -> np.ndarray:
        """Per request, the placement its DUT call went to ("" when no DUT call)."""
        out = np.full(n, "", dtype=object)
        for i, call in self.llm_calls.items():
            route = getattr(call, "route", None)
            if route is not None and i < n:
                out[i] = route
        return out.astype(str)

    def _model_load(self, env: simpy.Environment, i: int,
                    timeline: list[float]) -> Generator[Any, Any, None]:
        assert self.ap is not None and isinstance(env, LockstepEnvironment)
        if self.ap.raw[i] is None:
            return  # the rules answer this one: no model to prepare
        q = self.ap.queries[i]
        resolver = self.resolver

        lock = self.model_lock if self.dut_slots is None else contextlib.nullcontext()

        def prepare() -> None:
            with lock:
                t0 = time.perf_counter()
                done = resolver.prepare(q.text, list(q.history))  # type: ignore[union-attr]
                self._record("model_load", i, "llm", t0, {
                    "history_tokens": float((done or {}).get("prefilled", 0)),
                    "session_hit": float((done or {}).get("hit", 0))})

        # a timeout is counted by the lockstep; inference still answers (or degrades) alone
        with contextlib.suppress(RealCallTimeout):
            yield from env.call("model_load", prepare)

    def _inference(self, env: simpy.Environment, i: int,
                   timeline: list[float]) -> Generator[Any, Any, None]:
        assert self.ap is not None and isinstance(env, LockstepEnvironment)
        ap, q = self.ap, self.ap.queries[i]
        policy = ap.config.policy
        needs_llm = ap.raw[i] is not None
        resolver = self.resolver
        # a DUT bounds its own concurrency (the stage's slots); the bench's model is one
        lock = self.model_lock if self.dut_slots is None else contextlib.nullcontext()

        def work() -> None:
            t0 = time.perf_counter()
            rules = shared_nlu(q.lang).parse(q.text, q.history)
            ap.rules[i] = replace(ap.rules[i], ms=rules.ms)
            self._record("inference", i, "rule", t0, {})  # the whole rule step, as timed
            if needs_llm and resolver is not None:
                budget = max(policy.degrade_deadline_ms - rules.ms, 0.0)
                with lock, request_trace(self.traceparent(i)):
                    t0 = time.perf_counter()
                    result = resolver.resolve(q.text, list(q.history), q.lang, budget)
                    self._record("inference", i, "llm", t0, {
                        "query_tokens": _query_tokens(resolver, q, result)},
                        query_key(q.text, q.history))
                # a failed DUT (timeout, crash, ...) gives no answer: the policy degrades
                ap.raw[i] = None if getattr(result, "failed", False) else result.raw
                self.llm_calls[i] = result

        try:
            yield from env.call("inference", work)
        except RealCallTimeout as exc:  # the policy degrades it, like a failed DUT
            ap.raw[i] = None
            self.call_timeouts[i] = str(exc)

    def _render(self, env: simpy.Environment, i: int,
                timeline: list[float]) -> Generator[Any, Any, None]:
        assert isinstance(env, LockstepEnvironment) and self.render is not None
        commands = self.commands_for(i, timeline)
        backend = self.render

        arrival = self.arrival_of(i, timeline)  # link faults are judged at the arrival

        def execute() -> RenderOutcome:
            """Each command in turn (one render per command); a refused or failed command
            does not stop the next. The request's outcome is its first failed command's,
            else its first that commanded a device, else its first."""
            done = []
            for intent, value in commands:
                t0 = time.perf_counter()
                with backend.session.faults.request(i, arrival):
                    outcome = backend.execute(intent, value)
                self._record("render", i, outcome.device or "none", t0, {})
                done.append(outcome)
            self.part_outcomes[i] = done
            return next((o for o in done if o.failed),
                        next((o for o in done if o.outcome != NO_COMMAND), done[0]))

        try:
            self.outcomes[i] = yield from env.call("render", execute)
        except RealCallTimeout as exc:  # the command's fate is unknown: a timed-out command
            self.outcomes[i] = RenderOutcome(env.call_timeout_s * 1e3, None, Outcome.TIMED_OUT,
                                             str(exc), intent=commands[0][0] if commands else None)
            self.call_timeouts[i] = str(exc)

    def traceparent(self, i: int) -> str | None:
        """Request ``i``'s ``traceparent`` (its inference span in ``otel.json``), once the run
        has named its trace scope (scenario and seed)."""
        if self.trace_scope is None:
            return None
        return traceparent(self.trace_scope[0], self.trace_scope[1], i)

    def arrival_of(self, i: int, timeline: list[float]) -> float:
        """Request ``i``'s arrival on the scenario's clock (an open loop drew it up front;
        a closed loop's is the first entry of its record)."""
        arrivals = getattr(self, "arrivals", None)
        return float(arrivals[i]) if arrivals is not None else float(timeline[0])

    def _record(self, stage: str, i: int, cls: str, t0: float,
                features: dict[str, float], key: str = "") -> None:
        ms = (time.perf_counter() - t0) * 1000.0
        self.records.append(_call_record(stage, i, cls, ms, features, key))

    def _paths(self, timings: Timings) -> dict[int, str]:
        """Each DUT-called request's path as the policy decided it on the timeline."""
        if self.ap is None or timings.n != len(self.ap.queries):
            return {}
        made = assisted.decisions(self.ap, timings)
        return {i: made[i].path for i in self.llm_calls if i < len(made)}

    def command_for(self, index: int, timeline: list[float]) -> tuple[str, Any]:
        """The (first) command request ``index`` executes, decided when it reaches render."""
        return self.commands_for(index, timeline)[0]

    def commands_for(self, index: int, timeline: list[float]) -> list[tuple[str, Any]]:
        """Every command request ``index`` executes (several when the sentence asked for
        several), decided the moment it reaches render."""
        if self.ap is None:
            return [self.labels[index]]
        arrived, end = timeline[INFERENCE], timeline[2 * N + INFERENCE]
        answered = None if np.isnan(end) else end - arrived
        decision = assisted.decide_one(self.ap, index, answered)
        return [(c.intent, c.value) for c in decision.commands]

    def request_columns(self, n: int) -> dict[str, np.ndarray]:
        """Per-request CSV columns: the intent commanded, the command's outcome
        (``unserved`` when no device serves it), the ack's, why a request failed,
        ``actuation_failed`` (a bool mask; a request that never reached render: False), the
        device, value and wall-clock send time (epoch s) of the request's reported command;
        behind a DUT, its outcome and request id (the DUT log's ``bench: request N``)."""
        rows = [self.outcomes.get(i) for i in range(n)]
        calls = [self.llm_calls.get(i) for i in range(n)]
        dut = {"dut_outcome": np.array([getattr(c, "outcome", "") for c in calls]),
               "dut_request": np.array([getattr(c, "extra", {}).get("request_id", -1)
                                        for c in calls], dtype=int)
               } if hasattr(self.resolver, "report") else {}
        return dut | {
            "command_intent": np.array(["" if o is None else o.intent for o in rows]),
            "actuation": np.array(["" if o is None else o.outcome for o in rows]),
            "ack": np.array(["" if o is None else (o.ack_outcome or "") for o in rows]),
            "actuation_failed": np.array([o is not None and o.failed for o in rows]),
            "actuation_reason": np.array(["" if o is None else o.why for o in rows]),
            "real_call_timeout": np.array([self.call_timeouts.get(i, "") for i in range(n)]),
            "command_actuation": np.array([";".join(o.outcome for o in self.part_outcomes.get(
                i, [])) for i in range(n)]),
            "command_device": np.array(["" if o is None else (o.device or "") for o in rows]),
            "command_value": np.array(["" if o is None or o.value is None else str(o.value)
                                       for o in rows]),
            "command_sent_at": np.array([np.nan if o is None or o.sent_at is None
                                         else o.sent_at for o in rows], dtype=float),
        }

    # report ------------------------------------------------------------------------------
    def finish(self, timings: Timings) -> dict[str, Any]:
        """Report keys; closes the backends first, so the rig's safe state is in them."""
        self.close()
        out: dict[str, Any] = {"lockstep": self.env.stats.summary()}
        out.update(self.hook_reports())
        if self.llm_calls:
            calls = list(self.llm_calls.values())
            abandoned = sum(c.timings.get("abandoned", 0.0) == 1.0 for c in calls)
            late = timings.end[:, INFERENCE] > timings.leave[:, INFERENCE] + 1e-9
            out["llm_real"] = {
                "calls": len(calls),
                "abandoned_at_deadline": int(abandoned),
                "finished_after_degrade": int(np.count_nonzero(late)) - int(abandoned),
                "total_ms_p50": round(float(np.median([c.ms for c in calls])), 3),
                "prefill_tokens_mean": round(float(np.mean(
                    [c.timings.get("prefill_tokens", 0.0) for c in calls])), 2),
            }
        if hasattr(self.resolver, "report"):  # a DUT behind hil.dut: outcomes per request
            paths = self._paths(timings)
            for i, call in self.llm_calls.items():  # answered, but after the policy degraded
                if getattr(call, "outcome", None) == "ok" and paths.get(i) == "degraded":
                    call.outcome = "degraded"  # type: ignore[attr-defined]
            out["dut"] = self.resolver.report(self.llm_calls, paths)  # type: ignore[union-attr]
        if self.render is not None:
            outcomes = [self.outcomes[i] for i in sorted(self.outcomes)]
            every = [o for i in sorted(self.outcomes)
                     for o in self.part_outcomes.get(i, [self.outcomes[i]])]
            out["render_real"] = {
                "commands": len(outcomes),
                "commands_rendered": len(every),
                "commands_confirmed": sum(o.ok and o.device is not None for o in every),
                "confirmed": sum(o.ok and o.device is not None for o in outcomes),
                "sent_unconfirmed": sum(o.outcome == "sent" for o in outcomes),
                "requests_failed": sum(o.failed for o in outcomes),
                "outcomes": dict(sorted(Counter(o.outcome for o in outcomes).items())),
                "timeouts": sum(o.timeout for o in outcomes),
                "rejected": sum(o.rejected for o in outcomes),
                "errors": sum(o.error is not None for o in outcomes),
                "no_device": sum(o.device is None for o in outcomes),
                "unserved": sum(o.unserved for o in outcomes),
                "unserved_by_intent": dict(sorted(Counter(
                    o.intent for o in outcomes if o.unserved).items())),
            }
            out.update(self.render.report())  # after close: the safe state is known
            out["rig"]["link_faults"] = self._mark_link_faults(timings)
        return out

    def _mark_link_faults(self, timings: Timings) -> list[dict[str, Any]]:
        """Set the requests each link fault hit in ``timings.fault_hit`` (its column of the
        report's ``faults``, requests.csv and the timeline); the per-fault summary."""
        assert self.render is not None
        plan = self.render.session.faults
        if timings.n == getattr(self, "planned", -1):  # an interrupted run keeps a subset
            for k, j in enumerate(getattr(self, "link_columns", [])):
                rows = [i for i in plan.hits.get(k, ()) if i < timings.n]
                timings.fault_hit[rows, j] = True
        return plan.summary()


def checked_label(intent: str, value: Any) -> tuple[str, Any]:
    """A sampled query's label through the same safety valve as the assistant's output: a
    schema-valid command, or ``unknown`` (nothing actuates) for an out-of-range value or an
    out-of-domain request, as the assistant would answer it."""
    command = make_command(intent, value)
    return ("unknown", None) if command is None else (command.intent, command.value)


def _call_record(stage: str, i: int, cls: str, ms: float, features: dict[str, float],
                 key: str = "") -> Any:
    return CallRecord(stage, i, cls, ms, features, key=key)


def _query_tokens(resolver: Any, q: Any, result: ResolverResult) -> float:
    """Tokens of the query suffix, from the model's tokenizer (else what the call prefilled)."""
    counts = token_counts(resolver, q.text, q.history)
    return counts[0] if counts is not None else float(result.timings.get("prefill_tokens", 0))
