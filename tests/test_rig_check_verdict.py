"""``twin rig check`` fails unless it checked, and rig definitions that cannot work are refused
when they load (one line, exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cabin_twin.cli.main import main
from devices.ecu import BoundTwin
from hil.rig import load_rig
from tests.helpers import can_rig_toml
from twin.errors import InputError

HVAC = can_rig_toml("t", timeout_ms=200, devices=("hvac",))
NO_PING = """
[devices.fan]
bus = "body"
command = "Seat_Cmd"
status = "Seat_Status"
node_id = 0
timeout_ms = 200
safe_state = { send = { DriverLevel = 0, PassengerLevel = 0 }, why = "burn risk" }
[devices.fan.intents]
seat_heat_driver = { signal = "DriverLevel" }
"""
SAFE = "safe_state = { send = { TargetTemp = 22, Fan = 0, AC = 0 }"


def _with(old: str, new: str, extra: str = "") -> str:
    assert old in HVAC
    return HVAC.replace(old, new) + extra


SEAT = can_rig_toml(devices=("seat",)).split("[devices.seat]", 1)[1]


@pytest.mark.parametrize(("text", "key"), [
    (_with('status = "HVAC_Status"', 'status = "HVAC_Cmd"'), "devices.hvac.status"),
    (_with('status = "HVAC_Status"', 'status = "Seat_Cmd"', "[devices.seat]" + SEAT),
     "devices.hvac.status"),
    (_with(SAFE, "safe_state = { send = { TargetTemp = 99, Fan = 0, AC = 0 }"),
     "devices.hvac.safe_state.send.TargetTemp"),
    (_with(SAFE, "safe_state = { send = { TargetTemp = 15.5, Fan = 0, AC = 0 }"),
     "devices.hvac.safe_state.send.TargetTemp"),
    (_with(SAFE, 'safe_state = { send = { TargetTemp = "warm", Fan = 0, AC = 0 }'),
     "devices.hvac.safe_state.send.TargetTemp"),
    (_with(SAFE, "safe_state = { send = { TargetTemp = nan, Fan = 0, AC = 0 }"),
     "devices.hvac.safe_state.send.TargetTemp"),
    (_with(SAFE, "safe_state = { send = { TargetTemp = 22, Fan = 8, AC = 0 }"),
     "devices.hvac.safe_state.send.Fan"),
    (_with('climate_set_fan = { signal = "Fan" }',
           'climate_set_fan = { signal = "Fan", confirm = { signal = "FanSpeed" } }'),
     "devices.hvac.intents.climate_set_fan.confirm.signal"),
])
def test_rig_that_cannot_work_is_refused_at_load(tmp_path: Path, text: str, key: str,
                                                 capsys) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(InputError) as err:
        load_rig(path)
    assert err.value.key == key
    assert main(["rig", "check", str(path)]) == 2
    assert capsys.readouterr().err.strip().count("\n") == 0


def test_safe_state_limits_pinned_at_the_dbc_edges(tmp_path: Path) -> None:
    for value in (16, 30, 22.5):  # cabin.dbc TargetTemp [16|30]
        path = tmp_path / f"ok{value}.toml"
        path.write_text(_with(SAFE, f"safe_state = {{ send = {{ TargetTemp = {value}, "
                                    "Fan = 0, AC = 0 }"))
        assert load_rig(path).devices["hvac"].spec.safe_state.send["TargetTemp"] == value


def _check(tmp_path: Path, text: str, capsys, *extra: str) -> tuple[int, dict]:
    path = tmp_path / "rig.toml"
    path.write_text(text)
    status = main(["rig", "check", str(path), "--pings", "3", "--timeout-ms", "200", "--json",
                   *extra])
    out = capsys.readouterr().out
    return status, json.loads(out.strip().splitlines()[-1])


def test_device_without_ping_is_skipped_not_passed(tmp_path: Path, capsys) -> None:
    status, result = _check(tmp_path, HVAC + NO_PING, capsys)
    assert status == 0
    assert result["devices"]["fan"]["verdict"] == "SKIPPED"
    assert "no ping" in result["devices"]["fan"]["skipped"]
    assert result["devices"]["hvac"]["verdict"] == "PASS"


def test_nothing_verified_fails(tmp_path: Path, capsys) -> None:
    """No ping and (``--pings-only``) no command: nothing was verified. Without
    ``--pings-only`` the device's confirmed commands verify it."""
    only = 'name = "t"\n[buses.body]\ninterface = "virtual"\nchannel = "auto"\n' + NO_PING
    status, result = _check(tmp_path, only, capsys)
    assert status == 0 and result["devices"]["fan"]["commands"]["confirmed"] > 0
    status, result = _check(tmp_path, only, capsys, "--pings-only")
    assert status == 1 and not result["passed"]
    assert any("nothing verified" in why for why in result["failures"])


def test_refused_safe_state_fails_the_check(tmp_path: Path, capsys, monkeypatch) -> None:
    """Planted defect: the HVAC twin accepts every command but goes to 30 degC, so the safe
    state's TargetTemp 22 comes back contradicted."""
    monkeypatch.setattr(BoundTwin, "apply", lambda self, command: self.state[
        "HVAC_Status"].update(TargetTemp=30.0))
    status, result = _check(tmp_path, HVAC, capsys)
    assert status == 1
    assert result["devices"]["hvac"]["verdict"] == "PASS"  # pings still answered
    assert result["safe_state"]["hvac"] == "mismatch"
    reason = result["safe_state_detail"]["hvac"]["reason"]  # the binding's confirmation
    assert "status contradicts the command: TargetTemp=30 (expected " in reason
    assert "TargetTemp == 22" in reason
