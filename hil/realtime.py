"""SCHED_FIFO for a calling thread: the lockstep pacing thread, and the model's decode.

On a loaded machine a normal-priority thread is simply not running when its work is due: the
lockstep clock then runs late, and a 25 ms model call takes 40-80 ms beside two busy processes
(BENCHMARKS.md, issue 15). A thread under ``SCHED_FIFO`` priority :data:`REALTIME_PRIORITY`
(low on purpose: above every normal process, below the kernel's own real-time threads) runs as
soon as it is ready. ``SCHED_RESET_ON_FORK`` keeps child processes at normal priority. Where the
system refuses (no ``CAP_SYS_NICE`` or rtprio limit) the caller is told why and runs as before;
``CABIN_TWIN_REALTIME=0`` turns it off everywhere.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

REALTIME_PRIORITY = 10
"""SCHED_FIFO priority (1-99) of a real-time section."""


def enter_realtime() -> str:
    """Put the calling thread under SCHED_FIFO (reset on fork): ``"SCHED_FIFO <prio>"``, or why
    not (turned off, or refused by the system)."""
    if os.environ.get("CABIN_TWIN_REALTIME", "1") == "0":
        return "off (CABIN_TWIN_REALTIME=0)"
    if not hasattr(os, "SCHED_FIFO"):
        return "not available on this system"
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO | getattr(os, "SCHED_RESET_ON_FORK", 0),
                              os.sched_param(REALTIME_PRIORITY))
    except OSError as exc:
        return f"refused by the system ({exc.strerror}; needs CAP_SYS_NICE or an rtprio limit)"
    return f"SCHED_FIFO {REALTIME_PRIORITY}"


def leave_realtime() -> None:
    """Back to normal scheduling (the calling thread)."""
    with contextlib.suppress(OSError):  # dropping a privilege is always allowed
        os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))


@contextlib.contextmanager
def realtime_section(enabled: bool = True) -> Iterator[str]:
    """SCHED_FIFO for the body, then back to normal; yields what :func:`enter_realtime` said.

    A thread already under a real-time policy (a lockstep pacing thread) is left as it is, so
    the section never lowers its caller."""
    if not enabled or not hasattr(os, "sched_getscheduler"):
        yield "off"
        return
    policy = os.sched_getscheduler(0) & ~getattr(os, "SCHED_RESET_ON_FORK", 0)
    if policy in (os.SCHED_FIFO, os.SCHED_RR):
        yield "already real-time"
        return
    state = enter_realtime()
    try:
        yield state
    finally:
        if state.startswith("SCHED_FIFO"):
            leave_realtime()
