"""report.json and requests.csv; junit.xml (:mod:`twin.report_junit`) and the verdict text
(:mod:`twin.report_text`) are re-exported here."""

from __future__ import annotations

import csv
import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

from latency_models.model_profiles import ModelProfile
from latency_models.stages import E2E_BUDGET_MS, STAGES
from twin.chunked_stats import LatencyAccumulator
from twin.errors import InputError
from twin.metrics import ACCEPTABLE_MS, INSTANT_MS, lookup
from twin.report_junit import write_junit, xml_safe
from twin.report_model import Report, parse_report, strict_json
from twin.report_text import (
    actuation_verdict,
    format_limit,
    format_table,
    overall_verdict,
    short_number,
    verdict_header,
)
from twin.scenario import Scenario
from twin.timings import Timings
from twin.verdict.builtins import run_builtins


def latency_statistics(timings: Timings) -> dict[str, Any]:
    """The report's passes over every request, one compiled pass in request order
    (:class:`twin.chunked_stats.LatencyAccumulator`, what a chunked run adds up chunk by
    chunk): per stage p50/p95/p99, share of the e2e p95 tail and queueing p95; e2e
    p50/p95/p99 and the share within budget; perception classes. Every figure comes from
    HdrHistogram counts (3 significant digits) or exact counts. Independent of monitoring,
    so the two can run side by side."""
    acc = LatencyAccumulator()
    if timings.n:
        acc.add(timings.arrival, timings.stage_arrival, timings.start, timings.leave,
                keep=False)
    return acc.statistics()


def build_report(scenario: Scenario, seed: int, timings: Timings, mon: dict[str, Any],
                 modes: dict[str, str], extra: dict[str, Any] | None = None,
                 stats: dict[str, Any] | None = None) -> dict[str, Any]:
    """The report.json contract (README.md, "report.json") plus ``extra`` keys from later
    layers; then the scenario's expectations are evaluated against it (so they can name any
    key). ``stats``: :func:`latency_statistics` of ``timings``, if already computed (a chunked
    run's also carry ``requests`` and ``requests_hit``: its ``timings`` are a sample)."""
    stats = stats if stats is not None else latency_statistics(timings)
    hits = stats.get("requests_hit")  # a chunked run counts them; its timings are a sample
    stages: dict[str, Any] = {}
    for s in STAGES:
        got = stats["stages"][s]
        entry = dict(got["percentiles"])
        entry.update(
            budget_ms=scenario.stages[s].budget_ms,
            mode=modes[s],
            share_of_e2e_p95=got["share_of_e2e_p95"],
            queue_p95_ms=got["queue_p95_ms"],
        )
        stages[s] = entry
    e2e = dict(stats["e2e"])
    e2e["budget_ms"] = E2E_BUDGET_MS
    e2e["within_budget"] = stats["within_budget"]
    report: dict[str, Any] = {
        "scenario": scenario.name,
        "description": scenario.description,
        "seed": seed,
        "requests": stats.get("requests", timings.n),
        "engine": timings.engine,
        "stages": stages,
        "e2e": e2e,
        "perception": stats["perception"],
        "faults": [
            {"kind": f.kind, "start_ms": f.start_ms,
             "duration_ms": f.duration_ms if math.isfinite(f.duration_ms) else None,
             "every_ms": f.every_ms, "stages": list(f.targets()),
             "requests_hit": (int(timings.fault_hit[:, j].sum()) if hits is None
                              else hits[j])}
            for j, f in enumerate(scenario.faults)
        ],
        "monitoring": {
            "window_ms": mon["window_ms"],
            "windows": len(mon["windows"]),
            "alerts": len(mon["alerts"]),
            "max_l1_p95_ms": max((w["l1_p95_ms"] for w in mon["windows"]), default=0.0),
            "max_l3_util_pct": max((w["l3_util_pct"] for w in mon["windows"]), default=0.0),
            "max_l4_jitter_ms": max((w["l4_jitter_ms"] for w in mon["windows"]), default=0.0),
        },
    }
    if scenario.config.model is not None:
        report["model"] = model_entry(scenario.config.model.build())
    report.update(extra or {})
    report["expectations"] = judge(scenario, report)
    return report


def model_entry(profile: ModelProfile) -> dict[str, Any]:
    """The report's ``model``: the profile run, its latency beside its accuracy."""
    return {"name": profile.name, "model": profile.model, "quant": profile.quant,
            "placement": profile.placement, "first_token_p95_ms": profile.first_token_p95_ms,
            "latency_scale": round(profile.latency_scale(), 4),
            "accuracy": round(profile.accuracy, 4), "source": profile.source}


