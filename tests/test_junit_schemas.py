"""junit.xml is valid against both the Apache Ant JUnit schema and the Jenkins xUnit one
(vendored in tests/data/junit_schemas with their licences), names with control characters
included."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from lxml import etree

from cabin_twin.cli.main import main
from twin.report import format_limit, write_junit
from twin.runner import run_scenario
from twin.scenario import load_scenario

SCHEMAS = Path(__file__).parent / "data" / "junit_schemas"


@pytest.fixture(scope="module")
def schemas() -> dict[str, etree.XMLSchema]:
    return {name: etree.XMLSchema(etree.parse(str(SCHEMAS / name)))
            for name in ("ant-junit.xsd", "jenkins-xunit-junit-10.xsd")}


def _assert_valid(path: Path, schemas: dict[str, etree.XMLSchema]) -> etree._Element:
    doc = etree.parse(str(path))  # raises if not well-formed
    for name, schema in schemas.items():
        assert schema.validate(doc), f"{name}: {schema.error_log}"
    return doc.getroot()


@functools.cache
def _run_report() -> str:
    return json.dumps(run_scenario(load_scenario("smoke"), requests=20).report)


def _report(expectations: list[dict]) -> dict:
    """A whole report (the writers read the typed model) with these expectations."""
    return {**json.loads(_run_report()), "scenario": "s\x01cenario", "seed": 3,
            "requests": 3000, "engine": "des", "expectations": expectations}


RUN = {"started": "2026-12-01T07:00:00", "wall_s": 1.23456, "hostname": "bench"}


def test_every_kind_of_testcase_is_valid(tmp_path, schemas):
    exps = [
        {"name": "ok\x00 \x07bell\x1b[31m", "metric": "e2e.p95_ms", "limit": {"max": 100.0},
         "value": 50.0, "passed": True},
        {"name": "failed", "metric": "perception.instant", "limit": {"min": 0.99},
         "value": 0.5, "passed": False, "reason": "seed: 99 % instant"},
        {"name": "no data", "metric": "degraded.p99_ms", "limit": {"max": 1}, "value": None,
         "passed": True, "skipped": "no data"},
        {"name": "not checked", "metric": "actuation.safe_state_unconfirmed",
         "limit": {"max": 0}, "value": None, "passed": False, "skipped": "not measured"},
        {"name": "run finished", "metric": "interrupted", "limit": {"max": 0}, "value": 1,
         "passed": False, "error": "interrupted by SIGTERM \x03", "error_type": "Interrupted"},
    ]
    root = _assert_valid(write_junit(_report(exps), tmp_path, RUN), schemas)
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("5", "2", "1")
    assert root[0].tag == "properties"  # Ant: properties first
    assert root.get("time") == "1.235" and root.get("hostname") == "bench"
    cases = root.findall("testcase")
    assert cases[0].get("name") == "ok\\x00 \\x07bell\\x1b[31m"  # escaped, still readable
    assert cases[1].find("failure").get("type") == "ExpectationFailed"
    assert cases[1].find("failure").get("message") == (
        "perception.instant = 0.5, expected >= 0.99")
    assert cases[3].find("failure").get("type") == "NotChecked"
    assert cases[4].find("error").get("type") == "Interrupted"


def test_junit_of_a_real_run_is_valid(tmp_path, schemas):
    assert main(["run", "smoke", "--requests", "50", "--out", str(tmp_path)]) == 0
    root = _assert_valid(tmp_path / "junit.xml", schemas)
    assert int(root.get("tests")) == len(root.findall("testcase")) >= 2
    assert float(root.get("time")) > 0  # the run's wall time, never 0.000
    assert {c.get("time") for c in root.findall("testcase")} == {root.get("time")}


@pytest.mark.parametrize(("limit", "text"), [
    ({"min": 0.99}, ">= 0.99"), ({"max": 100.0}, "<= 100"), ({"max": 0}, "<= 0"),
    ({"min": 0.2, "max": 0.8}, "0.2 .. 0.8"),
])
def test_limits_read_like_people_write_them(limit, text):
    assert format_limit(limit) == text


@pytest.mark.parametrize(("char", "kept"), [
    ("\x00", False), ("\x08", False), ("\x09", True), ("\x0a", True), ("\x0b", False),
    ("\x0c", False), ("\x0d", True), ("\x0e", False), ("\x1e", False), ("\x1f", False),
    ("\x20", True), ("\ufffd", True), ("\ufffe", False), ("\uffff", False),
])
@pytest.mark.parametrize("module", ["twin.report", "twin.junit"])  # run's and verify's writer
def test_xml_safe_escapes_exactly_what_xml_cannot_carry(char, kept, module):
    import importlib

    xml_safe = importlib.import_module(module).xml_safe
    assert xml_safe(f"a{char}b") == (f"a{char}b" if kept else f"a\\x{ord(char):02x}b")


def test_a_unit_separator_in_a_name_stays_well_formed(tmp_path, schemas):
    exps = [{"name": "unit\x1fseparator", "metric": "e2e.p95_ms", "limit": {"max": 100.0},
             "value": 50.0, "passed": True}]
    root = _assert_valid(write_junit(_report(exps), tmp_path, RUN), schemas)
    assert root.find("testcase").get("name") == "unit\\x1fseparator"


def test_testcase_times_are_the_runs_wall_time(tmp_path, schemas):
    exps = [{"name": n, "metric": "e2e.p95_ms", "limit": {"max": 100.0}, "value": 50.0,
             "passed": True} for n in ("a", "b")]
    root = _assert_valid(write_junit(_report(exps), tmp_path, RUN), schemas)
    assert [c.get("time") for c in root.findall("testcase")] == ["1.235", "1.235"]
    assert root.get("timestamp") == "2026-12-01T07:00:00"
    assert [child.tag for child in root][:2] == ["properties", "testcase"]
