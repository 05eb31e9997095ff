"""What-if points and capacity on the twin: the picklable functions sweeps ship to workers."""

from __future__ import annotations

from typing import Any

from twin.runner import run_scenario
from twin.scenario import scenario_from_dict


def twin_point(raw: dict[str, Any], seed: int) -> dict[str, Any]:
    """One replication of one what-if point: the scenario run with ``seed``; its report.json
    numbers (nested; the sweep flattens them), expectations and fault lists left out."""
    report = run_scenario(scenario_from_dict(raw, raw.get("name", "whatif")), seed=seed).report
    return {k: v for k, v in report.items()
            if k not in ("expectations", "faults", "degrade_on_alert", "description")}


def validate_points(raws: list[dict[str, Any]], source: str) -> None:
    """Every point is a valid scenario: fail before anything runs, naming the key."""
    for raw in raws:
        scenario_from_dict(raw, source)
