"""Everything random about a run, drawn up front from named streams.

A :class:`Plan` holds each request's base latency per stage (indexed by arrival order), each
fault's prepared draws, and the stop-the-world schedules. Both engines consume the same plan,
which is why the fast path reproduces the SimPy engine exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial

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
#: runs at least this long draw their independent streams on DRAW_THREADS threads
PARALLEL_DRAWS_MIN = 100_000
DRAW_THREADS = 2


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
    #: stage -> the earlier stage where a request queues for that stage's slot (and holds it
    #: until it leaves the stage): a DUT's free slot is waited for in ``scheduling``
    slot_queued_at: dict[int, int] = field(default_factory=dict)
    labels: dict[str, np.ndarray] = field(default_factory=dict)  # per-request extras (path...)

    def work(self, idx: np.ndarray, arrival: np.ndarray, prev_arrival: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
        """Work per stage for requests ``idx`` arriving at ``arrival`` after ``prev_arrival``:
        base plus every fault's extra. Also a (len, n_faults) mask of which faults hit."""
        return self._work(self.base_ms[idx], arrival, prev_arrival, lambda draws: draws[idx])

    def work_all(self) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`work` for every request of an open-loop plan, in arrival order."""
        columns, hit = self.work_columns()
        work = np.empty((self.n, len(STAGES)), order="F")
        for k, col in enumerate(columns):
            work[:, k] = col
        return work, hit

    def work_columns(self) -> tuple[list[np.ndarray], np.ndarray]:
        """:meth:`work_all` as one array per stage; a stage no fault touches is the plan's
        own base column (a view, not a copy)."""
        assert self.arrivals_ms is not None
        a = self.arrivals_ms
        prev = np.empty_like(a)
        prev[:1] = -np.inf
        prev[1:] = a[:-1]
        return self._work_columns(self.base_ms, a, prev, lambda draws: draws)

    def _work(self, base: np.ndarray, arrival: np.ndarray, prev_arrival: np.ndarray,
              pick: Callable[[np.ndarray], np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        columns, hit = self._work_columns(base, arrival, prev_arrival, pick)
        work = np.empty(base.shape, order="F")
        for k, col in enumerate(columns):
            work[:, k] = col
        return work, hit

    def _work_columns(self, base: np.ndarray, arrival: np.ndarray, prev_arrival: np.ndarray,
                      pick: Callable[[np.ndarray], np.ndarray]
                      ) -> tuple[list[np.ndarray], np.ndarray]:
        by_stage = {s: base[:, k] for k, s in enumerate(STAGES)}
        columns = [base[:, k] for k in range(len(STAGES))]
        own = [False] * len(STAGES)  # has the column been copied (may it be added to)?
        hit = np.zeros((len(arrival), len(self.faults)), dtype=bool, order="F")

        def extras_of(j: int) -> dict[str, np.ndarray]:
            draws = self.fault_draws[j]
            return self.faults[j].extra_ms(arrival, prev_arrival, by_stage,
                                           None if draws is None else pick(draws))

        # each fault's extra reads only the base and its own draws: a long run computes them
        # on two threads (numpy releases the GIL), then adds them in fault order as before
        if len(arrival) >= PARALLEL_DRAWS_MIN and len(self.faults) > 1:
            with ThreadPoolExecutor(max_workers=DRAW_THREADS) as pool:
                every = list(pool.map(extras_of, range(len(self.faults))))
        else:
            every = [extras_of(j) for j in range(len(self.faults))]
        for j, extras in enumerate(every):
            for stage, extra in extras.items():
                k = STAGE_INDEX[stage]
                if own[k]:
                    columns[k] += extra
                else:  # base + extra: the same sum as a copy of base with extra added
                    columns[k], own[k] = columns[k] + extra, True
                hit[:, j] |= extra > 0
        return columns, hit

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


def _run_all(jobs: list[Callable[[], None]], parallel: bool) -> None:
    """Run independent draw jobs, on two threads when ``parallel``: each job owns its named
    random stream and writes its own output, so the draws are the same bits either way
    (numpy's generators release the GIL while they fill large arrays)."""
    if not parallel:
        for job in jobs:
            job()
        return
    with ThreadPoolExecutor(max_workers=DRAW_THREADS) as pool:
        for future in [pool.submit(job) for job in jobs]:
            future.result()  # re-raises a job's error (e.g. a SpecError) here


def make_plan(scenario: Scenario, seed: int, n: int) -> Plan:
    """Draw all randomness for ``n`` requests of ``scenario`` under ``seed``."""
    base = np.empty((n, len(STAGES)), order="F")  # a contiguous column per stage
    draws: list[np.ndarray | None] = [None] * len(scenario.faults)
    drawn: dict[str, np.ndarray] = {}

    def stage(k: int) -> None:
        base[:, k] = scenario.stages[STAGES[k]].sample(stage_stream(seed, STAGES[k]), n)

    def fault(j: int) -> None:
        draws[j] = scenario.faults[j].prepare(stream(seed, "fault", j), n)

    def workload() -> None:
        rng = stream(seed, "workload")
        if is_open_loop(scenario.workload):
            drawn["arrivals"] = open_loop_arrivals(scenario.workload, n, rng)
        else:
            drawn["thinks"] = think_times(scenario.workload, n, rng)

    # the arrivals first: the longest job (a voice burst's sort), so the two threads end
    # together instead of one drawing the arrivals alone at the end
    jobs = [workload, *(partial(stage, k) for k in range(len(STAGES))),
            *(partial(fault, j) for j in range(len(scenario.faults)))]
    _run_all(jobs, parallel=n >= PARALLEL_DRAWS_MIN)
    arrivals, thinks = drawn.get("arrivals"), drawn.get("thinks")
    if arrivals is not None:
        horizon = float(arrivals[-1]) + 600_000.0
    else:
        assert thinks is not None
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
