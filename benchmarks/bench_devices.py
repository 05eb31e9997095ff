"""Device benchmarks: CAN round-trip overhead through a simulated ECU, and serial round trip
through the pty emulator with bulk reads versus the one-byte-per-syscall ``read_until``."""

from __future__ import annotations

import os
import sys
import threading
import time
import uuid
from typing import Any

import can
import numpy as np
import serial

from devices.actuator import CanActuator
from devices.can_port import CanPort
from devices.can_twins import CanTwinHost
from devices.codec import load_dbc
from devices.ecu import BoundTwin
from devices.serial_protocol import FrameDecoder, FrameType, SerialFrame, encode_frame
from hil import process
from hil.links.replay import Frame, Replay
from hil.realtime import REALTIME_PRIORITY
from latency_models.distributions import Fixed

ECU_DELAY_MS = 1.0
PING_BODY = bytes(range(10))


def _q(values: list[float]) -> dict[str, float]:
    p50, p95, p99 = np.percentile(np.asarray(values), [50, 95, 99])
    return {"p50_ms": round(float(p50), 4), "p95_ms": round(float(p95), 4),
            "p99_ms": round(float(p99), 4)}


def _ecu_on_time(on: bool) -> bool:
    """The simulated ECU's thread at SCHED_FIFO (``on``: it answers on time, as hardware
    would) or back at normal priority; False where the system refuses."""
    thread = next((t for t in threading.enumerate() if t.name == "can-twins"), None)
    if thread is None or thread.native_id is None or not hasattr(os, "SCHED_FIFO"):
        return False
    policy, prio = (os.SCHED_FIFO, REALTIME_PRIORITY) if on else (os.SCHED_OTHER, 0)
    try:
        os.sched_setscheduler(thread.native_id, policy, os.sched_param(prio))
    except OSError:
        return False
    return True


REPLAY_FPS = 2000
"""Background traffic for ``under_replay``: frames/s on the bus (a busy body CAN)."""


def _background(seconds: float) -> list[Frame]:
    """A bus's worth of other ECUs' frames: ``REPLAY_FPS`` on 30 ids, 8 bytes each."""
    return [Frame(1e3 * i / REPLAY_FPS, 0x100 + 7 * (i % 30), False, bytes([i & 0xFF] * 8),
                  False, False) for i in range(int(seconds * REPLAY_FPS))]


