"""What-if sweeps: vary scenario parameters, replicate each point, summarise with 95 % CIs.

A sweep is a list of :class:`Vary` (from ``--vary key=...`` flags) expanded to a grid or to
random points. Each point is run ``replications`` times with independent seeds taken from
``numpy.random.SeedSequence(base_seed).spawn``: point ``i`` owns child ``i`` and replication
``r`` its grandchild ``r``, so results depend only on the point index and the base seed, never
on the executor or the number of workers. Confidence intervals come from these independent
replications (a bootstrap of the replication means; Wilson for fractions), not from
resampling requests inside one run.

The ``--vary`` language lives in :mod:`twin.vary`, the executors (``process[:N]``, ``serial``,
``dask://HOST:PORT``) in :mod:`twin.executors`; this module runs the points and summarises
them (its names stay importable from here).
"""

from __future__ import annotations

import argparse
import csv
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from twin.errors import InputError
from twin.executors import (  # noqa: F401  (re-exported: the sweep's public names)
    DEFAULT_TIMEOUT_S,
    PointFn,
    flatten_metrics,
    map_tasks,
    parse_executor,
)
from twin.vary import (  # noqa: F401  (re-exported)
    FLAG,
    MAX_VALUES,
    RESERVED_KEYS,
    Value,
    Vary,
    apply_point,
    grid_points,
    parse_value,
    parse_varies,
    parse_vary,
    random_points,
    set_dotted,
)
from twin.whatif_args import add_sweep_arguments  # noqa: F401  (re-exported)

BOOTSTRAP = 4000  # bootstrap resamples per interval
FRACTION_SUFFIXES = ("within_budget", "over_budget", "_share", "_rate", "accuracy")
METADATA = frozenset({"seed", "requests", "point", "replications"})  # not averaged
PROFILE_PREFIX = "model."  # report.json's [model] profile figures (twin.report.model_entry)


def replication_seeds(
    base_seed: int, n_points: int, replications: int, crn: bool = False
) -> list[list[int]]:
    """Seeds ``[point][replication]`` from ``SeedSequence(base_seed).spawn``.

    With ``crn`` (common random numbers) every point reuses point 0's seeds, which sharpens
    comparisons between points; otherwise each point has its own independent seeds.
    """
    children = np.random.SeedSequence(base_seed).spawn(1 if crn else n_points)
    per_child = [
        [int(g.generate_state(1, np.uint64)[0] >> np.uint64(1)) for g in c.spawn(replications)]
        for c in children
    ]
    return [per_child[0] for _ in range(n_points)] if crn else per_child


