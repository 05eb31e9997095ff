"""A DUT adapter added from outside the package, found by name through the entry point group
``cabin_twin.dut`` (as python-can finds ``can.interface`` backends), configured from a
scenario and run."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hil.dut import ENTRY_POINT_GROUP, adapter, adapter_names, open_dut
from tests.helpers import assert_verdict_apart_from_wall_clock
from twin.config.dut import dut_config
from twin.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
QUERIES = str(ROOT / "tests" / "data" / "dut_fallback_queries.jsonl")


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A distribution's metadata declaring ``loopback = tests.dut_plugin:LoopbackDut`` (what
    ``pip install`` of a package with that entry point writes)."""
    info = tmp_path / "cabin_twin_loopback-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cabin-twin-loopback\n"
                                   "Version: 0.1\n")
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\nloopback = tests.dut_plugin:LoopbackDut\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield
    sys.modules.pop("tests.dut_plugin", None)


def test_not_installed_is_refused_by_name() -> None:
    config = dut_config({"backend": {"kind": "loopback"}}, "s.toml")
    assert config is not None
    assert "loopback" not in adapter_names()
    with pytest.raises(InputError) as info:
        open_dut(config.backend, source="s.toml")
    assert info.value.key == "assistant.backend.kind"


def test_found_by_name_and_typed_by_its_own_config(installed: None) -> None:
    assert "loopback" in adapter_names()
    assert adapter("loopback").__name__ == "LoopbackDut"
    config = dut_config({"backend": {"kind": "loopback", "intent": "media_play",
                                     "concurrency": 2}}, "s.toml")
    assert config is not None
    dut = open_dut(config.backend, source="s.toml")
    assert dut.concurrency == 2 and dut.intent == "media_play"  # type: ignore[attr-defined]
    bad = dut_config({"backend": {"kind": "loopback", "intnet": "x"}}, "s.toml")
    assert bad is not None
    with pytest.raises(InputError) as info:  # its own model refuses the typo
        open_dut(bad.backend, source="s.toml")
    assert info.value.key == "assistant.backend.intnet" and "\n" not in str(info.value)


@pytest.mark.slow
def test_a_scenario_runs_the_plugin(installed: None, tmp_path: Path) -> None:
    from hil.run_real import run_real
    from twin.scenario import scenario_from_dict

    scenario = scenario_from_dict({
        "name": "plugin", "seed": 4, "requests": 6,
        "workload": {"kind": "poisson", "rate_per_s": 25}, "stages": {"profile": "ideal"},
        "assistant": {"lang": "en", "queries": QUERIES,
                      "backend": {"kind": "loopback", "feedback": "from the plugin"}},
        "policy": {"degrade_deadline_ms": 1000},
    }, "plugin.toml")
    result = run_real(scenario, None, None, None, tmp_path)
    dut = result.report["dut"]
    assert dut["backends"] == {"terminal": "loopback"}
    assert dut["outcomes"]["ok"] == 6
    # every expectation holds but the wall-clock ones a loaded machine may miss (this failed on
    # `result.passed` in a suite run at load 8: a real call's time is twin bench's business)
    assert_verdict_apart_from_wall_clock(result.report, 0 if result.passed else 1)
