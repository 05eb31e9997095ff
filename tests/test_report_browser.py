"""Each kind of report.html rendered in headless Chromium, checked as a person sees it: no
console error, every image decoded, no network request; a screenshot of each is kept in
``out/browser/`` (git-ignored; CI keeps it as an artefact)."""

from __future__ import annotations

import pytest

from tests.browser import check_page, chromium_path
from tests.helpers import scenario
from twin.capacity import find_capacity, make_evaluate, write_capacity
from twin.paths import PROJECT_ROOT
from twin.report_html import write_capacity_html, write_html
from twin.runner import run_scenario
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
    page = check_page(html, SHOTS / f"{kind}.png")
    assert page.console_errors == []
    outside = [u for u in page.requests if not u.startswith(("file:", "data:"))]
    assert outside == []
    assert len(page.images) >= {"run": 3, "whatif": 5, "capacity": 1}[kind]
    undecoded = [i for i in page.images if not (i["complete"] and i["width"] > 0)]
    assert undecoded == []
    assert page.screenshot is not None and page.screenshot.stat().st_size > 10_000
