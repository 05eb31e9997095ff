"""Rig files whose checks could never fail, whose safe state is not at rest, or whose bus
options python-can would choke on, are refused at load; the limits are pinned here."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from hil.rig_exercise import table
from hil.rig_file import load_rig
from twin.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
CI = tomllib.loads((ROOT / "rigs" / "ci-virtual.toml").read_text(encoding="utf-8"))


def _load(tmp_path: Path, patch: dict[str, Any]) -> Any:
    def merge(base: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
        out = dict(base)
        for k, v in change.items():
            out[k] = merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k),
                                                                             dict) else v
        return out

    path = tmp_path / "rig.toml"
    path.write_text(tomli_w.dumps(merge(CI, patch)), encoding="utf-8")
    return load_rig(path)


def _refused(tmp_path: Path, patch: dict[str, Any]) -> InputError:
    with pytest.raises(InputError) as err:
        _load(tmp_path, patch)
    assert "\n" not in str(err.value)
    return err.value


@pytest.mark.parametrize(("volume", "ok"), [(0, True), (10, True), (11, False), (30, False)])
def test_the_media_safe_state_leaves_the_volume_at_most_a_third_up(tmp_path, volume, ok):
    patch = {"devices": {"media": {"safe_state": {
        "send": {"Volume": volume},
        "confirm": [{"signal": "Volume", "value": volume}, {"signal": "Mute", "value": 0}]}}}}
    if ok:
        assert _load(tmp_path, patch).devices["media"].spec.safe_state.send["Volume"] == volume
    else:
        assert _refused(tmp_path, patch).key == "devices.media.safe_state.send.Volume"


@pytest.mark.parametrize(("fan", "ok"), [(0, True), (1, False), (7, False)])
def test_the_hvac_safe_state_turns_the_fan_off(tmp_path, fan, ok):
    patch = {"devices": {"hvac": {"safe_state": {"send": {"Fan": fan}}}}}
    if ok:
        assert _load(tmp_path, patch).devices["hvac"].spec.safe_state.send["Fan"] == 0
    else:
        err = _refused(tmp_path, patch)
        assert err.key == "devices.hvac.safe_state.send.Fan" and "off (0" in err.expected


def test_a_safe_state_that_leaves_the_seat_heating_out_is_refused(tmp_path):
    rig = tomllib.loads(tomli_w.dumps(CI))
    rig["devices"]["seat"]["safe_state"]["send"] = {"DriverLevel": 0}
    path = tmp_path / "rig.toml"
    path.write_text(tomli_w.dumps(rig), encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_rig(path)
    assert err.value.key == "devices.seat.safe_state.send.PassengerLevel"
    assert "keeps the last value" in err.value.expected


@pytest.mark.parametrize(("tolerance", "ok"), [(14.5, True), (15, False), (1e9, False)])
def test_a_tolerance_as_wide_as_the_signal_is_refused(tmp_path, tolerance, ok):
    # Fan is 4 bits: it carries 0..15, a tolerance of 15 passes every value
    patch = {"devices": {"hvac": {"intents": {"climate_set_fan": {
        "signal": "Fan", "confirm": {"signal": "Fan", "tolerance": tolerance}}}}}}
    if ok:
        _load(tmp_path, patch)
    else:
        assert _refused(tmp_path, patch).key == (
            "devices.hvac.intents.climate_set_fan.confirm.tolerance")


def test_node_ids_are_unique_per_bus_and_zero_means_none(tmp_path):
    assert _refused(tmp_path, {"devices": {"seat": {"node_id": 1}}}).key == (
        "devices.seat.node_id")
    rig = _load(tmp_path, {"devices": {"seat": {"node_id": 0}, "window": {"node_id": 0}}})
    assert rig.devices["seat"].node_id == rig.devices["window"].node_id == 0
    # the serial HMI may reuse a CAN device's id: another bus, another ping
    assert _load(tmp_path, {"devices": {"hmi": {"node_id": 1}}}).devices["hmi"].node_id == 1


@pytest.mark.parametrize(("options", "key"), [
    ({"receive_own_messages": "yes"}, "buses.body.options.receive_own_messages"),
    ({"rx_queue_size": 1.5}, "buses.body.options.rx_queue_size"),
    ({"bogus": 1}, "buses.body.options.bogus"),
])
def test_virtual_bus_options_are_checked_against_python_can(tmp_path, options, key):
    assert _refused(tmp_path, {"buses": {"body": {"options": options}}}).key == key


def test_good_bus_options_load(tmp_path):
    rig = _load(tmp_path, {"buses": {"body": {"options": {"rx_queue_size": 100,
                                                          "preserve_timestamps": True}}}})
    assert rig.buses["body"].options == {"rx_queue_size": 100, "preserve_timestamps": True}
    udp = _load(tmp_path, {"buses": {"body": {"interface": "udp_multicast",
                                              "options": {"hop_limit": 0}}}})
    assert udp.buses["body"].options == {"hop_limit": 0}
    for hop in (-1, 256):
        err = _refused(tmp_path, {"buses": {"body": {"interface": "udp_multicast",
                                                     "options": {"hop_limit": hop}}}})
        assert err.key == "buses.body.options.hop_limit"


def test_rig_show_calls_nothing_fire_and_forget_that_waits_for_a_status():
    rows = table(load_rig("ci-virtual"))
    assert not [r for r in rows if "fire-and-forget" in r[-1]]
    ford = table(load_rig(ROOT / "tests" / "data" / "rigs" / "ford-bodycan.toml"))
    assert {r[0] for r in ford if "fire-and-forget" in r[-1]} == {"steering_media"}


def test_a_deeply_nested_or_huge_rig_file_is_one_line(tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_rig(deep)
    assert err.value.key == "toml"
    huge = tmp_path / "huge.toml"
    huge.write_text("# " + "x" * 1_000_001 + "\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_rig(huge)
    assert err.value.key == "path" and "at most 1000 kB" in err.value.expected
