"""The SimPy engine: each request is a process walking the six stages.

A stage with a resource queues for a slot (FCFS), at the stage itself or, when the plan says
so (``slot_queued_at``), at an earlier stage, holding the slot until it leaves. A stage slot
can be bound to a real backend (:class:`RealStage`, bound by the hardware floor above): its
work then happens for real and simulated time advances by the measured duration.
Consecutive modelled stages without a resource or deadline are advanced in one timeout (their
times are still recorded per stage): the same arithmetic, fewer events.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Generator, Sequence
from typing import Any, Protocol

import numpy as np
import simpy
from simpy.core import NORMAL

from latency_models.faults import ScalarPauses
from latency_models.stages import INFERENCE, STAGE_INDEX, STAGES
from twin.plan import Plan
from twin.progress import counting
from twin.timings import Timings

N_STAGES = len(STAGES)


class At(simpy.events.Event):
    """An event that fires at the absolute simulated time ``t``.

    ``env.timeout(t - env.now)`` lands on ``now + (t - now)``, which for some ``t`` no delay
    can make equal to ``t`` (round-half-even skips it): the engines would then differ from the
    fast path in the last bit. This schedules at ``t`` itself, the way SimPy's own
    ``Environment.schedule`` does for ``now + delay``.
    """

    def __init__(self, env: simpy.Environment, t: float) -> None:
        # Event.__init__ inlined (this runs once or twice per request)
        self.env = env
        self.callbacks: list[Any] = []
        self._ok = True
        self._value = None
        now = env._now
        heapq.heappush(env._queue, (now if now > t else t, NORMAL, next(env._eid), self))


class RealStage(Protocol):
    """A real backend in a stage slot: a SimPy process body that does the stage's work for
    request ``index`` and returns once done. ``timeline`` is the request's record so far:
    a sequence of 4 x 6 floats (stage arrival, start, end, leave per stage; NaN where not
    reached yet)."""

    def process(self, env: simpy.Environment, index: int,
                timeline: Sequence[float]) -> Generator[Any, Any, Any]: ...


class _Rows:
    """Each request's record (stage arrival, start, end, leave per stage: 4 x 6 floats, NaN
    until reached) as a view into one (n, 24) float64 table. Rows read and write like lists,
    but the table is one object: n row lists would be n containers for the cyclic garbage
    collector to walk again and again while SimPy allocates events (2/3 of their cost)."""

    def __init__(self, n: int) -> None:
        self.table = np.full((n, 4 * N_STAGES), np.nan)
        self._flat = memoryview(self.table.reshape(-1))

    def __getitem__(self, i: int) -> memoryview:
        return self._flat[i * 4 * N_STAGES:(i + 1) * 4 * N_STAGES]

    def __len__(self) -> int:
        return self.table.shape[0]


class _Run:
    def __init__(self, plan: Plan, env: simpy.Environment,
                 real: dict[str, RealStage] | None) -> None:
        self.plan = plan
        self.env = env
        n = plan.n
        self.real = {STAGE_INDEX[s]: b for s, b in (real or {}).items()}
        self.resources = [
            None if c is None else simpy.Resource(env, capacity=c) for c in plan.capacities
        ]
        self.pauses = [ScalarPauses(p) for p in plan.pauses]
        self.deadline = None if plan.deadline_ms is None else plan.deadline_ms.tolist()
        self.bypass = None if plan.bypass is None else plan.bypass.tolist()
        #: stage where a slot is queued for -> the stage whose slot it is; leases held
        self.queue_at = {q: t for t, q in plan.slot_queued_at.items()}
        self.leases: dict[tuple[int, int], Any] = {}
        gated = set(self.queue_at) | set(self.queue_at.values())
        self.arrival = [0.0] * n
        # stage_arrival, start, end, leave per stage; NaN until reached
        self.rows = _Rows(n)
        self.hit = np.zeros((n, len(plan.faults)), dtype=bool)
        self.work: list[list[float]] = []
        self.in_flight = 0
        self.n_arrived = 0
        self.controller: Any = None  # twin.control.DegradeOnAlert, when the scenario asks
        rule_ms = plan.labels.get("rule_ms")
        self.rule_ms: list[float] = [] if rule_ms is None else rule_ms.tolist()
        self.lead_times: np.ndarray | None = None
        if hasattr(env, "idle_probe"):  # a lockstep environment may leap while idle
            env.idle_probe = lambda: self.in_flight == 0
        # stages that can be advanced arithmetically in one timeout
        self.plain = [
            k not in self.real and self.resources[k] is None and self.deadline is None
            and k not in gated for k in range(N_STAGES)
        ]
        self.gated = gated
        # an open-loop request whose remaining stages are all plain is done once they are
        # recorded: its last timeout would wake nobody. Set by :meth:`open_loop` on a plain
        # environment (a lockstep one paces real time by events; in a closed loop the user
        # waits for the answer; a controller watches in-flight work).
        self.skip_last_timeout = False

    def request(self, i: int, work: list[float], k: int = 0) -> Generator[Any, Any, None]:
        """Request ``i`` from stage ``k`` on (the stages before ``k`` are already done)."""
        env = self.env
        row = self.rows[i]
        self.in_flight += 1
        while k < N_STAGES:
            if self.plain[k]:
                t = env._now
                while k < N_STAGES and self.plain[k]:
                    end = self.pauses[k].end(t, work[k])
                    row[k] = row[N_STAGES + k] = t
                    row[2 * N_STAGES + k] = row[3 * N_STAGES + k] = end
                    t = end
                    k += 1
                if k == N_STAGES and self.skip_last_timeout and self.controller is None:
                    break
                yield At(env, t)
                continue
            arrived = env._now
            row[k] = arrived
            deadline = self.deadline[i][k] if self.deadline is not None else float("inf")
            ctl = self.controller
            res = self.resources[k]
            if ctl is not None and k == INFERENCE and ctl.active(arrived) and not self.bypass[i][k]:
                # degrade mode: answer from the rules now, no LLM, no slot
                ctl.switched.add(i)
                lease = self.leases.pop((i, k), None)
                if lease is not None:  # queued for earlier, not needed now
                    res.release(lease)  # type: ignore[union-attr]
                row[N_STAGES + k] = arrived
                yield At(env, self.pauses[k].end(arrived, self.rule_ms[i]))
                row[2 * N_STAGES + k] = env.now
            elif (deadline == float("inf") and res is not None and k not in self.real
                  and k not in self.gated and (self.bypass is None or not self.bypass[i][k])):
                # the common case, :meth:`_stage` inlined: queue for a slot, work, release
                req = res.request()
                yield req
                row[N_STAGES + k] = env._now
                yield At(env, self.pauses[k].end(env._now, work[k]))
                row[2 * N_STAGES + k] = env._now
                res.release(req)
            elif deadline == float("inf"):
                yield from self._stage(i, k, work[k])
            else:
                worker = env.process(self._stage(i, k, work[k]))
                yield worker | env.timeout(deadline)
            row[3 * N_STAGES + k] = env.now
            k += 1
        self.in_flight -= 1

    def _stage(self, i: int, k: int, work: float) -> Generator[Any, Any, None]:
        env = self.env
        row = self.rows[i]
        target = self.queue_at.get(k)
        if target is not None and self.resources[target] is not None and (
                self.bypass is None or not self.bypass[i][target]):
            lease = self.resources[target].request()  # type: ignore[union-attr]
            yield lease  # queueing in this stage for the later stage's slot
            self.leases[(i, target)] = lease
        res = self.resources[k]
        if self.bypass is not None and self.bypass[i][k]:
            res = None
        req = None
        if res is not None:
            req = self.leases.pop((i, k), None)
            if req is None:
                req = res.request()
                yield req
        row[N_STAGES + k] = env.now
        if k in self.real:
            yield from self.real[k].process(env, i, row)
        else:
            yield At(env, self.pauses[k].end(env.now, work))
        row[2 * N_STAGES + k] = env.now
        if res is not None:
            res.release(req)

    def leading_plain(self, arrivals: np.ndarray, work: np.ndarray) -> tuple[int, np.ndarray]:
        """The uncontended stages every request starts with depend on nothing but its own
        arrival: compute them with numpy (same arithmetic as :meth:`request`). Returns how
        many there are and when each request reaches the first stage that interacts."""
        lead = 0
        while lead < N_STAGES and self.plain[lead]:
            lead += 1
        t = arrivals.copy()
        times = np.empty((arrivals.size, 4, lead))
        for k in range(lead):
            end = self.plan.pauses[k].end(t, work[:, k])
            times[:, 0, k] = times[:, 1, k] = t
            times[:, 2, k] = times[:, 3, k] = end
            t = end
        self.lead_times = times
        return lead, t

    def open_loop(self, arrivals: np.ndarray, work: np.ndarray) -> Generator[Any, Any, None]:
        """Start each request where it first meets another request (a shared stage, a real
        backend or a deadline), in the order requests get there."""
        env = self.env
        self.arrival = arrivals.tolist()
        self.n_arrived = len(self.arrival)
        self.skip_last_timeout = type(env) is simpy.Environment
        lead, reach = self.leading_plain(arrivals, work)
        if lead == N_STAGES:
            return  # nothing interacts: the arithmetic above is the whole simulation
        work_rows = work.tolist()
        order = np.argsort(reach, kind="stable").tolist()
        reach_list = reach.tolist()
        for i in order:
            t = reach_list[i]
            if t > env.now:
                yield At(env, t)
            env.process(self.request(i, work_rows[i], lead))

    def arrived(self) -> int:
        """Requests arrived by the simulated clock's now (read by the progress thread)."""
        if self.plan.arrivals_ms is None:
            return self.n_arrived
        return int(np.searchsorted(self.plan.arrivals_ms, self.env.now, side="right"))

    def closed_loop(self, think: np.ndarray) -> None:
        state = {"next": 0, "last": -np.inf}
        for u in range(think.shape[0]):
            self.env.process(self._user(think[u].tolist(), state))

    def _user(self, thinks: list[float], state: dict[str, Any]) -> Generator[Any, Any, None]:
        env = self.env
        for think in thinks:
            yield env.timeout(think)
            i = state["next"]
            if i >= self.plan.n:
                return
            state["next"] = i + 1
            self.n_arrived = i + 1
            prev, state["last"] = state["last"], env.now
            self.arrival[i] = env.now
            work, hit = self.plan.work(np.array([i]), np.array([env.now]), np.array([prev]))
            self.hit[i] = hit[0]
            yield env.process(self.request(i, work[0].tolist()))

    def timings(self) -> Timings:
        rows = self.rows.table.reshape(self.plan.n, 4, N_STAGES)
        lead = 0 if self.lead_times is None else self.lead_times.shape[2]
        # column-major like the fast path's: a contiguous block per stage; the leading
        # stages come from numpy (:meth:`leading_plain`), the rest from the simulation
        cols = [np.empty((self.plan.n, N_STAGES), order="F") for _ in range(4)]
        for j in range(4):
            cols[j][:, lead:] = rows[:, j, lead:]
            if lead:
                cols[j][:, :lead] = self.lead_times[:, j]
        return Timings(np.asarray(self.arrival, dtype=float), *cols, self.hit, "des")

