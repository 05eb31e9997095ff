"""Latency recording with HdrHistogram, perception classes and expectation verdicts.

Values are recorded in microseconds (1 us .. 1 h, 3 significant digits). Large batches are
bucketed by a compiled kernel using HdrHistogram's own index arithmetic, straight into the
library's counts array: the histogram ends up identical to recording one value at a time (a
test checks this), at tens of millions of values per second.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from hdrh.histogram import HdrHistogram

from twin import kernels

LOWEST_US = 1
HIGHEST_US = 3_600_000_000
SIG_FIGS = 3
PERCENTILES = (50.0, 95.0, 99.0)
INSTANT_MS = 100.0
ACCEPTABLE_MS = 300.0


def new_histogram() -> HdrHistogram:
    return HdrHistogram(LOWEST_US, HIGHEST_US, SIG_FIGS)


def _counts_indices(h: HdrHistogram, values: np.ndarray) -> np.ndarray:
    """Vectorised ``HdrHistogram._counts_index_for`` for non-negative int64 values (the
    reference the compiled :func:`twin.kernels.hdr_counts` is tested against)."""
    v = values.astype(np.int64)
    masked = v | np.int64(h.sub_bucket_mask)
    _, exponent = np.frexp(masked.astype(np.float64))  # bit length of a positive int
    bucket = exponent.astype(np.int64) - h.unit_magnitude - (h.sub_bucket_half_count_magnitude + 1)
    sub_bucket = v >> (bucket + h.unit_magnitude)
    base = (bucket + 1) << h.sub_bucket_half_count_magnitude
    return base + sub_bucket - h.sub_bucket_half_count


def record_ms(h: HdrHistogram, values_ms: np.ndarray) -> None:
    """Record latencies given in ms into ``h`` (as microseconds, clamped to the range): one
    compiled pass adds straight into the histogram's counts array, with the library's index
    arithmetic, so the histogram is the one ``record_value`` would have built."""
    values = np.ascontiguousarray(values_ms, dtype=np.float64)
    if values.size == 0:
        return
    counts = np.ctypeslib.as_array(h.counts)  # a view: the kernel writes the library's array
    n, lo, hi = kernels.hdr_counts(values, LOWEST_US, HIGHEST_US, h.sub_bucket_mask,
                                   h.unit_magnitude, h.sub_bucket_half_count_magnitude,
                                   h.sub_bucket_half_count, counts)
    h.total_count += int(n)
    # exact extremes, as record_value keeps them
    h.min_value = min(h.min_value, int(lo))
    h.max_value = max(h.max_value, int(hi))


def histogram_of(values_ms: np.ndarray) -> HdrHistogram:
    h = new_histogram()
    record_ms(h, values_ms)
    return h


def percentiles_ms(h: HdrHistogram) -> dict[str, float | None]:
    """p50/p95/p99 in ms (None for an empty histogram: there is no such latency)."""
    if h.get_total_count() == 0:
        return {f"p{int(p)}_ms": None for p in PERCENTILES}
    # the library's get_percentile_to_value_dict walks every bucket in Python; the same
    # lookup (the first bucket whose running count reaches the target) with numpy
    running = np.cumsum(np.ctypeslib.as_array(h.counts)[:h.counts_len])
    out = {}
    for p in PERCENTILES:
        index = int(np.searchsorted(running, h.get_target_count_at_percentile(p), side="left"))
        value = h.get_highest_equivalent_value(h.get_value_from_index(index))
        out[f"p{int(p)}_ms"] = round(value / 1000.0, 3)
    return out


def perception(e2e_ms: np.ndarray) -> dict[str, float]:
    """Fractions of requests per perception class (Miller 1968): instant / acceptable /
    sluggish at <= 100, <= 300, > 300 ms."""
    n = max(int(e2e_ms.size), 1)
    instant = int(np.count_nonzero(e2e_ms <= INSTANT_MS))
    acceptable = int(np.count_nonzero((e2e_ms > INSTANT_MS) & (e2e_ms <= ACCEPTABLE_MS)))
    return {
        "instant": instant / n,
        "acceptable": acceptable / n,
        "sluggish": (e2e_ms.size - instant - acceptable) / n,
    }


@dataclass(frozen=True)
class Verdict:
    name: str
    metric: str
    limit: dict[str, float]
    value: float | None
    passed: bool

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "metric": self.metric,
            "limit": self.limit,
            "value": self.value,
            "passed": self.passed,
        }


def lookup(report: dict[str, Any], metric: str) -> Any:
    """The value at a dotted path in the report, or KeyError."""
    node: Any = report
    for part in metric.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(metric)
        node = node[part]
    return node
