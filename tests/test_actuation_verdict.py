"""Actuation is part of the verdict: commands that were not sent, timed out, rejected or
contradicted fail the run (exit 1) with their reason, unless the scenario loosens the built-in
expectations explicitly and says why."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from cabin_twin.cli.main import main
from devices.actuator import Outcome, judge
from devices.codec import Result
from tests.helpers import can_rig_toml
from twin.actuation_verdict import actuation_expectations
from twin.config.actuation import Actuation
from twin.config.base import parse
from twin.errors import InputError

SLOW_HVAC = can_rig_toml("hvac-only", timeout_ms=0.2, hvac_delay_ms=5.0, devices=("hvac",))
"""The HVAC alone, answering after 5 ms to a 0.2 ms timeout."""

SCENARIO = """
name = "actuation-check"
seed = 3
requests = {requests}
[workload]
kind = "poisson"
rate_per_s = 20
[stages]
profile = "ideal"
[[expectations]]
name = "e2e p99 within a generous bound"
metric = "e2e.p99_ms"
max = 10000
"""


HVAC_ONLY_UNSERVED = ('["seat_*", "window_*", "media_*", "navigate_home", "climate_fan_?*", '
                      '"climate_temperature_*", "climate_defrost"]')
"""What the test rig's HVAC (temperature, fan level, AC on/off) leaves unserved."""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _run(tmp_path: Path, rig: Path, scenario: Path) -> tuple[int, dict, list[dict]]:
    out = tmp_path / "out"
    status = main(["run", str(scenario), "--rig", str(rig), "--out", str(out)])
    report = json.loads((out / "report.json").read_text())
    with (out / "requests.csv").open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    return status, report, rows


def _failed(report: dict) -> dict[str, dict]:
    return {e["metric"]: e for e in report["expectations"] if not e["passed"]}


def test_timed_out_commands_fail_the_run_with_reasons(tmp_path, capsys):
    """(A cabin intent no device of the rig binds is ``unserved``, see
    test_unserved_requests_fail_unless_allowed; a value the binding refuses is ``not_sent``,
    see tests/test_rig_session.py.)"""
    rig = _write(tmp_path, "rig.toml", SLOW_HVAC)
    scenario = _write(tmp_path, "s.toml", SCENARIO.format(requests=30))
    status, report, rows = _run(tmp_path, rig, scenario)
    assert status == 1
    act = report["actuation"]
    assert act["timed_out"] > 0 and "seat" not in act["per_device"]
    failed = _failed(report)
    assert {"actuation.timed_out_fraction"} <= set(failed)
    assert "actuation.safe_state_unconfirmed" not in failed  # the safe state waits >= 100 ms
    assert any("no valid status within 0.2 ms" in c
               for c in failed["actuation.timed_out_fraction"]["causes"])
    assert all(e["reason"] for e in report["expectations"] if e.get("builtin"))
    # per request: a failed command is not instant, and says why
    bad = [r for r in rows if r["actuation_failed"] == "True"]
    assert len(bad) == report["actuation"]["requests_failed"] > 0
    assert {r["perception"] for r in bad} == {"failed"}
    assert all(r["actuation_reason"] for r in bad)
    assert report["perception"]["failed"] == pytest.approx(len(bad) / len(rows))
    table = capsys.readouterr().out
    lines = table.splitlines()
    assert lines[0].startswith("VERDICT: FAIL")  # the verdict first, then why
    assert any("no valid status within 0.2 ms" in line for line in lines[1:8])
    page = (tmp_path / "out" / "report.html").read_text()
    assert page.index("v-FAIL") < page.index('id="stages"')
    render_row = next(line for line in table.splitlines() if line.startswith("render"))
    assert "FAIL" in render_row and "timed out" in render_row


def test_a_scenario_may_loosen_actuation_only_with_a_reason(tmp_path):
    rig = _write(tmp_path, "rig.toml", SLOW_HVAC)
    loose = SCENARIO.format(requests=20) + (
        "[actuation]\nmax_not_sent = 1000\nmax_timed_out_fraction = 1.0\n"
        f"unserved = {HVAC_ONLY_UNSERVED}\n"
        "reason = 'an hvac-only rig answering after its timeout, on purpose'\n")
    status, report, _ = _run(tmp_path, rig, _write(tmp_path, "s.toml", loose))
    assert status == 0
    loosened = [e for e in report["expectations"] if e.get("loosened")]
    assert {e["metric"] for e in loosened} == {"actuation.not_sent",
                                               "actuation.timed_out_fraction",
                                               "actuation.unserved"}
    silent = SCENARIO.format(requests=20) + "[actuation]\nmax_not_sent = 1000\n"
    assert main(["run", str(_write(tmp_path, "t.toml", silent)), "--rig", str(rig),
                 "--out", str(tmp_path / "o2")]) == 2


