"""``twin fidelity`` outputs: the side-by-side table, ``fidelity.json`` and ``report.html``.

The HTML is self-contained like :mod:`twin.report_html`: per compared row (each real stage,
the model-call subset, end to end) a QQ plot (predicted against measured quantiles, with the
identity line) and the two CDFs overlaid, as embedded PNGs also written alongside.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from hil.fidelity import FidelityResult
from latency_models.stages import STAGES
from twin.report_html import _CSS, _png

QQ_POINTS = 200


def samples(result: FidelityResult, row: str) -> tuple[np.ndarray, np.ndarray]:
    """(predicted, measured) samples of one comparison row."""
    real, model = result.real.timings, result.modelled.timings
    if row == "e2e":
        return model.e2e_ms, real.e2e_ms
    stage, _, subset = row.partition("[")
    k = STAGES.index(stage)
    mask = np.ones(real.n, dtype=bool)
    if subset and result.real.plan.bypass is not None:
        mask = ~result.real.plan.bypass[:, STAGES.index("inference")]
    return model.stage_ms[mask, k], real.stage_ms[mask, k]


def figure(predicted: np.ndarray, measured: np.ndarray, title: str) -> Figure:
    """QQ plot and overlaid CDFs, side by side."""
    fig, (qq, cdf) = plt.subplots(1, 2, figsize=(9, 3.4))
    probs = np.linspace(0.5, 99.5, QQ_POINTS)
    pq, mq = np.percentile(predicted, probs), np.percentile(measured, probs)
    qq.plot(mq, pq, ".", ms=3)
    lo, hi = float(min(pq.min(), mq.min())), float(max(pq.max(), mq.max()))
    qq.plot([lo, hi], [lo, hi], "k--", lw=0.8)
    qq.set_xlabel("measured (ms)")
    qq.set_ylabel("predicted (ms)")
    qq.set_title(f"{title}: QQ")
    for values, label in ((measured, "measured"), (predicted, "predicted")):
        xs = np.sort(values)
        cdf.step(xs, np.arange(1, xs.size + 1) / xs.size, where="post", label=label)
    cdf.set_xlabel("ms")
    cdf.set_ylabel("fraction")
    cdf.set_title(f"{title}: CDF")
    cdf.legend(loc="lower right")
    fig.tight_layout()
    return fig


def format_table(record: dict[str, Any]) -> str:
    """The side-by-side table printed by ``twin fidelity``."""
    lines = [f"{'row':<18}{'pct':>5}{'predicted':>11}{'measured':>11}{'error':>9}"
             f"{'limit':>7}{'KS p':>8}  verdict"]
    for name, row in record["comparison"]["rows"].items():
        if row.get("passed") is None:
            lines.append(f"{name:<18}  skipped ({row.get('skipped', 'not checked')})")
            continue
        for q in ("p50", "p95", "p99"):
            cell = row[q]
            limit = "-" if cell["limit"] is None else f"{cell['limit'] * 100:.0f}%"
            verdict = {True: "ok", False: "FAIL", None: ""}[cell["passed"]]
            ks = f"{row['ks']['pvalue']:.3f}" if q == "p50" else ""
            gap = " (at a gap)" if cell.get("at_gap") else ""
            lines.append(f"{name if q == 'p50' else '':<18}{q:>5}{cell['predicted_ms']:>11.2f}"
                         f"{cell['measured_ms']:>11.2f}{cell['rel_error'] * 100:>8.1f}%"
                         f"{limit:>7}{ks:>8}  {verdict}{gap}")
    floor = record.get("noise_floor")
    if floor:
        worst = max((abs(r[q]["rel_error"]) for r in floor["rows"].values()
                     if r.get("passed") is not None for q in ("p50", "p95")), default=0.0)
        lines.append(f"noise floor (real vs real, same seed): worst p50/p95 error "
                     f"{worst * 100:.1f}%")
    verdict = "PASS" if record["comparison"]["passed"] else "FAIL"
    lines.append(f"fidelity: {verdict} (limits {record['comparison']['limits']}, "
                 f"floor {record['comparison']['floor_ms']} ms)")
    return "\n".join(lines)


def write(result: FidelityResult, out: Path) -> None:
    """``fidelity.json`` and ``report.html`` (with ``fidelity_*.png``) into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    record = result.record
    (out / "fidelity.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>fidelity "
             f"{html.escape(record['scenario'])}</title><style>{_CSS}</style></head><body>",
             f"<h1>Twin fidelity: {html.escape(record['scenario'])}</h1>",
             f"<p>seed {record['seed']}, {record['requests']} requests; real stages: "
             f"{html.escape(', '.join(record['real_stages']))}; calibration "
             f"<code>{html.escape(Path(record['calibration']).name)}</code>. "
             f"Verdict: <span class='{'pass' if result.passed else 'fail'}'>"
             f"{'PASS' if result.passed else 'FAIL'}</span></p>",
             f"<pre>{html.escape(format_table(record))}</pre>"]
    for name, row in record["comparison"]["rows"].items():
        if row.get("passed") is None:
            continue
        predicted, measured = samples(result, name)
        slug = name.replace("[", "_").replace("]", "")
        parts.append(f"<h2>{html.escape(name)}</h2>")
        parts.append(_png(figure(predicted, measured, name), out, f"fidelity_{slug}.png"))
    parts.append("</body></html>")
    (out / "report.html").write_text("\n".join(parts), encoding="utf-8")
