"""report.html: self-contained (no network), every section present, PNGs written alongside."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from latency_models.stages import STAGES
from twin.report_html import varied_keys, write_html
from twin.sweep import parse_varies, run_sweep

BUDGETS = {"capture": 15.0, "network": 20.0, "scheduling": 5.0, "model_load": 10.0,
           "inference": 30.0, "render": 20.0}


def synthetic_run(n: int = 10_000, seed: int = 0) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    rng = np.random.default_rng(seed)
    requests: dict[str, np.ndarray] = {"arrival_ms": np.cumsum(rng.exponential(30.0, n))}
    for stage, budget in BUDGETS.items():
        requests[f"{stage}_ms"] = rng.lognormal(np.log(budget * 0.7), 0.4, n)
    requests["e2e_ms"] = sum(requests[f"{s}_ms"] for s in STAGES)
    requests["path"] = np.array(["rules"] * n)

    def summary(x: np.ndarray, budget: float) -> dict[str, float]:
        p50, p95, p99 = np.percentile(x, [50, 95, 99])
        return {"p50_ms": float(p50), "p95_ms": float(p95), "p99_ms": float(p99),
                "budget_ms": budget}

    e2e = requests["e2e_ms"]
    report = {
        "scenario": "synthetic <test>",
        "seed": seed,
        "requests": n,
        "engine": "fast",
        "stages": {
            s: {**summary(requests[f"{s}_ms"], b), "mode": "modelled"} for s, b in BUDGETS.items()
        },
        "e2e": summary(e2e, 100.0),
        "perception": {
            "instant": float(np.mean(e2e <= 100)),
            "acceptable": float(np.mean((e2e > 100) & (e2e <= 300))),
            "sluggish": float(np.mean(e2e > 300)),
        },
        "expectations": [
            {
                "name": "p95 under budget",
                "metric": "e2e.p95_ms",
                "limit": {"max": 100.0},
                "value": 120.0,
                "passed": False,
            },
            {
                "name": "mostly instant",
                "metric": "perception.instant",
                "limit": {"min": 0.2},
                "value": 0.3,
                "passed": True,
            },
        ],
    }
    return report, requests


TIMELINE = [
    {"t_ms": 60_000.0, "kind": "fault", "name": "5g-handover", "duration_ms": 20_000.0},
    {"t_ms": 65_000.0, "kind": "alert", "name": "L1+L3+L4 degrade", "duration_ms": 0.0},
]


def grid_point(raw: dict[str, Any], seed: int) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    x = rng.exponential(raw["workload"]["users"] * raw["stages"]["inference"]["scale"], 500)
    return {
        "e2e": {"p95_ms": float(np.percentile(x, 95))},
        "perception": {"instant": float(np.mean(x < 100))},
    }


def _check_self_contained(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"https?://", text, re.IGNORECASE)
    assert "<script" not in text.lower() and "<link" not in text.lower()
    assert "@import" not in text and "url(" not in text
    return text


def test_report_sections_and_embedded_pngs(tmp_path: Path) -> None:
    report, requests = synthetic_run()
    path = write_html(report, requests, TIMELINE, tmp_path)
    assert path == tmp_path / "report.html"
    text = _check_self_contained(path)
    for section in ('id="stages"', 'id="cdf"', 'id="waterfall"', 'id="timeline"',
                    'id="expectations"'):
        assert section in text
    assert 'id="whatif"' not in text and 'id="failed"' not in text  # no rig: no commands
    assert "synthetic &lt;test&gt;" in text  # escaped
    assert "5g-handover" in text and "L1+L3+L4 degrade" in text
    assert text.count(">FAIL<") == 1 and '<td class="l pass">pass<' in text
    assert text.index("VERDICT: FAIL") < text.index('id="stages"')  # the verdict first
    embedded = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', text)
    assert len(embedded) == 3
    for name, b64 in zip(("cdf.png", "waterfall.png", "timeline.png"), embedded, strict=True):
        data = (tmp_path / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert base64.b64decode(b64) == data
        assert b"http" not in data  # no software URL in the PNG metadata either


def test_whatif_heatmaps(tmp_path: Path) -> None:
    raw = {"seed": 1, "workload": {"users": 10}, "stages": {"inference": {"scale": 1.0}}}
    varies = parse_varies(["workload.users=10,50,100", "stages.inference.scale=0.5,1,2"])
    rows = run_sweep(raw, varies, 2, "serial", grid_point)
    assert varied_keys(rows) == ["workload.users", "stages.inference.scale"]
    report, requests = synthetic_run(2_000)
    text = _check_self_contained(write_html(report, requests, [], tmp_path, whatif_rows=rows))
    assert 'id="whatif"' in text and "9 points over workload.users, stages.inference.scale" in text
    assert (tmp_path / "whatif_e2e_p95_ms.png").exists()
    assert (tmp_path / "whatif_perception_instant.png").exists()
    assert "No faults or alerts" in text
    one_key = run_sweep(raw, parse_varies(["workload.users=10,50"]), 2, "serial", grid_point)
    write_html(report, requests, [], tmp_path / "one", whatif_rows=one_key)
    assert (tmp_path / "one" / "whatif_e2e_p95_ms.png").exists()


@pytest.mark.parametrize("missing", ["arrival_ms", "inference_ms"])
def test_partial_requests_still_render(tmp_path: Path, missing: str) -> None:
    report, requests = synthetic_run(500)
    del requests[missing]
    report["expectations"] = []
    text = _check_self_contained(write_html(report, requests, TIMELINE, tmp_path))
    assert "No expectations" in text


def test_the_timeline_p95_uses_the_monitors_window() -> None:
    """The line on the timeline is the monitor's L1 p95: the same windows, the same values."""
    from tests.helpers import scenario
    from twin.report_figures import windowed_p95
    from twin.runner import run_scenario

    result = run_scenario(scenario(requests=600, monitoring={"window_ms": 1000.0}))
    starts, p95, counts = windowed_p95(result.timings.arrival, result.timings.e2e_ms,
                                       result.report["monitoring"]["window_ms"])
    windows = result.monitoring["windows"]
    assert len(windows) == starts.size > 2  # not 2 bins: one per second of arrivals
    assert [w["requests"] for w in windows] == counts.tolist()
    assert np.allclose([w["l1_p95_ms"] for w in windows], p95, atol=1e-3)
    assert np.allclose([w["t_ms"] for w in windows], starts, atol=1e-3)


