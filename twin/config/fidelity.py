"""The scenario's ``[fidelity]`` table: how close the modelled twin must be to the real run.

``twin fidelity`` checks, per real stage and end to end, the relative error of the predicted
p50/p95 (and p99 when set) against the measured one. Below ``floor_ms`` a relative error
means little (a 0.4 ms stage off by 0.1 ms is "25 %"): the error is then taken relative to
``floor_ms``. ``ks_alpha`` additionally fails a stage whose two-sample KS p-value is below it.
"""

from __future__ import annotations

from typing import Any

from twin.config.base import NonNegative, NonNegativeInt, PositiveInt, Probability, Strict, parse


class FidelityConfig(Strict):
    """Tolerances and run sizes for ``twin fidelity`` (defaults: the issue's targets)."""

    p50: Probability = 0.03
    p95: Probability = 0.05
    p99: Probability | None = None
    floor_ms: NonNegative = 1.0
    ks_alpha: Probability | None = None
    requests: PositiveInt | None = None
    calibration_requests: PositiveInt | None = None
    calibration_seed_offset: NonNegativeInt = 1000

    def limits(self) -> dict[str, float]:
        """Percentile name -> relative tolerance, for the percentiles that are checked."""
        out = {"p50": self.p50, "p95": self.p95}
        if self.p99 is not None:
            out["p99"] = self.p99
        return out


def fidelity_config(raw: dict[str, Any], source: str) -> FidelityConfig:
    """The scenario's ``[fidelity]`` table (defaults when it has none)."""
    return parse(FidelityConfig, raw.get("fidelity", {}), source, "fidelity")
