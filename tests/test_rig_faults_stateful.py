"""A Hypothesis state machine injects bus faults while commands run: every command gets
exactly one verdict, an ``ok`` is backed by the ECU's own state, and the safe state still
goes out at the end."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from hil.links.faults import Fault
from hil.render import RenderBackend
from hil.rig import RigSession, load_rig
from tests.helpers import can_rig_toml

KINDS = ["can_drop", "can_delay", "can_duplicate", "can_corrupt", "can_bad_dlc",
         "can_error_frames", "bus_off", "device_silent"]
COMMANDS = {  # intent -> (device, status signal the value lands in)
    "climate_set_fan": ("hvac", "Fan"),
    "seat_heat_driver": ("seat", "DriverLevel"),
}


class FaultSchedule(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        path = Path(tempfile.mkdtemp()) / "rig.toml"
        path.write_text(can_rig_toml("stateful", timeout_ms=25))
        self.session = RigSession(load_rig(path)).__enter__()
        self.backend = RenderBackend(self.session)
        self.outcomes: list = []

    @rule(kind=st.sampled_from(KINDS), device=st.sampled_from(["hvac", "seat", "*"]),
          duration=st.integers(5, 80), probability=st.sampled_from([0.5, 1.0]),
          delay=st.integers(1, 50))
    def inject(self, kind: str, device: str, duration: int, probability: float,
               delay: int) -> None:
        plan = self.session.faults
        plan.faults.append(Fault(kind, device, plan.now_ms(), duration, probability, delay))

    @precondition(lambda self: len(self.outcomes) < 12)
    @rule(intent=st.sampled_from(sorted(COMMANDS)), value=st.integers(0, 3))
    def command(self, intent: str, value: int) -> None:
        out = self.backend.execute(intent, value)
        self.outcomes.append(out)
        verdicts = [out.ok, out.timeout, out.rejected,
                    out.error is not None and not (out.timeout or out.rejected)]
        assert sum(verdicts) == 1, out
        assert out.ms < 500
        device, signal = COMMANDS[intent]
        if out.ok:  # an ok is backed by the status frame and by the twin's own state
            assert self.session.actuators[device].last_status[signal] == value
            late = {"can_delay", "can_error_frames", "can_duplicate"}
            if not any(f.kind in late for f in self.session.faults.faults):
                # (a late copy of an older command may legitimately land afterwards)
                assert self.session.twin_host is not None
                ecu = self.session.twin_host.ecu(device)
                assert ecu.state[ecu.spec.status][signal] == value

    @invariant()
    def every_command_is_counted(self) -> None:
        stats = self.backend.stats()
        assert sum(s["commands"] for s in stats.values()) == len(self.outcomes)

    def teardown(self) -> None:
        self.session.close()
        assert self.session.safe_state_results
        assert all(r.ok for r in self.session.safe_state_results)


FaultSchedule.TestCase.settings = settings(max_examples=8, stateful_step_count=10)
TestFaultSchedule = FaultSchedule.TestCase
