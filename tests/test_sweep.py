"""What-if sweeps: --vary parsing, dotted keys, seeds, CIs, and executor determinism."""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from twin.errors import InputError
from twin.sweep import (
    Vary,
    apply_point,
    fraction_ci95,
    grid_points,
    mean_ci95,
    parse_executor,
    parse_varies,
    parse_vary,
    random_points,
    replication_seeds,
    replications_needed,
    run_sweep,
    set_dotted,
    wilson95,
    write_csv,
)

RAW: dict[str, Any] = {
    "name": "sweep-test",
    "seed": 7,
    "requests": 2000,
    "workload": {"users": 100, "period_s": 30.0},
    "stages": {"inference": {"scale": 1.0, "profile": "ideal"}},
    "faults": [{"name": "handover", "start_ms": 100.0}],
}


def queue_point(raw: dict[str, Any], seed: int) -> dict[str, Any]:
    """A small stochastic stand-in for the twin: an M/M/1-ish latency from the raw dict.

    (The real twin's point function is wired in by the lead; this one only needs to depend on
    the parameters and the seed the way a simulation does.)
    """
    rng = np.random.default_rng(seed)
    users = raw["workload"]["users"]
    scale = raw["stages"]["inference"]["scale"]
    service = rng.exponential(20.0 * scale, raw["requests"])
    waits = rng.exponential(users / 10.0, raw["requests"])
    e2e = service + waits
    return {
        "e2e": {"p50_ms": float(np.percentile(e2e, 50)), "p95_ms": float(np.percentile(e2e, 95))},
        "perception": {"instant": float(np.mean(e2e <= 100.0))},
        "scenario": raw["name"],
    }


def test_parse_vary_forms() -> None:
    assert parse_vary("workload.users=50,100,150").values == (50, 100, 150)
    assert parse_vary("stages.inference.scale=0.5,1.0").values == (0.5, 1.0)
    assert parse_vary("policy.degrade=true,false").values == (True, False)
    assert parse_vary("stages.inference.profile=ideal,unoptimised").values == (
        "ideal",
        "unoptimised",
    )
    assert parse_vary("workload.users=range(10,40,10)").values == (10, 20, 30)
    assert parse_vary("x.y=range(0.5,1.0,0.25)").values == (0.5, 0.75)
    assert parse_vary("x.y=10..20").span == (10, 20)
    assert parse_vary("x.y=0.5..1.5").span == (0.5, 1.5)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("workload.users", "key=v1"),
        ("=1,2", "dotted scenario key"),
        ("workload.users=", "at least one value"),
        ("workload.users=1,,2", "without empty items"),
        ("workload.users=range(1)", "range(start,stop)"),
        ("workload.users=range(5,1)", "non-empty range"),
        ("workload.users=range(a,5)", "a number"),
        ("workload.users=9..3", "hi > lo"),
        ("bad key=1", "dotted scenario key"),
        ("seed=1,2", "replications draw their own seeds"),
    ],
)
def test_malformed_vary_is_one_line_input_error(text: str, names: str) -> None:
    with pytest.raises(InputError) as info:
        parse_vary(text)
    message = str(info.value)
    assert message.startswith("--vary: ")
    assert names in message
    assert "\n" not in message


