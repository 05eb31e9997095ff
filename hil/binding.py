"""Bind real backends into the twin's stage slots and run in lockstep.

:class:`RigBinding` makes the ``render`` stage real: each request's command (the assistant's
decision when the scenario has one, else the labelled intent of a sampled query) goes to the
rig's devices through :class:`hil.render.RenderBackend`, and the stage lasts exactly as long as
command -> status took on the wall clock. Everything runs in a
:class:`hil.lockstep.LockstepEnvironment`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import numpy as np
import simpy

from hil.lockstep import LockstepEnvironment
from hil.render import RenderBackend, RenderOutcome
from latency_models.stages import STAGES
from twin import assisted
from twin.assistant.queries import QuerySampler, load_queries
from twin.plan import Plan
from twin.rng import stream
from twin.timings import Timings

N = len(STAGES)
INF = STAGES.index("inference")


class RenderStage:
    """The ``render`` slot on a rig: command the device, wait for its status."""

    def __init__(self, binding: RigBinding) -> None:
        self.binding = binding

    def process(self, env: simpy.Environment, index: int,
                timeline: list[float]) -> Generator[Any, Any, None]:
        intent, value = self.binding.command_for(index, timeline)
        backend = self.binding.backend
        assert isinstance(env, LockstepEnvironment)
        outcome = yield from env.call("render", lambda: backend.execute(intent, value))
        self.binding.outcomes[index] = outcome


class RigBinding:
    """Real render on a rig session; the other stages stay as the scenario models them."""

    def __init__(self, backend: RenderBackend) -> None:
        self.backend = backend
        self.env = LockstepEnvironment()
        self.ap: assisted.AssistedPlan | None = None
        self.labels: list[tuple[str, int | str | None]] = []
        self.outcomes: dict[int, RenderOutcome] = {}

    def bind(self, plan: Plan, ap: assisted.AssistedPlan | None
             ) -> tuple[LockstepEnvironment, dict[str, RenderStage]]:
        self.ap = ap
        if ap is None:  # no assistant: command what a sampled labelled query asks for
            sampler = QuerySampler(load_queries())
            picks = sampler.sample(stream(plan.seed, "devices", 1), plan.n)
            self.labels = [(q.intent, q.value) for q in picks]
        return self.env, {"render": RenderStage(self)}

    def command_for(self, index: int, timeline: list[float]) -> tuple[str, Any]:
        """The command request ``index`` executes, decided the moment it reaches render."""
        if self.ap is None:
            return self.labels[index]
        arrived, end = timeline[INF], timeline[2 * N + INF]
        answered = None if np.isnan(end) else end - arrived
        decision = assisted.decide_one(self.ap, index, answered)
        return decision.intent, decision.value

    def finish(self, timings: Timings) -> dict[str, Any]:
        outcomes = [self.outcomes[i] for i in sorted(self.outcomes)]
        return {
            "lockstep": self.env.stats.summary(),
            "render_real": {
                "commands": len(outcomes),
                "timeouts": sum(o.timeout for o in outcomes),
                "rejected": sum(o.rejected for o in outcomes),
                "errors": sum(o.error is not None for o in outcomes),
                "no_device": sum(o.device is None for o in outcomes),
            },
        }
