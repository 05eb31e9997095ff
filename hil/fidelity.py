"""Twin fidelity: does the modelled twin predict the real run?

1. **Calibrate:** a real run on ``seed + calibration_seed_offset`` records every real call
   (:class:`hil.calls.CallRecord`); :mod:`hil.fidelity_fit` fits and writes the calibration
   file that ``calibrated = "PATH"`` reads.
2. **Measure:** the real run on the scenario's seed, in lockstep.
3. **Predict:** the scenario fully modelled from that file, on the real run's arrivals, seed
   and slot counts.
4. **Compare:** per real stage and end to end (:mod:`hil.fidelity_compare`), judged by the
   scenario's ``[fidelity]`` tolerances.

The real side is any :data:`Runner`: the real backends (``twin fidelity`` builds one) or
:class:`hil.synthetic.SyntheticBinding`, a known truth that tests the loop itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hil.calls import CallRecord
from hil.fidelity_compare import compare
from hil.fidelity_fit import fit_records, stage_samples, write_calibration
from latency_models.capture import CaptureModel
from latency_models.stages import STAGES
from twin.config.faults import AUDIO_FAULT_KINDS
from twin.config.fidelity import fidelity_config
from twin.runner import RunResult, run_scenario
from twin.scenario import Scenario, scenario_from_dict

Runner = Callable[[Scenario, int, int], tuple[RunResult, list[CallRecord]]]


def modelled_scenario(scenario: Scenario, real: RunResult, calibration: Path,
                      stages: Sequence[str]) -> Scenario:
    """The scenario fully modelled: the real stages from ``calibration``, on the real run's
    arrivals (a script workload) and slot counts."""
    raw = scenario.config.model_dump(mode="python", by_alias=True, exclude_unset=True)
    raw.pop("expectations", None)
    if "capture" in stages:  # audio faults hit the audio; the calibrated model measured them
        raw["faults"] = [f for f in raw.get("faults", [])
                         if f.get("kind") not in AUDIO_FAULT_KINDS]
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
    capture = None
    if "capture_real" in result.report:  # the endpointer's model from the run's outcomes
        from hil.capture_calibrate import sample_from_columns

        point = sample_from_columns(result.report, result.extra_columns,
                                    f"the calibration run (seed {seed})").point()
        capture = CaptureModel((point,)).to_spec()
    return write_calibration(
        models, stage_samples(result, records), out / "calibration.toml",
        f"written by `twin fidelity` from a real run of {scenario.name} (seed {seed}, "
        f"{n} requests); measured on this machine", capture)


def real_stages_of(result: RunResult, records: Sequence[CallRecord]) -> list[str]:
    """The stages a real run measured: those with recorded calls, and a real capture stage
    (its endpoints are in the run's columns, not calls)."""
    return sorted({r.stage for r in records} | ({"capture"} if "capture_real" in result.report
                                                 else set()))


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
    stages = real_stages_of(real, records)
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
