"""Calibrate the capture stage's endpointing model from real capture runs
(``twin calibrate --stage capture``; ``twin fidelity`` fits its capture row the same way).

A real run of a scenario with a real capture stage reports, per request, the endpointer's
outcome (``capture_outcome``: ok, premature, timeout), its latency from the true end of speech
(``capture_latency_ms``), what was said and what was heard (``capture_text``,
``capture_heard``), and in ``report.json`` the settings it ran with
(``capture_real.settings``). Each run is one point of :class:`latency_models.capture.CaptureModel`
(:func:`latency_models.capture.fit_point`): its settings, its minimum silence, the outcome
counts, the ok latency fitted with scipy, how early the premature endpoints came and what
share of the words they kept, the timeouts' latency.

Checked on held-back requests: every fourth request of each run is held back, a point fitted
on the others predicts the held-back ok latency's p50/p95 and the premature and timeout
shares. A percentile passes within 5 % or inside the held-back sample's distribution-free
confidence interval for it (order statistics); a share passes inside the held-back count's
exact (Clopper-Pearson) interval; the intervals are at 95 % Bonferroni-corrected over every
check made (a handful of held-back requests cannot contradict much, and the check says so
rather than failing on noise). The model written is then fitted on every request.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from scipy import stats

from latency_models.capture import (
    KEY_FIELDS,
    OPTIONAL,
    OUTCOMES,
    CaptureModel,
    CapturePoint,
    fit_point,
)
from twin.capture_model import TABLE, heard_share
from twin.errors import InputError
from twin.files import read_text

HOLD_EVERY = 4
REL_LIMIT = 0.05
ALPHA = 0.05
MIN_HELD = 10  # held-back ok endpoints needed to check a percentile
COLUMNS = ("capture_outcome", "capture_latency_ms", "capture_text", "capture_heard")
Progress = Callable[[str], None]


@dataclass(frozen=True)
class RunSample:
    """One real capture run's endpoints: its settings and, per request, the outcome, the
    latency and the share of the words heard."""

    source: str
    settings: dict[str, Any]
    min_silence_ms: float
    outcome: np.ndarray
    latency_ms: np.ndarray
    heard: np.ndarray
    wasted: np.ndarray  # speculative starts cancelled per request

    def point(self, mask: np.ndarray | None = None) -> CapturePoint:
        sel = np.ones(self.outcome.size, dtype=bool) if mask is None else mask
        return fit_point(self.settings, self.min_silence_ms, self.outcome[sel],
                         self.latency_ms[sel], self.heard[sel], self.wasted[sel])


def _settings(block: Any, source: str) -> tuple[dict[str, Any], float]:
    where = "capture_real.settings"
    if not isinstance(block, dict) or not isinstance(block.get("settings"), dict):
        raise InputError(source, where, "the settings of a real capture run (report.json of "
                         "a run with [stages.capture] mode = \"real\", made by this version)")
    settings = block["settings"]
    for name in (*KEY_FIELDS, "min_silence_ms"):
        if name not in settings and name not in OPTIONAL:
            raise InputError(source, f"{where}.{name}", "a value")
    ms = settings["min_silence_ms"]
    if isinstance(ms, bool) or not isinstance(ms, int | float) or not np.isfinite(ms) or ms <= 0:
        raise InputError(source, f"{where}.min_silence_ms", f"a positive number, got {ms!r}")
    return {k: settings.get(k) for k in KEY_FIELDS}, float(ms)


def sample_from_columns(report: dict[str, Any], columns: dict[str, Any],
                        source: str) -> RunSample:
    """A run's endpoints from its report and its per-request columns (a finished run's
    ``RunResult``, or ``requests.csv`` read back); requests without an outcome (not captured)
    are left out."""
    settings, ms = _settings(report.get("capture_real"), source)
    missing = [c for c in COLUMNS if c not in columns]
    if missing:
        raise InputError(source, missing[0], "a column of a real capture run's requests.csv")
    outcome = np.asarray(columns["capture_outcome"], dtype=str)
    keep = outcome != ""
    bad = sorted(set(outcome[keep].tolist()) - set(OUTCOMES))
    if bad:
        raise InputError(source, "capture_outcome", f"one of {', '.join(OUTCOMES)}, got "
                         f"{bad[0]!r}")
    try:
        latency = np.asarray([float(v) for v in np.asarray(columns["capture_latency_ms"])[keep]])
    except ValueError:
        raise InputError(source, "capture_latency_ms", "numbers (ms)") from None
    if not np.all(np.isfinite(latency)):
        raise InputError(source, "capture_latency_ms", "finite numbers (ms) for every "
                         "captured request")
    if not keep.any():
        raise InputError(source, "capture_outcome", "at least one captured request")
    texts = np.asarray(columns["capture_text"], dtype=str)[keep]
    heard = np.asarray(columns["capture_heard"], dtype=str)[keep]
    share = np.array([heard_share(t, h) for t, h in zip(texts, heard, strict=True)])
    wasted = np.zeros(share.size, dtype=int)
    if "capture_wasted" in columns:  # a run with speculative endpointing counts them
        try:
            wasted = np.asarray([int(v) for v in np.asarray(columns["capture_wasted"])[keep]])
        except ValueError:
            raise InputError(source, "capture_wasted", "whole counts") from None
        if (wasted < 0).any():
            raise InputError(source, "capture_wasted", "counts >= 0")
    return RunSample(source, settings, ms, outcome[keep], latency, share, wasted)


def sample_from_folder(folder: Path) -> RunSample:
    """A run's endpoints from its folder (``report.json`` and ``requests.csv``)."""
    if not folder.is_dir():
        raise InputError(str(folder), "--runs", "a real capture run's output folder")
    path = folder / "report.json"
    try:
        report = json.loads(read_text(path, key="report.json", expected="a run's report.json"))
    except json.JSONDecodeError as exc:
        raise InputError(str(path), "report.json", f"JSON ({exc.msg})") from None
    if not isinstance(report, dict):
        raise InputError(str(path), "report.json", "a JSON object")
    if report.get("interrupted"):
        raise InputError(str(path), "interrupted", "a finished run (this one was interrupted)")
    if "capture_real" not in report:
        raise InputError(str(path), "capture_real", "a run whose capture stage was real")
    csv_path = folder / "requests.csv"
    text = read_text(csv_path, key="requests.csv", expected="a readable requests.csv")
    reader = csv.DictReader(io.StringIO(text))
    rows = list(reader)
    columns = {c: [r.get(c) or "" for r in rows] for c in reader.fieldnames or ()}
    return sample_from_columns(report, columns, str(csv_path))


