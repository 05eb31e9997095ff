"""``twin doctor``: a line per check, JSON next to it, exit 0 only when the bench can run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cabin_twin.cli.main import main
from hil.doctor import Check, check_decode, check_out, fit
from hil.llm.worker import CRASH_HOOK_ENV

NAMES = ["python", "packages", "cpu", "model file", "decode", "can virtual",
         "can udp_multicast", "can socketcan", "can interfaces", "pty", "output folder"]


def _amx_on_this_cpu() -> bool:
    text = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
    return any(f in text.split() for f in ("amx_tile", "amx_int8", "amx_bf16"))


def test_doctor_without_decode_lists_every_check(tmp_path, capsys):
    status = main(["doctor", "--out", str(tmp_path), "--no-decode"])
    table = capsys.readouterr().out
    doc = json.loads((tmp_path / "doctor.json").read_text())
    by_name = {c["name"]: c for c in doc["checks"]}
    assert list(by_name) == NAMES
    assert by_name["decode"]["status"] == "SKIP"  # not checked is never PASS
    # no SocketCAN on this kind of machine: SKIP, not PASS (PASS only if it really worked)
    assert by_name["can socketcan"]["status"] in ("SKIP", "PASS", "WARN")
    assert by_name["can virtual"]["status"] == "PASS"
    assert by_name["model file"]["data"]["bytes"] > 1_000_000
    assert len(by_name["model file"]["data"]["sha256"]) == 64
    assert ("AMX present" in by_name["cpu"]["detail"]) == _amx_on_this_cpu()
    assert status == (0 if doc["fit"] else 1) and doc["fit"] == fit(
        [Check(c["name"], c["status"], "") for c in doc["checks"]])
    for name in NAMES:
        assert name in table


def test_unwritable_output_folder_fails_the_machine(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert check_out(blocker / "out").status == "FAIL"
    status = main(["doctor", "--out", str(blocker / "out"), "--no-decode", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert status == 1 and doc["fit"] is False


def test_fit_is_false_on_any_fail_and_ignores_skip_and_warn():
    assert fit([Check("a", "PASS", ""), Check("b", "SKIP", ""), Check("c", "WARN", "")])
    assert not fit([Check("a", "PASS", ""), Check("b", "FAIL", "")])


def test_a_crashing_decode_is_a_fail_with_its_cause_and_the_doctor_survives(monkeypatch):
    from hil.llm.model_files import default_model_path

    monkeypatch.setenv(CRASH_HOOK_ENV, "segv:start")
    checks = {c.name: c for c in check_decode(default_model_path(), timeout_s=120)}
    assert checks["llama.cpp"].status == "PASS"  # the library line came before the crash
    assert checks["decode"].status == "FAIL" and "SIGSEGV" in checks["decode"].detail
    assert "memory fault" in checks["decode"].detail


def test_a_bad_model_file_fails_the_decode(tmp_path):
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"GGUF" + b"\0" * 64)
    checks = {c.name: c for c in check_decode(bad, timeout_s=120)}
    assert checks["decode"].status == "FAIL" and "exit status" in checks["decode"].detail


@pytest.mark.model
@pytest.mark.slow
def test_doctor_decodes_in_a_child_and_says_how_amx_is_handled(tmp_path, capsys):
    status = main(["doctor", "--out", str(tmp_path), "--json"])
    doc = json.loads(capsys.readouterr().out)
    by_name = {c["name"]: c for c in doc["checks"]}
    assert by_name["decode"]["status"] == "PASS", by_name["decode"]["detail"]
    assert by_name["decode"]["data"]["decode_tokens"] == 8
    guard = by_name["llama.cpp"]["data"]["amx_guard"]
    assert guard["cpu_amx"] == _amx_on_this_cpu()
    assert guard["disable_extra_bufts"] == (guard["cpu_amx"] and guard["library_amx"])
    assert by_name["decode"]["data"]["amx_guard_applied"] == guard["disable_extra_bufts"]
    assert status == 0 and doc["fit"]


def test_can_interfaces_lists_what_opens_and_why_the_rest_cannot():
    from hil.doctor import check_can_interfaces

    check = check_can_interfaces()
    found = {i["interface"]: i for i in check.data["interfaces"]}
    assert found["virtual"]["opens"] and "virtual" in check.detail.split(";")[0]
    for name in ("pcan", "vector", "kvaser", "socketcan", "slcan"):
        assert not found[name]["opens"] or found[name]["reason"] == ""
        assert found[name]["opens"] or found[name]["reason"]  # a reason for each refusal
    assert "needs a serial port" in found["slcan"]["reason"]
    assert check.status == "INFO"  # hardware interfaces are optional: never unfit


def test_a_hanging_interface_probe_is_bounded_and_named():
    import sys

    from hil.doctor import check_can_interfaces

    line = json.dumps({"interface": "canalystii", "opens": False, "channel": 0,
                       "reason": "no device"})
    hang = [sys.executable, "-c", f"import time; print({line!r}, flush=True); time.sleep(30)"]
    check = check_can_interfaces(timeout_s=3.0, cmd=hang)
    found = {i["interface"]: i for i in check.data["interfaces"]}
    assert found["canalystii"]["reason"] == "no device"
    assert "no answer within 3 s" in found["cantact"]["reason"]  # the one it hung on
    assert "not tried" in found["virtual"]["reason"]
