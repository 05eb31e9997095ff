"""A DUT's answer carries every command of a sentence that asked for several: through the
contract, the real JSON-lines pipe, the in-process adapter, a real HTTP server on localhost and
a rig run, each command is valve-checked and actuated on its own, and a refused one cancels none
of the others."""

from __future__ import annotations

import csv
import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hil import process
from hil.dut.contract import MAX_COMMANDS, DutFailure, DutRequest, answer_from
from hil.dut.http import HttpDut, answer_schema
from hil.dut.inprocess import InProcessDut
from hil.dut.jsonl import JsonLinesDut
from hil.dut.resolver import DutResolver, Placement
from twin.assistant.policy import Assistant, AssistantPolicy

ROOT = Path(__file__).resolve().parent.parent
ECHO = [sys.executable, str(ROOT / "examples" / "dut_echo.py")]

#: utterances the rules leave to the fallback (tests/data/dut_fallback_queries.jsonl)
THREE = "the air is so thick"
FIRST_REFUSED = "my shirt is stuck to my back"
ONE = "goosebumps"
WINDOW = {"intent": "window_set_position", "value": 20, "feedback": "Window at 20%."}
HOT = {"intent": "climate_set_temperature", "value": 40, "feedback": "40 degrees."}  # > 30
FAN = {"intent": "climate_set_fan", "value": 0, "feedback": "Fan off."}
ANSWERS = {
    THREE: {**WINDOW, "feedback": "Window at 20%, fan off.", "commands": [WINDOW, HOT, FAN]},
    FIRST_REFUSED: {**HOT, "commands": [HOT, WINDOW, FAN]},
    ONE: {"intent": "climate_temperature_up", "value": 1, "feedback": "Warmer."},
}


@pytest.fixture
def answers(tmp_path: Path) -> Path:
    path = tmp_path / "answers.json"
    path.write_text(json.dumps(ANSWERS), encoding="utf-8")
    return path


def test_the_contract_keeps_every_command() -> None:
    got = answer_from({**WINDOW, "commands": [WINDOW, FAN], "extra": 1})
    assert got == {**WINDOW, "commands": [WINDOW, FAN]}
    # an answer of only commands: the first is the answer, the feedback every command's
    assert answer_from({"commands": [WINDOW, FAN]}) == {
        **WINDOW, "feedback": "Window at 20%. Fan off.", "commands": [WINDOW, FAN]}
    # one listed command is the answer itself (what a one-command reader sees)
    assert answer_from({**FAN, "commands": [FAN]}) == FAN


@pytest.mark.parametrize("listed", [
    [], "window", [WINDOW, {"value": 3}], [WINDOW, "fan"], [WINDOW] * (MAX_COMMANDS + 1)])
def test_a_bad_command_list_is_malformed(listed: object) -> None:
    with pytest.raises(DutFailure) as exc:
        answer_from({**WINDOW, "commands": listed})
    assert exc.value.outcome == "malformed"


def test_the_http_schema_offers_several_commands_when_asked() -> None:
    import jsonschema

    schema = answer_schema(several=True)
    jsonschema.validate({**WINDOW, "commands": [WINDOW, FAN]}, schema)
    jsonschema.validate(WINDOW, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**WINDOW, "commands": [{"intent": "sunroof_open"}]}, schema)
    # by default the schema a server decodes under is the one-command answer, as before
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**WINDOW, "commands": [WINDOW, FAN]}, answer_schema())


def _decide(dut: object, text: str) -> object:
    resolver = DutResolver({"terminal": Placement(dut)})  # type: ignore[arg-type]
    assistant = Assistant(resolver, AssistantPolicy(degrade_deadline_ms=2000.0))  # type: ignore[arg-type]
    return assistant.handle(text, "en")


def _check_decisions(dut: object) -> None:
    three = _decide(dut, THREE)
    assert three.path == "llm"
    assert [(c.intent, c.value) for c in three.commands] == [
        ("window_set_position", 20), ("unknown", None), ("climate_set_fan", 0)]
    assert [p.valve_reason for p in three.parts] == [None, "bad_value", None]
    # the valve refused the first command: the other two still act, each on its own
    first = _decide(dut, FIRST_REFUSED)
    assert first.path == "llm" and (first.intent, first.value) == ("window_set_position", 20)
    assert [(c.intent, c.value) for c in first.commands] == [
        ("unknown", None), ("window_set_position", 20), ("climate_set_fan", 0)]
    # a DUT answering one command still works as before
    one = _decide(dut, ONE)
    assert one.parts == () and one.commands[0].intent == "climate_temperature_up"


def test_several_commands_through_the_real_jsonl_pipe(answers: Path) -> None:
    with JsonLinesDut([*ECHO, "--answers", str(answers)], timeout_ms=2000.0,
                      start_timeout_s=30.0) as dut:
        dut.start()
        reply = dut.ask(DutRequest(1, THREE), 2000)
        assert reply.outcome == "ok", reply.error
        assert reply.answer is not None and reply.answer["commands"] == [WINDOW, HOT, FAN]
        assert json.loads(reply.raw)["commands"] == [WINDOW, HOT, FAN]
        _check_decisions(dut)


