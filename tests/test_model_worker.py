"""The model in a worker process: same answers, and a native crash cannot take the bench down.

The worker runs a real llama.cpp resolver on the tiny random-weight GGUF (loads in ms); the
crashes are real signals in the child (``CABIN_TWIN_WORKER_CRASH``, the worker's test hook).
"""

from __future__ import annotations

import json
import signal
from pathlib import Path

import can
import pytest

from hil.llm.engine import LlamaEngine
from hil.llm.resolver import LlamaIntentResolver
from hil.llm.worker import CRASH_HOOK_ENV, ModelCrashed, WorkerResolver
from tests.fixtures_gguf import write_tiny_llama_gguf
from twin.assistant.resolver import IntentResolver, Turn
from twin.errors import InputError

QUERIES = [("it is a bit stuffy in here", [], "en"),
           ("and a bit more", [Turn("turn on the ac", "climate_ac_on")], "en"),
           ("车里有点闷", [], "zh-CN")]


@pytest.fixture(scope="module")
def tiny_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tiny_llama_gguf(tmp_path_factory.mktemp("gguf") / "tiny.gguf", seed=7)


def tiny_resolver(model_path: str) -> LlamaIntentResolver:
    """The worker's factory here (the tiny vocabulary needs a longer context than the default)."""
    return LlamaIntentResolver(LlamaEngine(model_path, n_threads=1, n_ctx=4096))


def _worker(model: Path, **options: object) -> WorkerResolver:
    return WorkerResolver("tests.test_model_worker:tiny_resolver", {"model_path": str(model)},
                          **options)  # type: ignore[arg-type]


def test_worker_answers_like_the_in_process_resolver(tiny_gguf):
    local = tiny_resolver(str(tiny_gguf))
    with _worker(tiny_gguf) as worker:
        assert isinstance(worker, IntentResolver)
        assert worker.info["prefix_tokens"] == len(local.prefix)
        assert "amx_guard" in worker.info
        for query, history, lang in QUERIES:
            theirs = worker.resolve(query, history, lang)
            ours = local.resolve(query, history, lang)
            assert theirs.raw == ours.raw and theirs.raw
            assert theirs.timings["prefill_tokens"] == ours.timings["prefill_tokens"]
            assert theirs.ms >= theirs.timings["worker_ms"]  # counted in the caller
        assert worker.prepare("turn on the ac", []) == local.prepare("turn on the ac", [])
        # the deadline crosses the boundary: nothing is left of 0 ms, the work is abandoned
        late = worker.resolve("it is a bit stuffy in here", [], "en", deadline_ms=0.0)
        assert late.raw == "" and late.timings["abandoned"] == 1.0
    assert worker._proc.poll() is not None  # closed: no process left behind


def test_abort_in_the_worker_raises_a_clear_crash(tiny_gguf, monkeypatch):
    monkeypatch.setenv(CRASH_HOOK_ENV, "abort:2")
    with _worker(tiny_gguf) as worker:
        assert worker.resolve(*QUERIES[0]).raw  # call 1 is fine
        with pytest.raises(ModelCrashed) as info:
            worker.resolve(*QUERIES[0])
        crash = info.value.crash
        assert (crash.signal, crash.exitcode, crash.during) == ("SIGABRT", -signal.SIGABRT,
                                                                 "resolve")
        assert "aborted" in crash.cause and "twin doctor" in crash.message
        assert "\n" not in crash.message
        with pytest.raises(ModelCrashed):  # it stays down
            worker.resolve(*QUERIES[0])
        assert not worker.alive


def test_crash_at_start_degrades_to_rules_once(tiny_gguf, monkeypatch, capfd):
    monkeypatch.setenv(CRASH_HOOK_ENV, "segv:start")
    with _worker(tiny_gguf, degrade_on_crash=True) as worker:
        assert worker.crash is not None and worker.crash.signal == "SIGSEGV"
        assert worker.crash.during == "start"
        for _ in range(2):
            result = worker.resolve(*QUERIES[0], deadline_ms=80.0)
            assert result.raw == "" and result.timings["crashed"] == 1.0
        assert worker.prepare("turn on the ac", []) == {}
    lines = [x for x in capfd.readouterr().err.splitlines() if "model worker crashed" in x]
    assert len(lines) == 1 and "SIGSEGV" in lines[0]


def test_a_hung_worker_is_stopped_at_deadline_plus_grace(tiny_gguf, monkeypatch):
    monkeypatch.setenv(CRASH_HOOK_ENV, "hang:1")
    with _worker(tiny_gguf, grace_s=0.5) as worker:
        with pytest.raises(ModelCrashed) as info:
            worker.resolve(*QUERIES[0], deadline_ms=50.0)
        assert info.value.crash.signal is None and info.value.crash.exitcode is None
        assert "hung" in info.value.crash.message
        assert worker._proc.poll() is not None  # killed, not left running


def test_bad_model_path_is_bad_input_not_a_crash(tmp_path):
    with pytest.raises(InputError):
        WorkerResolver("hil.llm:default_resolver", {"model_path": str(tmp_path / "no.gguf")})


@pytest.mark.slow
@pytest.mark.parametrize(("hook", "during"), [
    ("abort:start", "start"),
    pytest.param("abort:1", "resolve", marks=pytest.mark.model),  # mid-run, model loaded
])
def test_run_survives_a_crashing_model_worker(tmp_path, monkeypatch, capfd, hook, during):
    """The embedded default run, its model worker aborts: traces, safe state, report, exit 1."""
    from cabin_twin.cli.main import main

    monkeypatch.setenv(CRASH_HOOK_ENV, hook)
    status = main(["run", "--requests", "30", "--seed", "11", "--out", str(tmp_path)])
    assert status == 1
    report = json.loads((tmp_path / "report.json").read_text())
    crash = report["model_crash"]
    assert crash["signal"] == "SIGABRT" and crash["during"] == during
    assert any(e["metric"] == "model_crash" and not e["passed"] for e in report["expectations"])
    assert report["rig"]["safe_state"] and set(report["rig"]["safe_state"].values()) == {"ok"}
    assert report["lockstep"]["stages"]["render"]["calls"] == 30
    assert len(list(can.LogReader(str(tmp_path / "can.blf")))) > 0
    assert (tmp_path / "serial.log").stat().st_size > 0
    assert 'name="model worker did not crash"' in (tmp_path / "junit.xml").read_text()
    err = [x for x in capfd.readouterr().err.splitlines() if "model worker" in x]
    assert len(err) == 1 and "SIGABRT" in err[0] and "twin doctor" in err[0]


def test_nlu_llm_answers_from_rules_and_exits_1_when_the_model_crashes(monkeypatch, capsys):
    from cabin_twin.cli.main import main

    monkeypatch.setenv(CRASH_HOOK_ENV, "ill:start")
    status = main(["nlu", "--llm", "it is a bit stuffy in here"])
    out = json.loads(capsys.readouterr().out)
    assert status == 1
    assert out["model_crash"]["signal"] == "SIGILL" and "illegal instruction" in (
        out["model_crash"]["cause"])
    assert out["path"] != "llm"  # nothing came from the dead model
