"""Rig files: shipped rigs load; bad ones give one InputError naming file, key, expectation."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from cabin_twin.cli import rig as cmd_rig
from hil.rig import load_rig
from tests.helpers import can_rig_toml
from twin.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
GOOD = can_rig_toml("t")


@pytest.mark.parametrize("name", ["ci-virtual", "multiprocess", "bench-template"])
def test_shipped_rigs_load(name: str) -> None:
    rig = load_rig(name)
    assert {"hvac", "seat", "window", "media", "hmi"} <= set(rig.devices)


BAD = [
    # (replace, with, key the one-line error names)
    ('bus = "body"\nnode_id = 1', 'bus = "bdoy"\nnode_id = 1', "devices.hvac.bus"),
    ('channel = "auto"', 'channel = "auto"\nbaud = 500000', "buses.body.baud"),
    ('channel = "auto"', 'channel = "auto"\nbitrate = 1e308', "buses.body.bitrate"),
    ('interface = "virtual"\n', "", "buses.body.interface"),
    ("timeout_ms = 30\n", "timeout_ms = -1\n", "devices.hvac.timeout_ms"),
    ("timeout_ms = 30\n", "timeout_ms = 1e308\n", "devices.hvac.timeout_ms"),
    ("timeout_ms = 30\n", "timout_ms = 30\n", "devices.hvac.timout_ms"),
    ("node_id = 1", "node_id = 256", "devices.hvac.node_id"),
    ('delay = {dist = "fixed", value = 1.0}\nsafe_state = { send = { Target',
     'dealy = 1\nsafe_state = { send = { Target', "devices.hvac.dealy"),
    ('delay = {dist = "fixed", value = 1.0}\nsafe_state = { send = { Target',
     'delay = {dist = "nope"}\nsafe_state = { send = { Target', "devices.hvac.delay.dist"),
    ('command = "HVAC_Cmd"', 'command = "Nope_Cmd"', "devices.hvac.command"),
    ('status = "HVAC_Status"', 'status = "HVAC_Cmd"', "devices.hvac.status"),
    ("TargetTemp = 22,", "TargetTemp = 45,", "devices.hvac.safe_state.send.TargetTemp"),
    ("TargetTemp = 22,", "Bogus = 1,", "devices.hvac.safe_state.send.Bogus"),
    ('climate_set_fan = { signal = "Fan" }', 'climate_set_fna = { signal = "Fan" }',
     "devices.hvac.intents.climate_set_fna"),
    ('climate_set_fan = { signal = "Fan" }', 'climate_set_fan = { signal = "Fna" }',
     "devices.hvac.intents.climate_set_fan.signal"),
    ('climate_set_fan = { signal = "Fan" }', 'climate_set_fan = { signal = "Fan", scale = 2 }',
     "devices.hvac.intents.climate_set_fan.signal"),
    ('climate_set_fan = { signal = "Fan" }',
     'climate_set_fan = { signal = "Fan", levels = [0, 1] }',
     "devices.hvac.intents.climate_set_fan.levels"),
    ("climate_ac_on = { set = { AC = 1 } }", 'climate_ac_on = { set = { AC = "On" } }',
     "devices.hvac.intents.climate_ac_on.set.AC"),
    ("climate_ac_on = { set = { AC = 1 } }",
     'climate_ac_on = { set = { AC = 1 }, confirm = { signal = "Nope", value = 1 } }',
     "devices.hvac.intents.climate_ac_on.confirm.signal"),
    ("seat_heat_driver = {", "climate_set_fan = {", "devices.seat.intents.climate_set_fan.signal"),
    ('seat_heat_passenger = { signal = "PassengerLevel" }',
     "climate_ac_off = { set = { PassengerLevel = 0 } }", "devices.seat.intents.climate_ac_off"),
    ('name = "t"', 'name = "t"\nbogus = 1', "bogus"),
    ('name = "t"', "name = [", "toml"),
]


@pytest.mark.parametrize(("old", "new", "key"), BAD)
def test_bad_rig_names_file_and_key(tmp_path: Path, old: str, new: str, key: str) -> None:
    assert old in GOOD
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace(old, new, 1))
    with pytest.raises(InputError) as err:
        load_rig(path)
    assert err.value.key == key and err.value.file == str(path), str(err.value)
    assert "\n" not in str(err.value)


def test_typos_get_a_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "typo.toml"
    path.write_text(GOOD.replace("timeout_ms = 30\n", "timout_ms = 30\n", 1))
    with pytest.raises(InputError, match="did you mean 'timeout_ms'"):
        load_rig(path)


def test_a_window_safe_state_that_moves_is_refused(tmp_path: Path) -> None:
    """A window safe state that also sends a Position (Stop = 1 with Position = 0) would
    close the window on an ECU that does not ignore Position while stopping: a motion device
    may only stop."""
    text = (ROOT / "rigs" / "ci-virtual.toml").read_text()
    bad = text.replace("send = { Stop = 1 }\nhold = { Position = \"Position\" }",
                       "send = { Stop = 1, Position = 0 }")
    assert bad != text
    path = tmp_path / "moving.toml"
    path.write_text(bad)
    with pytest.raises(InputError) as err:
        load_rig(path)
    assert err.value.key == "devices.window.safe_state.send.Position"


def test_rig_check_passes_on_ci_virtual_and_fails_without_devices(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    cmd_rig.register(parser.add_subparsers())
    args = parser.parse_args(["rig", "check", "ci-virtual", "--pings", "3",
                              "--out", str(tmp_path)])
    assert args.func(args) == 0
    assert (tmp_path / "rig_check.json").is_file()
    # a "real" device with nothing on the bus must fail the check, quickly
    path = tmp_path / "real.toml"
    path.write_text(GOOD.replace('bus = "body"\nnode_id = 1',
                                 'bus = "body"\nmode = "real"\nnode_id = 1'))
    args = parser.parse_args(["rig", "check", str(path), "--pings", "2", "--timeout-ms", "20"])
    assert args.func(args) == 1


def test_cli_bad_rig_is_one_line_and_exit_2(tmp_path: Path, monkeypatch, capsys) -> None:
    from cabin_twin.cli import main as cli

    monkeypatch.setattr(cli, "COMMAND_MODULES", ("cabin_twin.cli.rig",))
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace('bus = "body"\nnode_id = 1', 'bus = "usb"\nnode_id = 1'))
    assert cli.main(["rig", "check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and str(path) in err and "devices.hvac.bus" in err


def test_rig_check_on_multiprocess_rig() -> None:
    parser = argparse.ArgumentParser()
    cmd_rig.register(parser.add_subparsers())
    args = parser.parse_args(["rig", "check", "multiprocess", "--pings", "3"])
    assert args.func(args) == 0


def test_rig_check_reports_a_link_that_cannot_open(tmp_path: Path, capsys) -> None:
    path = tmp_path / "noport.toml"
    text = (ROOT / "rigs" / "ci-virtual.toml").read_text()
    text = text.replace('port = "emulator"', 'port = "/dev/cabin-twin-no-such-port"')
    path.write_text(text.replace('[devices.hmi]\n', '[devices.hmi]\nmode = "real"\n'))
    parser = argparse.ArgumentParser()
    cmd_rig.register(parser.add_subparsers())
    args = parser.parse_args(["rig", "check", str(path)])
    assert args.func(args) == 1
    assert "serial (/dev/cabin-twin-no-such-port): cannot open" in capsys.readouterr().out
