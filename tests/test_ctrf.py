"""``ctrf.json`` (Common Test Report Format) beside junit.xml: the same tests, the same
verdicts, in the fields CTRF requires."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from cabin_twin.cli.main import main
from twin.ctrf import cases_from_report, write_ctrf
from twin.runner import run_scenario
from twin.scenario import load_scenario

REQUIRED_SUMMARY = ("tests", "passed", "failed", "pending", "skipped", "other", "start", "stop")


def _check_shape(doc: dict) -> None:
    assert doc["reportFormat"] == "CTRF" and doc["specVersion"].count(".") == 2
    results = doc["results"]
    assert results["tool"]["name"]
    assert all(k in results["summary"] for k in REQUIRED_SUMMARY)
    assert results["summary"]["stop"] >= results["summary"]["start"] > 1_600_000_000_000
    for t in results["tests"]:
        assert t["status"] in ("passed", "failed", "skipped", "pending", "other")
        assert isinstance(t["name"], str) and t["duration"] >= 0


def test_run_writes_ctrf_matching_junit(tmp_path) -> None:
    assert main(["run", "smoke", "--requests", "40", "--out", str(tmp_path)]) in (0, 1)
    doc = json.loads((tmp_path / "ctrf.json").read_text())
    _check_shape(doc)
    suite = ET.parse(tmp_path / "junit.xml").getroot()
    summary = doc["results"]["summary"]
    assert summary["tests"] == int(suite.get("tests"))
    junit_failed = int(suite.get("failures")) + int(suite.get("errors"))
    assert summary["failed"] + summary["other"] == junit_failed
    names = [c.get("name") for c in suite.findall("testcase")]
    assert [t["name"] for t in doc["results"]["tests"]] == names


def test_statuses_of_each_kind_of_expectation(tmp_path) -> None:
    report = {**run_scenario(load_scenario("smoke"), requests=20).report, "scenario": "s",
              "expectations": [
        {"name": "held", "metric": "e2e.p95_ms", "limit": {"max": 100}, "value": 50,
         "passed": True},
        {"name": "missed", "metric": "e2e.p95_ms", "limit": {"max": 100}, "value": 150,
         "passed": False},
        {"name": "no data", "metric": "degraded.p99_ms", "limit": {"max": 1}, "value": None,
         "passed": True, "skipped": "no degraded request"},
        {"name": "not checked", "metric": "actuation.x", "limit": {"max": 0}, "value": None,
         "passed": False, "skipped": "not measured"},
        {"name": "interrupted", "metric": "interrupted", "limit": {"max": 0}, "value": 1,
         "passed": False, "error": "SIGTERM"},
    ]}
    path = write_ctrf(tmp_path / "ctrf.json", "t", cases_from_report(report),
                      "2026-12-01T07:00:00", 1.5)
    doc = json.loads(path.read_text())
    _check_shape(doc)
    status = {t["name"]: t["status"] for t in doc["results"]["tests"]}
    assert status == {"held": "passed", "missed": "failed", "no data": "skipped",
                      "not checked": "other", "interrupted": "failed"}
    missed = next(t for t in doc["results"]["tests"] if t["name"] == "missed")
    assert missed["message"] == "e2e.p95_ms = 150, expected <= 100"
    assert doc["results"]["summary"]["stop"] - doc["results"]["summary"]["start"] == 1500


def test_junit_and_ctrf_word_each_failure_the_same(tmp_path) -> None:
    """Both are written from the same cases of the one parsed report: a failed run's failure
    messages and testcase times are the same in each."""
    assert main(["run", "unoptimised_baseline", "--requests", "300", "--out",
                 str(tmp_path)]) == 1
    suite = ET.parse(tmp_path / "junit.xml").getroot()
    junit = {c.get("name"): c.find("failure").get("message") for c in suite.findall("testcase")
             if c.find("failure") is not None}
    tests = json.loads((tmp_path / "ctrf.json").read_text())["results"]["tests"]
    ctrf = {t["name"]: t["message"] for t in tests if t["status"] == "failed"}
    assert junit == ctrf and "e2e p95 within 100 ms" in junit
    assert junit["e2e p95 within 100 ms"].startswith("e2e.p95_ms = ")
    wall_ms = round(float(suite.get("time")) * 1000)
    assert {t["duration"] for t in tests} == {wall_ms} and wall_ms > 0
