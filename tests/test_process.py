"""The process-supervision helper: bounded line reads, a sure stop, a capped log."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hil import process
from hil.process import first_line

HALF_LINE = [sys.executable, "-c",
             "import sys, time; sys.stdout.write('READ'); sys.stdout.flush(); time.sleep(30)"]


class StepClock:
    """A clock that moves 1 s per look: a reader that keeps waiting runs out of time after a
    known number of looks, whatever the machine's speed."""

    def __init__(self) -> None:
        self.t = 0.0
        self.looks = 0

    def __call__(self) -> float:
        self.looks += 1
        self.t += 1.0
        return self.t


def test_half_a_line_is_a_timeout_not_a_blocked_read() -> None:
    # the old reader selected once, then called a blocking readline(): with half a line
    # written it waited for the newline (8.1 s with a 1.0 s timeout)
    proc = process.spawn(HALF_LINE)
    try:
        clock = StepClock()
        reader = process.LineReader(proc.stdout, clock=clock)  # type: ignore[arg-type]
        with pytest.raises(process.LineTimeout):
            reader.readline(deadline=3.0)
        assert clock.looks <= 4  # it gave up when its clock said so, not at the newline
        reader.close()
    finally:
        assert process.stop(proc, term_s=5.0) is not None
    assert proc.poll() is not None


def test_rig_ready_line_with_half_a_line_is_empty() -> None:
    proc = process.spawn(HALF_LINE)
    try:
        assert first_line(proc, 0.5) == ""
    finally:
        process.stop(proc)


def test_lines_exit_and_size_bound() -> None:
    code = "import sys; sys.stdout.write('one\\ntwo\\n' + 'x' * 5000 + '\\n')"
    proc = process.spawn([sys.executable, "-c", code])
    reader = process.LineReader(proc.stdout, max_line=4096)  # type: ignore[arg-type]
    assert reader.readline_within(30) == b"one"
    assert reader.readline_within(30) == b"two"
    with pytest.raises(process.LineTooLong):
        reader.readline_within(30)
    with pytest.raises(process.ChildExited):
        reader.readline_within(30)
    process.stop(proc)


def test_stop_kills_a_child_that_ignores_sigterm() -> None:
    code = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); " \
           "print('up', flush=True); time.sleep(60)"
    proc = process.spawn([sys.executable, "-c", code])
    process.LineReader(proc.stdout).readline_within(30)  # type: ignore[arg-type]
    status = process.stop(proc, term_s=0.2)
    assert status == -9  # SIGTERM ignored: killed


def test_capped_log_rotates(tmp_path: Path) -> None:
    log = process.CappedLog(tmp_path / "dut.log", max_bytes=100, backups=2)
    for i in range(10):
        log.write(f"{i:02d}".encode() * 20)  # 40 bytes each
    log.close()
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["dut.log", "dut.log.1", "dut.log.2"]  # never more than 3 files
    assert all((tmp_path / f).stat().st_size <= 100 for f in files)
    assert (tmp_path / "dut.log").read_bytes().startswith(b"08")  # the newest is kept


def test_printable_escapes_control_characters_and_bounds_length() -> None:
    line = process.printable("\x1b[31mred" + "k" * 10_000, limit=50)
    assert "\x1b" not in line and "\\x1b" in line
    assert len(line) < 100 and line.endswith("more)")
