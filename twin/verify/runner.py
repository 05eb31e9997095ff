"""Run the fault-injection machines outside pytest (``twin verify``) and write the results:
``junit.xml`` (a testcase per property, with the measured time of its steps and checks),
``ctrf.json`` (the same in CTRF), ``falsifying.json`` (every falsifying example: the property,
the error, the schedule, its seed, the steps, the trace folder) and, for the twin, each
counterexample as a scenario TOML that ``twin run`` replays bit for bit."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis.internal.conjecture import engine as conjecture_engine
from hypothesis.stateful import RuleBasedStateMachine, run_state_machine_as_test

from twin.ctrf import write_ctrf
from twin.junit import Case, write_suite
from twin.verify.machine import Failure
from twin.verify.schedule import from_rig_schedule, write_counterexample

TWIN_PROPERTIES = ("budget", "fallback", "determinism")
RIG_PROPERTIES = ("schema", "budget", "no_loss", "trace", "safe_state")


@dataclass
class MachineResult:
    name: str
    properties: tuple[str, ...]
    examples: int
    seconds: float
    failure: Failure | None = None
    error: str | None = None  # an exception that is not a property failing
    files: dict[str, str] = field(default_factory=dict)
    #: measured time spent checking each property (a check of "a+b" is shared between them)
    check_seconds: dict[str, float] = field(default_factory=dict)
    started: str = ""  # UTC, YYYY-MM-DDTHH:MM:SS

    @property
    def passed(self) -> bool:
        return self.failure is None and self.error is None


def run_machine(machine: Any, name: str, props: tuple[str, ...], examples: int, steps: int,
                shrink_seconds: float) -> MachineResult:
    """Run ``machine`` (a RuleBasedStateMachine subclass with a ``failures`` list) once."""
    assert issubclass(machine, RuleBasedStateMachine)
    machine.failures.clear()
    old = conjecture_engine.MAX_SHRINKING_SECONDS  # no public setting bounds shrinking time
    conjecture_engine.MAX_SHRINKING_SECONDS = int(shrink_seconds)
    t0 = time.perf_counter()
    result = MachineResult(name, props, examples, 0.0,
                           started=time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()))
    result.check_seconds = dict.fromkeys(props, 0.0)
    timed = _timed(machine, result.check_seconds)
    try:
        run_state_machine_as_test(timed, settings=settings(
            max_examples=examples, stateful_step_count=steps, derandomize=True, database=None,
            deadline=None, report_multiple_bugs=False, print_blob=True,
            suppress_health_check=list(HealthCheck)))
    except AssertionError as exc:
        if machine.failures:
            result.failure = machine.failures[-1]
        else:
            result.error = f"AssertionError: {exc}"
    except Exception as exc:  # a rig that breaks mid-run is a failed run, not a traceback
        result.error = f"{type(exc).__name__}: {exc}"
    finally:
        conjecture_engine.MAX_SHRINKING_SECONDS = old
    result.seconds = time.perf_counter() - t0
    return result


def _timed(machine: Any, seconds: dict[str, float]) -> Any:
    """A subclass of ``machine`` that times its properties: each ``_check(prop, ...)`` is given
    the time since the example started or since the previous check (the steps that produced
    the evidence, then the check itself); a check of "a+b" is shared between a and b."""
    base_check = machine._check
    base_init = machine.__init__

    def __init__(self: Any) -> None:
        base_init(self)
        self._timed_since = time.perf_counter()

    def _check(self: Any, prop: str, *args: Any) -> Any:
        try:
            return base_check(self, prop, *args)
        finally:
            now = time.perf_counter()
            names = [p for p in prop.split("+") if p in seconds] or [prop]
            for p in names:
                seconds[p] = seconds.get(p, 0.0) + (now - self._timed_since) / len(names)
            self._timed_since = now

    return type(machine.__name__, (machine,), {"__init__": __init__, "_check": _check,
                                                "__module__": machine.__module__})


def save(results: list[MachineResult], out: Path) -> None:
    """Counterexample files, ``falsifying.json`` and ``junit.xml`` under ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    records = []
    for r in results:
        if r.failure is None:
            continue
        f = r.failure
        base = f"counterexample-{r.name}-{f.prop}"
        if r.name != "dut":  # a DUT machine's steps are its record (no scenario replays them)
            schedule = f.schedule if r.name == "twin" else from_rig_schedule(f.schedule)
            toml = write_counterexample(schedule, out, base, f"{r.name} {f.prop}: {f.error}")
            r.files["scenario"] = str(toml)
        path = out / f"{base}.json"
        path.write_text(json.dumps(f.to_dict(), indent=2, default=str) + "\n", encoding="utf-8")
        r.files["record"] = str(path)
        records.append({"machine": r.name, **f.to_dict(), **r.files})
    (out / "falsifying.json").write_text(json.dumps(records, indent=2, default=str) + "\n",
                                         encoding="utf-8")
    write_junit(results, out / "junit.xml")
    write_ctrf_report(results, out / "ctrf.json")


def cases(results: list[MachineResult]) -> list[Case]:
    """A testcase per property, with the measured time of its steps and checks."""
    out = []
    for r in results:
        for prop in r.properties:
            failed = r.failure is not None and r.failure.prop == prop
            out.append(Case(
                name=prop, classname=f"verify.{r.name}", seconds=r.check_seconds.get(prop, 0.0),
                failure=r.failure.error if failed and r.failure else None,
                error=r.error, error_type="MachineError",
                detail=json.dumps({**r.failure.to_dict(), **r.files}, default=str)
                if failed and r.failure else None, failure_type="PropertyFalsified"))
    return out


def write_junit(results: list[MachineResult], path: Path) -> None:
    """Valid against the Ant and Jenkins JUnit schemas (:mod:`twin.junit`)."""
    started = min((r.started for r in results if r.started),
                  default=time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()))
    props = {f"{r.name}.examples": str(r.examples) for r in results}
    props.update({f"{r.name}.seconds": f"{r.seconds:.3f}" for r in results})
    write_suite(path, "cabin-twin.verify", cases(results), sum(r.seconds for r in results),
                started, props)


def write_ctrf_report(results: list[MachineResult], path: Path) -> None:
    started = min((r.started for r in results if r.started),
                  default=time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()))
    write_ctrf(path, "cabin-twin verify", cases(results), started,
               sum(r.seconds for r in results))
