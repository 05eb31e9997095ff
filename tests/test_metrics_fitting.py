"""HdrHistogram batch recording, perception classes, monitoring signals, fitting."""

from __future__ import annotations

import numpy as np
import pytest

from latency_models.distributions import OffsetGamma, ShiftedLognormal, SplicedPareto
from latency_models.fitting import fit_samples
from tests.helpers import scenario
from twin.metrics import histogram_of, new_histogram, perception
from twin.runner import run_scenario


def test_batch_recording_equals_one_by_one():
    values = np.random.default_rng(0).lognormal(3, 1.2, 20_000)
    values = np.concatenate([values, [0.0, 0.0004, 0.0015, 2047e-3, 2048e-3, 3.5e6]])
    batch = histogram_of(values)
    single = new_histogram()
    for v in np.clip(np.rint(values * 1000), 1, None).astype(int).tolist():
        single.record_value(v)
    assert list(batch.counts) == list(single.counts)
    assert batch.get_total_count() == single.get_total_count() == values.size
    assert batch.get_min_value() == single.get_min_value()
    assert batch.get_max_value() == single.get_max_value()


def test_perception_classes_cut_at_100_and_300_ms():
    p = perception(np.array([50.0, 100.0, 100.1, 300.0, 301.0]))
    assert p == {"instant": 0.4, "acceptable": 0.4, "sluggish": 0.2}


@pytest.mark.parametrize("truth", [
    ShiftedLognormal(3.0, 0.3, 10.0),
    OffsetGamma(2.0, 5.0, 20.0),
    SplicedPareto(ShiftedLognormal(3.0, 0.2, 5.0), 35.0, 0.08, 3.0),
], ids=["lognormal", "gamma", "spliced"])
def test_fit_recovers_percentiles_tail_included(truth):
    data = truth.sample(np.random.default_rng(1), 4000)
    result = fit_samples(data)
    assert result.best.worst_rel_err < 0.05
    held_out = truth.sample(np.random.default_rng(2), 20_000)
    for q in (0.5, 0.95, 0.99):
        assert float(result.best.dist.quantile(q)) == pytest.approx(np.quantile(held_out, q),
                                                                    rel=0.06)


def test_fit_rejects_too_few_or_constant_samples():
    with pytest.raises(ValueError):
        fit_samples([1.0, 2.0])
    with pytest.raises(ValueError):
        fit_samples([5.0] * 100)


def test_monitoring_alert_fires_only_when_all_three_levels_cross():
    # saturated single slot + lossy jittery network: every level crosses its limit
    hot = scenario(requests=3000, workload={"kind": "poisson", "rate_per_s": 45},
                   resources={"inference": 1},
                   faults=[{"kind": "packet_loss", "loss": 0.2, "rto_ms": 100}])
    calm = scenario(requests=3000, workload={"kind": "poisson", "rate_per_s": 45},
                    resources={"inference": 1})
    hot_run, calm_run = run_scenario(hot), run_scenario(calm)
    assert hot_run.report["monitoring"]["alerts"] > 0
    assert calm_run.report["monitoring"]["max_l3_util_pct"] > 95  # busy, but network calm
    assert calm_run.report["monitoring"]["alerts"] == 0
    for w in hot_run.monitoring["windows"]:
        assert 0 <= w["l3_util_pct"] <= 100.0 + 1e-6
