"""A JUnit testsuite valid against both the Apache Ant JUnit schema and the Jenkins xUnit one:
properties first, ``timestamp``/``hostname``/``time`` on the suite, a measured ``time`` on every
case, ``type`` on every failure and error, control characters escaped, system-out/err last.
Used by ``twin run`` (:mod:`twin.report_junit`), ``twin verify`` and ``twin compare``."""

from __future__ import annotations

import re
import socket
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def xml_safe(text: object) -> str:
    """``text`` with the characters XML 1.0 cannot carry written as ``\\xNN``."""
    return _XML_ILLEGAL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


@dataclass(frozen=True)
class Case:
    """One testcase: failed with ``failure``, errored with ``error``, skipped with ``skipped``
    (a skipped case is never counted as passed), passed otherwise."""

    name: str
    classname: str
    seconds: float
    failure: str | None = None
    error: str | None = None
    skipped: str | None = None
    detail: str | None = None
    failure_type: str = "AssertionFailed"
    error_type: str = "Error"

    @property
    def status(self) -> str:
        if self.error is not None or self.failure is not None:
            return "failed"
        return "skipped" if self.skipped is not None else "passed"


def write_suite(path: Path, name: str, cases: Sequence[Case], seconds: float, started: str,
                properties: Mapping[str, str] | None = None, hostname: str | None = None,
                system_out: str = "") -> Path:
    """Write the suite to ``path``; ``started`` is UTC ``YYYY-MM-DDTHH:MM:SS`` (no zone)."""
    suite = ET.Element("testsuite", {
        "name": xml_safe(name), "timestamp": started,
        "hostname": xml_safe(hostname or socket.gethostname() or "localhost"),
        "tests": str(len(cases)),
        "failures": str(sum(c.failure is not None and c.error is None for c in cases)),
        "errors": str(sum(c.error is not None for c in cases)),
        "skipped": str(sum(c.status == "skipped" for c in cases)),
        "time": f"{max(0.0, seconds):.3f}",
    })
    props = ET.SubElement(suite, "properties")
    for key, value in (properties or {}).items():
        ET.SubElement(props, "property", name=xml_safe(key), value=xml_safe(value))
    for c in cases:
        case = ET.SubElement(suite, "testcase", classname=xml_safe(c.classname),
                             name=xml_safe(c.name), time=f"{max(0.0, c.seconds):.3f}")
        if c.error is not None:
            node = ET.SubElement(case, "error", type=xml_safe(c.error_type),
                                 message=xml_safe(c.error[:300]))
            node.text = xml_safe(c.detail or c.error)
        elif c.failure is not None:
            node = ET.SubElement(case, "failure", type=xml_safe(c.failure_type),
                                 message=xml_safe(c.failure[:300]))
            node.text = xml_safe(c.detail or c.failure)
        elif c.skipped is not None:
            ET.SubElement(case, "skipped", message=xml_safe(c.skipped))
    ET.SubElement(suite, "system-out").text = xml_safe(system_out)
    ET.SubElement(suite, "system-err").text = ""
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)
    return path
