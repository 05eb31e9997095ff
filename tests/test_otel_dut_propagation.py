"""An HTTP device under test receives the W3C traceparent of its request's inference span,
so an instrumented DUT's spans sit inside the bench's trace (the echo DUT logs the header)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import tomli_w

from cabin_twin.cli.main import main
from tests.test_dut_run import dut_scenario

ROOT = Path(__file__).resolve().parent.parent
TRACEPARENT = re.compile(r"00-([0-9a-f]{32})-([0-9a-f]{16})-01")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_http_dut_sees_the_traceparent_of_its_inference_span(tmp_path: Path) -> None:
    port, log = _free_port(), tmp_path / "traceparents.txt"
    server = subprocess.Popen([sys.executable, str(ROOT / "examples" / "dut_echo_http.py"),
                               "--port", str(port), "--trace-log", str(log)])
    try:
        spec = dut_scenario({"kind": "http", "url": f"http://127.0.0.1:{port}/v1",
                             "start_timeout_s": 60}, 8)
        spec["policy"] = {"degrade_deadline_ms": 5000}  # every request reaches the DUT
        scenario = tmp_path / "dut.toml"
        scenario.write_text(tomli_w.dumps(spec), encoding="utf-8")
        out = tmp_path / "out"
        main(["run", str(scenario), "--out", str(out)])  # the verdict is not what is tested
    finally:
        server.terminate()
        server.wait(timeout=30)
    seen = log.read_text(encoding="utf-8").split() if log.exists() else []
    assert len(seen) == 8
    parsed = [TRACEPARENT.fullmatch(h) for h in seen]
    assert all(parsed), seen
    inference = set()
    for line in (out / "otel.json").read_text(encoding="utf-8").splitlines():
        for rs in json.loads(line)["resourceSpans"]:
            for ss in rs["scopeSpans"]:
                inference |= {(s["traceId"], s["spanId"]) for s in ss["spans"]
                              if s["name"] == "inference"}
    assert {(m.group(1), m.group(2)) for m in parsed if m} <= inference
    assert len({m.group(1) for m in parsed if m}) == 8  # one trace per request