def can_roundtrip_overhead(quick: bool) -> list[dict[str, Any]]:
    """Median command -> status on the virtual bus minus the ECU's fixed actuation delay.

    ``value``: the host's overhead with the simulated ECU answering on time (its thread at
    SCHED_FIFO where granted: a real ECU is not late because this machine is busy);
    ``ecu_normal_priority_*``: the same with the ECU's thread at normal priority, which on a
    loaded machine adds its wait for a CPU; ``under_replay_*``: the ECU on time and a
    replayed trace of :data:`REPLAY_FPS` frames/s on the same bus (:mod:`hil.links.replay`,
    as ``twin run --replay``). Blocks of 50 commands rotate through the three."""
    n = 100 if quick else 1000
    db = load_dbc()
    channel = f"bench-{uuid.uuid4().hex[:8]}"
    twin_bus = can.Bus(interface="virtual", channel=channel)
    host_bus = can.Bus(interface="virtual", channel=channel)
    replay_bus = can.Bus(interface="virtual", channel=channel)
    frames = _background(30.0)
    kinds = ("on_time", "normal", "replay")
    ms: dict[str, list[float]] = {k: [] for k in kinds}
    sent = 0
    timeouts, granted = 0, False
    try:
        from hil.rig_file import load_rig

        spec = load_rig("ci-virtual").devices["hvac"].spec  # the cabin HVAC binding
        with CanTwinHost(twin_bus, [BoundTwin(db, spec, Fixed(ECU_DELAY_MS))]):
            port = CanPort(host_bus)
            hvac = CanActuator(port, db, "hvac", 1, "HVAC_Cmd", "HVAC_Status", 0.5)
            for _ in range(20):  # warm-up
                hvac.command({"Fan": 1})
            replay: Replay | None = None
            for i in range(3 * n):
                kind = kinds[(i // 50) % 3]
                if i % 50 == 0:
                    granted = _ecu_on_time(kind != "normal") or granted
                    if replay is not None:
                        replay.stop()
                        sent += replay.sent
                        replay = None
                    if kind == "replay":
                        t0 = time.perf_counter()
                        replay = Replay(frames, replay_bus, set(), "bench-replay").start(
                            lambda t0=t0: (time.perf_counter() - t0) * 1e3)
                result = hvac.command({"Fan": i % 8, "TargetTemp": 16 + i % 15})
                timeouts += not result.ok
                if result.ok:
                    ms[kind].append(result.ms - ECU_DELAY_MS)
            if replay is not None:
                replay.stop()
                sent += replay.sent
            _ecu_on_time(False)
            port.close()
    finally:
        for bus in (twin_bus, host_bus, replay_bus):
            bus.shutdown()
    q, normal, loaded = _q(ms["on_time"]), _q(ms["normal"]), _q(ms["replay"])
    return [{"name": "can_roundtrip_overhead_ms", "value": q["p50_ms"], "unit": "ms",
             "target": 0.2, "ecu_delay_ms": ECU_DELAY_MS, "n": len(ms["on_time"]),
             "ecu_realtime": "SCHED_FIFO" if granted else "refused (normal priority)",
             "timeouts": timeouts, **q,
             **{f"ecu_normal_priority_{k}": v for k, v in normal.items()},
             **{f"under_replay_{k}": v for k, v in loaded.items()},
             "under_replay_fps": REPLAY_FPS, "under_replay_frames_sent": sent,
             "under_replay_n": len(ms["replay"]),
             "loadavg_1m": round(os.getloadavg()[0], 2)}]


def _serial_rtts(port: serial.Serial, n: int, bulk: bool) -> list[float]:
    decoder = FrameDecoder()
    rtts = []
    for i in range(n):
        # a 10-byte body makes the PONG as long as a STATUS frame (16 bytes on the wire)
        request = encode_frame(SerialFrame(FrameType.PING, i & 0xFF, PING_BODY))
        t0 = time.perf_counter()
        port.write(request)
        if bulk:
            frames: list[SerialFrame] = []
            while not frames:
                data = port.read(port.in_waiting or 1)
                if not data:
                    raise TimeoutError("no PONG")
                frames = decoder.feed(data)
        else:  # the readline way: read_until reads one byte per system call
            data = port.read_until(b"\xff\xff\xff", size=len(request))
            if len(data) < len(request):
                raise TimeoutError("no PONG")
        rtts.append((time.perf_counter() - t0) * 1e3)
    return rtts


def serial_roundtrip_p99(quick: bool) -> list[dict[str, Any]]:
    """PING -> PONG through the pty emulator process; bulk reads vs read_until side by side."""
    n = 300 if quick else 3000
    proc = process.spawn([sys.executable, "-m", "devices.serial_emulator"])
    try:
        assert proc.stdout is not None
        reader = process.LineReader(proc.stdout, max_line=4096)
        path = reader.readline_within(60.0).decode().split()[1]  # "PORT /dev/pts/N"
        with serial.Serial(path, 115200, timeout=1.0) as port:
            _serial_rtts(port, 50, True)
            bulk, byte_wise = [], []
            for _ in range(5):  # interleave so both see the same machine load
                bulk += _serial_rtts(port, n // 5, True)
                byte_wise += _serial_rtts(port, n // 5, False)
    finally:
        process.stop(proc)
    qb, qr = _q(bulk), _q(byte_wise)
    return [{"name": "serial_roundtrip_p99_ms", "value": qb["p99_ms"], "unit": "ms",
             "baseline": qr["p99_ms"], "ratio": round(qr["p99_ms"] / qb["p99_ms"], 2),
             "baseline_method": "read_until (one byte per syscall)", "target": 0.5, "n": n,
             **qb, "baseline_p50_ms": qr["p50_ms"]}]


BENCHMARKS = {
    "can_roundtrip_overhead_ms": can_roundtrip_overhead,
    "serial_roundtrip_p99_ms": serial_roundtrip_p99,
}