def judge(scenario: Scenario, report: dict[str, Any]) -> list[dict[str, Any]]:
    """The scenario's expectations, then the built-in ones every run is judged on
    (:mod:`twin.verdict`; a scenario expectation with a ``reason`` on a built-in's metric
    replaces it, marked ``loosened``)."""
    own = evaluate_expectations(scenario, report)
    return own + run_builtins(scenario, report, own)


def evaluate_expectations(scenario: Scenario, report: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for i, exp in enumerate(scenario.expectations):
        try:
            value = lookup(report, exp.metric)
        except KeyError:
            raise InputError(
                scenario.source, f"expectations[{i}].metric",
                f"a report metric such as e2e.p95_ms, stages.inference.p99_ms or "
                f"perception.instant, got {exp.metric!r}",
            ) from None
        limit: dict[str, float] = {}
        if exp.max is not None:
            limit["max"] = exp.max
        if exp.min is not None:
            limit["min"] = exp.min
        why = {"reason": exp.reason} if exp.reason else {}
        if value is None:  # e.g. the p99 of degraded requests when none degraded
            out.append({"name": exp.name, "metric": exp.metric, "limit": limit, "value": None,
                        "passed": True, "skipped": "no data", **why})
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InputError(scenario.source, f"expectations[{i}].metric",
                             f"a numeric metric, {exp.metric!r} is {type(value).__name__}")
        value = float(value)
        passed = not math.isnan(value)
        if exp.max is not None:
            passed = passed and value <= exp.max
        if exp.min is not None:
            passed = passed and value >= exp.min
        out.append({"name": exp.name, "metric": exp.metric, "limit": limit,
                    "value": round(value, 4), "passed": passed, **why})
    return out


def write_report(report: Report | dict[str, Any], out: Path) -> Path:
    """Strict JSON through the model (:func:`twin.report_model.parse_report`), the overall
    ``verdict`` (PASS/FAIL/ERROR) first: a NaN or infinity is written as null, with a
    one-line warning naming it."""
    path = out / "report.json"
    model = parse_report(report, str(path))
    bad = model.non_finite
    if bad:
        shown = ", ".join(bad[:5]) + (f" and {len(bad) - 5} more" if len(bad) > 5 else "")
        print(f"twin: warning: {path}: non-finite values written as null: {shown}",
              file=sys.stderr)
    text = json.dumps(model.model_dump(mode="json", exclude_unset=True), indent=2,
                      allow_nan=False)
    path.write_text(text + "\n", encoding="utf-8")
    return path


def perception_classes(e2e_ms: np.ndarray, failed: np.ndarray | None = None) -> np.ndarray:
    """Each request's perception class (the thresholds of :func:`twin.metrics.perception`); a
    request whose command failed is ``failed``, in no latency class."""
    cls = np.where(e2e_ms <= INSTANT_MS, "instant",
                   np.where(e2e_ms <= ACCEPTABLE_MS, "acceptable", "sluggish"))
    return cls if failed is None else np.where(failed, "failed", cls)


def write_requests_csv(timings: Timings, out: Path, report: Report | dict[str, Any],
                       extra: dict[str, np.ndarray] | None = None,
                       index: np.ndarray | None = None) -> Path:
    """A row per request: arrival, a column per stage (time in stage, queueing included),
    queueing, e2e, perception class, path taken and the faults that hit it (named as in the
    report's ``faults``). ``index``: the requests' numbers when ``timings`` is a sample (a
    chunked run's); 0, 1, ... otherwise."""
    path = out / "requests.csv"
    extra = extra or {}
    fault_names = [f.kind for f in parse_report(report).faults]
    cls = perception_classes(timings.e2e_ms, extra.get("actuation_failed"))
    hits = timings.fault_hit
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["request", "arrival_ms", *(f"{s}_ms" for s in STAGES), "queue_ms",
                    "e2e_ms", "perception", *extra, "faults"])
        extra_cols = [v.tolist() for v in extra.values()]
        rows = zip(
            range(timings.n) if index is None else index.tolist(),
            np.round(timings.arrival, 3).tolist(),
            np.round(timings.stage_ms, 3).tolist(),
            np.round(timings.queue_ms.sum(axis=1), 3).tolist(),
            np.round(timings.e2e_ms, 3).tolist(), cls.tolist(), strict=True,
        )
        for i, (idx, arr, st, q, total, c) in enumerate(rows):
            names = ";".join(fault_names[j] for j in np.flatnonzero(hits[i]))
            w.writerow([idx, arr, *st, q, total, c, *(col[i] for col in extra_cols), names])
    return path


__all__ = ["actuation_verdict", "format_limit", "format_table", "overall_verdict", "parse_report",
           "short_number", "strict_json", "verdict_header", "write_junit", "xml_safe"]
