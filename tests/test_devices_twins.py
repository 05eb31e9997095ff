"""ECU twins on python-can's virtual bus and the serial rig emulator on a pty."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator

import can
import pytest

from devices.actuator import CanActuator, SerialActuator
from devices.binding import Binding, Check, DeviceSpec, SafeState
from devices.can_port import CanPort
from devices.can_twins import CanTwinHost
from devices.codec import checksum, load_dbc, start_values
from devices.ecu import BoundTwin
from devices.serial_link import SerialLink
from hil.rig_file import load_rig
from latency_models.distributions import Fixed

DB = load_dbc()
CABIN = load_rig("ci-virtual")  # the cabin ECUs are bindings in the shipped rig


def twin(device: str, delay_ms: float = 1.0) -> BoundTwin:
    return BoundTwin(DB, CABIN.devices[device].spec, Fixed(delay_ms))


@pytest.fixture
def buses() -> Iterator[tuple[can.BusABC, can.BusABC]]:
    channel = f"test-{uuid.uuid4().hex[:8]}"
    twin_bus = can.Bus(interface="virtual", channel=channel)
    host_bus = can.Bus(interface="virtual", channel=channel)
    yield twin_bus, host_bus
    twin_bus.shutdown()
    host_bus.shutdown()


def test_hvac_twin_answers_after_its_delay_and_rejects_out_of_range(buses) -> None:
    twin_bus, host_bus = buses
    with CanTwinHost(twin_bus, [twin("hvac", 5.0)]) as host:
        port = CanPort(host_bus)
        hvac = CanActuator(port, DB, "hvac", 1, "HVAC_Cmd", "HVAC_Status", timeout_s=0.5)
        ok = hvac.command({"TargetTemp": 25.5, "Fan": 4, "AC": 1})
        assert ok.ok and ok.status["TargetTemp"] == 25.5 and ok.status["Fan"] == 4
        assert ok.ms >= 5.0
        # a raw 0xFF temperature decodes to 137.5 C: the twin must reject it, visibly
        raw = bytearray(b"\xff\x07\x00\x00\x00\x00\x05\x00")
        raw[7] = checksum(0x210, bytes(raw))
        seen: list[can.Message] = []
        port.subscribe(0x211, seen.append)
        port.send(can.Message(arbitration_id=0x210, data=bytes(raw), is_extended_id=False))
        assert _wait_for(lambda: seen)
        assert DB.decode_message(0x211, seen[0].data, decode_choices=False)["Result"] == 1
        assert host.ecu("hvac").results["OUT_OF_RANGE"] == 1
        assert host.ecu("hvac").state["HVAC_Status"]["TargetTemp"] == 25.5
        assert hvac.ping(0.5) is not None
        port.close()


def test_silent_device_times_out_within_its_timeout(buses) -> None:
    _, host_bus = buses  # no twin on the bus
    port = CanPort(host_bus)
    seat = CanActuator(port, DB, "seat", 2, "Seat_Cmd", "Seat_Status", timeout_s=0.05)
    result = seat.command({"DriverLevel": 1})
    assert result.timeout and not result.ok and 50 <= result.ms < 1000
    port.close()


def test_window_and_media_behaviour(buses) -> None:
    twin_bus, host_bus = buses
    ecus = [twin("window"), twin("media")]
    with CanTwinHost(twin_bus, ecus):
        port = CanPort(host_bus)
        window = CanActuator(port, DB, "window", 3, "Window_Cmd", "Window_Status", 0.5)
        media = CanActuator(port, DB, "media", 4, "Media_Cmd", "Media_Status", 0.5)
        assert window.command({"Position": 60}).status["Position"] == 60
        assert window.command({"Position": 10, "Stop": 1}).status["Position"] == 60
        assert media.command({"Volume": 20, "Action": 1}).status["Playing"] == 1
        assert media.command({"Volume": 20, "Action": 2}).status["Playing"] == 0
        port.close()


def test_a_twin_answers_only_what_its_binding_confirms(buses) -> None:
    twin_bus, host_bus = buses
    fan = Binding("climate_set_fan", "Fan", low=0,
                  confirm=(Check("HVAC_Status", "Fan", source="Fan", tolerance=0.5),))
    spec = DeviceSpec("fan-only", "HVAC_Cmd", "HVAC_Status", 9, {"climate_set_fan": fan},
                      SafeState({"Fan": 0}))
    with CanTwinHost(twin_bus, [BoundTwin(DB, spec, Fixed(1.0))]):
        port = CanPort(host_bus)
        dev = CanActuator(port, DB, "fan-only", 9, "HVAC_Cmd", "HVAC_Status", 0.5,
                          mapping={"Fan": "Fan"})
        result = dev.command({"TargetTemp": 29, "Fan": 6})
        assert result.ok and result.status["Fan"] == 6
        start = start_values(DB.get_message_by_name("HVAC_Status"))["TargetTemp"]
        assert result.status["TargetTemp"] == start  # not bound: stays at its start value
        assert result.outcome == "status_matches"
        # compared on every same-named signal, the unmapped TargetTemp contradicts the command
        strict = CanActuator(port, DB, "fan-only", 9, "HVAC_Cmd", "HVAC_Status", 0.5)
        contradicted = strict.command({"TargetTemp": 29, "Fan": 6})
        assert contradicted.outcome == "mismatch" and not contradicted.ok
        assert f"TargetTemp={start:g} (commanded TargetTemp=29)" in contradicted.reason
        port.close()


def _wait_for(predicate, timeout_s: float = 1.0) -> bool:
    import time

    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.005)
    return False


@pytest.fixture
def emulator() -> Iterator[tuple[subprocess.Popen[str], str]]:
    config = json.dumps([CABIN.devices["hmi"].twin_config(0)])
    proc = subprocess.Popen([sys.executable, "-m", "devices.serial_emulator", "--config", config],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().split()
    assert line[0] == "PORT"
    yield proc, line[1]
    proc.terminate()
    proc.wait(5)
    proc.stdout.close()


def test_serial_emulator_commands_garbage_and_disconnect(emulator) -> None:
    proc, path = emulator
    link = SerialLink.open(path)
    hmi = SerialActuator(link, DB, "hmi", 5, "HMI_Feedback", "HMI_Status", timeout_s=1.0)
    assert hmi.ping(1.0) is not None
    link.port.write(b"\x02\x05garbage\x02\xff\x00\x01")  # noise must not break the rig
    result = hmi.command({"Chime": 1, "Icon": 1, "TextId": 7})  # as bound
    assert result.ok and result.status["TextId"] == 7
    proc.terminate()  # pull the plug: the host sees EIO / no data
    proc.wait(5)
    after = hmi.command({"Chime": 1, "TextId": 8}, timeout_s=2.0)
    assert not after.ok and after.error is not None and "down" in after.error
    assert after.ms < 2000
    link.close()


def test_emulator_exits_when_the_host_closes_the_port(emulator) -> None:
    proc, path = emulator
    link = SerialLink.open(path)
    hmi = SerialActuator(link, DB, "hmi", 5, "HMI_Feedback", "HMI_Status", timeout_s=1.0)
    assert hmi.ping(1.0) is not None
    link.close()
    assert proc.wait(5) == 0  # EIO on the master is a clean exit


def test_cyclic_status_repeats_only_what_was_announced(buses) -> None:
    twin_bus, host_bus = buses
    with CanTwinHost(twin_bus, [twin("hvac", 150.0)], cyclic=True):
        port = CanPort(host_bus)
        seen: list[can.Message] = []
        port.subscribe(0x211, seen.append)
        hvac = CanActuator(port, DB, "hvac", 1, "HVAC_Cmd", "HVAC_Status", timeout_s=1.0)
        assert _wait_for(lambda: len(seen) >= 2, 1.0)  # 100 ms cycle before any command
        result = hvac.command({"Fan": 5})
        # cyclic frames during the 150 ms actuation still carry the old state and counter,
        # so the command completes only with the real reply
        assert result.ok and result.ms >= 150 and result.status["Fan"] == 5
        assert _wait_for(lambda: DB.decode_message(0x211, seen[-1].data)["Fan"] == 5, 1.0)
        port.close()


# A command's status queued behind a stalled host reader is judged by when it reached the bus.
# On a loaded CI host (load 8-15 on 2 vCPUs) the port's reader can lag a second behind the bus
# (``status_watch_lag`` in a smoke report); a command waiting 250 ms for its status then timed
# out although the ECU answered in 5 ms. The actuator waits on until the reader has read the bus
# up to the deadline and takes a frame stamped by then; one stamped after it is still a timeout.

_HVAC_STATUS = DB.get_message_by_name("HVAC_Status").frame_id


def _stall_first_status(port: CanPort, stall_s: float) -> threading.Event:
    """Hold the reader ``stall_s`` on the first HVAC status frame (a starved host thread)."""
    stalled = threading.Event()

    def hook(msg: can.Message) -> bool:
        if msg.arbitration_id == _HVAC_STATUS and not stalled.is_set():
            stalled.set()
            time.sleep(stall_s)
        return True

    port.rx_hook = hook
    return stalled


def test_a_status_in_time_confirms_though_the_reader_reads_it_late(buses) -> None:
    twin_bus, host_bus = buses
    with CanTwinHost(twin_bus, [twin("hvac", 1.0)]):
        port = CanPort(host_bus)
        stalled = _stall_first_status(port, 1.0)  # the reader is 0.5 s past the deadline
        hvac = CanActuator(port, DB, "hvac", 1, "HVAC_Cmd", "HVAC_Status", timeout_s=0.5)
        result = hvac.command({"TargetTemp": 23.0, "Fan": 2, "AC": 1})
        assert stalled.is_set()
        assert result.ok and not result.timeout and result.status["TargetTemp"] == 23.0
        port.close()


def test_a_status_after_the_deadline_is_a_timeout_however_late_the_reader(buses) -> None:
    twin_bus, host_bus = buses
    with CanTwinHost(twin_bus, [twin("hvac", 600.0)]):  # 0.3 s past the 0.3 s deadline
        port = CanPort(host_bus)
        stalled = _stall_first_status(port, 1.0)
        hvac = CanActuator(port, DB, "hvac", 1, "HVAC_Cmd", "HVAC_Status", timeout_s=0.3)
        result = hvac.command({"TargetTemp": 23.0, "Fan": 2, "AC": 1})
        assert result.timeout and not result.ok
        assert stalled.wait(2.0)  # the late frame did come, and did not count
        port.close()
