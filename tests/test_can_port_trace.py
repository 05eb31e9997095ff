"""The CAN trace holds every frame on the wire, whoever sent it: a second node sending on an id
the host transmits is traced (and counted), the host's own frames once, also on a bus that
loops them back (udp_multicast)."""

from __future__ import annotations

import threading
import time
import uuid

import can
import pytest

from devices.can_port import CanPort, loops_back
from hil.private_bus import private_channel

COMMAND_ID = 0x210  # HVAC_Cmd in cabin.dbc


class Sink:
    def __init__(self) -> None:
        self.frames: list[tuple[bool, bytes]] = []
        self.lock = threading.Lock()

    def on_message_received(self, msg: can.Message) -> None:
        if msg.arbitration_id == COMMAND_ID:
            with self.lock:
                self.frames.append((bool(msg.is_rx), bytes(msg.data)))


def _wait_for(sink: Sink, n: int, timeout_s: float = 5.0) -> list[tuple[bool, bytes]]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with sink.lock:
            if len(sink.frames) >= n:
                break
        time.sleep(0.01)
    time.sleep(0.2)  # nothing more may arrive (a looped-back copy traced twice would)
    with sink.lock:
        return list(sink.frames)


@pytest.mark.parametrize("interface", ["virtual", "udp_multicast"])
def test_a_second_sender_on_a_command_id_is_in_the_trace(interface: str) -> None:
    channel, options = private_channel(interface, "auto", {})
    if interface == "virtual":
        channel = f"trace-{uuid.uuid4().hex[:8]}"
    host_bus = can.Bus(interface=interface, channel=channel, **options)
    other = can.Bus(interface=interface, channel=channel, **options)
    sink = Sink()
    port = CanPort(host_bus, [sink])
    try:
        assert loops_back(host_bus) == (interface == "udp_multicast")
        port.send(can.Message(arbitration_id=COMMAND_ID, data=b"\x01" * 8,
                              is_extended_id=False))
        time.sleep(0.1)  # the host's frame is on the wire before the other node's
        other.send(can.Message(arbitration_id=COMMAND_ID, data=b"\x02" * 8,
                               is_extended_id=False))
        frames = _wait_for(sink, 2)
    finally:
        port.close()
        other.shutdown()
        host_bus.shutdown()
    assert frames == [(False, b"\x01" * 8), (True, b"\x02" * 8)]
    assert port.foreign_on_tx_ids == {COMMAND_ID: 1}


def test_a_second_sender_repeating_the_hosts_frame_is_traced_on_a_bus_without_loopback(
) -> None:
    channel = f"trace-{uuid.uuid4().hex[:8]}"
    host_bus = can.Bus(interface="virtual", channel=channel)
    other = can.Bus(interface="virtual", channel=channel)
    sink = Sink()
    port = CanPort(host_bus, [sink])
    frame = can.Message(arbitration_id=COMMAND_ID, data=b"\x05" * 8, is_extended_id=False)
    try:
        port.send(frame)
        other.send(can.Message(arbitration_id=COMMAND_ID, data=b"\x05" * 8,
                               is_extended_id=False))
        frames = _wait_for(sink, 2)
    finally:
        port.close()
        other.shutdown()
        host_bus.shutdown()
    assert frames == [(False, b"\x05" * 8), (True, b"\x05" * 8)]


def test_a_dropped_frame_leaves_a_note_in_the_asc_trace(tmp_path) -> None:
    """A link fault that drops a command puts an event line in can.asc where the frame would
    have been (so a failed command's trace lines show the drop); BLF keeps frames only."""
    from hil.links.recorder import CAN_ASC, CAN_BLF, TraceRecorder, count_frames

    bus = can.Bus(interface="virtual", channel=f"drop-{uuid.uuid4().hex[:8]}")
    recorder = TraceRecorder(tmp_path)
    port = CanPort(bus, [recorder])
    port.tx_hook = lambda msg: [] if msg.data[0] == 0xAA else [(0.0, msg)]
    try:
        port.send(can.Message(arbitration_id=COMMAND_ID, data=b"\x01" * 8,
                              is_extended_id=False))
        port.send(can.Message(arbitration_id=COMMAND_ID, data=b"\xaa\x02" + b"\x00" * 6,
                              is_extended_id=False))
    finally:
        port.close()
        bus.shutdown()
        recorder.close()
    lines = (tmp_path / CAN_ASC).read_text().splitlines()
    notes = [line for line in lines if "bench: link fault dropped" in line]
    assert len(notes) == 1
    dropped = "bench: link fault dropped 0x210 AA 02 00 00 00 00 00 00"
    assert notes[0].split(maxsplit=1)[1] == dropped
    assert float(notes[0].split()[0]) >= 0.0  # an offset, as frame lines have
    assert count_frames(tmp_path / CAN_BLF) == 1 and count_frames(tmp_path / CAN_ASC) == 1
