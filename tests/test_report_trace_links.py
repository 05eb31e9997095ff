"""A failed command's trace links are found by time even when the trace's lines are not in
time order (several threads write can.asc: the sender's frames, the reader's, the bench's
notes)."""

from __future__ import annotations

from pathlib import Path

from twin.report_qa import read_asc

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
