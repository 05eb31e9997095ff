"""``twin fidelity`` outputs: the side-by-side table, ``fidelity.json`` and ``report.html``.

The HTML is rendered from ``fidelity.html.j2`` like :mod:`twin.report_html`: the verdict as a
banner, each compared row (each real stage, the model-call subset, end to end) with the samples
it rests on, and per row a QQ plot (predicted against measured quantiles, with the
identity line) and the two CDFs overlaid, as embedded PNGs also written alongside.
"""

from __future__ import annotations

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
from twin.report_figures import embedded
from twin.report_html import render

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


def fidelity_figure(predicted: np.ndarray, measured: np.ndarray, title: str) -> Figure:
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
    lines = [f"{'row':<18}{'n':>6}{'pct':>5}{'predicted':>11}{'measured':>11}{'error':>9}"
             f"{'limit':>7}{'+sampl':>8}{'KS p':>8}  verdict"]
    for name, row in record["comparison"]["rows"].items():
        n = str(row.get("n_measured", ""))
        if row.get("passed") is None:
            lines.append(f"{name:<18}{n:>6}  skipped ({row.get('skipped', 'not checked')})")
            continue
        for q in ("p50", "p95", "p99"):
            cell = row[q]
            limit = "-" if cell["limit"] is None else f"{cell['limit'] * 100:.0f}%"
            verdict = {True: "ok", False: "FAIL", None: ""}[cell["passed"]]
            ks = f"{row['ks']['pvalue']:.3f}" if q == "p50" else ""
            extra = "-" if cell.get("sampling") is None else f"{cell['sampling'] * 100:.1f}%"
            gap = " (at a gap)" if cell.get("at_gap") else ""
            first = q == "p50"
            lines.append(f"{name if first else '':<18}{n if first else '':>6}{q:>5}"
                         f"{cell['predicted_ms']:>11.2f}{cell['measured_ms']:>11.2f}"
                         f"{cell['rel_error'] * 100:>8.1f}%{limit:>7}{extra:>8}{ks:>8}"
                         f"  {verdict}{gap}")
        for outcome, share in row.get("endpoints", {}).items():  # the capture row's outcomes
            lines.append(f"{'':<18}{'':>6}  {outcome} endpoints: predicted "
                         f"{share['predicted'] * 100:.1f}%, measured "
                         f"{share['measured'] * 100:.1f}% (reported, not judged)")
    floor = record.get("noise_floor")
    if floor:
        worst = max((abs(r[q]["rel_error"]) for r in floor["rows"].values()
                     if r.get("passed") is not None for q in ("p50", "p95")), default=0.0)
        lines.append(f"noise floor (real vs real, same seed): worst p50/p95 error "
                     f"{worst * 100:.1f}%")
    verdict = "PASS" if record["comparison"]["passed"] else "FAIL"
    confidence = record["comparison"].get("confidence")
    lines.append(f"fidelity: {verdict} (limits {record['comparison']['limits']}, "
                 f"floor {record['comparison']['floor_ms']} ms"
                 + (f", plus each percentile's sampling uncertainty at {confidence:g} "
                    "confidence" if confidence else "") + ")")
    return "\n".join(lines)


def write(result: FidelityResult, out: Path) -> None:
    """``fidelity.json`` and ``report.html`` (with ``fidelity_*.png``) into ``out``: the
    verdict as a banner, each row with the samples it compares, the QQ and CDF plots."""
    out.mkdir(parents=True, exist_ok=True)
    record = result.record
    (out / "fidelity.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    rows, figures = [], []
    for name, row in record["comparison"]["rows"].items():
        predicted, measured = samples(result, name)
        entry: dict[str, Any] = {"name": name, "n": int(measured.size),
                                 "skipped": row.get("skipped", "not checked")
                                 if row.get("passed") is None else None}
        if entry["skipped"] is None:
            entry["ks"] = row["ks"]["pvalue"]
            entry["quantiles"] = [
                {"name": q, "predicted": row[q]["predicted_ms"], "measured": row[q]["measured_ms"],
                 "rel_error": row[q]["rel_error"], "limit": row[q]["limit"],
                 "passed": row[q]["passed"], "at_gap": row[q].get("at_gap", False),
                 "sampling": row[q].get("sampling"),
                 "interval": row[q].get("measured_interval_ms")}
                for q in ("p50", "p95", "p99")]
            slug = name.replace("[", "_").replace("]", "")
            figures.append({"row": name, **embedded(fidelity_figure(predicted, measured, name),
                                                   out, f"fidelity_{slug}.png")})
        rows.append(entry)
    floor = record.get("noise_floor")
    worst = max((abs(r[q]["rel_error"]) for r in floor["rows"].values()
                 if r.get("passed") is not None for q in ("p50", "p95")),
                default=0.0) if floor else None
    render("fidelity.html.j2", out, title=f"Twin fidelity: {record['scenario']}",
           record=record, passed=result.passed, rows=rows, figures=figures, floor=worst,
           calibration=Path(record["calibration"]).name)
