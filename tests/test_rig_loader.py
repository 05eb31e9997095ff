"""Rig files: shipped rigs load; bad ones give one InputError naming file, key, expectation."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from cabin_twin.cli import rig as cmd_rig
from hil.rig import load_rig
from twin.errors import InputError

GOOD = """
name = "t"
[can]
interface = "virtual"
channel = "auto"
[devices.hvac]
class = "HvacEcu"
link = "can"
"""


@pytest.mark.parametrize("name", ["ci-virtual", "multiprocess", "bench-template"])
def test_shipped_rigs_load(name: str) -> None:
    rig = load_rig(name)
    assert {"hvac", "seat", "window", "media", "hmi"} <= set(rig.devices)


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (("class = \"HvacEcu\"", "class = \"Toaster\""), "devices.hvac.class"),
        (("link = \"can\"", "link = \"usb\""), "devices.hvac.link"),
        (("interface = \"virtual\"\n", ""), "can.interface"),
        (("link = \"can\"", "link = \"can\"\ntimeout_ms = -1"), "devices.hvac.timeout_ms"),
        (("link = \"can\"", "link = \"can\"\ndelay = {dist = \"nope\"}"),
         "devices.hvac.delay.dist"),
        (("link = \"can\"", "link = \"can\"\ncommand = \"Nope_Cmd\""), "devices.hvac.command"),
        (("link = \"can\"", "link = \"can\"\nsafe_state = {Bogus = 1}"), "devices.hvac.Bogus"),
        (("name = \"t\"", "name = \"t\"\nbogus = 1"), "bogus"),
        (("name = \"t\"", "name = ["), "toml"),
    ],
)
def test_bad_rig_names_file_and_key(tmp_path: Path, change: tuple[str, str], key: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace(*change))
    with pytest.raises(InputError) as err:
        load_rig(path)
    assert err.value.key == key and err.value.file == str(path)
    assert "\n" not in str(err.value)


def test_rig_check_passes_on_ci_virtual_and_fails_without_devices(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    cmd_rig.register(parser.add_subparsers())
    args = parser.parse_args(["rig", "check", "ci-virtual", "--pings", "3",
                              "--out", str(tmp_path)])
    assert args.func(args) == 0
    assert (tmp_path / "rig_check.json").is_file()
    # a "real" device with nothing on the bus must fail the check, quickly
    path = tmp_path / "real.toml"
    path.write_text(GOOD.replace("link = \"can\"", "link = \"can\"\nmode = \"real\"\n"
                                 "timeout_ms = 20"))
    args = parser.parse_args(["rig", "check", str(path), "--pings", "2", "--timeout-ms", "20"])
    assert args.func(args) == 1


def test_cli_bad_rig_is_one_line_and_exit_2(tmp_path: Path, monkeypatch, capsys) -> None:
    from cabin_twin.cli import main as cli

    monkeypatch.setattr(cli, "COMMAND_MODULES", ("cabin_twin.cli.rig",))
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace("link = \"can\"", "link = \"usb\""))
    assert cli.main(["rig", "check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and str(path) in err and "devices.hvac.link" in err


def test_rig_check_on_multiprocess_rig() -> None:
    parser = argparse.ArgumentParser()
    cmd_rig.register(parser.add_subparsers())
    args = parser.parse_args(["rig", "check", "multiprocess", "--pings", "3"])
    assert args.func(args) == 0


def test_rig_check_reports_a_link_that_cannot_open(tmp_path: Path, capsys) -> None:
    path = tmp_path / "noport.toml"
    path.write_text('name = "noport"\n[serial]\nport = "/dev/cabin-twin-no-such-port"\n'
                    '[devices.hmi]\nclass = "HmiEcu"\nlink = "serial"\nmode = "real"\n')
    parser = argparse.ArgumentParser()
    cmd_rig.register(parser.add_subparsers())
    args = parser.parse_args(["rig", "check", str(path)])
    assert args.func(args) == 1
    assert "serial (/dev/cabin-twin-no-such-port): cannot open" in capsys.readouterr().out