@pytest.mark.parametrize("table, key", [
    ({"max_not_sen": 1, "reason": "x"}, "actuation.max_not_sen"),
    ({"max_timed_out_fraction": 1.5, "reason": "x"}, "actuation.max_timed_out_fraction"),
    ({"max_errors": -1, "reason": "x"}, "actuation.max_errors"),
    ({"max_errors": 2}, "actuation"),
    ({"max_rejected": True, "reason": "x"}, "actuation.max_rejected"),
    ({"max_not_sent": 2**70, "reason": "x"}, "actuation.max_not_sent"),
    ({"max_errors": 20_000_001, "reason": "x"}, "actuation.max_errors"),
    ({"unserved": ["navigate_hom"], "reason": "x"}, "actuation"),
    ({"unserved": ["navigate_home"]}, "actuation"),
    ({"unserved": "navigate_home", "reason": "x"}, "actuation.unserved"),
])
def test_actuation_table_is_validated(table, key):
    with pytest.raises(InputError) as err:
        parse(Actuation, table, "s.toml", "actuation")
    assert err.value.key == key


def test_builtin_expectations_pin_their_limits():
    strict = Actuation()
    clean = {"not_sent": 0, "timed_out_fraction": 0.0, "rejected": 0, "mismatched": 0,
             "errors": 0, "safe_state_unconfirmed": 0, "reader_failed": 0, "causes": [],
             "safe_state": {}, "reader_failures": [], "unserved": 0, "status_lost": 0}
    assert all(e["passed"] for e in actuation_expectations(strict, clean))
    for key in ("not_sent", "rejected", "mismatched", "errors", "safe_state_unconfirmed",
                "status_lost", "reader_failed", "unserved"):
        verdicts = actuation_expectations(strict, {**clean, key: 1})
        assert [e["metric"] for e in verdicts if not e["passed"]] == [f"actuation.{key}"]
    one_timeout = actuation_expectations(strict, {**clean, "timed_out_fraction": 0.001})
    assert [e["passed"] for e in one_timeout].count(False) == 1
    allowed = Actuation(max_timed_out_fraction=0.05, max_errors=9, max_not_sent=9,
                        max_rejected=9, max_mismatched=9, max_safe_state_unconfirmed=9,
                        reason="lossy bus by design")
    dead = actuation_expectations(allowed, {**clean, "reader_failed": 1, "unserved": 1})
    assert [e["metric"] for e in dead if not e["passed"]] == ["actuation.reader_failed",
                                                              "actuation.unserved"]
    assert all(e["passed"] for e in actuation_expectations(
        allowed, {**clean, "timed_out_fraction": 0.05}))
    assert not all(e["passed"] for e in actuation_expectations(
        allowed, {**clean, "timed_out_fraction": 0.0501}))
    unknown = actuation_expectations(strict, {k: v for k, v in clean.items()
                                              if k != "safe_state_unconfirmed"})
    skipped = [e for e in unknown if e.get("skipped")]
    assert len(skipped) == 1 and not skipped[0]["passed"]  # not checked is never passed


MAPPING = {"TargetTemp": "TargetTemp", "Fan": "Fan"}
TOL = {"TargetTemp": 0.25, "Fan": 0.5}


@pytest.mark.parametrize("status, result, outcome", [
    ({"TargetTemp": 26.0, "Fan": 3.0}, Result.ACCEPTED, Outcome.STATUS_MATCHES),
    ({"TargetTemp": 26.5, "Fan": 3.0}, Result.ACCEPTED, Outcome.MISMATCH),
    ({"TargetTemp": 26.0, "Fan": 4.0}, Result.ACCEPTED, Outcome.MISMATCH),
    ({"TargetTemp": 26.0, "Fan": 3.0}, Result.OUT_OF_RANGE, Outcome.REJECTED),
    ({"TargetTemp": 26.0, "Fan": 3.0}, Result.BAD_CHECKSUM, Outcome.REJECTED),
    (None, None, Outcome.TIMED_OUT),
])
def test_judge_gives_one_outcome_per_status(status, result, outcome):
    parsed = None if status is None else (status, result)
    got = judge("hvac", 1.0, {"TargetTemp": 26.0, "Fan": 3}, parsed, MAPPING, TOL, 0.05)
    assert got.outcome is outcome
    assert got.confirmed == (outcome is Outcome.STATUS_MATCHES)
    assert bool(got.reason) != got.confirmed


