"""Interrupted runs keep what they had: SIGTERM/SIGINT leave report.json (interrupted: true),
junit.xml (an error testcase) and requests.csv for the finished requests, the safe state is
confirmed; after SIGKILL the traces read back up to the last periodic flush."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cabin_twin.cli.main import main
from twin.paths import PROJECT_ROOT

pytestmark = pytest.mark.slow

FAST = """
name = "busy"
seed = 5
requests = 100000
[workload]
kind = "poisson"
rate_per_s = 100
[stages]
profile = "ideal"
[[expectations]]
name = "e2e p95 within budget"
metric = "e2e.p95_ms"
max = 100
"""


def _acks_sent(serial_log: Path) -> int:
    """HMI acknowledgements sent so far: one per request on ci-virtual's serial link."""
    if not serial_log.is_file():
        return 0
    return sum(1 for line in serial_log.read_text(errors="replace").splitlines()
               if line.split(maxsplit=2)[1:2] == ["TX"])


def _start(tmp_path: Path) -> tuple[subprocess.Popen[str], Path]:
    scenario = tmp_path / "busy.toml"
    scenario.write_text(FAST)
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "cabin_twin", "run", str(scenario),
                             "--rig", "ci-virtual", "--out", str(out)], cwd=PROJECT_ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if _acks_sent(out / "serial.log") >= 20:  # requests are flowing (the cyclic status
            break  # frames fill can.asc before the first request: no proxy for requests)
        time.sleep(0.1)
    time.sleep(1.0)
    assert proc.poll() is None, proc.communicate()
    return proc, out


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_signal_keeps_report_junit_and_finished_requests(tmp_path, sig, status):
    proc, out = _start(tmp_path)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == status, err
    assert "Traceback" not in err
    report = json.loads((out / "report.json").read_text())
    assert report["interrupted"] is True
    assert report["interrupted_by"] == ("SIGTERM" if sig == signal.SIGTERM else "SIGINT")
    assert 0 < report["requests_completed"] < report["requests_planned"] == 100000
    assert report["actuation"]["safe_state_unconfirmed"] == 0
    with (out / "requests.csv").open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == report["requests_completed"]
    assert all(float(r["e2e_ms"]) > 0 for r in rows)
    junit = (out / "junit.xml").read_text()
    assert 'type="Interrupted"' in junit and 'errors="1"' in junit


def test_sigkill_leaves_readable_traces(tmp_path, capsys):
    proc, out = _start(tmp_path)
    killed_at = time.time()
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=30)
    # the serial emulator child exits on its own once the host side of the pty is gone
    assert main(["trace", "check", str(out)]) == 1  # not closed: incomplete, but readable
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    blf, asc = result["traces"]["can.blf"], result["traces"]["can.asc"]
    assert blf["frames"] > 0 and asc["frames"] > 0 and not blf["closed"] and not asc["closed"]
    assert blf["error"] is None
    import can

    last = max(m.timestamp for m in can.ASCReader(str(out / "can.asc"),
                                                  relative_timestamp=False))
    # a measurement, not an assertion (timing on a shared machine): the traffic is ~3 frames
    # per ms, so the gap between the last traced frame and the kill is the trace's loss
    print(f"SIGKILL: blf {blf['frames']} frames, asc {asc['frames']} frames, last traced "
          f"frame {(killed_at - last) * 1e3:.1f} ms before the kill, spread "
          f"{result['last_frame_spread_ms']} ms")


SHORT = """
name = "short"
seed = 5
requests = 40
[workload]
kind = "poisson"
rate_per_s = 20
[stages]
profile = "ideal"
[[expectations]]
metric = "e2e.p95_ms"
max = 1e6
reason = "a test of interrupts, not of latency on a loaded machine"
[actuation]
unserved = ["navigate_home"]
reason = "ci-virtual has no navigation ECU"
"""


def _run_short(tmp_path: Path, name: str, signal_after_s: float | None
               ) -> tuple[int, Path, str, bool, float]:
    """Run SHORT on ci-virtual; ``signal_after_s`` after the output folder appears, SIGTERM.
    Returns (status, out, stderr, whether the signal was sent, seconds from the folder
    appearing to the exit)."""
    scenario = tmp_path / "short.toml"
    scenario.write_text(SHORT)
    out = tmp_path / name
    proc = subprocess.Popen([sys.executable, "-m", "cabin_twin", "run", str(scenario),
                             "--rig", "ci-virtual", "--out", str(out)], cwd=PROJECT_ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not out.is_dir() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    appeared = time.monotonic()
    sent = False
    if signal_after_s is not None:
        while proc.poll() is None and time.monotonic() < appeared + signal_after_s:
            time.sleep(0.01)
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            sent = True
    _, err = proc.communicate(timeout=180)
    return proc.returncode, out, err, sent, time.monotonic() - appeared


def test_sigterm_at_any_moment_leaves_the_partial_results(tmp_path):
    """SIGTERM from the moment the run starts (its output folder exists) to its last write:
    always report.json with ``interrupted: true``, junit.xml with the error and requests.csv
    with the finished requests, a message, exit 143; never exit 0 before the run's end. (A
    signal after the last write kills the process, or finds it gone: then the run's files are
    complete.)"""
    status, out, err, _, took = _run_short(tmp_path, "plain", None)
    assert status in (0, 1), err  # a verdict, whatever the machine's load did to it
    for i, fraction in enumerate((0.0, 0.5, 0.85, 0.95, 1.0)):
        status, out, err, sent, _ = _run_short(tmp_path, f"t{i}", fraction * took)
        if not sent:
            continue
        # up to the run's end a signal is never lost: the run stops with 143
        assert status not in (0, 1) or fraction >= 0.95, (fraction, err)
        assert "Traceback" not in err, (fraction, err)
        report = json.loads((out / "report.json").read_text())
        # at the very end the signal may come after the last write: the process dies of it
        # (SIGTERM's default action), or it had already exited between the test's poll and the
        # kill (seen at load 6: exit 0); either way a complete, uninterrupted run
        if status in (0, 1, -signal.SIGTERM):
            assert "interrupted" not in report and (out / "report.html").is_file(), fraction
            continue
        assert status == 143, (fraction, status, err)
        assert report["interrupted"] is True and report["verdict"] == "ERROR", fraction
        assert "twin: interrupted by SIGTERM" in err, (fraction, err)
        with (out / "requests.csv").open(newline="") as fh:
            rows = list(csv.DictReader(fh))
        assert len(rows) == report["requests_completed"] <= report["requests_planned"] == 40
        junit = (out / "junit.xml").read_text()
        assert 'type="Interrupted"' in junit