def test_failed_commands_link_to_their_can_serial_and_dut_lines(tmp_path: Path) -> None:
    """A failed command's row holds the can.asc lines (python-can's own ASC writer) and the
    serial.log lines written while it was in flight, and the DUT log's notes on its call."""
    import can

    from twin.report_qa import failed_commands, trace_files

    t0 = 1_760_000_000.0
    writer = can.ASCWriter(tmp_path / "can.asc")
    for k, dt in enumerate([0.0, 0.5, 1.0, 1.05, 1.1, 3.0]):  # the command at 1.0-1.2 s
        writer.on_message_received(can.Message(timestamp=t0 + dt, arbitration_id=0x210 + k,
                                               data=[k], is_extended_id=False))
    writer.stop()
    (tmp_path / "serial.log").write_text(
        f"{t0 + 0.2:.6f} TX aa\n{t0 + 1.01:.6f} TX bb\n{t0 + 1.02:.6f} RX cc\n"
        f"{t0 + 2.0:.6f} TX dd\n")
    (tmp_path / "dut-jsonl.log").write_text("starting\nbench: request 3 timeout after 900.0 ms:"
                                            " no answer\nbench: request 4 error after 1.0 ms\n")
    requests = {
        "arrival_ms": np.array([0.0, 100.0, 200.0]), "render_ms": np.array([5.0, 200.0, 1.0]),
        "actuation_failed": np.array([False, True, False]),
        "actuation": np.array(["status_matches", "timed_out", "status_matches"]),
        "actuation_reason": np.array(["", "hvac timed_out: no valid status", ""]),
        "command_intent": np.array(["a", "climate_set_temperature", "b"]),
        "command_value": np.array(["", "21", ""]), "command_device": np.array(["", "hvac", ""]),
        "command_sent_at": np.array([t0, t0 + 1.0, t0 + 3.0]),
        "dut_outcome": np.array(["ok", "ok", "timeout"]), "dut_request": np.array([2, 3, 4]),
    }
    rig = {"traces": {"can_asc": str(tmp_path / "can.asc"),
                      "serial_log": str(tmp_path / "serial.log")}}
    files = trace_files(rig, tmp_path)
    assert sorted(files) == ["can_asc", "dut-jsonl.log", "serial_log"]
    count, rows = failed_commands(requests, files)
    assert count == 2 and [r.request for r in rows] == [1, 2]
    first = rows[0]
    assert (first.intent, first.value, first.device, first.outcome) == (
        "climate_set_temperature", "21", "hvac", "timed_out")
    links = {link.file: link for link in first.links}
    asc = (tmp_path / "can.asc").read_text().splitlines()
    frames = [asc[k - 1] for k in range(links["can.asc"].first, links["can.asc"].last + 1)]
    assert [int(line.split()[2], 16) for line in frames] == [0x212, 0x213, 0x214]
    assert (links["serial.log"].first, links["serial.log"].last) == (2, 3)
    assert links["dut-jsonl.log"].first == 2  # "bench: request 3": its DUT call
    assert rows[1].outcome == "dut timeout"  # a DUT failure with a confirmed command
    assert {link.file for link in rows[1].links} >= {"can.asc", "dut-jsonl.log"}


