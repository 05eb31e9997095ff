"""SIGTERM at every moment of a rig run, deterministically: the process sends itself SIGTERM at
one of 24 named points of ``twin run SCENARIO --rig ci-virtual`` (from loading the scenario to
after the last file), in process, and every run leaves report.json with ``interrupted: true``
(exit 143), requests.csv with exactly the finished requests and junit.xml with the error, or,
after the last write, a complete uninterrupted run. No sleep and no wall-clock guess decides
where the signal lands (tests/test_interrupted.py sends it from outside, at wall-clock
fractions of a real run)."""

from __future__ import annotations

import csv
import json
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

REQUESTS = 6
SCENARIO = f"""
name = "moments"
seed = 5
requests = {REQUESTS}
[workload]
kind = "poisson"
rate_per_s = 40
[stages]
profile = "ideal"
[[expectations]]
metric = "e2e.p95_ms"
max = 1e6
reason = "a test of interrupts, not of latency on a loaded machine"
[actuation]
unserved = ["navigate_home"]
reason = "ci-virtual has no navigation ECU"
"""

# (point, module, attribute, when, what finished): "none" nothing ran (0 of REQUESTS), "some"
# the requests finished so far, "all" every request finished (the run is kept whole and marked
# interrupted), "complete" after the last write: an ordinary run, not interrupted
POINTS = [
    ("scenario loads", "twin.scenario", "load_scenario", "before", "none"),
    ("backends open", "hil.run_real", "open_backends", "before", "none"),
    ("backends opened", "hil.run_real", "open_backends", "after", "none"),
    ("plan drawn", "twin.runner", "make_plan", "after", "none"),
    ("stages bound", "hil.binding", "RealBinding.bind", "after", "none"),
    ("first render call", "hil.lockstep", "LockstepEnvironment.call", 0, "some"),
    ("middle render call", "hil.lockstep", "LockstepEnvironment.call", REQUESTS // 2, "some"),
    ("last render call", "hil.lockstep", "LockstepEnvironment.call", REQUESTS - 1, "some"),
    ("simulation ended", "hil.lockstep", "LockstepEnvironment.run", "after", "all"),
    ("timings read", "twin.engine_des", "_Run.timings", "before", "all"),
    ("statistics", "twin.runner", "monitor_and_measure", "before", "all"),
    ("binding finishes", "hil.binding", "RealBinding.finish", "before", "all"),
    ("report built", "twin.runner", "build_report", "before", "all"),
    ("session closes (safe state)", "hil.binding", "RealBinding.close", "before", "all"),
    ("actuation folded", "hil.run_real", "_fold_actuation", "before", "all"),
    ("built-in expectations", "hil.run_real", "real_run_builtins", "before", "all"),
    ("otel export", "cabin_twin.cli.run", "_export_traces", "before", "all"),
    ("report.json written", "twin.report", "write_report", "before", "all"),
    ("requests.csv written", "twin.report", "write_requests_csv", "before", "all"),
    ("junit.xml written", "twin.report", "write_junit", "before", "all"),
    ("ctrf.json written", "twin.ctrf", "write_ctrf", "before", "all"),
    ("report.html written", "twin.report_html", "write_html", "before", "all"),
    ("report.html done", "twin.report_html", "write_html", "after", "all"),
    ("after the last write", "twin.report", "format_table", "before", "complete"),
]


def _sigterm_self() -> None:
    os.kill(os.getpid(), signal.SIGTERM)  # the handler runs in the main thread at once


def _hooked(fn: Callable[..., Any], when: str | int) -> Callable[..., Any]:
    """``fn`` that sends SIGTERM once: before or after its first call, or, for the lockstep's
    ``call``, as the render call number ``when`` starts."""
    fired: list[bool] = []

    def fire() -> None:
        if not fired:
            fired.append(True)
            _sigterm_self()

    if isinstance(when, int):  # a generator (yield from env.call(...)): count render calls
        seen = [0]

        def call(self: Any, stage: str, work: Callable[[], Any]) -> Iterator[Any]:
            if stage == "render":
                if seen[0] == when:
                    fire()
                seen[0] += 1
            return (yield from fn(self, stage, work))

        return call

    def hooked(*args: Any, **kwargs: Any) -> Any:
        if when == "before":
            fire()
        result = fn(*args, **kwargs)
        if when == "after":
            fire()
        return result

    return hooked


@pytest.fixture
def sigterm_recorded() -> Iterator[list[int]]:
    """While the test runs, a SIGTERM that escapes the run is recorded, never the default
    (which would end pytest): a signal after the last write lands here."""
    seen: list[int] = []
    old = signal.signal(signal.SIGTERM, lambda signum, frame: seen.append(signum))
    try:
        yield seen
    finally:
        signal.signal(signal.SIGTERM, old)


@pytest.mark.parametrize(("point", "module", "attr", "when", "finished"), POINTS,
                         ids=[p[0] for p in POINTS])
def test_sigterm_at_every_moment_leaves_an_interrupted_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        sigterm_recorded: list[int], point: str, module: str, attr: str, when: str | int,
        finished: str) -> None:
    import importlib

    from cabin_twin.cli.main import main

    scenario = tmp_path / "moments.toml"
    scenario.write_text(SCENARIO)
    out = tmp_path / "out"
    owner: Any = importlib.import_module(module)
    *path, name = attr.split(".")
    for part in path:
        owner = getattr(owner, part)
    monkeypatch.setattr(owner, name, _hooked(getattr(owner, name), when))
    args = ["run", str(scenario), "--rig", "ci-virtual", "--out", str(out)]
    if finished == "complete":
        status = main(args)
        assert sigterm_recorded == [signal.SIGTERM], point  # it was sent, after the run's own
        report = json.loads((out / "report.json").read_text())
        assert status in (0, 1) and "interrupted" not in report, point
        assert report["requests"] == REQUESTS and (out / "report.html").is_file()
        return
    with pytest.raises(SystemExit) as exit_:
        main(args)
    err = capsys.readouterr().err
    assert exit_.value.code == 143, (point, err)
    assert sigterm_recorded == [], point  # the run's own handler took it
    assert "Traceback" not in err and "twin: interrupted by SIGTERM" in err, (point, err)
    report = json.loads((out / "report.json").read_text())
    assert report["interrupted"] is True and report["interrupted_by"] == "SIGTERM", point
    assert report["verdict"] == "ERROR" and report["requests_planned"] == REQUESTS, point
    done = report["requests_completed"]
    if finished == "none":
        assert done == 0, point
    elif finished == "all":
        assert done == REQUESTS, point  # every request finished before the signal: all kept
    else:
        assert 0 <= done <= REQUESTS, point
    with (out / "requests.csv").open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == done, point
    assert all(float(r["e2e_ms"]) > 0 for r in rows), point
    junit = (out / "junit.xml").read_text()
    assert 'type="Interrupted"' in junit, point
    assert not (out / "report.html").exists(), point  # a verdict the run did not reach
    if report.get("actuation"):  # the session opened: every device left safe
        assert report["actuation"]["safe_state_unconfirmed"] == 0, point
