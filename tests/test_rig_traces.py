"""Traces survive SIGTERM and SIGINT: a recording process is killed and its frames counted."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from hil.links.recorder import CAN_ASC, CAN_BLF, SERIAL_LOG, count_frames
from twin.paths import PROJECT_ROOT


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_killed_run_keeps_every_frame(tmp_path: Path, signum: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "hil.soak", "ci-virtual", "--out", str(tmp_path)],
        stdout=subprocess.PIPE, text=True, env=env,
    )
    assert proc.stdout is not None
    last_seen = 0
    for line in proc.stdout:  # each line: "<intents> <frames recorded so far>"
        intents, frames = map(int, line.split())
        last_seen = frames
        if intents >= 25:
            break
    proc.send_signal(signum)
    proc.stdout.read()
    assert proc.wait(20) in (130, 143)
    summary = json.loads((tmp_path / "soak.json").read_text())
    assert summary["status"] == ("terminated" if signum == signal.SIGTERM else "interrupted")
    assert set(summary["safe_state"].values()) == {"ok"}
    blf, asc = count_frames(tmp_path / CAN_BLF), count_frames(tmp_path / CAN_ASC)
    assert blf == asc == summary["frames"]
    assert blf >= last_seen + 8  # the 4 CAN safe-state commands and their status frames
    assert (tmp_path / SERIAL_LOG).read_text().count(" TX ") >= 26
