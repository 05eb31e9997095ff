"""A failed command's trace links are found by time even when the trace's lines are not in
time order (several threads write can.asc: the sender's frames, the reader's, the bench's
notes)."""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path

import can
import pytest

from hil.links.recorder import PaddedASCWriter, TraceRecorder
from twin.report_qa import asc_start, read_asc

ASC = """date Sat Dec 05 03:00:00.000 2026
base hex  timestamps absolute
internal events logged
Begin Triggerblock Sat Dec 05 03:00:00.000 2026
   0.000000 Start of measurement
   1.000000 1  210             Tx   d 8 01 02 03 04 05 06 07 08
   3.000000 1  211             Rx   d 8 01 02 03 04 05 06 07 08
   2.000000 bench: link fault dropped 0x210 AA 02
   4.000000 1  211             Rx   d 8 01 02 03 04 05 06 07 08
End TriggerBlock
"""


def test_a_line_written_out_of_time_order_is_still_found_in_its_window(tmp_path: Path) -> None:
    path = tmp_path / "can.asc"
    path.write_text(ASC)
    trace = read_asc(path, "can.asc")
    t0 = trace.times[0]
    assert trace.times == sorted(trace.times)
    found = trace.between(t0 + 1.9, t0 + 2.1)
    assert found is not None and found.first == found.last == 8  # the dropped frame's note
    assert trace.between(t0 + 1.5, t0 + 1.6) is None


def _stamp(ms: int) -> float:
    """An epoch time ``ms`` milliseconds (plus 400 us) into a whole second."""
    return datetime(2026, 12, 5, 4, 41, 33).timestamp() + ms / 1000 + 0.0004


def _frame(t: float) -> can.Message:
    return can.Message(arbitration_id=0x210, data=bytes(8), timestamp=t, channel=0,
                       is_extended_id=False)


@pytest.mark.parametrize("ms", [7, 60, 600])
def test_python_can_s_unpadded_header_milliseconds_read_as_milliseconds(tmp_path, ms) -> None:
    """python-can 4.6's own ASCWriter writes 60 ms into a second as ``33.60``: read as 600 ms,
    a failed command's window missed its frames (the failed-run browser test, 1 run in 10)."""
    path = tmp_path / "can.asc"
    writer = can.ASCWriter(path)
    t = _stamp(ms)
    writer.on_message_received(_frame(t))
    writer.on_message_received(_frame(t + 0.5))
    writer.stop()
    times = read_asc(path, "can.asc").times
    assert len(times) == 3  # start of measurement and both frames
    assert abs(times[1] - t) < 0.001 and abs(times[2] - (t + 0.5)) < 0.001


@pytest.mark.parametrize("ms", [7, 60, 600])
def test_the_recorder_s_writer_pads_header_milliseconds_to_three_digits(tmp_path, ms) -> None:
    """As CANoe writes them: ``33.060``, never ``33.60``."""
    writer = PaddedASCWriter(tmp_path / "can.asc")
    writer.on_message_received(_frame(_stamp(ms)))
    writer.stop()
    block = [line for line in (tmp_path / "can.asc").read_text().splitlines()
             if line.startswith("Begin Triggerblock")]
    assert block == [f"Begin Triggerblock Sat Dec 05 04:41:33.{ms:03d} 2026"]


def test_a_recorded_frame_is_found_at_its_own_time(tmp_path) -> None:
    recorder = TraceRecorder(tmp_path)
    t = time.time() + 0.3
    recorder.on_message_received(_frame(t))
    recorder.close()
    lines = (tmp_path / "can.asc").read_text().splitlines()
    frame_line = next(k for k, line in enumerate(lines, 1) if " 210 " in line)
    found = read_asc(tmp_path / "can.asc", "can.asc").between(t - 0.001, t + 0.001)
    assert found is not None and found.first == found.last == frame_line


def test_a_frame_stamped_before_its_first_traced_line_keeps_a_relative_time(tmp_path) -> None:
    """Threads trace late: a frame stamped before the first line written must not become an
    absolute epoch offset (python-can's writer keeps such a time absolute)."""
    recorder = TraceRecorder(tmp_path)
    now = time.time()
    recorder.on_message_received(_frame(now + 0.2))
    recorder.on_message_received(_frame(now + 0.1))  # another thread's, traced late
    recorder.close()
    trace = read_asc(tmp_path / "can.asc", "can.asc")
    assert all(now - 5 < t < now + 5 for t in trace.times)
    assert trace.between(now + 0.099, now + 0.101) is not None


@pytest.mark.parametrize(("text", "expected"), [
    ("Sat Dec 05 04:41:33.060 2026", (2026, 12, 5, 4, 41, 33, 60_000)),
    ("Sat Dec 05 04:41:33.60 2026", (2026, 12, 5, 4, 41, 33, 60_000)),
    ("Sat Dec 05 04:41:33.123456 2026", (2026, 12, 5, 4, 41, 33, 123_456)),
    ("Mon Mar 7 01:21:51 pm 2005", (2005, 3, 7, 13, 21, 51, 0)),
    ("Mon Mar 7 12:21:51 am 2005", (2005, 3, 7, 0, 21, 51, 0)),
])
def test_asc_start_dates(text, expected) -> None:
    assert asc_start(text) == datetime(*expected).timestamp()


@pytest.mark.parametrize("text", ["", "yesterday", "Sat Foo 05 04:41:33.060 2026",
                                  "Sat Dec 32 04:41:33.060 2026"])
def test_an_unreadable_asc_date_is_none(text) -> None:
    assert asc_start(text) is None
