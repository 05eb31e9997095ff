"""Vehicle databases the project was not written for (opendbc DBCs, an AUTOSAR ARXML and a
KCD from cantools, tests/data/dbc): rig
files written from the docs drive every bound cabin function on the simulated twins, every
command is confirmed, the traces decode against the vehicle's DBC, the safe state is
confirmed, and ``twin rig init`` drafts a rig that loads."""

from __future__ import annotations

import json
from pathlib import Path

import can
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cabin_twin.cli.main import main
from devices.binding import Refused
from devices.codec import decode_values, encode, load_dbc, start_values
from devices.ecu import BoundTwin
from hil.rig_file import FEEDBACK, FEEDBACK_SCHEMA, load_rig
from tests.helpers import assert_verdict_apart_from_wall_clock
from twin.assistant.intents import INTENTS

DATA = Path(__file__).resolve().parent / "data"
VEHICLES = ["gm-lowspeed", "ford-bodycan", "hyundai-mcan", "arxml-system42", "kcd-tester"]
RIGS = {n: DATA / "rigs" / f"{n}.toml" for n in VEHICLES}


def _decode_trace(out: Path) -> dict[tuple[int, str], int]:
    """(channel, message) -> frames, every frame decoded with the DBC of its channel."""
    channels = json.loads((out / "channels.json").read_text())
    dbs = {int(k) - 1: load_dbc(v["dbc"], False) for k, v in channels.items()}
    seen: dict[tuple[int, str], int] = {}
    for msg in can.LogReader(str(out / "can.blf")):
        if msg.is_error_frame:
            continue
        message = dbs[msg.channel].get_message_by_frame_id(
            msg.arbitration_id, force_extended_id=msg.is_extended_id)
        values = decode_values(message, bytes(msg.data))  # raises if it does not decode
        assert set(values) == {s.name for s in message.signals}
        seen[(msg.channel, message.name)] = seen.get((msg.channel, message.name), 0) + 1
    return seen


@pytest.mark.parametrize("name", VEHICLES)
def test_rig_check_confirms_every_bound_command(name: str, tmp_path: Path, capsys) -> None:
    assert main(["rig", "check", str(RIGS[name]), "--pings", "1", "--out", str(tmp_path)]) == 0
    result = json.loads((tmp_path / "rig_check.json").read_text())
    rig = load_rig(RIGS[name])
    for device, d in result["devices"].items():
        c = d["commands"]
        assert c["commands"] > 0 and not c["failures"], (device, c)
        if rig.devices[device].spec.fire_and_forget:
            assert c["sent"] == c["commands"] and c["confirmed"] == 0
            assert d["safe_state"] == "sent"
        else:
            assert c["confirmed"] == c["commands"], (device, c)
            assert d["safe_state"] == "ok"
    seen = _decode_trace(tmp_path)
    for dev in rig.devices.values():
        channel = rig.buses[dev.bus].index
        assert seen.get((channel, dev.command), 0) >= 2  # commands, then the safe state
        if dev.status:
            assert seen.get((channel, dev.status), 0) >= 1


def test_two_buses_trace_on_two_channels(tmp_path: Path) -> None:
    assert main(["rig", "check", str(RIGS["hyundai-mcan"]), "--pings", "1",
                 "--out", str(tmp_path)]) == 0
    channels = json.loads((tmp_path / "channels.json").read_text())
    assert {v["bus"] for v in channels.values()} == {"mcan", "cabin"}
    seen = _decode_trace(tmp_path)
    assert {ch for ch, _ in seen} == {0, 1}
    assert "Chn 2" in (tmp_path / "can.asc").read_text() or " 2 " in (
        tmp_path / "can.asc").read_text()


