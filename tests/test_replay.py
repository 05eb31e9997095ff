"""``twin run --replay TRACE``: a recorded CAN trace as background traffic alongside a run,
on the scenario clock; every command is still confirmed under 2,000 frames/s."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import can
import numpy as np
import pytest

from hil.links.replay import read_trace
from hil.run_real import run_real
from twin.errors import InputError
from twin.scenario import scenario_from_dict

RATE = 2000  # frames/s
RIG_IDS = {0x210, 0x211, 0x220, 0x221, 0x7DF, 0x7E8}  # cabin HVAC, seat, Diag


def record(path: Path, seconds: float, rate: int = RATE, seed: int = 0) -> Path:
    """A recorded bus: ``rate`` frames/s on 40 ids a body bus might carry (standard and
    extended, 0-8 bytes), some on the cabin devices' own ids (which a replay leaves out)."""
    rng = np.random.default_rng(seed)
    ids = [0x100 + 7 * k for k in range(30)] + [0x18FF0000 + k for k in range(8)] + [0x211, 0x220]
    writer = can.Logger(str(path))
    t0 = 1_700_000_000.0
    for i in range(int(seconds * rate)):
        frame_id = ids[i % len(ids)]
        data = rng.integers(0, 256, size=int(rng.integers(0, 9)), dtype=np.uint8).tobytes()
        writer.on_message_received(can.Message(
            timestamp=t0 + i / rate, arbitration_id=frame_id, data=data,
            is_extended_id=frame_id > 0x7FF, channel=0))
    writer.stop()
    return path


@pytest.mark.parametrize("suffix", [".blf", ".asc"])
def test_a_run_under_2000_frames_per_second_keeps_every_command_confirmed(
        tmp_path: Path, can_rig_file, suffix: str) -> None:
    trace = record(tmp_path / f"car{suffix}", 8.0)
    rig = can_rig_file(timeout_ms=500, hvac_delay_ms=40)  # requests in flight: few leaps
    scenario = scenario_from_dict({
        "name": "replay", "seed": 3, "requests": 40,
        "workload": {"kind": "poisson", "rate_per_s": 10}, "stages": {"profile": "ideal"},
        "actuation": {"unserved": ["*"], "reason": "a two-device rig"}}, "replay.toml")
    result = run_real(scenario, str(rig), None, None, tmp_path / "out", replay=trace)
    actuation = result.report["actuation"]
    assert actuation["cabin_commands"] >= 10
    assert actuation["cabin_confirmed"] == actuation["cabin_commands"]  # every one
    assert actuation["status_lost"] == 0 and actuation["timed_out"] == 0
    (bus,) = result.report["rig"]["replay"]["buses"].values()
    assert bus["frames"] == 8 * RATE and bus["left_out_on_rig_ids"] == 8 * RATE // 40 * 2
    assert bus["sent"] + bus["leapt"] <= bus["frames"] - bus["left_out_on_rig_ids"]
    assert bus["send_errors"] == 0
    # the host's trace holds the background traffic, at the recorded rate while it ran
    ours = {0x210, 0x211, 0x220, 0x221}
    stamps = np.array([m.timestamp for m in can.LogReader(str(tmp_path / "out" / "can.blf"))
                       if m.arbitration_id not in ours and not m.is_error_frame])
    assert len(stamps) == bus["sent"] > 1000
    per_s = np.histogram(stamps, bins=np.arange(stamps[0], stamps[-1], 0.1))[0] * 10
    assert np.median(per_s) >= 0.8 * RATE  # 100 ms bins of the replayed traffic


def test_a_bad_trace_is_one_line_and_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "car.blf"
    bad.write_bytes(b"not a blf file at all")
    with pytest.raises(InputError) as err:
        read_trace(bad)
    assert err.value.key == "--replay" and "readable trace" in str(err.value)
    with pytest.raises(InputError, match="BLF or ASC"):
        read_trace(tmp_path / "missing.asc")
    wrong = tmp_path / "car.csv"
    wrong.write_text("x")
    with pytest.raises(InputError, match=r"\.blf, \.asc"):
        read_trace(wrong)
    out = subprocess.run([sys.executable, "-m", "cabin_twin", "run", "--replay",
                          str(record(tmp_path / "ok.asc", 0.01))], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 2 and "--replay" in out.stderr and "--rig" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
