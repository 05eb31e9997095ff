"""Capacity search: the highest load (users or QPS) whose latency percentile meets a budget.

``evaluate(load) -> latency_ms`` is a monotone-ish noisy function (a twin run at that load
reporting e.g. its p95). Callers should use common random numbers (the same seed at every
load) so that noise does not reorder neighbouring loads. The search brackets the knee by
growing the load geometrically, then bisects until the bracket is narrower than the
tolerance or the evaluation cap is hit. The seed article's figure for this is "120 QPS at
P95 < 100 ms" (Qwen2-1.5B-int4 on an A10).

Also here: the exact M/M/c response-time percentile (Erlang C), the analytic reference the
search is tested against.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from scipy import optimize, stats

from twin.errors import InputError
from twin.sweep import flatten_metrics, set_dotted

Evaluate = Callable[[float], float]


@dataclass
class CapacityResult:
    """The knee (highest passing load found; None when even ``low`` fails) and every point."""

    knee: float | None
    first_failing: float | None
    budget_ms: float
    percentile: float
    load_name: str
    tolerance: float
    evaluations: int
    converged: bool
    reason: str
    points: list[tuple[float, float]] = field(default_factory=list)
    #: replications near the knee (:func:`replicate_knee`): the curve with its band, the knee
    #: with its interval; None when not replicated
    replicated: dict[str, Any] | None = None

    @property
    def monotone(self) -> bool:
        """False when a higher load passed while a lower one failed (noise or a real dip)."""
        ordered = sorted(self.points)
        failed = False
        for _, latency in ordered:
            if latency > self.budget_ms:
                failed = True
            elif failed:
                return False
        return True

    def to_dict(self) -> dict[str, object]:
        data = asdict(self)
        data["points"] = [{"load": load, "latency_ms": ms} for load, ms in sorted(self.points)]
        data["monotone"] = self.monotone
        return data


def find_capacity(
    evaluate: Evaluate,
    budget_ms: float,
    *,
    low: float,
    high: float | None = None,
    tolerance: float = 1.0,
    max_evals: int = 30,
    growth: float = 2.0,
    integer: bool = False,
    percentile: float = 95.0,
    load_name: str = "qps",
) -> CapacityResult:
    """Bracket then bisect for the highest load with ``evaluate(load) <= budget_ms``.

    ``high`` (optional) is a first guess for a failing load; without it the load grows by
    ``growth`` from ``low``. ``integer`` rounds loads (users); tolerance is absolute in load
    units. Stops after ``max_evals`` evaluations (``converged`` False then).
    """
    if not (low > 0 and tolerance > 0 and max_evals >= 1 and growth > 1):
        raise ValueError("need low > 0, tolerance > 0, max_evals >= 1 and growth > 1")
    cache: dict[float, float] = {}

    def measure(load: float) -> float:
        load = float(round(load)) if integer else float(load)
        if load not in cache:
            cache[load] = float(evaluate(load))
        return cache[load]

    def result(
        knee: float | None, bad: float | None, converged: bool, reason: str
    ) -> CapacityResult:
        return CapacityResult(
            knee, bad, budget_ms, percentile, load_name, tolerance, len(cache), converged,
            reason, sorted(cache.items()),
        )  # fmt: skip

    good = float(round(low)) if integer else float(low)
    if measure(good) > budget_ms:
        return result(None, good, True, f"the lowest load {good:g} already misses the budget")
    bad = max(high if high is not None else good * growth, good + tolerance)
    while measure(bad) <= budget_ms:
        good, bad = bad, bad * growth
        if len(cache) >= max_evals:
            return result(good, None, False, "no failing load found within max_evals")
    while bad - good > tolerance:
        if len(cache) >= max_evals:
            return result(good, bad, False, "max_evals reached before the tolerance")
        mid = (good + bad) / 2.0
        if integer:
            mid = float(round(mid))
            if mid in (good, bad):
                break
        if measure(mid) <= budget_ms:
            good = mid
        else:
            bad = mid
    return result(good, bad, True, "bracket narrower than the tolerance")


def band_loads(knees: Sequence[float], result: CapacityResult, integer: bool,
               points: int = 5) -> list[float]:
    """Loads for the curve's band: ``points`` loads evenly across the replications' knees,
    one search tolerance (at least 1 user) beyond them on each side."""
    finite = [k for k in knees if math.isfinite(k)]
    if not finite:
        return []
    pad = max(result.tolerance, 1.0) if integer else result.tolerance
    lo, hi = max(min(finite) - pad, 1e-9), max(finite) + pad
    loads = np.linspace(lo, hi, points).tolist()
    loads = [float(round(x)) if integer else float(x) for x in loads]
    return sorted({x for x in loads if x > 0})


def replicate_knee(evaluate: Callable[[float, int], float], result: CapacityResult,
                   seeds: Sequence[int], integer: bool, low: float, max_evals: int = 30,
                   on_point: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The knee's spread over replications: each replication ``r`` repeats the search on its
    own seed (common random numbers within it: every load on ``seeds[r]``), then every
    replication runs a few loads across the knees found, for the percentile curve's band.
    Returns each replication's knee, their mean with a 95 % bootstrap interval, and per band
    load the mean percentile with its 95 % bootstrap band. ``on_point(what)`` says what runs."""
    from twin.sweep import mean_ci95

    def say(text: str) -> None:
        if on_point is not None:
            on_point(text)

    knees: list[float] = []
    missed: list[str] = []
    for r, seed in enumerate(seeds):
        def one(load: float, seed: int = seed, r: int = r) -> float:
            say(f"replication {r + 1} of {len(seeds)}: search at {load:g}")
            return float(evaluate(load, seed))

        found = find_capacity(one, result.budget_ms, low=low, high=result.first_failing,
                              tolerance=result.tolerance, max_evals=max_evals,
                              integer=integer, percentile=result.percentile,
                              load_name=result.load_name)
        if found.knee is None or not found.converged:
            missed.append(f"replication {r + 1}: {found.reason}")
            knees.append(math.nan if found.knee is None else found.knee)
        else:
            knees.append(found.knee)
    loads = band_loads(knees, result, integer)
    values = np.full((len(seeds), len(loads)), math.nan)
    for j, load in enumerate(loads):
        for r, seed in enumerate(seeds):
            say(f"band: replication {r + 1} of {len(seeds)} at {load:g}")
            values[r, j] = float(evaluate(load, seed))
    curve = []
    for j, load in enumerate(loads):
        mean, lo, hi = mean_ci95(values[:, j].tolist())
        curve.append({"load": load, "mean_ms": mean, "ci95_low": lo, "ci95_high": hi,
                      "values_ms": values[:, j].tolist(),
                      "within_budget": int(np.sum(values[:, j] <= result.budget_ms))})
    finite = [k for k in knees if math.isfinite(k)]
    mean, lo, hi = mean_ci95(finite) if finite else (math.nan, math.nan, math.nan)
    return {"replications": len(seeds), "seeds": list(seeds), "loads": loads, "curve": curve,
            "knee": {"mean": mean, "ci95_low": lo, "ci95_high": hi,
                     "min": min(finite) if finite else math.nan,
                     "max": max(finite) if finite else math.nan,
                     "per_replication": knees, "not_converged": missed}}