def test_strict_false_warns_naming_the_overlap(capsys) -> None:
    load_rig(RIGS["gm-lowspeed"])
    err = capsys.readouterr().err
    assert "strict = false" in err and "Climate_Control_General_Status" in err
    text = RIGS["gm-lowspeed"].read_text().replace("strict = false", "strict = true")
    path = RIGS["gm-lowspeed"].parent / "_strict.toml"
    try:
        path.write_text(text)
        from twin.errors import InputError

        with pytest.raises(InputError) as exc:
            load_rig(path)
        assert exc.value.key == "buses.lowspeed.dbc" and "overlapping" in exc.value.expected
    finally:
        path.unlink()


def test_ranges_from_the_binding_hold_on_both_sides() -> None:
    """Ford declares every signal [0|0]: the rig's range refuses a value before encoding,
    and the twin rejects a frame that carries it anyway (one source for both)."""
    rig = load_rig(RIGS["ford-bodycan"])
    spec = rig.devices["seats"].spec
    db = rig.db("seats")
    cmd = db.get_message_by_name(spec.command)
    with pytest.raises(Refused, match=r"ClmtCtrlSeat_SetCmd_Dvr=5 outside its range \[0, 3\]"):
        spec.encode("seat_heat_driver", 5, start_values(cmd))
    twin = BoundTwin(db, spec)
    assert twin.handle(encode(cmd, {"ClmtCtrlSeat_SetCmd_Dvr": 5}, strict=False)) == []
    assert twin.results["OUT_OF_RANGE"] == 1  # no Result signal in this DBC: silent, counted
    assert twin.handle(encode(cmd, {"ClmtCtrlSeat_SetCmd_Dvr": 3}, strict=False))


@pytest.mark.slow
@pytest.mark.parametrize("name", VEHICLES)
def test_twin_run_confirms_every_bound_command(name: str, tmp_path: Path) -> None:
    scenario = _smoke_serving(RIGS[name], tmp_path)
    status = main(["run", str(scenario), "--rig", str(RIGS[name]), "--requests", "40",
                   "--seed", "3", "--out", str(tmp_path)])
    report = json.loads((tmp_path / "report.json").read_text())
    # the latency verdict is the machine's (at load 17 the bus roundtrip took e2e p95 past
    # 100 ms); everything else must hold
    assert_verdict_apart_from_wall_clock(report, status)
    rig = load_rig(RIGS[name])
    commanded = 0
    for device, stats in report["devices"].items():
        if rig.devices[device].spec.fire_and_forget:
            assert stats["sent_unconfirmed"] == stats["commands"] and stats["ok"] == 0
        else:
            assert stats["ok"] == stats["commands"], (device, stats)
            commanded += stats["commands"]
    assert commanded > 0
    confirmed = next(e for e in report["expectations"]
                     if e["metric"] == "render_real.confirmed")
    assert confirmed["passed"] and confirmed["value"] == report["render_real"]["confirmed"]
    safe = report["rig"]["safe_state"]
    assert all(safe[d] == ("sent" if rig.devices[d].spec.fire_and_forget else "ok")
               for d in rig.devices)
    _decode_trace(tmp_path)


def _smoke_serving(rig: Path, tmp_path: Path) -> Path:
    """``smoke`` allowing what ``rig`` leaves unserved (a vehicle bus serves a few functions)."""
    from hil.render import intent_routes
    from twin.config.actuation import CABIN_INTENTS

    served = intent_routes(str(rig))
    unserved = sorted(set(CABIN_INTENTS) - set(served))
    smoke = (Path(__file__).resolve().parents[1] / "scenarios" / "smoke.toml").read_text()
    text = smoke[:smoke.index("[actuation]")] + (
        f"[actuation]\nunserved = {json.dumps(unserved)}\n"
        f"reason = 'the {rig.stem} bus carries only some cabin functions'\n")
    path = tmp_path / "smoke_here.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.slow
