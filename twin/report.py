"""report.json, requests.csv and junit.xml, plus the human table."""

from __future__ import annotations

import csv
import json
import math
import re
import socket
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import numpy as np

from latency_models.stages import E2E_BUDGET_MS, STAGES
from twin.errors import InputError
from twin.metrics import histogram_of, lookup, percentiles_ms, perception
from twin.report_model import validate_report
from twin.scenario import Scenario
from twin.timings import Timings
from twin.verdict.actuation import headline
from twin.verdict.builtins import run_builtins


def tail_shares(timings: Timings, q: float = 95.0) -> dict[str, float]:
    """Each stage's share of end-to-end latency among the requests at or above the e2e p``q``:
    which stage eats the budget in the tail. Shares sum to 1."""
    e2e = timings.e2e_ms
    if e2e.size == 0:
        return dict.fromkeys(STAGES, 0.0)
    tail = e2e >= np.percentile(e2e, q)
    per_stage = timings.stage_ms[tail].sum(axis=0)
    total = float(per_stage.sum()) or 1.0
    return {s: round(float(per_stage[k]) / total, 4) for k, s in enumerate(STAGES)}


def _queue_p95(timings: Timings, k: int) -> float:
    """p95 of stage ``k``'s queueing time; 0.0 without computing it when no request queued
    there (every stage without a shared resource)."""
    waited = timings.start[:, k] - timings.stage_arrival[:, k]
    if not waited.any():
        return 0.0
    return round(float(np.percentile(np.maximum(waited, 0.0), 95)), 3)


def latency_statistics(timings: Timings) -> dict[str, Any]:
    """The report's passes over every request: per stage p50/p95/p99 (HdrHistogram), share
    of the e2e p95 tail and queueing p95; e2e p50/p95/p99 and the share within budget;
    perception classes. Independent of monitoring, so the two can run side by side."""
    shares = tail_shares(timings)
    stages = {}
    for k, s in enumerate(STAGES):
        stages[s] = {
            "percentiles": percentiles_ms(histogram_of(timings.stage_ms[:, k])),
            "share_of_e2e_p95": shares[s],
            "queue_p95_ms": _queue_p95(timings, k) if timings.n else None,
        }
    e2e = percentiles_ms(histogram_of(timings.e2e_ms))
    within = (round(float(np.mean(timings.e2e_ms <= E2E_BUDGET_MS)), 4) if timings.n
              else None)  # no request finished (a run interrupted before its first)
    return {"stages": stages, "e2e": e2e, "within_budget": within,
            "perception": perception(timings.e2e_ms)}