def test_judge_held_position_and_nothing_to_compare():
    held = judge("window", 1.0, {"Position": 0, "Stop": 1}, ({"Position": 40.0}, None),
                 {"Position": "Position"}, {}, 0.05)
    assert held.outcome is Outcome.ACKNOWLEDGED  # Stop=1: Position is ignored by the ECU
    moved = judge("window", 1.0, {"Position": 0, "Stop": 0}, ({"Position": 40.0}, None),
                  {"Position": "Position"}, {}, 0.05)
    assert moved.outcome is Outcome.MISMATCH


def test_concurrent_commands_to_one_device_each_get_their_own_status(tmp_path):
    """Render runs requests side by side: two commands to one device must not take each
    other's status (found by the mismatch check on the default run: the second command
    overwrote the counter the first one waited for)."""
    from concurrent.futures import ThreadPoolExecutor

    from hil.rig import RigSession, load_rig

    text = can_rig_toml("hvac-only", timeout_ms=500, hvac_delay_ms=2.0, devices=("hvac",))
    rig = load_rig(_write(tmp_path, "rig.toml", text))
    with RigSession(rig) as session:
        hvac = session.actuators["hvac"]
        commands = [{"TargetTemp": 16 + (i % 29) / 2, "Fan": i % 8, "AC": i % 2}
                    for i in range(24)]
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(hvac.command, commands))
    assert [r.outcome for r in results] == [Outcome.STATUS_MATCHES] * len(commands)
    for cmd, r in zip(commands, results, strict=True):
        assert r.status["Fan"] == cmd["Fan"] and r.status["TargetTemp"] == cmd["TargetTemp"]


def test_builtin_expectations_are_complete_and_say_why():
    # killed mutants: a skipped entry that ended the list early, limits under another key,
    # causes attached to passing entries, `builtin` dropped
    clean = {"not_sent": 0, "timed_out_fraction": 0.0, "rejected": 0, "mismatched": 0,
             "errors": 0, "safe_state_unconfirmed": 0, "reader_failed": 0, "causes": [],
             "safe_state": {}, "reader_failures": [], "unserved": 0, "status_lost": 0}
    metrics = ["actuation.not_sent", "actuation.timed_out_fraction", "actuation.rejected",
               "actuation.mismatched", "actuation.errors", "actuation.safe_state_unconfirmed",
               "actuation.status_lost", "actuation.reader_failed", "actuation.unserved"]
    got = actuation_expectations(Actuation(), clean)
    assert [e["metric"] for e in got] == metrics
    for e in got:
        assert e["limit"] == {"max": 0} and e["builtin"] is True and e["value"] == 0
        assert e["reason"] and "causes" not in e and "loosened" not in e
    no_timeouts_measured = {k: v for k, v in clean.items() if k != "timed_out_fraction"}
    got = actuation_expectations(Actuation(), no_timeouts_measured)
    assert [e["metric"] for e in got] == metrics  # the rest are still checked
    assert [e.get("skipped") for e in got].count(None) == 8
    assert got[1]["value"] is None and got[1]["passed"] is False and "causes" not in got[1]
    failing = {**clean, "rejected": 2, "safe_state_unconfirmed": 1, "reader_failed": 1,
               "causes": [{"outcome": "rejected", "device": "hvac", "count": 2,
                           "reason": "device rejected the command: OUT_OF_RANGE"},
                          {"outcome": "timed_out", "device": "seat", "count": 1,
                           "reason": "no valid status within 250 ms"}],
               "safe_state": {"hvac": {"outcome": "timed_out", "reason": "no status"},
                              "seat": {"outcome": "status_matches", "reason": ""}},
               "reader_failures": ["can reader died: ValueError"]}
    causes = {e["metric"]: e.get("causes") for e in actuation_expectations(Actuation(), failing)}
    assert causes["actuation.rejected"] == [
        "2 x hvac: device rejected the command: OUT_OF_RANGE"]
    assert causes["actuation.safe_state_unconfirmed"] == ["hvac timed_out: no status"]
    assert causes["actuation.reader_failed"] == ["can reader died: ValueError"]
    assert causes["actuation.not_sent"] is None
    loose = Actuation(max_rejected=3, reason="a test bench that rejects on purpose")
    (rejected,) = [e for e in actuation_expectations(loose, failing)
                   if e["metric"] == "actuation.rejected"]
    assert rejected["passed"] and rejected["limit"] == {"max": 3}
    assert rejected["loosened"] == "a test bench that rejects on purpose"