def test_malformed_vary_exits_2_through_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import cabin_twin.cli.main

    def parser_with_vary(*_args: object, **_kwargs: object) -> argparse.ArgumentParser:
        # a parser that only carries --vary
        parser = argparse.ArgumentParser()
        parser.add_argument("--vary", action="append", default=[])
        parser.set_defaults(func=lambda args: len(parse_varies(args.vary)) and 0)
        return parser

    monkeypatch.setattr(cabin_twin.cli.main, "build_parser", parser_with_vary)
    assert cabin_twin.cli.main.main(["--vary", "workload.users=1,2"]) == 0
    assert cabin_twin.cli.main.main(["--vary", "workload.users=range(5,1)"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("twin: error: --vary: workload.users: expected a non-empty range")


def test_duplicate_and_missing_varies_rejected() -> None:
    with pytest.raises(InputError, match="at most once"):
        parse_varies(["a.b=1,2", "a.b=3"])
    with pytest.raises(InputError, match="at least one"):
        parse_varies([])


def test_grid_and_random_points() -> None:
    varies = [Vary("a", (1, 2)), Vary("b", ("x", "y", "z"))]
    grid = grid_points(varies)
    assert len(grid) == 6
    assert grid[0] == {"a": 1, "b": "x"} and grid[-1] == {"a": 2, "b": "z"}
    with pytest.raises(InputError, match="--random"):
        grid_points([Vary("a", span=(0.0, 1.0))])
    spans = [Vary("a", span=(10, 20)), Vary("b", span=(0.5, 1.5)), Vary("c", ("p", "q"))]
    pts = random_points(spans, 50, seed=3)
    assert pts == random_points(spans, 50, seed=3)
    assert pts != random_points(spans, 50, seed=4)
    assert all(isinstance(p["a"], int) and 10 <= p["a"] <= 20 for p in pts)
    assert all(0.5 <= p["b"] <= 1.5 for p in pts)
    assert {p["c"] for p in pts} == {"p", "q"}


def test_set_dotted_copies_and_checks_paths() -> None:
    out = set_dotted(RAW, "workload.users", 5)
    assert out["workload"]["users"] == 5 and RAW["workload"]["users"] == 100
    assert set_dotted(RAW, "faults.0.start_ms", 9.0)["faults"][0]["start_ms"] == 9.0
    with pytest.raises(InputError, match=r"scn.toml: workload.usres: expected an existing"):
        set_dotted(RAW, "workload.usres", 5, source="scn.toml")
    with pytest.raises(InputError, match="index below 1"):
        set_dotted(RAW, "faults.3.start_ms", 1.0)
    with pytest.raises(InputError, match="a table"):
        set_dotted(RAW, "workload.users.x", 1)
    assert (
        set_dotted(RAW, "stages.inference.new", 2, create=True)["stages"]["inference"]["new"] == 2
    )
    # with create, missing tables are made too; the scenario's validation judges them
    assert set_dotted(RAW, "nowhere.new", 2, create=True)["nowhere"] == {"new": 2}
    both = apply_point(RAW, {"workload.users": 1, "stages.inference.scale": 2.0})
    assert both["workload"]["users"] == 1 and both["stages"]["inference"]["scale"] == 2.0


def test_seeds_are_independent_per_point_and_stable() -> None:
    seeds = replication_seeds(7, 3, 4)
    assert seeds == replication_seeds(7, 3, 4)
    flat = [s for point in seeds for s in point]
    assert len(set(flat)) == 12
    # adding points does not change earlier points' seeds
    assert replication_seeds(7, 5, 4)[:3] == seeds
    crn = replication_seeds(7, 3, 4, crn=True)
    assert crn[0] == crn[1] == crn[2]


def test_mean_ci95_is_a_bootstrap_interval_inside_the_values() -> None:
    mean, low, high = mean_ci95([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert 1.0 <= low < mean < high <= 4.0  # a mean of resampled values stays among them
    # the skewed case that broke the normal interval: it went below zero
    mean, low, high = mean_ci95([0.5, 0.6, 0.4, 0.5, 260.0])
    assert low >= 0.4 and high <= 260.0
    _, lo1, hi1 = mean_ci95([5.0])
    assert math.isnan(lo1) and math.isnan(hi1)


def test_fraction_interval_stays_in_0_1_and_wilson_matches_by_hand() -> None:
    # Wilson, 9 of 10: centre (0.9 + 1.92/10) / 1.384146 ...; by hand 0.5958 .. 0.9821
    low, high = wilson95(9, 10)
    assert round(low, 4) == 0.5958 and round(high, 4) == 0.9821
    mean, low, high = fraction_ci95([0.9, 1.0, 1.0, 0.8, 1.0], [10] * 5)
    assert 0.0 <= low < mean < high <= 1.0
    _, low1, high1 = fraction_ci95([1.0], [500])
    assert high1 == 1.0 and 0.99 < low1 < 1.0  # one replication: Wilson alone


def test_replications_needed_for_a_ci_width() -> None:
    # sd = 0.8165: (1.96 * 0.8165 / 0.5)^2 = 10.24 -> 11 for +/- 0.5
    assert replications_needed(0.8165, 10, 0.5) == 11
    assert replications_needed(float("nan"), 1, 0.5) is None


@pytest.mark.parametrize("flag", ["x=range(1,1e12)", "x=range(1,2,1e-12)", "x=nan,inf",
                                  "x=1,inf", "x=0..nan"])
def test_vary_values_are_bounded_and_finite(flag: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_vary(flag)
    assert exc.value.key == "x"


def test_a_grid_over_the_size_cap_is_refused_before_any_work() -> None:
    varies = parse_varies(["a=range(0,1000)", "b=range(0,1000)"])
    with pytest.raises(InputError, match="at most 100,000 points"):
        grid_points(varies)


def test_sweep_identical_across_serial_process_and_dask(tmp_path: Path) -> None:
    import dask.distributed as distributed  # in the dev extra: CI runs this comparison
    varies = parse_varies(["workload.users=50,200", "stages.inference.scale=0.5,1.0"])
    kwargs: dict[str, Any] = {"varies": varies, "replications": 3, "point_fn": queue_point}
    serial = run_sweep(RAW, executor="serial", **kwargs)
    pooled = run_sweep(RAW, executor="process:2", **kwargs)
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp://",
        dashboard_address=None,
    ) as cluster:
        host_port = cluster.scheduler_address.removeprefix("tcp://")
        dasked = run_sweep(RAW, executor=f"dask://{host_port}", **kwargs)
    assert serial == pooled == dasked
    assert [(r["workload.users"], r["stages.inference.scale"]) for r in serial] == [
        (50, 0.5),
        (50, 1.0),
        (200, 0.5),
        (200, 1.0),
    ]
    row = serial[0]
    assert row["replications"] == 3
    assert row["e2e.p95_ms.ci95_low"] < row["e2e.p95_ms"] < row["e2e.p95_ms.ci95_high"]
    assert "scenario" not in row  # non-numeric leaves are not metrics
    # more users and slower inference both raise the p95
    assert serial[3]["e2e.p95_ms"] > serial[1]["e2e.p95_ms"] > serial[0]["e2e.p95_ms"]
    csv_path = write_csv(serial, tmp_path / "whatif.csv")
    lines = csv_path.read_text().splitlines()
    assert len(lines) == 5
    assert lines[0].startswith("point,workload.users,stages.inference.scale,seed,replications,")


def test_sweep_replications_differ_and_seed_changes_results() -> None:
    varies = [Vary("workload.users", (100,))]
    a = run_sweep(RAW, varies, 4, "serial", queue_point)[0]
    b = run_sweep(RAW, varies, 4, "serial", queue_point, base_seed=8)[0]
    assert a["e2e.p95_ms.ci95_high"] > a["e2e.p95_ms.ci95_low"]  # replications are not clones
    assert a["e2e.p95_ms"] != b["e2e.p95_ms"]


def test_sweep_validates_keys_before_running() -> None:
    with pytest.raises(InputError, match=r"workload\.nope"):
        run_sweep(RAW, [Vary("workload.nope", (1,))], 1, "serial", queue_point)


@pytest.mark.parametrize(
    "text", ["threads", "process:0", "process:x", "dask://nohost", "dask://:80"]
)
def test_bad_executor(text: str) -> None:
    with pytest.raises(InputError, match="--executor"):
        parse_executor(text)
    assert parse_executor("dask://10.0.0.2:8786") == ("dask", None, "tcp://10.0.0.2:8786")


def picky_point(raw: dict[str, Any], seed: int) -> dict[str, Any]:
    """Rejects one value the way scenario_from_dict rejects bad input."""
    if raw["workload"]["users"] < 0:
        raise InputError("sweep-test", "workload.users", "a non-negative integer")
    return queue_point(raw, seed)


@pytest.mark.parametrize("executor", ["serial", "process:2"])
def test_worker_input_error_reaches_the_caller(executor: str) -> None:
    varies = parse_varies(["workload.users=10,-1,20"])
    with pytest.raises(InputError) as info:
        run_sweep(RAW, varies, 2, executor, picky_point)
    assert str(info.value) == "sweep-test: workload.users: expected a non-negative integer"


def test_sweep_arguments_validate_to_one_line_errors() -> None:
    from twin.sweep import add_sweep_arguments, sweep_options

    parser = argparse.ArgumentParser()
    add_sweep_arguments(parser)
    ok = sweep_options(parser.parse_args(["--vary", "workload.users=1,2", "--replications", "3"]))
    assert ok.replications == 3 and ok.executor == "process" and ok.random_n is None
    assert ok.varies == [Vary("workload.users", (1, 2))]
    for argv, flag in (
        (["--vary", "a.b=1", "--replications", "0"], "--replications"),
        (["--vary", "a.b=1..2", "--random", "x"], "--random"),
        (["--vary", "a.b=1", "--executor", "gpu"], "--executor"),
        ([], "--vary"),
    ):
        with pytest.raises(InputError) as info:
            sweep_options(parser.parse_args(argv))
        assert str(info.value).startswith(f"{flag}: ")


def test_unpicklable_point_fails_in_the_caller() -> None:
    with pytest.raises(TypeError, match="picklable top-level function"):
        run_sweep(RAW, [Vary("workload.users", (1, 2))], 1, "process:2", lambda raw, seed: {})


def test_progress_passes_items_through(capsys: pytest.CaptureFixture[str]) -> None:
    from twin.progress import progress, progress_enabled

    assert list(progress(range(5), 5, "x", enabled=False)) == [0, 1, 2, 3, 4]
    assert capsys.readouterr().err == ""
    assert list(progress(iter(range(5)), 5, "bar", enabled=True)) == [0, 1, 2, 3, 4]
    assert "bar" in capsys.readouterr().err
    assert progress_enabled() is False  # pytest captures stderr: not a TTY


def test_format_table_shows_mean_and_ci() -> None:
    from twin.sweep import format_table

    rows = run_sweep(RAW, [Vary("workload.users", (50, 200))], 3, "serial", queue_point)
    table = format_table(rows, ["workload.users"], ["e2e.p95_ms"]).splitlines()
    assert table[0].split() == ["workload.users", "e2e.p95_ms", "[95%", "CI]"]
    assert len(table) == 3
    low, high = rows[1]["e2e.p95_ms.ci95_low"], rows[1]["e2e.p95_ms.ci95_high"]
    assert table[2].split()[0] == "200"
    assert f"{rows[1]['e2e.p95_ms']:.1f} [{low:.1f}, {high:.1f}]" in table[2]


def test_format_table_tells_close_fractions_apart() -> None:
    from twin.sweep import format_table

    rows = [{"k": 1, "e2e.within_budget": 0.9, "e2e.within_budget.ci95_low": 0.8912,
             "e2e.within_budget.ci95_high": 0.9087},
            {"k": 2, "e2e.within_budget": 0.94, "e2e.within_budget.ci95_low": 0.9312,
             "e2e.within_budget.ci95_high": 0.9475}]
    table = format_table(rows, ["k"], ["e2e.within_budget"]).splitlines()
    assert "0.9000 [0.8912, 0.9087]" in table[1]
    assert "0.9400 [0.9312, 0.9475]" in table[2]


def reporting_point(raw: dict[str, Any], seed: int) -> dict[str, Any]:
    """Like report.json: the point reports its own seed and request count."""
    return {"seed": seed, "requests": raw["requests"], **queue_point(raw, seed)}


def test_seed_column_is_the_first_replication_seed_not_a_mean() -> None:
    rows = run_sweep(RAW, [Vary("workload.users", (50,))], 3, "serial", reporting_point)
    assert rows[0]["seed"] == replication_seeds(RAW["seed"], 1, 3)[0][0]
    assert rows[0]["requests"] == RAW["requests"]
    assert "seed.ci95_low" not in rows[0]
