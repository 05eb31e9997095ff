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