def erlang_c(servers: int, offered_load: float) -> float:
    """P(wait > 0) in M/M/c with ``offered_load`` = lambda/mu (Erlang C), via scipy Poisson."""
    c, a = servers, offered_load
    if a >= c:
        return 1.0
    blocking = stats.poisson.pmf(c, a) / stats.poisson.cdf(c, a)  # Erlang B
    return float(blocking / (1.0 - (a / c) * (1.0 - blocking)))


def mmc_response_sf(
    t_ms: float, arrival_per_ms: float, service_per_ms: float, servers: int
) -> float:
    """P(response time > t) in M/M/c FCFS: wait (0 or Exp(c*mu - lambda)) plus Exp(mu) service."""
    lam, mu, c = arrival_per_ms, service_per_ms, servers
    if lam >= c * mu:
        return 1.0
    p_wait = erlang_c(c, lam / mu)
    theta = c * mu - lam
    if math.isclose(theta, mu):
        both = (1.0 + mu * t_ms) * math.exp(-mu * t_ms)  # Erlang(2, mu)
    else:
        both = (theta * math.exp(-mu * t_ms) - mu * math.exp(-theta * t_ms)) / (theta - mu)
    return (1.0 - p_wait) * math.exp(-mu * t_ms) + p_wait * both


def mmc_response_percentile(
    qps: float, service_ms: float, servers: int, percentile: float
) -> float:
    """The exact response-time percentile (ms) of M/M/c at ``qps`` with mean ``service_ms``."""
    lam, mu = qps / 1000.0, 1.0 / service_ms
    if lam >= servers * mu:
        return math.inf
    tail = 1.0 - percentile / 100.0
    hi = service_ms
    while mmc_response_sf(hi, lam, mu, servers) > tail:
        hi *= 2.0
    return float(optimize.brentq(lambda t: mmc_response_sf(t, lam, mu, servers) - tail, 0.0, hi))


