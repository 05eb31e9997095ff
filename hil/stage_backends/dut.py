"""``dut``: the scenario's device under test (``[assistant] backend``, :mod:`hil.dut`) in
``model_load`` and ``inference``; with a networked DUT also ``network`` (measured by the
impairment proxy)."""

from __future__ import annotations

from contextlib import ExitStack

from hil.backends import RealParts, RunContext, dut_of, stage_backend


@stage_backend("dut", ("model_load", "inference"),
               help="the scenario's device under test ([assistant] backend, hil.dut); "
                    "with a networked DUT also `network` (measured by the proxy)")
def open_dut(ctx: RunContext, stack: ExitStack, parts: RealParts) -> None:
    from hil.dut.run import open_resolver

    parts.resolver = stack.enter_context(open_resolver(
        dut_of(ctx.scenario), ctx.out, ctx.seed, ctx.scenario.source,
        ctx.scenario.config.faults))
