"""``twin verify``: outputs, exit codes, and a counterexample that ``twin run`` replays."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from cabin_twin.cli.main import main
from twin.verify import bugs


def test_verify_passes_and_writes_junit(tmp_path: Path, capsys):
    assert main(["verify", "--examples", "5", "--out", str(tmp_path)]) == 0
    suite = ET.parse(tmp_path / "junit.xml").getroot()
    assert suite.get("tests") == "3" and suite.get("failures") == "0"
    assert {c.get("name") for c in suite.iter("testcase")} == {"budget", "fallback",
                                                               "determinism"}
    assert json.loads((tmp_path / "falsifying.json").read_text()) == []
    assert "[PASS] twin" in capsys.readouterr().out


def test_counterexample_is_saved_and_replays_bit_for_bit(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(*bugs.late_degrade_timer())
    out = tmp_path / "verify"
    assert main(["verify", "--examples", "40", "--shrink-seconds", "5",
                 "--out", str(out)]) == 1
    [record] = json.loads((out / "falsifying.json").read_text())
    assert record["property"] == "fallback" and "degrade timer late" in record["error"]
    assert record["seed"] == record["schedule"]["seed"]
    suite = ET.parse(out / "junit.xml").getroot()
    assert suite.get("failures") == "1"
    scenario = Path(record["scenario"])
    csvs, verdicts = [], []
    for k in range(2):
        run_out = tmp_path / f"replay{k}"
        status = main(["run", str(scenario), "--out", str(run_out)])
        assert status in (0, 1)  # judged by the built-in budget like any run, never bad input
        csvs.append((run_out / "requests.csv").read_text())
        verdicts.append(json.loads((run_out / "report.json").read_text())["verdict"])
    assert csvs[0] == csvs[1] and verdicts[0] == verdicts[1]
    assert "degraded" in csvs[0]  # the request the property caught is in the replay


def test_bad_input_exits_2(tmp_path: Path, capsys):
    assert main(["verify", "--examples", "0", "--out", str(tmp_path)]) == 2
    assert main(["verify", "--rig", str(tmp_path / "missing.toml"),
                 "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("twin: error:") == 2 and "Traceback" not in err