def build_report(scenario: Scenario, seed: int, timings: Timings, mon: dict[str, Any],
                 modes: dict[str, str], extra: dict[str, Any] | None = None,
                 stats: dict[str, Any] | None = None) -> dict[str, Any]:
    """The report.json contract (README.md, "report.json") plus ``extra`` keys from later
    layers; then the scenario's expectations are evaluated against it (so they can name any
    key). ``stats``: :func:`latency_statistics` of ``timings``, if already computed."""
    stats = stats if stats is not None else latency_statistics(timings)
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
        "requests": timings.n,
        "engine": timings.engine,
        "stages": stages,
        "e2e": e2e,
        "perception": stats["perception"],
        "faults": [
            {"kind": f.kind, "start_ms": f.start_ms,
             "duration_ms": f.duration_ms if math.isfinite(f.duration_ms) else None,
             "every_ms": f.every_ms, "stages": list(f.targets()),
             "requests_hit": int(timings.fault_hit[:, j].sum())}
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
    report.update(extra or {})
    report["expectations"] = judge(scenario, report)
    return report


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


def strict_json(value: Any, where: str = "") -> tuple[Any, list[str]]:
    """``value`` with every non-finite float replaced by None, and the dotted keys replaced."""
    if isinstance(value, float) and not math.isfinite(value):
        return None, [where or "(top level)"]
    if isinstance(value, dict):
        out, bad = {}, []
        for key, item in value.items():
            out[key], more = strict_json(item, f"{where}.{key}" if where else str(key))
            bad += more
        return out, bad
    if isinstance(value, list | tuple):
        pairs = [strict_json(item, f"{where}[{i}]") for i, item in enumerate(value)]
        return [p[0] for p in pairs], [b for p in pairs for b in p[1]]
    return value, []


def write_report(report: dict[str, Any], out: Path) -> Path:
    """Strict JSON, the overall ``verdict`` (PASS/FAIL/ERROR) first: a NaN or infinity is
    written as null, with a one-line warning naming it."""
    path = out / "report.json"
    if "expectations" in report:
        report = {"verdict": overall_verdict(report),
                  **{k: v for k, v in report.items() if k != "verdict"}}
    report, bad = strict_json(report)
    validate_report(report, str(path))
    if bad:
        shown = ", ".join(bad[:5]) + (f" and {len(bad) - 5} more" if len(bad) > 5 else "")
        print(f"twin: warning: {path}: non-finite values written as null: {shown}",
              file=sys.stderr)
    text = json.dumps(report, indent=2, allow_nan=False)
    path.write_text(text + "\n", encoding="utf-8")
    return path


def write_requests_csv(timings: Timings, out: Path, fault_names: list[str],
                       extra: dict[str, np.ndarray] | None = None) -> Path:
    """A row per request: arrival, a column per stage (time in stage, queueing included),
    queueing, e2e, perception class, path taken and the faults that hit it."""
    path = out / "requests.csv"
    extra = extra or {}
    stage_ms = timings.stage_ms
    queue_ms = timings.queue_ms
    e2e = timings.e2e_ms
    cls = np.where(e2e <= 100, "instant", np.where(e2e <= 300, "acceptable", "sluggish"))
    if "actuation_failed" in extra:  # a request whose command failed is in no class
        cls = np.where(extra["actuation_failed"], "failed", cls)
    hits = timings.fault_hit
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["request", "arrival_ms", *(f"{s}_ms" for s in STAGES), "queue_ms",
                    "e2e_ms", "perception", *extra, "faults"])
        extra_cols = [v.tolist() for v in extra.values()]
        rows = zip(
            range(timings.n), np.round(timings.arrival, 3).tolist(),
            np.round(stage_ms, 3).tolist(), np.round(queue_ms.sum(axis=1), 3).tolist(),
            np.round(e2e, 3).tolist(), cls.tolist(), strict=True,
        )
        for i, (idx, arr, st, q, total, c) in enumerate(rows):
            names = ";".join(fault_names[j] for j in np.flatnonzero(hits[i]))
            w.writerow([idx, arr, *st, q, total, c, *(col[i] for col in extra_cols), names])
    return path


_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def xml_safe(text: Any) -> str:
    """``text`` with the characters XML 1.0 cannot carry written as ``\\xNN``."""
    return _XML_ILLEGAL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


def format_limit(limit: dict[str, float] | float) -> str:
    """``>= 0.99``, ``<= 100``, ``0.2 .. 0.8``: a limit the way people read it."""
    if not isinstance(limit, dict):
        return _num(limit)
    lo, hi = limit.get("min"), limit.get("max")
    if lo is not None and hi is not None:
        return f"{_num(lo)} .. {_num(hi)}"
    if lo is not None:
        return f">= {_num(lo)}"
    return f"<= {_num(hi)}" if hi is not None else "(no limit)"


def _num(x: Any) -> str:
    """Counts as ints, other numbers with up to 4 significant decimals."""
    if isinstance(x, bool) or x is None:
        return str(x)
    if isinstance(x, int) or (isinstance(x, float) and x.is_integer() and abs(x) < 1e15):
        return str(int(x))
    return f"{x:.4g}" if isinstance(x, float) else str(x)


