"""Did a change make latency worse? Two runs' per-stage percentiles, compared with intervals.

For each stage, the difference of the chosen percentile (new minus base) gets a bootstrap
confidence interval, and a one-sided Mann-Whitney U test asks whether the new run's times
tend to be larger. Requests of one run are not independent (a slow request delays the ones
queued behind it), so the bootstrap resamples blocks of consecutive requests (a circular
block bootstrap) rather than single requests. The interval's level is Bonferroni-corrected
for the number of stages compared, so comparing seven stages of two equivalent runs flags
one by chance at most 5 % of the time.

A stage is a *regression* only when the interval lies wholly above zero (significant) and the
estimated difference is larger than the threshold. Pure functions on arrays: no I/O here.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace

import numpy as np

RESAMPLES = 2000  # bootstrap resamples per stage
ALPHA = 0.05  # family-wise error rate over the stages compared
CHUNK = 200  # resamples drawn at once (bounds memory: CHUNK x n indices)


@dataclass(frozen=True)
class StageComparison:
    stage: str
    percentile: float
    base_n: int
    new_n: int
    base_ms: float
    new_ms: float
    delta_ms: float
    ci_low_ms: float
    ci_high_ms: float
    confidence: float
    rank_p: float  # one-sided Mann-Whitney U: new tends to be slower than base
    threshold_ms: float
    significant: bool
    regression: bool
    verdict: str  # "REGRESSION", "slower, within threshold", "faster", ...
    seconds: float = 0.0  # compute time of this stage's comparison (JUnit/CTRF, not the JSON)

    def to_dict(self) -> dict[str, object]:
        return {k: (None if isinstance(v, float) and not math.isfinite(v) else v)
                for k, v in asdict(self).items() if k != "seconds"}


def block_length(n: int) -> int:
    """Block length of the circular block bootstrap: about sqrt(n) consecutive requests."""
    return max(1, round(math.sqrt(n)))


def _block_indices(rng: np.random.Generator, n: int, count: int, block: int) -> np.ndarray:
    """``count`` resamples of ``n`` indices, each made of circular blocks of ``block``."""
    blocks = -(-n // block)
    starts = rng.integers(0, n, size=(count, blocks, 1))
    idx = (starts + np.arange(block)) % n
    return idx.reshape(count, blocks * block)[:, :n]


def bootstrap_delta(base: np.ndarray, new: np.ndarray, percentile: float, confidence: float,
                    rng: np.random.Generator, resamples: int = RESAMPLES
                    ) -> tuple[float, float]:
    """A percentile-bootstrap interval of ``P(new) - P(base)`` at ``confidence``."""
    deltas = np.empty(resamples)
    lb, ln = block_length(base.size), block_length(new.size)
    for start in range(0, resamples, CHUNK):
        count = min(CHUNK, resamples - start)
        pb = np.percentile(base[_block_indices(rng, base.size, count, lb)], percentile, axis=1)
        pn = np.percentile(new[_block_indices(rng, new.size, count, ln)], percentile, axis=1)
        deltas[start:start + count] = pn - pb
    tail = (1.0 - confidence) / 2.0 * 100.0
    low, high = np.percentile(deltas, [tail, 100.0 - tail])
    return float(low), float(high)


def rank_p(base: np.ndarray, new: np.ndarray) -> float:
    """One-sided Mann-Whitney U p-value for "new is stochastically larger than base"."""
    from scipy.stats import mannwhitneyu

    if base.size == 0 or new.size == 0 or (np.ptp(base) == 0 and np.ptp(new) == 0
                                           and base[0] == new[0]):
        return 1.0
    return float(mannwhitneyu(new, base, alternative="greater").pvalue)


def compare_stage(stage: str, base: np.ndarray, new: np.ndarray, percentile: float,
                  threshold_ms: float, confidence: float, rng: np.random.Generator,
                  resamples: int = RESAMPLES) -> StageComparison:
    """One stage's comparison (``base``/``new`` in request order, milliseconds)."""
    b = np.asarray(base, dtype=float)
    n = np.asarray(new, dtype=float)
    b, n = b[np.isfinite(b)], n[np.isfinite(n)]
    if b.size < 2 or n.size < 2:
        nan = math.nan
        return StageComparison(stage, percentile, int(b.size), int(n.size), nan, nan, nan, nan,
                               nan, confidence, nan, threshold_ms, False, False,
                               "not compared (fewer than 2 requests)")
    pb, pn = float(np.percentile(b, percentile)), float(np.percentile(n, percentile))
    low, high = bootstrap_delta(b, n, percentile, confidence, rng, resamples)
    delta = pn - pb
    significant = low > 0.0
    regression = significant and delta > threshold_ms
    if regression:
        verdict = "REGRESSION"
    elif significant:
        verdict = "slower, within threshold"
    elif high < 0.0:
        verdict = "faster"
    else:
        verdict = "no significant change"
    return StageComparison(stage, percentile, int(b.size), int(n.size), pb, pn, delta, low,
                           high, confidence, rank_p(b, n), threshold_ms, significant,
                           regression, verdict)


def compare_runs(base: Mapping[str, np.ndarray], new: Mapping[str, np.ndarray],
                 stages: list[str], percentile: float = 95.0, threshold_ms: float = 1.0,
                 seed: int = 0, resamples: int = RESAMPLES,
                 alpha: float = ALPHA) -> list[StageComparison]:
    """Every stage in ``stages`` compared; the interval level is ``1 - alpha / len(stages)``.
    Deterministic for a seed (each stage draws from its own child stream)."""
    if not 0.0 < percentile < 100.0:
        raise ValueError(f"percentile {percentile} is not in (0, 100)")
    confidence = 1.0 - alpha / max(1, len(stages))
    streams = np.random.SeedSequence(seed).spawn(len(stages))
    rows = []
    for stage, stream in zip(stages, streams, strict=True):
        t0 = time.perf_counter()
        row = compare_stage(stage, base[stage], new[stage], percentile, threshold_ms,
                            confidence, np.random.default_rng(stream), resamples)
        rows.append(replace(row, seconds=time.perf_counter() - t0))
    return rows