def test_a_rig_run_elsewhere_has_its_traces_copied_beside_the_report(tmp_path: Path) -> None:
    from twin.report_qa import trace_files

    elsewhere = tmp_path / "rig-out"
    elsewhere.mkdir()
    (elsewhere / "serial.log").write_text("1.0 TX aa\n")
    out = tmp_path / "report"
    out.mkdir()
    files = trace_files({"traces": {"serial_log": str(elsewhere / "serial.log"),
                                    "can_asc": str(elsewhere / "missing.asc")}}, out)
    assert files == {"serial_log": out / "serial.log"}
    assert (out / "serial.log").read_text() == "1.0 TX aa\n"


def _sweep_rows() -> list[dict[str, Any]]:
    return [{"point": i, "network.protocol": p, "workload.users": u, "replications": 3,
             "e2e.p95_ms": v, "e2e.p95_ms.ci95_low": v - 3, "e2e.p95_ms.ci95_high": v + 3}
            for i, (p, u, v) in enumerate([("quic", 10, 70.0), ("quic", 50, 98.5),
                                           ("http2", 10, 110.0), ("http2", 50, 240.0)])]


def test_the_whatif_page_opens_with_the_sweeps_answer(tmp_path: Path) -> None:
    report, requests = synthetic_run(2_000)  # its own verdict is FAIL: shown below, not first
    text = _check_self_contained(write_html(report, requests, [], tmp_path,
                                            whatif_rows=_sweep_rows()))
    first = text.index('class="verdict')
    assert text[first:].startswith('class="verdict v-MIXED" id="verdict">WHAT-IF: 2 of 4 '
                                   'points meet 100 ms (budget) on e2e.p95_ms')
    assert text.index("WHAT-IF") < text.index('id="sweep"') < text.index("VERDICT: FAIL")
    best = text[text.index('id="best"'):]
    assert best.startswith('id="best">Best point: <b>network.protocol=quic, workload.users=10')
    assert "70.0 <span" in best and "[67.0, 73.0]" in best
    assert "1 of 4 points meet it with the whole 95 % CI below 100." in best  # 98.5 + 3 > 100
    sweep = text[text.index('<table class="sweep">'):]
    sweep = sweep[:sweep.index("</table>")]
    assert sweep.count('class="fail"') == 2  # 110 and 240 ms: over budget