def test_judge_with_binding_checks_and_every_field_of_the_result():
    # killed mutants: the binding-check branch of judge (a vehicle DBC's confirmation),
    # the default tolerance of half a step, and the fields a report is built from
    from devices.binding import Check

    seat = (Check("Seat_Status", "DriverLevel", source="DriverLevel"),
            Check("Seat_Status", "Mode", value=1.0))
    sent = {"DriverLevel": 2, "PassengerLevel": 0}
    good = {"Seat_Status": {"DriverLevel": 2.0, "Mode": 1.0}}
    ok = judge("seat", 3.5, sent, (good["Seat_Status"], Result.ACCEPTED), {}, {}, 0.25,
               seat, good)
    assert (ok.device, ok.ms, ok.outcome, ok.reason, ok.result) == (
        "seat", 3.5, Outcome.STATUS_MATCHES, "", Result.ACCEPTED)
    assert ok.status == {"DriverLevel": 2.0, "Mode": 1.0}
    bad = {"Seat_Status": {"DriverLevel": 3.0}}
    no = judge("seat", 4.0, sent, (bad["Seat_Status"], Result.ACCEPTED), {}, {}, 0.25,
               seat, bad)
    assert (no.device, no.ms, no.outcome, no.result) == (
        "seat", 4.0, Outcome.MISMATCH, Result.ACCEPTED)
    assert no.reason == ("status contradicts the command: DriverLevel=3 (expected "
                         "Seat_Status.DriverLevel == 2), Mode=- (expected Seat_Status.Mode == 1)")
    assert no.status == {"DriverLevel": 3.0}
    refused = judge("seat", 5.0, sent, ({"DriverLevel": 0.0}, Result.OUT_OF_RANGE), {}, {},
                    0.25, seat, bad)
    assert (refused.device, refused.ms, refused.outcome, refused.result) == (
        "seat", 5.0, Outcome.REJECTED, Result.OUT_OF_RANGE)
    assert refused.reason == "device rejected the command: OUT_OF_RANGE"
    assert refused.status == {"DriverLevel": 0.0}
    late = judge("seat", 250.0, sent, None, {}, {}, 0.25, seat, {})
    assert (late.device, late.outcome, late.reason) == (
        "seat", Outcome.TIMED_OUT, "no valid status within 250 ms")


def test_status_agrees_within_half_a_step_by_default():
    half = {"Fan": "Fan"}
    assert judge("hvac", 1.0, {"Fan": 3}, ({"Fan": 3.5}, Result.ACCEPTED), half, {},
                 0.05).outcome is Outcome.STATUS_MATCHES  # exactly half a step: agrees
    assert judge("hvac", 1.0, {"Fan": 3}, ({"Fan": 3.51}, Result.ACCEPTED), half, {},
                 0.05).outcome is Outcome.MISMATCH
    assert judge("hvac", 1.0, {"Fan": 3}, ({"Fan": 4.0}, Result.ACCEPTED), half, {},
                 0.05).outcome is Outcome.MISMATCH


def test_judge_a_check_on_a_status_message_never_seen_is_a_mismatch():
    from devices.binding import Check

    checks = (Check("Seat_Status", "DriverLevel", source="DriverLevel"),
              Check("Seat_Aux", "Heater", value=1.0))
    seen = {"Seat_Status": {"DriverLevel": 2.0}}  # Seat_Aux never arrived
    got = judge("seat", 2.0, {"DriverLevel": 2}, (seen["Seat_Status"], None), {}, {}, 0.25,
                checks, seen)
    assert got.outcome is Outcome.MISMATCH and got.result is Result.ACCEPTED
    assert got.reason.endswith("Heater=- (expected Seat_Aux.Heater == 1)")
    plain = judge("hvac", 2.0, {"Fan": 3}, ({"Fan": 3.0}, None), {"Fan": "Fan"}, {}, 0.25)
    assert (plain.device, plain.ms, plain.reason, plain.result) == (
        "hvac", 2.0, "", Result.ACCEPTED)
    wrong = judge("hvac", 2.0, {"Fan": 3}, ({"Fan": 5.0}, None), {"Fan": "Fan"}, {}, 0.25)
    assert (wrong.device, wrong.ms, wrong.result) == ("hvac", 2.0, Result.ACCEPTED)
    assert wrong.reason == "status contradicts the command: Fan=5 (commanded Fan=3)"


