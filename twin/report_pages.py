"""The what-if and capacity pages' contents: each opens with its own answer, not the
unvaried scenario's verdict. A sweep's answer is how many points meet the budget and the best
point (with its 95 % CI); a capacity search's is the knee with its interval over replications
and the p95 curve with its band."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from twin.report_figures import (
    budget_centre,
    embedded,
    sweep_metrics,
    varied_keys,
    whatif_figure,
)

HEATMAP_METRICS = ("e2e.p95_ms", "e2e.within_budget", "perception.instant")
ANSWER_METRIC = "e2e.p95_ms"
#: the sweep table's columns (when present; any accuracy metric too); whatif.csv has them all
TABLE_METRICS = ("e2e.p50_ms", "e2e.p95_ms", "e2e.p99_ms", "e2e.within_budget",
                 "perception.instant")


def _finite(x: Any) -> bool:
    return isinstance(x, int | float) and math.isfinite(x)


def _cell(row: dict[str, Any], metric: str, report: dict[str, Any]) -> dict[str, Any]:
    """One metric of one point: mean, CI, and whether it is on the wrong side of its budget."""
    value = row.get(metric)
    centre = budget_centre(metric, report)
    bad = None
    if centre is not None and _finite(value):
        c, higher_better = centre
        bad = value < c if higher_better else value > c
    return {"value": value, "low": row.get(f"{metric}.ci95_low"),
            "high": row.get(f"{metric}.ci95_high"), "bad": bad,
            "fraction": metric.endswith("within_budget") or metric.startswith("perception.")}


def whatif_context(rows: list[dict[str, Any]], report: dict[str, Any],
                   out_dir: Path) -> dict[str, Any]:
    """The sweep's answer, its table (every point, every metric with its CI) and heatmaps."""
    keys, metrics = varied_keys(rows), sweep_metrics(rows)
    budget = float(report.get("e2e", {}).get("budget_ms", 100.0))
    shown = [m for m in HEATMAP_METRICS if m in metrics] or metrics[:2]
    heatmaps = [{"metric": m, **embedded(whatif_figure(rows, m, report), out_dir,
                                       f"whatif_{m.replace('.', '_')}.png")} for m in shown]
    columns = [m for m in metrics if m in TABLE_METRICS or "accuracy" in m] or metrics[:4]
    table = [{"point": r.get("point", k), "settings": [r.get(key) for key in keys],
              "cells": [_cell(r, m, report) for m in columns]} for k, r in enumerate(rows)]
    answer: dict[str, Any] = {"metric": None}
    metric = ANSWER_METRIC if ANSWER_METRIC in metrics else (metrics[0] if metrics else None)
    if metric is not None:
        centre = budget_centre(metric, report)
        higher_better = bool(centre and centre[1])
        known = [r for r in rows if _finite(r.get(metric))]
        best = (max if higher_better else min)(known, key=lambda r: r[metric]) if known \
            else None
        meets = sure = None
        if centre is not None:
            c = centre[0]
            meets = sum((r[metric] >= c) if higher_better else (r[metric] <= c) for r in known)
            edge = f"{metric}.ci95_low" if higher_better else f"{metric}.ci95_high"
            sure = sum(_finite(r.get(edge)) and ((r[edge] >= c) if higher_better
                                                 else (r[edge] <= c)) for r in known)
        verdict = ("PASS" if meets == len(rows) else "FAIL" if meets == 0 else "MIXED") \
            if meets is not None else "INFO"
        answer = {"metric": metric, "centre": centre[0] if centre else None,
                  "higher_better": higher_better, "meets": meets, "sure": sure,
                  "verdict": verdict, "best": best,
                  "best_where": ", ".join(f"{k}={best.get(k)}" for k in keys) if best else "",
                  "best_cell": _cell(best, metric, report) if best else None}
    return {"params": keys, "metrics": columns, "all_metrics": len(metrics), "rows": table,
            "heatmaps": heatmaps, "answer": answer, "points": len(rows), "budget": budget,
            "replications": rows[0].get("replications") if rows else None}


def capacity_context(capacity: dict[str, Any], png: Path, scenario: str) -> dict[str, Any]:
    """The knee (with its interval when replicated), the plot, the band and every load."""
    budget, pct = float(capacity["budget_ms"]), float(capacity["percentile"])
    knee = capacity.get("knee")
    found = knee is not None and bool(capacity.get("converged"))
    rep = capacity.get("replicated") or None
    interval = None
    if rep:
        k = rep["knee"]
        interval = {"mean": k["mean"], "low": k["ci95_low"], "high": k["ci95_high"],
                    "min": k["min"], "max": k["max"], "replications": rep["replications"],
                    "per_replication": k["per_replication"], "missed": k["not_converged"],
                    "finite": _finite(k["ci95_low"]) and _finite(k["ci95_high"])}
    band = [{"load": c["load"], "mean": c["mean_ms"], "low": c["ci95_low"],
             "high": c["ci95_high"], "n": len(c["values_ms"]), "within": c["within_budget"],
             "over": _finite(c["mean_ms"]) and c["mean_ms"] > budget}
            for c in (rep or {}).get("curve", [])]
    points = [{"load": p["load"], "latency": p["latency_ms"],
               "within": p["latency_ms"] <= budget} for p in capacity.get("points", [])]
    return {"title": f"cabin-twin capacity: {scenario}", "capacity": capacity,
            "budget": budget, "pct": pct, "load": str(capacity["load_name"]), "knee": knee,
            "found": found, "interval": interval, "band": band, "points": points,
            "plot": {"name": Path(png).name, "data": Path(png).read_bytes()}}
