"""The twin's fault-injection state machine: arrivals, faults injected and cleared, time
advancing, requests cancelled, devices going silent; the properties after every step.

Each step edits one :mod:`schedule <twin.verify.schedule>`; the invariants run the schedule
through the real twin (:func:`twin.verify.properties.run_schedule`). A failing step records the
schedule on :attr:`TwinFaultMachine.failures`; Hypothesis replays the shrunk example last, so
``failures[-1]`` is the minimal counterexample.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from twin.verify import properties
from twin.verify.schedule import twin_faults
from twin.verify.strategies import DEVICES, llm_settings, policies, query_mixes, twin_fault

MAX_REQUESTS = 16


@dataclass
class Failure:
    """A falsifying example: the schedule, the steps that built it and what broke."""

    prop: str
    error: str
    schedule: dict[str, Any]
    steps: list[str] = field(default_factory=list)
    trace_dir: str | None = None

    @property
    def size(self) -> int:
        """Steps that changed the schedule (``advance`` only moves the clock): with the
        schedule's requests and faults, what a shrunk example is measured by."""
        return sum(not step.startswith("advance") for step in self.steps)

    def to_dict(self) -> dict[str, Any]:
        return {"property": self.prop, "error": self.error, "schedule": self.schedule,
                "seed": self.schedule.get("seed"), "steps": self.steps,
                "trace_dir": self.trace_dir}


class TwinFaultMachine(RuleBasedStateMachine):
    """Fault schedules grown step by step, checked in the twin after every step."""

    failures: ClassVar[list[Failure]] = []
    max_requests: ClassVar[int] = MAX_REQUESTS
    #: fixed LLM settings / query mix for a narrowed world (None: drawn by Hypothesis)
    llm_override: ClassVar[dict[str, float] | None] = None
    mix_override: ClassVar[dict[str, Any] | None] = None

    def __init__(self) -> None:
        super().__init__()
        self.now = 0.0
        self.schedule: dict[str, Any] = {}
        self.open: list[int] = []  # indices of faults injected without an end yet
        self.steps: list[str] = []
        self._last_key = ""
        self._last_run: properties.TwinRun | None = None

    def _check(self, prop: str, fn: Any) -> Any:
        try:
            return fn()
        except AssertionError as exc:
            type(self).failures.append(Failure(prop, str(exc), copy.deepcopy(self.schedule),
                                               list(self.steps)))
            raise

    # ---- rules -------------------------------------------------------------------------
    @initialize(seed=st.integers(0, 15), slots=st.integers(1, 2), llm=llm_settings(),
                mix=query_mixes(), policy=policies())
    def setup(self, seed: int, slots: int, llm: dict[str, float], mix: dict[str, Any],
              policy: dict[str, Any]) -> None:
        self.schedule = {"seed": seed, "arrivals_ms": [], "inference_slots": slots,
                         "llm": dict(self.llm_override or llm),
                         "mix": dict(self.mix_override or mix), "policy": policy, "faults": []}

    @precondition(lambda self: len(self.schedule["arrivals_ms"]) < self.max_requests)
    @rule(lead=st.integers(0, 300), count=st.integers(1, 3), gap=st.integers(0, 150))
    def arrive(self, lead: int, count: int, gap: int) -> None:
        """``count`` users stop speaking, the first ``lead`` ms from now, ``gap`` ms apart."""
        times = [self.now + lead + k * gap for k in range(count)]
        self.schedule["arrivals_ms"] = sorted([*self.schedule["arrivals_ms"], *times])
        self.steps.append(f"arrive {times}")

    @rule(fault=twin_fault(start=st.just(0.0), duration=st.none() | st.integers(1, 800).map(
        float)), offset=st.integers(0, 100))
    def inject(self, fault: dict[str, Any], offset: int) -> None:
        """A fault starts ``offset`` ms from now, for its duration or until cleared."""
        fault = {**fault, "start_ms": self.now + offset}
        if fault["kind"] != "pause" and "duration_ms" not in fault:
            self.open.append(len(self.schedule["faults"]))
        self.schedule["faults"].append(fault)
        self.steps.append(f"inject {fault}")

    @precondition(lambda self: bool(self.open))
    @rule(pick=st.integers(0, 7))
    def clear(self, pick: int) -> None:
        """An open fault ends now (it never started: it is removed)."""
        index = self.open.pop(pick % len(self.open))
        fault = self.schedule["faults"][index]
        fault["duration_ms"] = self.now - fault["start_ms"]
        if fault["duration_ms"] <= 0:
            fault["duration_ms"] = 1e-3  # keep indices stable; a window too short to matter
        self.steps.append(f"clear #{index}")

    @rule(ms=st.integers(1, 600))
    def advance(self, ms: int) -> None:
        self.now += ms
        self.steps.append(f"advance {ms}")

    @precondition(lambda self: any(a > self.now for a in self.schedule["arrivals_ms"]))
    @rule(pick=st.integers(0, 15))
    def cancel(self, pick: int) -> None:
        """A request that has not reached its end of speech yet is withdrawn."""
        pending = [a for a in self.schedule["arrivals_ms"] if a > self.now]
        gone = pending[pick % len(pending)]
        self.schedule["arrivals_ms"].remove(gone)
        self.steps.append(f"cancel {gone}")

    @rule(device=st.sampled_from(DEVICES), duration=st.integers(1, 800))
    def device_silent(self, device: str, duration: int) -> None:
        """A device stops answering. The twin's render stage is modelled, so this acts only on
        a rig; it stays in the schedule so the counterexample replays there."""
        self.schedule["faults"].append({"kind": "device_silent", "device": device,
                                        "start_ms": self.now, "duration_ms": float(duration)})
        self.steps.append(f"device_silent {device} {duration}")

    # ---- properties --------------------------------------------------------------------
    def _run(self) -> properties.TwinRun:
        """The twin run of the current schedule (steps that do not change what the twin sees,
        such as advancing time or a device fault, reuse the last run)."""
        key = json.dumps({**self.schedule, "faults": twin_faults(self.schedule)},
                         sort_keys=True)
        if key != self._last_key:
            self._last_key, self._last_run = key, properties.run_schedule(self.schedule)
        assert self._last_run is not None
        return self._last_run

    @invariant()
    def properties_hold(self) -> None:
        if not self.schedule or not self.schedule["arrivals_ms"]:
            return
        run = self._check("budget+fallback", self._run)
        self._check("budget", lambda: properties.check_budget(run))
        self._check("fallback", lambda: properties.check_fallback(run))

    def teardown(self) -> None:
        if self.schedule and self.schedule["arrivals_ms"]:
            self._check("determinism", self._replay)

    def _replay(self) -> None:
        """Replaying the schedule gives the same per-request records: bit for bit on the same
        engine, and (to the last bit of pause arithmetic) on the SimPy engine."""
        first = self._run().records
        again = properties.run_schedule(self.schedule, "fast")
        assert properties.records_match(first, again.records), (
            "replaying the same schedule and seed gave different per-request records")
        des = properties.run_schedule(self.schedule, "des")
        assert properties.records_match(first, des.records), (
            "the fast and SimPy engines gave different per-request records")
