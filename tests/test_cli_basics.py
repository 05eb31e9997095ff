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
        if path.count(" ") == 1 and path.split()[1] in ("rig", "trace"):
            continue  # a verb group: each verb has its own
        text = parser.format_help()
        assert "exit status:" in text, path
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
