"""report.json has one typed model (twin/report_model.py): its generated pages are in step, the
writer refuses a report that does not match it, keys added later are accepted, and a real run's
report validates against the generated JSON Schema too (every shipped scenario's twin run is
checked in tests/test_scenarios_cli.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from cabin_twin.reference import REPORT_PATH, SCHEMA_PATH, generated
from twin.report import write_report
from twin.report_model import ReportError, validate_report
from twin.runner import run_scenario
from twin.scenario import load_scenario

STAGES = ("capture", "network", "scheduling", "model_load", "inference", "render")  # pinned


def _schema() -> Draft202012Validator:
    return Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def _report(tmp_path: Path) -> dict[str, Any]:
    path = write_report(run_scenario(load_scenario("handover_spikes"), requests=200).report,
                        tmp_path)
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_the_generated_report_pages_are_up_to_date() -> None:
    for path in (REPORT_PATH, SCHEMA_PATH):
        assert path.read_text(encoding="utf-8") == generated()[path], (
            f"{path.name} is out of date: run python -m cabin_twin.reference")


def test_the_schema_names_the_contract_keys() -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert {"scenario", "seed", "requests", "stages", "e2e", "perception",
            "expectations"} <= set(schema["required"])
    defs = schema["$defs"]
    assert set(defs["Stages"]["required"]) == set(STAGES)
    assert {"p50_ms", "p95_ms", "p99_ms", "budget_ms", "mode"} <= set(
        defs["StageEntry"]["required"])
    assert {"name", "metric", "limit", "value", "passed"} <= set(
        defs["Expectation"]["required"])


def test_a_written_report_matches_the_schema(tmp_path: Path) -> None:
    report = _report(tmp_path)
    _schema().validate(report)
    assert validate_report(report).stages.network.mode == "modelled"


@pytest.mark.parametrize("break_it, key", [
    (lambda r: r["stages"]["capture"].update(mode="simulated"), "stages.capture.mode"),
    (lambda r: r["stages"].pop("render"), "stages.render"),
    (lambda r: r.update(seed="1"), "seed"),
    (lambda r: r["expectations"][0].update(passed="yes"), "expectations.0.passed"),
    (lambda r: r["e2e"].update(p95_ms="fast"), "e2e.p95_ms"),
    (lambda r: r["stages"].update(playback=r["stages"]["render"]), "stages.playback"),
])
def test_the_writer_refuses_a_report_off_the_model(tmp_path: Path, break_it: Any,
                                                   key: str) -> None:
    report = _report(tmp_path)
    bad = copy.deepcopy(report)
    break_it(bad)
    with pytest.raises(ReportError, match=rf"report\.json: {key}:"):
        write_report(bad, tmp_path / "again")
    assert not list(_schema().iter_errors(report)) and list(_schema().iter_errors(bad))


def test_keys_added_later_are_accepted(tmp_path: Path) -> None:
    report = _report(tmp_path)
    report["expectations"][0].update(builtin=True, reason="the seed's budget", loosened=False,
                                     causes=["12 x network"], percentile=95)
    report["unserved"] = {"intents": ["seat_massage_on"], "count": 1}
    report["stages"]["network"]["dut_measured"] = {"p95_ms": 12.0}
    report["lockstep"] = {"events": 10, "a_later_key": [1, 2]}
    validate_report(report)
    _schema().validate(report)


def test_a_real_rig_run_report_matches_the_schema(tmp_path: Path) -> None:
    from hil.run_real import run_real

    result = run_real(load_scenario("smoke"), "ci-virtual", None, 30, tmp_path)
    report = json.loads(write_report(result.report, tmp_path).read_text(encoding="utf-8"))
    _schema().validate(report)
    model = validate_report(report)
    assert model.stages.render.mode == "real" and model.rig is not None


def test_a_model_profile_is_in_the_report_with_its_accuracy(tmp_path: Path) -> None:
    """[model] (edge_network: Qwen2-0.5B int4) puts the profile's latency beside its accuracy
    into report.json, typed by the model; the console table says it too."""
    from twin.report import format_table

    result = run_scenario(load_scenario("edge_network"), requests=200)
    report = json.loads(write_report(result.report, tmp_path).read_text(encoding="utf-8"))
    _schema().validate(report)
    assert report["model"] == {
        "name": "qwen2-0.5b-int4", "model": "qwen2-0.5b", "quant": "int4",
        "placement": "terminal", "first_token_p95_ms": 23.0, "latency_scale": 1.0,
        "accuracy": 0.89, "source": "seed 3.1: 23 ms p95, 89 %"}
    assert "model: qwen2-0.5b-int4 (terminal), first token p95 23 ms, accuracy 89.0%" in (
        format_table(result.report))
    assert "model" not in run_scenario(load_scenario("smoke"), requests=20).report
