"""``rig``: the ``render`` stage commands a rig's devices over CAN and serial."""

from __future__ import annotations

from contextlib import ExitStack

from hil.backends import DEFAULT_RIG, RealParts, RunContext, stage_backend
from twin.errors import InputError


@stage_backend("rig", ("render",), default_for=("render",),
               help="commands to a rig's devices (CAN / serial), --rig or ci-virtual")
def open_rig(ctx: RunContext, stack: ExitStack, parts: RealParts) -> None:
    from hil.render import render_backend  # imports python-can, cantools, pyserial
    from hil.rig import LinkError

    rig = ctx.rig or DEFAULT_RIG
    try:
        parts.render = stack.enter_context(render_backend(
            rig, ctx.out, ctx.scenario.link_faults, ctx.seed, ctx.scenario.source,
            ctx.replay))
    except LinkError as exc:  # a port or interface the rig names cannot be opened: one line
        raise InputError(rig, exc.link, f"a link that opens (cannot open: {exc.reason})"
                         ) from None
