"""The fuzz corpus (tests/data/fuzz): every traceback, hang and accepted-nonsense case of issue
12 is refused with one line on stderr and exit 2, or accepted because it is legitimate. No case
may raise (a traceback) or run longer than the watchdog (a hang)."""

from __future__ import annotations

import copy
import faulthandler
import json
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from cabin_twin.cli.main import main

DATA = Path(__file__).parent / "data" / "fuzz"
ROOT = Path(__file__).resolve().parents[1]
WATCHDOG_S = 240  # a case still running after this is a hang: the process dies with a dump
BASE: dict[str, Any] = {
    "name": "fuzz", "seed": 3, "requests": 20,
    "workload": {"kind": "poisson", "rate_per_s": 20}, "stages": {"profile": "ideal"},
}


def _cases(name: str) -> list[dict[str, Any]]:
    return tomllib.loads((DATA / name).read_text(encoding="utf-8"))["case"]


def _merge(base: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in patch.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    faulthandler.dump_traceback_later(WATCHDOG_S, exit=True, file=sys.__stderr__)
    try:
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse's own usage errors
            code = int(exc.code or 0)
    finally:
        faulthandler.cancel_dump_traceback_later()
    return code, capsys.readouterr().err


def _check(case: dict[str, Any], code: int, err: str) -> None:
    assert "Traceback" not in err
    if case.get("accept"):
        assert code in (0, 1), err
        return
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 2, err
    assert len(lines) == 1, err
    assert re.search(case["error"], lines[0]), lines[0]


@pytest.mark.parametrize("case", _cases("scenarios.toml"), ids=lambda c: c["name"][:60])
def test_scenario_case(case: dict[str, Any], tmp_path: Path, capsys) -> None:
    scenario = _merge(BASE, case["scenario"]) if case.get("base") else case["scenario"]
    path = tmp_path / "case.toml"
    path.write_text(tomli_w.dumps(scenario), encoding="utf-8")
    code, err = _run(["run", str(path), "--out", str(tmp_path / "out")], capsys)
    _check(case, code, err)


def _placeholders(tmp_path: Path) -> dict[str, str]:
    deep = tmp_path / "deep.toml"
    deep.write_text("[" + ".".join(["a"] * 1000) + "]\nx = 1\n", encoding="utf-8")
    binary = tmp_path / "binary.bin"
    binary.write_bytes(bytes(range(256)) * 8)
    rig = tomllib.loads((ROOT / "rigs" / "ci-virtual.toml").read_text(encoding="utf-8"))
    rig["serial"]["port"] = str(tmp_path / "no-such-serial-port")
    serial_rig = tmp_path / "bad-serial.toml"
    serial_rig.write_text(tomli_w.dumps(rig), encoding="utf-8")
    deep_array = tmp_path / "deep-array.toml"
    deep_array.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    deep_inline = tmp_path / "deep-inline.toml"
    deep_inline.write_text("a = " + "{b = " * 600 + "1" + "}" * 600 + "\n", encoding="utf-8")
    queries_zero = tmp_path / "queries-zero.toml"
    queries_zero.write_text(tomli_w.dumps({**BASE, "assistant": {"queries": "/dev/zero"}}),
                            encoding="utf-8")
    return {"deep": str(deep), "binary": str(binary), "long": "x" * 10_000,
            "serial_rig": str(serial_rig), "out": str(tmp_path / "out"),
            "deep_array": str(deep_array), "deep_inline": str(deep_inline),
            "queries_zero": str(queries_zero), "missing_folder": str(tmp_path / "no" / "x.toml"),
            "cabin_dbc": str(ROOT / "devices" / "cabin.dbc")}


@pytest.mark.parametrize("case", _cases("cli.toml"), ids=lambda c: c["name"][:60])
def test_command_case(case: dict[str, Any], tmp_path: Path, capsys) -> None:
    values = _placeholders(tmp_path)
    argv = [arg.format(**values) for arg in case["argv"]]
    code, err = _run(argv, capsys)
    _check(case, code, err)


def test_non_finite_report_values_become_null_with_a_warning(tmp_path: Path, capsys) -> None:
    """The fuzzer's 32 'Out of range float values are not JSON compliant' crashes: whatever
    still yields a NaN or infinity is written as null, named in one warning line."""
    from twin.report import write_report
    from twin.runner import run_scenario
    from twin.scenario import load_scenario

    report = run_scenario(load_scenario("smoke"), requests=50).report
    report["e2e"]["p95_ms"] = float("nan")
    report["stages"]["capture"]["p99_ms"] = float("inf")
    report["faults"] = [{"kind": "rtt_spike", "start_ms": 0.0, "duration_ms": float("inf"),
                         "stages": ["network"], "requests_hit": 0}]
    path = write_report(report, tmp_path)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["e2e"]["p95_ms"] is None and written["e2e"]["p50_ms"] == report["e2e"]["p50_ms"]
    assert written["stages"]["capture"]["p99_ms"] is None
    assert written["faults"][0]["duration_ms"] is None
    warning = capsys.readouterr().err.strip().splitlines()
    assert len(warning) == 1
    assert "e2e.p95_ms" in warning[0] and "faults[0].duration_ms" in warning[0]


def _rig_cases() -> list[Any]:
    return [pytest.param(c, id=c["name"][:60], marks=[pytest.mark.xfail(
        reason=c["xfail"], strict=True)] if "xfail" in c else []) for c in _cases("rigs.toml")]


@pytest.mark.parametrize("case", _rig_cases())
def test_rig_case(case: dict[str, Any], tmp_path: Path, capsys) -> None:
    rig = tomllib.loads((ROOT / "rigs" / "ci-virtual.toml").read_text(encoding="utf-8"))
    path = tmp_path / "rig.toml"
    path.write_text(tomli_w.dumps(_merge(rig, case["patch"])), encoding="utf-8")
    code, err = _run(["rig", "check", str(path), "--pings", "1"], capsys)
    _check(case, code, err)
