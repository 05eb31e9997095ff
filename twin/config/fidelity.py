"""The scenario's ``[fidelity]`` table: how close the modelled twin must be to the real run.

``twin fidelity`` checks, per real stage and end to end, the relative error of the predicted
p50/p95 (and p99 when set) against the measured one. Below ``floor_ms`` a relative error
means little (a 0.4 ms stage off by 0.1 ms is "25 %"): the error is then taken relative to
``floor_ms``. ``ks_alpha`` additionally fails a stage whose two-sample KS p-value is below it.
``confidence`` widens each tolerance by the sampling uncertainty of the two percentiles at the
run's n (their distribution-free confidence intervals, from the order statistics), so a
short run is not failed for its own sampling noise.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from twin.config.base import NonNegative, Probability, Strict


class FidelityConfig(Strict):
    """``[fidelity]``: tolerances and run sizes for ``twin fidelity`` (defaults: 3 % / 5 %). A
    percentile fails only outside its tolerance plus its sampling uncertainty at the row's n
    (``confidence``: both sides' distribution-free intervals of the percentile, half-widths
    added in quadrature; the report gives n, the interval and the allowance per row)."""

    p50: Probability = Field(0.03, description="largest relative error of the p50")
    p95: Probability = Field(0.05, description="largest relative error of the p95")
    p99: Probability | None = Field(None, description="largest relative error of the p99 "
                                                      "(none: reported, not checked)")
    floor_ms: NonNegative = Field(1.0, description="errors relative to at least this (ms)")
    ks_alpha: Probability | None = Field(None, description="fail a row whose KS p-value is "
                                                           "below this (none: not checked)")
    confidence: Probability | None = Field(
        0.95, description="add the percentiles' sampling uncertainty at this confidence to "
                          "each tolerance (none: the tolerance alone)")
    requests: int | None = Field(None, ge=1, le=10_000_000,
                                 description="requests per run (default: the scenario's)")
    calibration_requests: int | None = Field(None, ge=1, le=10_000_000,
                                             description="requests of the calibration run")
    calibration_seed_offset: int = Field(1000, ge=0, le=2**31,
                                         description="the calibration run's seed: seed + this")

    def limits(self) -> dict[str, float]:
        """Percentile name -> relative tolerance, for the percentiles that are checked."""
        out = {"p50": self.p50, "p95": self.p95}
        if self.p99 is not None:
            out["p99"] = self.p99
        return out


def fidelity_config(scenario: Any) -> FidelityConfig:
    """The scenario's ``[fidelity]`` table (defaults when it has none)."""
    config = getattr(getattr(scenario, "config", None), "fidelity", None)
    return config if config is not None else FidelityConfig()
