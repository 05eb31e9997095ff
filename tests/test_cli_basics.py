"""The ``twin`` command behaves like its neighbours: ``--version``, exit codes in every
``--help``, a top-level ``--help`` that imports no command (so it stays fast: the time itself
is measured by ``make bench``-style runs, not here), progress on stderr that ``--quiet``
silences and a pipe does not get unless asked, one-line usage errors, shell completion."""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from pathlib import Path

import pytest

from cabin_twin.cli import main as cli
from twin import progress

ROOT = Path(__file__).resolve().parents[1]


def test_version_exits_0(capsys) -> None:
    assert cli.main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("twin ") and out.split()[1][0].isdigit()


def test_top_level_help_imports_no_command_module() -> None:
    """``twin --help`` lists every command without importing one (numpy, scipy, the twin)."""
    code = ("import sys\nfrom cabin_twin.cli.main import main\n"
            "assert main(['--help']) == 0\n"
            "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('numpy', 'scipy', 'simpy', 'pydantic', 'tqdm', 'latency_models') "
            "or m.startswith(('cabin_twin.cli.run', 'twin.scenario', 'hil.')))\n"
            "print('HEAVY', heavy)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                          timeout=120, check=True)
    assert "HEAVY []" in done.stdout, done.stdout
    for name in cli.COMMANDS:
        assert name in done.stdout
    assert "exit status: 0 pass, 1 fail" in done.stdout


def test_the_help_listed_is_each_command_s_own() -> None:
    full = cli.build_parser(full=True)
    sub = next(a for a in full._actions if isinstance(a, argparse._SubParsersAction))
    helps = {c.dest: c.help for c in sub._choices_actions}
    assert helps == cli.COMMANDS


def _parsers(parser: argparse.ArgumentParser, path: str = "twin"):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _parsers(child, f"{path} {name}")


def test_every_help_lists_the_exit_codes() -> None:
    seen = 0
    for path, parser in _parsers(cli.build_parser(full=True)):
        text = parser.format_help()
        assert "exit status:" in text, path
        if path.count(" ") == 1 and path.split()[1] in ("rig", "trace"):  # a verb group:
            verbs = [v for v in ("check", "show", "init") if f"{path.split()[1]} {v}:" in text]
            assert len(verbs) == {"rig": 3, "trace": 1}[path.split()[1]], path  # each verb's
            continue
        codes = " ".join(text.split("exit status:")[1].split())
        assert codes.startswith("0 ") and ", 2 " in codes, path  # bad input is always 2
        seen += 1
    assert seen >= len(cli.COMMANDS) + 3  # rig check/show/init, trace check


def test_usage_errors_are_one_line_and_exit_2(capsys) -> None:
    assert cli.main(["run", "--no-such-flag"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "--no-such-flag" in err
    assert cli.main(["no-such-command"]) == 2
    assert capsys.readouterr().err.strip().count("\n") == 0


@pytest.fixture
def mode():
    yield
    progress.set_mode("auto")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_follows_the_mode(monkeypatch, mode) -> None:
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    progress.set_mode("auto")
    with progress.activity("twin x", "working") as act:
        act.step("still working")
    assert pipe.getvalue() == ""  # not a terminal, not asked
    progress.set_mode("always")
    with progress.activity("twin x", "working") as act:
        act.step("step two")
    lines = pipe.getvalue().splitlines()
    assert lines[0].startswith("twin x: working") and lines[1].startswith("twin x: step two")
    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    progress.set_mode("never")
    with progress.activity("twin x", "working"):
        pass
    assert list(progress.progress(range(3), 3)) == [0, 1, 2]
    assert tty.getvalue() == ""  # --quiet: silent even on a terminal
    progress.set_mode("auto")
    with progress.activity("twin x", "on a terminal"):
        pass
    assert "twin x: on a terminal" in tty.getvalue()


def test_a_nested_activity_and_a_count_are_steps_of_the_open_one(monkeypatch, mode) -> None:
    """Model preparation inside ``twin run`` reports on the run's line; a counted loop (the
    engine's requests) shows how far it has got; nothing of either when no command opened
    an activity or progress is off."""
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    progress.set_mode("always")
    done = [0]
    with progress.counting(10, lambda: done[0]):  # no activity open: nothing shown
        pass
    assert pipe.getvalue() == ""
    with progress.activity("twin run", "6000 requests") as run:
        with progress.activity("twin model", "preparing the model") as model:
            model.step("loading it")
        with progress.counting(6000, lambda: done[0]):
            done[0] = 2067
            run.step("modelled")
    lines = [line.rsplit(" [", 1)[0] for line in pipe.getvalue().splitlines()]
    assert lines == ["twin run: 6000 requests", "twin run: twin model: preparing the model",
                     "twin run: twin model: loading it", "twin run: 6000 requests",
                     "twin run: modelled (2067 of 6000 requests)"]
    progress.set_mode("never")
    with progress.activity("twin run", "quiet") as run, progress.counting(5, lambda: 1):
        run.step("still quiet")
    assert len(pipe.getvalue().splitlines()) == len(lines)


def test_quiet_and_progress_flags_set_the_mode(monkeypatch, tmp_path, mode) -> None:
    seen = []

    def fake_run(args: argparse.Namespace) -> int:
        seen.append(progress.progress_enabled())
        return 0

    import cabin_twin.cli.trace as trace

    monkeypatch.setattr(trace, "check_dir", fake_run)
    monkeypatch.setattr(sys, "stderr", _Tty())
    assert cli.main(["trace", "check", str(tmp_path)]) == 0
    assert cli.main(["--quiet", "trace", "check", str(tmp_path)]) == 0
    assert cli.main(["trace", "check", str(tmp_path), "-q"]) == 0
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert cli.main(["trace", "check", str(tmp_path)]) == 0
    assert cli.main(["trace", "check", str(tmp_path), "--progress"]) == 0
    assert seen == [True, False, False, False, True]


def test_bash_completion_names_the_commands(capsys) -> None:
    assert cli.main(["completion", "bash"]) == 0
    script = capsys.readouterr().out
    assert "complete" in script and "_shtab_twin" in script
    for name in ("run", "compare", "capacity", "--fail-over-budget", "--threshold-ms"):
        assert name in script


def test_every_exit_1_says_why(tmp_path, capsys) -> None:
    """A failed run ends with one reason line naming the failed expectations and their values
    against their limits; a trace check of a folder without traces says so on stderr."""
    assert cli.main(["run", "unoptimised_baseline", "--requests", "300",
                     "--out", str(tmp_path / "run")]) == 1
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("run: FAIL: 2 of ") and "e2e p95 within 100 ms (e2e.p95_ms = " in last
    assert ", expected <= 100)" in last
    (tmp_path / "empty").mkdir()
    assert cli.main(["trace", "check", str(tmp_path / "empty")]) == 1
    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        f"trace check: FAIL: no traces in {tmp_path / 'empty'}")
