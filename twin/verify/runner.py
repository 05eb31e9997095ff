"""Run the fault-injection machines outside pytest (``twin verify``) and write the results:
``junit.xml`` (a testcase per property), ``falsifying.json`` (every falsifying example: the
property, the error, the schedule, its seed, the steps, the trace folder) and, for the twin,
each counterexample as a scenario TOML that ``twin run`` replays bit for bit."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis.internal.conjecture import engine as conjecture_engine
from hypothesis.stateful import RuleBasedStateMachine, run_state_machine_as_test

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
    result = MachineResult(name, props, examples, 0.0)
    try:
        run_state_machine_as_test(machine, settings=settings(
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


def write_junit(results: list[MachineResult], path: Path) -> None:
    cases = [(r, p) for r in results for p in r.properties]
    failed = sum(1 for r, p in cases if r.failure is not None and r.failure.prop == p)
    errors = sum(1 for r in results if r.error is not None)
    suite = ET.Element("testsuite", name="cabin-twin.verify", tests=str(len(cases)),
                       failures=str(failed), errors=str(errors),
                       time=f"{sum(r.seconds for r in results):.3f}")
    for r, prop in cases:
        case = ET.SubElement(suite, "testcase", classname=f"verify.{r.name}", name=prop,
                             time=f"{r.seconds / len(r.properties):.3f}")
        if r.failure is not None and r.failure.prop == prop:
            node = ET.SubElement(case, "failure", message=r.failure.error[:300])
            node.text = json.dumps({**r.failure.to_dict(), **r.files}, default=str)
        elif r.error is not None:
            ET.SubElement(case, "error", message=r.error[:300])
    props = ET.SubElement(suite, "properties")
    for r in results:
        ET.SubElement(props, "property", name=f"{r.name}.examples", value=str(r.examples))
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)
