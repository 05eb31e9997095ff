"""Each kind of report.html rendered in headless Chromium, checked as a person sees it: no
console error, every image decoded, no network request; a screenshot of each is kept in
``out/browser/`` (git-ignored; CI keeps it as an artefact). A failed run on a rig shows its
failed commands (each linked to its can.asc lines) and its fault windows."""

from __future__ import annotations

import numpy as np
import pytest

from hil.run_real import run_real
from tests.browser import check_page, chromium_path
from tests.helpers import scenario
from twin.capacity import find_capacity, make_evaluate, write_capacity
from twin.paths import PROJECT_ROOT
from twin.report import write_report
from twin.report_html import write_capacity_html, write_html
from twin.runner import run_scenario
from twin.scenario import scenario_from_dict
from twin.whatif import twin_point

pytestmark = pytest.mark.slow
SHOTS = PROJECT_ROOT / "out" / "browser"


def _run_report(tmp_path, whatif: bool):
    faults = [{"kind": "rtt_spike", "start_ms": 0, "duration_ms": 300, "every_ms": 4000},
              {"kind": "packet_loss", "loss": 0.02}]
    result = run_scenario(scenario(faults=faults, requests=300))
    rows = None
    if whatif:
        rows = [{"point": i, "workload.rate_per_s": r, "stages.network.median": m,
                 "e2e.p95_ms": v, "e2e.p95_ms.ci95_low": v - 2, "e2e.p95_ms.ci95_high": v + 2,
                 "e2e.within_budget": w, "e2e.within_budget.ci95_low": w - 0.01,
                 "e2e.within_budget.ci95_high": min(w + 0.01, 1.0)}
                for i, (r, m, v, w) in enumerate([(10, 10, 80.0, 0.99), (10, 40, 120.0, 0.7),
                                                  (40, 10, 95.0, 0.96), (40, 40, 140.0, 0.5)])]
    return write_html(result.report, result.request_arrays(), result.timeline, tmp_path,
                      whatif_rows=rows)


def _capacity_report(tmp_path):
    """A small real capacity search (2 inference slots, Poisson load) and its report.html."""
    raw = {"name": "cap", "seed": 1, "requests": 400, "stages": {"profile": "ideal"},
           "workload": {"kind": "poisson", "rate_per_s": 1}, "resources": {"inference": 2}}
    evaluate = make_evaluate(raw, "workload.rate_per_s", twin_point, 1)
    result = find_capacity(evaluate, 100.0, low=5.0, tolerance=5.0, max_evals=8,
                           load_name="rate_per_s")
    _, png = write_capacity(result, tmp_path)
    return write_capacity_html(result.to_dict(), png, tmp_path, "cap")


@pytest.mark.parametrize("kind", ["run", "whatif", "capacity"])
def test_report_renders_cleanly_in_headless_chromium(tmp_path, kind):
    if chromium_path() is None:
        pytest.skip("no chromium on this machine (apt-get install chromium; .ci/run does)")
    html = (_capacity_report(tmp_path) if kind == "capacity"
            else _run_report(tmp_path, whatif=kind == "whatif"))
    page = check_page(html, SHOTS / f"{kind}.png",
                      {"banner": "document.querySelector('.verdict').innerText"})
    assert page.values["banner"].startswith(
        {"run": "VERDICT", "whatif": "WHAT-IF: ", "capacity": "KNEE: "}[kind])
    assert page.console_errors == []
    outside = [u for u in page.requests if not u.startswith(("file:", "data:"))]
    assert outside == []
    assert len(page.images) >= {"run": 3, "whatif": 5, "capacity": 1}[kind]
    undecoded = [i for i in page.images if not (i["complete"] and i["width"] > 0)]
    assert undecoded == []
    assert page.screenshot is not None and page.screenshot.stat().st_size > 10_000


CELLS = ("Array.from(document.querySelectorAll('{rows}')).map(r => "
         "Array.from(r.cells).map(c => c.innerText.trim()))")


def test_a_failed_run_shows_its_failed_commands_and_fault_windows(tmp_path, can_rig_file):
    """A rig run whose CAN link drops half the commands for 1.5 s (the HVAC times out): the
    page lists each failed request with its intent, value, device, outcome and reason, links
    it to the can.asc lines written while it was in flight, and lists the link-fault window
    beside the timeline that draws it."""
    if chromium_path() is None:
        pytest.skip("no chromium on this machine (apt-get install chromium; .ci/run does)")
    raw = {"name": "dropped", "seed": 4, "requests": 30,
           "workload": {"kind": "poisson", "rate_per_s": 10}, "stages": {"profile": "ideal"},
           "faults": [{"kind": "can_drop", "device": "*", "start_ms": 1000.0,
                       "duration_ms": 1500.0, "probability": 0.5}],
           "actuation": {"max_timed_out_fraction": 1, "reason": "the test drops commands"}}
    out = tmp_path / "run"
    result = run_real(scenario_from_dict(raw, "dropped.toml"),
                      str(can_rig_file(timeout_ms=250)), None, None, out)
    write_report(result.report, out)
    html = write_html(result.report, result.request_arrays(), result.timeline, out)
    failed = np.flatnonzero(result.extra_columns["actuation_failed"]).tolist()
    assert failed  # the seed drops at least one command inside the window
    page = check_page(html, SHOTS / "failed.png", {
        "failed": CELLS.format(rows="table.failed tr[id^=req-]"),
        "links": "Array.from(document.querySelectorAll('table.failed a'))"
                 ".map(a => a.getAttribute('href'))",
        "ranges": "Array.from(document.querySelectorAll('table.failed summary'))"
                  ".map(s => s.innerText)",
        "events": CELLS.format(rows="table.events tr:not(:first-child)"),
        "devices": CELLS.format(rows="table.devices tr:not(:first-child)"),
        "shown": "document.querySelector('table.failed').getBoundingClientRect().height",
    })
    assert page.console_errors == []
    rows = page.values["failed"]
    assert [int(r[0]) for r in rows] == failed
    columns = result.extra_columns
    for row, i in zip(rows, failed, strict=True):
        assert row[1:5] == [columns["command_intent"][i], columns["command_value"][i], "hvac",
                            "timed_out"]
        assert "no valid status within 250 ms" in row[5]
    assert page.values["shown"] > 0
    assert page.values["links"] == ["can.asc"] * len(failed)  # beside report.html
    asc = (out / "can.asc").read_text().splitlines()
    for text in page.values["ranges"]:
        first, _, last = text.split("lines ")[1].strip().partition("-")
        assert 1 <= int(first) <= int(last or first) <= len(asc)
    assert ["1000.0", "link fault", "can_drop (*)", "1500.0"] in page.values["events"]
    hvac = next(d for d in page.values["devices"] if d[0] == "hvac")
    assert hvac[1] == str(result.report["devices"]["hvac"]["commands"])
    undecoded = [i for i in page.images if not (i["complete"] and i["width"] > 0)]
    assert undecoded == [] and len(page.images) >= 3
