"""Link faults run on the scenario's clock: the same seed faults the same commands, and the
fault is in report.json ``faults``, requests.csv and the timeline, like every twin fault."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

from hil.backends import DEFAULT_RIG
from hil.links.faults import check_link_faults
from hil.run_real import run_real
from twin.errors import InputError
from twin.report import write_requests_csv
from twin.scenario import scenario_from_dict

WINDOW = (1000.0, 2500.0)  # ms on the scenario clock


def _scenario(device: str = "*") -> dict:
    return {
        "name": "link-clock", "seed": 4, "requests": 30,
        "workload": {"kind": "poisson", "rate_per_s": 10}, "stages": {"profile": "ideal"},
        "faults": [{"kind": "can_drop", "device": device, "start_ms": WINDOW[0],
                    "duration_ms": WINDOW[1] - WINDOW[0], "probability": 0.5}],
        "actuation": {"max_timed_out_fraction": 1, "reason": "the test drops commands"},
    }


def _dropped(tmp_path: Path, name: str, rig: Path) -> tuple[list[int], list[str], object]:
    scenario = scenario_from_dict(_scenario(), "link-clock.toml")
    result = run_real(scenario, str(rig), None, None, tmp_path / name)
    hit = result.report["rig"]["link_faults"][0]["requests_hit"]
    path = write_requests_csv(result.timings, tmp_path / name, result.report,
                              result.extra_columns)
    column = [row["faults"] for row in csv.DictReader(path.open(encoding="utf-8"))]
    return hit, column, result


def test_the_same_seed_drops_the_same_commands_inside_the_window_on_the_scenario_clock(
        tmp_path: Path, can_rig_file) -> None:
    rig = can_rig_file(timeout_ms=250)  # CAN only (HVAC, seat): no emulator process to start
    first, column, result = _dropped(tmp_path, "a", rig)
    second, column2, _ = _dropped(tmp_path, "b", rig)
    assert first == second and column == column2
    arrivals = result.timings.arrival  # type: ignore[attr-defined]
    window = (arrivals >= WINDOW[0]) & (arrivals < WINDOW[1])
    assert 0 < len(first) < int(window.sum())  # probability 0.5: some, not all
    assert all(window[i] for i in first)  # only requests arriving inside the window
    assert [i for i, c in enumerate(column) if c == "can_drop"] == first
    report = result.report  # type: ignore[attr-defined]
    assert report["faults"] == [{"kind": "can_drop", "start_ms": 1000.0, "duration_ms": 1500.0,
                                 "every_ms": None, "stages": [], "requests_hit": len(first)}]
    assert report["rig"]["faults_injected"]["can_drop"] >= len(first)
    timeline = [t for t in result.timeline if t["kind"] == "fault"]  # type: ignore[attr-defined]
    assert timeline == [{"t_ms": 1000.0, "kind": "fault", "name": "can_drop",
                         "duration_ms": 1500.0, "every_ms": None, "whole_run": False,
                         "device": "*"}]
    # a dropped command never reached its device: it timed out
    timed_out = {i for i, o in enumerate(result.extra_columns["actuation"])  # type: ignore
                 if o == "timed_out"}
    assert set(first) <= timed_out
    assert np.count_nonzero(result.timings.fault_hit) == len(first)  # type: ignore[attr-defined]


@pytest.mark.parametrize("rig", [None, "ci-virtual"])
def test_a_link_fault_on_an_unknown_device_is_refused_with_or_without_a_rig(rig) -> None:
    scenario = scenario_from_dict(_scenario("toaster"), "s.toml")
    with pytest.raises(InputError) as err:
        check_link_faults(scenario.link_faults, rig, "s.toml", DEFAULT_RIG)
    text = str(err.value)
    assert "faults[0].device" in text and "rig ci-virtual" in text and "'toaster'" in text
    assert ("without --rig" in text) == (rig is None)
    check_link_faults(scenario_from_dict(_scenario("hvac"), "s.toml").link_faults, rig,
                      "s.toml", DEFAULT_RIG)  # a device of the rig: accepted
