"""Rig-side properties: the fault-injection state machine on a rig's real links.

:class:`RigFaultMachine` opens a :class:`~hil.rig.RigSession` per example (on ``ci-virtual``:
python-can ``virtual`` bus, in-process ECU twins, the pty serial emulator), speaks queries
through the real assistant (hassil rules, :func:`~twin.assistant.policy.decide`, a resolver),
renders each command with :class:`~hil.render.RenderBackend`, and injects link faults
(``hil.links.faults``) while it runs. After every step and at teardown:

* **schema**: nothing out of schema is ever commanded;
* **budget**: the ack (rule time + HMI round trip) is within 100 ms, or a fault on the HMI
  link explains it;
* **no loss**: every command has exactly one verdict (ok / rejected / timeout / error); a
  command that is not ok had a fault on its device; every CAN command that no fault dropped
  was seen on the bus by an independent listener (virtual buses);
* **trace**: after close, the BLF trace holds every frame the listener saw on the bus;
* **safe state**: every device got its safe state (a serial device after a serial disconnect
  is reported as failed, never silently skipped).

Bind a rig with :func:`machine_for`. The LLM resolver is modelled until ``hil.llm`` exists:
set :data:`RESOLVER_FACTORY` (the hook) to build the real one.
"""

from __future__ import annotations

import collections
import copy
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import can
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from hil.links.faults import Fault as LinkFault
from hil.links.recorder import CAN_BLF
from hil.render import RenderBackend, RenderOutcome
from hil.rig import Rig, RigSession, load_rig
from latency_models.distributions import ShiftedLognormal
from latency_models.stages import E2E_BUDGET_MS
from twin.assistant.intents import INTENT_NAMES
from twin.assistant.modelled import ModelledResolver
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import Assistant
from twin.assistant.queries import LabelledQuery, load_queries
from twin.assistant.resolver import IntentResolver
from twin.verify.machine import Failure
from twin.verify.properties import schema_ok

#: HOOK for the real model: ``lambda queries, seed: <hil.llm resolver>`` once ``hil.llm`` is
#: merged; None uses the modelled resolver (latency and error mix from the twin's models).
RESOLVER_FACTORY: Callable[[list[LabelledQuery], int], IntentResolver] | None = None
ACTUATING = sorted(n for n in INTENT_NAMES if n != "unknown")  # rig-bound or not
CAN_KINDS = ("can_drop", "can_delay", "can_duplicate", "can_corrupt")
LOSSY = ("can_drop", "bus_off", "can_error_frames")  # the frame may never reach the bus


def rig_resolver(queries: list[LabelledQuery], seed: int) -> IntentResolver:
    if RESOLVER_FACTORY is not None:
        return RESOLVER_FACTORY(queries, seed)
    import numpy as np

    latency = ShiftedLognormal.from_median_p95(40.0, 120.0, shift=10.0)
    return ModelledResolver.from_queries(queries, latency, np.random.default_rng(seed))


