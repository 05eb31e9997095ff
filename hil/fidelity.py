"""Twin fidelity: does the modelled twin predict the real run?

The loop, for a scenario with real stages:

1. **Calibrate.** A real run on another seed (``seed + calibration_seed_offset``) records every
   real call (:class:`CallRecord`: stage, class, features, measured ms). A conditioned model is
   fitted per stage and class (:func:`latency_models.conditioned.fit_conditioned`) and written
   with the marginal fit as a calibration file (``[stages.X]`` + ``[conditioned.X]``) that
   ``calibrated = "PATH"`` reads in any scenario (``twin run``, ``whatif``, ``capacity``).
2. **Measure.** The real run on the scenario's seed, in lockstep.
3. **Predict.** The same scenario fully modelled from the calibration file, on the real run's
   arrivals (a script workload), seed and slot counts.
4. **Compare.** Per real stage and end to end: p50/p95/p99 predicted against measured with
   the relative error, a two-sample Kolmogorov-Smirnov test; the verdict uses the scenario's
   ``[fidelity]`` tolerances (:mod:`twin.config.fidelity`).

The "real" side is any :data:`Runner` that returns a run and its call records: the real
backends (``twin fidelity`` builds that runner), or a synthetic backend with a known ground truth
(:class:`hil.synthetic.SyntheticBinding`), which is how the loop itself is tested.
"""

from __future__ import annotations

import warnings
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import tomli_w
from scipy import stats

from hil.calls import CallRecord
from latency_models.conditioned import (
    ConditionedModel,
    ConditionedStage,
    fit_conditioned,
    fit_token_rate,
)
from latency_models.distributions import Empirical
from latency_models.fitting import MIN_SAMPLES, fit_samples
from latency_models.stages import STAGES
from twin.config.fidelity import FidelityConfig, fidelity_config
from twin.runner import RunResult, run_scenario
from twin.scenario import Scenario, scenario_from_dict

QUANTILES = (50, 95, 99)
FEATURES_BY_CLASS = {
    ("model_load", "llm"): ("history_tokens", "session_hit"),
    ("inference", "llm"): ("query_tokens",),
}
MAX_MARGINAL_KNOTS = 256


Runner = Callable[[Scenario, int, int], tuple[RunResult, list[CallRecord]]]


def fit_records(records: Sequence[CallRecord], tokens: dict[str, tuple[float, float]] | None = None,
                pinned: Sequence[str] = (), slots: int | None = None,
                route: dict[str, str] | None = None, session_capacity: int = 50,
                ) -> dict[str, ConditionedStage]:
    """A conditioned model per stage and class, fitted from real calls."""
    groups: dict[tuple[str, str], list[CallRecord]] = defaultdict(list)
    table = tokens or {}
    for r in records:
        if r.key in table and (r.stage, r.cls) == ("inference", "llm"):
            # exact counts from the tokenizer (a call abandoned at its deadline reports none)
            r = CallRecord(r.stage, r.index, r.cls, r.ms,
                           {**r.features, "query_tokens": table[r.key][0]}, r.concurrency,
                           r.key)
        groups[(r.stage, r.cls)].append(r)
    classes: dict[str, dict[str, ConditionedModel]] = defaultdict(dict)
    for (stage, cls), rs in sorted(groups.items()):
        names = FEATURES_BY_CLASS.get((stage, cls), ())
        x = {f: np.array([r.features.get(f, 0.0) for r in rs]) for f in names}
        y = np.array([r.ms for r in rs])
        k = np.array([r.concurrency for r in rs])
        classes[stage][cls] = fit_conditioned(x, y, k, names)
    if "model_load" in classes and "rule" not in classes["model_load"]:
        # the rules answer: the real model_load does nothing (0 ms)
        classes["model_load"]["rule"] = ConditionedModel((), 0.0, (), Empirical((1.0,)))
    tokens = dict(tokens or {})
    rate = (1.0, 0.3, 1.0)
    if len(tokens) >= 3:
        texts = [k.split("\x1f", 1)[0] for k in tokens]
        rate = fit_token_rate([f" {t} ->" for t in texts], [1] * len(texts),
                              [v[0] for v in tokens.values()])
    out = {}
    for stage, models in classes.items():
        out[stage] = ConditionedStage(
            stage, dict(models),
            route=dict(route or {}) if stage == "render" else {},
            tokens=tokens if stage in ("model_load", "inference") else {},
            token_rate=rate, pinned=tuple(pinned) if stage == "model_load" else (),
            session_capacity=session_capacity,
            slots=slots if stage == "inference" else None)
    return out


