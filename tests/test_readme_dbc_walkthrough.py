"""The README's DBC walk-through, step 5, as written: ``smoke`` on the finished GM low-speed
rig fails naming the unserved functions; the README's ``gm-smoke.toml`` passes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cabin_twin.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
RIG = ROOT / "tests" / "data" / "rigs" / "gm-lowspeed.toml"


def _step5() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    step = readme[readme.index("5. **Run a scenario on it**"):readme.index("6. **On the bench**")]
    (block,) = re.findall(r"```toml\n(.*?)```", step, flags=re.S)
    return "\n".join(line.removeprefix("   ") for line in block.splitlines()) + "\n"


@pytest.mark.slow
def test_step_5_as_written(tmp_path: Path, capsys) -> None:
    assert main(["run", "smoke", "--rig", str(RIG), "--out", str(tmp_path / "smoke")]) == 1
    head = capsys.readouterr().out.splitlines()
    assert head[0].startswith("VERDICT: FAIL") and "requests unserved" in head[0]
    assert head[1] == "  FAIL every requested cabin function served by the rig: " \
        + head[1].split(": ", 1)[1]
    assert "requests unserved (intent media_next)" in head[2]
    readme_head = "226 of 226 cabin commands confirmed; 0 acknowledgements; 264 requests " \
                  "unserved (9 allowed)"
    assert readme_head in head[0]  # the numbers the README quotes
    scenario = tmp_path / "gm-smoke.toml"
    scenario.write_text(_step5(), encoding="utf-8")
    status = main(["run", str(scenario), "--rig", str(RIG), "--out", str(tmp_path / "run")])
    out = capsys.readouterr().out
    report = json.loads((tmp_path / "run" / "report.json").read_text())
    assert status == 0, [e for e in report["expectations"] if not e["passed"]]
    assert "the GM low-speed body bus carries only the remote climate request" in out
    act = report["actuation"]
    assert act["unserved"] == 0 and act["unserved_allowed"] > 0
    assert act["not_sent"] == 0 and act["cabin_confirmed"] == act["cabin_commands"] > 0
