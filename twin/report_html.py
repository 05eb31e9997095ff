"""``report.html``: a self-contained page next to report.json, rendered from the Jinja2
templates in ``twin/report_templates/`` (shipped in the wheel as package data).

Opens offline: inline CSS, no script, no font or image from the network; every figure is a
PNG embedded as a base64 data URI and also written alongside (``cdf.png``, ``waterfall.png``,
``timeline.png``, ``whatif_*.png``). A run's page reads the typed report
(:class:`twin.report_model.Report`): the verdict, the stages with their sample counts, the
devices' commands by outcome and every failed command linked to its trace lines
(:mod:`twin.report_qa`), the timeline with the monitor's window, failed requests and every
fault window, and the expectations. A what-if page and a capacity page open with their own
answer (:mod:`twin.report_pages`).
"""

from __future__ import annotations

import base64
import math
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
import numpy as np

from latency_models.stages import STAGES
from twin import report_figures as figures
from twin import report_qa
from twin.report_figures import budget_centre, embedded, varied_keys, whatif_figure
from twin.report_model import Report, parse_report
from twin.report_pages import capacity_context, whatif_context
from twin.report_text import format_limit, short_number, verdict_header

__all__ = ["budget_centre", "embedded", "render", "varied_keys", "whatif_figure",
           "write_capacity_html", "write_html"]
TEMPLATES = Path(__file__).with_name("report_templates")


def fmt(value: Any, digits: int = 1) -> str:
    """A number with ``digits`` decimals ("-" for None/NaN), yes/no for a bool."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    if isinstance(value, int | float | np.floating | np.integer):
        v = float(value)
        return "-" if math.isnan(v) else f"{v:.{digits}f}"
    return str(value)


@cache
def environment() -> jinja2.Environment:
    """The templates' environment: autoescaped, undefined names are errors."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True, keep_trailing_newline=True)
    env.filters.update(fmt=fmt, num=short_number, limit=format_limit,
                       b64=lambda data: base64.b64encode(data).decode("ascii"))
    return env


def render(template: str, out_dir: Path, **context: Any) -> Path:
    """Render ``template`` into ``out_dir/report.html`` and return its path."""
    path = Path(out_dir) / "report.html"
    path.write_text(environment().get_template(template).render(**context), encoding="utf-8")
    return path


def stage_rows(model: Report, requests: dict[str, np.ndarray]) -> list[dict[str, Any]]:
    """Per stage and e2e: percentiles, budget, mode, and the samples they rest on."""
    counts = {k: int(v.size) for k, v in figures.stage_arrays(requests).items()}
    rows = []
    for name in [*STAGES, "e2e"]:
        st = model.e2e if name == "e2e" else getattr(model.stages, name)
        over = st.p95_ms is not None and st.p95_ms > st.budget_ms
        rows.append({"name": name, "p50": st.p50_ms, "p95": st.p95_ms, "p99": st.p99_ms,
                     "budget": st.budget_ms, "over": over, "n": counts.get(name, model.requests),
                     "mode": getattr(st, "mode", "")})
    return rows


def verdict(model: Report) -> dict[str, Any]:
    """The banner: PASS/FAIL/ERROR, its line and the failing expectations' lines."""
    head, *why = verdict_header(model).splitlines()
    return {"verdict": model.judged_verdict(), "head": head,
            "why": "\n".join(line.strip() for line in why)}


def run_context(model: Report, requests: dict[str, np.ndarray],
                timeline: list[dict[str, Any]], out_dir: Path) -> dict[str, Any]:
    """Everything ``run.html.j2`` shows, from the typed report and the per-request arrays."""
    budget = model.e2e.budget_ms
    window = model.monitoring.window_ms if model.monitoring is not None else 1000.0
    rig = model.rig.as_dict() if model.rig is not None else {}
    files = report_qa.trace_files(rig, out_dir) if rig or list(out_dir.glob("dut-*.log")) \
        else {}
    failed_count, failed = report_qa.failed_commands(requests, files)
    columns, devices = report_qa.device_table(
        model.devices.as_dict() if model.devices is not None else None, rig.get("safe_state"))
    failed_mask = report_qa.failed_mask(requests)
    stages = stage_rows(model, requests)
    stage_list = [(r["name"], math.nan if r["p95"] is None else r["p95"], r["budget"])
                  for r in stages[:-1]]
    _, _, per_window = figures.windowed_p95(np.asarray(requests.get("arrival_ms", []), float),
                                            np.asarray(requests.get("e2e_ms", []), float),
                                            window)
    return {
        "title": f"cabin-twin report: {model.scenario}", "model": model,
        "verdict": verdict(model), "budget": budget, "stages": stages,
        "perception": model.perception.model_dump(), "window_ms": window,
        "windows": {"count": int(per_window.size),
                    "min": int(per_window.min()) if per_window.size else 0,
                    "median": float(np.median(per_window)) if per_window.size else 0.0},
        "figures": {
            "cdf": embedded(figures.cdf_figure(requests, budget), out_dir, "cdf.png"),
            "waterfall": embedded(figures.waterfall_figure(
                stage_list, model.e2e.p95_ms if model.e2e.p95_ms is not None else math.nan,
                budget), out_dir, "waterfall.png"),
            "timeline": embedded(figures.timeline_figure(requests, timeline, budget, window,
                                                       failed_mask), out_dir, "timeline.png"),
        },
        "timeline": [{**e, "label": figures._fault_label(e)} for e in timeline],
        "faults": [f.model_dump() for f in model.faults],
        "link_faults": rig.get("link_faults") or [],
        "device_columns": columns, "devices": devices,
        "failed_count": failed_count, "failed": failed,
        "max_failed": report_qa.MAX_FAILED_ROWS,
        "files": {k: p.name for k, p in files.items()},
        "expectations": model.expectations,
    }


def write_html(report: Report | dict[str, Any], requests: dict[str, np.ndarray],
               timeline: list[dict[str, Any]], out_dir: Path,
               whatif_rows: list[dict[str, Any]] | None = None,
               whatif_metrics: list[str] | None = None) -> Path:
    """Write ``out_dir/report.html`` (self-contained) and its PNGs; return the HTML path.
    With ``whatif_rows`` the page is the sweep's (:func:`twin.report_pages.whatif_context`),
    the unvaried run below it; ``whatif_metrics`` (``--metric``) picks its table's metrics
    and heatmaps. ``report`` is read through :func:`parse_report` (the one
    parse every writer reads; a :class:`Report` as it is)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    model = parse_report(report, str(out_dir / "report.json"))
    context = run_context(model, requests, timeline, out_dir)
    if whatif_rows:
        context["whatif"] = whatif_context(whatif_rows, model.model_dump(mode="json"), out_dir,
                                           whatif_metrics)
        context["title"] = f"cabin-twin what-if: {context['model'].scenario}"
        return render("whatif.html.j2", out_dir, **context)
    return render("run.html.j2", out_dir, **context)


def write_capacity_html(capacity: dict[str, Any], png: Path, out_dir: Path,
                        scenario: str) -> Path:
    """``out_dir/report.html`` for ``twin capacity``: the knee and its interval first (or why
    there is none), the knee plot (``png``, embedded) and the replicated p95 band, then every
    evaluated load. ``capacity`` is :meth:`twin.capacity.CapacityResult.to_dict`."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    return render("capacity.html.j2", out_dir, **capacity_context(capacity, png, scenario))
