"""A command's status queued behind a stalled host reader is judged by when it reached the bus.

On a loaded CI host (load 8-15 on 2 vCPUs) the port's reader thread can lag a second behind
the bus (``status_watch_lag`` in a smoke report); a command waiting 250 ms for its status then
timed out although the ECU answered in 5 ms. The actuator waits on until the reader has read
the bus up to the deadline and takes a frame stamped by then; a frame stamped after it is still
a timeout, however the reader runs.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator

import can
import pytest

from devices.actuator import CanActuator
from devices.can_port import CanPort
from devices.can_twins import CanTwinHost
from devices.codec import load_dbc
from devices.ecu import BoundTwin
from hil.rig_file import load_rig
from latency_models.distributions import Fixed

DB = load_dbc()
CABIN = load_rig("ci-virtual")
STATUS = DB.get_message_by_name("HVAC_Status").frame_id


@pytest.fixture
def buses() -> Iterator[tuple[can.BusABC, can.BusABC]]:
    channel = f"test-{uuid.uuid4().hex[:8]}"
    twin_bus = can.Bus(interface="virtual", channel=channel)
    host_bus = can.Bus(interface="virtual", channel=channel)
    yield twin_bus, host_bus
    twin_bus.shutdown()
    host_bus.shutdown()


def _stall_first_status(port: CanPort, stall_s: float) -> threading.Event:
    """Hold the reader ``stall_s`` on the first status frame (a starved host thread)."""
    stalled = threading.Event()

    def hook(msg: can.Message) -> bool:
        if msg.arbitration_id == STATUS and not stalled.is_set():
            stalled.set()
            time.sleep(stall_s)
        return True

    port.rx_hook = hook
    return stalled


def _hvac(twin_bus: can.BusABC, delay_ms: float) -> CanTwinHost:
    return CanTwinHost(twin_bus, [BoundTwin(DB, CABIN.devices["hvac"].spec, Fixed(delay_ms))])


def test_a_status_in_time_confirms_though_the_reader_reads_it_late(buses) -> None:
    twin_bus, host_bus = buses
    with _hvac(twin_bus, 1.0):
        port = CanPort(host_bus)
        stalled = _stall_first_status(port, 1.0)  # the reader is 0.5 s past the deadline
        hvac = CanActuator(port, DB, "hvac", 1, "HVAC_Cmd", "HVAC_Status", timeout_s=0.5)
        result = hvac.command({"TargetTemp": 23.0, "Fan": 2, "AC": 1})
        assert stalled.is_set()
        assert result.ok and not result.timeout and result.status["TargetTemp"] == 23.0
        port.close()


def test_a_status_after_the_deadline_is_a_timeout_however_late_the_reader(buses) -> None:
    twin_bus, host_bus = buses
    with _hvac(twin_bus, 600.0):  # the ECU answers 0.3 s past the 0.3 s deadline
        port = CanPort(host_bus)
        stalled = _stall_first_status(port, 1.0)
        hvac = CanActuator(port, DB, "hvac", 1, "HVAC_Cmd", "HVAC_Status", timeout_s=0.3)
        result = hvac.command({"TargetTemp": 23.0, "Fan": 2, "AC": 1})
        assert result.timeout and not result.ok
        assert stalled.wait(2.0)  # the late frame did come, and did not count
        port.close()


def test_a_silent_device_still_times_out_with_a_current_reader(buses) -> None:
    _, host_bus = buses  # no twin: the reader keeps polling an empty bus
    port = CanPort(host_bus)
    seat = CanActuator(port, DB, "seat", 2, "Seat_Cmd", "Seat_Status", timeout_s=0.05)
    result = seat.command({"DriverLevel": 1})
    assert result.timeout and not result.ok
    port.close()
