"""``twin compare``: the regression gate flags a planted +5 ms inference shift and does not flag
two seeds of the same scenario; its JUnit is valid against both vendored schemas."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pytest
from lxml import etree

from cabin_twin.cli.main import main
from twin.compare import compare_runs
from twin.report import write_requests_csv
from twin.runner import run_scenario
from twin.scenario import load_scenario

SCHEMAS = Path(__file__).parent / "data" / "junit_schemas"
REQUESTS = 400


def _run(folder: Path, seed: int) -> Path:
    result = run_scenario(load_scenario("smoke"), seed=seed, requests=REQUESTS)
    folder.mkdir(parents=True, exist_ok=True)
    write_requests_csv(result.timings, folder, result.report)
    return folder


def _shift(src: Path, dst: Path, stage: str, ms: float) -> Path:
    """A copy of a run with ``ms`` added to every request's ``stage`` (and so to e2e)."""
    dst.mkdir(parents=True, exist_ok=True)
    with (src / "requests.csv").open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        row[f"{stage}_ms"] = str(float(row[f"{stage}_ms"]) + ms)
        row["e2e_ms"] = str(float(row["e2e_ms"]) + ms)
    with (dst / "requests.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return dst


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("compare")
    base, other = _run(root / "seed1", 1), _run(root / "seed2", 2)
    return {"base": base, "other": other,
            "shifted": _shift(other, root / "seed2-plus5", "inference", 5.0)}


def _valid_junit(path: Path) -> etree._Element:
    doc = etree.parse(str(path))
    for name in ("ant-junit.xsd", "jenkins-xunit-junit-10.xsd"):
        schema = etree.XMLSchema(etree.parse(str(SCHEMAS / name)))
        assert schema.validate(doc), f"{name}: {schema.error_log}"
    return doc.getroot()


def test_two_seeds_of_one_scenario_are_not_a_regression(runs, tmp_path, capsys) -> None:
    out = tmp_path / "out"
    assert main(["compare", str(runs["base"]), str(runs["other"]), "--out", str(out)]) == 0
    stdout = capsys.readouterr().out
    assert "compare: PASS" in stdout
    record = json.loads((out / "compare.json").read_text())
    assert record["passed"] is True
    assert [s["stage"] for s in record["stages"]] == [
        "capture", "network", "scheduling", "model_load", "inference", "render", "e2e"]
    assert not any(s["regression"] for s in record["stages"])
    root = _valid_junit(out / "compare-junit.xml")
    assert (root.get("tests"), root.get("failures")) == ("7", "0")


def test_planted_inference_shift_is_flagged(runs, tmp_path, capsys) -> None:
    out = tmp_path / "out"
    code = main(["compare", str(runs["base"]), str(runs["shifted"]), "--out", str(out)])
    stdout = capsys.readouterr().out
    assert code == 1
    assert "compare: FAIL" in stdout and "inference +" in stdout  # the reason line
    stages = {s["stage"]: s for s in json.loads((out / "compare.json").read_text())["stages"]}
    inference = stages["inference"]
    assert inference["regression"] and inference["significant"]
    assert inference["ci_low_ms"] > 0 and 3.0 < inference["delta_ms"] < 7.0
    assert not stages["capture"]["regression"] and not stages["render"]["regression"]
    root = _valid_junit(out / "compare-junit.xml")
    failed = [c.get("name") for c in root.findall("testcase") if c.find("failure") is not None]
    assert "inference p95" in failed
    ctrf = json.loads((out / "compare-ctrf.json").read_text())
    assert ctrf["reportFormat"] == "CTRF"
    assert ctrf["results"]["summary"]["failed"] == len(failed)
    assert {t["name"]: t["status"] for t in ctrf["results"]["tests"]}["inference p95"] == (
        "failed")


def test_a_shift_below_the_threshold_passes(runs, tmp_path) -> None:
    assert main(["compare", str(runs["base"]), str(runs["shifted"]), "--stage", "inference",
                 "--threshold-ms", "20", "--out", str(tmp_path)]) == 0
    stage = json.loads((tmp_path / "compare.json").read_text())["stages"][0]
    assert stage["significant"] and not stage["regression"]
    assert stage["verdict"] == "slower, within threshold"


def test_statistics_are_seeded_and_see_a_shift_in_iid_data() -> None:
    rng = np.random.default_rng(7)
    base = {"s": rng.lognormal(3.0, 0.3, 600)}
    slower = {"s": rng.lognormal(3.0, 0.3, 600) + 5.0}
    first = compare_runs(base, slower, ["s"], seed=3, resamples=500)
    again = compare_runs(base, slower, ["s"], seed=3, resamples=500)
    assert [r.to_dict() for r in first] == [r.to_dict() for r in again]
    assert first[0].regression and first[0].rank_p < 0.001


def test_equal_distributions_are_rarely_significant() -> None:
    """The interval's one-sided error is nominally 2.5 %: over 100 pairs of samples from one
    distribution, at most 8 may look significantly slower (a binomial 99.9 % bound)."""
    rng = np.random.default_rng(11)
    flagged = sum(compare_runs({"s": rng.lognormal(3.0, 0.3, 400)},
                               {"s": rng.lognormal(3.0, 0.3, 400)}, ["s"], seed=i,
                               resamples=300)[0].significant for i in range(100))
    assert flagged <= 8


@pytest.mark.parametrize("extra", [["--percentile", "100"], ["--percentile", "nan"],
                                   ["--threshold-ms", "-1"], ["--seed", "-1"],
                                   ["--resamples", "²"]])
def test_bad_flags_are_one_line_exit_2(runs, tmp_path, capsys, extra) -> None:
    assert main(["compare", str(runs["base"]), str(runs["other"]), *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and extra[0] in err


def test_a_folder_without_requests_is_one_line_exit_2(runs, tmp_path, capsys) -> None:
    assert main(["compare", str(runs["base"]), str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "requests.csv" in err
