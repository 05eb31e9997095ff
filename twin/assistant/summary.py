"""Summarise decisions into the ``report.json`` keys the assistant adds.

``paths`` (fraction per path), ``intent_accuracy`` (overall and per path, over requests with a
label), ``valve_events`` (count, per reason), ``degraded`` (count and first-feedback latency),
``ack`` (p50/p95/p99 and late count). Latencies are ms from the start of the assistant's work;
the twin adds its own stage offsets if it wants end-to-end numbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import numpy as np

from twin.assistant.policy import PATHS, Decision


def _quantiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50_ms": None, "p95_ms": None, "p99_ms": None, "max_ms": None}
    q = np.percentile(np.asarray(values), [50, 95, 99, 100])
    return {
        k: round(float(v), 3)
        for k, v in zip(("p50_ms", "p95_ms", "p99_ms", "max_ms"), q, strict=True)
    }


def _accuracy(decisions: list[Decision]) -> float | None:
    labelled = [d.correct for d in decisions if d.correct is not None]
    return round(sum(labelled) / len(labelled), 4) if labelled else None


def summarise(decisions: Iterable[Decision]) -> dict[str, Any]:
    """The assistant's part of ``report.json`` for a run."""
    items = list(decisions)
    n = len(items)
    by_path = {p: [d for d in items if d.path == p] for p in PATHS}
    reasons = Counter(d.valve_reason for d in items if d.valve_reason)
    degraded = by_path["degraded"]
    return {
        "paths": {p: round(len(v) / n, 4) if n else 0.0 for p, v in by_path.items()},
        "intent_accuracy": {
            "overall": _accuracy(items),
            **{p: _accuracy(v) for p, v in by_path.items()},
        },
        "valve_events": {"count": sum(reasons.values()), "reasons": dict(sorted(reasons.items()))},
        "degraded": {
            "count": len(degraded),
            "first_feedback": _quantiles([d.first_feedback_ms for d in degraded]),
        },
        "first_feedback": _quantiles([d.first_feedback_ms for d in items]),
        "ack": {
            **_quantiles([d.ack_ms for d in items]),
            "late": sum(d.ack_late for d in items),
        },
    }