def mean_ci95(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95 % percentile-bootstrap interval of the mean over replications (NaN bounds
    with fewer than 2). A bootstrap interval stays inside the values the metric took, so it
    never leaves the metric's range (no negative latency, no fraction above 1)."""
    data = np.asarray(values, dtype=float)
    mean = float(np.mean(data))
    if data.size < 2 or not np.isfinite(data).all():
        return mean, math.nan, math.nan
    if np.all(data == data[0]):
        return mean, mean, mean
    rng = np.random.default_rng(np.random.SeedSequence([data.size, 0xB007]))
    means = data[rng.integers(0, data.size, (BOOTSTRAP, data.size))].mean(axis=1)
    low, high = np.quantile(means, [0.025, 0.975])
    return mean, float(min(low, mean)), float(max(high, mean))


def wilson95(successes: float, trials: float) -> tuple[float, float]:
    """Wilson score 95 % interval of a proportion (always inside [0, 1])."""
    if trials <= 0:
        return math.nan, math.nan
    z = 1.959963984540054
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def fraction_ci95(values: Sequence[float], requests: Sequence[float]
                  ) -> tuple[float, float, float]:
    """Mean and 95 % interval of a per-request fraction: the wider of the Wilson interval on
    the pooled requests (binomial spread) and the bootstrap over replications (run-to-run
    spread, which queueing makes larger than binomial); both stay inside [0, 1]."""
    mean, low, high = mean_ci95(values)
    trials = float(np.sum(requests))
    w_low, w_high = wilson95(float(np.dot(values, requests)), trials)
    if math.isnan(low):
        return mean, w_low, w_high
    return mean, min(low, w_low), max(high, w_high)


def replications_needed(sd: float, replications: int, half_width: float) -> int | None:
    """Replications for a 95 % interval of +/- ``half_width`` on a point's mean, from the
    standard deviation ``sd`` seen over ``replications`` runs (normal approximation; None
    when the spread is unknown)."""
    if replications < 2 or not math.isfinite(sd) or half_width <= 0:
        return None
    return max(2, math.ceil((1.959963984540054 * sd / half_width) ** 2))


def is_fraction(metric: str) -> bool:
    """Metrics that are a share of requests (report.json's fractions)."""
    return metric.endswith(FRACTION_SUFFIXES) or metric.startswith("perception.")


def is_profile_figure(metric: str) -> bool:
    """A figure of the point's ``[model]`` profile (``model.accuracy``): the same in every
    replication, not measured over requests, so it has no interval of its own."""
    return metric.startswith(PROFILE_PREFIX)


def run_sweep(
    raw_scenario: dict[str, Any],
    varies: Sequence[Vary],
    replications: int,
    executor: str,
    point_fn: PointFn,
    *,
    random_n: int | None = None,
    base_seed: int | None = None,
    crn: bool = False,
    source: str = "scenario",
    create_keys: bool = False,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    show_progress: bool | None = None,
    apply: Callable[[dict[str, Any], dict[str, Value], str], dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Run every point ``replications`` times and summarise each metric with a 95 % CI.

    ``point_fn(raw, seed)`` must be a picklable top-level function returning a (possibly
    nested) dict of numbers, e.g. report.json content. ``base_seed`` defaults to the
    scenario's ``seed`` (else 0). Each row holds ``point`` (index), the varied keys, ``seed``
    (the point's first replication seed; the others follow from it and the point index),
    ``replications``, ``requests`` (per replication), and per metric ``m`` the mean ``m``
    plus ``m.ci95_low`` / ``m.ci95_high`` (bootstrap; fractions: see :func:`fraction_ci95`)
    and ``m.sd`` (the spread over replications, for :func:`replications_needed`).
    All points are validated before any runs.
    """
    if replications < 1:
        raise InputError("--replications", str(replications), "a positive integer")
    points = (
        random_points(varies, random_n, _base_seed(raw_scenario, base_seed))
        if random_n
        else grid_points(varies)
    )
    seed = _base_seed(raw_scenario, base_seed)
    raws = [apply_point(raw_scenario, p, source, create_keys) if apply is None
            else apply(raw_scenario, p, source) for p in points]
    seeds = replication_seeds(seed, len(points), replications, crn)
    tasks = [
        (point_fn, raws[i], seeds[i][r]) for i in range(len(points)) for r in range(replications)
    ]
    results = map_tasks(tasks, executor, timeout_s, show_progress)
    rows: list[dict[str, Any]] = []
    for i, point in enumerate(points):
        reps = results[i * replications : (i + 1) * replications]
        row: dict[str, Any] = {
            "point": i,
            **point,
            "seed": seeds[i][0],
            "replications": replications,
        }
        requests = [r.get("requests", math.nan) for r in reps]
        row["requests"] = requests[0]
        for metric in _metric_names(reps):
            if metric in METADATA:
                continue  # a seed or a count is not a metric: never average it
            values = [r.get(metric, math.nan) for r in reps]
            mean, low, high = (fraction_ci95(values, requests) if is_fraction(metric)
                               and not is_profile_figure(metric)
                               and not any(map(math.isnan, requests)) else mean_ci95(values))
            row[metric] = mean
            row[f"{metric}.sd"] = float(np.std(values, ddof=1)) if len(values) > 1 else math.nan
            row[f"{metric}.ci95_low"] = low
            row[f"{metric}.ci95_high"] = high
        rows.append(row)
    return rows


def _base_seed(raw: dict[str, Any], given: int | None) -> int:
    if given is not None:
        return int(given)
    seed = raw.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InputError("scenario", "seed", "a non-negative integer")
    return seed


def _metric_names(reps: list[dict[str, float]]) -> list[str]:
    names: dict[str, None] = {}
    for rep in reps:
        names.update(dict.fromkeys(rep))
    return list(names)


def write_csv(rows: Sequence[dict[str, Any]], path: Path) -> Path:
    """Write sweep rows to CSV (columns: union of keys in first-seen order)."""
    columns = _metric_names(list(rows))
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns, restval="")
        writer.writeheader()
        writer.writerows(rows)
    return path


def _fmt(value: Any, fraction: bool) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.4f}" if fraction else f"{value:.1f}"


def format_table(
    rows: Sequence[dict[str, Any]], keys: Sequence[str], metrics: Sequence[str]
) -> str:
    """A plain-text table: the varied keys, then ``mean [low, high]`` per metric (fractions
    to 4 decimals, so 0.90 and 0.94 differ; latencies to 0.1 ms)."""
    header = [*keys, *(m if is_profile_figure(m) else f"{m} [95% CI]" for m in metrics)]
    body = []
    for row in rows:
        cells = [str(row.get(k, "")) for k in keys]
        for m in metrics:
            frac = is_fraction(m)
            low, high = row.get(f"{m}.ci95_low"), row.get(f"{m}.ci95_high")
            ci = ("" if low is None or math.isnan(low) or is_profile_figure(m)
                  else f" [{_fmt(low, frac)}, {_fmt(high, frac)}]")
            cells.append(f"{_fmt(row.get(m, math.nan), frac)}{ci}")
        body.append(cells)
    widths = [
        max(len(h), *(len(r[j]) for r in body)) if body else len(h) for j, h in enumerate(header)
    ]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in body]
    return "\n".join(lines)


@dataclass(frozen=True)
class SweepOptions:
    varies: list[Vary]
    replications: int
    random_n: int | None
    executor: str
    crn: bool


def _positive_int(flag: str, text: str) -> int:
    if not (str(text).isascii() and str(text).isdigit()) or int(text) < 1:
        raise InputError(flag, str(text), "a positive integer")
    return int(text)


def sweep_options(args: argparse.Namespace) -> SweepOptions:
    """Validated options from :func:`add_sweep_arguments` flags."""
    parse_executor(args.executor)
    return SweepOptions(
        varies=parse_varies(args.vary),
        replications=_positive_int("--replications", args.replications),
        random_n=None if args.random is None else _positive_int("--random", args.random),
        executor=args.executor,
        crn=bool(args.crn),
    )