def write_junit(report: dict[str, Any], out: Path, run: dict[str, Any] | None = None) -> Path:
    """A testsuite per run, a testcase per expectation; valid against both the Ant JUnit
    schema and the Jenkins xUnit one (tests/data/junit_schemas): properties first,
    ``timestamp``/``hostname``/``time`` on the suite, ``time`` on every case, ``type`` on
    every failure and error, control characters escaped, system-out/err last. ``run`` gives
    ``started`` (UTC, no zone), ``wall_s`` and ``hostname`` (kept out of report.json, which
    is the same for the same seed). Every expectation is judged on the whole run, so each
    testcase's ``time`` is the run's wall time too (the time its evidence took to gather);
    a failure's message names the value, the limit and its first cause."""
    exps = report["expectations"]
    run = run or {}
    wall = f"{max(float(run.get('wall_s', 0.0)), 0.0):.3f}"
    errors = [e for e in exps if e.get("error")]
    failures = [e for e in exps if not e["passed"] and not e.get("error")]
    suite = ET.Element("testsuite", {
        "name": xml_safe(f"cabin-twin.{report['scenario']}"),
        "timestamp": run.get("started") or time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()),
        "hostname": xml_safe(run.get("hostname") or socket.gethostname() or "localhost"),
        "tests": str(len(exps)),
        "failures": str(len(failures)),
        "errors": str(len(errors)),
        "skipped": str(sum(bool(e.get("skipped")) and e["passed"] for e in exps)),
        "time": wall,
    })
    props = ET.SubElement(suite, "properties")
    for key in ("seed", "requests", "engine", "interrupted"):
        if key in report:
            ET.SubElement(props, "property", name=key, value=xml_safe(report[key]))
    classname = xml_safe(f"scenario.{report['scenario']}")
    for e in exps:
        case = ET.SubElement(suite, "testcase", name=xml_safe(e["name"]), classname=classname,
                             time=wall)
        detail = xml_safe(json.dumps(e, ensure_ascii=False, default=str))
        if e.get("error"):
            node = ET.SubElement(case, "error", type=xml_safe(e.get("error_type", "Error")),
                                 message=xml_safe(e["error"]))
            node.text = detail
        elif not e["passed"]:
            kind = "NotChecked" if e.get("skipped") else "ExpectationFailed"
            why = e.get("skipped") or f"{e['metric']} = {_num(e['value'])}, expected " \
                f"{format_limit(e['limit'])}"
            if e.get("causes"):
                why += f" ({'; '.join(str(c) for c in e['causes'])})"
            node = ET.SubElement(case, "failure", type=kind, message=xml_safe(why))
            node.text = detail
        elif e.get("skipped"):
            ET.SubElement(case, "skipped", message=xml_safe(e["skipped"]))
    ET.SubElement(suite, "system-out").text = xml_safe(verdict_header(report))
    ET.SubElement(suite, "system-err").text = ""
    path = out / "junit.xml"
    ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)
    return path


FAILED_OUTCOMES = (("not_sent", "not sent"), ("timed_out", "timed out"),
                   ("rejected", "rejected"), ("mismatch", "status mismatch"), ("error", "error"))


def actuation_verdict(actuation: dict[str, Any]) -> str:
    """``FAIL 44 not sent, 3 timed out`` for the stage table; empty when all confirmed."""
    counts = actuation.get("outcomes", {})
    parts = [f"{counts[k]} {label}" for k, label in FAILED_OUTCOMES if counts.get(k)]
    unsafe = actuation.get("safe_state_unconfirmed", 0)
    if unsafe:
        parts.append(f"safe state unconfirmed on {unsafe}")
    return "FAIL " + ", ".join(parts) if parts else ""


def overall_verdict(report: dict[str, Any]) -> str:
    """``ERROR`` (the run could not finish: interrupted, a crash), ``FAIL`` (an expectation
    failed or could not be checked) or ``PASS``."""
    exps = report["expectations"]
    if report.get("interrupted") or any(e.get("error") for e in exps):
        return "ERROR"
    return "PASS" if all(e["passed"] for e in exps) else "FAIL"


