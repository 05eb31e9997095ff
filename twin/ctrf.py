"""CTRF (Common Test Report Format, ctrf.io) JSON reports beside junit.xml: one test per
expectation of a run (the cases junit.xml has: :func:`twin.report_junit.cases_from_report`),
per property of ``twin verify``, per stage of ``twin compare``. Statuses are ``passed``,
``failed``, ``skipped`` and ``other`` (an expectation that could not be checked); a skipped
test is never counted as passed."""

from __future__ import annotations

import calendar
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from twin.junit import Case
from twin.report_junit import cases_from_report

SPEC_VERSION = "0.0.0"  # the CTRF specVersion the fields below follow


def _epoch_ms(started: str) -> int:
    return int(calendar.timegm(time.strptime(started, "%Y-%m-%dT%H:%M:%S")) * 1000)


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("cabin-twin")
    except metadata.PackageNotFoundError:
        return "0+source"


def _status(case: Case) -> str:
    if case.failure is not None and case.failure_type == "NotChecked":
        return "other"  # it could not be checked: neither a pass nor a measured failure
    return case.status


def write_ctrf(path: Path, tool: str, cases: Sequence[Case], started: str, seconds: float,
               environment: dict[str, Any] | None = None) -> Path:
    """Write the CTRF report; ``started`` is UTC ``YYYY-MM-DDTHH:MM:SS``."""
    start = _epoch_ms(started)
    tests = []
    for c in cases:
        status = _status(c)
        test: dict[str, Any] = {"name": c.name, "status": status,
                                "duration": round(c.seconds * 1000.0), "suite": c.classname}
        message = c.error or c.failure or c.skipped
        if message:
            test["message"] = message
        if c.detail:
            test["trace"] = c.detail
        tests.append(test)
    counts = {s: sum(t["status"] == s for t in tests)
              for s in ("passed", "failed", "pending", "skipped", "other")}
    doc = {"reportFormat": "CTRF", "specVersion": SPEC_VERSION,
           "generatedBy": "cabin-twin",
           "results": {"tool": {"name": tool, "version": _version()},
                       "summary": {"tests": len(tests), **counts, "start": start,
                                   "stop": start + round(seconds * 1000.0)},
                       "tests": tests,
                       **({"environment": environment} if environment else {})}}
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


__all__ = ["SPEC_VERSION", "cases_from_report", "write_ctrf"]
