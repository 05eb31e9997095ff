"""How long to wait for a model worker's reply: a bound on the whole, and on silence.

A first use of the head embeds its thousands of training examples (over 600 s at load ~20 on the
2 vCPU host), so a fixed bound on the whole start either kills a start that is getting on or
waits far too long for a hung one. A starting worker (:mod:`hil.llm.worker`) tells what it is
doing, with its count, whenever that changes; :func:`wait_for_reply` keeps waiting while it
does, and :meth:`ReplyWait.why` says in one clause why a wait was given up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol


class _Receiver(Protocol):
    def poll(self, timeout: float) -> bool: ...
    def recv(self) -> Any: ...


@dataclass
class ReplyWait:
    """How a wait for the worker's reply went: the whole wait is bounded by ``limit_s``; with
    ``quiet_s``, also by that long without word of progress from the worker (a start that
    embeds thousands of examples under load may take far longer than any fixed bound, yet
    says how far it has got every few seconds)."""

    limit_s: float
    quiet_s: float | None = None
    said: str = ""  # what the worker last said it was doing
    began: float = 0.0
    heard: float = 0.0
    waited_s: float = 0.0

    def left(self, now: float) -> float:
        """Seconds the wait may go on from ``now`` (<= 0: given up)."""
        self.waited_s = now - self.began
        left = self.limit_s - self.waited_s
        if self.quiet_s is not None:
            left = min(left, self.quiet_s - (now - self.heard))
        return left

    def why(self) -> str:
        """Why the wait was given up, for :func:`describe_exit`."""
        last = f" (it last said: {self.said})" if self.said else ""
        if self.quiet_s is not None and self.limit_s - self.waited_s > 0:
            return (f"no word of progress for {self.quiet_s:g} s{last}, "
                    f"{self.waited_s:.0f} s into the wait")
        return f"no answer within {self.limit_s:.1f} s{last}"


def wait_for_reply(conn: _Receiver, wait: ReplyWait,
                   clock: Callable[[], float]) -> tuple[tuple[Any, ...] | None, bool]:
    """The worker's first reply that is not progress (progress is kept in ``wait.said``),
    and whether the pipe had anything (False: the wait ran out). EOF/OSError propagate."""
    wait.began = wait.heard = clock()
    while True:
        left = wait.left(clock())
        if left <= 0 or not conn.poll(left):
            wait.left(clock())  # how long it was, for :meth:`ReplyWait.why`
            return None, False
        reply = conn.recv()
        if reply[0] != "progress":
            return reply, True
        wait.said, wait.heard = reply[1], clock()