def verdict_header(report: dict[str, Any]) -> str:
    """The verdict first: PASS/FAIL/ERROR, the failing expectations (with value, limit and
    cause) and the actuation failures, in a few lines."""
    exps = report["expectations"]
    bad = [e for e in exps if not e["passed"]]
    verdict = overall_verdict(report)
    head = f"VERDICT: {verdict}  ({len(exps) - len(bad)} of {len(exps)} expectations held"
    act = report.get("actuation")
    if act:
        head += f"; {headline(act)}"
    if report.get("interrupted"):
        head += f"; interrupted after {report.get('requests_completed', 0)} of " \
                f"{report.get('requests_planned', '?')} requests"
    lines = [head + ")"]
    for e in bad:
        if e.get("error"):
            lines.append(f"  ERROR {e['name']}: {e['error']}")
            continue
        got = e.get("skipped") or f"{e['metric']} = {_num(e['value'])}, expected " \
            f"{format_limit(e['limit'])}"
        lines.append(f"  FAIL {e['name']}: {got}")
        lines += [f"       {cause}" for cause in e.get("causes", [])]
    lines += [f"  loosened {e['name']}: {e['loosened']}" for e in exps
              if e.get("builtin") and e.get("loosened")]
    if act and act.get("commands", 0) > act.get("confirmed", 0):
        summary = actuation_verdict(act).removeprefix("FAIL ")
        if summary:
            lines.append(f"  actuation: {summary}")
    return "\n".join(lines)


def _ms(x: float | None) -> str:
    return f"{'-':>9}" if x is None else f"{x:>9.2f}"


def _over(entry: dict[str, Any]) -> str:
    """``ok`` or ``OVER`` the budget at p95 (``-`` when nothing was measured)."""
    if entry["p95_ms"] is None:
        return "-"
    return "ok" if entry["p95_ms"] <= entry["budget_ms"] else "OVER"


def format_table(report: dict[str, Any]) -> str:
    """The verdict first, then stage, budget, p50/p95/p99, share of the e2e p95 tail."""
    lines = [
        verdict_header(report),
        f"scenario {report['scenario']}  seed {_num(report['seed'])}  requests "
        f"{_num(report['requests'])}"
        f"  engine {report['engine']}",
        f"{'stage':<12}{'mode':<10}{'budget':>8}{'p50':>9}{'p95':>9}{'p99':>9}"
        f"{'share@p95':>11}  verdict",
    ]
    for s in STAGES:
        e = report["stages"][s]
        verdict = _over(e)
        if s == "render" and report.get("actuation"):
            verdict = actuation_verdict(report["actuation"]) or verdict
        lines.append(
            f"{s:<12}{e['mode']:<10}{e['budget_ms']:>8.1f}{_ms(e['p50_ms'])}{_ms(e['p95_ms'])}"
            f"{_ms(e['p99_ms'])}{e['share_of_e2e_p95'] * 100:>10.1f}%  {verdict}"
        )
    e = report["e2e"]
    lines.append(f"{'end-to-end':<12}{'':<10}{e['budget_ms']:>8.1f}{_ms(e['p50_ms'])}"
                 f"{_ms(e['p95_ms'])}{_ms(e['p99_ms'])}{100.0:>10.1f}%  {_over(e)}")
    p = report["perception"]
    lines.append(f"perception: instant {p['instant']:.1%}  acceptable {p['acceptable']:.1%}"
                 f"  sluggish {p['sluggish']:.1%}")
    ls = report.get("lockstep")
    if ls and ls.get("lateness_p99_ms") is not None:
        lines.append(f"lockstep: pacing {ls.get('realtime', '?')}, lateness p99 "
                     f"{ls['lateness_p99_ms']:.3f} ms, max {ls['lateness_max_ms']:.3f} ms; "
                     f"real calls timed out: {ls.get('call_timeouts', 0)}")
    for x in report["expectations"]:
        mark = ("ERROR" if x.get("error") else "SKIP" if x.get("skipped")
                else "PASS" if x["passed"] else "FAIL")
        why = f"  ({x['reason']})" if x.get("reason") else ""
        if x.get("loosened"):
            why += f"  [loosened: {x['loosened']}]"
        lines.append(f"[{mark}] {x['name']}: {x['metric']} = {_num(x['value'])}, expected "
                     f"{format_limit(x['limit'])}{why}")
    return "\n".join(lines)