@pytest.mark.parametrize("stream", [False, True])
def test_several_commands_through_the_inprocess_adapter(answers: Path, stream: bool) -> None:
    with InProcessDut("examples.dut_echo:factory", {"answers": str(answers), "stream": stream},
                      timeout_ms=2000.0) as dut:
        dut.start()
        reply = dut.ask(DutRequest(1, THREE), 2000)
        assert reply.outcome == "ok", reply.error
        assert reply.answer is not None and reply.answer["commands"] == [WINDOW, HOT, FAN]
        _check_decisions(dut)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(params=["serve", "echo_http"])
def http_url(request: pytest.FixtureRequest, answers: Path) -> Iterator[str]:
    """A real HTTP server on localhost: ``hil.dut.serve --http`` around the in-process echo,
    or the standalone ``examples/dut_echo_http.py``, both scripted with ``answers``."""
    port = _free_port()
    if request.param == "serve":
        cmd = [sys.executable, "-m", "hil.dut.serve", "--entry", "examples.dut_echo:factory",
               "--option", f"answers={json.dumps(str(answers))}", "--http", str(port)]
    else:
        cmd = [sys.executable, str(ROOT / "examples" / "dut_echo_http.py"), "--port",
               str(port), "--answers", str(answers)]
    proc = process.spawn(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        process.stop(proc, term_s=5.0, kill_s=5.0)


@pytest.mark.parametrize("stream", [False, True])
def test_several_commands_through_a_real_http_server(http_url: str, stream: bool) -> None:
    with HttpDut(http_url, stream=stream, timeout_ms=3000.0, start_timeout_s=30.0,
                 several=stream) as dut:
        dut.start()
        reply = dut.ask(DutRequest(1, THREE), 3000)
        assert reply.outcome == "ok", reply.error
        assert reply.answer is not None and reply.answer["commands"] == [WINDOW, HOT, FAN]
        _check_decisions(dut)


@pytest.mark.slow
def test_each_command_of_a_dut_answer_reaches_its_device_on_a_rig(
        tmp_path: Path, answers: Path) -> None:
    import tomli_w

    from cabin_twin.cli.main import main

    queries = tmp_path / "q.jsonl"
    lines = [{"text": THREE, "lang": "en", "intent": "window_set_position", "value": 20,
              "kind": "indirect"},
             {"text": FIRST_REFUSED, "lang": "en", "intent": "window_set_position", "value": 20,
              "kind": "indirect"}]
    queries.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    scenario = tmp_path / "s.toml"
    scenario.write_text(tomli_w.dumps({
        "name": "dut-several", "description": "d", "seed": 3, "requests": 12,
        "workload": {"kind": "poisson", "rate_per_s": 10}, "stages": {"profile": "ideal"},
        "assistant": {"lang": "en", "queries": str(queries), "backend": {
            "kind": "jsonl", "command": [*ECHO, "--answers", str(answers)],
            "timeout_ms": 2000.0}},
        "policy": {"degrade_deadline_ms": 2000.0}}), encoding="utf-8")
    assert main(["run", str(scenario), "--rig", "ci-virtual", "--out", str(tmp_path / "o")]) \
        in (0, 1)
    rows = list(csv.DictReader((tmp_path / "o" / "requests.csv").open()))
    report = json.loads((tmp_path / "o" / "report.json").read_text())
    assert report["dut"]["outcomes"]["ok"] == 12
    three = [r for r in rows if r["query"] == THREE]
    first = [r for r in rows if r["query"] == FIRST_REFUSED]
    assert three and first
    # the refused temperature commands nothing; the window and the fan still go out, confirmed
    assert {r["command_actuation"] for r in three} == {"status_matches;none;status_matches"}
    assert {r["command_actuation"] for r in first} == {"none;status_matches;status_matches"}
    assert {r["command_valve"] for r in three} == {"ok;bad_value;ok"}
    assert {r["command_list"] for r in first} == {
        "unknown=;window_set_position=20;climate_set_fan=0"}
    assert all(len(r["command_feedback"].split(";")) == 3 for r in three + first)
    assert report["render_real"]["commands_rendered"] == 36
    multi = report["multi_command"]
    assert (multi["requests"], multi["commands"], multi["refused"]) == (12, 36, 12)


_COMMANDS = [WINDOW, HOT, FAN, {"intent": "sunroof_open", "value": None, "feedback": "x"},
             {**FAN, "feedback": ""}, {"intent": "media_play", "value": None, "feedback": "Play."}]


def test_the_twin_verifiers_oracle_is_the_policys_valve() -> None:
    """``twin verify``'s oracle (what a resolver output says) and the policy agree on answers
    of one and of several commands, a refused first command among them."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from twin.assistant.nlu import shared_nlu
    from twin.assistant.policy import decide
    from twin.assistant.resolver import ResolverResult
    from twin.verify.properties import oracle

    rules = shared_nlu("en").parse(THREE)
    pick = st.sampled_from(_COMMANDS)

    @settings(max_examples=200, deadline=None, database=None)
    @given(head=pick, listed=st.one_of(st.none(), st.lists(pick, min_size=1, max_size=9)))
    def agree(head: dict, listed: list | None) -> None:
        raw = json.dumps({**head, **({} if listed is None else {"commands": listed})})
        d = decide(THREE, (), "en", rules, ResolverResult(raw, 1.0))
        said = oracle(raw)
        assert (d.path == "valve") == (said is None), (raw, d.path)
        if said is not None:
            assert d.path == "llm" and (d.intent, d.value) == said, raw

    agree()
