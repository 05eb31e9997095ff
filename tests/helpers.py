"""Small builders shared by tests."""

from __future__ import annotations

from typing import Any

from twin.scenario import Scenario, scenario_from_dict


def scenario(**overrides: Any) -> Scenario:
    raw: dict[str, Any] = {
        "name": "t",
        "seed": 1,
        "requests": 300,
        "workload": {"kind": "poisson", "rate_per_s": 30},
        "stages": {"profile": "ideal"},
    }
    raw.update(overrides)
    return scenario_from_dict(raw, "<test>")
