# Over 400 lines: every figure and the page around them are built here from strings; page
# templates would move the HTML out.
"""``report.html``: a self-contained run report next to report.json.

Opens offline: inline CSS, no script, no font or image from the network; every figure is a
PNG embedded as a base64 data URI and also written alongside (``cdf.png``, ``waterfall.png``,
``timeline.png``, ``whatif_*.png``). Sections: summary, per-stage table, per-stage latency
CDFs, a budget waterfall (each stage's p95 against its budget), a latency timeline with
faults and alerts marked, what-if heatmaps (when sweep rows are given) and the expectations.
Rendering uses matplotlib's Agg backend; the timeline is downsampled so 10k+ requests stay fast.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from latency_models.stages import E2E_BUDGET_MS, STAGES
from twin.report import _num, format_limit, overall_verdict, verdict_header

MAX_TIMELINE_POINTS = 4000
CDF_POINTS = 512
_MARGINS = {"left": 0.08, "right": 0.98, "top": 0.96, "bottom": 0.16}
PNG_META = {"Software": None}  # keep the matplotlib URL out of the files
HEATMAP_METRICS = ("e2e.p95_ms", "e2e.within_budget", "perception.instant")
_CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em auto;max-width:1100px;
color:#222;padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;
text-align:right}th{background:#f2f2f2}td.l,th.l{text-align:left}
.pass{color:#1a7f37;font-weight:600}.fail{color:#c62828;font-weight:600}
.verdict{font-size:1.3em;padding:.4em .8em;border-radius:4px;margin:.5em 0}
.v-PASS{background:#e6f4ea}.v-FAIL,.v-ERROR{background:#fdecea}
pre.why{white-space:pre-wrap;font-size:.9em;margin:.3em 0 1em}
img{max-width:100%;height:auto;border:1px solid #eee}.note{color:#666;font-size:.9em}
"""


def _png(fig: Figure, out_dir: Path, name: str) -> str:
    """Save ``fig`` as ``out_dir/name`` and return an ``<img>`` tag with it embedded."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata=PNG_META)
    plt.close(fig)
    data = buf.getvalue()
    (out_dir / name).write_bytes(data)
    b64 = base64.b64encode(data).decode("ascii")
    return f'<img alt="{html.escape(name)}" src="data:image/png;base64,{b64}">'


def _fmt(value: Any, digits: int = 1) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float | np.floating | np.integer):
        v = float(value)
        return "-" if math.isnan(v) else f"{v:.{digits}f}"
    return html.escape(str(value))


def _stage_arrays(requests: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    arrays = {s: np.asarray(requests[f"{s}_ms"], float) for s in STAGES if f"{s}_ms" in requests}
    if "e2e_ms" in requests:
        arrays["e2e"] = np.asarray(requests["e2e_ms"], float)
    return {k: v[np.isfinite(v)] for k, v in arrays.items()}


def cdf_figure(requests: dict[str, np.ndarray], e2e_budget_ms: float) -> Figure:
    """Per-stage and end-to-end latency CDFs (quantile-downsampled)."""
    fig, ax = plt.subplots(figsize=(8, 4.2), dpi=96)
    qs = np.linspace(0.0, 1.0, CDF_POINTS)
    for name, values in _stage_arrays(requests).items():
        if values.size == 0:
            continue
        style = {"lw": 2.2, "color": "k"} if name == "e2e" else {"lw": 1.3}
        ax.plot(np.maximum(np.quantile(values, qs), 0.01), qs, label=name, **style)
    ax.axvline(
        e2e_budget_ms, color="tab:red", ls="--", lw=1, label=f"e2e budget {e2e_budget_ms:g} ms"
    )
    ax.set_xscale("log")
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:g}"))
    ax.set_xlabel("latency (ms, log scale; zeros drawn at 0.01)")
    ax.set_ylabel("fraction of requests")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    fig.subplots_adjust(**_MARGINS)  # fixed margins: tight_layout costs a full draw
    return fig


def waterfall_figure(report: dict[str, Any]) -> Figure:
    """Each stage's p95 stacked as a waterfall, with its budget band alongside."""
    stages = [s for s in STAGES if s in report.get("stages", {})]
    p95 = [float(report["stages"][s].get("p95_ms", math.nan)) for s in stages]
    budget = [float(report["stages"][s].get("budget_ms", math.nan)) for s in stages]
    fig, ax = plt.subplots(figsize=(8, 4.2), dpi=96)
    x = np.arange(len(stages) + 1)
    bottoms = np.concatenate(([0.0], np.nancumsum(p95)[:-1])) if stages else np.array([])
    budget_bottoms = np.concatenate(([0.0], np.nancumsum(budget)[:-1])) if stages else np.array([])
    over = [p > b for p, b in zip(p95, budget, strict=True)]
    colours = ["tab:red" if o else "tab:green" for o in over]
    ax.bar(
        x[:-1] + 0.2, p95, 0.4, bottom=bottoms, color=colours, label="stage p95 (red: over budget)"
    )
    ax.bar(x[:-1] - 0.2, budget, 0.4, bottom=budget_bottoms, color="0.8", label="stage budget")
    e2e = report.get("e2e", {})
    e2e_p95 = float(e2e.get("p95_ms", math.nan))
    e2e_budget = float(e2e.get("budget_ms", E2E_BUDGET_MS))
    ax.bar(x[-1] + 0.2, e2e_p95, 0.4, color="k", label="e2e p95")
    ax.bar(x[-1] - 0.2, e2e_budget, 0.4, color="0.6", label="e2e budget")
    ax.set_xticks(x, [*stages, "e2e"], rotation=20)
    ax.set_ylabel("ms (cumulative)")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    fig.subplots_adjust(**_MARGINS)
    return fig


