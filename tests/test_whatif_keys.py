"""What-if on profile-based scenarios: stage distribution parameters, key suggestions,
budget-coloured heatmaps and every fault occurrence on the timeline."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.helpers import scenario
from twin.errors import InputError
from twin.report_html import whatif_figure
from twin.runner import run_scenario
from twin.scenario import scenario_from_dict
from twin.whatif_keys import check_key, point_scenario, valid_keys

RAW = {"name": "t", "seed": 1, "requests": 200, "workload": {"kind": "poisson", "rate_per_s": 10},
       "stages": {"profile": "ideal"}}


@pytest.mark.parametrize("median", [10.0, 20.0, 40.0])
def test_median_of_a_profile_stage_can_be_varied(median):
    raw = point_scenario(RAW, {"stages.network.median": median}, "<t>")
    dist = scenario_from_dict(raw, "<t>").stages["network"].dist
    assert math.isclose(float(dist.quantile(0.5)), median, rel_tol=1e-9)
    # ideal network: floor at 30 % of its 20 ms bound, shape kept
    assert dist.shift == 6.0
    before = scenario_from_dict(RAW, "<t>").stages["network"].dist
    assert math.isclose(dist.sigma, before.sigma, rel_tol=1e-12)


def test_p95_and_shift_keep_the_other_parameters():
    raw = point_scenario(RAW, {"stages.inference.p95": 60.0}, "<t>")
    d = scenario_from_dict(raw, "<t>").stages["inference"].dist
    assert math.isclose(float(d.quantile(0.95)), 60.0, rel_tol=1e-9)
    assert math.isclose(float(d.quantile(0.5)), 18.0, rel_tol=1e-9)  # 60 % of the 30 ms bound
    with pytest.raises(InputError, match="above the median"):
        point_scenario(RAW, {"stages.inference.p95": 10.0}, "<t>")


def test_a_stage_scale_stays_applied_on_top():
    raw = dict(RAW, stages={"profile": "ideal", "network": {"scale": 2.0}})
    out = point_scenario(raw, {"stages.network.median": 10.0}, "<t>")
    d = scenario_from_dict(out, "<t>").stages["network"].dist
    assert math.isclose(float(d.quantile(0.5)), 20.0, rel_tol=1e-9)


def test_a_wrong_key_names_the_valid_keys_near_it():
    keys = valid_keys(RAW, "<t>")
    assert "stages.network.median" in keys and "resources.inference" in keys
    with pytest.raises(InputError) as exc:
        check_key("network.median_ms", keys, "<t>")
    assert "stages.network.median" in exc.value.expected


def test_heatmap_is_coloured_against_the_budget_not_the_sweep_range():
    rows = [{"point": i, "workload.rate_per_s": r, "e2e.p95_ms": v,
             "e2e.p95_ms.ci95_low": v - 1, "e2e.p95_ms.ci95_high": v + 1}
            for i, (r, v) in enumerate([(10, 109.0), (20, 115.0), (40, 122.0)])]
    fig = whatif_figure(rows, "e2e.p95_ms", {"e2e": {"budget_ms": 100.0}})
    im = fig.axes[0].images[0]
    colours = im.cmap(im.norm(np.array([109.0, 115.0, 122.0])))
    assert np.all(colours[:, 0] > colours[:, 1])  # every cell over budget is red, not green
    inside = im.cmap(im.norm(np.array([80.0])))[0]
    assert inside[1] > inside[0]  # a cell inside the budget would be green


def test_timeline_lists_every_occurrence_and_flags_a_whole_run_fault():
    faults = [{"kind": "rtt_spike", "start_ms": 0, "duration_ms": 500, "every_ms": 5000},
              {"kind": "packet_loss", "loss": 0.01}]
    result = run_scenario(scenario(faults=faults, requests=400,
                                   workload={"kind": "poisson", "rate_per_s": 20}))
    span = float(result.timings.arrival.max())
    spikes = [e for e in result.timeline if e["name"] == "rtt_spike"]
    assert len(spikes) == math.ceil(span / 5000)
    assert [e["t_ms"] for e in spikes] == [5000.0 * k for k in range(len(spikes))]
    loss = [e for e in result.timeline if e["name"] == "packet_loss"]
    assert len(loss) == 1 and loss[0]["whole_run"]
    assert not any(e["whole_run"] for e in spikes)