def _quantile_check(predicted: float, held: np.ndarray, q: float, alpha: float
                    ) -> dict[str, Any]:
    """``predicted`` against the held-back sample's ``q`` quantile: within :data:`REL_LIMIT`
    or inside its distribution-free (order statistics) interval at level ``1 - alpha``."""
    xs = np.sort(held)
    m = xs.size
    measured = float(np.quantile(xs, q))
    lo_rank = int(stats.binom.ppf(alpha / 2, m, q))
    hi_rank = min(int(stats.binom.ppf(1 - alpha / 2, m, q)) + 1, m)
    lo, hi = float(xs[max(lo_rank - 1, 0)]), float(xs[hi_rank - 1])
    rel = (predicted - measured) / measured if measured else 0.0
    return {"predicted_ms": round(predicted, 3), "measured_ms": round(measured, 3),
            "rel_error": round(rel, 4), "interval_ms": [round(lo, 3), round(hi, 3)],
            "passed": bool(abs(rel) <= REL_LIMIT or lo <= predicted <= hi)}


def _share_check(predicted: float, k: int, n: int, alpha: float) -> dict[str, Any]:
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=1 - alpha, method="exact")
    return {"predicted": round(predicted, 4), "measured": round(k / n, 4),
            "held_back": n, "interval": [round(float(ci.low), 4), round(float(ci.high), 4)],
            "passed": bool(ci.low - 1e-12 <= predicted <= ci.high + 1e-12)}


