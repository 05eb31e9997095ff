"""``twin verify --dut``: DUT crash, hang, HTTP 5xx and reset as steps of a Hypothesis machine
on real DUTs (a JSON-lines process and an HTTP service behind the impairment proxy)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cabin_twin.cli.main import main


@pytest.mark.slow
def test_twin_verify_dut_machine_passes_and_writes_junit(tmp_path: Path) -> None:
    out = tmp_path / "verify"
    code = main(["verify", "--skip-twin", "--dut", "--examples", "5", "--steps", "8",
                 "--out", str(out)])
    junit = (out / "junit.xml").read_text()
    assert code == 0, junit
    for prop in ("outcome", "degrade", "explained", "reported", "several", "no_dead_bench"):
        assert f'classname="verify.dut" name="{prop}"' in junit
    assert json.loads((out / "falsifying.json").read_text()) == []


def test_the_machines_utterances_go_to_the_fallback() -> None:
    """The machine counts DUT requests: the rules must leave its utterances to the DUT."""
    from hil.dut.verify import SEVERAL, UTTERANCES
    from twin.assistant.nlu import shared_nlu

    for text in (*UTTERANCES, *SEVERAL):
        assert shared_nlu("en").parse(text).confidence < 0.85, text


@pytest.mark.slow
def test_the_machine_catches_an_adapter_that_keeps_the_first_command_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The old adapters' answer (``{intent, value, feedback}`` alone) fails ``several``."""
    from hypothesis import HealthCheck, settings
    from hypothesis.stateful import run_state_machine_as_test

    import hil.dut.http
    import hil.dut.jsonl
    from hil.dut.contract import answer_from
    from hil.dut.verify import DutFaultMachine

    def first_only(obj: object) -> dict:
        return {k: v for k, v in answer_from(obj).items() if k != "commands"}

    monkeypatch.setattr(hil.dut.jsonl, "answer_from", first_only)
    monkeypatch.setattr(hil.dut.http, "answer_from", first_only)
    monkeypatch.setattr(DutFaultMachine, "failures", [])
    with pytest.raises(AssertionError, match="several"):
        run_state_machine_as_test(DutFaultMachine, settings=settings(
            max_examples=5, stateful_step_count=6, deadline=None, database=None,
            suppress_health_check=list(HealthCheck)))