class RigFaultMachine(RuleBasedStateMachine):
    """Commands and link faults on a live rig session; see the module docstring."""

    rig_name: ClassVar[str] = "ci-virtual"
    out_dir: ClassVar[Path | None] = None  # keep traces of failing examples here
    failures: ClassVar[list[Failure]] = []
    max_commands: ClassVar[int] = 10
    queries: ClassVar[list[LabelledQuery]] = []

    def __init__(self) -> None:
        super().__init__()
        rig = load_rig(self.rig_name)
        self.rig: Rig = rig
        if not self.queries:
            type(self).queries = load_queries()
            for lang in ("en", "zh-CN"):  # hassil's first recognition is slow: warm up
                shared_nlu(lang).parse("warm up", ())
        self.trace_dir = Path(tempfile.mkdtemp(prefix="verify-rig-", dir=self.out_dir))
        self.session = RigSession(rig, self.trace_dir, seed=rig.seed).__enter__()
        self.backend = RenderBackend(self.session)
        self.assistant = Assistant(rig_resolver(self.queries, rig.seed))
        self.spy: can.BusABC | None = None
        self.seen: collections.Counter[tuple[int, bytes]] = collections.Counter()
        first_can = next((b for b in rig.buses.values() if b.kind == "can"), None)
        if self.session.can_port is not None and first_can and first_can.interface == "virtual":
            self.spy = can.Bus(interface="virtual",
                               channel=self.session.can_port.bus.channel_id)
        self.records: list[dict[str, Any]] = []
        self.steps: list[str] = []
        self.schedule: dict[str, Any] = {"rig": rig.name, "seed": rig.seed, "commands": [],
                                         "faults": []}
        self.open: list[int] = []
        self.closed = False

    # ---- helpers -----------------------------------------------------------------------
    def _now(self) -> float:
        return self.session.faults.now_ms()

    def _check(self, prop: str, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except AssertionError as exc:
            type(self).failures.append(Failure(prop, str(exc), copy.deepcopy(self.schedule),
                                               list(self.steps), str(self.trace_dir)))
            raise

    def _drain_spy(self) -> None:
        while self.spy is not None:
            msg = self.spy.recv(timeout=0.0)
            if msg is None:
                return
            if not msg.is_error_frame:
                self.seen[(msg.arbitration_id, bytes(msg.data))] += 1

    def _faults_on(self, device: str, t0: float, t1: float) -> list[str]:
        """Kinds of the link faults that could have touched ``device`` during [t0, t1]."""
        link = self.rig.devices[device].link if device in self.rig.devices else "?"
        out = []
        for f in self.session.faults.faults:
            if f.kind == "serial_disconnect":
                if link == "serial" and f.start_ms <= t1:
                    out.append(f.kind)
            elif f.device in ("*", device) and f.start_ms <= t1 and (
                    f.start_ms + f.duration_ms + f.delay_ms >= t0):
                out.append(f.kind)
        return out

    def _render(self, intent: str, value: Any, via: str) -> None:
        t0 = self._now()
        outcome: RenderOutcome = self.backend.execute(intent, value)
        t1 = self._now()
        self.schedule["commands"].append({"at_ms": round(t0, 3), "intent": intent,
                                          "value": value, "via": via})
        self.records.append({"intent": intent, "value": value, "outcome": outcome,
                             "t0": t0, "t1": t1,
                             "faults": self._faults_on(outcome.device or "", t0, t1),
                             "hmi_faults": self._faults_on(self.backend.ack_device or "", t0,
                                                           t1)})
        self._drain_spy()

    # ---- rules -------------------------------------------------------------------------
    @precondition(lambda self: len(self.records) < self.max_commands)
    @rule(pick=st.integers(0, 10_000))
    def speak(self, pick: int) -> None:
        """A user says a query: rules, resolver, decide, then the command is rendered."""
        q = self.queries[pick % len(self.queries)]
        decision = self.assistant.handle(q.text, q.lang, history=list(q.history) or None)
        self.steps.append(f"speak {q.text!r}")
        self._check("schema", lambda: _assert_schema(decision.intent, decision.value))
        if decision.command.actuates:
            self._render(decision.intent, decision.value, f"speak:{decision.path}")
            self.records[-1]["rule_ms"] = decision.rule_ms

    @precondition(lambda self: len(self.records) < self.max_commands)
    @rule(pick=st.integers(0, 10_000), value=st.integers(0, 30))
    def command(self, pick: int, value: int) -> None:
        """A schema-valid command straight to the render stage: one the rig binds (an
        unbound one now and then, which must be reported with no device)."""
        from twin.assistant.intents import INTENTS

        bound = sorted(i for d in self.rig.devices.values() for i in d.spec.intents
                       if i in INTENTS)
        choices = bound or ACTUATING
        intent = choices[pick % len(choices)] if pick % 16 else ACTUATING[
            (pick // 16) % len(ACTUATING)]
        schema = INTENTS[intent]
        v: Any = None if schema.kind == "none" else value
        if not schema_ok(intent, v):
            v = schema.default
        self.steps.append(f"command {intent}={v!r}")
        self._render(intent, v, "direct")

    def _device(self, pick: int, link: str | None = None) -> str:
        """The rig's devices in name order (any rig file); pick 0 is every device."""
        names = sorted(n for n, d in self.rig.devices.items() if link in (None, d.link))
        return "*" if pick == 0 or not names else names[(pick - 1) % len(names)]

    @rule(kind=st.sampled_from(CAN_KINDS), pick=st.integers(0, 8),
          duration=st.none() | st.integers(5, 300), probability=st.sampled_from((1.0, 0.5)),
          delay=st.integers(1, 120))
    def inject(self, kind: str, pick: int, duration: int | None, probability: float,
               delay: int) -> None:
        device = self._device(pick, "can")
        spec: dict[str, Any] = {"kind": kind, "device": device,
                                "start_ms": round(self._now(), 3), "probability": probability}
        if duration is not None:
            spec["duration_ms"] = float(duration)
        if kind == "can_delay":
            spec["delay_ms"] = float(delay)
        self._add(spec)

    @precondition(lambda self: bool(self.open))
    @rule(pick=st.integers(0, 7))
    def clear(self, pick: int) -> None:
        index = self.open.pop(pick % len(self.open))
        plan = self.session.faults.faults
        f = plan[index]
        end = max(self._now() - f.start_ms, 1e-3)
        plan[index] = LinkFault(f.kind, f.device, f.start_ms, end, f.probability, f.delay_ms)
        self.schedule["faults"][index]["duration_ms"] = round(end, 3)
        self.steps.append(f"clear #{index}")

    @rule(ms=st.integers(1, 40))
    def advance(self, ms: int) -> None:
        time.sleep(ms / 1e3)
        self.steps.append(f"advance {ms}")

    @rule(pick=st.integers(1, 8), duration=st.integers(5, 300))
    def device_silent(self, pick: int, duration: int) -> None:
        self._add({"kind": "device_silent", "device": self._device(pick),
                   "start_ms": round(self._now(), 3), "duration_ms": float(duration)})

    @precondition(lambda self: self.session.serial_link is not None and not any(
        f.kind == "serial_disconnect" for f in self.session.faults.faults))
    @rule()
    def serial_disconnect(self) -> None:
        self._add({"kind": "serial_disconnect", "start_ms": round(self._now(), 3)})

    def _add(self, spec: dict[str, Any]) -> None:
        f = LinkFault(spec["kind"], spec.get("device", "*"), spec["start_ms"],
                      spec.get("duration_ms", float("inf")), spec.get("probability", 1.0),
                      spec.get("delay_ms", 0.0))
        if "duration_ms" not in spec and spec["kind"] != "serial_disconnect":
            self.open.append(len(self.session.faults.faults))
        self.session.faults.faults.append(f)
        self.schedule["faults"].append(spec)
        self.steps.append(f"inject {spec}")

    # ---- properties --------------------------------------------------------------------
    @invariant()
    def no_loss_and_budget(self) -> None:
        self._check("no_loss", self._no_loss)
        self._check("budget", self._budget)

    def _no_loss(self) -> None:
        stats = self.backend.stats()
        commanded = sum(s["commands"] for d, s in stats.items()
                        if d != self.backend.ack_device)
        assert commanded == sum(r["outcome"].device is not None for r in self.records), (
            "commands sent and commands counted differ")
        sent: collections.Counter[int] = collections.Counter()
        for i, r in enumerate(self.records):
            out: RenderOutcome = r["outcome"]
            verdicts = [out.ok, out.timeout, out.rejected,
                        out.error is not None and not (out.timeout or out.rejected)]
            assert sum(verdicts) == 1, f"command #{i} {r['intent']}: verdicts {verdicts}"
            if not out.ok and out.device in self.rig.devices:  # else: not on this rig
                assert r["faults"], (f"command #{i} {r['intent']}={r['value']!r} to "
                                     f"{out.device}: {out.error} with no fault on the device")
            dev = self.rig.devices.get(out.device or "")
            went_out = out.ok or out.timeout or out.rejected or out.outcome == "mismatch"
            if dev is not None and dev.link == "can" and went_out and not (
                    set(r["faults"]) & set(LOSSY)):
                sent[self.session.db(dev.name).get_message_by_name(dev.command).frame_id] += 1
        if self.spy is not None:
            on_bus: collections.Counter[int] = collections.Counter()
            for (frame_id, _), n in self.seen.items():
                on_bus[frame_id] += n
            for frame_id, n in sent.items():
                assert on_bus[frame_id] >= n, (
                    f"{n} commands to frame {frame_id:#x} went out with no fault that drops "
                    f"frames, but the bus saw {on_bus[frame_id]}: a command dropped silently")

    def _budget(self) -> None:
        if self.backend.ack_device is None:
            return
        for i, r in enumerate(self.records):
            if "rule_ms" not in r:
                continue
            ack = r["outcome"].ack_ms
            first = r["rule_ms"] + (float("inf") if ack is None else ack)
            if first > E2E_BUDGET_MS:
                assert r["hmi_faults"], (f"command #{i}: no ack within {E2E_BUDGET_MS} ms "
                                         f"(ack {ack}) and no fault on the HMI link")

    def teardown(self) -> None:
        try:
            self.session.close()
            self._drain_spy()
        finally:
            if self.spy is not None:
                self.spy.shutdown()
        self._check("safe_state", self._safe_state)
        self._check("trace", self._trace)
        if not any(f.trace_dir == str(self.trace_dir) for f in self.failures):
            shutil.rmtree(self.trace_dir, ignore_errors=True)

    def _safe_state(self) -> None:
        results = {r.device: r for r in self.session.safe_state_results}
        assert set(results) == set(self.session.actuators), "a device got no safe state"
        unplugged = any(f.kind == "serial_disconnect" for f in self.session.faults.faults)
        for name, r in results.items():
            if unplugged and self.rig.devices[name].link == "serial":
                assert r.ok or r.error, f"{name}: safe state neither sent nor reported"
                continue
            spec = self.rig.devices[name].spec
            if spec.safe_state.hold and name not in self.session.confirmed and not (
                    self.session.actuators[name].last_status):
                # a stop must hold the reported position; never reported: nothing is sent,
                # and it says so ("untouched" when this session never commanded it)
                expected = "not_sent" if name in self.session.sent else "untouched"
                assert r.outcome == expected, f"{name}: {r.outcome} {r.error}"
                continue
            assert r.ok, f"{name}: safe state failed: {r.error}"

    def _trace(self) -> None:
        if self.spy is None:
            return
        traced: collections.Counter[tuple[int, bytes]] = collections.Counter(
            (m.arbitration_id, bytes(m.data)) for m in can.LogReader(
                str(self.trace_dir / CAN_BLF)) if not m.is_error_frame)
        missing = self.seen - traced
        assert not missing, f"frames on the bus but not in the trace: {dict(missing)}"


def _assert_schema(intent: str, value: Any) -> None:
    assert schema_ok(intent, value), f"commanded {intent}={value!r}, outside the schema"


def machine_for(rig: str, out_dir: Path | None = None,
                **overrides: Any) -> type[RigFaultMachine]:
    """A :class:`RigFaultMachine` bound to ``rig`` (a name in rigs/ or a TOML path)."""
    load_rig(rig)  # bad rig files fail here, as InputError
    attrs = {"rig_name": str(rig), "out_dir": out_dir, "failures": [], **overrides}
    return type(f"RigFaultMachine_{Path(str(rig)).stem}", (RigFaultMachine,), attrs)