def held_back(sample: RunSample, alpha: float) -> dict[str, Any]:
    """The held-back check of one run (see the module doc)."""
    held = np.arange(sample.outcome.size) % HOLD_EVERY == HOLD_EVERY - 1
    out: dict[str, Any] = {"calibration": int((~held).sum()), "held_back": int(held.sum())}
    if held.sum() == 0 or (~held).sum() == 0:
        out["skipped"] = "too few requests to hold any back"
        return out
    point = sample.point(~held)
    ok = sample.latency_ms[held & (sample.outcome == "ok")]
    if ok.size >= MIN_HELD and point.ok_ms is not None:
        for q in (0.5, 0.95):
            out[f"ok_p{int(q * 100)}"] = _quantile_check(
                float(point.ok_ms.quantile(q)), ok, q, alpha)
    else:
        out["ok_skipped"] = f"{ok.size} held-back ok endpoints (at least {MIN_HELD} needed)"
    for o in ("premature", "timeout"):
        k = int(np.count_nonzero(sample.outcome[held] == o))
        out[f"{o}_share"] = _share_check(point.share(o), k, int(held.sum()), alpha)
    return out


def checks_made(sample: RunSample) -> int:
    """How many checks :func:`held_back` makes on a run (for the Bonferroni correction)."""
    held = np.arange(sample.outcome.size) % HOLD_EVERY == HOLD_EVERY - 1
    ok = int(np.count_nonzero(held & (sample.outcome == "ok")))
    return 2 + (2 if ok >= MIN_HELD else 0)


def calibrate_capture(samples: Sequence[RunSample], progress: Progress = lambda _m: None
                      ) -> dict[str, Any]:
    """Fit a point per run, check each on its held-back requests; the calibration record
    (``model``: the :class:`CaptureModel` spec fitted on every request)."""
    if not samples:
        raise ValueError("at least one run")
    alpha = ALPHA / max(sum(checks_made(s) for s in samples), 1)
    points, rows = [], []
    for s in samples:
        progress(f"fitting {s.source}: {s.outcome.size} requests, minimum silence "
                 f"{s.min_silence_ms:g} ms")
        point = s.point()
        points.append(point)
        check = held_back(s, alpha)
        rows.append({"source": s.source, "settings": s.settings,
                     "min_silence_ms": s.min_silence_ms, "requests": int(s.outcome.size),
                     "outcomes": point.counts,
                     "ok_fit": None if point.ok_ms is None else point.ok_ms.to_spec(),
                     "held_back": check})
    try:
        model = CaptureModel.from_spec(CaptureModel(tuple(points)).to_spec())
    except ValueError as exc:  # the same settings and minimum silence twice
        raise InputError("--runs", "runs", f"one run per setting and minimum silence ({exc})"
                         ) from None
    passed = [c["passed"] for r in rows for k, c in r["held_back"].items()
              if isinstance(c, dict)]
    return {"stage": "capture", "points": rows, "alpha_per_check": alpha,
            "rel_limit": REL_LIMIT, "passed": all(passed), "checks": len(passed),
            "model": model.to_spec()}


def stage_table(record: dict[str, Any], header: str) -> str:
    """The calibration file: ``[stages.capture]`` (the first point's ok latency, for a
    scenario that reads only the marginal) and ``[capture_model]``."""
    import tomli_w

    from hil.fidelity_fit import toml_ready

    model = record["model"]
    first = model["points"][0]
    marginal = first.get("ok_ms") or first.get("timeout_latency_ms") or {
        "dist": "fixed", "value": 0.0}
    text = "".join(f"# {line}\n" for line in header.splitlines())
    return text + tomli_w.dumps(toml_ready({"stages": {"capture": marginal}, TABLE: model}))
