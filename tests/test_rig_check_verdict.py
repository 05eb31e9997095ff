"""``twin rig check`` fails unless it checked, and rig definitions that cannot work are refused
when they load (one line, exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cabin_twin.cli.main import main
from devices.ecu import HvacEcu
from hil.rig import load_rig
from twin.errors import InputError

HVAC = """
name = "t"
[can]
interface = "virtual"
channel = "auto"
[devices.hvac]
class = "HvacEcu"
link = "can"
timeout_ms = 200
"""
NO_PING = """
[devices.fan]
class = "DbcTwin"
link = "can"
command = "Seat_Cmd"
status = "Seat_Status"
node_id = 0
timeout_ms = 200
"""


@pytest.mark.parametrize(("extra", "key"), [
    ('status = "HVAC_Cmd"', "devices.hvac.status"),
    ('status = "Seat_Cmd"\n[devices.seat]\nclass = "SeatEcu"\nlink = "can"',
     "devices.hvac.status"),
    ("safe_state = { TargetTemp = 99 }", "devices.hvac.safe_state.TargetTemp"),
    ("safe_state = { TargetTemp = 15.5 }", "devices.hvac.safe_state.TargetTemp"),
    ('safe_state = { TargetTemp = "warm" }', "devices.hvac.safe_state.TargetTemp"),
    ("safe_state = { TargetTemp = nan }", "devices.hvac.safe_state.TargetTemp"),
    ("safe_state = { Fan = 8 }", "devices.hvac.safe_state.Fan"),
    ('mapping = { Fan = "FanSpeed" }', "devices.hvac.mapping.Fan"),
])
def test_rig_that_cannot_work_is_refused_at_load(tmp_path: Path, extra: str, key: str,
                                                 capsys) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(HVAC + extra + "\n")
    with pytest.raises(InputError) as err:
        load_rig(path)
    assert err.value.key == key
    assert main(["rig", "check", str(path)]) == 2
    assert capsys.readouterr().err.strip().count("\n") == 0


def test_safe_state_limits_pinned_at_the_dbc_edges(tmp_path: Path) -> None:
    for value in (16, 30, 22.5):  # cabin.dbc TargetTemp [16|30]
        path = tmp_path / f"ok{value}.toml"
        path.write_text(HVAC + f"safe_state = {{ TargetTemp = {value} }}\n")
        assert load_rig(path).devices["hvac"].safe_state == {"TargetTemp": value}


def _check(tmp_path: Path, text: str, capsys) -> tuple[int, dict]:
    path = tmp_path / "rig.toml"
    path.write_text(text)
    status = main(["rig", "check", str(path), "--pings", "3", "--timeout-ms", "200"])
    out = capsys.readouterr().out
    return status, json.loads(out.strip().splitlines()[-1])


def test_device_without_ping_is_skipped_not_passed(tmp_path: Path, capsys) -> None:
    status, result = _check(tmp_path, HVAC + NO_PING, capsys)
    assert status == 0
    assert result["devices"]["fan"]["verdict"] == "SKIPPED"
    assert "no ping" in result["devices"]["fan"]["skipped"]
    assert result["devices"]["hvac"]["verdict"] == "PASS"


def test_nothing_verified_fails(tmp_path: Path, capsys) -> None:
    only = 'name = "t"\n[can]\ninterface = "virtual"\nchannel = "auto"\n' + NO_PING
    status, result = _check(tmp_path, only, capsys)
    assert status == 1 and not result["passed"]
    assert any("nothing verified" in why for why in result["failures"])


def test_refused_safe_state_fails_the_check(tmp_path: Path, capsys, monkeypatch) -> None:
    """Planted defect: the HVAC twin accepts every command but goes to 30 degC, so the safe
    state's TargetTemp 22 comes back contradicted."""
    monkeypatch.setattr(HvacEcu, "apply", lambda self, command: self.state.update(
        TargetTemp=30.0))
    status, result = _check(tmp_path, HVAC, capsys)
    assert status == 1
    assert result["devices"]["hvac"]["verdict"] == "PASS"  # pings still answered
    assert result["safe_state"]["hvac"] == "mismatch"
    assert "TargetTemp=30 (commanded TargetTemp=22)" in result["safe_state_detail"]["hvac"][
        "reason"]