def test_over_budget_cells_are_plainly_red_whatever_the_range() -> None:
    """HTTP/2 at 110 ms with the sweep reaching 240 ms: red, not a pale yellow."""
    from twin.report_figures import whatif_figure

    fig = whatif_figure(_sweep_rows(), "e2e.p95_ms", {"e2e": {"budget_ms": 100.0}})
    im = fig.axes[0].images[0]
    r, g, _, _ = im.cmap(im.norm(np.array([110.0, 100.5, 98.5, 70.0]))).T
    assert np.all(r[:2] > g[:2] + 0.3)  # over: red dominates clearly
    assert np.all(g[2:] > r[2:])  # inside: green
    at = im.cmap(im.norm(np.array([100.0])))[0]
    assert at[1] > at[0]  # at the budget meets it (<= 100 ms): green


def test_the_timeline_draws_failed_requests_and_link_fault_windows() -> None:
    from matplotlib.patches import Polygon, Rectangle

    from twin.report_figures import timeline_figure

    _, requests = synthetic_run(2_000)
    failed = np.zeros(2_000, dtype=bool)
    failed[[10, 500, 1500]] = True
    events = [{"t_ms": 1000.0, "kind": "fault", "name": "can_drop", "duration_ms": 1500.0,
               "device": "hvac"},
              {"t_ms": 20_000.0, "kind": "fault", "name": "rtt_spike", "duration_ms": 300.0}]
    ax = timeline_figure(requests, events, 100.0, 1000.0, failed).axes[0]
    spans = [p for p in ax.patches if isinstance(p, Polygon | Rectangle)]
    extents = sorted((round(p.get_extents().x0), p.get_hatch()) for p in spans)
    assert len(extents) == 2 and [h for _, h in extents].count("//") == 1
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "failed requests (3)" in labels and "link fault" in labels
    assert "p95 per 1000 ms window" in labels
    assert "can_drop (hvac)" in [t.get_text() for t in ax.texts]


def test_the_capacity_page_gives_the_knee_with_its_interval(tmp_path: Path) -> None:
    from twin.report_html import write_capacity_html

    png = tmp_path / "capacity.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n")
    capacity = {"knee": 1920.0, "first_failing": 1921.0, "budget_ms": 100.0, "percentile": 95.0,
                "load_name": "users", "tolerance": 1.0, "evaluations": 14, "converged": True,
                "reason": "", "monotone": False,
                "points": [{"load": 1920.0, "latency_ms": 98.2},
                           {"load": 1921.0, "latency_ms": 107.5}],
                "replicated": {"replications": 5, "seeds": [1, 2, 3, 4, 5],
                               "loads": [1850.0, 1950.0],
                               "curve": [{"load": 1850.0, "mean_ms": 96.0, "ci95_low": 94.0,
                                          "ci95_high": 98.0, "values_ms": [96.0] * 5,
                                          "within_budget": 5},
                                         {"load": 1950.0, "mean_ms": 103.0, "ci95_low": 99.0,
                                          "ci95_high": 107.0, "values_ms": [103.0] * 5,
                                          "within_budget": 1}],
                               "knee": {"mean": 1890.0, "ci95_low": 1860.0, "ci95_high": 1921.0,
                                        "min": 1850.0, "max": 1920.0,
                                        "per_replication": [1850.0, 1880.0, 1890.0, 1910.0,
                                                            1920.0],
                                        "not_converged": []}}}
    text = _check_self_contained(write_capacity_html(capacity, png, tmp_path, "commute"))
    assert ('id="verdict">KNEE: 1920 users (95 % CI 1860-1921 over 5 replications, mean 1890)'
            in text)
    band = text[text.index('id="band"'):]
    assert "94.00 - 98.00" in band and "1 of 5" in band and '<td class="fail">103.00' in band
