"""Every distribution: seeded, non-negative, quantiles that match its own samples, specs."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from latency_models.distributions import (
    COMPILED_DRAWS_MIN,
    Empirical,
    Fixed,
    OffsetGamma,
    ShiftedLognormal,
    SpecError,
    SplicedPareto,
    TruncNormal,
    Uniform,
    distribution_from_spec,
)

DISTS = [
    Fixed(12.0),
    Uniform(5.0, 15.0),
    TruncNormal(10.0, 4.0, low=2.0, high=30.0),
    ShiftedLognormal(2.5, 0.4, 5.0),
    OffsetGamma(2.0, 3.0, 8.0),
    Empirical((3.0, 4.0, 9.0, 15.0, 22.0)),
    SplicedPareto(ShiftedLognormal(2.5, 0.3, 2.0), threshold=25.0, tail_prob=0.05, alpha=2.5),
]


@pytest.mark.parametrize("dist", DISTS, ids=lambda d: d.kind)
def test_same_seed_same_draws_and_different_seed_differs(dist):
    a = dist.sample(np.random.default_rng(1), 500)
    b = dist.sample(np.random.default_rng(1), 500)
    c = dist.sample(np.random.default_rng(2), 500)
    assert np.array_equal(a, b)
    assert (a >= 0).all()
    if not isinstance(dist, Fixed):
        assert not np.array_equal(a, c)


@pytest.mark.parametrize("dist", [d for d in DISTS if not isinstance(d, Empirical | Fixed)],
                         ids=lambda d: d.kind)
def test_quantiles_match_samples(dist):
    x = dist.sample(np.random.default_rng(3), 200_000)
    for q in (0.5, 0.95, 0.99):
        assert np.quantile(x, q) == pytest.approx(float(dist.quantile(q)), rel=0.03)


def test_truncnormal_respects_bounds():
    x = TruncNormal(10.0, 20.0, low=2.0, high=12.0).sample(np.random.default_rng(0), 10_000)
    assert x.min() >= 2.0 and x.max() <= 12.0


def test_spliced_tail_is_pareto_above_threshold():
    d = SplicedPareto(ShiftedLognormal(2.0, 0.3, 0.0), threshold=20.0, tail_prob=0.1, alpha=2.0)
    x = d.sample(np.random.default_rng(5), 200_000)
    assert np.mean(x > 20.0) == pytest.approx(0.1, abs=0.005)
    tail = x[x > 20.0]
    # Pareto(alpha=2) above 20: P(X > 40 | X > 20) = (20/40)^2 = 0.25
    assert np.mean(tail > 40.0) == pytest.approx(0.25, abs=0.02)


def test_lognormal_from_median_p95():
    d = ShiftedLognormal.from_median_p95(12.0, 20.0, shift=5.0)
    assert float(d.quantile(0.5)) == pytest.approx(12.0)
    assert float(d.quantile(0.95)) == pytest.approx(20.0)


@pytest.mark.parametrize("dist", DISTS, ids=lambda d: d.kind)
def test_spec_round_trip(dist):
    again = distribution_from_spec(dist.to_spec())
    assert np.array_equal(dist.sample(np.random.default_rng(9), 100),
                          again.sample(np.random.default_rng(9), 100))


def test_scaled_multiplies_every_draw():
    d = ShiftedLognormal(2.0, 0.5, 1.0)
    base = d.sample(np.random.default_rng(4), 100)
    assert np.allclose(d.scaled(1.5).sample(np.random.default_rng(4), 100), base * 1.5)


@pytest.mark.parametrize(
    ("spec", "key"),
    [
        ({"dist": "weibull"}, "dist.dist"),
        ({"dist": "uniform", "low": 1}, "dist.high"),
        ({"dist": "uniform", "low": "a", "high": 3}, "dist.low"),
        ({"dist": "lognormal", "mu": 1, "sigma": -1}, "dist"),
        ({"dist": "gamma", "shape": 1, "scale_ms": 1, "bogus": 2}, "dist.bogus"),
        ({"dist": "empirical", "samples": []}, "dist.samples"),
        ({"dist": "spliced_pareto", "body": {"dist": "fixed", "value": 1}}, "dist.threshold"),
    ],
)
def test_bad_specs_name_the_key(spec, key):
    with pytest.raises(SpecError) as err:
        distribution_from_spec(spec)
    assert err.value.key == key


@settings(max_examples=25, deadline=None)
@given(mu=st.floats(-3.0, 8.0), sigma=st.floats(0.0, 3.0), shift=st.floats(0.0, 500.0),
       seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 30_000))
def test_compiled_lognormal_is_numpys_lognormal_bit_for_bit(mu, sigma, shift, seed, cut):
    """The compiled draw (a large sample) gives numpy's values and leaves the stream where
    numpy would: drawn in two pieces (either side of the compiled threshold), then numpy."""
    n = COMPILED_DRAWS_MIN + 30_000
    want_rng = np.random.default_rng(seed)
    want = shift + want_rng.lognormal(mu, sigma, n)
    got_rng = np.random.default_rng(seed)
    d = ShiftedLognormal(mu, sigma, shift)
    got = np.concatenate([d.sample(got_rng, cut), d.sample(got_rng, n - cut)])
    assert np.array_equal(got, want)
    assert got_rng.random(3).tolist() == want_rng.random(3).tolist()
