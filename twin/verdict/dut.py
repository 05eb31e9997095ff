"""Built-in expectations on the device under test: a run whose DUT never answered, whose every
answer the safety valve refused, or whose adapter raised, fails (or errors) whatever its latency
expectations say.

They read ``report["dut"]`` (written by a real run with a DUT) and are shaped like the
scenario's own expectations, with ``builtin: true`` and the reason each was chosen. An adapter
exception is an ``error`` entry: the verdict is then ERROR (the bench could not judge the DUT),
not FAIL.
"""

from __future__ import annotations

from typing import Any


def dut_expectations(dut: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The built-in DUT expectations on a report's ``dut`` block ([] without one)."""
    if not dut or not dut.get("requests"):
        return []
    outcomes = dut.get("outcomes", {})
    errors = dut.get("errors", [])
    out: list[dict[str, Any]] = []
    raised = int(outcomes.get("error", 0))
    entry: dict[str, Any] = {
        "name": "the DUT adapter raised no exception", "metric": "dut.outcomes.error",
        "limit": {"max": 0}, "value": raised, "passed": raised == 0, "builtin": True,
        "reason": "an exception from a DUT factory or adapter (SystemExit included) leaves "
                  "the DUT unjudged"}
    if raised:
        first = next((e["error"] for e in errors if e["outcome"] == "error"), "")
        entry.update(error_type="DutError",
                     error=f"{raised} of {dut['requests']} DUT requests raised: {first}")
    out.append(entry)
    answered = int(dut.get("answered", outcomes.get("ok", 0)))
    never = {"name": "the DUT answered", "metric": "dut.answered", "limit": {"min": 1},
             "value": answered, "passed": answered >= 1, "builtin": True,
             "reason": "a DUT that never starts or never answers has not been tested"}
    if not answered:
        never["causes"] = [f"{e['count']} x {e['outcome']}: {e['error']}" for e in errors[:3]]
    out.append(never)
    valve = dut.get("valve")
    if valve is not None and int(outcomes.get("ok", 0)) > 0:
        accepted = int(valve.get("accepted", 0))
        out.append({
            "name": "the safety valve accepted a DUT answer", "metric": "dut.valve.accepted",
            "limit": {"min": 1}, "value": accepted, "passed": accepted >= 1, "builtin": True,
            "reason": "a DUT whose every answer the valve refuses never commands the cabin",
            **({} if accepted else {
                "causes": [f"{valve.get('rejected', 0)} answers refused by the valve"]})})
    return out