def timeline_figure(
    requests: dict[str, np.ndarray], timeline: Sequence[dict[str, Any]], budget_ms: float
) -> Figure:
    """End-to-end latency over arrival time (downsampled), a rolling p95, faults and alerts."""
    fig, ax = plt.subplots(figsize=(9, 4.0), dpi=96)
    t = np.asarray(requests.get("arrival_ms", []), float) / 1000.0
    e2e = np.asarray(requests.get("e2e_ms", []), float)
    if t.size and e2e.size == t.size:
        order = np.argsort(t, kind="stable")
        t, e2e = t[order], e2e[order]
        step = max(1, t.size // MAX_TIMELINE_POINTS)
        ax.scatter(
            t[::step],
            e2e[::step],
            s=3,
            alpha=0.4,
            color="tab:blue",
            label="requests (sampled)" if step > 1 else "requests",
        )
        bins = min(200, max(1, t.size // 50))
        edges = np.linspace(t[0], t[-1] if t[-1] > t[0] else t[0] + 1e-3, bins + 1)
        idx = np.clip(np.searchsorted(edges, t, side="right") - 1, 0, bins - 1)
        p95 = [
            np.percentile(e2e[idx == b], 95) if np.any(idx == b) else np.nan for b in range(bins)
        ]
        ax.plot((edges[:-1] + edges[1:]) / 2, p95, color="k", lw=1.2, label="p95 per window")
    ax.axhline(budget_ms, color="tab:red", ls="--", lw=1, label=f"budget {budget_ms:g} ms")
    seen: set[str] = set()
    named: set[str] = set()
    whole = [e for e in timeline if e.get("whole_run")]
    for row, event in enumerate(whole):  # a strip each along the top: the others stay visible
        top = 1.0 - 0.035 * row
        ax.plot([0, 1], [top - 0.015] * 2, transform=ax.transAxes, color="tab:brown", lw=5,
                alpha=0.6, solid_capstyle="butt",
                label="whole-run fault" if row == 0 else None)
        ax.annotate(f"{event.get('name', '')} (whole run)", (0.005, top - 0.03),
                    xycoords="axes fraction", fontsize=7, color="tab:brown", va="top")
    for event in timeline:
        if event.get("whole_run"):
            continue
        start = float(event.get("t_ms", 0.0)) / 1000.0
        dur = float(event.get("duration_ms", 0.0) or 0.0) / 1000.0
        kind = str(event.get("kind", "fault"))
        colour = "tab:orange" if kind == "fault" else "tab:purple"
        label = kind if kind not in seen else None
        seen.add(kind)
        if dur > 0:
            ax.axvspan(start, start + dur, color=colour, alpha=0.18, label=label)
        else:
            ax.axvline(start, color=colour, lw=1.2, label=label)
        name = str(event.get("name", ""))
        if name in named:
            continue  # every occurrence is drawn; its name once
        named.add(name)
        ax.annotate(
            name,
            (start, 1.0 - 0.035 * len(whole)),
            xycoords=("data", "axes fraction"),
            fontsize=7,
            rotation=90,
            va="top",
            color=colour,
        )
    ax.set_yscale("log")
    plain = FuncFormatter(lambda v, _pos: f"{v:g}")
    ax.yaxis.set_major_formatter(plain)
    ax.yaxis.set_minor_formatter(plain)
    ax.set_xlabel("arrival time (s)")
    ax.set_ylabel("e2e latency (ms)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper right")
    fig.subplots_adjust(**_MARGINS)
    return fig


def varied_keys(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The swept parameters in sweep rows (not point/seed/replications, not metrics)."""
    if not rows:
        return []
    row = rows[0]
    skip = {"point", "seed", "replications", "requests"}
    return [
        k
        for k in row
        if k not in skip
        and f"{k}.ci95_low" not in row
        and not k.endswith((".ci95_low", ".ci95_high", ".sd"))
    ]


def _metrics(rows: Sequence[dict[str, Any]]) -> list[str]:
    row = rows[0]
    return [k for k in row if f"{k}.ci95_low" in row]


def budget_centre(metric: str, report: dict[str, Any] | None) -> tuple[float, bool] | None:
    """What a heatmap of ``metric`` is coloured against, and whether higher is better:
    e2e latencies against the e2e budget, a stage's against its budget, the share of
    requests within budget against 0.95 (the p95 contract), perception.instant against 0.95."""
    report = report or {}
    e2e_budget = float(report.get("e2e", {}).get("budget_ms", E2E_BUDGET_MS))
    parts = metric.split(".")
    if parts[0] == "e2e" and parts[-1].endswith("_ms") and parts[-1] != "budget_ms":
        return e2e_budget, False
    if parts[0] == "stages" and len(parts) == 3 and parts[2].startswith("p"):
        budget = report.get("stages", {}).get(parts[1], {}).get("budget_ms")
        return (float(budget), False) if budget else None
    if metric in ("e2e.within_budget", "perception.instant"):
        return 0.95, True
    return None


def _cell_text(row: dict[str, Any], metric: str, value: float) -> str:
    low, high = row.get(f"{metric}.ci95_low"), row.get(f"{metric}.ci95_high")
    digits = ".4f" if metric.endswith("within_budget") or metric.startswith("perception.") \
        else ".1f"
    text = format(value, digits)
    if low is not None and high is not None and not (math.isnan(low) or math.isnan(high)):
        text += f"\n[{low:{digits}}, {high:{digits}}]"
    return text


def whatif_figure(rows: Sequence[dict[str, Any]], metric: str,
                  report: dict[str, Any] | None = None) -> Figure:
    """A heatmap of ``metric`` over the first two swept keys (averaged over any others; one
    row when a single key was swept), each cell with its mean and 95 % CI. Colours diverge
    at the budget (:func:`budget_centre`): green inside it, red beyond it, whatever the
    sweep's own range."""
    keys = varied_keys(rows)
    kx = keys[0]
    ky = keys[1] if len(keys) > 1 else None
    xs = list(dict.fromkeys(r[kx] for r in rows))
    ys = list(dict.fromkeys(r[ky] for r in rows)) if ky else [None]
    grid = np.full((len(ys), len(xs)), np.nan)
    cells: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for r in rows:
        cells.setdefault((ys.index(r[ky]) if ky else 0, xs.index(r[kx])), []).append(r)
    for (j, i), rs in cells.items():
        grid[j, i] = float(np.nanmean([float(r[metric]) for r in rs]))
    fig, ax = plt.subplots(figsize=(6.5, 4.5 if ky else 2.6), dpi=96)
    centre = budget_centre(metric, report)
    finite = grid[np.isfinite(grid)]
    if centre is not None and finite.size:
        c, higher_better = centre
        pad = max(abs(c) * 0.05, 1e-6)
        norm = TwoSlopeNorm(vcenter=c, vmin=min(float(finite.min()), c - pad),
                            vmax=max(float(finite.max()), c + pad))
        cmap = "RdYlGn" if higher_better else "RdYlGn_r"
        side = "below" if higher_better else "above"
        note = f"; red = {side} {c:g} ({'target' if higher_better else 'budget'})"
    else:
        norm, cmap, note = None, "viridis", "; no budget for this metric"
    im = ax.imshow(grid, origin="lower", aspect="auto", cmap=cmap, norm=norm)
    for (j, i), v in np.ndenumerate(grid):
        if not math.isnan(v):
            rs = cells[(j, i)]
            text = _cell_text(rs[0], metric, v) if len(rs) == 1 else f"{v:.3g}"
            ax.text(i, j, text, ha="center", va="center", fontsize=7)
    ax.set_xticks(range(len(xs)), [str(x) for x in xs])
    ax.set_xlabel(kx)
    if ky:
        ax.set_yticks(range(len(ys)), [str(y) for y in ys])
        ax.set_ylabel(ky)
    else:
        ax.set_yticks([])
    extra = f" (mean over {', '.join(keys[2:])})" if len(keys) > 2 else ""
    ax.set_title(f"{metric}{extra}{note}", fontsize=9)
    fig.colorbar(im, ax=ax)
    fig.tight_layout()
    return fig


Cell = str | tuple[str, str]  # text, or (text, css class "pass"/"fail")


def _table(header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> str:
    """An HTML table; header names starting with '<' are left-aligned (the '<' is dropped)."""
    left = [h.startswith("<") for h in header]
    head = "".join(
        f"<th{' class=l' if lft else ''}>{html.escape(h.lstrip('<'))}</th>"
        for h, lft in zip(header, left, strict=True)
    )
    body = []
    for row in rows:
        cells = []
        for cell, lft in zip(row, left, strict=True):
            text, mark = cell if isinstance(cell, tuple) else (cell, "")
            classes = " ".join(c for c in ("l" if lft else "", mark) if c)
            cells.append(f"<td class='{classes}'>{text}</td>" if classes else f"<td>{text}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _stage_table(report: dict[str, Any]) -> str:
    entries = [(s, report.get("stages", {}).get(s)) for s in STAGES] + [("e2e", report.get("e2e"))]
    rows: list[list[Cell]] = []
    for name, st in entries:
        if not st:
            continue
        over = float(st.get("p95_ms", 0)) > float(st.get("budget_ms", math.inf))
        p95: Cell = (_fmt(st.get("p95_ms")), "fail" if over else "")
        rows.append([
            html.escape(name), _fmt(st.get("p50_ms")), p95, _fmt(st.get("p99_ms")),
            _fmt(st.get("budget_ms")), _fmt(st.get("mode", "")),
        ])  # fmt: skip
    header = ["<stage", "p50 ms", "p95 ms", "p99 ms", "budget ms", "<mode"]
    return _table(header, rows)


def _expectations_table(report: dict[str, Any]) -> str:
    exps = report.get("expectations") or []
    if not exps:
        return "<p class=note>No expectations in this scenario.</p>"
    rows: list[list[Cell]] = []
    for e in exps:
        limit = e.get("limit")
        rows.append([
            _fmt(e.get("name", "")), _fmt(e.get("metric", "")),
            "-" if not limit else html.escape(format_limit(limit)),
            html.escape(_num(e.get("value"))),
            ("pass", "pass") if e.get("passed") else ("FAIL", "fail"),
            _fmt(e.get("reason", "")),
        ])  # fmt: skip
    return _table(["<name", "<metric", "limit", "value", "<result", "<why"], rows)


def _verdict_block(report: dict[str, Any]) -> str:
    """PASS/FAIL/ERROR first, with the failing expectations and actuation failures."""
    if "expectations" not in report:
        return ""
    verdict = overall_verdict(report)
    head, *why = verdict_header(report).splitlines()
    block = f"<p class='verdict v-{verdict}'>{html.escape(head)}</p>"
    if why:
        block += f"<pre class=why>{html.escape(chr(10).join(line.strip() for line in why))}</pre>"
    return block


def _timeline_table(timeline: Sequence[dict[str, Any]]) -> str:
    if not timeline:
        return "<p class=note>No faults or alerts during this run.</p>"
    rows = [
        [_fmt(float(ev.get("t_ms", 0.0))), _fmt(ev.get("kind", "")), _fmt(ev.get("name", "")),
         _fmt(ev.get("duration_ms", 0.0))]
        for ev in timeline
    ]  # fmt: skip
    return _table(["t ms", "<kind", "<name", "duration ms"], rows)


def write_html(
    report: dict[str, Any],
    requests: dict[str, np.ndarray],
    timeline: list[dict[str, Any]],
    out_dir: Path,
    whatif_rows: list[dict[str, Any]] | None = None,
) -> Path:
    """Write ``out_dir/report.html`` (self-contained) and its PNGs; return the HTML path."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    e2e = report.get("e2e", {})
    budget = float(e2e.get("budget_ms", E2E_BUDGET_MS))
    perception = report.get("perception", {})
    title = f"cabin-twin report: {report.get('scenario', '')}"
    parts = [
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>",
        f"<title>{html.escape(title)}</title>",
        f"<style>{_CSS}</style></head><body><h1>{html.escape(title)}</h1>",
        _verdict_block(report),
        f"<p>seed {_num(report.get('seed', '-'))}, {_num(report.get('requests', '-'))} requests; "
        f"e2e p95 {_fmt(e2e.get('p95_ms'))} ms against {budget:g} ms; perception: "
        + ", ".join(f"{html.escape(k)} {float(v) * 100:.1f} %" for k, v in perception.items())
        + "</p>",
        "<h2 id=stages>Stages</h2>",
        _stage_table(report),
        "<h2 id=cdf>Per-stage latency CDFs</h2>",
        _png(cdf_figure(requests, budget), out_dir, "cdf.png"),
        "<h2 id=waterfall>Budget waterfall (p95 per stage against its budget)</h2>",
        _png(waterfall_figure(report), out_dir, "waterfall.png"),
        "<h2 id=timeline>Latency timeline with faults and alerts</h2>",
        _png(timeline_figure(requests, timeline, budget), out_dir, "timeline.png"),
        _timeline_table(timeline),
    ]
    if whatif_rows:
        parts.append("<h2 id=whatif>What-if</h2>")
        metrics = [m for m in HEATMAP_METRICS if m in _metrics(whatif_rows)] or _metrics(
            whatif_rows
        )[:2]
        for metric in metrics:
            name = f"whatif_{metric.replace('.', '_')}.png"
            parts.append(f"<h3>{html.escape(metric)}</h3>")
            parts.append(_png(whatif_figure(whatif_rows, metric, report), out_dir, name))
        parts.append(
            f"<p class=note>{len(whatif_rows)} points over "
            f"{html.escape(', '.join(varied_keys(whatif_rows)))}; "
            "cells show the mean over independent replications and its 95 % CI "
            "(bootstrap; Wilson for fractions), coloured against the budget.</p>"
        )
    parts += [
        "<h2 id=expectations>Expectations</h2>",
        _expectations_table(report),
        "</body></html>",
    ]
    path = out_dir / "report.html"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def write_capacity_html(capacity: dict[str, Any], png: Path, out_dir: Path,
                        scenario: str) -> Path:
    """``out_dir/report.html`` for ``twin capacity``: the knee first (or why there is none),
    the knee plot (``png``, embedded), and every evaluated load against the budget.
    ``capacity`` is :meth:`twin.capacity.CapacityResult.to_dict`."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    budget, pct = float(capacity["budget_ms"]), float(capacity["percentile"])
    load = html.escape(str(capacity["load_name"]))
    knee = capacity.get("knee")
    found = knee is not None and bool(capacity.get("converged"))
    head = (f"KNEE: {_num(knee)} {load} (e2e p{pct:g} within {budget:g} ms up to there)"
            if found else f"NO KNEE: {capacity.get('reason', '')}")
    rows: list[list[Cell]] = []
    for p in capacity.get("points", []):
        ok = float(p["latency_ms"]) <= budget
        rows.append([_num(p["load"]), _fmt(p["latency_ms"], 2),
                     ("within", "pass") if ok else ("OVER", "fail")])
    b64 = base64.b64encode(Path(png).read_bytes()).decode("ascii")
    title = f"cabin-twin capacity: {scenario}"
    parts = [
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>",
        f"<title>{html.escape(title)}</title>",
        f"<style>{_CSS}</style></head><body><h1>{html.escape(title)}</h1>",
        f"<p class='verdict v-{'PASS' if found else 'FAIL'}'>{html.escape(head)}</p>",
        f"<p>{_num(capacity.get('evaluations'))} evaluations, tolerance "
        f"{_num(capacity.get('tolerance'))} {load}; first failing load "
        f"{'-' if capacity.get('first_failing') is None else _num(capacity['first_failing'])}; "
        f"{'monotone' if capacity.get('monotone') else 'NOT monotone (noise or a real dip)'}"
        "; every load ran with the same seed (common random numbers).</p>",
        "<h2 id=knee>Latency against load</h2>",
        f'<img alt="{html.escape(Path(png).name)}" src="data:image/png;base64,{b64}">',
        "<h2 id=loads>Evaluated loads</h2>",
        _table([f"load ({capacity['load_name']})", f"e2e p{pct:g} ms", "<budget"], rows),
        "</body></html>",
    ]
    path = out_dir / "report.html"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path