def run_des(plan: Plan, env: simpy.Environment | None = None,
            real: dict[str, RealStage] | None = None, controller: Any = None,
            on_done: Callable[[], None] | None = None) -> Timings:
    """Run the plan through SimPy (any environment: plain, or real-time for lockstep).
    ``controller`` (:class:`twin.control.DegradeOnAlert`) watches the run and may switch the
    assistant to degrade mode. ``on_done`` is called once every event ran, still inside the
    guard that keeps the finished requests on SIGINT/SIGTERM (a real run defers interrupts
    from there: no moment is left where an interrupt loses the finished run)."""
    env = env or simpy.Environment()
    run = _Run(plan, env, real)
    if controller is not None:
        run.controller = controller
        run.plain[INFERENCE] = False
        env.process(controller.monitor(env, run, plan.capacities[INFERENCE] or 1))
    if plan.arrivals_ms is not None:
        work, run.hit = plan.work_all()
        env.process(run.open_loop(plan.arrivals_ms, work))
    else:
        assert plan.think_ms is not None
        run.closed_loop(plan.think_ms)
    try:
        with counting(plan.n, run.arrived):  # per-request progress, polled: no cost per event
            env.run()
        if on_done is not None:
            on_done()
    except (KeyboardInterrupt, SystemExit) as exc:  # SIGINT/SIGTERM: keep what finished
        exc.partial_timings = run.timings()  # type: ignore[attr-defined]
        raise
    return run.timings()