def mmc_capacity(service_ms: float, servers: int, percentile: float, budget_ms: float) -> float:
    """The analytic highest QPS with the M/M/c response percentile at ``budget_ms``."""
    top = servers * 1000.0 / service_ms * (1 - 1e-9)
    if mmc_response_percentile(1e-9, service_ms, servers, percentile) > budget_ms:
        return 0.0
    return float(
        optimize.brentq(
            lambda q: mmc_response_percentile(q, service_ms, servers, percentile) - budget_ms,
            1e-9,
            top,
            xtol=1e-9,
        )
    )


def write_capacity(
    result: CapacityResult, out_dir: Path, stem: str = "capacity"
) -> tuple[Path, Path]:
    """Write ``capacity.json`` and a knee plot ``capacity.png`` (matplotlib, Agg)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out_dir.mkdir(parents=True, exist_ok=True)
    json_path = out_dir / f"{stem}.json"
    json_path.write_text(json.dumps(result.to_dict(), indent=2, allow_nan=True) + "\n")
    loads = [p[0] for p in result.points]
    lat = [min(p[1], result.budget_ms * 10) for p in result.points]
    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=100)
    colours = ["tab:green" if p[1] <= result.budget_ms else "tab:red" for p in result.points]
    ax.plot(loads, lat, color="0.6", lw=1, zorder=1)
    ax.scatter(loads, lat, c=colours, zorder=2, label="evaluated loads (search)")
    rep = result.replicated
    if rep and rep["curve"]:
        xs = [c["load"] for c in rep["curve"]]
        ax.plot(xs, [c["mean_ms"] for c in rep["curve"]], color="tab:purple", lw=1.5,
                label=f"mean of {rep['replications']} replications")
        if all(math.isfinite(c["ci95_low"]) for c in rep["curve"]):
            ax.fill_between(xs, [c["ci95_low"] for c in rep["curve"]],
                            [c["ci95_high"] for c in rep["curve"]], color="tab:purple",
                            alpha=0.2, label="95 % band")
        k = rep["knee"]
        if math.isfinite(k["ci95_low"]):
            ax.axvspan(k["ci95_low"], k["ci95_high"], color="tab:blue", alpha=0.12,
                       label=f"knee 95 % CI {k['ci95_low']:.4g}-{k['ci95_high']:.4g}")
    ax.axhline(result.budget_ms, color="k", ls="--", lw=1, label=f"budget {result.budget_ms:g} ms")
    if result.knee is not None:
        ax.axvline(
            result.knee, color="tab:blue", lw=1, label=f"knee {result.knee:g} {result.load_name}"
        )
    ax.set_xlabel(f"load ({result.load_name})")
    ax.set_ylabel(f"p{result.percentile:g} latency (ms)")
    ax.set_title("capacity search")
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    png_path = out_dir / f"{stem}.png"
    fig.savefig(png_path)
    plt.close(fig)
    return json_path, png_path


REPORTED_PERCENTILES = (50.0, 95.0, 99.0)


def percentile_metric(percentile: float) -> str:
    """The report.json key holding the end-to-end ``percentile`` (e2e.p50_ms/p95_ms/p99_ms)."""
    if percentile not in REPORTED_PERCENTILES:
        raise InputError("--percentile", f"{percentile:g}", "one of 50, 95, 99 (the report's)")
    return f"e2e.p{percentile:g}_ms"


def make_evaluate(
    raw: dict[str, Any],
    load_key: str,
    point_fn: Callable[[dict[str, Any], int], dict[str, Any]],
    seed: int,
    metric: str = "e2e.p95_ms",
    integer: bool = False,
    source: str = "scenario",
    apply: Callable[[dict[str, Any], dict[str, Any], str], dict[str, Any]] | None = None,
    probe: float = 1.0,
) -> Evaluate:
    """``evaluate(load)``: run ``point_fn`` with ``load_key`` set to the load, return ``metric``.

    Common random numbers: every load runs with the same ``seed``. ``point_fn`` is the same
    kind of function a sweep uses (e.g. it returns report.json content). ``apply(raw, point,
    source)`` sets the key (default: a plain dotted key; ``twin capacity`` passes what
    ``whatif --vary`` uses, so stage parameters such as ``stages.inference.median`` work);
    ``probe`` is a load that must be settable.
    """

    def put(value: float | int) -> dict[str, Any]:
        if apply is not None:
            return apply(raw, {load_key: value}, source)
        return set_dotted(raw, load_key, value, source)

    put(round(probe) if integer else probe)  # fail now, with the key named, if it cannot be set

    def evaluate(load: float, run_seed: int = seed) -> float:
        value: float | int = round(load) if integer else float(load)
        metrics = flatten_metrics(point_fn(put(value), run_seed))
        if metric not in metrics:
            raise InputError(
                source, metric, f"a metric the run reports ({', '.join(sorted(metrics))})"
            )
        return metrics[metric]

    return evaluate
