"""DUT faults injected into a real run: ``[[faults]]`` with a ``dut_`` kind.

```toml
[[faults]]
kind = "dut_crash"        # dut_crash | dut_hang | dut_http_5xx | dut_reset
at_request = 5            # the DUT request (0-based, counted over the run) it hits
requests = 3              # dut_hang only: how many requests the hang lasts (default 1)
route = "terminal"        # which placement (default terminal)
```

Each fault is real where the DUT allows it: ``dut_crash`` kills the DUT's process while the
request is in flight (SIGSTOP before it is sent, SIGKILL 5 ms later),
``dut_hang`` stops it (SIGSTOP, resumed with SIGCONT after ``requests`` requests),
``dut_http_5xx`` and ``dut_reset`` are made by the impairment proxy in front of a networked DUT
(an HTTP 503; a TCP reset). A fault the placement cannot take (a crash of an HTTP service the
bench did not start) is reported as not injected, never silently passed. Faults are keyed on
the request count, so a run replays them exactly.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from dataclasses import dataclass
from typing import Any

from twin.config.faults import DUT_FAULT_KINDS, DutFault

__all__ = ["DUT_FAULT_KINDS", "DutFault", "FaultSchedule", "Injection", "dut_faults"]


@dataclass
class Injection:
    fault: DutFault
    index: int
    injected: bool = False
    resumed: bool = False
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.fault.kind, "at_request": self.fault.at_request,
                "route": self.fault.route, "injected": self.injected,
                **({"reason": self.reason} if self.reason else {})}


def dut_faults(faults: Any) -> list[Injection]:
    """The DUT faults among a scenario's validated ``[[faults]]`` (others belong elsewhere)."""
    return [Injection(f, i) for i, f in enumerate(faults or []) if isinstance(f, DutFault)]


#: a crashing DUT is stopped before the request is sent and killed this long after
CRASH_AFTER_S = 0.005


def _kill(proc: Any) -> None:
    with contextlib.suppress(OSError):
        proc.kill()


def _process(dut: Any) -> Any:
    proc = getattr(dut, "_proc", None)
    return proc if proc is not None and proc.poll() is None else None


class FaultSchedule:
    """Applies the injections before the DUT request they are keyed on."""

    def __init__(self, injections: list[Injection]) -> None:
        self.injections = injections
        self.count = 0

    def before(self, route: str, placement: Any) -> None:
        """Called before each DUT request (``count`` runs over every placement)."""
        n = self.count
        self.count += 1
        for inj in self.injections:
            f = inj.fault
            if f.kind == "dut_hang" and inj.injected and not inj.resumed \
                    and n >= f.at_request + f.requests:
                self._signal(inj, placement, signal.SIGCONT)
                inj.resumed = True
            if f.at_request != n or inj.injected or inj.reason:
                continue
            if f.route != route:
                inj.reason = f"request {n} went to {route}, not {f.route}"
                continue
            self._apply(inj, placement)

    def _apply(self, inj: Injection, placement: Any) -> None:
        kind = inj.fault.kind
        if kind in ("dut_http_5xx", "dut_reset"):
            if placement.proxy is None:
                inj.reason = "no proxy in front of this DUT (give it a network)"
                return
            placement.proxy.inject("http_503" if kind == "dut_http_5xx" else "reset")
            inj.injected = True
            return
        proc = _process(placement.dut)
        if proc is None:
            inj.reason = "the bench runs no process for this DUT"
            return
        self._signal(inj, placement, signal.SIGSTOP)
        if kind == "dut_crash":  # dies while this request is in flight, without answering
            timer = threading.Timer(CRASH_AFTER_S, _kill, args=(proc,))
            timer.daemon = True
            timer.start()

    @staticmethod
    def _signal(inj: Injection, placement: Any, sig: signal.Signals) -> None:
        proc = _process(placement.dut)
        if proc is None:
            return
        os.kill(proc.pid, sig)
        inj.injected = True

    def resume_all(self, placements: dict[str, Any]) -> None:
        """SIGCONT anything still stopped (before the DUTs are closed)."""
        for inj in self.injections:
            if inj.fault.kind == "dut_hang" and inj.injected and not inj.resumed:
                self._signal(inj, placements[inj.fault.route], signal.SIGCONT)
                inj.resumed = True

    def report(self) -> list[dict[str, Any]]:
        return [inj.to_dict() for inj in self.injections]