def test_fire_and_forget_alone_is_no_passing_run(tmp_path: Path) -> None:
    text = RIGS["ford-bodycan"].read_text()
    only = text[:text.index("[devices.climate]")] + text[text.index(
        "# Steering-wheel buttons"):]
    path = RIGS["ford-bodycan"].parent / "_ff_only.toml"
    try:
        path.write_text(only)
        status = main(["run", "smoke", "--rig", str(path), "--requests", "30", "--seed", "4",
                       "--out", str(tmp_path)])
    finally:
        path.unlink()
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["devices"]["steering_media"]["sent_unconfirmed"] > 0
    confirmed = next(e for e in report["expectations"]
                     if e["metric"] == "render_real.confirmed")
    assert not confirmed["passed"] and status == 1


@pytest.mark.parametrize(("dbc", "function", "message"), [
    ("gm_global_a_lowspeed_1818125", "temperature", "Remote_Climate_Control_Req_LS"),
    ("ford_cgea1_2_bodycan_2011", "seat heating", "ClmtCtrlSeatSet_Cmd_v2_MS"),
    ("hyundai_2015_mcan", "media", "HU_AMP_E_08"),
])
def test_rig_init_drafts_a_rig_that_loads(dbc: str, function: str, message: str,
                                          tmp_path: Path, capsys) -> None:
    out = tmp_path / "draft.toml"
    assert main(["rig", "init", "--dbc", str(DATA / "dbc" / f"{dbc}.dbc"),
                 "--out", str(out)]) == 0
    text = out.read_text()
    line = next(x for x in text.splitlines() if x.startswith(f"#   {function}:"))
    assert message in line  # the candidate a user would pick is listed
    assert "does not load" not in capsys.readouterr().err
    rig = load_rig(out)
    assert rig.devices and all(d.spec.intents for d in rig.devices.values())
    assert main(["rig", "show", str(out)]) == 0


# ---- encode -> decode property ---------------------------------------------------------
def _absolute_bindings() -> list[tuple[str, str, str]]:
    out = []
    for path in [*RIGS.values(), "ci-virtual"]:
        rig = load_rig(path)
        for name, dev in rig.devices.items():
            out += [(str(path), name, i) for i, b in dev.spec.intents.items() if b.signal]
    return sorted(out)


BINDINGS = _absolute_bindings()


@given(st.sampled_from(BINDINGS), st.data())
def test_encode_then_decode_gives_the_value_back(binding, data) -> None:
    path, device, intent = binding
    rig = load_rig(path)
    spec = rig.devices[device].spec
    b = spec.intents[intent]
    schema = FEEDBACK_SCHEMA if intent == FEEDBACK else INTENTS[intent]
    msg = rig.db(device).get_message_by_name(spec.command)
    current = start_values(msg)
    low, high = spec.ranges[b.signal]
    current[b.signal] = data.draw(st.floats(low, high)) if b.relative else current[b.signal]
    value = data.draw(st.integers(schema.low, schema.high))
    values = spec.encode(intent, value, current)
    decoded = decode_values(msg, encode(msg, values, strict=False))
    step = abs(msg.get_signal_by_name(b.signal).scale)
    assert abs(decoded[b.signal] - values[b.signal]) <= step / 2 + 1e-9
    for sig, const in b.set.items():
        assert abs(decoded[sig] - const) <= abs(msg.get_signal_by_name(sig).scale) / 2 + 1e-9


@pytest.mark.parametrize(("replace", "key", "expected"), [
    ('database = "../dbc/tester.kcd"', "buses.body.database", "one of database and dbc"),
    ('database = "../dbc/LICENSE.cantools"', "buses.body.database", "a database cantools reads"),
])
def test_database_key_errors_name_the_key(replace: str, key: str, expected: str) -> None:
    from twin.errors import InputError

    text = RIGS["kcd-tester"].read_text().replace('database = "../dbc/tester.kcd"', replace)
    if "one of" in expected:
        text = text.replace(replace, replace + '\ndbc = "../dbc/tester.kcd"')
    path = RIGS["kcd-tester"].parent / "_database_key.toml"
    try:
        path.write_text(text)
        with pytest.raises(InputError) as exc:
            load_rig(path)
        assert exc.value.key == key and expected in exc.value.expected
    finally:
        path.unlink()