def test_allowances_are_bounded_at_the_largest_run():
    assert Actuation(max_not_sent=20_000_000, reason="x").max_not_sent == 20_000_000
    assert Actuation(unserved=["media_*"], reason="x").allows_unserved("media_play")
    assert not Actuation(unserved=["media_*"], reason="x").allows_unserved("seat_heat_driver")


def test_unserved_requests_fail_unless_allowed(tmp_path, capsys):
    """An HVAC-only rig serves none of the seat, window, media and navigation requests: the
    run fails naming them (console, report, requests.csv, junit.xml) until ``[actuation]``
    lists them with a reason; acknowledgements are counted apart from cabin commands."""
    rig = _write(tmp_path, "rig.toml", can_rig_toml("hvac-only", devices=("hvac",)))
    status, report, rows = _run(tmp_path, rig, _write(
        tmp_path, "s.toml", SCENARIO.format(requests=40)))
    assert status == 1
    act = report["actuation"]
    unserved = [r for r in rows if r["actuation"] == "unserved"]
    assert act["unserved"] == len(unserved) > 0 and act["unserved_allowed"] == 0
    assert sum(act["unserved_by_intent"].values()) == len(unserved)
    assert {r["command_intent"] for r in unserved} == set(act["unserved_by_intent"])
    served = {"climate_ac_off", "climate_ac_on", "climate_set_fan", "climate_set_temperature"}
    assert not {r["command_intent"] for r in unserved} & served
    entry = _failed(report)["actuation.unserved"]
    top, n = next(iter(act["unserved_by_intent"].items()))
    unit = "request" if n == 1 else "requests"
    assert entry["causes"][0] == f"{n} {unit} unserved (intent {top})"
    head = capsys.readouterr().out.splitlines()[0]
    assert head.startswith("VERDICT: FAIL") and "cabin commands confirmed" in head
    assert f"{act['acknowledgements']} acknowledgements" in head
    assert act["cabin_commands"] + act["acknowledgements"] == act["commands"]
    junit = (tmp_path / "out" / "junit.xml").read_text()
    assert f"{n} {unit} unserved (intent {top})" in junit
    allowed = SCENARIO.format(requests=40) + (
        f"[actuation]\nunserved = {HVAC_ONLY_UNSERVED}\n"
        "reason = 'this bench wires the HVAC alone'\n")
    status, report, _ = _run(tmp_path, rig, _write(tmp_path, "t.toml", allowed))
    assert status == 0
    (entry,) = [e for e in report["expectations"] if e["metric"] == "actuation.unserved"]
    assert entry["passed"] and entry["value"] == 0
    assert "this bench wires the HVAC alone" in entry["loosened"]
    assert report["actuation"]["unserved_allowed"] == len(unserved)
    # the device commands are still required to be confirmed: unserved alone loosens nothing
    assert any(e["metric"] == "render_real.confirmed" for e in report["expectations"])


def test_fire_and_forget_and_unserved_are_not_errors():
    from hil.render import NO_COMMAND, UNSERVED, RenderOutcome

    sent = RenderOutcome(1.0, "steering_media", "sent")
    assert sent.error is None and not sent.failed and not sent.ok  # sent is never confirmed
    unserved = RenderOutcome(0.0, None, UNSERVED, "no device of the rig serves it",
                             intent="navigate_home")
    assert unserved.error is None and not unserved.failed and unserved.unserved
    assert RenderOutcome(0.0, None, NO_COMMAND).error is None
    timed_out = RenderOutcome(250.0, "hvac", "timed_out", "no valid status within 250 ms")
    assert timed_out.error == "no valid status within 250 ms" and timed_out.failed
    assert RenderOutcome(0.0, "hvac", "not_sent").error == "not_sent"
