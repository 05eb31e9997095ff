"""Command-line verdicts and bounds.

``rig check`` never passes a device it did not check and prints a table (JSON only with
``--json``); ``calibrate``, ``verify`` and ``whatif --fail-over-budget`` give a reason on exit
1; ``verify``'s junit.xml is valid against both vendored schemas with measured times;
``trace check`` on a run without traces says so; ``capacity --load-key`` takes what
``whatif --vary`` takes; every file input is read with a size bound."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lxml import etree

from cabin_twin.cli.main import main
from tests.test_rig_check_verdict import HVAC, NO_PING
from twin.errors import InputError
from twin.files import load_toml, read_text, toml_depth

SCHEMAS = Path(__file__).parent / "data" / "junit_schemas"


def test_rig_check_prints_a_table_and_json_only_when_asked(tmp_path, capsys) -> None:
    path = tmp_path / "rig.toml"
    path.write_text(HVAC)
    assert main(["rig", "check", str(path), "--pings", "2", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("rig t: PASS (1 devices: 1 verified;")
    assert "{" not in out  # no JSON dump under the table
    assert json.loads((tmp_path / "rig_check.json").read_text())["passed"] is True
    assert main(["rig", "check", str(path), "--pings", "2", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["devices"]["hvac"]["device_verdict"] == (
        "PASS")


def test_rig_check_never_passes_an_unchecked_device(tmp_path, capsys) -> None:
    """hvac answers its pings; fan has no ping and ``--pings-only`` sends it nothing: the old
    check said PASS beside fan's SKIPPED row."""
    path = tmp_path / "rig.toml"
    path.write_text(HVAC + NO_PING)
    assert main(["rig", "check", str(path), "--pings", "2", "--pings-only", "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["devices"]["fan"]["device_verdict"] == "SKIPPED"
    assert result["devices"]["hvac"]["device_verdict"] == "PASS"
    assert any(w.startswith("fan: not checked (no ping") for w in result["failures"])
    assert main(["rig", "check", str(path), "--pings", "2", "--pings-only"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("rig t: FAIL (2 devices: 1 verified, 1 not checked;")
    assert "  FAIL fan: not checked" in out


def test_calibrate_exit_1_names_what_missed(tmp_path, monkeypatch, capsys) -> None:
    import hil.calibrate

    fid = {"p50": {"predicted_ms": 10.0, "measured_ms": 10.1, "rel_error": -0.01},
           "p95": {"predicted_ms": 20.0, "measured_ms": 25.0, "rel_error": -0.2}}
    record = {"devices": {"hvac": {"fidelity": fid}}, "fit": {"best": {"name": "x"}},
              "machine": {"warnings": []}}
    monkeypatch.setattr(hil.calibrate, "calibrate_render", lambda *a, **k: record)
    monkeypatch.setattr(hil.calibrate, "stage_table", lambda r: "[stages.render]\n")
    assert main(["calibrate", "--stage", "render", "--out", str(tmp_path)]) == 1
    reason = capsys.readouterr().out.strip().splitlines()[-1]
    assert reason.startswith("calibrate: FAIL: ")
    assert "hvac p95 predicted 20.00 ms, measured 25.00 ms (-20.0 %)" in reason
    assert "hvac p50" not in reason


def test_whatif_over_budget_is_reported_and_gated(tmp_path, capsys) -> None:
    argv = ["whatif", "smoke", "--vary", "stages.inference.median=20,150", "--replications",
            "2", "--requests", "60", "--executor", "serial", "--out", str(tmp_path)]
    assert main(argv) == 0  # a sweep answers; it is not a gate unless asked
    err = capsys.readouterr().err
    over = [line for line in err.splitlines() if "over budget" in line]
    assert len(over) == 1 and "stages.inference.median=150" in over[0]
    assert main([*argv, "--fail-over-budget"]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == "whatif: FAIL: 1 of 2 points miss the 100 ms budget (mean e2e p95)"


def test_verify_junit_is_valid_with_measured_times(tmp_path, capsys) -> None:
    assert main(["verify", "--examples", "5", "--steps", "10", "--out", str(tmp_path)]) == 0
    doc = etree.parse(str(tmp_path / "junit.xml"))
    for name in ("ant-junit.xsd", "jenkins-xunit-junit-10.xsd"):
        schema = etree.XMLSchema(etree.parse(str(SCHEMAS / name)))
        assert schema.validate(doc), f"{name}: {schema.error_log}"
    root = doc.getroot()
    assert root[0].tag == "properties" and root.get("timestamp") and root.get("hostname")
    times = {c.get("name"): float(c.get("time")) for c in root.findall("testcase")}
    assert set(times) == {"budget", "fallback", "determinism"}
    assert all(t > 0 for t in times.values()), times  # checked, so it took time
    assert sum(times.values()) <= float(root.get("time")) + 0.01
    ctrf = json.loads((tmp_path / "ctrf.json").read_text())
    assert ctrf["reportFormat"] == "CTRF"
    assert ctrf["results"]["summary"]["passed"] == 3
    assert {t["name"] for t in ctrf["results"]["tests"]} == set(times)


def test_trace_check_on_a_run_without_traces(tmp_path, capsys) -> None:
    (tmp_path / "report.json").write_text("{}")
    assert main(["trace", "check", str(tmp_path)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"no traces in {tmp_path}:")
    assert "INCOMPLETE" not in first


def test_capacity_takes_a_whatif_key(tmp_path, capsys) -> None:
    """``capacity --load-key`` takes what ``whatif --vary`` takes, e.g.
    ``stages.inference.median``."""
    code = main(["capacity", "commute_ideal", "--load-key", "stages.inference.median",
                 "--low", "20", "--max-evals", "3", "--requests", "80", "--replications", "1",
                 "--out", str(tmp_path)])
    assert code in (0, 1)
    result = json.loads((tmp_path / "capacity.json").read_text())
    assert result["load_name"] == "median" and result["evaluations"] == 3
    assert result["points"][0]["load"] == 20.0
    assert main(["capacity", "commute_ideal", "--load-key", "stages.inference.median",
                 "--out", str(tmp_path)]) == 2  # no load of 1 for a median: --low is needed
    assert "--low" in capsys.readouterr().err.strip().splitlines()[-1]


def test_bounded_reads(tmp_path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 1001)
    assert read_text(big, limit=1001) == "x" * 1001
    with pytest.raises(InputError, match="of at most 1000 bytes"):
        read_text(big, limit=1000)
    with pytest.raises(InputError, match=r"/dev/zero: toml: expected .* of at most 4 MiB"):
        load_toml("/dev/zero")
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 32 + "]" * 32 + "\n")  # 33 levels with the top table
    with pytest.raises(InputError, match="nested at most 32 deep"):
        load_toml(deep)
    deep.write_text("a = " + "[" * 31 + "]" * 31 + "\n")  # 32 levels: the limit itself
    assert toml_depth(load_toml(deep)) == 32
