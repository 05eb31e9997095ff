"""The natural-speech rule bench runs and reports its keys (no timing is asserted)."""

from __future__ import annotations

from benchmarks.bench_natural import NATURAL_FILES, QUICK_EVERY, natural_lines
from cabin_twin.cli.bench import discover
from twin.assistant.queries import load_queries


def test_the_natural_set_leaves_the_held_back_lines_out() -> None:
    names = [p.parent.name for p in NATURAL_FILES]
    assert names[0] == "holdout6" and names[16] == "holdout22" and names[17] == "holdout23"
    assert names[18] == "holdout24"
    assert names[19] == "holdout25" and names[20] == "holdout26" and names[21] == "holdout27"
    assert names[22] == "holdout28" and names[23] == "holdout29"
    assert names[-1] == "multidev11"
    assert not {"holdout2", "holdout3", "holdout4", "holdout5", "holdout30", "gate1",
                "multidev12"} & set(names)
    every = sum(len(load_queries(p)) for p in NATURAL_FILES)
    held = len(load_queries(NATURAL_FILES[names.index("holdout14")])) // 2  # its odd half
    assert len(natural_lines()) == every - held
    assert len(natural_lines(QUICK_EVERY)) == len(range(0, every - held, QUICK_EVERY))


def test_the_bench_runs_quick_and_reports_its_keys() -> None:
    bench = discover()["rule_nlu_natural_us"]
    (record,) = bench(True)
    assert record["name"] == "rule_nlu_natural_us" and record["unit"] == "us"
    assert record["repetitions"] == 1 and record["target_us"] == 1000
    assert record["lines"] == len(natural_lines(QUICK_EVERY))
    for key in ("parse_decide_cpu", "parse_cpu", "parse_decide_wall"):
        assert set(record[key]) == {"p50", "p95", "p99"}
        assert set(record["short_commands"][key]) == {"p50", "p95", "p99"}
        assert 0 < record[key]["p50"] <= record[key]["p95"] <= record[key]["p99"]
    assert set(record["parse_decide_cpu_by_lang"]) == {"en", "zh-CN"}
    assert record["value"] == record["p99"] == record["parse_decide_cpu"]["p99"]
    assert record["baseline"] == record["short_commands"]["parse_cpu"]["p99"]
    assert record["ratio"] == round(record["value"] / record["baseline"], 3)
    assert len(record["load_average"]) == 6