def _marginal(values: np.ndarray) -> dict[str, Any]:
    """A plain distribution spec of a stage's per-request times (for scenarios without the
    conditioned models): the fitted one, else empirical quantiles."""
    values = values[np.isfinite(values)]
    if values.size >= MIN_SAMPLES and np.ptp(values) > 0:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # candidates that cannot fit
            return fit_samples(values).best.dist.to_spec()
    if values.size > MAX_MARGINAL_KNOTS:
        values = np.quantile(values, np.linspace(0, 1, MAX_MARGINAL_KNOTS))
    return Empirical(tuple(float(v) for v in np.sort(values)) or (0.0,)).to_spec()


def _toml_ready(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _toml_ready(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_toml_ready(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def write_calibration(models: dict[str, ConditionedStage], stage_ms: dict[str, np.ndarray],
                      path: Path, header: str) -> Path:
    """Write ``[stages.X]`` (marginal fits) and ``[conditioned.X]`` for every stage."""
    table = {
        "stages": {s: _marginal(np.asarray(stage_ms[s], dtype=float)) for s in models},
        "conditioned": {s: m.to_spec() for s, m in models.items()},
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(f"# {line}\n" for line in header.splitlines())
    path.write_text(text + tomli_w.dumps(_toml_ready(table)), encoding="utf-8")
    return path


def stage_samples(result: RunResult, records: Sequence[CallRecord]) -> dict[str, np.ndarray]:
    """Per stage with records: each request's stage time from the run (queueing included)."""
    stages = sorted({r.stage for r in records})
    return {s: result.timings.stage_ms[:, STAGES.index(s)] for s in stages}


def modelled_scenario(scenario: Scenario, real: RunResult, calibration: Path,
                      stages: Sequence[str]) -> Scenario:
    """The scenario fully modelled: the real stages from ``calibration``, on the real run's
    arrivals (a script workload) and slot counts."""
    raw = scenario.config.model_dump(mode="python", by_alias=True, exclude_unset=True)
    raw.pop("expectations", None)
    table = raw.setdefault("stages", {})
    for s in stages:
        keep = {k: v for k, v in dict(table.get(s) or {}).items() if k == "budget_ms"}
        table[s] = {**keep, "calibrated": str(calibration.resolve())}
    raw["workload"] = {"kind": "script",
                       "arrivals_ms": [float(a) for a in real.timings.arrival.tolist()]}
    caps = {STAGES[k]: int(c) for k, c in enumerate(real.plan.capacities) if c is not None}
    raw["resources"] = caps
    raw["requests"] = int(real.timings.n)
    return scenario_from_dict(raw, scenario.source)


def _row(predicted: np.ndarray, measured: np.ndarray, limits: dict[str, float],
         floor_ms: float, ks_alpha: float | None) -> dict[str, Any]:
    predicted = predicted[np.isfinite(predicted)]
    measured = measured[np.isfinite(measured)]
    row: dict[str, Any] = {"n_predicted": int(predicted.size), "n_measured": int(measured.size)}
    if predicted.size == 0 or measured.size == 0:
        row.update(passed=None, skipped="no samples")
        return row
    ok = True
    for q in QUANTILES:
        p = float(np.percentile(predicted, q))
        m = float(np.percentile(measured, q))
        rel = (p - m) / max(abs(m), floor_ms) if max(abs(m), floor_ms) > 0 else 0.0
        limit = limits.get(f"p{q}")
        passed = None if limit is None else bool(abs(rel) <= limit)
        ok = ok and passed is not False
        lo, hi = np.percentile(measured, [max(q - 1, 0), min(q + 1, 100)])
        row[f"p{q}"] = {"predicted_ms": round(p, 4), "measured_ms": round(m, 4),
                        "rel_error": round(rel, 5), "limit": limit, "passed": passed,
                        # one point of probability either side spans more than half the
                        # value: the percentile sits in a gap (e.g. between the rule path
                        # and the model path) and moves a lot with the mix; said, not hidden
                        "at_gap": bool(hi - lo > max(0.5 * abs(m), floor_ms))}
    ks = stats.ks_2samp(predicted, measured)
    row["ks"] = {"statistic": round(float(ks.statistic), 5), "pvalue": round(float(ks.pvalue), 5)}
    if ks_alpha is not None:
        ok = ok and float(ks.pvalue) >= ks_alpha
    row["passed"] = ok
    return row


def compare(real: RunResult, modelled: RunResult, stages: Sequence[str],
            config: FidelityConfig) -> dict[str, Any]:
    """Predicted against measured, per real stage (all requests, and the model-call requests
    alone for the model stages) and end to end."""
    limits = config.limits()
    rows: dict[str, Any] = {}
    llm = None
    if real.plan.bypass is not None:
        llm = ~real.plan.bypass[:, STAGES.index("inference")]
    for s in stages:
        k = STAGES.index(s)
        rows[s] = _row(modelled.timings.stage_ms[:, k], real.timings.stage_ms[:, k], limits,
                       config.floor_ms, config.ks_alpha)
        if llm is not None and s in ("model_load", "inference") and llm.any():
            rows[f"{s}[llm]"] = _row(modelled.timings.stage_ms[llm, k],
                                     real.timings.stage_ms[llm, k], limits, config.floor_ms,
                                     config.ks_alpha)
    rows["e2e"] = _row(modelled.timings.e2e_ms, real.timings.e2e_ms, limits, config.floor_ms,
                       config.ks_alpha)
    checked = [r["passed"] for r in rows.values() if r.get("passed") is not None]
    return {"rows": rows, "passed": bool(checked) and all(checked),
            "limits": limits, "floor_ms": config.floor_ms}


@dataclass
class FidelityResult:
    """Everything ``twin fidelity`` reports."""

    record: dict[str, Any]
    real: RunResult
    modelled: RunResult
    repeat: RunResult | None = None

    @property
    def passed(self) -> bool:
        return bool(self.record["comparison"]["passed"])


def calibrate_from_run(runner: Runner, scenario: Scenario, seed: int, n: int, out: Path,
                       lookups: Callable[[], dict[str, Any]] | None = None) -> Path:
    """Step 1: a real run on ``seed``, its calls fitted, the calibration file written."""
    result, records = runner(scenario, seed, n)
    extra = lookups() if lookups is not None else {}
    # no slot count in the file: a scenario using it keeps its own [resources] (what-if);
    # the modelled twin of a fidelity run copies the real run's slots itself
    models = fit_records(records, tokens=extra.get("tokens"), pinned=extra.get("pinned", ()),
                         route=extra.get("route"),
                         session_capacity=int(extra.get("session_capacity", 50)))
    return write_calibration(
        models, stage_samples(result, records), out / "calibration.toml",
        f"written by `twin fidelity` from a real run of {scenario.name} (seed {seed}, "
        f"{n} requests); measured on this machine")


def run_fidelity(scenario: Scenario, runner: Runner, out: Path, seed: int | None = None,
                 requests: int | None = None, calibration: Path | None = None,
                 lookups: Callable[[], dict[str, Any]] | None = None,
                 repeat: bool = False,
                 progress: Callable[[str], None] = lambda _msg: None) -> FidelityResult:
    """The calibrate -> measure -> predict -> compare loop (see the module doc). With
    ``repeat`` the measured run is done twice on the same seed and the real-vs-real error
    is reported as the noise floor."""
    config = fidelity_config(scenario)
    seed = scenario.seed if seed is None else seed
    n = requests or config.requests or scenario.requests
    out.mkdir(parents=True, exist_ok=True)
    if calibration is None:
        n_cal = config.calibration_requests or n
        progress(f"calibration run: {n_cal} requests, seed {seed + config.calibration_seed_offset}")
        calibration = calibrate_from_run(runner, scenario, seed + config.calibration_seed_offset,
                                         n_cal, out, lookups)
    progress(f"measured run: {n} requests, seed {seed}")
    real, records = runner(scenario, seed, n)
    stages = sorted({r.stage for r in records})
    progress("modelled run on the same arrivals")
    modelled = run_scenario(modelled_scenario(scenario, real, calibration, stages), seed, n)
    record: dict[str, Any] = {
        "scenario": scenario.name, "seed": seed, "requests": n,
        "calibration": str(calibration), "real_stages": stages,
        "comparison": compare(real, modelled, stages, config),
    }
    again = None
    if repeat:
        progress("repeat of the measured run (noise floor)")
        again, _ = runner(scenario, seed, n)
        record["noise_floor"] = compare(real, again, stages, config)
    return FidelityResult(record, real, modelled, again)
