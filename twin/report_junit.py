"""junit.xml of a run: a testsuite per run, a testcase per expectation."""

from __future__ import annotations

import json
import re
import socket
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from twin.report_text import _num, format_limit, verdict_header

_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def xml_safe(text: Any) -> str:
    """``text`` with the characters XML 1.0 cannot carry written as ``\\xNN``."""
    return _XML_ILLEGAL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


def write_junit(report: dict[str, Any], out: Path, run: dict[str, Any] | None = None) -> Path:
    """A testsuite per run, a testcase per expectation; valid against both the Ant JUnit
    schema and the Jenkins xUnit one (tests/data/junit_schemas): properties first,
    ``timestamp``/``hostname``/``time`` on the suite, ``time`` on every case, ``type`` on
    every failure and error, control characters escaped, system-out/err last. ``run`` gives
    ``started`` (UTC, no zone), ``wall_s`` and ``hostname`` (kept out of report.json, which
    is the same for the same seed). Every expectation is judged on the whole run, so each
    testcase's ``time`` is the run's wall time too (the time its evidence took to gather);
    a failure's message names the value, the limit and its first cause."""
    exps = report["expectations"]
    run = run or {}
    wall = f"{max(float(run.get('wall_s', 0.0)), 0.0):.3f}"
    errors = [e for e in exps if e.get("error")]
    failures = [e for e in exps if not e["passed"] and not e.get("error")]
    suite = ET.Element("testsuite", {
        "name": xml_safe(f"cabin-twin.{report['scenario']}"),
        "timestamp": run.get("started") or time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()),
        "hostname": xml_safe(run.get("hostname") or socket.gethostname() or "localhost"),
        "tests": str(len(exps)),
        "failures": str(len(failures)),
        "errors": str(len(errors)),
        "skipped": str(sum(bool(e.get("skipped")) and e["passed"] for e in exps)),
        "time": wall,
    })
    props = ET.SubElement(suite, "properties")
    for key in ("seed", "requests", "engine", "interrupted"):
        if key in report:
            ET.SubElement(props, "property", name=key, value=xml_safe(report[key]))
    classname = xml_safe(f"scenario.{report['scenario']}")
    for e in exps:
        case = ET.SubElement(suite, "testcase", name=xml_safe(e["name"]), classname=classname,
                             time=wall)
        detail = xml_safe(json.dumps(e, ensure_ascii=False, default=str))
        if e.get("error"):
            node = ET.SubElement(case, "error", type=xml_safe(e.get("error_type", "Error")),
                                 message=xml_safe(e["error"]))
            node.text = detail
        elif not e["passed"]:
            kind = "NotChecked" if e.get("skipped") else "ExpectationFailed"
            why = e.get("skipped") or f"{e['metric']} = {_num(e['value'])}, expected " \
                f"{format_limit(e['limit'])}"
            if e.get("causes"):
                why += f" ({'; '.join(str(c) for c in e['causes'])})"
            node = ET.SubElement(case, "failure", type=kind, message=xml_safe(why))
            node.text = detail
        elif e.get("skipped"):
            ET.SubElement(case, "skipped", message=xml_safe(e["skipped"]))
    ET.SubElement(suite, "system-out").text = xml_safe(verdict_header(report))
    ET.SubElement(suite, "system-err").text = ""
    path = out / "junit.xml"
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)
    return path
