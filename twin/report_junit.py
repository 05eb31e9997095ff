"""junit.xml of a run: a testsuite per run, a testcase per expectation (:func:`cases_from_report`,
which ``ctrf.json`` uses too), written by :func:`twin.junit.write_suite`."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from twin.junit import Case, write_suite, xml_safe
from twin.report_model import Report, parse_report
from twin.report_text import failure_message, verdict_header

_FAILURE_TYPE = {"not_checked": "NotChecked", "failed": "ExpectationFailed"}


def cases_from_report(report: Report | dict[str, Any], seconds: float = 0.0) -> list[Case]:
    """A case per expectation of a run's report. Every expectation is judged on the whole
    run, so each case's time is ``seconds``, the run's wall time (the time its evidence took
    to gather). A failure's message names the value, the limit and its causes."""
    r = parse_report(report)
    cases = []
    for e in r.expectations:
        status = e.status
        message = failure_message(e) if status in ("failed", "not_checked", "error") else None
        cases.append(Case(
            name=e.name, classname=f"scenario.{r.scenario}", seconds=seconds,
            failure=message if status in _FAILURE_TYPE else None,
            error=message if status == "error" else None,
            skipped=e.skipped if status == "skipped" else None,
            detail=json.dumps(e.model_dump(mode="json", exclude_unset=True),
                              ensure_ascii=False),
            failure_type=_FAILURE_TYPE.get(status, "ExpectationFailed"),
            error_type=e.error_type or "Error"))
    return cases


def write_junit(report: Report | dict[str, Any], out: Path,
                run: dict[str, Any] | None = None) -> Path:
    """``out/junit.xml``, valid against both the Ant JUnit schema and the Jenkins xUnit one
    (tests/data/junit_schemas). ``run`` gives ``started`` (UTC, no zone), ``wall_s`` and
    ``hostname`` (kept out of report.json, which is the same for the same seed); the verdict
    text is the suite's system-out."""
    r = parse_report(report)
    run = run or {}
    wall = max(float(run.get("wall_s", 0.0)), 0.0)
    props = {"seed": r.seed, "requests": r.requests, "engine": r.engine}
    if r.interrupted is not None:
        props["interrupted"] = r.interrupted
    return write_suite(
        out / "junit.xml", f"cabin-twin.{r.scenario}", cases_from_report(r, wall), wall,
        run.get("started") or time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()),
        {k: str(v) for k, v in props.items()}, run.get("hostname"),
        system_out=verdict_header(r))


__all__ = ["cases_from_report", "write_junit", "xml_safe"]
