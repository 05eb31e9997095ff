"""Everything random about a run, drawn up front from named streams.

A :class:`Plan` holds each request's base latency per stage (indexed by arrival order), each
fault's prepared draws, and the stop-the-world schedules. Both engines consume the same plan,
which is why the fast path reproduces the SimPy engine exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from latency_models.distributions import SpecError
from latency_models.faults import Fault, Pause, PauseSchedule
from latency_models.stages import INFERENCE, NETWORK, STAGE_INDEX, STAGES
from twin.errors import InputError
from twin.rng import stage_stream, stream
from twin.scenario import Scenario
from twin.workloads import is_open_loop, open_loop_arrivals, think_times

MIN_WORK_MS = 1e-6  # a stage always takes some time: keeps FCFS tie-breaking unambiguous
#: a run's simulated horizon (last arrival plus all drawn work) is refused beyond this (~115
#: days): such a run could not finish in reasonable time (or its clock would lose precision)
MAX_HORIZON_MS = 1e10


@dataclass
class Plan:
    seed: int
    n: int
    base_ms: np.ndarray  # (n, 6) base latency per request and stage
    faults: list[Fault]
    fault_draws: list[np.ndarray | None]
    pauses: list[PauseSchedule]  # one per stage
    capacities: list[int | None]  # one per stage
    arrivals_ms: np.ndarray | None = None  # open loop only
    think_ms: np.ndarray | None = None  # closed loop only: (users, rounds)
    deadline_ms: np.ndarray | None = None  # (n, 6) leave-stage deadline, inf for none
    bypass: np.ndarray | None = None  # (n, 6) True where a request needs no slot of the stage
    labels: dict[str, np.ndarray] = field(default_factory=dict)  # per-request extras (path...)

    def work(self, idx: np.ndarray, arrival: np.ndarray, prev_arrival: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
        """Work per stage for requests ``idx`` arriving at ``arrival`` after ``prev_arrival``:
        base plus every fault's extra. Also a (len, n_faults) mask of which faults hit."""
        base = self.base_ms[idx]
        by_stage = {s: base[:, k] for k, s in enumerate(STAGES)}
        work = base.copy()
        hit = np.zeros((len(idx), len(self.faults)), dtype=bool)
        for j, (fault, draws) in enumerate(zip(self.faults, self.fault_draws, strict=True)):
            extras = fault.extra_ms(arrival, prev_arrival, by_stage,
                                    None if draws is None else draws[idx])
            for stage, extra in extras.items():
                work[:, STAGE_INDEX[stage]] += extra
                hit[:, j] |= extra > 0
        return work, hit



def _apply_network_and_model(scenario: Scenario, seed: int, base: np.ndarray,
                             arrivals: np.ndarray | None) -> None:
    """``[network]`` replaces the network stage with a protocol model (HTTP/1.1, HTTP/2,
    QUIC, WebSocket) driven by the arrival times; ``[model]`` scales the inference stage by
    a model/quantisation profile and adds its placement's RTT (edge, cloud) to the network."""
    net_spec, model_spec = scenario.config.network, scenario.config.model
    if (net_spec is not None or model_spec is not None) and arrivals is None:
        key = "network" if net_spec is not None else "model"
        raise InputError(scenario.source, key, "an open-loop workload (poisson, script, or "
                         "voice_burst with closed_loop = false): the model needs arrival times")
    try:
        if net_spec is not None:
            model = net_spec.build()
            entry = arrivals + base[:, 0]  # the network stage starts after capture
            base[:, NETWORK] = model.sample_at(stream(seed, "network"), entry,
                                               hold_ms=base[:, 2:5].sum(axis=1))
        if model_spec is not None:
            profile = model_spec.build()
            base[:, INFERENCE] *= profile.latency_scale()
            base[:, NETWORK] += profile.placement_rtt_at(stream(seed, "network", 1), arrivals)
    except SpecError as exc:
        raise InputError(scenario.source, exc.key, exc.expected) from None


def _check_bounded(scenario: Scenario, horizon: float, base: np.ndarray) -> None:
    """Refuse a plan whose simulated run could not finish in reasonable time."""
    if not np.isfinite(horizon) or horizon > MAX_HORIZON_MS:
        raise InputError(scenario.source, "workload",
                         f"arrivals within {MAX_HORIZON_MS:.0e} ms of simulated time (the "
                         f"rate or period puts them at {horizon:.3g} ms)")
    work = float(base.sum())
    if not np.isfinite(work) or work > MAX_HORIZON_MS:
        stage = STAGES[int(np.argmax(base.max(axis=0)))]
        raise InputError(scenario.source, f"stages.{stage}",
                         f"latencies whose total stays within {MAX_HORIZON_MS:.0e} ms of "
                         f"simulated time (the draws add up to {work:.3g} ms)")


def make_plan(scenario: Scenario, seed: int, n: int) -> Plan:
    """Draw all randomness for ``n`` requests of ``scenario`` under ``seed``."""
    base = np.column_stack(
        [scenario.stages[s].sample(stage_stream(seed, s), n) for s in STAGES]
    )
    draws = [f.prepare(stream(seed, "fault", j), n) for j, f in enumerate(scenario.faults)]
    wl_rng = stream(seed, "workload")
    if is_open_loop(scenario.workload):
        arrivals, thinks = open_loop_arrivals(scenario.workload, n, wl_rng), None
        horizon = float(arrivals[-1]) + 600_000.0
    else:
        arrivals, thinks = None, think_times(scenario.workload, n, wl_rng)
        horizon = float(thinks.sum(axis=1).max()) + 600_000.0 * 4
    _apply_network_and_model(scenario, seed, base, arrivals)
    np.maximum(base, MIN_WORK_MS, out=base)
    _check_bounded(scenario, horizon, base)
    pauses = [
        PauseSchedule.merge([
            f.intervals(horizon) for f in scenario.faults
            if isinstance(f, Pause) and stage in f.targets()
        ])
        for stage in STAGES
    ]
    return Plan(
        seed=seed,
        n=n,
        base_ms=base,
        faults=list(scenario.faults),
        fault_draws=draws,
        pauses=pauses,
        capacities=[scenario.resources.get(s) for s in STAGES],
        arrivals_ms=arrivals,
        think_ms=thinks,
    )
